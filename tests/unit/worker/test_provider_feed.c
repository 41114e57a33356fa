/* The generic JSON price feed adapter: rows for several providers, both document forms, a later feed overriding an
 * earlier one, and malformed feeds failing. */
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

static fixture_server *fs;
static config cfg;
static fixture_route *negotiated, *override;

static const provider_instance instances[] = {
    {"aws", "g5.xlarge", "g5", "a10g", 1, 4, 16},
    {"aws", "p5.48xlarge", "p5", "h100-sxm-80gb", 8, 192, 2048},
    {"azure", "Standard_ND96isr_H100_v5", "NDisrH100_v5", "h100-sxm-80gb", 8, 96, 1900},
};
static const provider_region regions[] = {{"aws", "us-east-1"}, {"azure", "eastus"}};

static void setup(void)
{
    fs = provider_support_start(&cfg);
    negotiated = fixture_route_add(fs, "/feeds/negotiated.json", NULL, NULL);
    fixture_serve_file(negotiated, "feed/negotiated.json", "application/json");
    override = fixture_route_add(fs, "/feeds/override.json", NULL, NULL);
    fixture_serve_file(override, "feed/override.json", "application/json");
    snprintf(cfg.feed_urls[0], sizeof cfg.feed_urls[0], "%s/feeds/negotiated.json?token=s3cret", fixture_url(fs));
    cfg.feed_url_count = 1;
}

static void teardown(void)
{
    fixture_stop(fs);
}

static provider_run make_run(void)
{
    return provider_support_run(&cfg, "feed", instances, sizeof instances / sizeof instances[0], regions,
                                sizeof regions / sizeof regions[0]);
}

START_TEST(test_rows_for_several_providers)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_feed, &run, &b);
    ck_assert_uint_eq(b.count, 3);
    ck_assert_uint_eq(b.rows_seen, 4);
    const price_row *p5 = provider_support_find_ranked(&b, "aws", "p5.48xlarge", NULL, PRICING_ON_DEMAND, -1);
    ck_assert_ptr_nonnull(p5);
    ck_assert_double_eq_tol(p5->hourly, 41.1, 1e-12);
    ck_assert_str_eq(p5->effective_at, "2025-05-01T00:00:00Z");
    /* The source names the feed without its query string (which may hold a token). */
    ck_assert_ptr_nonnull(strstr(p5->source, "feed:http://127.0.0.1:"));
    ck_assert_ptr_null(strstr(p5->source, "s3cret"));
    const price_row *reserved =
        provider_support_find_ranked(&b, "azure", "Standard_ND96isr_H100_v5", NULL, PRICING_RESERVED_1Y, -1);
    ck_assert_ptr_nonnull(reserved);
    ck_assert_double_eq_tol(reserved->hourly, 58.0, 1e-12); /* a decimal string */
    const price_row *spot = provider_support_find_ranked(&b, "aws", "g5.xlarge", NULL, PRICING_SPOT, -1);
    ck_assert_ptr_nonnull(spot);
    ck_assert_str_eq(spot->spot_interruption, "5-10%");
    price_batch_free(&b);
}
END_TEST

START_TEST(test_a_later_feed_ranks_higher)
{
    snprintf(cfg.feed_urls[1], sizeof cfg.feed_urls[1], "%s/feeds/override.json", fixture_url(fs));
    cfg.feed_url_count = 2;
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_feed, &run, &b);
    ck_assert_uint_eq(b.count, 4);
    const price_row *later = provider_support_find_ranked(&b, "aws", "p5.48xlarge", NULL, PRICING_ON_DEMAND, 1);
    ck_assert_ptr_nonnull(later); /* the array form */
    ck_assert_double_eq_tol(later->hourly, 40.0, 1e-12);
    ck_assert_ptr_nonnull(provider_support_find_ranked(&b, "aws", "p5.48xlarge", NULL, PRICING_ON_DEMAND, 0));
    price_batch_free(&b);
}
END_TEST

static void expect_failure(const char *file, const char *needle)
{
    fixture_serve_file(negotiated, file, "application/json");
    provider_run run = make_run();
    char err[512];
    provider_support_expect_failure(&provider_feed, &run, needle, err, sizeof err);
}

START_TEST(test_malformed_feeds_fail)
{
    expect_failure("feed/bad_model.json", "prices[1].pricing_model");
    expect_failure("feed/missing_currency.json", "prices[0].currency");
}
END_TEST

START_TEST(test_not_a_feed_fails)
{
    static const char body[] = "{\"items\": []}";
    fixture_serve_body(negotiated, body, sizeof body - 1, "application/json");
    provider_run run = make_run();
    char err[512];
    provider_support_expect_failure(&provider_feed, &run, "no prices array", err, sizeof err);
}
END_TEST

START_TEST(test_off_without_urls)
{
    const char *why = NULL;
    ck_assert(provider_feed.enabled(&cfg, &why));
    cfg.feed_url_count = 0;
    ck_assert(!provider_feed.enabled(&cfg, &why));
    ck_assert_ptr_nonnull(strstr(why, "GPUREC_FEED_URLS"));
}
END_TEST

static Suite *feed_suite(void)
{
    Suite *s = suite_create("provider_feed");
    TCase *tc = tcase_create("feed");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, test_rows_for_several_providers);
    tcase_add_test(tc, test_a_later_feed_ranks_higher);
    tcase_add_test(tc, test_malformed_feeds_fail);
    tcase_add_test(tc, test_not_a_feed_fails);
    tcase_add_test(tc, test_off_without_urls);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(feed_suite());
}
