/* Helpers the provider adapter suites share; see provider_support.h. */
#include "provider_support.h"

#include <check.h>
#include <math.h>
#include <string.h>

#include "base/log.h"
#include "base/util.h"
#include "store/db.h"
#include "worker/fetch.h"
#include "harness.h"

fixture_server *provider_support_start(config *cfg)
{
    fetch_global_init();
    fixture_server *fs = fixture_start();
    config_defaults(cfg);
    return fs;
}

provider_run provider_support_run(const config *cfg, const char *adapter, const provider_instance *instances,
                                  size_t instance_count, const provider_region *regions, size_t region_count)
{
    provider_run run;
    memset(&run, 0, sizeof run);
    run.cfg = cfg;
    run.adapter = adapter;
    run.instances = instances;
    run.instance_count = instance_count;
    run.regions = regions;
    run.region_count = region_count;
    fetch_options_init(&run.fetch, 30, 1 << 20, NULL); /* room for a loaded machine: no test here is about it */
    run.fetch.backoff_ms = 10;
    run.fetch.max_attempts = 2;
    return run;
}

void provider_support_fetch(const provider_adapter *adapter, const provider_run *run, price_batch *b)
{
    price_batch_init(b);
    char err[512] = "";
    ck_assert_msg(adapter->fetch(run, b, err, sizeof err) == 0, "%s", err);
}

void provider_support_expect_failure(const provider_adapter *adapter, const provider_run *run, const char *needle,
                                     char *err, size_t err_len)
{
    price_batch b;
    price_batch_init(&b);
    err[0] = '\0';
    ck_assert_int_ne(adapter->fetch(run, &b, err, err_len), 0);
    ck_assert_msg(strstr(err, needle) != NULL, "error '%s' lacks '%s'", err, needle);
    price_batch_free(&b);
}

const price_row *provider_support_find_ranked(const price_batch *b, const char *provider, const char *type,
                                              const char *region, pricing_model model, int rank)
{
    for (size_t i = 0; i < b->count; i++) {
        const price_row *r = &b->rows[i];
        if ((provider == NULL || strcmp(r->provider, provider) == 0) && strcmp(r->instance_type, type) == 0 &&
            (region == NULL || strcmp(r->region, region) == 0) && r->model == model && (rank < 0 || r->rank == rank))
            return r;
    }
    return NULL;
}

const price_row *provider_support_find(const price_batch *b, const char *type, const char *region, pricing_model model)
{
    return provider_support_find_ranked(b, NULL, type, region, model, -1);
}

void provider_support_assert_price(const price_batch *b, const char *provider, const char *type, const char *region,
                                   pricing_model model, double hourly, const char *band)
{
    const price_row *r = provider_support_find(b, type, region, model);
    ck_assert_msg(r != NULL, "no %s %s %s", type, region, pricing_model_name(model));
    ck_assert_msg(fabs(r->hourly - hourly) < 1e-9, "%s %s %s: %.9f, want %.9f", type, region,
                  pricing_model_name(model), r->hourly, hourly);
    ck_assert_str_eq(r->currency, "USD");
    if (provider != NULL)
        ck_assert_str_eq(r->provider, provider);
    if (band != NULL)
        ck_assert_str_eq(r->spot_interruption, band);
}

sqlite3 *provider_support_open_db(config *cfg, char **path)
{
    log_setup(LOG_TEXT, LOG_ERROR);
    *path = harness_make_db();
    sqlite3 *db = NULL;
    char err[256];
    ck_assert_msg(db_open(*path, false, &db, err, sizeof err) == 0, "%s", err);
    util_copy(cfg->db_path, sizeof cfg->db_path, *path);
    return db;
}

void provider_support_close_db(sqlite3 *db, char *path)
{
    db_close(db);
    harness_remove_db(path);
}

void provider_support_refresh_setup(fixture_server **fs, config *cfg, char **db_path, sqlite3 **db,
                                    unsigned fetch_timeout_s)
{
    *fs = provider_support_start(cfg);
    cfg->fetch_timeout_s = fetch_timeout_s;
    *db = provider_support_open_db(cfg, db_path);
}

void provider_support_refresh_teardown(fixture_server *fs, sqlite3 *db, char *db_path)
{
    provider_support_close_db(db, db_path);
    fixture_stop(fs);
}

void provider_support_refresh(sqlite3 *db, const config *cfg, const char *adapter, time_t now, const char *status,
                              refresh_outcome *out)
{
    ck_assert_msg(refresh_run(db, cfg, adapter, NULL, now, out) == 0, "%s", out->error);
    ck_assert_str_eq(out->status, status);
}

long long provider_support_count(sqlite3 *db, const char *sql)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    long long n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
}
