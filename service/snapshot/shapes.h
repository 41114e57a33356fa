/* The shapes index of a snapshot being built (inside snapshot/ only; see catalog_shape in catalog.h). */
#ifndef GPUREC_SHAPES_H
#define GPUREC_SHAPES_H

#include "snapshot/arena.h"
#include "snapshot/catalog.h"

/* Groups snap's instance types into shapes (snap->shapes, in a's memory); leaves none when a figure is not a finite
 * number. */
void shapes_build(arena *a, catalog *snap);

#endif
