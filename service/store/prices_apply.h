/* Writing a refresh run: the one transaction that applies a run's prices (upsert the current prices, append
 * price_history where a price changed, save the adapter's fetch state, record the run in refresh_runs), and the small
 * transactions that record a run that found nothing new or failed. */
#ifndef GPUREC_PRICES_APPLY_H
#define GPUREC_PRICES_APPLY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sqlite3.h>

#include "store/price_row.h"

/* One refresh_runs row per provider a run writes to (the feed adapter's rows may name several). */
typedef struct store_run_record {
    char provider[16];
    long long id; /* -1 until written */
    size_t applied;
    size_t changed;
    size_t rejected;
    size_t stale; /* offered prices older than the stored ones, refused */
} store_run_record;

#define STORE_RUN_PROVIDERS 32

typedef struct store_run_records {
    store_run_record items[STORE_RUN_PROVIDERS];
    size_t count;
} store_run_records;

/* The record of provider, added when new; NULL when a run already names STORE_RUN_PROVIDERS providers. */
store_run_record *store_run_record_for(store_run_records *records, const char *provider);

/* Whether row may replace the stored price stored_hourly (same currency, above zero); false rejects it (the callee
 * says why in the log). */
typedef bool (*store_price_check)(void *ctx, const price_row *row, double stored_hourly);

typedef struct store_apply {
    const char *adapter;     /* "aws", ..., or "feed" */
    bool is_feed;            /* the rows may name several providers; no fetch state is saved */
    const char *started_at;  /* ISO 8601 UTC: the run's start, also the prices' fetched_at */
    const price_row *rows;   /* valid and de-duplicated */
    size_t count;
    const provider_state *states; /* fetch states to save with the prices */
    size_t state_count;
    size_t rows_seen;        /* the adapter's records, recorded for a provider's own adapter */
    store_price_check check; /* the guard against a stored price */
    void *check_ctx;
    const fx_row *fx;        /* exchange rates to store (the fx adapter), for currencies fx_rates already holds */
    size_t fx_count;
    bool no_run_record;      /* the fx adapter prices no provider: its runs are not in refresh_runs */
    const char *failed_parts; /* a JSON array naming the parts of the run that failed, or NULL: the run is partial */
    const atomic_bool *stop; /* set: the run is abandoned before it commits (may be NULL) */
    int64_t started_us;      /* util_monotonic_us() at the run's start, for the recorded duration */
} store_apply;

typedef struct store_applied {
    size_t applied;  /* rows written */
    size_t changed;  /* rows whose price changed */
    size_t rejected; /* rows the check refused */
    size_t stale;    /* rows older than the stored price (by effective date), refused */
    size_t fx_changed; /* exchange rates written */
    double duration_s; /* of the run when it was recorded */
} store_applied;

/* Applies in one transaction; records (holding the rows validation rejected beforehand) gains the providers written.
 *
 * The rollback guard: an older price list never replaces a newer held price, whatever wrote it (the seed, an import,
 * a refresh). A row that carries its list's publication date (listed_at) is refused when that date is before the
 * instant the stored price was known to be current: the stored price's own list date, or when it was fetched (the
 * seed's rows were current on the day they were read). Effective dates cannot decide this alone: AWS dates a price
 * by the day it began, so an old list and a new one give an unchanged price the same date, and the seed's dates say
 * when someone looked. A row whose list states no publication date is as new as its fetch; it is refused only when
 * its effective date is older than that of a stored price a refresh wrote (its source starts with an adapter id and
 * ':', such as "aws:price-list" or "feed:https://..."). Refused rows are counted as stale in the run and its record.
 * A row equal to the stored one in every served field (price, currency, dates, source, interruption band) is not
 * written again, so a run that changes no price leaves the catalog's content, and with it the snapshot's version
 * (ETags and cursors), as it was; the run itself is still recorded, and its time is the provider's last_success_at.
 * Live prices are stored with estimated = 0.
 *
 * Returns 0; 1 when no row and no rate was applied (rolled back, nothing written); -1 with err (rolled back). */
int store_prices_apply(sqlite3 *db, const store_apply *in, store_run_records *records, store_applied *out, char *err,
                       size_t err_len);

/* Records, in a transaction of its own, a run of provider that found nothing new. 0 or -1 with err. */
int store_run_unchanged(sqlite3 *db, const char *provider, const char *started_at, const char *finished_at,
                        size_t rows_seen, long long duration_ms, char *err, size_t err_len);

/* Records a failed run in a transaction of its own: for the adapter's provider, or for the feed, for every provider
 * whose prices come from a feed. Logs when even that fails. */
void store_run_failed(sqlite3 *db, const char *adapter, const char *started_at, const char *finished_at,
                      size_t rows_seen, size_t rows_rejected, long long duration_ms, const char *error,
                      const char *failed_parts);

/* The fetch states an adapter saved for provider; caller frees with store_fetch_states_free(). 0 or -1 with err. */
int store_fetch_states_load(sqlite3 *db, const char *provider, provider_state **out, size_t *count, char *err,
                            size_t err_len);
void store_fetch_states_free(provider_state *states, size_t count);

#endif
