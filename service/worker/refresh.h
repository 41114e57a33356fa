/* One price refresh run of one adapter: fetch and parse (providers/), validate, then apply in ONE SQLite
 * transaction (upsert current prices with source and fetched_at, append price_history where a price changed, save
 * the adapter's fetch state, record the run in refresh_runs). Any failure rolls the whole run back, so the old
 * prices stay, and records the failed run in a small transaction of its own.
 *
 * Validation is the same for every adapter: a price must be positive and finite, in a currency of fx_rates, not
 * effective in the future, at most REFRESH_MAX_USD_PER_GPU_HOUR, and within a factor of REFRESH_MAX_JUMP of the price
 * it replaces; other rows are rejected
 * and counted. Rows for an instance type or region the catalog does not have are skipped (not rejected). A run with
 * no valid row fails. The feed adapter's rows may belong to several providers: its run is recorded once per provider
 * it priced. */
#ifndef GPUREC_REFRESH_H
#define GPUREC_REFRESH_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include <jansson.h>
#include <sqlite3.h>

#include "base/config.h"

/* A price moving by more than this factor either way against the stored one is taken for a parsing or feed error
 * (a unit slip such as a monthly or per-term total read as hourly is a factor of 730 or more). */
#define REFRESH_MAX_JUMP 5.0
/* Above this per GPU and hour (in USD at the stored fx rate) a price is absurd whatever it replaces: the dearest list
 * prices are about 12 USD per GPU-hour (8 x H100: AWS p5.48xlarge 98.32 USD/h, Azure ND96isr_H100_v5 98.32 USD/h,
 * from their pricing pages in 2024), so this leaves a margin of 8 for newer parts. */
#define REFRESH_MAX_USD_PER_GPU_HOUR 100.0

typedef struct refresh_outcome {
    char status[12];       /* "ok", "unchanged" or "error" */
    size_t rows_seen;      /* records the adapter looked at */
    size_t rows_kept;      /* price rows the adapter produced */
    size_t rows_applied;   /* rows written (upserted) */
    size_t rows_changed;   /* rows whose price changed (a price_history row each) */
    size_t rows_rejected;  /* rows refused by validation */
    size_t rows_skipped;   /* rows for instance types or regions the catalog lacks, or duplicates */
    double fetch_s;        /* time fetching and parsing */
    double apply_s;        /* time validating and applying */
    double duration_s;
    char error[512];       /* "" unless status is "error" */
} refresh_outcome;

/* Runs the adapter named adapter ("aws", "azure", "gcp", "feed") against db, a connection the caller's thread owns.
 * stop (may be NULL) aborts a run in progress: it then fails and rolls back, and is not recorded (it was abandoned,
 * not refused by a provider). now is the run's clock (0 = time(NULL);
 * tests pass a fixed time). Returns 0 when the run applied or found nothing changed, -1 when it failed (out says
 * why). */
int refresh_run(sqlite3 *db, const config *cfg, const char *adapter, const atomic_bool *stop, time_t now,
                refresh_outcome *out);

/* The price history of one instance type as {"items": [...], "total": N, "next_cursor": ...}, newest first, read
 * from db_path through a read-only connection of its own. region and pricing may be NULL (all); cursor is the
 * next_cursor of the previous page (0 = first page). Caller owns *out. Returns 0, or -1 with err. */
int refresh_history_json(const char *db_path, const char *provider, const char *instance_type, const char *region,
                         const char *pricing, long long cursor, int limit, json_t **out, char *err, size_t err_len);

#endif
