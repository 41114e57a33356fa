/* The Tencent Cloud CVM adapter against a fixture server that checks every request as Tencent does: it recomputes
 * the TC3-HMAC-SHA256 signature from what arrived (headers and body) with the test key pair and answers Tencent's own
 * error documents (AuthFailure.SecretIdNotFound, AuthFailure.SignatureFailure, RequestLimitExceeded) when it must.
 * Prices per region from the cheapest selling zone, spot from SPOTPAID, the currency by site; and a run applied to a
 * migrated database. */
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
#include "worker/signing.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/harness.h"
#include "support/provider_support.h"

#define TEST_ID "AKIDtestsecretid0001"
#define TEST_KEY "tEsTsEcReTkEy0000000000000000001"
/* 2025-06-15T00:00:00Z */
#define NOW ((time_t)1749945600)

static fixture_server *fs;
static fixture_route *route;
static config cfg;

typedef struct server_state {
    int throttle_left;     /* answer RequestLimitExceeded this many times */
    unsigned requests;
    char last_error[64];
    char last_body[2048];
    char last_url_seen[256];
} server_state;
static server_state state;

static const provider_instance instances[] = {
    {"tencent", "GN10Xp.2XLARGE40", "GN10Xp", "v100-sxm2-32gb", 1, 10, 40},
    {"tencent", "GN7.2XLARGE32", "GN7", "t4", 1, 8, 32},
    {"tencent", "GN7.5XLARGE80", "GN7", "t4", 1, 20, 80},
    {"tencent", "GN7.8XLARGE128", "GN7", "t4", 1, 32, 128},
    {"tencent", "GN7.LARGE20", "GN7", "t4", 0.25, 4, 20},
};
static const provider_region regions[] = {{"tencent", "ap-guangzhou"}, {"tencent", "ap-shanghai"}};

static char *error_doc(const char *code, const char *message)
{
    char *out = xmalloc(512);
    snprintf(out, 512, "{\"Response\":{\"Error\":{\"Code\":\"%s\",\"Message\":\"%s\"},\"RequestId\":\"req-test\"}}",
             code, message);
    util_copy(state.last_error, sizeof state.last_error, code);
    return out;
}

static char *read_fixture(const char *relpath)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", fixture_data_dir(), relpath);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "no fixture %s", path);
    char *buf = xmalloc(1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

static const char *region_file;    /* served for ap-shanghai; guangzhou always gets its own */

/* What Tencent's gateway does with a request, as far as these tests need. */
static int tencent_gateway(void *ctx, const fixture_request *req, char **body, const char **type)
{
    (void)ctx;
    *type = "application/json";
    state.requests++;
    const char *auth = fixture_request_header(req, "Authorization");
    const char *host = fixture_request_header(req, "Host");
    const char *ctype = fixture_request_header(req, "Content-Type");
    const char *ts = fixture_request_header(req, "X-TC-Timestamp");
    const char *action = fixture_request_header(req, "X-TC-Action");
    const char *version = fixture_request_header(req, "X-TC-Version");
    const char *region = fixture_request_header(req, "X-TC-Region");
    size_t len;
    const char *payload = fixture_request_body(req, &len);
    util_copy(state.last_body, sizeof state.last_body, payload);
    if (auth == NULL || host == NULL || ctype == NULL || ts == NULL || region == NULL ||
        strcmp(fixture_request_method(req), "POST") != 0) {
        *body = error_doc("AuthFailure.SignatureFailure", "The request is missing a header it must carry.");
        return 200;
    }
    if (action == NULL || strcmp(action, "DescribeZoneInstanceConfigInfos") != 0 || version == NULL ||
        strcmp(version, "2017-03-12") != 0) {
        *body = error_doc("InvalidAction", "The action or version is not supported.");
        return 200;
    }
    const char *prefix = "TC3-HMAC-SHA256 Credential=" TEST_ID "/";
    if (strncmp(auth, "TC3-HMAC-SHA256 Credential=", 27) != 0 || strncmp(auth, prefix, strlen(prefix)) != 0) {
        *body = error_doc("AuthFailure.SecretIdNotFound", "The SecretId is not found, please ensure it exists.");
        return 200;
    }
    /* Recompute: the canonical request from what arrived, the signature with the test key. */
    char hash[SHA256_HEX_LEN], signed_headers[64], expect[512];
    signing_sha256_hex(payload, len, hash);
    signing_header sh[] = {{"content-type", ctype}, {"host", host}};
    char *canonical = signing_canonical_request("POST", "/", "", sh, 2, true, hash, signed_headers,
                                                sizeof signed_headers);
    signing_tc3(TEST_ID, TEST_KEY, "cvm", (time_t)atoll(ts), canonical, signed_headers, expect, sizeof expect);
    free(canonical);
    if (strcmp(auth, expect) != 0) {
        *body = error_doc("AuthFailure.SignatureFailure",
                          "The provided credentials could not be validated. Please check your signature is correct.");
        return 200;
    }
    if (state.throttle_left > 0) {
        state.throttle_left--;
        *body = error_doc("RequestLimitExceeded", "Your current request times equals to `20` in a second.");
        return 200;
    }
    state.last_error[0] = '\0';
    if (strcmp(region, "ap-guangzhou") == 0)
        *body = read_fixture("tencent/ap-guangzhou.json");
    else if (strcmp(region, "ap-shanghai") == 0)
        *body = read_fixture(region_file);
    else
        *body = xstrdup("{\"Response\":{\"InstanceTypeQuotaSet\":[],\"RequestId\":\"req-empty\"}}");
    return 200;
}

static void setup(void)
{
    fs = provider_support_start(&cfg);
    snprintf(cfg.tencent_endpoint, sizeof cfg.tencent_endpoint, "%s/", fixture_url(fs));
    util_copy(cfg.tencent_secret_id, sizeof cfg.tencent_secret_id, TEST_ID);
    util_copy(cfg.tencent_secret_key, sizeof cfg.tencent_secret_key, TEST_KEY);
    memset(&state, 0, sizeof state);
    region_file = "tencent/ap-shanghai.json";
    route = fixture_route_add(fs, "/", NULL, NULL);
    fixture_serve_handler(route, tencent_gateway, NULL);
}

static void teardown(void)
{
    fixture_stop(fs);
}

static provider_run make_run(void)
{
    provider_run run = provider_support_run(&cfg, "tencent", instances, sizeof instances / sizeof instances[0],
                                            regions, sizeof regions / sizeof regions[0]);
    run.now = NOW;
    return run;
}

static const price_row *find(const price_batch *b, const char *type, const char *region, pricing_model m)
{
    return provider_support_find(b, type, region, m);
}

static void assert_cny(const price_batch *b, const char *type, const char *region, pricing_model m, double hourly)
{
    const price_row *r = find(b, type, region, m);
    ck_assert_msg(r != NULL, "no %s row for %s in %s", pricing_model_name(m), type, region);
    ck_assert_double_eq_tol(r->hourly, hourly, 1e-9);
    ck_assert_str_eq(r->currency, "CNY");
    ck_assert_str_eq(r->provider, "tencent");
}

START_TEST(test_prices_per_region)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_tencent, &run, &b);
    /* Cheapest selling zone (the sold-out zone's 7.90 does not count); spot from UnitPriceDiscount. */
    assert_cny(&b, "GN7.2XLARGE32", "ap-guangzhou", PRICING_ON_DEMAND, 8.10);
    assert_cny(&b, "GN7.2XLARGE32", "ap-guangzhou", PRICING_SPOT, 2.52);
    assert_cny(&b, "GN7.5XLARGE80", "ap-guangzhou", PRICING_ON_DEMAND, 12.60);
    assert_cny(&b, "GN10Xp.2XLARGE40", "ap-guangzhou", PRICING_ON_DEMAND, 23.00);
    assert_cny(&b, "GN7.8XLARGE128", "ap-guangzhou", PRICING_ON_DEMAND, 17.50); /* answered in lower case */
    assert_cny(&b, "GN7.2XLARGE32", "ap-shanghai", PRICING_ON_DEMAND, 8.20);
    assert_cny(&b, "GN10Xp.2XLARGE40", "ap-shanghai", PRICING_ON_DEMAND, 22.40);
    /* Monthly units, PREPAID and types the catalog lacks give no row. */
    ck_assert_ptr_null(find(&b, "GN7.LARGE20", "ap-guangzhou", PRICING_ON_DEMAND));
    ck_assert_uint_eq(b.count, 7);
    ck_assert_uint_eq(b.rows_seen, 12);
    ck_assert_uint_eq(state.requests, 2);
    /* The body asks for the catalog's families and the two charge types priced. */
    ck_assert_ptr_nonnull(strstr(state.last_body, "\"instance-family\""));
    ck_assert_ptr_nonnull(strstr(state.last_body, "\"GN10Xp\""));
    ck_assert_ptr_nonnull(strstr(state.last_body, "\"SPOTPAID\""));
    ck_assert_ptr_null(strstr(state.last_body, TEST_KEY));
    price_batch_free(&b);
}
END_TEST

START_TEST(test_currency_follows_the_site)
{
    ck_assert_str_eq(tencent_site_currency("https://cvm.tencentcloudapi.com"), "CNY");
    ck_assert_str_eq(tencent_site_currency("https://cvm.ap-shanghai.tencentcloudapi.com/"), "CNY");
    ck_assert_str_eq(tencent_site_currency("https://cvm.intl.tencentcloudapi.com"), "USD");
    ck_assert_str_eq(tencent_site_currency("https://CVM.INTL.tencentcloudapi.com:443/"), "USD");
    ck_assert_str_eq(tencent_site_currency("https://printl.example.com"), "CNY");
}
END_TEST

START_TEST(test_off_without_keys)
{
    const char *why = NULL;
    ck_assert(provider_tencent.enabled(&cfg, &why));
    cfg.tencent_secret_key[0] = '\0';
    ck_assert(!provider_tencent.enabled(&cfg, &why));
    ck_assert_ptr_nonnull(strstr(why, "GPUREC_TENCENT_SECRET_KEY"));
    util_copy(cfg.tencent_secret_key, sizeof cfg.tencent_secret_key, TEST_KEY);
    cfg.tencent_secret_id[0] = '\0';
    ck_assert(!provider_tencent.enabled(&cfg, &why));
}
END_TEST

static void expect_failure(const char *needle)
{
    provider_run run = make_run();
    char err[512];
    provider_support_expect_failure(&provider_tencent, &run, needle, err, sizeof err);
    ck_assert_ptr_null(strstr(err, TEST_KEY));
    ck_assert_ptr_null(strstr(err, cfg.tencent_secret_key));
}

START_TEST(test_wrong_key_is_a_signature_failure)
{
    util_copy(cfg.tencent_secret_key, sizeof cfg.tencent_secret_key, "another-key-that-signs-differently");
    expect_failure("AuthFailure.SignatureFailure");
    ck_assert_str_eq(state.last_error, "AuthFailure.SignatureFailure");
    ck_assert_uint_eq(state.requests, 1); /* not retried */
}
END_TEST

START_TEST(test_unknown_secret_id_fails)
{
    util_copy(cfg.tencent_secret_id, sizeof cfg.tencent_secret_id, "AKIDnobodyhasthisid");
    expect_failure("AuthFailure.SecretIdNotFound");
}
END_TEST

START_TEST(test_throttling_is_retried_and_resigned)
{
    state.throttle_left = 1;
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_tencent, &run, &b);
    ck_assert_uint_eq(state.requests, 3); /* guangzhou twice, shanghai once */
    ck_assert_uint_eq(b.count, 7);
    price_batch_free(&b);
}
END_TEST

START_TEST(test_throttling_beyond_the_attempts_fails)
{
    state.throttle_left = 100;
    expect_failure("RequestLimitExceeded");
    ck_assert_uint_eq(state.requests, 2); /* the run's two attempts */
}
END_TEST

START_TEST(test_changed_format_fails)
{
    region_file = "tencent/ap-shanghai_drift.json";
    expect_failure("lacks InstanceType, InstanceChargeType or Price");
}
END_TEST

START_TEST(test_not_an_answer_fails)
{
    static const char body[] = "{\"InstanceTypeQuotaSet\": []}";
    fixture_serve_body(route, body, sizeof body - 1, "application/json");
    expect_failure("no Response object");
    fixture_set_status(route, 503);
    expect_failure("HTTP 503");
}
END_TEST

/* A refresh run applies the rows to a migrated database (the seed catalog's tencent types and regions). */
START_TEST(test_refresh_applies_to_a_migrated_database)
{
    char *db_path = NULL;
    sqlite3 *db = provider_support_open_db(&cfg, &db_path);
    refresh_outcome out;
    provider_support_refresh(db, &cfg, "tencent", NOW, "ok", &out);
    ck_assert_uint_eq(out.rows_kept, 7);
    ck_assert_uint_eq(out.rows_applied, 7);
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT hourly, currency, source FROM prices WHERE provider_id = 'tencent' AND "
                                        "instance_type_id = 'GN7.2XLARGE32' AND region_id = 'ap-guangzhou' AND "
                                        "pricing_model = 'on_demand'",
                                        -1, &st, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_double_eq_tol(sqlite3_column_double(st, 0), 8.10, 1e-9);
    ck_assert_str_eq((const char *)sqlite3_column_text(st, 1), "CNY");
    ck_assert_str_eq((const char *)sqlite3_column_text(st, 2), "tencent:DescribeZoneInstanceConfigInfos");
    sqlite3_finalize(st);
    provider_support_close_db(db, db_path);
}
END_TEST

static Suite *tencent_suite(void)
{
    Suite *s = suite_create("provider_tencent");
    TCase *tc = tcase_create("tencent");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_prices_per_region);
    tcase_add_test(tc, test_currency_follows_the_site);
    tcase_add_test(tc, test_off_without_keys);
    tcase_add_test(tc, test_wrong_key_is_a_signature_failure);
    tcase_add_test(tc, test_unknown_secret_id_fails);
    tcase_add_test(tc, test_throttling_is_retried_and_resigned);
    tcase_add_test(tc, test_throttling_beyond_the_attempts_fails);
    tcase_add_test(tc, test_changed_format_fails);
    tcase_add_test(tc, test_not_an_answer_fails);
    tcase_add_test(tc, test_refresh_applies_to_a_migrated_database);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(tencent_suite());
}
