/* One price refresh run of one adapter: fetch and parse (providers/), validate, then apply in ONE SQLite
 * transaction (upsert current prices with source and fetched_at, append price_history where a price changed, save
 * the adapter's fetch state, record the run in refresh_runs). Any failure rolls the whole run back, so the old
 * prices stay, and records the failed run in a small transaction of its own.
 *
 * The catalog the rows are checked against is read by the one loader (store/catalog_load.h); validation is
 * worker/validate.h, the transaction store/prices_apply.h. A run with no valid row fails. The feed adapter's rows
 * may belong to several providers: its run is recorded once per provider it priced. */
#ifndef GPUREC_REFRESH_H
#define GPUREC_REFRESH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <sqlite3.h>

#include "base/config.h"
#include "worker/outcome.h"
#include "worker/providers/json_items.h"
#include "worker/validate.h"

/* The largest price feed document a run reads (json_items.h's own guard): `gpurec import` refuses a larger file
 * before reading it. */
#define REFRESH_MAX_DOCUMENT_BYTES JSON_ITEMS_MAX_DOCUMENT

/* Runs the adapter named adapter ("aws", "azure", "gcp", "oci", "lambda", "feed") against db, a connection the caller's thread owns.
 * stop (may be NULL) aborts a run in progress: it then fails and rolls back, and is not recorded (it was abandoned,
 * not refused by a provider). now is the run's clock (0 = time(NULL);
 * tests pass a fixed time). Returns 0 when the run applied (in full or partly) or found nothing changed, -1 when it
 * failed (out->code and out->error say why). A run whose parts all failed, or that has no valid row, fails and changes nothing. */
int refresh_run(sqlite3 *db, const config *cfg, const char *adapter, const atomic_bool *stop, time_t now,
                refresh_outcome *out);

/* A price feed document given whole (`gpurec import FILE`, POST /v1/admin/import): parsed as the feed adapter parses
 * a feed (worker/providers/feed.c), then validated and applied like a run of it, with sources "feed:import:NAME".
 * No network. Returns 0, or -1 with out->error and out->code: REFRESH_BAD_DOCUMENT when the document itself is at
 * fault (a malformed document or row: the error names it), REFRESH_NO_VALID_PRICE when no row of it passed
 * validation (out->named names the first rejected rows), REFRESH_DATABASE_BUSY when another connection held the
 * database's write lock for REFRESH_IMPORT_LOCK_WAIT_MS, REFRESH_FAILED for the database otherwise. */
int refresh_import(sqlite3 *db, const config *cfg, const char *body, size_t len, const char *name, time_t now,
                   refresh_outcome *out);

#endif
