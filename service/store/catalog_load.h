/* The one catalog loader: reads the catalog tables (providers with their last refresh runs, regions, gpus, instance
 * types, fx rates, prices) in one read transaction and builds a snapshot from them (snapshot/build.h). The start-up,
 * the refresh worker's rebuild and a refresh run's validation all read the catalog through it. */
#ifndef GPUREC_CATALOG_LOAD_H
#define GPUREC_CATALOG_LOAD_H

#include <stddef.h>

#include <sqlite3.h>

#include "snapshot/catalog.h"

/* Builds a snapshot from db, a connection of the caller's thread. Caller owns *out (refs 1) and frees it with
 * catalog_release(). Returns 0, or -1 with a message in err. Prices whose currency has no fx rate are an error. */
int store_catalog_load(sqlite3 *db, catalog **out, char *err, size_t err_len);

#endif
