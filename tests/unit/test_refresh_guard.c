/* What a price run may change, against a migrated database (schema and seed catalog): a row that changes nothing
 * served is not rewritten (the catalog keeps its version), the plausibility guard is anchored where a run cannot move
 * it, prices given as strings are decimal, a refused row is named with its place in the document, and the same offer
 * twice in one document is settled as across feeds: the last one wins. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/config.h"
#include "base/util.h"
#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "store/db.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/harness.h"
#include "worker/fetch.h"
#include "worker/refresh.h"

/* 2025-06-15T00:00:00Z: after every effective date of the fixtures. */
#define NOW ((time_t)1749945600)
#define DAY ((time_t)86400)
#define G5 "\"provider\": \"aws\", \"instance_type\": \"g5.xlarge\", \"region\": \"us-east-1\""
#define G5_PRICE "SELECT hourly FROM prices WHERE instance_type_id = 'g5.xlarge' AND region_id = 'us-east-1' AND " \
                 "pricing_model = 'on_demand'"

static fixture_server *fs;
static config cfg;
static char *db_path;
static sqlite3 *db;

static void setup(void)
{
    fetch_global_init();
    log_setup(LOG_TEXT, LOG_ERROR);
    fs = fixture_start();
    db_path = harness_make_db();
    char err[256];
    ck_assert_msg(db_open(db_path, false, &db, err, sizeof err) == 0, "%s", err);
    config_defaults(&cfg);
    util_copy(cfg.db_path, sizeof cfg.db_path, db_path);
    cfg.fetch_timeout_s = 30;
    snprintf(cfg.feed_urls[0], sizeof cfg.feed_urls[0], "%s/feeds/negotiated.json", fixture_url(fs));
    cfg.feed_url_count = 1;
    fixture_serve_file(fixture_route_add(fs, "/feeds/negotiated.json", NULL, NULL), "feed/negotiated.json",
                       "application/json");
}

static void teardown(void)
{
    db_close(db);
    fixture_stop(fs);
    harness_remove_db(db_path);
}

__attribute__((unused)) static double real_of(const char *sql)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    double v = sqlite3_column_double(st, 0);
    sqlite3_finalize(st);
    return v;
}

static void text_of(const char *sql, char *buf, size_t len)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    const char *v = (const char *)sqlite3_column_text(st, 0);
    util_copy(buf, len, v ? v : "");
    sqlite3_finalize(st);
}

static void catalog_version(char *buf, size_t len)
{
    catalog *snap = NULL;
    char err[256];
    ck_assert_msg(store_catalog_load(db, &snap, err, sizeof err) == 0, "%s", err);
    util_copy(buf, len, snap->version);
    catalog_release(snap);
}

/* refresh_import of text at now; its return code. */
static int import_at(const char *text, time_t now, refresh_outcome *out, bool *bad)
{
    return refresh_import(db, &cfg, text, strlen(text), "guard.json", now, out, bad);
}

#define RESERVED_DATES "SELECT effective_at || ' ' || fetched_at FROM prices WHERE instance_type_id = " \
                       "'Standard_ND96isr_H100_v5' AND region_id = 'eastus' AND pricing_model = 'reserved_1y'"

START_TEST(test_a_row_without_a_date_is_not_rewritten)
{
    /* negotiated.json's Azure reserved row states no effective_at: the first run dates it with the run's time ... */
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "feed", NULL, NOW, &out) == 0, "%s", out.error);
    char v1[32], v2[32], dates1[80], dates2[80];
    catalog_version(v1, sizeof v1);
    text_of(RESERVED_DATES, dates1, sizeof dates1);
    ck_assert_str_eq(dates1, "2025-06-15T00:00:00Z 2025-06-15T00:00:00Z");

    /* ... and a later run of the same feed changes nothing served: no row rewritten, the version kept. */
    ck_assert_msg(refresh_run(db, &cfg, "feed", NULL, NOW + 3600, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_changed, 0);
    catalog_version(v2, sizeof v2);
    ck_assert_str_eq(v1, v2);
    text_of(RESERVED_DATES, dates2, sizeof dates2);
    ck_assert_str_eq(dates1, dates2);

    /* The same for an import given twice. */
    static const char doc[] = "[{" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": 1.2, \"currency\": \"USD\"}]";
    bool bad = false;
    ck_assert_msg(import_at(doc, NOW + 7200, &out, &bad) == 0, "%s", out.error);
    catalog_version(v1, sizeof v1);
    ck_assert_msg(import_at(doc, NOW + 9000, &out, &bad) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_changed, 0);
    catalog_version(v2, sizeof v2);
    ck_assert_str_eq(v1, v2);

    /* A new price without a date is dated with its run. */
    static const char moved[] = "[{" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": 1.3, \"currency\": \"USD\"}]";
    ck_assert_msg(import_at(moved, NOW + 9600, &out, &bad) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_changed, 1);
    char effective[32];
    text_of("SELECT effective_at FROM prices WHERE instance_type_id = 'g5.xlarge' AND region_id = 'us-east-1' AND "
            "pricing_model = 'on_demand'",
            effective, sizeof effective);
    ck_assert_str_eq(effective, "2025-06-15T02:40:00Z");
}
END_TEST

static Suite *guard_suite(void)
{
    Suite *s = suite_create("refresh_guard");
    TCase *tc = tcase_create("refresh_guard");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_a_row_without_a_date_is_not_rewritten);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(guard_suite());
}
