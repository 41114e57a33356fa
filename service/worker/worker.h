/* The price refresh worker: a background thread that refreshes each enabled provider's prices every
 * refresh_interval_s (jittered), or when asked, and publishes a new catalog snapshot after each successful run.
 * The worker thread owns its own SQLite connection; the functions below are safe from any thread.
 *
 * A handle interface: the face starts refreshes, imports documents and reads the adapters' states and counters
 * through it, and it reaches no store/ header and no SQLite (tests/layers.sh checks the include closure). */
#ifndef GPUREC_WORKER_H
#define GPUREC_WORKER_H

#include <stdbool.h>
#include <stddef.h>

#include "base/config.h"
#include "worker/outcome.h"

typedef struct worker worker;

/* Opens the worker's database connection and starts its thread. Caller owns *out; stop with worker_stop().
 * Returns 0, or -1 with a message in err. */
int worker_start(const config *cfg, worker **out, char *err, size_t err_len);
/* Asks the worker to stop (a run in progress is abandoned and rolled back), joins the thread, closes the database.
 * Accepts NULL. */
void worker_stop(worker *w);

enum {
    WORKER_STARTED = 0,
    WORKER_BUSY = -1,        /* that provider (or one of all) is already refreshing */
    WORKER_UNKNOWN = -2,     /* no such provider adapter */
    WORKER_DISABLED = -3,    /* the adapter is off (e.g. gcp without an API key, or not in GPUREC_PROVIDERS) */
    WORKER_STOPPING = -4,
    WORKER_TOO_SOON = -5     /* that adapter (or one of all) started less than the minimum interval ago */
};
/* Queues a refresh of one provider, or of every enabled one when provider is NULL. Returns a WORKER_* value. */
int worker_request_refresh(worker *w, const char *provider);
/* The same, refusing an adapter that started less than min_interval_s ago (0 = no limit) with WORKER_TOO_SOON;
 * *retry_after_s (may be NULL) says when to ask again after WORKER_BUSY or WORKER_TOO_SOON. */
int worker_request_refresh_limited(worker *w, const char *provider, unsigned min_interval_s, unsigned *retry_after_s);

/* Loads a price feed document now, in the calling thread on a connection of its own (refresh_import): a SQLite
 * transaction on the caller's thread, which for POST /v1/admin/import is a request thread. Publishes the catalog
 * after it applied. Returns out->code: REFRESH_OK when it applied, REFRESH_BUSY when the feed adapter is running or
 * queued, else why it failed (out->error says it in words). */
refresh_code worker_import(worker *w, const char *body, size_t len, const char *name, refresh_outcome *out);

/* Whether a provider's refresh is running now, and whether its adapter is enabled (with the reason when not). */
bool worker_is_running(const worker *w, const char *provider);
bool worker_is_enabled(const worker *w, const char *provider, const char **why_not);

/* Counters since start, per provider adapter, for /metrics. */
typedef struct worker_provider_stats {
    char provider[16];
    unsigned long long runs;          /* finished runs, successful or not */
    unsigned long long failures;      /* runs that failed and were rolled back */
    unsigned long long rows_applied;  /* price rows written by successful runs */
    unsigned long long rows_rejected; /* rows refused by validation */
    unsigned long long partials;      /* runs recorded partial: some parts failed, the rest applied */
    unsigned long long rows_stale;    /* rows older than the stored price, refused */
    double last_duration_s;
    bool running;
    bool enabled;
} worker_provider_stats;
/* Fills out[0..max) and returns how many providers the worker knows. */
size_t worker_stats(const worker *w, worker_provider_stats *out, size_t max);

/* One synchronous refresh for `gpurec refresh [--provider P]`: returns 0 when every refreshed provider succeeded
 * (in full or partly: a partial run applied what it got), -1 when one failed. */
int worker_refresh_once(const config *cfg, const char *provider, char *err, size_t err_len);

#endif
