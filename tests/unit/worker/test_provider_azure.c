/* The Azure Retail Prices adapter against recorded-format pages served by the fixture server: the filter it sends,
 * pagination through NextPageLink, the rows it keeps and the awkward rows it must skip, and failures. */
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

#define PRICES_PATH "/azure/api/retail/prices"

static fixture_server *fs;
static config cfg;
static fixture_route *first_page, *second_page;

static const provider_instance instances[] = {
    {"azure", "Standard_NC24ads_A100_v4", "NCadsA100_v4", "a100-pcie-80gb", 1, 24, 220},
    {"azure", "Standard_ND96isr_H100_v5", "NDisrH100_v5", "h100-sxm-80gb", 8, 96, 1900},
};
static const provider_region regions[] = {{"azure", "eastus"}, {"azure", "westeurope"}};

static void setup(void)
{
    fs = provider_support_start(&cfg);
    snprintf(cfg.azure_prices_url, sizeof cfg.azure_prices_url, "%s%s", fixture_url(fs), PRICES_PATH);
    first_page = fixture_route_add(fs, PRICES_PATH, NULL, NULL);
    fixture_serve_file(first_page, "azure/page1.json", "application/json");
    second_page = fixture_route_add(fs, PRICES_PATH, "$skip", "100");
    fixture_serve_file(second_page, "azure/page2.json", "application/json");
}

static void teardown(void)
{
    fixture_stop(fs);
}

static provider_run make_run(void)
{
    return provider_support_run(&cfg, "azure", instances, sizeof instances / sizeof instances[0], regions,
                                sizeof regions / sizeof regions[0]);
}

START_TEST(test_pages_are_parsed)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_azure, &run, &b);
    const char *h100 = "Standard_ND96isr_H100_v5", *a100 = "Standard_NC24ads_A100_v4";
    provider_support_assert_price(&b, "azure", h100, "eastus", PRICING_ON_DEMAND, 97.5, NULL);
    provider_support_assert_price(&b, "azure", h100, "eastus", PRICING_SPOT, 39.0, NULL);
    /* Reservation prices are term totals, integer-valued in the JSON. */
    provider_support_assert_price(&b, "azure", h100, "eastus", PRICING_RESERVED_1Y, 525600.0 / 8760.0, NULL);
    provider_support_assert_price(&b, "azure", h100, "eastus", PRICING_RESERVED_3Y, 1182600.0 / (3 * 8760.0), NULL);
    provider_support_assert_price(&b, "azure", h100, "eastus", PRICING_SAVINGS_PLAN_1Y, 68.25, NULL);
    provider_support_assert_price(&b, "azure", h100, "eastus", PRICING_SAVINGS_PLAN_3Y, 48.75, NULL);
    /* This one is from the second page. */
    provider_support_assert_price(&b, "azure", a100, "westeurope", PRICING_ON_DEMAND, 4.05, NULL);
    ck_assert_str_eq(provider_support_find(&b, a100, "westeurope", PRICING_ON_DEMAND)->effective_at,
                     "2025-02-01T00:00:00Z");
    /* Both meters of one key are kept, ranked: the primary meter region wins when the run de-duplicates. */
    const price_row *primary = provider_support_find_ranked(&b, NULL, a100, "eastus", PRICING_ON_DEMAND, 1);
    const price_row *secondary = provider_support_find_ranked(&b, NULL, a100, "eastus", PRICING_ON_DEMAND, 0);
    ck_assert_ptr_nonnull(primary);
    ck_assert_ptr_nonnull(secondary);
    ck_assert_double_eq_tol(primary->hourly, 3.71, 1e-9);
    /* Nothing else: no Windows, Low Priority, DevTest, HDInsight, Dedicated Host, unknown region or size. */
    ck_assert_uint_eq(b.count, 9);
    for (size_t i = 0; i < b.count; i++) {
        ck_assert(b.rows[i].hourly != 101.9 && b.rows[i].hourly != 19.5 && b.rows[i].hourly != 80.0);
        ck_assert(b.rows[i].hourly != 5.9 && b.rows[i].hourly != 9.9);
    }
    ck_assert_uint_eq(b.rows_seen, 14);
    ck_assert_uint_eq(fixture_hits(first_page), 1);
    ck_assert_uint_eq(fixture_hits(second_page), 1);

    /* The query names the service and the catalog's sizes, in the api-version that has savingsPlan. */
    char filter[1024], version[64];
    fixture_last_arg(first_page, "$filter", filter, sizeof filter);
    fixture_last_arg(first_page, "api-version", version, sizeof version);
    ck_assert_str_eq(version, "2023-01-01-preview");
    ck_assert_ptr_nonnull(strstr(filter, "serviceName eq 'Virtual Machines'"));
    ck_assert_ptr_nonnull(strstr(filter, "armSkuName eq 'Standard_ND96isr_H100_v5'"));
    ck_assert_ptr_nonnull(strstr(filter, "armSkuName eq 'Standard_NC24ads_A100_v4'"));
    price_batch_free(&b);
}
END_TEST

static void expect_failure(const char *needle)
{
    provider_run run = make_run();
    char err[512];
    provider_support_expect_failure(&provider_azure, &run, needle, err, sizeof err);
}

START_TEST(test_a_failing_second_page_fails_the_fetch)
{
    fixture_fail_first(second_page, 10, 500, -1);
    expect_failure("HTTP 500");
    ck_assert_uint_eq(fixture_hits(first_page), 1);
}
END_TEST

START_TEST(test_a_non_numeric_price_fails)
{
    fixture_serve_file(second_page, "azure/page2_bad_price.json", "application/json");
    expect_failure("unitPrice");
}
END_TEST

START_TEST(test_schema_drift_fails)
{
    fixture_serve_file(second_page, "azure/page2_schema_drift.json", "application/json");
    expect_failure("no Items");
}
END_TEST

START_TEST(test_truncated_json_fails)
{
    /* A body that ends mid-document, with a Content-Length that says so (the transfer itself completes). */
    static const char cut[] = "{\"BillingCurrency\": \"USD\", \"Items\": [{\"currencyCode\": \"USD\", \"unitPr";
    fixture_serve_body(second_page, cut, sizeof cut - 1, "application/json");
    expect_failure("malformed JSON");
}
END_TEST

START_TEST(test_a_cut_connection_fails)
{
    fixture_truncate(second_page, 200);
    expect_failure("azure");
}
END_TEST

START_TEST(test_next_page_on_another_host_is_refused)
{
    fixture_serve_file(first_page, "azure/page1_other_host.json", "application/json");
    expect_failure("another host");
}
END_TEST

START_TEST(test_rate_limit_is_waited_out)
{
    fixture_fail_first(second_page, 1, 429, 1);
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_azure, &run, &b);
    ck_assert_uint_eq(fixture_hits(second_page), 2);
    ck_assert_uint_eq(b.count, 9);
    price_batch_free(&b);
}
END_TEST

static Suite *azure_suite(void)
{
    Suite *s = suite_create("provider_azure");
    TCase *tc = tcase_create("azure");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_pages_are_parsed);
    tcase_add_test(tc, test_a_failing_second_page_fails_the_fetch);
    tcase_add_test(tc, test_a_non_numeric_price_fails);
    tcase_add_test(tc, test_schema_drift_fails);
    tcase_add_test(tc, test_truncated_json_fails);
    tcase_add_test(tc, test_a_cut_connection_fails);
    tcase_add_test(tc, test_next_page_on_another_host_is_refused);
    tcase_add_test(tc, test_rate_limit_is_waited_out);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(azure_suite());
}
