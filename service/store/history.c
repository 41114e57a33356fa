#include "store/history.h"

#include <stdbool.h>
#include <stdio.h>

#include "store/db.h"

/* The filters of both queries: ?1 provider, ?2 instance type, ?3 region and ?4 pricing model (NULL: any). */
static void bind_filters(sqlite3_stmt *st, const char *provider, const char *instance_type, const char *region,
                         const char *pricing)
{
    sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, instance_type, -1, SQLITE_STATIC);
    if (region)
        sqlite3_bind_text(st, 3, region, -1, SQLITE_STATIC);
    if (pricing)
        sqlite3_bind_text(st, 4, pricing, -1, SQLITE_STATIC);
}

int store_history_json(const char *db_path, const char *provider, const char *instance_type, const char *region,
                       const char *pricing, long long cursor, int limit, json_t **out, char *err, size_t err_len)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *st = NULL;
    json_t *items = NULL;
    int rc = -1;
    *out = NULL;
    if (limit <= 0) {
        snprintf(err, err_len, "reading price history: a page needs a positive limit, not %d", limit);
        return -1;
    }
    if (db_open_readonly(db_path, &db, err, err_len) != 0)
        goto out;
    static const char *const filters = "provider_id = ?1 AND instance_type_id = ?2 AND (?3 IS NULL OR region_id = ?3) "
                                       "AND (?4 IS NULL OR pricing_model = ?4)";
    char sql[512];
    snprintf(sql, sizeof sql, "SELECT count(*) FROM price_history WHERE %s", filters);
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
        goto sql_error;
    bind_filters(st, provider, instance_type, region, pricing);
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
    bind_filters(st, provider, instance_type, region, pricing);
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
    db_error(db, "reading price history", err, err_len);
out:
    json_decref(items);
    sqlite3_finalize(st);
    db_close(db);
    return rc;
}
