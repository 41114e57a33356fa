/* The OCI price-list adapter against recorded-format documents served by the fixture server: the GPU parts it turns
 * into shape prices (rate x GPUs per shape, one rate for every region), the parts, metrics, currencies and tiers it
 * must skip, failures, and a refresh run that applies the rows to a migrated database. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/config.h"
#include "base/log.h"
#include "base/util.h"
#include "store/db.h"
#include "worker/fetch.h"
#include "worker/providers/provider.h"
#include "worker/refresh.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/harness.h"
#include "support/provider_support.h"

#define PRODUCTS_PATH "/oci/products/"
/* 2027-01-01T00:00:00Z: after every effective date of the seed catalog. */
#define NOW ((time_t)1798761600)

static fixture_server *fs;
static config cfg;
static fixture_route *products;

/* Sorted by provider, then id, as a run's tables are. */
static const provider_instance instances[] = {
    {"oci", "BM.GPU.A10.4", "GPU.A10", "a10", 4, 64, 1024},
    {"oci", "BM.GPU.H100.8", "GPU.H100", "h100-sxm-80gb", 8, 224, 2048},
    {"oci", "BM.GPU3.8", "GPU3", "v100-sxm2-16gb", 8, 104, 768},
    {"oci", "BM.GPU4.8", "GPU4", "a100-sxm-40gb", 8, 128, 2048},
    {"oci", "VM.GPU.A10.1", "GPU.A10", "a10", 1, 30, 240},
};
static const provider_region regions[] = {{"oci", "eu-frankfurt-1"}, {"oci", "us-ashburn-1"}};
static const price_part parts[] = {
    {"BM.GPU.A10.4", "B95909", 4}, {"BM.GPU.H100.8", "B98415", 8}, {"BM.GPU3.8", "B92740", 8},
    {"BM.GPU4.8", "B93544", 8},    {"VM.GPU.A10.1", "B95909", 1},
};

static void setup(void)
{
    log_setup(LOG_TEXT, LOG_ERROR);
    fs = provider_support_start(&cfg);
    snprintf(cfg.oci_prices_url, sizeof cfg.oci_prices_url, "%s%s?currencyCode=USD", fixture_url(fs), PRODUCTS_PATH);
    products = fixture_route_add(fs, PRODUCTS_PATH, NULL, NULL);
    fixture_serve_file(products, "oci/products.json", "application/json");
}

static void teardown(void)
{
    fixture_stop(fs);
}

static provider_run make_run(void)
{
    provider_run run = provider_support_run(&cfg, "oci", instances, sizeof instances / sizeof instances[0], regions,
                                            sizeof regions / sizeof regions[0]);
    run.parts = parts;
    run.part_count = sizeof parts / sizeof parts[0];
    return run;
}

START_TEST(test_products_are_parsed)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_oci, &run, &b);
    for (size_t r = 0; r < 2; r++) {
        const char *region = regions[r].id;
        /* A10: 3 USD per GPU hour (an integer in the JSON) x 4 and x 1 GPUs. */
        provider_support_assert_price(&b, "oci", "BM.GPU.A10.4", region, PRICING_ON_DEMAND, 12.0, NULL);
        provider_support_assert_price(&b, "oci", "VM.GPU.A10.1", region, PRICING_ON_DEMAND, 3.0, NULL);
        /* H100: the USD localization (11.25), not the EUR one listed first, x 8 GPUs. */
        provider_support_assert_price(&b, "oci", "BM.GPU.H100.8", region, PRICING_ON_DEMAND, 90.0, NULL);
        /* V100: the pay-as-you-go tier from 0 (2.75), not the commitment or the later tier, x 8 GPUs. */
        provider_support_assert_price(&b, "oci", "BM.GPU3.8", region, PRICING_ON_DEMAND, 22.0, NULL);
        /* A100 40 GB: its part is not in the list, so no price. */
        ck_assert_ptr_null(provider_support_find(&b, "BM.GPU4.8", region, PRICING_ON_DEMAND));
    }
    ck_assert_uint_eq(b.count, 8);
    for (size_t i = 0; i < b.count; i++) {
        ck_assert_str_eq(b.rows[i].source, "oci:price-list");
        ck_assert_str_eq(b.rows[i].currency, "USD");
        ck_assert(b.rows[i].hourly != 7.77 && b.rows[i].hourly != 0.031 && b.rows[i].hourly != 0.0123);
    }
    ck_assert_uint_eq(b.rows_seen, 7);
    ck_assert_uint_eq(fixture_hits(products), 1);
    char currency[8];
    fixture_last_arg(products, "currencyCode", currency, sizeof currency);
    ck_assert_str_eq(currency, "USD");
    price_batch_free(&b);
}
END_TEST

START_TEST(test_another_currency_is_read_from_the_url)
{
    snprintf(cfg.oci_prices_url, sizeof cfg.oci_prices_url, "%s%s?currencyCode=EUR", fixture_url(fs), PRODUCTS_PATH);
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_oci, &run, &b);
    /* Only the H100 part has a EUR localization. */
    ck_assert_uint_eq(b.count, 2);
    ck_assert_str_eq(b.rows[0].currency, "EUR");
    ck_assert_double_eq_tol(b.rows[0].hourly, 9.9 * 8, 1e-9);
    price_batch_free(&b);
}
END_TEST

static void expect_failure(const char *needle)
{
    provider_run run = make_run();
    char err[512];
    provider_support_expect_failure(&provider_oci, &run, needle, err, sizeof err);
}

START_TEST(test_a_server_error_fails)
{
    fixture_fail_first(products, 10, 503, -1);
    expect_failure("HTTP 503");
    ck_assert_uint_eq(fixture_hits(products), 2);
}
END_TEST

START_TEST(test_rate_limit_is_waited_out)
{
    fixture_fail_first(products, 1, 429, 1);
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_oci, &run, &b);
    ck_assert_uint_eq(fixture_hits(products), 2);
    ck_assert_uint_eq(b.count, 8);
    price_batch_free(&b);
}
END_TEST

START_TEST(test_a_non_numeric_price_fails)
{
    fixture_serve_file(products, "oci/products_bad_value.json", "application/json");
    expect_failure("B95909");
}
END_TEST

START_TEST(test_a_changed_format_fails)
{
    fixture_serve_file(products, "oci/products_changed.json", "application/json");
    expect_failure("no items array");
}
END_TEST

START_TEST(test_truncated_json_fails)
{
    static const char cut[] = "{\"items\": [{\"partNumber\": \"B95909\", \"metricName\": \"GPU Per";
    fixture_serve_body(products, cut, sizeof cut - 1, "application/json");
    expect_failure("malformed JSON");
}
END_TEST

START_TEST(test_no_mapping_fails_without_fetching)
{
    provider_run run = make_run();
    run.part_count = 0;
    char err[512];
    provider_support_expect_failure(&provider_oci, &run, "oci_price_parts", err, sizeof err);
    ck_assert_uint_eq(fixture_hits(products), 0);
}
END_TEST

START_TEST(test_enabled_by_default)
{
    config defaults;
    config_defaults(&defaults);
    const char *why = NULL;
    ck_assert(provider_oci.enabled(&defaults, &why));
    ck_assert_ptr_nonnull(strstr(defaults.oci_prices_url, "apexapps.oracle.com"));
    defaults.oci_prices_url[0] = '\0';
    ck_assert(!provider_oci.enabled(&defaults, &why));
    ck_assert_ptr_nonnull(strstr(why, "GPUREC_OCI_PRICES_URL"));
}
END_TEST

/* ---- a refresh run against the seed catalog ---- */

static double stored(sqlite3 *db, const char *type, const char *region)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT hourly FROM prices WHERE provider_id = 'oci' AND instance_type_id = ?1 "
                                        "AND region_id = ?2 AND pricing_model = 'on_demand' AND source = "
                                        "'oci:price-list'",
                                        -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(st, 1, type, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, region, -1, SQLITE_STATIC);
    double v = -1;
    if (sqlite3_step(st) == SQLITE_ROW)
        v = sqlite3_column_double(st, 0);
    sqlite3_finalize(st);
    return v;
}

START_TEST(test_refresh_applies_to_the_seed_catalog)
{
    char *db_path = NULL;
    sqlite3 *db = provider_support_open_db(&cfg, &db_path);
    /* Every OCI GPU shape of the seed catalog has its part, but the six Blackwell, MI355X and RTX PRO shapes of
     * 0016: their list prices come from a recorded copy of Oracle's list that names no part numbers, so a refresh
     * leaves their seed rows as they are until a part is mapped (no source the project holds names one). */
    ck_assert_int_eq(provider_support_count(db, "SELECT count(*) FROM instance_types i WHERE provider_id = 'oci' AND "
                                                "NOT EXISTS (SELECT 1 FROM oci_price_parts p WHERE p.instance_type_id "
                                                "= i.id AND p.gpus = i.gpu_count) AND i.id NOT IN ('BM.GPU.B200.8', "
                                                "'BM.GPU.B300.8', 'BM.GPU.GB200.4', 'BM.GPU.GB300.4', "
                                                "'BM.GPU.MI355X.8', 'BM.GPU.RTXPRO.8')"),
                     0);
    long long oci_regions = provider_support_count(db, "SELECT count(*) FROM regions WHERE provider_id = 'oci'");
    ck_assert_int_gt(oci_regions, 1);
    long long shapes = provider_support_count(db, "SELECT count(*) FROM oci_price_parts WHERE part_number IN "
                                                  "('B95909', 'B98415', 'B92740')");

    refresh_outcome out;
    provider_support_refresh(db, &cfg, "oci", NOW, "ok", &out);
    ck_assert_uint_eq(out.rows_seen, 7);
    ck_assert_uint_eq(out.rows_kept, (size_t)(shapes * oci_regions));
    ck_assert_uint_eq(out.rows_applied, (size_t)(shapes * oci_regions));
    ck_assert_uint_eq(out.rows_rejected, 0);
    printf("oci refresh: %zu records seen, %zu rows applied (%lld shapes x %lld regions), %zu changed\n",
           out.rows_seen, out.rows_applied, shapes, oci_regions, out.rows_changed);
    ck_assert_int_eq(provider_support_count(db, "SELECT count(*) FROM prices WHERE source = 'oci:price-list'"),
                     shapes * oci_regions);
    ck_assert_double_eq_tol(stored(db, "BM.GPU.A10.4", "us-ashburn-1"), 12.0, 1e-9);
    ck_assert_double_eq_tol(stored(db, "VM.GPU.A10.2", "eu-frankfurt-1"), 6.0, 1e-9);
    ck_assert_double_eq_tol(stored(db, "BM.GPU.H100.8", "ap-tokyo-1"), 90.0, 1e-9);
    ck_assert_double_eq_tol(stored(db, "VM.GPU3.4", "us-phoenix-1"), 11.0, 1e-9);
    ck_assert_int_eq(provider_support_count(db, "SELECT count(*) FROM refresh_runs WHERE provider_id = 'oci' AND "
                                                "status = 'ok'"),
                     1);

    provider_support_close_db(db, db_path);
}
END_TEST

static Suite *oci_suite(void)
{
    Suite *s = suite_create("provider_oci");
    TCase *tc = tcase_create("oci");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_products_are_parsed);
    tcase_add_test(tc, test_another_currency_is_read_from_the_url);
    tcase_add_test(tc, test_a_server_error_fails);
    tcase_add_test(tc, test_rate_limit_is_waited_out);
    tcase_add_test(tc, test_a_non_numeric_price_fails);
    tcase_add_test(tc, test_a_changed_format_fails);
    tcase_add_test(tc, test_truncated_json_fails);
    tcase_add_test(tc, test_no_mapping_fails_without_fetching);
    tcase_add_test(tc, test_enabled_by_default);
    tcase_add_test(tc, test_refresh_applies_to_the_seed_catalog);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(oci_suite());
}
