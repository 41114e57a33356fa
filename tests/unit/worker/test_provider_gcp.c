/* The GCP Cloud Billing Catalog adapter: pages through nextPageToken with the API key, assembles instance prices
 * from GPU, core and RAM SKUs per region and usage type, and ignores SKUs that only look alike. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/config.h"
#include "worker/fetch.h"
#include "worker/providers/provider.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/provider_support.h"

#define SKUS_PATH "/gcp/v1/services/6F81-5844-456A/skus"

static fixture_server *fs;
static config cfg;
static fixture_route *page1, *page2;

static const provider_instance instances[] = {
    {"gcp", "a2-highgpu-1g", "a2-highgpu", "a100-sxm-40gb", 1, 12, 85},
    {"gcp", "a2-highgpu-2g", "a2-highgpu", "a100-sxm-40gb", 2, 24, 170},
    {"gcp", "a3-megagpu-8g", "a3-megagpu", "h100-sxm-80gb", 8, 208, 1872},
    {"gcp", "g2-standard-4", "g2", "l4", 1, 4, 16},
    {"gcp", "n1-standard-4-t4-1", "n1+t4", "t4", 1, 4, 15},
};
static const provider_region regions[] = {{"gcp", "asia-southeast1"}, {"gcp", "us-central1"}, {"gcp", "us-east1"}};

static void setup(void)
{
    fs = provider_support_start(&cfg);
    snprintf(cfg.gcp_billing_url, sizeof cfg.gcp_billing_url, "%s%s", fixture_url(fs), SKUS_PATH);
    snprintf(cfg.gcp_api_key, sizeof cfg.gcp_api_key, "test-key-123");
    page1 = fixture_route_add(fs, SKUS_PATH, NULL, NULL);
    fixture_serve_file(page1, "gcp/skus_page1.json", "application/json");
    page2 = fixture_route_add(fs, SKUS_PATH, "pageToken", "page-2-token");
    fixture_serve_file(page2, "gcp/skus_page2.json", "application/json");
}

static void teardown(void)
{
    fixture_stop(fs);
}

static provider_run make_run(void)
{
    return provider_support_run(&cfg, "gcp", instances, sizeof instances / sizeof instances[0], regions,
                                sizeof regions / sizeof regions[0]);
}

START_TEST(test_prices_are_assembled_from_parts)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_gcp, &run, &b);
    /* vCPUs x core + GiB x RAM + GPUs x GPU, units + nanos / 1e9 each. */
    double a2_1g = 12 * 0.0316 + 85 * 0.00424 + 1 * 2.934;
    double a2_1g_spot = 12 * 0.0126 + 85 * 0.0017 + 1 * 1.17;
    double a2_1g_1y = 12 * 0.0199 + 85 * 0.00267 + 1 * 1.85;
    for (int r = 1; r <= 2; r++) {
        const char *region = regions[r].id;
        provider_support_assert_price(&b, NULL, "a2-highgpu-1g", region, PRICING_ON_DEMAND, a2_1g, NULL);
        provider_support_assert_price(&b, NULL, "a2-highgpu-1g", region, PRICING_SPOT, a2_1g_spot, NULL);
        provider_support_assert_price(&b, NULL, "a2-highgpu-1g", region, PRICING_RESERVED_1Y, a2_1g_1y, NULL);
        provider_support_assert_price(&b, NULL, "a2-highgpu-2g", region, PRICING_ON_DEMAND,
                                      24 * 0.0316 + 170 * 0.00424 + 2 * 2.934, NULL);
        provider_support_assert_price(&b, NULL, "g2-standard-4", region, PRICING_ON_DEMAND,
                                      4 * 0.0249 + 16 * 0.0029 + 0.56, NULL);
    }
    /* The Mega GPU SKU is not the plain H100's; n1 has no SKUs here; Singapore has only an IDR core rate. */
    ck_assert_ptr_null(provider_support_find(&b, "a3-megagpu-8g", "us-central1", PRICING_ON_DEMAND));
    ck_assert_ptr_null(provider_support_find(&b, "n1-standard-4-t4-1", "us-central1", PRICING_ON_DEMAND));
    ck_assert_ptr_null(provider_support_find(&b, "a2-highgpu-1g", "asia-southeast1", PRICING_ON_DEMAND));
    ck_assert_uint_eq(b.count, 14);
    ck_assert_uint_eq(b.rows_seen, 15);
    ck_assert_str_eq(provider_support_find(&b, "g2-standard-4", "us-east1", PRICING_ON_DEMAND)->effective_at,
                     "2025-04-01T07:00:00Z");

    char key[64], token[64], currency[16];
    fixture_last_arg(page1, "key", key, sizeof key);
    fixture_last_arg(page1, "currencyCode", currency, sizeof currency);
    fixture_last_arg(page2, "pageToken", token, sizeof token);
    ck_assert_str_eq(key, "test-key-123");
    ck_assert_str_eq(currency, "USD");
    ck_assert_str_eq(token, "page-2-token");
    ck_assert_uint_eq(fixture_hits(page1), 1);
    ck_assert_uint_eq(fixture_hits(page2), 1);
    price_batch_free(&b);
}
END_TEST

START_TEST(test_off_without_a_key)
{
    const char *why = NULL;
    ck_assert(provider_gcp.enabled(&cfg, &why));
    cfg.gcp_api_key[0] = '\0';
    ck_assert(!provider_gcp.enabled(&cfg, &why));
    ck_assert_ptr_nonnull(strstr(why, "GPUREC_GCP_API_KEY"));
}
END_TEST

static void expect_failure(const char *needle)
{
    provider_run run = make_run();
    char err[512];
    provider_support_expect_failure(&provider_gcp, &run, needle, err, sizeof err);
    /* The key is in the query string, which never reaches an error message. */
    ck_assert_ptr_null(strstr(err, "test-key-123"));
}

START_TEST(test_schema_drift_fails)
{
    fixture_serve_file(page2, "gcp/skus_page2_drift.json", "application/json");
    expect_failure("lacks description");
}
END_TEST

START_TEST(test_second_page_error_fails)
{
    fixture_set_status(page2, 403);
    expect_failure("HTTP 403");
}
END_TEST

START_TEST(test_no_skus_array_fails)
{
    static const char body[] = "{\"error\": {\"code\": 400, \"message\": \"API key not valid\"}}";
    fixture_serve_body(page1, body, sizeof body - 1, "application/json");
    expect_failure("no skus array");
}
END_TEST

static Suite *gcp_suite(void)
{
    Suite *s = suite_create("provider_gcp");
    TCase *tc = tcase_create("gcp");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_prices_are_assembled_from_parts);
    tcase_add_test(tc, test_off_without_a_key);
    tcase_add_test(tc, test_schema_drift_fails);
    tcase_add_test(tc, test_second_page_error_fails);
    tcase_add_test(tc, test_no_skus_array_fails);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(gcp_suite());
}
