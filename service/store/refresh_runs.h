/* Reads of the refresh_runs table for the worker's scheduling (the rows themselves are written by the price apply
 * transaction, store/prices_apply.h). The caller's thread owns db. */
#ifndef GPUREC_REFRESH_RUNS_H
#define GPUREC_REFRESH_RUNS_H

#include <stddef.h>
#include <time.h>

#include <sqlite3.h>

/* When the provider's last successful run ('ok' or 'unchanged') started, into *started_at. Returns 1 when it has
 * one, 0 when it never succeeded, -1 with a message in err when the query failed. */
int store_last_good_run(sqlite3 *db, const char *provider, time_t *started_at, char *err, size_t err_len);

#endif
