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
#include "worker/providers/json_items.h"
#include "worker/validate.h"

typedef struct refresh_outcome {
    char status[12];       /* "ok", "partial" (some parts failed, the rest applied), "unchanged" or "error" */
    size_t rows_seen;      /* records the adapter looked at */
    size_t rows_kept;      /* price rows the adapter produced */
    size_t rows_applied;   /* rows written (upserted) */
    size_t rows_changed;   /* rows whose price changed (a price_history row each) */
    size_t rows_rejected;  /* rows refused by validation */
    size_t rows_skipped;   /* rows for instance types or regions the catalog lacks, duplicates, expired rows, and
                            * records an adapter skips on purpose (Azure's 5 and 10 year reservations) */
    size_t rows_stale;     /* rows older (by effective date) than the refreshed price they would replace */
    size_t rows_expired;   /* rows whose effective end has passed (also in rows_skipped) */
    size_t fx_changed;     /* exchange rates written (the fx adapter) */
    size_t failed_part_count;
    char failed_parts[1024]; /* JSON array of the parts that failed ("[]" when none) */
    double fetch_s;        /* time fetching and parsing */
    double apply_s;        /* time validating and applying */
    double duration_s;
    char error[512];       /* "" unless status is "error" */
    validate_named named[VALIDATE_NAMED]; /* the first rejected rows of a feed document, by place (prices[3].hourly) */
    size_t named_count;
    bool busy;             /* an import gave up: another connection held the database's write lock throughout */
} refresh_outcome;

/* The largest price feed document a run reads (json_items.h's own guard): `gpurec import` refuses a larger file
 * before reading it. */
#define REFRESH_MAX_DOCUMENT_BYTES JSON_ITEMS_MAX_DOCUMENT

/* How long an import waits for another connection's write lock (`gpurec refresh` elsewhere, a backup) before it
 * gives up with refresh_outcome.busy: POST /v1/admin/import holds a request thread meanwhile, and answers 503 with
 * Retry-After then. */
#define REFRESH_IMPORT_LOCK_WAIT_MS 5000L

/* Runs the adapter named adapter ("aws", "azure", "gcp", "oci", "lambda", "feed") against db, a connection the caller's thread owns.
 * stop (may be NULL) aborts a run in progress: it then fails and rolls back, and is not recorded (it was abandoned,
 * not refused by a provider). now is the run's clock (0 = time(NULL);
 * tests pass a fixed time). Returns 0 when the run applied (in full or partly) or found nothing changed, -1 when it
 * failed (out says why). A run whose parts all failed, or that has no valid row, fails and changes nothing. */
int refresh_run(sqlite3 *db, const config *cfg, const char *adapter, const atomic_bool *stop, time_t now,
                refresh_outcome *out);

/* A price feed document given whole (`gpurec import FILE`, POST /v1/admin/import): parsed as the feed adapter parses
 * a feed (worker/providers/feed.c), then validated and applied like a run of it, with sources "feed:import:NAME".
 * No network. Returns 0, or -1 with out->error; *bad_document is set when the document itself is at fault (a
 * malformed document or row: the error names it), as opposed to the database; out->busy when the database's write
 * lock stayed held for REFRESH_IMPORT_LOCK_WAIT_MS. */
int refresh_import(sqlite3 *db, const config *cfg, const char *body, size_t len, const char *name, time_t now,
                   refresh_outcome *out, bool *bad_document);

#endif
