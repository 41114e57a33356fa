/* The Lambda Cloud adapter against recorded-format answers served by the fixture server: the key sent as a bearer
 * token, integer cents turned into USD, regions with capacity, a type sold out everywhere still priced, unknown types
 * skipped; a refused key, throttling, server errors and a changed format; off without a key; the key never in a
 * message; and a refresh run that applies the rows to a migrated database. */
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

#define TYPES_PATH "/lambda/api/v1/instance-types"
#define KEY "secret_test-key.4f1c9e2a7b"
/* 2027-01-01T00:00:00Z: after every effective date of the seed catalog. */
#define NOW ((time_t)1798761600)

static fixture_server *fs;
static config cfg;
static fixture_route *types;

/* Sorted by provider, then id, as a run's tables are. */
static const provider_instance instances[] = {
    {"lambda", "gpu_1x_a10", "a10", "a10", 1, 30, 200},
    {"lambda", "gpu_1x_gh200", "gh200", "gh200-96gb", 1, 64, 432},
    {"lambda", "gpu_8x_h100_sxm5", "h100", "h100-sxm-80gb", 8, 208, 1800},
};
static const provider_region regions[] = {{"lambda", "europe-central-1"}, {"lambda", "us-east-1"},
                                          {"lambda", "us-west-1"}};

static void setup(void)
{
    log_setup(LOG_TEXT, LOG_ERROR);
    fs = provider_support_start(&cfg);
    snprintf(cfg.lambda_api_url, sizeof cfg.lambda_api_url, "%s%s", fixture_url(fs), TYPES_PATH);
    util_copy(cfg.lambda_api_key, sizeof cfg.lambda_api_key, KEY);
    types = fixture_route_add(fs, TYPES_PATH, NULL, NULL);
    fixture_serve_file(types, "lambda/instance_types.json", "application/json");
}

static void teardown(void)
{
    fixture_stop(fs);
}

static provider_run make_run(void)
{
    return provider_support_run(&cfg, "lambda", instances, sizeof instances / sizeof instances[0], regions,
                                sizeof regions / sizeof regions[0]);
}

START_TEST(test_instance_types_are_parsed)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_lambda, &run, &b);
    /* 89 cents, in the two catalog regions with capacity (us-nowhere-9 is not in the catalog). */
    provider_support_assert_price(&b, "lambda", "gpu_1x_a10", "us-east-1", PRICING_ON_DEMAND, 0.89, NULL);
    provider_support_assert_price(&b, "lambda", "gpu_1x_a10", "us-west-1", PRICING_ON_DEMAND, 0.89, NULL);
    ck_assert_ptr_null(provider_support_find(&b, "gpu_1x_a10", "europe-central-1", PRICING_ON_DEMAND));
    /* Sold out everywhere (empty list), or with capacity only outside the catalog: the list price in every region. */
    for (size_t r = 0; r < 3; r++) {
        provider_support_assert_price(&b, "lambda", "gpu_8x_h100_sxm5", regions[r].id, PRICING_ON_DEMAND, 27.5,
                                      NULL);
        provider_support_assert_price(&b, "lambda", "gpu_1x_gh200", regions[r].id, PRICING_ON_DEMAND, 1.79, NULL);
    }
    /* Nothing for the type the catalog does not know. */
    ck_assert_uint_eq(b.count, 8);
    for (size_t i = 0; i < b.count; i++) {
        ck_assert(b.rows[i].hourly != 9.99);
        ck_assert_str_eq(b.rows[i].source, "lambda:instance-types-api");
    }
    ck_assert_uint_eq(b.rows_seen, 4);
    char auth[512];
    fixture_last_authorization(types, auth, sizeof auth);
    ck_assert_str_eq(auth, "Bearer " KEY);
    price_batch_free(&b);
}
END_TEST

/* Fails with needle in the message, and the key nowhere in it. */
static void expect_failure(const char *needle)
{
    provider_run run = make_run();
    char err[512];
    provider_support_expect_failure(&provider_lambda, &run, needle, err, sizeof err);
    ck_assert_msg(strstr(err, KEY) == NULL && strstr(err, "4f1c9e2a7b") == NULL, "the key is in: %s", err);
}

START_TEST(test_a_refused_key_fails)
{
    fixture_serve_file(types, "lambda/unauthorized.json", "application/json");
    fixture_set_status(types, 401);
    expect_failure("refused the key (HTTP 401)");
    ck_assert_uint_eq(fixture_hits(types), 1); /* not retried */
    fixture_set_status(types, 403);
    expect_failure("refused the key (HTTP 403)");
}
END_TEST

START_TEST(test_rate_limit_is_waited_out)
{
    fixture_fail_first(types, 1, 429, 1);
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_lambda, &run, &b);
    ck_assert_uint_eq(fixture_hits(types), 2);
    ck_assert_uint_eq(b.count, 8);
    price_batch_free(&b);
}
END_TEST

START_TEST(test_a_server_error_fails)
{
    fixture_fail_first(types, 10, 502, -1);
    expect_failure("HTTP 502");
    ck_assert_uint_eq(fixture_hits(types), 2);
}
END_TEST

START_TEST(test_a_changed_format_fails)
{
    fixture_serve_file(types, "lambda/instance_types_changed.json", "application/json");
    expect_failure("no data object");
}
END_TEST

START_TEST(test_a_price_that_is_not_integer_cents_fails)
{
    fixture_serve_file(types, "lambda/instance_types_real_price.json", "application/json");
    expect_failure("price_cents_per_hour is not an integer");
}
END_TEST

START_TEST(test_truncated_json_fails)
{
    static const char cut[] = "{\"data\": {\"gpu_1x_a10\": {\"instance_type\": {\"price_cents_per";
    fixture_serve_body(types, cut, sizeof cut - 1, "application/json");
    expect_failure("malformed JSON");
}
END_TEST

START_TEST(test_a_key_in_the_url_stays_out_of_messages)
{
    /* Even a URL that carries the key in its query string (not how the adapter sends it) is named without it. */
    snprintf(cfg.lambda_api_url, sizeof cfg.lambda_api_url, "%s%s?api_key=%s", fixture_url(fs), TYPES_PATH, KEY);
    fixture_set_status(types, 500);
    expect_failure("HTTP 500");
}
END_TEST

START_TEST(test_off_without_a_key)
{
    config defaults;
    config_defaults(&defaults);
    const char *why = NULL;
    ck_assert(!provider_lambda.enabled(&defaults, &why));
    ck_assert_ptr_nonnull(strstr(why, "GPUREC_LAMBDA_API_KEY"));
    util_copy(defaults.lambda_api_key, sizeof defaults.lambda_api_key, KEY);
    ck_assert(provider_lambda.enabled(&defaults, &why));

    /* A refresh says why, and records nothing. */
    char *db_path = NULL;
    sqlite3 *db = provider_support_open_db(&cfg, &db_path);
    cfg.lambda_api_key[0] = '\0';
    refresh_outcome out;
    ck_assert_int_ne(refresh_run(db, &cfg, "lambda", NULL, NOW, &out), 0);
    ck_assert_ptr_nonnull(strstr(out.error, "lambda is off: no GPUREC_LAMBDA_API_KEY"));
    ck_assert_uint_eq(fixture_hits(types), 0);
    provider_support_close_db(db, db_path);
}
END_TEST

START_TEST(test_refresh_applies_to_the_seed_catalog)
{
    char *db_path = NULL;
    sqlite3 *db = provider_support_open_db(&cfg, &db_path);
    long long lambda_regions = provider_support_count(db, "SELECT count(*) FROM regions WHERE provider_id = 'lambda'");
    ck_assert_int_gt(lambda_regions, 2);
    ck_assert_int_eq(provider_support_count(db, "SELECT count(*) FROM regions WHERE provider_id = 'lambda' AND id IN "
                                                "('us-east-1', 'us-west-1')"),
                     2);

    refresh_outcome out;
    provider_support_refresh(db, &cfg, "lambda", NOW, "ok", &out);
    /* gpu_1x_a10 in its 2 regions with capacity; the sold-out H100 and the GH200 in every lambda region. */
    size_t expected = (size_t)(2 + 2 * lambda_regions);
    ck_assert_uint_eq(out.rows_seen, 4);
    ck_assert_uint_eq(out.rows_applied, expected);
    ck_assert_uint_eq(out.rows_rejected, 0);
    printf("lambda refresh: %zu records seen, %zu rows applied (%lld lambda regions), %zu changed\n", out.rows_seen,
           out.rows_applied, lambda_regions, out.rows_changed);
    ck_assert_int_eq(provider_support_count(db, "SELECT count(*) FROM prices WHERE source = "
                                                "'lambda:instance-types-api'"),
                     (long long)expected);
    ck_assert_int_eq(provider_support_count(db, "SELECT count(*) FROM prices WHERE provider_id = 'lambda' AND "
                                                "instance_type_id = 'gpu_8x_h100_sxm5' AND pricing_model = 'on_demand' "
                                                "AND abs(hourly - 27.5) < 1e-9"),
                     lambda_regions);
    ck_assert_int_eq(provider_support_count(db, "SELECT count(*) FROM prices WHERE provider_id = 'lambda' AND "
                                                "instance_type_id = 'gpu_1x_a10' AND region_id = 'us-east-1' AND "
                                                "abs(hourly - 0.89) < 1e-9"),
                     1);
    /* The key is in no stored text. */
    ck_assert_int_eq(provider_support_count(db, "SELECT count(*) FROM refresh_runs WHERE coalesce(error, '') LIKE "
                                                "'%4f1c9e2a7b%'"),
                     0);

    provider_support_close_db(db, db_path);
}
END_TEST

START_TEST(test_a_failed_refresh_records_no_key)
{
    char *db_path = NULL;
    sqlite3 *db = provider_support_open_db(&cfg, &db_path);
    fixture_set_status(types, 401);
    refresh_outcome out;
    ck_assert_int_ne(refresh_run(db, &cfg, "lambda", NULL, NOW, &out), 0);
    ck_assert_ptr_null(strstr(out.error, "4f1c9e2a7b"));
    ck_assert_int_eq(provider_support_count(db, "SELECT count(*) FROM refresh_runs WHERE provider_id = 'lambda' AND "
                                                "status = 'error' AND error LIKE '%refused the key%' AND error NOT "
                                                "LIKE '%4f1c9e2a7b%'"),
                     1);
    provider_support_close_db(db, db_path);
}
END_TEST

static Suite *lambda_suite(void)
{
    Suite *s = suite_create("provider_lambda");
    TCase *tc = tcase_create("lambda");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_instance_types_are_parsed);
    tcase_add_test(tc, test_a_refused_key_fails);
    tcase_add_test(tc, test_rate_limit_is_waited_out);
    tcase_add_test(tc, test_a_server_error_fails);
    tcase_add_test(tc, test_a_changed_format_fails);
    tcase_add_test(tc, test_a_price_that_is_not_integer_cents_fails);
    tcase_add_test(tc, test_truncated_json_fails);
    tcase_add_test(tc, test_a_key_in_the_url_stays_out_of_messages);
    tcase_add_test(tc, test_off_without_a_key);
    tcase_add_test(tc, test_refresh_applies_to_the_seed_catalog);
    tcase_add_test(tc, test_a_failed_refresh_records_no_key);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(lambda_suite());
}
