/* The price history of one instance type, read for the history endpoint. */
#ifndef GPUREC_HISTORY_H
#define GPUREC_HISTORY_H

#include <stddef.h>

#include <jansson.h>

/* The price history of one instance type as {"items": [...], "total": N, "next_cursor": ...}, newest first, read
 * from db_path through a read-only connection of its own (in WAL mode it neither blocks nor waits for the refresh
 * worker). region and pricing may be NULL (all); cursor is the next_cursor of the previous page (0 = first page);
 * limit is the page size, positive (the caller bounds it). Caller owns *out. Returns 0, or -1 with err. */
int store_history_json(const char *db_path, const char *provider, const char *instance_type, const char *region,
                       const char *pricing, long long cursor, int limit, json_t **out, char *err, size_t err_len);

#endif
