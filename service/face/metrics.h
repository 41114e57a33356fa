/* GET /metrics: the HTTP machinery's request counters (face/http/request_metrics.h) rendered with catalog, refresh
 * and process figures. */
#ifndef GPUREC_METRICS_H
#define GPUREC_METRICS_H

#include <stddef.h>

#include "snapshot/catalog.h"

#include "face/http/request_metrics.h"

struct worker;

/* The exposition text (format 0.0.4). snap and w may be NULL. Caller frees the result with free(). */
char *metrics_render(const metrics *m, const catalog *snap, const struct worker *w, size_t *len);

#endif
