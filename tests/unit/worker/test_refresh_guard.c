/* What a price run may change (service/worker/refresh.c, its checks in service/worker/validate.c and its writes in
 * service/store/prices_apply.c), against a migrated database (schema and seed catalog): a row that changes nothing
 * served is not rewritten (the catalog keeps its version), the plausibility guard is anchored where a run cannot move
 * it, prices given as strings are decimal, a refused row is named with its place in the document, the same offer
 * twice in one document is settled as across feeds (the later row wins), and a feed's text holds no control
 * characters. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/config.h"
#include "base/util.h"
#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/provider_support.h"
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
    provider_support_refresh_setup(&fs, &cfg, &db_path, &db, 30);
    snprintf(cfg.feed_urls[0], sizeof cfg.feed_urls[0], "%s/feeds/negotiated.json", fixture_url(fs));
    cfg.feed_url_count = 1;
    fixture_serve_file(fixture_route_add(fs, "/feeds/negotiated.json", NULL, NULL), "feed/negotiated.json",
                       "application/json");
}

static void teardown(void)
{
    provider_support_refresh_teardown(fs, db, db_path);
}

static double real_of(const char *sql)
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

/* refresh_import of text at now; its return code (out->code says why it failed). */
static int import_at(const char *text, time_t now, refresh_outcome *out)
{
    return refresh_import(db, &cfg, text, strlen(text), "guard.json", now, out);
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
    ck_assert_msg(import_at(doc, NOW + 7200, &out) == 0, "%s", out.error);
    catalog_version(v1, sizeof v1);
    ck_assert_msg(import_at(doc, NOW + 9000, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_changed, 0);
    catalog_version(v2, sizeof v2);
    ck_assert_str_eq(v1, v2);

    /* A new price without a date is dated with its run. */
    static const char moved[] = "[{" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": 1.3, \"currency\": \"USD\"}]";
    ck_assert_msg(import_at(moved, NOW + 9600, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_changed, 1);
    char effective[32];
    text_of("SELECT effective_at FROM prices WHERE instance_type_id = 'g5.xlarge' AND region_id = 'us-east-1' AND "
            "pricing_model = 'on_demand'",
            effective, sizeof effective);
    ck_assert_str_eq(effective, "2025-06-15T02:40:00Z");
}
END_TEST

/* An import of one g5.xlarge on-demand row at hourly (a JSON number's text), at now. */
static int import_g5(const char *hourly, time_t now, refresh_outcome *out)
{
    char doc[256];
    snprintf(doc, sizeof doc, "[{" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": %s, \"currency\": \"USD\"}]",
             hourly);
    return import_at(doc, now, out);
}

START_TEST(test_the_guard_cannot_be_walked)
{
    /* The seed has 1.006 USD/h. Each step below is within 5x of the price before it; the anchor (the price 30 days
     * back, here the oldest on record: the seed's) stops the walk at the second. */
    refresh_outcome out;
    ck_assert_msg(import_g5("4.5", NOW, &out) == 0, "%s", out.error);
    ck_assert_double_eq_tol(real_of(G5_PRICE), 4.5, 1e-9);
    ck_assert_int_ne(import_g5("20.0", NOW + 60, &out), 0);
    ck_assert_uint_eq(out.rows_rejected, 1);
    ck_assert_double_eq_tol(real_of(G5_PRICE), 4.5, 1e-9);
    ck_assert_int_ne(import_g5("0.15", NOW + 120, &out), 0); /* 30x down from 4.5, 6.7x from 1.006 */
    ck_assert_double_eq_tol(real_of(G5_PRICE), 4.5, 1e-9);
    /* Back near the anchor is fine, and so is a step down within 5x of both. */
    ck_assert_msg(import_g5("1.1", NOW + 180, &out) == 0, "%s", out.error);
    ck_assert_msg(import_g5("0.3", NOW + 240, &out) == 0, "%s", out.error);
    ck_assert_int_ne(import_g5("0.19", NOW + 300, &out), 0); /* 1.6x from 0.3, 5.3x from 1.006 */
    ck_assert_double_eq_tol(real_of(G5_PRICE), 0.3, 1e-9);

    /* The anchor moves with time alone: 31 days on, it is the price that stood 30 days before (0.3), and a step
     * within 5x of it and of the stored price passes. */
    ck_assert_msg(import_g5("0.19", NOW + 31 * DAY, &out) == 0, "%s", out.error);
    ck_assert_double_eq_tol(real_of(G5_PRICE), 0.19, 1e-9);
}
END_TEST

START_TEST(test_string_prices_are_decimal_only)
{
    static const char *const refused[] = {"\"0x1.8p0\"", "\"0x10\"", "\"inf\"", "\"nan\"", "\"infinity\"", "\" 1.5\"",
                                          "\"1.5 \"", "\"1,5\"", "\"\"", "\".\"", "\"1e\"", "\"--1\""};
    refresh_outcome out;
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        char doc[256];
        snprintf(doc, sizeof doc,
                 "[{" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": %s, \"currency\": \"USD\"}]", refused[i]);
        ck_assert_msg(import_at(doc, NOW, &out) != 0, "%s was taken", refused[i]);
        ck_assert_int_eq(out.code, REFRESH_BAD_DOCUMENT);
        ck_assert_msg(strstr(out.error, "prices[0].hourly") != NULL, "%s: %s", refused[i], out.error);
        ck_assert_double_eq_tol(real_of(G5_PRICE), 1.006, 1e-9);
    }
    static const char *const taken[] = {"\"1.25\"", "\"1.5e0\"", "\"2.\"", "\".9\"", "\"+1.1\""};
    static const double values[] = {1.25, 1.5, 2.0, 0.9, 1.1};
    for (size_t i = 0; i < sizeof taken / sizeof taken[0]; i++) {
        ck_assert_msg(import_g5(taken[i], NOW + (time_t)i, &out) == 0, "%s: %s", taken[i], out.error);
        ck_assert_double_eq_tol(real_of(G5_PRICE), values[i], 1e-9);
    }
}
END_TEST

START_TEST(test_a_refused_row_is_named)
{
    /* prices[1] is refused by the guard, prices[2] by validation; prices[0] applies. */
    static const char doc[] =
        "[{" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": 1.1, \"currency\": \"USD\"}, "
        "{\"provider\": \"azure\", \"instance_type\": \"Standard_ND96isr_H100_v5\", \"region\": \"eastus\", "
        "\"pricing_model\": \"on_demand\", \"hourly\": 9.5, \"currency\": \"USD\"}, "
        "{" G5 ", \"pricing_model\": \"spot\", \"hourly\": 0.4, \"currency\": \"XXX\"}]";
    refresh_outcome out;
    ck_assert_msg(import_at(doc, NOW, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_rejected, 2);
    ck_assert_uint_eq(out.named_count, 2);
    ck_assert_str_eq(out.named[0].field, "prices[2].currency");
    ck_assert_str_eq(out.named[1].field, "prices[1].hourly");
    ck_assert_msg(strstr(out.named[1].message, "moves more than 5x from the stored 98.32") != NULL, "%s",
                  out.named[1].message);

    /* With nothing valid the import fails, and the error names the row too. */
    static const char alone[] = "[{\"provider\": \"azure\", \"instance_type\": \"Standard_ND96isr_H100_v5\", "
                                "\"region\": \"eastus\", \"pricing_model\": \"on_demand\", \"hourly\": 9.5, "
                                "\"currency\": \"USD\"}]";
    ck_assert_int_ne(import_at(alone, NOW + 60, &out), 0);
    ck_assert_int_eq(out.code, REFRESH_NO_VALID_PRICE);
    ck_assert_uint_eq(out.named_count, 1);
    ck_assert_str_eq(out.named[0].field, "prices[0].hourly");
}
END_TEST

START_TEST(test_one_offer_twice_in_a_document_the_last_row_wins)
{
    /* Same dates (none stated), then a later row with an earlier date: the later row wins either way. */
    static const char doc[] = "{\"prices\": [{" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": 1.1, "
                              "\"currency\": \"USD\"}, {" G5 ", \"pricing_model\": \"spot\", \"hourly\": 0.4, "
                              "\"currency\": \"USD\"}, {" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": 1.2, "
                              "\"currency\": \"USD\"}]}";
    refresh_outcome out;
    ck_assert_msg(import_at(doc, NOW, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_applied, 2);
    ck_assert_uint_eq(out.rows_skipped, 1);
    ck_assert_double_eq_tol(real_of(G5_PRICE), 1.2, 1e-9);
    static const char dated[] = "[{" G5 ", \"pricing_model\": \"on_demand\", \"hourly\": 1.3, \"currency\": \"USD\", "
                                "\"effective_at\": \"2025-06-15T00:00:40Z\"}, {" G5 ", \"pricing_model\": \"on_demand\", "
                                "\"hourly\": 1.25, \"currency\": \"USD\", \"effective_at\": \"2025-06-15T00:00:30Z\"}]";
    ck_assert_msg(import_at(dated, NOW + 60, &out) == 0, "%s", out.error);
    ck_assert_double_eq_tol(real_of(G5_PRICE), 1.25, 1e-9);
}
END_TEST

START_TEST(test_feed_text_refuses_control_characters)
{
    /* spot_interruption is served back by /v1/instances and printed by the command line */
    static const char *const texts[] = {"\\u001b[2J", "5-10%\\u0007", "\\u007f", "\\u009b31m", "a\\nb"};
    refresh_outcome out;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char doc[256];
        snprintf(doc, sizeof doc, "[{" G5 ", \"pricing_model\": \"spot\", \"hourly\": 0.4, \"currency\": \"USD\", "
                                  "\"spot_interruption\": \"%s\"}]", texts[i]);
        ck_assert_msg(import_at(doc, NOW, &out) != 0, "%s was taken", texts[i]);
        ck_assert_int_eq(out.code, REFRESH_BAD_DOCUMENT);
        ck_assert_msg(strncmp(out.error, "prices[0].spot_interruption ", 28) == 0, "%s", out.error);
    }
    static const char provider[] = "[{\"provider\": \"aws\\u001b\", \"instance_type\": \"g5.xlarge\", \"region\": "
                                   "\"us-east-1\", \"pricing_model\": \"spot\", \"hourly\": 0.4, \"currency\": \"USD\"}]";
    ck_assert_int_ne(import_at(provider, NOW, &out), 0);
    ck_assert_int_eq(out.code, REFRESH_BAD_DOCUMENT);
    ck_assert_msg(strncmp(out.error, "prices[0].provider ", 19) == 0, "%s", out.error);
}
END_TEST

static Suite *guard_suite(void)
{
    Suite *s = suite_create("refresh_guard");
    TCase *tc = tcase_create("refresh_guard");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_a_row_without_a_date_is_not_rewritten);
    tcase_add_test(tc, test_the_guard_cannot_be_walked);
    tcase_add_test(tc, test_string_prices_are_decimal_only);
    tcase_add_test(tc, test_a_refused_row_is_named);
    tcase_add_test(tc, test_one_offer_twice_in_a_document_the_last_row_wins);
    tcase_add_test(tc, test_feed_text_refuses_control_characters);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(guard_suite());
}
