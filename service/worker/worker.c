#include "worker/worker.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "store/db.h"
#include "store/refresh_runs.h"
#include "worker/fetch.h"
#include "base/log.h"
#include "base/vocab.h"
#include "worker/providers/provider.h"
#include "worker/refresh.h"
#include "base/util.h"

/* When a provider has never refreshed, its first run waits a random part of this (or of a tenth of the interval,
 * when shorter): replicas starting together do not all hit a price API in the same second. */
#define FIRST_RUN_SPREAD_S 30.0
/* Every interval is stretched or shrunk by up to this fraction, for the same reason. */
#define INTERVAL_JITTER 0.1
/* How often the worker looks for a catalog written by another process (`gpurec refresh` in a CronJob committing to
 * the same file, or a new file renamed over it) and republishes it. */
#define CATALOG_WATCH_US (5 * 1000000LL)

typedef struct slot {
    const provider_adapter *adapter;
    bool enabled;
    const char *why_not;
    bool pending;
    bool running;
    int64_t next_due_us; /* monotonic; 0 = not scheduled */
    int64_t last_started_us; /* monotonic; 0 = never ran in this process */
    /* The counters worker_stats() reports; its running and enabled are the slot's own above, copied in there. */
    worker_provider_stats stats;
} slot;

struct worker {
    const config *cfg;
    sqlite3 *db;
    pthread_t thread;
    bool thread_started;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    atomic_bool stop;
    uint64_t rng;
    slot slots[CONFIG_MAX_LIST]; /* one per adapter of the registry (at most a config list of them) */
    size_t slot_count;
    /* what the catalog file was when last loaded: a change from elsewhere is picked up by watch_catalog() */
    ino_t db_inode;
    int db_data_version;
};

static double random_unit(uint64_t *state)
{
    /* xorshift64*: enough for spreading timers. */
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return (double)((x * 0x2545F4914F6CDD1DULL) >> 11) / 9007199254740992.0;
}

static bool listed(const config *cfg, const char *id)
{
    for (size_t i = 0; i < cfg->provider_count; i++)
        if (strcmp(cfg->providers[i], id) == 0)
            return true;
    return false;
}

/* One slot per row of the adapter list (vocab_adapters), in its order, each with the adapter's code. */
static void init_slots(worker *w)
{
    for (size_t i = 0; i < vocab_adapter_count && w->slot_count < sizeof w->slots / sizeof w->slots[0]; i++) {
        const provider_adapter *adapter = provider_adapter_find(vocab_adapters[i].id);
        if (adapter == NULL)
            continue; /* a row without code: tests/unit/base/test_adapters.c fails on it */
        slot *s = &w->slots[w->slot_count++];
        memset(s, 0, sizeof *s);
        s->adapter = adapter;
        util_copy(s->stats.provider, sizeof s->stats.provider, adapter->id);
        if (!listed(w->cfg, adapter->id)) {
            s->why_not = "not in GPUREC_PROVIDERS";
        } else {
            s->enabled = adapter->enabled(w->cfg, &s->why_not);
        }
    }
}

static slot *find_slot(worker *w, const char *id)
{
    for (size_t i = 0; i < w->slot_count; i++)
        if (strcmp(w->slots[i].adapter->id, id) == 0)
            return &w->slots[i];
    return NULL;
}

/* The slot answering for a provider: its own adapter, or the feed for providers without one. */
static const slot *slot_for_provider(const worker *w, const char *provider)
{
    const slot *feed = NULL;
    for (size_t i = 0; i < w->slot_count; i++) {
        if (strcmp(w->slots[i].adapter->id, provider) == 0)
            return &w->slots[i];
        if (strcmp(w->slots[i].adapter->id, "feed") == 0)
            feed = &w->slots[i];
    }
    return feed;
}

static int64_t jittered_interval_us(worker *w)
{
    double interval = (double)w->cfg->refresh_interval_s;
    double factor = 1.0 + INTERVAL_JITTER * (2.0 * random_unit(&w->rng) - 1.0);
    return (int64_t)(interval * factor * 1e6);
}

/* First due times: a provider refreshed less than an interval ago waits out the rest of it. */
static void schedule_first_runs(worker *w)
{
    if (w->cfg->refresh_interval_s == 0)
        return;
    int64_t now_us = util_monotonic_us();
    time_t now = time(NULL);
    double spread = (double)w->cfg->refresh_interval_s / 10.0;
    if (spread > FIRST_RUN_SPREAD_S)
        spread = FIRST_RUN_SPREAD_S;
    for (size_t i = 0; i < w->slot_count; i++) {
        slot *s = &w->slots[i];
        if (!s->enabled)
            continue;
        int64_t delay_us = (int64_t)(spread * random_unit(&w->rng) * 1e6);
        time_t last = 0;
        char err[256];
        int found = store_last_good_run(w->db, s->adapter->id, &last, err, sizeof err);
        if (found < 0)
            log_msg(LOG_WARN, "refresh: cannot read the last run; scheduling as if none", "adapter", s->adapter->id,
                    "error", err, NULL);
        if (found > 0) {
            int64_t left_us = ((int64_t)last + (int64_t)w->cfg->refresh_interval_s - (int64_t)now) * 1000000;
            if (left_us > delay_us)
                delay_us = left_us;
        }
        s->next_due_us = now_us + delay_us;
    }
}

static void publish_catalog(sqlite3 *db)
{
    catalog *snap = NULL;
    char err[256];
    if (store_catalog_load(db, &snap, err, sizeof err) != 0) {
        log_msg(LOG_ERROR, "refresh: cannot rebuild the catalog", "error", err, NULL);
        return;
    }
    catalog_publish(snap);
}

static void remember_catalog_file(worker *w)
{
    struct stat st;
    w->db_inode = stat(w->cfg->db_path, &st) == 0 ? st.st_ino : 0;
    w->db_data_version = db_data_version(w->db);
}

/* Republishes the catalog when another process changed it: a commit by another connection moves SQLite's
 * data_version; a file renamed over ours has a new inode and needs the connection reopened. Worker thread only. */
static void watch_catalog(worker *w)
{
    struct stat st;
    if (stat(w->cfg->db_path, &st) != 0)
        return;
    if (w->db == NULL || st.st_ino != w->db_inode) {
        /* Close first: closing the last connection checkpoints and removes the old file's -wal and -shm, which must
         * never be read as belonging to the new file. */
        db_close(w->db);
        w->db = NULL;
        char err[256];
        if (db_open(w->cfg->db_path, false, &w->db, err, sizeof err) != 0) {
            log_msg(LOG_WARN, "catalog file replaced but cannot be opened yet", "error", err, NULL);
            return;
        }
        log_msg(LOG_INFO, "catalog file replaced: reloading", NULL);
    } else if (db_data_version(w->db) == w->db_data_version) {
        return;
    } else {
        log_msg(LOG_INFO, "catalog changed by another process: reloading", NULL);
    }
    publish_catalog(w->db);
    remember_catalog_file(w);
}

/* Counts a finished run of s's adapter, scheduled or an import, under the worker's lock. */
static void count_run(slot *s, int rc, const refresh_outcome *out)
{
    s->stats.runs++;
    s->stats.failures += rc != 0;
    s->stats.rows_applied += out->rows_applied;
    s->stats.rows_rejected += out->rows_rejected;
    s->stats.rows_stale += out->rows_stale;
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    pthread_mutex_lock(&w->lock);
    while (!atomic_load(&w->stop)) {
        int64_t now_us = util_monotonic_us();
        slot *next = NULL;
        int64_t earliest = 0;
        for (size_t i = 0; i < w->slot_count && next == NULL; i++)
            if (w->slots[i].pending)
                next = &w->slots[i];
        for (size_t i = 0; i < w->slot_count && next == NULL; i++) {
            slot *s = &w->slots[i];
            if (!s->enabled || s->next_due_us == 0)
                continue;
            if (s->next_due_us <= now_us)
                next = s;
            else if (earliest == 0 || s->next_due_us < earliest)
                earliest = s->next_due_us;
        }
        if (next == NULL) {
            pthread_mutex_unlock(&w->lock);
            watch_catalog(w);
            pthread_mutex_lock(&w->lock);
            if (atomic_load(&w->stop))
                break;
            if (earliest == 0 || earliest - now_us > CATALOG_WATCH_US)
                earliest = now_us + CATALOG_WATCH_US;
            struct timespec ts;
            clock_gettime(CLOCK_MONOTONIC, &ts);
            int64_t wait_us = earliest - now_us;
            ts.tv_sec += (time_t)(wait_us / 1000000);
            ts.tv_nsec += (long)(wait_us % 1000000) * 1000L;
            if (ts.tv_nsec >= 1000000000L) {
                ts.tv_sec++;
                ts.tv_nsec -= 1000000000L;
            }
            pthread_cond_timedwait(&w->wake, &w->lock, &ts);
            continue;
        }
        next->pending = false;
        next->running = true;
        next->last_started_us = util_monotonic_us();
        pthread_mutex_unlock(&w->lock);

        refresh_outcome out;
        memset(&out, 0, sizeof out);
        int rc = -1;
        if (w->db != NULL) /* NULL only while a replaced catalog file cannot be opened (see watch_catalog) */
            rc = refresh_run(w->db, w->cfg, next->adapter->id, &w->stop, 0, &out);
        /* Published after failures too: the snapshot carries each provider's last run for /v1/providers. */
        if (!atomic_load(&w->stop) && w->db != NULL)
            publish_catalog(w->db);

        pthread_mutex_lock(&w->lock);
        next->running = false;
        count_run(next, rc, &out);
        if (rc == 0 && strcmp(out.status, "partial") == 0)
            next->stats.partials++;
        next->stats.last_duration_s = out.duration_s;
        if (w->cfg->refresh_interval_s > 0 && next->enabled)
            next->next_due_us = util_monotonic_us() + jittered_interval_us(w);
    }
    pthread_mutex_unlock(&w->lock);
    return NULL;
}

int worker_start(const config *cfg, worker **out, char *err, size_t err_len)
{
    *out = NULL;
    fetch_global_init();
    worker *w = xcalloc(1, sizeof *w);
    w->cfg = cfg;
    w->rng = (uint64_t)util_monotonic_us() ^ ((uint64_t)time(NULL) << 20) ^ (uint64_t)(uintptr_t)w;
    if (w->rng == 0)
        w->rng = 0x9E3779B97F4A7C15ULL;
    atomic_init(&w->stop, false);
    pthread_mutex_init(&w->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&w->wake, &attr);
    pthread_condattr_destroy(&attr);
    init_slots(w);
    if (db_open(cfg->db_path, false, &w->db, err, err_len) != 0)
        goto fail;
    remember_catalog_file(w);
    schedule_first_runs(w);
    if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
        snprintf(err, err_len, "cannot start the refresh thread");
        goto fail;
    }
    w->thread_started = true;
    *out = w;
    return 0;
fail:
    worker_stop(w);
    return -1;
}

void worker_stop(worker *w)
{
    if (w == NULL)
        return;
    pthread_mutex_lock(&w->lock);
    atomic_store(&w->stop, true);
    pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->lock);
    if (w->thread_started)
        pthread_join(w->thread, NULL);
    db_close(w->db);
    pthread_cond_destroy(&w->wake);
    pthread_mutex_destroy(&w->lock);
    free(w);
}

/* Seconds until s may start again at min_interval_s after its last start, 0 when it may now. */
static unsigned wait_left_s(const slot *s, unsigned min_interval_s, int64_t now_us)
{
    if (min_interval_s == 0 || s->last_started_us == 0)
        return 0;
    int64_t left_us = s->last_started_us + (int64_t)min_interval_s * 1000000 - now_us;
    return left_us > 0 ? (unsigned)((left_us + 999999) / 1000000) : 0;
}

/* A guess at how long a running or queued slot keeps it busy: its last run's duration, at least a second. */
static unsigned busy_left_s(const slot *s)
{
    double d = s->stats.last_duration_s > 1 ? s->stats.last_duration_s : 1;
    return d > 3600 ? 3600 : (unsigned)(d + 0.999);
}

int worker_request_refresh_limited(worker *w, const char *provider, unsigned min_interval_s, unsigned *retry_after_s)
{
    int rc = WORKER_STARTED;
    unsigned retry = 0;
    int64_t now_us = util_monotonic_us();
    pthread_mutex_lock(&w->lock);
    if (atomic_load(&w->stop)) {
        rc = WORKER_STOPPING;
    } else if (provider == NULL) {
        size_t enabled = 0;
        for (size_t i = 0; i < w->slot_count; i++) {
            const slot *s = &w->slots[i];
            if (!s->enabled)
                continue;
            enabled++;
            unsigned left = wait_left_s(s, min_interval_s, now_us);
            if (s->pending || s->running) {
                rc = WORKER_BUSY;
                retry = busy_left_s(s) > retry ? busy_left_s(s) : retry;
            } else if (left > 0 && rc != WORKER_BUSY) {
                rc = WORKER_TOO_SOON;
                retry = left > retry ? left : retry;
            }
        }
        if (enabled == 0)
            rc = WORKER_DISABLED;
        if (rc == WORKER_STARTED)
            for (size_t i = 0; i < w->slot_count; i++)
                if (w->slots[i].enabled)
                    w->slots[i].pending = true;
    } else {
        slot *s = find_slot(w, provider);
        if (s == NULL)
            rc = WORKER_UNKNOWN;
        else if (!s->enabled)
            rc = WORKER_DISABLED;
        else if (s->pending || s->running) {
            rc = WORKER_BUSY;
            retry = busy_left_s(s);
        } else if ((retry = wait_left_s(s, min_interval_s, now_us)) > 0)
            rc = WORKER_TOO_SOON;
        else
            s->pending = true;
    }
    if (rc == WORKER_STARTED)
        pthread_cond_broadcast(&w->wake);
    pthread_mutex_unlock(&w->lock);
    if (retry_after_s != NULL)
        *retry_after_s = retry;
    return rc;
}

int worker_request_refresh(worker *w, const char *provider)
{
    return worker_request_refresh_limited(w, provider, 0, NULL);
}

refresh_code worker_import(worker *w, const char *body, size_t len, const char *name, refresh_outcome *out)
{
    slot *feed = find_slot(w, "feed");
    pthread_mutex_lock(&w->lock);
    bool busy = feed != NULL && (feed->running || feed->pending);
    if (!busy && feed != NULL)
        feed->running = true; /* the worker's own feed run waits for the import, and the other way round */
    pthread_mutex_unlock(&w->lock);
    if (busy) {
        memset(out, 0, sizeof *out);
        out->code = REFRESH_BUSY;
        snprintf(out->error, sizeof out->error, "a refresh of the price feeds is running");
        return out->code;
    }
    sqlite3 *db = NULL;
    int rc = -1;
    memset(out, 0, sizeof *out);
    out->code = REFRESH_FAILED;
    if (db_open(w->cfg->db_path, false, &db, out->error, sizeof out->error) == 0) {
        rc = refresh_import(db, w->cfg, body, len, name, 0, out);
        if (rc == 0)
            publish_catalog(db);
    }
    db_close(db);
    pthread_mutex_lock(&w->lock);
    if (feed != NULL) {
        feed->running = false;
        count_run(feed, rc, out);
    }
    pthread_mutex_unlock(&w->lock);
    return out->code;
}

bool worker_is_running(const worker *w, const char *provider)
{
    worker *mw = (worker *)w; /* the lock is not part of the worker's observable state */
    pthread_mutex_lock(&mw->lock);
    const slot *s = slot_for_provider(w, provider);
    bool running = s != NULL && s->running;
    pthread_mutex_unlock(&mw->lock);
    return running;
}

bool worker_is_enabled(const worker *w, const char *provider, const char **why_not)
{
    const slot *s = slot_for_provider(w, provider); /* enabled and why_not never change after start */
    if (s == NULL) {
        if (why_not)
            *why_not = "no price adapter for this provider";
        return false;
    }
    if (!s->enabled) {
        if (why_not)
            *why_not = strcmp(s->adapter->id, provider) == 0 ? s->why_not
                                                              : "no price adapter for this provider, and no feed";
        return false;
    }
    if (why_not)
        *why_not = NULL;
    return true;
}

size_t worker_stats(const worker *w, worker_provider_stats *out, size_t max)
{
    worker *mw = (worker *)w;
    pthread_mutex_lock(&mw->lock);
    for (size_t i = 0; i < w->slot_count && i < max; i++) {
        const slot *s = &w->slots[i];
        out[i] = s->stats;
        out[i].running = s->running;
        out[i].enabled = s->enabled;
    }
    size_t count = w->slot_count;
    pthread_mutex_unlock(&mw->lock);
    return count;
}

int worker_refresh_once(const config *cfg, const char *provider, char *err, size_t err_len)
{
    fetch_global_init();
    sqlite3 *db = NULL;
    int rc = -1;
    if (db_open(cfg->db_path, false, &db, err, err_len) != 0)
        return -1;
    size_t ran = 0, failed = 0;
    err[0] = '\0';
    if (provider != NULL && provider[0] != '\0' && provider_adapter_find(provider) == NULL) {
        char names[256];
        snprintf(err, err_len, "--provider: no price adapter named '%s' (%s)", provider,
                 vocab_adapter_list(names, sizeof names));
        goto out;
    }
    for (size_t i = 0; i < vocab_adapter_count; i++) {
        const provider_adapter *a = provider_adapter_find(vocab_adapters[i].id);
        if (a == NULL)
            continue;
        const char *why_not = NULL;
        bool named = provider != NULL && provider[0] != '\0';
        if (named && strcmp(a->id, provider) != 0)
            continue;
        if (!named && (!listed(cfg, a->id) || !a->enabled(cfg, &why_not)))
            continue;
        if (named && !a->enabled(cfg, &why_not)) {
            snprintf(err, err_len, "%s is off: %s", a->id, why_not);
            goto out;
        }
        refresh_outcome o;
        ran++;
        if (refresh_run(db, cfg, a->id, NULL, 0, &o) != 0) {
            failed++;
            size_t used = strlen(err);
            snprintf(err + used, err_len - used, "%s%s: %s", used ? "; " : "", a->id, o.error);
        }
    }
    if (ran == 0) {
        snprintf(err, err_len, "no enabled price adapter to run");
        goto out;
    }
    rc = failed == 0 ? 0 : -1;
out:
    db_close(db);
    return rc;
}
