/* GET /v1/instances/{provider}/{instance_type}/history: an instance type's price changes, a page at a time.
 *
 * History grows with every price change and is asked for rarely, so it is not in the snapshot: the face asks a reader
 * that main.c hands it (app.read_history), which reads the database on its own read-only connection. The face never
 * sees the database; it validates the query (limit 1..HISTORY_MAX_LIMIT) before the reader runs. */
#ifndef GPUREC_FACE_HISTORY_H
#define GPUREC_FACE_HISTORY_H

#include <stddef.h>

#include <jansson.h>

#define HISTORY_DEFAULT_LIMIT 100
#define HISTORY_MAX_LIMIT 1000

/* Writes into *out (caller owns) a page of the price changes of provider's instance_type, newest first, filtered by
 * region and pricing when not NULL, starting after cursor (0: the first page), at most limit (1..HISTORY_MAX_LIMIT)
 * entries. Returns 0, or -1 with a message in err. */
typedef int (*history_reader)(const char *db_path, const char *provider, const char *instance_type, const char *region,
                              const char *pricing, long long cursor, int limit, json_t **out, char *err,
                              size_t err_len);

#endif
