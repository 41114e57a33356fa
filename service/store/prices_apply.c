#include "store/prices_apply.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/log.h"
#include "base/util.h"
#include "store/db.h"
#include "store/fx_apply.h"

store_run_record *store_run_record_for(store_run_records *rr, const char *provider)
{
    for (size_t i = 0; i < rr->count; i++)
        if (strcmp(rr->items[i].provider, provider) == 0)
            return &rr->items[i];
    if (rr->count == sizeof rr->items / sizeof rr->items[0])
        return NULL;
    store_run_record *r = &rr->items[rr->count++];
    memset(r, 0, sizeof *r);
    util_copy(r->provider, sizeof r->provider, provider);
    r->id = -1;
    return r;
}

static int insert_run(sqlite3 *db, const char *provider, const char *started_at, const char *finished_at,
                      const char *status, size_t seen, size_t changed, size_t rejected, long long duration_ms,
                      const char *error, const char *failed_parts, long long *id, char *err, size_t err_len)
{
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO refresh_runs (provider_id, started_at, finished_at, status, rows_seen, "
                           "rows_changed, rows_rejected, duration_ms, error, failed_parts) "
                           "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                           -1, &st, NULL) != SQLITE_OK) {
        db_error(db, "database: recording the run", err, err_len);
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
    if (failed_parts != NULL)
        sqlite3_bind_text(st, 10, failed_parts, -1, SQLITE_STATIC);
    if (sqlite3_step(st) != SQLITE_DONE) {
        db_error(db, "database: recording the run", err, err_len);
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
                              "SELECT hourly, currency, source, effective_at, coalesce(effective_end_at, ''), "
                              "coalesce(spot_interruption, ''), estimated, coalesce(listed_at, fetched_at) "
                              "FROM prices WHERE provider_id = ?1 AND instance_type_id = ?2 AND region_id = ?3 AND "
                              "pricing_model = ?4",
                              -1, &a->current, NULL) != SQLITE_OK ||
                   sqlite3_prepare_v2(db,
                                      "SELECT 1 FROM price_history WHERE provider_id = ?1 AND instance_type_id = ?2 "
                                      "AND region_id = ?3 AND pricing_model = ?4 LIMIT 1",
                                      -1, &a->has_history, NULL) != SQLITE_OK ||
                   sqlite3_prepare_v2(db,
                                      "INSERT INTO price_history (provider_id, instance_type_id, region_id, "
                                      "pricing_model, hourly, currency, source, fetched_at, effective_at, run_id, "
                                      "estimated, effective_end_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
                                      "0, ?11)",
                                      -1, &a->history, NULL) != SQLITE_OK ||
                   sqlite3_prepare_v2(db,
                                      "INSERT INTO price_history (provider_id, instance_type_id, region_id, "
                                      "pricing_model, hourly, currency, source, fetched_at, effective_at, run_id, "
                                      "estimated, effective_end_at) "
                                      "SELECT provider_id, instance_type_id, region_id, pricing_model, hourly, "
                                      "currency, source, fetched_at, effective_at, NULL, estimated, effective_end_at "
                                      "FROM prices WHERE "
                                      "provider_id = ?1 AND instance_type_id = ?2 AND region_id = ?3 AND "
                                      "pricing_model = ?4",
                                      -1, &a->history_old, NULL) != SQLITE_OK ||
                   sqlite3_prepare_v2(db,
                                      "INSERT INTO prices (provider_id, instance_type_id, region_id, pricing_model, "
                                      "hourly, currency, source, fetched_at, effective_at, spot_interruption, "
                                      "estimated, effective_end_at, listed_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
                                      "?8, ?9, ?10, 0, ?11, ?12) "
                                      "ON CONFLICT (provider_id, instance_type_id, region_id, pricing_model) DO UPDATE "
                                      "SET hourly = excluded.hourly, currency = excluded.currency, "
                                      "source = excluded.source, fetched_at = excluded.fetched_at, "
                                      "effective_at = excluded.effective_at, "
                                      "spot_interruption = excluded.spot_interruption, estimated = 0, "
                                      "effective_end_at = excluded.effective_end_at, "
                                      "listed_at = excluded.listed_at",
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

/* The key (?1-?4) and the price (?5 hourly, ?6 currency, ?7 source, ?8 fetched_at, ?9 effective_at) of a row. */
static void bind_price(sqlite3_stmt *st, const price_row *row, const char *fetched_at)
{
    bind_key(st, row);
    sqlite3_bind_double(st, 5, row->hourly);
    sqlite3_bind_text(st, 6, row->currency, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 7, row->source, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 8, fetched_at, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 9, row->effective_at, -1, SQLITE_STATIC);
    if (row->effective_end_at[0] != '\0')
        sqlite3_bind_text(st, 11, row->effective_end_at, -1, SQLITE_STATIC);
}

/* Whether a stored source names a refresh's adapter ("aws:price-list", "feed:https://..."): see the header. */
static bool written_by_refresh(const char *source)
{
    const char *colon = source != NULL ? strchr(source, ':') : NULL;
    if (colon == NULL || colon == source || (size_t)(colon - source) >= 16)
        return false;
    char id[16];
    memcpy(id, source, (size_t)(colon - source));
    id[colon - source] = '\0';
    return vocab_adapter_find(id) != NULL;
}

static const char *col_text(sqlite3_stmt *st, int col)
{
    const char *v = (const char *)sqlite3_column_text(st, col);
    return v != NULL ? v : "";
}

/* The stored price of row's key, read by the current statement: what the row is compared with. */
typedef struct stored_price {
    bool had;
    bool stale;     /* the row comes from an older list than the stored price: see the header */
    bool identical; /* nothing served would change */
    bool same_currency;
    double hourly;
} stored_price;

static void compare_stored(sqlite3_stmt *st, const price_row *row, stored_price *sp)
{
    sp->had = true;
    sp->hourly = sqlite3_column_double(st, 0);
    sp->same_currency = strcmp(col_text(st, 1), row->currency) == 0;
    const char *source = col_text(st, 2), *effective = col_text(st, 3);
    const char *known_current_at = col_text(st, 7);
    sp->stale = (row->listed_at[0] != '\0' && strcmp(row->listed_at, known_current_at) < 0) ||
                (written_by_refresh(source) && strcmp(row->effective_at, effective) < 0);
    sp->identical = sp->same_currency && sp->hourly == row->hourly && strcmp(source, row->source) == 0 &&
                    strcmp(effective, row->effective_at) == 0 && strcmp(col_text(st, 4), row->effective_end_at) == 0 &&
                    strcmp(col_text(st, 5), row->spot_interruption) == 0 && sqlite3_column_int(st, 6) == 0;
}

/* Applies the valid, de-duplicated rows; run records are created as providers appear. 0 or -1 with err. */
static int apply_rows(sqlite3 *db, const store_apply *in, store_run_records *rr, store_applied *out, char *err,
                      size_t err_len)
{
    apply_stmts a;
    int rc = -1;
    if (apply_stmts_prepare(db, &a) != 0) {
        db_error(db, "database: preparing the refresh", err, err_len);
        goto out;
    }
    for (size_t i = 0; i < in->count; i++) {
        const price_row *row = &in->rows[i];
        store_run_record *rec = store_run_record_for(rr, row->provider);
        if (rec == NULL) {
            snprintf(err, err_len, "a feed names more than %zu providers", sizeof rr->items / sizeof rr->items[0]);
            goto out;
        }
        if (rec->id < 0 && insert_run(db, row->provider, in->started_at, in->started_at, "ok", 0, 0, 0, 0, NULL, NULL,
                                      &rec->id, err, err_len) != 0)
            goto out;
        bind_key(a.current, row);
        stored_price sp = {false, false, false, false, 0};
        bool changed = true;
        int step = sqlite3_step(a.current);
        if (step == SQLITE_ROW) {
            compare_stored(a.current, row, &sp);
        } else if (step != SQLITE_DONE) {
            db_error(db, "database: reading a stored price", err, err_len);
            goto out;
        }
        sqlite3_reset(a.current);
        if (sp.stale) {
            rec->stale++;
            out->stale++;
            continue;
        }
        if (sp.identical) { /* confirmed, not rewritten: see the header */
            rec->applied++;
            out->applied++;
            continue;
        }
        if (sp.had && sp.same_currency && sp.hourly > 0) {
            if (!in->check(in->check_ctx, row, sp.hourly)) {
                rec->rejected++;
                out->rejected++;
                continue;
            }
            changed = fabs(row->hourly - sp.hourly) > 1e-9 * sp.hourly;
        }
        bool had = sp.had;
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
                        db_error(db, "database: writing price history", err, err_len);
                        goto out;
                    }
                    sqlite3_reset(a.history_old);
                } else if (hs != SQLITE_ROW) {
                    db_error(db, "database: reading price history", err, err_len);
                    goto out;
                }
            }
            bind_price(a.history, row, in->started_at);
            sqlite3_bind_int64(a.history, 10, rec->id);
            if (sqlite3_step(a.history) != SQLITE_DONE) {
                db_error(db, "database: writing price history", err, err_len);
                goto out;
            }
            sqlite3_reset(a.history);
            rec->changed++;
            out->changed++;
        }
        bind_price(a.upsert, row, in->started_at);
        if (row->spot_interruption[0] != '\0')
            sqlite3_bind_text(a.upsert, 10, row->spot_interruption, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(a.upsert, 10);
        if (row->listed_at[0] != '\0')
            sqlite3_bind_text(a.upsert, 12, row->listed_at, -1, SQLITE_STATIC);
        if (sqlite3_step(a.upsert) != SQLITE_DONE) {
            db_error(db, "database: writing a price", err, err_len);
            goto out;
        }
        sqlite3_reset(a.upsert);
        rec->applied++;
        out->applied++;
    }
    rc = 0;
out:
    apply_stmts_free(&a);
    return rc;
}

static int save_states(sqlite3 *db, const char *provider, const provider_state *states, size_t count,
                       const char *now, char *err, size_t err_len)
{
    sqlite3_stmt *st = NULL;
    int rc = -1;
    if (count == 0)
        return 0;
    if (sqlite3_prepare_v2(db,
                           "INSERT INTO fetch_state (provider_id, url, etag, version, updated_at) VALUES "
                           "(?1, ?2, ?3, ?4, ?5) ON CONFLICT (provider_id, url) DO UPDATE SET etag = excluded.etag, "
                           "version = excluded.version, updated_at = excluded.updated_at",
                           -1, &st, NULL) != SQLITE_OK) {
        db_error(db, "database: saving fetch state", err, err_len);
        goto out;
    }
    for (size_t i = 0; i < count; i++) {
        const provider_state *s = &states[i];
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
            db_error(db, "database: saving fetch state", err, err_len);
            goto out;
        }
    }
    rc = 0;
out:
    sqlite3_finalize(st);
    return rc;
}

/* Records a failed run in its own transaction: for the adapter's provider, or for the feed, for every provider whose
 * prices come from a feed (a feed failing before it said which providers it prices has nothing else to name). */
void store_run_failed(sqlite3 *db, const char *adapter, const char *started_at, const char *finished_at,
                      size_t rows_seen, size_t rows_rejected, long long duration_ms, const char *error,
                      const char *failed_parts)
{
    char err[256];
    if (db_begin(db, err, sizeof err) != 0) {
        log_msg(LOG_ERROR, "cannot record a failed refresh", "adapter", adapter, "error", err, NULL);
        return;
    }
    int rc = 0;
    if (strcmp(adapter, "fx") == 0) {
        rc = 0; /* the fx adapter prices no provider: its failure is in the log and /metrics */
    } else if (strcmp(adapter, "feed") != 0) {
        rc = insert_run(db, adapter, started_at, finished_at, "error", rows_seen, 0, rows_rejected, duration_ms,
                        error, failed_parts, NULL, err, sizeof err);
    } else {
        sqlite3_stmt *st = NULL;
        if (sqlite3_prepare_v2(db, "SELECT DISTINCT provider_id FROM prices WHERE source LIKE 'feed:%'", -1, &st,
                               NULL) == SQLITE_OK) {
            while (rc == 0 && sqlite3_step(st) == SQLITE_ROW)
                rc = insert_run(db, (const char *)sqlite3_column_text(st, 0), started_at, finished_at, "error",
                                rows_seen, 0, rows_rejected, duration_ms, error, NULL, NULL, err, sizeof err);
        }
        sqlite3_finalize(st);
    }
    if (rc != 0 || db_commit(db, err, sizeof err) != 0) {
        db_rollback(db);
        log_msg(LOG_ERROR, "cannot record a failed refresh", "adapter", adapter, "error", err, NULL);
    }
}


static bool stopped(const atomic_bool *stop)
{
    return stop != NULL && atomic_load(stop);
}

/* Gives each provider's run record its final figures. */
static int finish_records(sqlite3 *db, const store_apply *in, const store_run_records *rr, const char *finished_at,
                          long long duration_ms, char *err, size_t err_len)
{
    sqlite3_stmt *st = NULL;
    if (sqlite3_prepare_v2(db,
                           "UPDATE refresh_runs SET finished_at = ?1, rows_seen = ?2, rows_changed = ?3, "
                           "rows_rejected = ?4, duration_ms = ?5, rows_stale = ?7, status = ?8, failed_parts = ?9 "
                           "WHERE id = ?6",
                           -1, &st, NULL) != SQLITE_OK)
        return db_error(db, "database: finishing the run record", err, err_len);
    int rc = 0;
    for (size_t i = 0; i < rr->count && rc == 0; i++) {
        const store_run_record *rec = &rr->items[i];
        if (rec->id < 0)
            continue;
        size_t seen = in->is_feed ? rec->applied + rec->rejected : in->rows_seen;
        sqlite3_reset(st);
        sqlite3_bind_text(st, 1, finished_at, -1, SQLITE_STATIC);
        sqlite3_bind_int64(st, 2, (sqlite3_int64)seen);
        sqlite3_bind_int64(st, 3, (sqlite3_int64)rec->changed);
        sqlite3_bind_int64(st, 4, (sqlite3_int64)rec->rejected);
        sqlite3_bind_int64(st, 5, duration_ms);
        sqlite3_bind_int64(st, 6, rec->id);
        sqlite3_bind_int64(st, 7, (sqlite3_int64)rec->stale);
        sqlite3_bind_text(st, 8, in->failed_parts != NULL ? "partial" : "ok", -1, SQLITE_STATIC);
        if (in->failed_parts != NULL)
            sqlite3_bind_text(st, 9, in->failed_parts, -1, SQLITE_STATIC);
        else
            sqlite3_bind_null(st, 9);
        if (sqlite3_step(st) != SQLITE_DONE)
            rc = db_error(db, "database: finishing the run record", err, err_len);
    }
    sqlite3_finalize(st);
    return rc;
}

int store_prices_apply(sqlite3 *db, const store_apply *in, store_run_records *rr, store_applied *out, char *err,
                       size_t err_len)
{
    memset(out, 0, sizeof *out);
    if (db_begin(db, err, err_len) != 0)
        return -1;
    int rc = -1;
    if (!in->is_feed && !in->no_run_record) {
        store_run_record *rec = store_run_record_for(rr, in->adapter);
        if (insert_run(db, in->adapter, in->started_at, in->started_at, "ok", 0, 0, 0, 0, NULL, NULL, &rec->id, err,
                       err_len) != 0)
            goto out;
    }
    if (apply_rows(db, in, rr, out, err, err_len) != 0 || store_fx_apply(db, in, out, err, err_len) != 0)
        goto out;
    if (out->applied == 0) {
        rc = 1;
        goto out;
    }
    if (!in->is_feed && !in->no_run_record && save_states(db, in->adapter, in->states, in->state_count, in->started_at, err, err_len) != 0)
        goto out;
    if (stopped(in->stop)) {
        snprintf(err, err_len, "interrupted by shutdown");
        goto out;
    }
    char finished_at[32];
    util_format_time(time(NULL), finished_at, sizeof finished_at);
    out->duration_s = (double)(util_monotonic_us() - in->started_us) / 1e6;
    if (finish_records(db, in, rr, finished_at, (long long)(out->duration_s * 1000), err, err_len) != 0 ||
        db_commit(db, err, err_len) != 0)
        goto out;
    return 0;
out:
    db_rollback(db);
    return rc;
}

int store_run_unchanged(sqlite3 *db, const char *provider, const char *started_at, const char *finished_at,
                        size_t rows_seen, long long duration_ms, char *err, size_t err_len)
{
    if (db_begin(db, err, err_len) != 0)
        return -1;
    if (insert_run(db, provider, started_at, finished_at, "unchanged", rows_seen, 0, 0, duration_ms, NULL, NULL, NULL,
                   err, err_len) != 0 ||
        db_commit(db, err, err_len) != 0) {
        db_rollback(db);
        return -1;
    }
    return 0;
}

int store_fetch_states_load(sqlite3 *db, const char *provider, provider_state **out, size_t *count, char *err,
                            size_t err_len)
{
    sqlite3_stmt *st = NULL;
    *out = NULL;
    *count = 0;
    if (sqlite3_prepare_v2(db, "SELECT url, etag, version FROM fetch_state WHERE provider_id = ?1", -1, &st, NULL) !=
        SQLITE_OK)
        return db_error(db, "database: loading the catalog for a refresh", err, err_len);
    sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    size_t cap = 0;
    while (sqlite3_step(st) == SQLITE_ROW) {
        if (*count == cap) {
            cap = cap ? cap * 2 : 16;
            *out = xrealloc(*out, cap * sizeof **out);
        }
        provider_state *ps = &(*out)[(*count)++];
        const char *url = (const char *)sqlite3_column_text(st, 0);
        const char *etag = (const char *)sqlite3_column_text(st, 1);
        const char *version = (const char *)sqlite3_column_text(st, 2);
        ps->url = url ? xstrdup(url) : NULL;
        ps->etag = etag ? xstrdup(etag) : NULL;
        ps->version = version ? xstrdup(version) : NULL;
    }
    sqlite3_finalize(st);
    return 0;
}

void store_fetch_states_free(provider_state *states, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        free(states[i].url);
        free(states[i].etag);
        free(states[i].version);
    }
    free(states);
}
