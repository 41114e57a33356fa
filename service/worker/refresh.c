#include "worker/refresh.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/db.h"
#include "base/log.h"
#include "worker/providers/provider.h"
#include "base/util.h"

/* Rejected rows named in the log per run; the rest are only counted. */
#define LOG_REJECTS 5
#define HISTORY_MAX_LIMIT 1000

/* The catalog's side of a run: what the adapter may price, loaded once per run. */
typedef struct scope {
    provider_instance *instances;
    size_t instance_count;
    provider_region *regions;
    size_t region_count;
    provider_state *states;
    size_t state_count;
    char **currencies;
    double *usd_per_unit; /* parallel to currencies */
    size_t currency_count;
    char **strings; /* every string above, freed together */
    size_t string_count;
    size_t string_cap;
} scope;

static const char *keep(scope *s, const unsigned char *text)
{
    if (text == NULL)
        return NULL;
    if (s->string_count == s->string_cap) {
        s->string_cap = s->string_cap ? s->string_cap * 2 : 256;
        s->strings = xrealloc(s->strings, s->string_cap * sizeof *s->strings);
    }
    char *copy = xstrdup((const char *)text);
    s->strings[s->string_count++] = copy;
    return copy;
}

static void scope_free(scope *s)
{
    for (size_t i = 0; i < s->string_count; i++)
        free(s->strings[i]);
    free(s->strings);
    free(s->instances);
    free(s->regions);
    free(s->states);
    free(s->currencies);
    free(s->usd_per_unit);
    memset(s, 0, sizeof *s);
}

static int sql_fail(sqlite3 *db, const char *what, char *err, size_t err_len)
{
    snprintf(err, err_len, "database: %s: %s", what, sqlite3_errmsg(db));
    return -1;
}

/* provider NULL = every provider (the feed adapter). */
static int load_scope(sqlite3 *db, const char *provider, scope *s, char *err, size_t err_len)
{
    int rc = -1;
    sqlite3_stmt *st = NULL;
    const char *sql_instances =
        "SELECT provider_id, id, family, gpu_id, gpu_count, vcpus, memory_gb FROM instance_types "
        "WHERE ?1 IS NULL OR provider_id = ?1 ORDER BY provider_id, id";
    if (sqlite3_prepare_v2(db, sql_instances, -1, &st, NULL) != SQLITE_OK)
        goto fail;
    if (provider)
        sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    size_t cap = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (s->instance_count == cap) {
            cap = cap ? cap * 2 : 64;
            s->instances = xrealloc(s->instances, cap * sizeof *s->instances);
        }
        provider_instance *in = &s->instances[s->instance_count++];
        in->provider = keep(s, sqlite3_column_text(st, 0));
        in->id = keep(s, sqlite3_column_text(st, 1));
        in->family = keep(s, sqlite3_column_text(st, 2));
        in->gpu_id = keep(s, sqlite3_column_text(st, 3));
        in->gpu_count = sqlite3_column_double(st, 4);
        in->vcpus = sqlite3_column_int(st, 5);
        in->memory_gb = sqlite3_column_double(st, 6);
    }
    sqlite3_finalize(st);
    st = NULL;

    if (sqlite3_prepare_v2(db, "SELECT provider_id, id FROM regions WHERE ?1 IS NULL OR provider_id = ?1 "
                               "ORDER BY provider_id, id", -1, &st, NULL) != SQLITE_OK)
        goto fail;
    if (provider)
        sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    cap = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (s->region_count == cap) {
            cap = cap ? cap * 2 : 64;
            s->regions = xrealloc(s->regions, cap * sizeof *s->regions);
        }
        provider_region *r = &s->regions[s->region_count++];
        r->provider = keep(s, sqlite3_column_text(st, 0));
        r->id = keep(s, sqlite3_column_text(st, 1));
    }
    sqlite3_finalize(st);
    st = NULL;

    if (sqlite3_prepare_v2(db, "SELECT currency, usd_per_unit FROM fx_rates ORDER BY currency", -1, &st, NULL) !=
        SQLITE_OK)
        goto fail;
    cap = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (s->currency_count == cap) {
            cap = cap ? cap * 2 : 16;
            s->currencies = xrealloc(s->currencies, cap * sizeof *s->currencies);
            s->usd_per_unit = xrealloc(s->usd_per_unit, cap * sizeof *s->usd_per_unit);
        }
        s->usd_per_unit[s->currency_count] = sqlite3_column_double(st, 1);
        s->currencies[s->currency_count++] = (char *)keep(s, sqlite3_column_text(st, 0));
    }
    sqlite3_finalize(st);
    st = NULL;

    if (provider != NULL) {
        if (sqlite3_prepare_v2(db, "SELECT url, etag, version FROM fetch_state WHERE provider_id = ?1", -1, &st,
                               NULL) != SQLITE_OK)
            goto fail;
        sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
        cap = 0;
        while (sqlite3_step(st) == SQLITE_ROW) {
            if (s->state_count == cap) {
                cap = cap ? cap * 2 : 16;
                s->states = xrealloc(s->states, cap * sizeof *s->states);
            }
            provider_state *ps = &s->states[s->state_count++];
            ps->url = (char *)keep(s, sqlite3_column_text(st, 0));
            ps->etag = (char *)keep(s, sqlite3_column_text(st, 1));
            ps->version = (char *)keep(s, sqlite3_column_text(st, 2));
        }
        sqlite3_finalize(st);
        st = NULL;
    }
    rc = 0;
    goto out;
fail:
    sql_fail(db, "loading the catalog for a refresh", err, err_len);
out:
    sqlite3_finalize(st);
    return rc;
}

/* USD per unit of currency, or 0 when fx_rates lacks it. */
static double usd_per_unit(const scope *s, const char *currency)
{
    for (size_t i = 0; i < s->currency_count; i++)
        if (strcmp(s->currencies[i], currency) == 0)
            return s->usd_per_unit[i];
    return 0;
}

static int compare_rows(const void *a, const void *b)
{
    const price_row *x = a, *y = b;
    int c = strcmp(x->provider, y->provider);
    if (c == 0)
        c = strcmp(x->instance_type, y->instance_type);
    if (c == 0)
        c = strcmp(x->region, y->region);
    if (c == 0)
        c = (int)x->model - (int)y->model;
    if (c == 0)
        c = y->rank - x->rank; /* higher rank first */
    if (c == 0)
        c = -strcmp(x->effective_at, y->effective_at); /* later first */
    return c;
}

static bool same_key(const price_row *x, const price_row *y)
{
    return x->model == y->model && strcmp(x->provider, y->provider) == 0 &&
           strcmp(x->instance_type, y->instance_type) == 0 && strcmp(x->region, y->region) == 0;
}

/* One refresh_runs row per provider a run writes to. */
typedef struct run_record {
    char provider[16];
    long long id;
    size_t seen;
    size_t applied;
    size_t changed;
    size_t rejected;
} run_record;

typedef struct run_records {
    run_record items[32];
    size_t count;
} run_records;

static run_record *record_for(run_records *rr, const char *provider)
{
    for (size_t i = 0; i < rr->count; i++)
        if (strcmp(rr->items[i].provider, provider) == 0)
            return &rr->items[i];
    if (rr->count == sizeof rr->items / sizeof rr->items[0])
        return NULL;
    run_record *r = &rr->items[rr->count++];
    memset(r, 0, sizeof *r);
    util_copy(r->provider, sizeof r->provider, provider);
    r->id = -1;
    return r;
}

static int insert_run(sqlite3 *db, const char *provider, const char *started_at, const char *finished_at,
                      const char *status, size_t seen, size_t changed, size_t rejected, long long duration_ms,
                      const char *error, long long *id, char *err, size_t err_len)
{
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO refresh_runs (provider_id, started_at, finished_at, status, rows_seen, "
                           "rows_changed, rows_rejected, duration_ms, error) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                           -1, &st, NULL) != SQLITE_OK) {
        sql_fail(db, "recording the run", err, err_len);
        goto out;
    }
    sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, started_at, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, finished_at, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, status, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 5, (sqlite3_int64)seen);
    sqlite3_bind_int64(st, 6, (sqlite3_int64)changed);
    sqlite3_bind_int64(st, 7, (sqlite3_int64)rejected);
    sqlite3_bind_int64(st, 8, duration_ms);
    if (error != NULL && error[0] != '\0')
        sqlite3_bind_text(st, 9, error, -1, SQLITE_STATIC);
    else
        sqlite3_bind_null(st, 9);
    if (sqlite3_step(st) != SQLITE_DONE) {
        sql_fail(db, "recording the run", err, err_len);
        goto out;
    }
    if (id)
        *id = sqlite3_last_insert_rowid(db);
    rc = 0;
out:
    sqlite3_finalize(st);
    return rc;
}

/* The statements of the apply phase, prepared once per run. */
typedef struct apply_stmts {
    sqlite3_stmt *current;
    sqlite3_stmt *has_history;
    sqlite3_stmt *history;
    sqlite3_stmt *history_old;
    sqlite3_stmt *upsert;
} apply_stmts;

static void apply_stmts_free(apply_stmts *a)
{
    sqlite3_finalize(a->current);
    sqlite3_finalize(a->has_history);
    sqlite3_finalize(a->history);
    sqlite3_finalize(a->history_old);
    sqlite3_finalize(a->upsert);
}

static int apply_stmts_prepare(sqlite3 *db, apply_stmts *a)
{
    memset(a, 0, sizeof *a);
    return sqlite3_prepare_v2(db,
                              "SELECT hourly, currency, source, fetched_at, effective_at FROM prices WHERE "
                              "provider_id = ?1 AND instance_type_id = ?2 AND region_id = ?3 AND pricing_model = ?4",
                              -1, &a->current, NULL) != SQLITE_OK ||
                   sqlite3_prepare_v2(db,
                                      "SELECT 1 FROM price_history WHERE provider_id = ?1 AND instance_type_id = ?2 "
                                      "AND region_id = ?3 AND pricing_model = ?4 LIMIT 1",
                                      -1, &a->has_history, NULL) != SQLITE_OK ||
                   sqlite3_prepare_v2(db,
                                      "INSERT INTO price_history (provider_id, instance_type_id, region_id, "
                                      "pricing_model, hourly, currency, source, fetched_at, effective_at, run_id) "
                                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                                      -1, &a->history, NULL) != SQLITE_OK ||
                   sqlite3_prepare_v2(db,
                                      "INSERT INTO price_history (provider_id, instance_type_id, region_id, "
                                      "pricing_model, hourly, currency, source, fetched_at, effective_at, run_id) "
                                      "SELECT provider_id, instance_type_id, region_id, pricing_model, hourly, "
                                      "currency, source, fetched_at, effective_at, NULL FROM prices WHERE "
                                      "provider_id = ?1 AND instance_type_id = ?2 AND region_id = ?3 AND "
                                      "pricing_model = ?4",
                                      -1, &a->history_old, NULL) != SQLITE_OK ||
                   sqlite3_prepare_v2(db,
                                      "INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, "
                                      "hourly, currency, source, fetched_at, effective_at, spot_interruption) "
                                      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) "
                                      "ON CONFLICT (provider_id, instance_type_id, region_id, pricing_model) DO UPDATE "
                                      "SET hourly = excluded.hourly, currency = excluded.currency, "
                                      "source = excluded.source, fetched_at = excluded.fetched_at, "
                                      "effective_at = excluded.effective_at, "
                                      "spot_interruption = excluded.spot_interruption",
                                      -1, &a->upsert, NULL) != SQLITE_OK
               ? -1
               : 0;
}

static void bind_key(sqlite3_stmt *st, const price_row *row)
{
    sqlite3_reset(st);
    sqlite3_clear_bindings(st);
    sqlite3_bind_text(st, 1, row->provider, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, row->instance_type, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, row->region, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, pricing_model_name(row->model), -1, SQLITE_STATIC);
}

static void log_reject(const char *adapter, const price_row *row, const char *why, size_t *logged)
{
    if (*logged >= LOG_REJECTS)
        return;
    (*logged)++;
    char price[32];
    snprintf(price, sizeof price, "%.6g", row->hourly);
    log_msg(LOG_WARN, "refresh rejected a price", "adapter", adapter, "provider", row->provider, "instance_type",
            row->instance_type, "region", row->region, "pricing", pricing_model_name(row->model), "hourly", price,
            "currency", row->currency, "reason", why, NULL);
}

/* Applies the valid, de-duplicated rows; run records are created as providers appear. 0 or -1 with err. */
static int apply_rows(sqlite3 *db, const char *adapter, const price_batch *batch, const char *fetched_at,
                      const char *started_at, run_records *rr, refresh_outcome *out, size_t *logged, char *err,
                      size_t err_len)
{
    apply_stmts a;
    int rc = -1;
    if (apply_stmts_prepare(db, &a) != 0) {
        sql_fail(db, "preparing the refresh", err, err_len);
        goto out;
    }
    for (size_t i = 0; i < batch->count; i++) {
        const price_row *row = &batch->rows[i];
        run_record *rec = record_for(rr, row->provider);
        if (rec == NULL) {
            snprintf(err, err_len, "a feed names more than %zu providers", sizeof rr->items / sizeof rr->items[0]);
            goto out;
        }
        if (rec->id < 0 && insert_run(db, row->provider, started_at, started_at, "ok", 0, 0, 0, 0, NULL, &rec->id,
                                      err, err_len) != 0)
            goto out;
        bind_key(a.current, row);
        bool had = false, changed = true;
        double old = 0;
        int step = sqlite3_step(a.current);
        if (step == SQLITE_ROW) {
            had = true;
            old = sqlite3_column_double(a.current, 0);
            bool same_currency = strcmp((const char *)sqlite3_column_text(a.current, 1), row->currency) == 0;
            if (same_currency && old > 0) {
                double ratio = row->hourly / old;
                if (ratio > REFRESH_MAX_JUMP || ratio < 1.0 / REFRESH_MAX_JUMP) {
                    char why[96];
                    snprintf(why, sizeof why, "moved x%.3g against the stored %.6g", ratio, old);
                    log_reject(adapter, row, why, logged);
                    rec->rejected++;
                    out->rows_rejected++;
                    continue;
                }
                changed = fabs(row->hourly - old) > 1e-9 * old;
            }
        } else if (step != SQLITE_DONE) {
            sql_fail(db, "reading a stored price", err, err_len);
            goto out;
        }
        sqlite3_reset(a.current);
        if (changed) {
            if (had) {
                /* The first change of a price keeps the price it replaces, so the history starts where the
                 * catalog did. */
                bind_key(a.has_history, row);
                int hs = sqlite3_step(a.has_history);
                sqlite3_reset(a.has_history);
                if (hs == SQLITE_DONE) {
                    bind_key(a.history_old, row);
                    if (sqlite3_step(a.history_old) != SQLITE_DONE) {
                        sql_fail(db, "writing price history", err, err_len);
                        goto out;
                    }
                    sqlite3_reset(a.history_old);
                } else if (hs != SQLITE_ROW) {
                    sql_fail(db, "reading price history", err, err_len);
                    goto out;
                }
            }
            bind_key(a.history, row);
            sqlite3_bind_double(a.history, 5, row->hourly);
            sqlite3_bind_text(a.history, 6, row->currency, -1, SQLITE_STATIC);
            sqlite3_bind_text(a.history, 7, row->source, -1, SQLITE_STATIC);
            sqlite3_bind_text(a.history, 8, fetched_at, -1, SQLITE_STATIC);
            sqlite3_bind_text(a.history, 9, row->effective_at, -1, SQLITE_STATIC);
            sqlite3_bind_int64(a.history, 10, rec->id);
            if (sqlite3_step(a.history) != SQLITE_DONE) {
                sql_fail(db, "writing price history", err, err_len);
                goto out;
            }
            sqlite3_reset(a.history);
            rec->changed++;
            out->rows_changed++;
        }
        bind_key(a.upsert, row);
        sqlite3_bind_double(a.upsert, 5, row->hourly);
        sqlite3_bind_text(a.upsert, 6, row->currency, -1, SQLITE_STATIC);
        sqlite3_bind_text(a.upsert, 7, row->source, -1, SQLITE_STATIC);
        sqlite3_bind_text(a.upsert, 8, fetched_at, -1, SQLITE_STATIC);
        sqlite3_bind_text(a.upsert, 9, row->effective_at, -1, SQLITE_STATIC);
        if (row->spot_interruption[0] != '\0')
            sqlite3_bind_text(a.upsert, 10, row->spot_interruption, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(a.upsert, 10);
        if (sqlite3_step(a.upsert) != SQLITE_DONE) {
            sql_fail(db, "writing a price", err, err_len);
            goto out;
        }
        sqlite3_reset(a.upsert);
        rec->applied++;
        out->rows_applied++;
    }
    rc = 0;
out:
    apply_stmts_free(&a);
    return rc;
}

static int save_states(sqlite3 *db, const char *provider, const price_batch *batch, const char *now, char *err,
                       size_t err_len)
{
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (batch->state_count == 0)
        return 0;
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO fetch_state (provider_id, url, etag, version, updated_at) VALUES "
                           "(?1, ?2, ?3, ?4, ?5) ON CONFLICT (provider_id, url) DO UPDATE SET etag = excluded.etag, "
                           "version = excluded.version, updated_at = excluded.updated_at",
                           -1, &st, NULL) != SQLITE_OK) {
        sql_fail(db, "saving fetch state", err, err_len);
        goto out;
    }
    for (size_t i = 0; i < batch->state_count; i++) {
        const provider_state *s = &batch->states[i];
        sqlite3_reset(st);
        sqlite3_clear_bindings(st);
        sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 2, s->url, -1, SQLITE_STATIC);
        if (s->etag)
            sqlite3_bind_text(st, 3, s->etag, -1, SQLITE_STATIC);
        if (s->version)
            sqlite3_bind_text(st, 4, s->version, -1, SQLITE_STATIC);
        sqlite3_bind_text(st, 5, now, -1, SQLITE_STATIC);
        if (sqlite3_step(st) != SQLITE_DONE) {
            sql_fail(db, "saving fetch state", err, err_len);
            goto out;
        }
    }
    rc = 0;
out:
    sqlite3_finalize(st);
    return rc;
}

static bool stopped(const atomic_bool *stop)
{
    return stop != NULL && atomic_load(stop);
}

/* Records a failed run in its own transaction: for the adapter's provider, or for the feed, for every provider whose
 * prices come from a feed (a feed failing before it said which providers it prices has nothing else to name). */
static void record_failure(sqlite3 *db, const char *adapter, const char *started_at, const char *finished_at,
                           const refresh_outcome *out, long long duration_ms)
{
    char err[256];
    if (db_begin(db, err, sizeof err) != 0) {
        log_msg(LOG_ERROR, "cannot record a failed refresh", "adapter", adapter, "error", err, NULL);
        return;
    }
    int rc = 0;
    if (strcmp(adapter, "feed") != 0) {
        rc = insert_run(db, adapter, started_at, finished_at, "error", out->rows_seen, 0, out->rows_rejected,
                        duration_ms, out->error, NULL, err, sizeof err);
    } else {
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(db, "SELECT DISTINCT provider_id FROM prices WHERE source LIKE 'feed:%'", -1, &st,
                               NULL) == SQLITE_OK) {
            while (rc == 0 && sqlite3_step(st) == SQLITE_ROW)
                rc = insert_run(db, (const char *)sqlite3_column_text(st, 0), started_at, finished_at, "error",
                                out->rows_seen, 0, out->rows_rejected, duration_ms, out->error, NULL, err,
                                sizeof err);
        }
        sqlite3_finalize(st);
    }
    if (rc != 0 || db_commit(db, err, sizeof err) != 0) {
        db_rollback(db);
        log_msg(LOG_ERROR, "cannot record a failed refresh", "adapter", adapter, "error", err, NULL);
    }
}

int refresh_run(sqlite3 *db, const config *cfg, const char *adapter_id, const atomic_bool *stop, time_t now,
                refresh_outcome *out)
{
    memset(out, 0, sizeof *out);
    int64_t t0 = util_monotonic_us();
    if (now == 0)
        now = time(NULL);
    char started_at[32], finished_at[32];
    util_format_time(now, started_at, sizeof started_at);
    bool in_tx = false;
    size_t logged = 0;
    scope sc;
    memset(&sc, 0, sizeof sc);
    price_batch batch;
    price_batch_init(&batch);
    run_records rr;
    memset(&rr, 0, sizeof rr);
    int64_t t_fetched = t0;

    const provider_adapter *adapter = provider_adapter_find(adapter_id);
    if (adapter == NULL) {
        snprintf(out->error, sizeof out->error, "no price adapter named '%s'", adapter_id ? adapter_id : "");
        goto fail_unrecorded;
    }
    const char *why_not = NULL;
    if (!adapter->enabled(cfg, &why_not)) {
        snprintf(out->error, sizeof out->error, "%s is off: %s", adapter->id, why_not);
        goto fail_unrecorded;
    }
    bool is_feed = strcmp(adapter->id, "feed") == 0;
    if (load_scope(db, is_feed ? NULL : adapter->id, &sc, out->error, sizeof out->error) != 0)
        goto fail;

    provider_run run;
    memset(&run, 0, sizeof run);
    run.cfg = cfg;
    run.adapter = adapter->id;
    run.instances = sc.instances;
    run.instance_count = sc.instance_count;
    run.regions = sc.regions;
    run.region_count = sc.region_count;
    run.states = sc.states;
    run.state_count = sc.state_count;
    run.now = now;
    fetch_options_init(&run.fetch, (long)cfg->fetch_timeout_s, cfg->fetch_max_bytes, stop);

    if (adapter->fetch(&run, &batch, out->error, sizeof out->error) != 0)
        goto fail;
    t_fetched = util_monotonic_us();
    out->rows_seen = batch.rows_seen;
    out->rows_kept = batch.count;
    if (stopped(stop)) {
        snprintf(out->error, sizeof out->error, "interrupted by shutdown");
        goto fail;
    }

    /* Validation that needs no stored price; the jump check needs one and runs while applying. */
    size_t valid = 0;
    for (size_t i = 0; i < batch.count; i++) {
        price_row *row = &batch.rows[i];
        const char *why = NULL;
        time_t effective = now;
        const provider_instance *instance = provider_find_instance(&run, row->provider, row->instance_type);
        if (instance == NULL || !provider_has_region(&run, row->provider, row->region)) {
            out->rows_skipped++;
            continue;
        }
        double fx = usd_per_unit(&sc, row->currency);
        double gpus = instance->gpu_count > 0 ? instance->gpu_count : 1;
        if (!isfinite(row->hourly) || row->hourly <= 0)
            why = "not a positive price";
        else if (fx <= 0)
            why = "a currency without an fx rate";
        else if (row->hourly * fx / gpus > REFRESH_MAX_USD_PER_GPU_HOUR)
            why = "above the absurd-price bound per GPU-hour";
        else if (row->effective_at[0] != '\0' && util_parse_time(row->effective_at, &effective) != 0)
            why = "an unreadable effective date";
        else if (effective > now)
            why = "effective in the future";
        if (why != NULL) {
            log_reject(adapter->id, row, why, &logged);
            run_record *rec = record_for(&rr, row->provider);
            if (rec)
                rec->rejected++;
            out->rows_rejected++;
            continue;
        }
        util_format_time(effective, row->effective_at, sizeof row->effective_at);
        batch.rows[valid++] = *row;
    }
    batch.count = valid;
    if (batch.count > 1)
        qsort(batch.rows, batch.count, sizeof *batch.rows, compare_rows);
    size_t unique = 0;
    for (size_t i = 0; i < batch.count; i++) {
        if (unique > 0 && same_key(&batch.rows[unique - 1], &batch.rows[i])) {
            out->rows_skipped++;
            continue;
        }
        batch.rows[unique++] = batch.rows[i];
    }
    batch.count = unique;

    if (batch.count == 0 && batch.unchanged && out->rows_rejected == 0) {
        util_format_time(time(NULL), finished_at, sizeof finished_at);
        out->duration_s = (double)(util_monotonic_us() - t0) / 1e6;
        out->fetch_s = (double)(t_fetched - t0) / 1e6;
        if (db_begin(db, out->error, sizeof out->error) != 0)
            goto fail;
        in_tx = true;
        if (insert_run(db, adapter->id, started_at, finished_at, "unchanged", out->rows_seen, 0, 0,
                       (long long)(out->duration_s * 1000), NULL, NULL, out->error, sizeof out->error) != 0 ||
            db_commit(db, out->error, sizeof out->error) != 0)
            goto fail;
        in_tx = false;
        util_copy(out->status, sizeof out->status, "unchanged");
        log_msg(LOG_INFO, "refresh found nothing new", "adapter", adapter->id, NULL);
        goto done;
    }

    if (db_begin(db, out->error, sizeof out->error) != 0)
        goto fail;
    in_tx = true;
    if (!is_feed) {
        run_record *rec = record_for(&rr, adapter->id);
        if (insert_run(db, adapter->id, started_at, started_at, "ok", 0, 0, 0, 0, NULL, &rec->id, out->error,
                       sizeof out->error) != 0)
            goto fail;
    }
    if (apply_rows(db, adapter->id, &batch, started_at, started_at, &rr, out, &logged, out->error,
                   sizeof out->error) != 0)
        goto fail;
    if (out->rows_applied == 0) {
        snprintf(out->error, sizeof out->error,
                 "no valid price: %zu records seen, %zu prices kept, %zu rejected, %zu skipped", out->rows_seen,
                 out->rows_kept, out->rows_rejected, out->rows_skipped);
        goto fail;
    }
    if (!is_feed && save_states(db, adapter->id, &batch, started_at, out->error, sizeof out->error) != 0)
        goto fail;
    if (stopped(stop)) {
        snprintf(out->error, sizeof out->error, "interrupted by shutdown");
        goto fail;
    }
    util_format_time(time(NULL), finished_at, sizeof finished_at);
    out->duration_s = (double)(util_monotonic_us() - t0) / 1e6;
    for (size_t i = 0; i < rr.count; i++) {
        run_record *rec = &rr.items[i];
        if (rec->id < 0)
            continue;
        sqlite3_stmt *st = NULL;
        size_t seen = is_feed ? rec->applied + rec->rejected : out->rows_seen;
        if (sqlite3_prepare_v2(db,
                               "UPDATE refresh_runs SET finished_at = ?1, rows_seen = ?2, rows_changed = ?3, "
                               "rows_rejected = ?4, duration_ms = ?5 WHERE id = ?6",
                               -1, &st, NULL) != SQLITE_OK) {
            sql_fail(db, "finishing the run record", out->error, sizeof out->error);
            goto fail;
        }
        sqlite3_bind_text(st, 1, finished_at, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)seen);
        sqlite3_bind_int64(st, 3, (sqlite3_int64)rec->changed);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)rec->rejected);
        sqlite3_bind_int64(st, 5, (sqlite3_int64)(out->duration_s * 1000));
        sqlite3_bind_int64(st, 6, rec->id);
        int step = sqlite3_step(st);
        sqlite3_finalize(st);
        if (step != SQLITE_DONE) {
            sql_fail(db, "finishing the run record", out->error, sizeof out->error);
            goto fail;
        }
    }
    if (db_commit(db, out->error, sizeof out->error) != 0)
        goto fail;
    in_tx = false;
    util_copy(out->status, sizeof out->status, "ok");
    {
        char seen[24], applied[24], changed[24], rejected[24], took[24];
        snprintf(seen, sizeof seen, "%zu", out->rows_seen);
        snprintf(applied, sizeof applied, "%zu", out->rows_applied);
        snprintf(changed, sizeof changed, "%zu", out->rows_changed);
        snprintf(rejected, sizeof rejected, "%zu", out->rows_rejected);
        snprintf(took, sizeof took, "%.3f", out->duration_s);
        log_msg(LOG_INFO, "refresh applied", "adapter", adapter->id, "rows_seen", seen, "rows_applied", applied,
                "rows_changed", changed, "rows_rejected", rejected, "seconds", took, NULL);
    }
done:
    out->fetch_s = (double)(t_fetched - t0) / 1e6;
    out->apply_s = (double)(util_monotonic_us() - t_fetched) / 1e6;
    out->duration_s = (double)(util_monotonic_us() - t0) / 1e6;
    price_batch_free(&batch);
    scope_free(&sc);
    return 0;

fail:
    if (in_tx)
        db_rollback(db);
    out->duration_s = (double)(util_monotonic_us() - t0) / 1e6;
    util_format_time(time(NULL), finished_at, sizeof finished_at);
    /* A run abandoned for shutdown did not fail: recording it would show an error after every restart. */
    if (!stopped(stop))
        record_failure(db, adapter->id, started_at, finished_at, out, (long long)(out->duration_s * 1000));
fail_unrecorded:
    util_copy(out->status, sizeof out->status, "error");
    out->rows_applied = 0;
    out->rows_changed = 0;
    log_msg(LOG_WARN, "refresh failed, nothing applied", "adapter", adapter_id ? adapter_id : "", "error",
            out->error, NULL);
    price_batch_free(&batch);
    scope_free(&sc);
    return -1;
}

int refresh_history_json(const char *db_path, const char *provider, const char *instance_type, const char *region,
                         const char *pricing, long long cursor, int limit, json_t **out, char *err, size_t err_len)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    json_t *items = NULL;
    int rc = -1;
    *out = NULL;
    if (limit <= 0 || limit > HISTORY_MAX_LIMIT)
        limit = HISTORY_MAX_LIMIT;
    if (db_open_readonly(db_path, &db, err, err_len) != 0)
        goto out;
    static const char *const filters = "provider_id = ?1 AND instance_type_id = ?2 AND (?3 IS NULL OR region_id = ?3) "
                                       "AND (?4 IS NULL OR pricing_model = ?4)";
    char sql[512];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM price_history WHERE %s", filters);
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        goto sql_error;
    sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, instance_type, -1, SQLITE_STATIC);
    if (region)
        sqlite3_bind_text(st, 3, region, -1, SQLITE_STATIC);
    if (pricing)
        sqlite3_bind_text(st, 4, pricing, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_ROW)
        goto sql_error;
    long long total = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    st = NULL;

    snprintf(sql, sizeof sql,
             "SELECT id, region_id, pricing_model, hourly, currency, source, fetched_at, effective_at, run_id "
             "FROM price_history WHERE %s AND (?5 = 0 OR id < ?5) ORDER BY id DESC LIMIT ?6",
             filters);
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        goto sql_error;
    sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, instance_type, -1, SQLITE_STATIC);
    if (region)
        sqlite3_bind_text(st, 3, region, -1, SQLITE_STATIC);
    if (pricing)
        sqlite3_bind_text(st, 4, pricing, -1, SQLITE_STATIC);
    sqlite3_bind_int64(st, 5, cursor);
    sqlite3_bind_int(st, 6, limit + 1);
    items = json_array();
    long long last_id = 0;
    bool more = false;
    int step;
    while ((step = sqlite3_step(st)) == SQLITE_ROW) {
        if ((int)json_array_size(items) == limit) {
            more = true;
            break;
        }
        last_id = sqlite3_column_int64(st, 0);
        json_t *item = json_object();
        json_object_set_new(item, "region", json_string((const char *)sqlite3_column_text(st, 1)));
        json_object_set_new(item, "pricing_model", json_string((const char *)sqlite3_column_text(st, 2)));
        json_object_set_new(item, "hourly", json_real(sqlite3_column_double(st, 3)));
        json_object_set_new(item, "currency", json_string((const char *)sqlite3_column_text(st, 4)));
        json_object_set_new(item, "source", json_string((const char *)sqlite3_column_text(st, 5)));
        json_object_set_new(item, "fetched_at", json_string((const char *)sqlite3_column_text(st, 6)));
        json_object_set_new(item, "effective_at", json_string((const char *)sqlite3_column_text(st, 7)));
        json_object_set_new(item, "run_id", sqlite3_column_type(st, 8) == SQLITE_NULL
                                                ? json_null()
                                                : json_integer(sqlite3_column_int64(st, 8)));
        json_array_append_new(items, item);
    }
    if (step != SQLITE_ROW && step != SQLITE_DONE)
        goto sql_error;
    char next[32];
    snprintf(next, sizeof next, "%lld", last_id);
    *out = json_object();
    json_object_set_new(*out, "provider", json_string(provider));
    json_object_set_new(*out, "instance_type", json_string(instance_type));
    json_object_set_new(*out, "items", items);
    items = NULL;
    json_object_set_new(*out, "total", json_integer(total));
    json_object_set_new(*out, "next_cursor", more ? json_string(next) : json_null());
    rc = 0;
    goto out;
sql_error:
    snprintf(err, err_len, "reading price history: %s", sqlite3_errmsg(db));
out:
    json_decref(items);
    sqlite3_finalize(st);
    db_close(db);
    return rc;
}
