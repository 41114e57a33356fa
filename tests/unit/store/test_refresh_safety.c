/* The refresh's safety rules against a migrated database (schema and seed catalog) and the fixture server: the
 * rollback guard (an older price never replaces a newer one a refresh wrote), expired prices neither stored nor
 * served, `gpurec import` (refresh_import), the fx adapter's rates in the same transaction, and redirects kept on
 * the source's own host. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
#define KEY "\"provider\": \"azure\", \"instance_type\": \"Standard_ND96isr_H100_v5\", \"region\": \"eastus\""

static fixture_server *fs;
static config cfg;
static char *db_path;
static sqlite3 *db;
static fixture_route *feed, *moved, *fx;

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
    snprintf(cfg.feed_urls[0], sizeof cfg.feed_urls[0], "%s/feeds/prices.json", fixture_url(fs));
    cfg.feed_url_count = 1;
    snprintf(cfg.fx_url, sizeof cfg.fx_url, "%s/fx/eurofxref-daily.xml", fixture_url(fs));
    feed = fixture_route_add(fs, "/feeds/prices.json", NULL, NULL);
    moved = fixture_route_add(fs, "/feeds/moved.json", NULL, NULL);
    fx = fixture_route_add(fs, "/fx/eurofxref-daily.xml", NULL, NULL);
    fixture_serve_file(fx, "fx/eurofxref-daily.xml", "text/xml");
}

static void teardown(void)
{
    db_close(db);
    fixture_stop(fs);
    harness_remove_db(db_path);
}

static long long count_of(const char *sql)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    long long n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    return n;
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

static void serve_feed(const char *rows)
{
    char body[2048];
    snprintf(body, sizeof body, "{\"prices\": [%s]}", rows);
    fixture_serve_body(feed, body, strlen(body), "application/json");
}

static void catalog_version(char *buf, size_t len, size_t *prices)
{
    catalog *snap = NULL;
    char err[256];
    ck_assert_msg(store_catalog_load(db, &snap, err, sizeof err) == 0, "%s", err);
    util_copy(buf, len, snap->version);
    if (prices)
        *prices = snap->price_count;
    catalog_release(snap);
}

#define P5_EAST_PRICE "SELECT hourly FROM prices WHERE instance_type_id = 'p5.48xlarge' AND region_id = " \
                      "'us-east-1' AND pricing_model = 'on_demand'"
#define H100_PRICE "SELECT hourly FROM prices WHERE instance_type_id = 'Standard_ND96isr_H100_v5' AND region_id = " \
                   "'eastus' AND pricing_model = 'on_demand'"

START_TEST(test_an_older_price_never_replaces_a_newer_one)
{
    /* The seed's row is dated when it was read, not when the provider set the price: a live price dated earlier
     * still replaces it. */
    refresh_outcome out;
    serve_feed("{" KEY ", \"pricing_model\": \"on_demand\", \"hourly\": 97.0, \"currency\": \"USD\", "
               "\"effective_at\": \"2025-06-01T00:00:00Z\"}");
    ck_assert_msg(refresh_run(db, &cfg, "feed", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_stale, 0);
    ck_assert_double_eq_tol(real_of(H100_PRICE), 97.0, 1e-9);

    /* A feed with last year's price: refused as stale, counted in the run and its record; the price stays. */
    serve_feed("{" KEY ", \"pricing_model\": \"on_demand\", \"hourly\": 90.0, \"currency\": \"USD\", "
               "\"effective_at\": \"2024-01-01T00:00:00Z\"}, "
               "{" KEY ", \"pricing_model\": \"spot\", \"hourly\": 40.0, \"currency\": \"USD\", "
               "\"effective_at\": \"2024-01-01T00:00:00Z\"}");
    long long history = count_of("SELECT count(*) FROM price_history");
    ck_assert_msg(refresh_run(db, &cfg, "feed", NULL, NOW + 60, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_stale, 1);
    ck_assert_double_eq_tol(real_of(H100_PRICE), 97.0, 1e-9);
    ck_assert_int_eq(count_of("SELECT rows_stale FROM refresh_runs WHERE provider_id = 'azure' ORDER BY id DESC "
                              "LIMIT 1"),
                     1);
    /* the spot row is new (the seed has no Azure spot price), so it is applied with one history row; the stale
     * on-demand row wrote none */
    ck_assert_int_eq(count_of("SELECT count(*) FROM price_history"), history + 1);

    /* Only older is refused: the same date with a new price is applied. */
    serve_feed("{" KEY ", \"pricing_model\": \"on_demand\", \"hourly\": 95.0, \"currency\": \"USD\", "
               "\"effective_at\": \"2025-06-01T00:00:00Z\"}");
    ck_assert_msg(refresh_run(db, &cfg, "feed", NULL, NOW + 120, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_stale, 0);
    ck_assert_double_eq_tol(real_of(H100_PRICE), 95.0, 1e-9);
}
END_TEST

#define P4D_EAST_PRICE "SELECT hourly FROM prices WHERE instance_type_id = 'p4d.24xlarge' AND region_id = " \
                        "'us-east-1' AND pricing_model = 'on_demand'"

/* Serves an AWS price list of one region (us-east-1) from the fixture file named, as version version. */
static void serve_aws_list(fixture_route **index, fixture_route **file, const char *version, const char *fixture)
{
    char path[160], body[512];
    snprintf(path, sizeof path, "/offers/v1.0/aws/AmazonEC2/%s/us-east-1/index.csv", version);
    snprintf(body, sizeof body,
             "{\"formatVersion\": \"v1.0\", \"regions\": {\"us-east-1\": {\"regionCode\": \"us-east-1\", "
             "\"currentVersionUrl\": \"/offers/v1.0/aws/AmazonEC2/%s/us-east-1/index.json\"}}}",
             version);
    if (*index == NULL)
        *index = fixture_route_add(fs, "/aws/offers/v1.0/aws/AmazonEC2/current/region_index.json", NULL, NULL);
    fixture_serve_body(*index, body, strlen(body), "application/json");
    char route[200];
    snprintf(route, sizeof route, "/aws%s", path);
    *file = fixture_route_add(fs, route, NULL, NULL);
    fixture_serve_file(*file, fixture, "text/csv");
}

START_TEST(test_an_older_price_list_never_rolls_back_the_seed)
{
    /* The seed's p4d.24xlarge price (21.96 USD/h) was current on 2025-06-01. An AWS offer file published on
     * 2024-05-28 lists p4d.24xlarge at 32.7726 (effective 2024-05-01) and p5.48xlarge at 98.32: both rows are older
     * than what is held, whatever wrote it, so both are refused and counted as stale; with nothing else in the
     * list the run fails, and its record says why. */
    snprintf(cfg.aws_pricing_url, sizeof cfg.aws_pricing_url, "%s/aws", fixture_url(fs));
    cfg.aws_spot_url[0] = '\0';
    cfg.aws_spot_advisor_url[0] = '\0';
    fixture_route *index = NULL, *file = NULL;
    serve_aws_list(&index, &file, "20240528214251", "aws/us-east-1_2024.csv");
    double p4d = real_of(P4D_EAST_PRICE), p5 = real_of(P5_EAST_PRICE);
    refresh_outcome out;
    ck_assert_int_ne(refresh_run(db, &cfg, "aws", NULL, NOW, &out), 0);
    ck_assert_uint_eq(out.rows_stale, 2);
    ck_assert_double_eq_tol(real_of(P4D_EAST_PRICE), p4d, 1e-9);
    ck_assert_double_eq_tol(real_of(P5_EAST_PRICE), p5, 1e-9);
    char error[256];
    text_of("SELECT error FROM refresh_runs WHERE provider_id = 'aws' ORDER BY id DESC LIMIT 1", error, sizeof error);
    ck_assert_msg(strstr(error, "2 stale") != NULL, "%s", error);

    /* A list published after the held price was known current replaces it, and is then what a list must beat. */
    serve_aws_list(&index, &file, "20261202000000", "aws/us-east-1.csv");
    ck_assert_msg(refresh_run(db, &cfg, "aws", NULL, NOW + 60, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_stale, 0);
    ck_assert_double_eq_tol(real_of(P5_EAST_PRICE), 54.8, 1e-9);
    char listed[32];
    text_of("SELECT listed_at FROM prices WHERE instance_type_id = 'p5.48xlarge' AND region_id = 'us-east-1' AND "
            "pricing_model = 'on_demand'",
            listed, sizeof listed);
    ck_assert_str_eq(listed, "2026-12-02T00:00:00Z");
}
END_TEST

START_TEST(test_expired_prices_are_neither_stored_nor_served)
{
    refresh_outcome out;
    serve_feed("{" KEY ", \"pricing_model\": \"on_demand\", \"hourly\": 97.0, \"currency\": \"USD\", "
               "\"effective_at\": \"2025-01-01T00:00:00Z\", \"effective_end_at\": \"2025-03-31T23:59:59Z\"}, "
               "{" KEY ", \"pricing_model\": \"spot\", \"hourly\": 40.0, \"currency\": \"USD\", "
               "\"effective_at\": \"2025-01-01T00:00:00Z\", \"effective_end_at\": \"2027-01-01T00:00:00Z\"}");
    ck_assert_msg(refresh_run(db, &cfg, "feed", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_expired, 1);
    ck_assert_uint_eq(out.rows_applied, 1);
    ck_assert_double_eq_tol(real_of(H100_PRICE), 98.32, 1.0); /* still the seed's */
    char end[32];
    text_of("SELECT effective_end_at FROM prices WHERE instance_type_id = 'Standard_ND96isr_H100_v5' AND region_id = "
            "'eastus' AND pricing_model = 'spot'",
            end, sizeof end);
    ck_assert_str_eq(end, "2027-01-01T00:00:00Z");

    /* A stored price whose end has passed is left out of the catalog that is served. */
    char version[32];
    size_t before = 0, after = 0;
    catalog_version(version, sizeof version, &before);
    ck_assert_int_eq(sqlite3_exec(db,
                                  "UPDATE prices SET effective_end_at = '2000-01-01T00:00:00Z' WHERE "
                                  "instance_type_id = 'Standard_ND96isr_H100_v5' AND region_id = 'eastus' AND "
                                  "pricing_model = 'spot'",
                                  NULL, NULL, NULL),
                     SQLITE_OK);
    catalog_version(version, sizeof version, &after);
    ck_assert_uint_eq(after, before - 1);
}
END_TEST

START_TEST(test_import_applies_a_document_like_a_feed_run)
{
    static const char doc[] = "{\"prices\": [{" KEY ", \"pricing_model\": \"on_demand\", \"hourly\": \"96.5\", "
                              "\"currency\": \"USD\", \"effective_at\": \"2025-06-01T00:00:00Z\"}, "
                              "{\"provider\": \"nowhere\", \"instance_type\": \"x\", \"region\": \"y\", "
                              "\"pricing_model\": \"spot\", \"hourly\": 1, \"currency\": \"USD\"}]}";
    refresh_outcome out;
    bool bad = true;
    ck_assert_msg(refresh_import(db, &cfg, doc, sizeof doc - 1, "offline.json", NOW, &out, &bad) == 0, "%s",
                  out.error);
    ck_assert(!bad);
    ck_assert_str_eq(out.status, "ok");
    ck_assert_uint_eq(out.rows_seen, 2);
    ck_assert_uint_eq(out.rows_applied, 1);
    ck_assert_uint_eq(out.rows_skipped, 1);
    ck_assert_double_eq_tol(real_of(H100_PRICE), 96.5, 1e-9);
    char source[128];
    text_of("SELECT source FROM prices WHERE instance_type_id = 'Standard_ND96isr_H100_v5' AND region_id = 'eastus' "
            "AND pricing_model = 'on_demand'",
            source, sizeof source);
    ck_assert_str_eq(source, "feed:import:offline.json");
    ck_assert_int_eq(count_of("SELECT count(*) FROM refresh_runs WHERE provider_id = 'azure' AND status = 'ok'"), 1);

    /* A bad row: the run fails, names the row and field, and changes nothing. */
    static const char broken[] = "[{" KEY ", \"pricing_model\": \"on_demand\", \"hourly\": 1.0, \"currency\": "
                                 "\"USD\"}, {" KEY ", \"pricing_model\": \"spot\", \"hourly\": [], \"currency\": "
                                 "\"USD\"}]";
    ck_assert_int_ne(refresh_import(db, &cfg, broken, sizeof broken - 1, "broken.json", NOW, &out, &bad), 0);
    ck_assert(bad);
    ck_assert_msg(strncmp(out.error, "prices[1].hourly ", 17) == 0, "%s", out.error);
    ck_assert_double_eq_tol(real_of(H100_PRICE), 96.5, 1e-9);
}
END_TEST

START_TEST(test_fx_rates_apply_with_their_date_and_keep_the_version_when_unchanged)
{
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "fx", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_str_eq(out.status, "ok");
    ck_assert_uint_eq(out.rows_seen, 5);
    ck_assert_uint_eq(out.fx_changed, 2); /* the seed holds USD, CNY and EUR: CNY and EUR are written */
    /* USD per CNY = rate(USD) / rate(CNY) = 1.0705 / 7.7748 (ECB, 2024-06-28) */
    ck_assert_double_eq_tol(real_of("SELECT usd_per_unit FROM fx_rates WHERE currency = 'CNY'"), 1.0705 / 7.7748,
                            1e-12);
    ck_assert_double_eq_tol(real_of("SELECT usd_per_unit FROM fx_rates WHERE currency = 'EUR'"), 1.0705, 1e-12);
    ck_assert_double_eq_tol(real_of("SELECT usd_per_unit FROM fx_rates WHERE currency = 'USD'"), 1.0, 1e-12);
    char as_of[32], source[160], expected[160];
    text_of("SELECT as_of FROM fx_rates WHERE currency = 'CNY'", as_of, sizeof as_of);
    ck_assert_str_eq(as_of, "2024-06-28T00:00:00Z");
    text_of("SELECT source FROM fx_rates WHERE currency = 'CNY'", source, sizeof source);
    snprintf(expected, sizeof expected, "fx:%.150s", cfg.fx_url);
    ck_assert_str_eq(source, expected);
    ck_assert_int_eq(count_of("SELECT count(*) FROM refresh_runs"), 0); /* fx prices no provider */

    /* The same document again changes nothing, so the catalog keeps its version. */
    char v1[32], v2[32];
    catalog_version(v1, sizeof v1, NULL);
    ck_assert_msg(refresh_run(db, &cfg, "fx", NULL, NOW + 60, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.fx_changed, 0);
    catalog_version(v2, sizeof v2, NULL);
    ck_assert_str_eq(v1, v2);

    /* An older day's rates never replace a newer day's: with nothing else valid, the run fails and changes
     * nothing. */
    fixture_serve_file(fx, "fx/eurofxref-older.xml", "text/xml");
    ck_assert_int_ne(refresh_run(db, &cfg, "fx", NULL, NOW + 120, &out), 0);
    ck_assert_msg(strstr(out.error, "2 stale") != NULL, "%s", out.error);
    text_of("SELECT as_of FROM fx_rates WHERE currency = 'CNY'", as_of, sizeof as_of);
    ck_assert_str_eq(as_of, "2024-06-28T00:00:00Z");

    /* A broken document fails the run; the rates stay. */
    fixture_serve_file(fx, "fx/eurofxref-broken.xml", "text/xml");
    ck_assert_int_ne(refresh_run(db, &cfg, "fx", NULL, NOW + 180, &out), 0);
    ck_assert_ptr_nonnull(strstr(out.error, "fx:"));
    ck_assert_double_eq_tol(real_of("SELECT usd_per_unit FROM fx_rates WHERE currency = 'CNY'"), 1.0705 / 7.7748,
                            1e-12);
}
END_TEST

START_TEST(test_redirects_stay_on_the_source_host)
{
    serve_feed("{" KEY ", \"pricing_model\": \"on_demand\", \"hourly\": 97.0, \"currency\": \"USD\"}");
    /* the same host: followed */
    fixture_redirect(moved, 302, "{{BASE}}/feeds/prices.json");
    snprintf(cfg.feed_urls[0], sizeof cfg.feed_urls[0], "%s/feeds/moved.json", fixture_url(fs));
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "feed", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_double_eq_tol(real_of(H100_PRICE), 97.0, 1e-9);
    unsigned hits = fixture_hits(feed);
    ck_assert_uint_eq(hits, 1);

    /* another host name (the same server, reached as localhost): refused, never fetched, nothing changed */
    const char *port = strrchr(fixture_url(fs), ':');
    char elsewhere[128];
    snprintf(elsewhere, sizeof elsewhere, "http://localhost%s/feeds/prices.json", port);
    fixture_redirect(moved, 301, elsewhere);
    ck_assert_int_ne(refresh_run(db, &cfg, "feed", NULL, NOW + 60, &out), 0);
    ck_assert_msg(strstr(out.error, "redirect to another host") != NULL, "%s", out.error);
    ck_assert_uint_eq(fixture_hits(feed), hits);
}
END_TEST

START_TEST(test_upstream_bodies_stay_out_of_errors)
{
    /* A feed whose body is not JSON: the error says where, never what the server sent. */
    static const char junk[] = "<html>SECRET-UPSTREAM-TEXT</html>";
    fixture_serve_body(feed, junk, sizeof junk - 1, "text/html");
    refresh_outcome out;
    ck_assert_int_ne(refresh_run(db, &cfg, "feed", NULL, NOW, &out), 0);
    ck_assert_ptr_nonnull(strstr(out.error, "malformed JSON"));
    ck_assert_ptr_null(strstr(out.error, "SECRET"));
    ck_assert_ptr_null(strstr(out.error, "html"));
    serve_feed("{" KEY ", \"pricing_model\": \"SECRET-MODEL\", \"hourly\": 1, \"currency\": \"USD\"}");
    ck_assert_int_ne(refresh_run(db, &cfg, "feed", NULL, NOW, &out), 0);
    ck_assert_ptr_nonnull(strstr(out.error, "prices[0].pricing_model"));
    ck_assert_ptr_null(strstr(out.error, "SECRET"));
}
END_TEST

static Suite *refresh_safety_suite(void)
{
    Suite *s = suite_create("refresh_safety");
    TCase *tc = tcase_create("refresh_safety");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_an_older_price_never_replaces_a_newer_one);
    tcase_add_test(tc, test_an_older_price_list_never_rolls_back_the_seed);
    tcase_add_test(tc, test_expired_prices_are_neither_stored_nor_served);
    tcase_add_test(tc, test_import_applies_a_document_like_a_feed_run);
    tcase_add_test(tc, test_fx_rates_apply_with_their_date_and_keep_the_version_when_unchanged);
    tcase_add_test(tc, test_redirects_stay_on_the_source_host);
    tcase_add_test(tc, test_upstream_bodies_stay_out_of_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(refresh_safety_suite());
}
