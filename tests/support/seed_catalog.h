/* The seed catalog for engine suites: every migration applied to an in-memory database, loaded as a snapshot. */
#ifndef GPUREC_TEST_SEED_CATALOG_H
#define GPUREC_TEST_SEED_CATALOG_H

#include "snapshot/catalog.h"

/* The snapshot of migrations/ (run from the checkout's root); fails the running Check test on any error. The caller
 * releases it with catalog_release(). */
catalog *seed_catalog_load(void);

#endif
