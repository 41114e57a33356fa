#include "worker/refresh.h"

#include <stdbool.h>
#include <stdio.h>

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/util.h"
#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "store/price_parts.h"
#include "store/prices_apply.h"
#include "worker/providers/provider.h"

/* One run in progress: what it read, fetched and counted. */
typedef struct run_state {
    sqlite3 *db;
    const provider_adapter *adapter;
    const atomic_bool *stop;
    bool is_feed;
    const char *doc;               /* an imported document (refresh_import), else NULL: the adapter fetches */
    size_t doc_len;
    const char *doc_source;
    long lock_wait_ms;             /* store_apply.lock_wait_ms: bounded for an import, which a client waits for */
    time_t now;
    char started_at[32];
    int64_t t0, t_fetched;
    catalog *snap;                 /* the catalog the rows are checked against */
    provider_instance *instances;  /* the adapter's part of it, borrowed from snap */
    provider_region *regions;
    provider_state *states;        /* saved by earlier runs */
    size_t state_count;
    price_part *parts;             /* the catalog's price-list parts of the adapter's provider */
    size_t part_count;
    provider_run run;
    price_batch batch;
    store_run_records records;
    validation check;
    refresh_outcome *out;
} run_state;

static bool stopped(const atomic_bool *stop)
{
    return stop != NULL && atomic_load(stop);
}

static bool in_scope(const run_state *r, const catalog_provider *provider)
{
    return r->is_feed || strcmp(provider->id, r->adapter->id) == 0;
}

/* What the adapter may price: the catalog's instance types and regions of its provider (every provider for the feed),
 * and its saved fetch states. */
static int load_scope(run_state *r, const config *cfg)
{
    refresh_outcome *out = r->out;
    if (store_catalog_load(r->db, &r->snap, out->error, sizeof out->error) != 0)
        return -1;
    if (!r->is_feed && store_fetch_states_load(r->db, r->adapter->id, &r->states, &r->state_count, out->error,
                                               sizeof out->error) != 0)
        return -1;
    if (!r->is_feed &&
        store_price_parts_load(r->db, r->adapter->id, &r->parts, &r->part_count, out->error, sizeof out->error) != 0)
        return -1;
    const catalog *snap = r->snap;
    r->instances = xcalloc(snap->instance_count + 1, sizeof *r->instances);
    r->regions = xcalloc(snap->region_count + 1, sizeof *r->regions);
    provider_run *run = &r->run;
    for (size_t i = 0; i < snap->instance_count; i++) {
        const catalog_instance *in = &snap->instances[i];
        if (in_scope(r, in->provider))
            r->instances[run->instance_count++] = (provider_instance){
                in->provider->id, in->id, in->family, in->gpu->id, in->gpu_count, in->vcpus, in->memory_gb};
    }
    for (size_t i = 0; i < snap->region_count; i++) {
        const catalog_region *region = &snap->regions[i];
        if (in_scope(r, region->provider))
            r->regions[run->region_count++] = (provider_region){region->provider->id, region->id};
    }
    run->cfg = cfg;
    run->adapter = r->adapter->id;
    run->instances = r->instances;
    run->regions = r->regions;
    run->states = r->states;
    run->state_count = r->state_count;
    run->parts = r->parts;
    run->part_count = r->part_count;
    run->now = r->now;
    fetch_options_init(&run->fetch, (long)cfg->fetch_timeout_s, cfg->fetch_max_bytes, r->stop);
    run->fetch.max_expansion = cfg->fetch_max_expansion;
    return 0;
}

/* The failed parts as a JSON array into out->failed_parts ("[]" when none). */
static void note_failed_parts(run_state *r)
{
    refresh_outcome *out = r->out;
    json_t *parts = json_array();
    size_t shown = r->batch.failed_count < PRICE_BATCH_PARTS ? r->batch.failed_count : PRICE_BATCH_PARTS;
    for (size_t i = 0; i < shown; i++)
        json_array_append_new(parts, json_string(r->batch.failed_parts[i]));
    char *text = json_dumps(parts, JSON_COMPACT);
    if (text == NULL || util_copy(out->failed_parts, sizeof out->failed_parts, text) != 0)
        util_copy(out->failed_parts, sizeof out->failed_parts, "[\"(too many failed parts to list)\"]");
    free(text);
    json_decref(parts);
    out->failed_part_count = r->batch.failed_count;
}

static int fetch_rows(run_state *r)
{
    refresh_outcome *out = r->out;
    int rc = r->doc != NULL ? feed_parse_document(&r->run, r->doc, r->doc_len, r->doc_source, 0, &r->batch,
                                                  out->error, sizeof out->error)
                            : r->adapter->fetch(&r->run, &r->batch, out->error, sizeof out->error);
    note_failed_parts(r);
    if (rc != 0) {
        if (r->doc != NULL)
            out->code = REFRESH_BAD_DOCUMENT;
        return -1;
    }
    r->t_fetched = util_monotonic_us();
    out->rows_seen = r->batch.rows_seen;
    out->rows_kept = r->batch.count;
    out->rows_skipped = r->batch.skipped;
    if (stopped(r->stop)) {
        snprintf(out->error, sizeof out->error, "interrupted by shutdown");
        return -1;
    }
    return 0;
}

/* Validation that needs no stored price; the jump check needs one and runs while applying. */
static void validate_batch(run_state *r)
{
    r->check = (validation){.adapter = r->adapter->id, .run = &r->run, .snap = r->snap, .now = r->now,
                            .records = &r->records};
    validate_rows(&r->check, &r->batch);
    r->out->rows_rejected = r->check.rejected;
    r->out->rows_skipped += r->check.skipped;
    r->out->rows_expired = r->check.expired;
}

static int record_unchanged(run_state *r)
{
    refresh_outcome *out = r->out;
    char finished_at[32];
    util_format_time(time(NULL), finished_at, sizeof finished_at);
    out->duration_s = (double)(util_monotonic_us() - r->t0) / 1e6;
    out->fetch_s = (double)(r->t_fetched - r->t0) / 1e6;
    if (store_run_unchanged(r->db, r->adapter->id, r->started_at, finished_at, out->rows_seen,
                            (long long)(out->duration_s * 1000), out->error, sizeof out->error) != 0)
        return -1;
    util_copy(out->status, sizeof out->status, "unchanged");
    log_msg(LOG_INFO, "refresh found nothing new", "adapter", r->adapter->id, NULL);
    return 0;
}

static void log_applied(const run_state *r)
{
    const refresh_outcome *out = r->out;
    char seen[24], applied[24], changed[24], rejected[24], took[24];
    snprintf(seen, sizeof seen, "%zu", out->rows_seen);
    snprintf(applied, sizeof applied, "%zu", out->rows_applied);
    snprintf(changed, sizeof changed, "%zu", out->rows_changed);
    snprintf(rejected, sizeof rejected, "%zu", out->rows_rejected);
    snprintf(took, sizeof took, "%.3f", out->duration_s);
    log_msg(LOG_INFO, "refresh applied", "adapter", r->adapter->id, "rows_seen", seen, "rows_applied", applied,
            "rows_changed", changed, "rows_rejected", rejected, "seconds", took, NULL);
}

static int apply_batch(run_state *r)
{
    refresh_outcome *out = r->out;
    bool partial = r->batch.failed_count > 0;
    char anchor_before[32];
    util_format_time(r->now - (time_t)REFRESH_ANCHOR_DAYS * 86400, anchor_before, sizeof anchor_before);
    store_apply in = {.adapter = r->adapter->id,
                      .is_feed = r->is_feed,
                      .started_at = r->started_at,
                      .rows = r->batch.rows,
                      .count = r->batch.count,
                      .states = r->batch.states,
                      .state_count = r->batch.state_count,
                      .rows_seen = out->rows_seen,
                      .check = validate_jump,
                      .check_ctx = &r->check,
                      .anchor_before = anchor_before,
                      .fx = r->batch.fx,
                      .fx_count = r->batch.fx_count,
                      .no_run_record = strcmp(r->adapter->id, "fx") == 0,
                      .failed_parts = partial ? out->failed_parts : NULL,
                      .stop = r->stop,
                      .started_us = r->t0,
                      .lock_wait_ms = r->lock_wait_ms};
    store_applied applied;
    int rc = store_prices_apply(r->db, &in, &r->records, &applied, out->error, sizeof out->error);
    out->rows_applied = applied.applied;
    out->rows_changed = applied.changed;
    out->rows_rejected += applied.rejected;
    out->rows_stale = applied.stale;
    out->fx_changed = applied.fx_changed;
    memcpy(out->named, r->check.named, sizeof out->named);
    out->named_count = r->check.named_count;
    if (rc == STORE_BUSY)
        out->code = REFRESH_DATABASE_BUSY;
    if (rc == 1) {
        out->code = REFRESH_NO_VALID_PRICE;
        snprintf(out->error, sizeof out->error,
                 "no valid price: %zu records seen, %zu prices kept, %zu rejected, %zu stale, %zu skipped%s%.300s",
                 out->rows_seen, out->rows_kept, out->rows_rejected, out->rows_stale, out->rows_skipped,
                 partial ? "; failed: " : "", partial ? out->failed_parts : "");
    }
    if (rc != 0)
        return -1;
    out->duration_s = applied.duration_s;
    util_copy(out->status, sizeof out->status, partial ? "partial" : "ok");
    log_applied(r);
    return 0;
}

static void run_free(run_state *r)
{
    price_batch_free(&r->batch);
    store_fetch_states_free(r->states, r->state_count);
    free(r->parts);
    free(r->instances);
    free(r->regions);
    catalog_release(r->snap);
}

static int run_steps(run_state *r, const config *cfg)
{
    if (load_scope(r, cfg) != 0 || fetch_rows(r) != 0)
        return -1;
    validate_batch(r);
    if (r->batch.count == 0 && r->batch.fx_count == 0 && r->batch.unchanged && r->out->rows_rejected == 0 &&
        r->batch.failed_count == 0 && strcmp(r->adapter->id, "fx") != 0)
        return record_unchanged(r);
    return apply_batch(r);
}

/* What a run did not manage, after it failed: recorded, unless abandoned for shutdown. */
static void record_failure(run_state *r)
{
    refresh_outcome *out = r->out;
    out->duration_s = (double)(util_monotonic_us() - r->t0) / 1e6;
    char finished_at[32];
    util_format_time(time(NULL), finished_at, sizeof finished_at);
    /* A run abandoned for shutdown did not fail: recording it would show an error after every restart. A refused
     * import is not recorded either: its caller has the error, and no provider's refresh failed. */
    if (!stopped(r->stop) && r->doc == NULL)
        store_run_failed(r->db, r->adapter->id, r->started_at, finished_at, out->rows_seen, out->rows_rejected,
                         (long long)(out->duration_s * 1000), out->error,
                         out->failed_part_count > 0 ? out->failed_parts : NULL);
    util_copy(out->status, sizeof out->status, "error");
    out->rows_applied = 0;
    out->rows_changed = 0;
    out->fx_changed = 0;
    log_msg(LOG_WARN, "refresh failed, nothing applied", "adapter", r->adapter->id, "error", out->error, NULL);
}

static void run_init(run_state *r, sqlite3 *db, const atomic_bool *stop, time_t now, refresh_outcome *out)
{
    memset(out, 0, sizeof *out);
    out->code = REFRESH_FAILED; /* until it succeeds, or fails for a reason of its own */
    util_copy(out->failed_parts, sizeof out->failed_parts, "[]");
    memset(r, 0, sizeof *r);
    r->db = db;
    r->stop = stop;
    r->out = out;
    r->t0 = r->t_fetched = util_monotonic_us();
    r->now = now != 0 ? now : time(NULL);
    util_format_time(r->now, r->started_at, sizeof r->started_at);
    price_batch_init(&r->batch);
}

static int run_finish(run_state *r, const config *cfg)
{
    refresh_outcome *out = r->out;
    int rc = run_steps(r, cfg);
    if (rc == 0) {
        out->code = REFRESH_OK;
        out->fetch_s = (double)(r->t_fetched - r->t0) / 1e6;
        out->apply_s = (double)(util_monotonic_us() - r->t_fetched) / 1e6;
        out->duration_s = (double)(util_monotonic_us() - r->t0) / 1e6;
    } else {
        record_failure(r);
    }
    run_free(r);
    return rc;
}

int refresh_import(sqlite3 *db, const config *cfg, const char *body, size_t len, const char *name, time_t now,
                   refresh_outcome *out)
{
    run_state r;
    run_init(&r, db, NULL, now, out);
    char source[128];
    snprintf(source, sizeof source, "feed:import:%.100s", name != NULL && name[0] != '\0' ? name : "document");
    r.adapter = &provider_feed;
    r.is_feed = true;
    r.doc = body;
    r.doc_len = len;
    r.doc_source = source;
    r.lock_wait_ms = REFRESH_IMPORT_LOCK_WAIT_MS;
    return run_finish(&r, cfg);
}

int refresh_run(sqlite3 *db, const config *cfg, const char *adapter_id, const atomic_bool *stop, time_t now,
                refresh_outcome *out)
{
    run_state r;
    run_init(&r, db, stop, now, out);
    const char *why_not = NULL;
    r.adapter = provider_adapter_find(adapter_id);
    if (r.adapter == NULL)
        snprintf(out->error, sizeof out->error, "no price adapter named '%s'", adapter_id ? adapter_id : "");
    else if (!r.adapter->enabled(cfg, &why_not))
        snprintf(out->error, sizeof out->error, "%s is off: %s", r.adapter->id, why_not);
    else {
        r.is_feed = strcmp(r.adapter->id, "feed") == 0;
        return run_finish(&r, cfg);
    }
    util_copy(out->status, sizeof out->status, "error");
    log_msg(LOG_WARN, "refresh failed, nothing applied", "adapter", adapter_id ? adapter_id : "", "error",
            out->error, NULL);
    run_free(&r);
    return -1;
}
