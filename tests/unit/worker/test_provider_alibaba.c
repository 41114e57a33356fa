/* The Alibaba Cloud ECS adapter against a fixture server that checks every request as Alibaba's gateway does: it
 * recomputes the ACS3-HMAC-SHA256 signature from what arrived (the query arguments, re-encoded and sorted, the signed
 * headers the Authorization names, the body's hash) with the test key pair, refuses a repeated nonce, and answers
 * Alibaba's own error documents (InvalidAccessKeyId.NotFound, SignatureDoesNotMatch, Throttling.User,
 * InvalidInstanceType.ValueNotSupported). DescribePrice: the instance part's list price, the answer's currency.
 * DescribeSpotPriceHistory: two pages followed by NextOffset, the lowest of the zones' latest prices dated by its
 * Timestamp, classic, non-optimized, future and other-type records skipped; a spot call throttled past the attempts,
 * refused for its key or signature, in a changed format or paging without end fails its spot part only. Runs applied
 * to a migrated database, in full and partly. */
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

#define TEST_ID "LTAItestaccesskey0001"
#define TEST_SECRET "tEsTaLiBaBaSeCrEt000000000001"
#define NOW ((time_t)1749945600)
#define MAX_NONCES 64

static fixture_server *fs;
static fixture_route *route;
static config cfg;

/* What the spot calls get besides the recorded answers (in spot_region, spot_type when set; else everywhere). */
typedef enum spot_fault {
    SPOT_FINE,
    SPOT_THROTTLED_ONCE, /* the first spot call throttled */
    SPOT_THROTTLED,      /* throttled every time */
    SPOT_BAD_KEY,
    SPOT_BAD_SIGNATURE,
    SPOT_DRIFT,   /* the changed format: no SpotPrices */
    SPOT_ENDLESS, /* a NextOffset on every page */
} spot_fault;

static struct {
    int throttle_left;
    unsigned requests;
    unsigned price_requests, spot_requests;
    char nonces[MAX_NONCES][40];
    unsigned nonce_count;
    const char *drift_type; /* answered with the changed format */
    char last_query[512];
    bool query_names_a_key; /* a query string held the key id or the secret */
    spot_fault spot_fault;
    const char *spot_region, *spot_type;
    char hangzhou_offsets[64]; /* the Offsets asked for gn6i in cn-hangzhou, in order, comma-separated */
    char spot_start[32], spot_end[32], spot_network[16], spot_io[16], spot_os[16];
} state;

static const provider_instance instances[] = {
    {"alibaba", "ecs.gn6i-c4g1.xlarge", "gn6i", "t4", 1, 4, 15},
    {"alibaba", "ecs.gn7i-c8g1.2xlarge", "gn7i", "a10", 1, 8, 30},
};
static const provider_region regions[] = {{"alibaba", "ap-southeast-1"}, {"alibaba", "cn-hangzhou"}};

static int error_doc(char **body, int status, const char *code, const char *message)
{
    *body = xmalloc(512);
    snprintf(*body, 512, "{\"RequestId\":\"req-test\",\"HostId\":\"ecs.aliyuncs.com\",\"Code\":\"%s\",\"Message\":\"%s\"}",
             code, message);
    return status;
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

static int serve_fixture(char **body, int status, const char *relpath)
{
    *body = read_fixture(relpath);
    return status;
}

static int compare_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The canonical query string rebuilt from the decoded arguments, as the gateway does. */
static void canonical_query(const fixture_request *req, char *out, size_t out_len)
{
    const char *names[16], *values[16];
    size_t n = fixture_request_args(req, names, values, 16);
    char *pairs[16];
    for (size_t i = 0; i < n && i < 16; i++) {
        char k[128], v[256];
        signing_percent_encode(names[i], k, sizeof k);
        signing_percent_encode(values[i], v, sizeof v);
        pairs[i] = xmalloc(400);
        snprintf(pairs[i], 400, "%s=%s", k, v);
    }
    qsort(pairs, n, sizeof pairs[0], compare_names);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strncat(out, "&", out_len - strlen(out) - 1);
        strncat(out, pairs[i], out_len - strlen(out) - 1);
        free(pairs[i]);
    }
}

static const char *arg(const fixture_request *req, const char *name)
{
    const char *names[16], *values[16];
    size_t n = fixture_request_args(req, names, values, 16);
    for (size_t i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return values[i];
    return "";
}

static int check_signature(const fixture_request *req, char **body)
{
    const char *auth = fixture_request_header(req, "Authorization");
    const char *prefix = "ACS3-HMAC-SHA256 Credential=" TEST_ID ",SignedHeaders=";
    if (auth == NULL || strncmp(auth, prefix, strlen(prefix)) != 0)
        return error_doc(body, 404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.");
    char signed_list[256];
    util_copy(signed_list, sizeof signed_list, auth + strlen(prefix));
    char *comma = strchr(signed_list, ',');
    if (comma)
        *comma = '\0';
    signing_header sh[8];
    size_t count = 0;
    char names[8][64];
    for (char *save = NULL, *tok = strtok_r(signed_list, ";", &save); tok && count < 8;
         tok = strtok_r(NULL, ";", &save)) {
        util_copy(names[count], sizeof names[count], tok);
        const char *v = fixture_request_header(req, tok);
        sh[count].name = names[count];
        sh[count].value = v ? v : "";
        count++;
    }
    size_t len;
    const char *payload = fixture_request_body(req, &len);
    char hash[SHA256_HEX_LEN], query[512], signed_headers[256], expect[512];
    signing_sha256_hex(payload, len, hash);
    const char *claimed = fixture_request_header(req, "x-acs-content-sha256");
    canonical_query(req, query, sizeof query);
    util_copy(state.last_query, sizeof state.last_query, query);
    state.query_names_a_key |= strstr(query, TEST_ID) != NULL || strstr(query, TEST_SECRET) != NULL;
    char *canonical = signing_canonical_request(fixture_request_method(req), "/", query, sh, count, false, hash,
                                                signed_headers, sizeof signed_headers);
    signing_acs3(TEST_ID, TEST_SECRET, canonical, signed_headers, expect, sizeof expect);
    free(canonical);
    if (claimed == NULL || strcmp(claimed, hash) != 0 || strcmp(auth, expect) != 0 ||
        strstr(signed_headers, "x-acs-signature-nonce") == NULL || strstr(signed_headers, "host") == NULL)
        return error_doc(body, 400, "SignatureDoesNotMatch", "Specified signature does not match our calculation.");
    return 0;
}

/* DescribeSpotPriceHistory, after the signature and the nonce were checked. */
static int spot_answer(const fixture_request *req, char **body)
{
    const char *itype = arg(req, "InstanceType"), *region = arg(req, "RegionId"), *offset = arg(req, "Offset");
    state.spot_requests++;
    util_copy(state.spot_start, sizeof state.spot_start, arg(req, "StartTime"));
    util_copy(state.spot_end, sizeof state.spot_end, arg(req, "EndTime"));
    util_copy(state.spot_network, sizeof state.spot_network, arg(req, "NetworkType"));
    util_copy(state.spot_io, sizeof state.spot_io, arg(req, "IoOptimized"));
    util_copy(state.spot_os, sizeof state.spot_os, arg(req, "OSType"));
    if (strcmp(region, "cn-hangzhou") == 0 && strcmp(itype, "ecs.gn6i-c4g1.xlarge") == 0) {
        size_t n = strlen(state.hangzhou_offsets);
        snprintf(state.hangzhou_offsets + n, sizeof state.hangzhou_offsets - n, "%s%s", n ? "," : "", offset);
    }
    bool here = (state.spot_region == NULL || strcmp(region, state.spot_region) == 0) &&
                (state.spot_type == NULL || strcmp(itype, state.spot_type) == 0);
    switch (here ? state.spot_fault : SPOT_FINE) {
    case SPOT_THROTTLED_ONCE:
        if (state.throttle_left-- > 0)
            return serve_fixture(body, 400, "alibaba/spot_throttling.json");
        break;
    case SPOT_THROTTLED:
        return serve_fixture(body, 400, "alibaba/spot_throttling.json");
    case SPOT_BAD_KEY:
        return serve_fixture(body, 404, "alibaba/spot_bad_key.json");
    case SPOT_BAD_SIGNATURE:
        return serve_fixture(body, 400, "alibaba/spot_signature_mismatch.json");
    case SPOT_DRIFT:
        return serve_fixture(body, 200, "alibaba/spot_drift.json");
    case SPOT_ENDLESS:
        *body = xmalloc(256);
        snprintf(*body, 256, "{\"RequestId\":\"req-test\",\"Currency\":\"USD\",\"NextOffset\":%ld,"
                             "\"SpotPrices\":{\"SpotPriceType\":[]}}", strtol(offset, NULL, 10) + 100);
        return 200;
    case SPOT_FINE:
        break;
    }
    if (strcmp(region, "cn-hangzhou") == 0 && strcmp(itype, "ecs.gn6i-c4g1.xlarge") == 0) {
        if (strcmp(offset, "0") == 0)
            return serve_fixture(body, 200, "alibaba/spot_gn6i_cn-hangzhou_page1.json");
        if (strcmp(offset, "4") == 0)
            return serve_fixture(body, 200, "alibaba/spot_gn6i_cn-hangzhou_page2.json");
        return error_doc(body, 400, "InvalidParameter", "The Offset is not one of the pages tested.");
    }
    if (strcmp(offset, "0") != 0)
        return error_doc(body, 400, "InvalidParameter", "The Offset is not one of the pages tested.");
    if (strcmp(region, "cn-hangzhou") == 0 && strcmp(itype, "ecs.gn7i-c8g1.2xlarge") == 0)
        return serve_fixture(body, 200, "alibaba/spot_gn7i_cn-hangzhou.json");
    if (strcmp(region, "ap-southeast-1") == 0 && strcmp(itype, "ecs.gn6i-c4g1.xlarge") == 0)
        return serve_fixture(body, 200, "alibaba/spot_gn6i_ap-southeast-1.json");
    return error_doc(body, 403, "InvalidInstanceType.ValueNotSupported",
                     "The specified InstanceType does not exist or beyond the permitted range.");
}

static int price_answer(const fixture_request *req, char **body)
{
    const char *itype = arg(req, "InstanceType"), *region = arg(req, "RegionId");
    if (strcmp(arg(req, "PriceUnit"), "Hour") != 0 || strcmp(arg(req, "ResourceType"), "instance") != 0)
        return error_doc(body, 400, "InvalidParameter", "The price unit or resource type is not the one tested.");
    if (state.drift_type != NULL && strcmp(itype, state.drift_type) == 0)
        return serve_fixture(body, 200, "alibaba/price_drift.json");
    if (strcmp(region, "cn-hangzhou") == 0 && strcmp(itype, "ecs.gn6i-c4g1.xlarge") == 0)
        return serve_fixture(body, 200, "alibaba/price_gn6i_cn-hangzhou.json");
    if (strcmp(region, "cn-hangzhou") == 0 && strcmp(itype, "ecs.gn7i-c8g1.2xlarge") == 0)
        return serve_fixture(body, 200, "alibaba/price_gn7i_cn-hangzhou.json");
    if (strcmp(region, "ap-southeast-1") == 0 && strcmp(itype, "ecs.gn6i-c4g1.xlarge") == 0)
        return serve_fixture(body, 200, "alibaba/price_gn6i_ap-southeast-1.json");
    return error_doc(body, 403, "InvalidInstanceType.ValueNotSupported",
                     "The specified InstanceType does not exist or beyond the permitted range.");
}

static int alibaba_gateway(void *ctx, const fixture_request *req, char **body, const char **type)
{
    (void)ctx;
    *type = "application/json";
    state.requests++;
    const char *action = fixture_request_header(req, "x-acs-action");
    const char *version = fixture_request_header(req, "x-acs-version");
    const char *nonce = fixture_request_header(req, "x-acs-signature-nonce");
    bool spot = action != NULL && strcmp(action, "DescribeSpotPriceHistory") == 0;
    if (action == NULL || (strcmp(action, "DescribePrice") != 0 && !spot) || version == NULL ||
        strcmp(version, "2014-05-26"))
        return error_doc(body, 400, "InvalidAction.NotFound", "Specified api is not found.");
    int rc = check_signature(req, body);
    if (rc != 0)
        return rc;
    for (unsigned i = 0; i < state.nonce_count; i++)
        if (strcmp(state.nonces[i], nonce) == 0)
            return error_doc(body, 400, "SignatureNonceUsed", "Specified signature nonce was used already.");
    if (state.nonce_count < MAX_NONCES)
        util_copy(state.nonces[state.nonce_count++], sizeof state.nonces[0], nonce);
    if (spot)
        return spot_answer(req, body);
    state.price_requests++;
    if (state.throttle_left > 0 && state.spot_fault == SPOT_FINE) {
        state.throttle_left--;
        return error_doc(body, 400, "Throttling.User", "Request was denied due to user flow control.");
    }
    return price_answer(req, body);
}

static void setup(void)
{
    fs = provider_support_start(&cfg);
    util_copy(cfg.alibaba_endpoint, sizeof cfg.alibaba_endpoint, fixture_url(fs));
    util_copy(cfg.alibaba_access_key_id, sizeof cfg.alibaba_access_key_id, TEST_ID);
    util_copy(cfg.alibaba_access_key_secret, sizeof cfg.alibaba_access_key_secret, TEST_SECRET);
    memset(&state, 0, sizeof state);
    route = fixture_route_add(fs, "/", NULL, NULL);
    fixture_serve_handler(route, alibaba_gateway, NULL);
}

static void teardown(void)
{
    fixture_stop(fs);
}

static provider_run make_run(void)
{
    provider_run run = provider_support_run(&cfg, "alibaba", instances, sizeof instances / sizeof instances[0],
                                            regions, sizeof regions / sizeof regions[0]);
    run.now = NOW;
    return run;
}

static void assert_row(const price_batch *b, const char *type, const char *region, double hourly, const char *cur)
{
    const price_row *r = provider_support_find(b, type, region, PRICING_ON_DEMAND);
    ck_assert_msg(r != NULL, "no row for %s in %s", type, region);
    ck_assert_double_eq_tol(r->hourly, hourly, 1e-9);
    ck_assert_str_eq(r->currency, cur);
    ck_assert_str_eq(r->source, "alibaba:DescribePrice");
}

static void assert_spot(const price_batch *b, const char *type, const char *region, double hourly, const char *cur,
                        const char *effective_at)
{
    const price_row *r = provider_support_find(b, type, region, PRICING_SPOT);
    ck_assert_msg(r != NULL, "no spot row for %s in %s", type, region);
    ck_assert_double_eq_tol(r->hourly, hourly, 1e-9);
    ck_assert_str_eq(r->currency, cur);
    ck_assert_str_eq(r->effective_at, effective_at);
    ck_assert_str_eq(r->source, "alibaba:DescribeSpotPriceHistory");
}

static size_t spot_rows(const price_batch *b)
{
    size_t n = 0;
    for (size_t i = 0; i < b->count; i++)
        n += b->rows[i].model == PRICING_SPOT;
    return n;
}

/* The three on-demand rows of the fixture, whatever happened to spot. */
static void assert_on_demand(const price_batch *b)
{
    assert_row(b, "ecs.gn6i-c4g1.xlarge", "cn-hangzhou", 7.30, "CNY");
    assert_row(b, "ecs.gn7i-c8g1.2xlarge", "cn-hangzhou", 9.20, "CNY");
    assert_row(b, "ecs.gn6i-c4g1.xlarge", "ap-southeast-1", 1.30, "USD");
    ck_assert_uint_eq(b->count - spot_rows(b), 3);
}

/* The batch names exactly one failed part, starting with part and holding needle. */
static void assert_failed_part(const price_batch *b, const char *part, const char *needle)
{
    ck_assert_uint_eq(b->failed_count, 1);
    ck_assert_msg(strncmp(b->failed_parts[0], part, strlen(part)) == 0 && b->failed_parts[0][strlen(part)] == ':',
                  "failed part '%s', not '%s'", b->failed_parts[0], part);
    ck_assert_msg(strstr(b->failed_parts[0], needle) != NULL, "failed part '%s' lacks '%s'", b->failed_parts[0],
                  needle);
    ck_assert_ptr_null(strstr(b->failed_parts[0], TEST_SECRET));
}

START_TEST(test_instance_part_prices)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_alibaba, &run, &b);
    /* The instanceType part, not the total with the system disk; the currency as answered. */
    assert_on_demand(&b);
    /* gn7i is not sold in the Singapore fixture: no row, no failure, and no spot call for it. */
    ck_assert_ptr_null(provider_support_find(&b, "ecs.gn7i-c8g1.2xlarge", "ap-southeast-1", PRICING_ON_DEMAND));
    ck_assert_ptr_null(provider_support_find(&b, "ecs.gn7i-c8g1.2xlarge", "ap-southeast-1", PRICING_SPOT));
    ck_assert_uint_eq(state.price_requests, 4);
    ck_assert_uint_eq(state.spot_requests, 4); /* two pages for gn6i in Hangzhou, one each for the others */
    ck_assert_uint_eq(state.nonce_count, 8);
    ck_assert(!state.query_names_a_key);
    ck_assert_uint_eq(b.failed_count, 0);
    price_batch_free(&b);
}
END_TEST

START_TEST(test_spot_prices)
{
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_alibaba, &run, &b);
    /* Hangzhou gn6i over two pages: zone h's 1.15 (page 2) under i's 1.32 and j's 1.20; not h's older 0.95, the
     * classic 0.50, the non-optimized 0.60 or j's 0.40 dated after the run. */
    assert_spot(&b, "ecs.gn6i-c4g1.xlarge", "cn-hangzhou", 1.15, "CNY", "2025-06-14T23:00:00Z");
    ck_assert_str_eq(state.hangzhou_offsets, "0,4");
    /* NextOffset 0 ends the pages; zone i's latest 1.95, not its older 1.80. */
    assert_spot(&b, "ecs.gn7i-c8g1.2xlarge", "cn-hangzhou", 1.95, "CNY", "2025-06-14T23:00:00Z");
    /* Zone a's 0.41 under b's latest 0.45 (listed before its older 0.38); prices as decimal strings; the
     * international site's USD; another type's record left out. */
    assert_spot(&b, "ecs.gn6i-c4g1.xlarge", "ap-southeast-1", 0.41, "USD", "2025-06-14T23:00:00Z");
    ck_assert_uint_eq(spot_rows(&b), 3);
    ck_assert_uint_eq(b.count, 6);
    ck_assert_uint_eq(b.rows_seen, 3 + 15); /* three prices, fifteen spot records */
    ck_assert_uint_eq(b.skipped, 4);        /* classic, not optimized, future, another type */
    /* The last day up to the run, VPC, I/O optimized, Linux. */
    ck_assert_str_eq(state.spot_start, "2025-06-14T00:00:00Z");
    ck_assert_str_eq(state.spot_end, "2025-06-15T00:00:00Z");
    ck_assert_str_eq(state.spot_network, "vpc");
    ck_assert_str_eq(state.spot_io, "optimized");
    ck_assert_str_eq(state.spot_os, "linux");
    price_batch_free(&b);
}
END_TEST

START_TEST(test_off_without_keys)
{
    const char *why = NULL;
    ck_assert(provider_alibaba.enabled(&cfg, &why));
    cfg.alibaba_access_key_secret[0] = '\0';
    ck_assert(!provider_alibaba.enabled(&cfg, &why));
    ck_assert_ptr_nonnull(strstr(why, "GPUREC_ALIBABA_ACCESS_KEY_SECRET"));
}
END_TEST

static void expect_failure(const char *needle)
{
    provider_run run = make_run();
    char err[512];
    provider_support_expect_failure(&provider_alibaba, &run, needle, err, sizeof err);
    ck_assert_ptr_null(strstr(err, TEST_SECRET));
    ck_assert_ptr_null(strstr(err, cfg.alibaba_access_key_secret));
}

START_TEST(test_wrong_secret_does_not_match)
{
    util_copy(cfg.alibaba_access_key_secret, sizeof cfg.alibaba_access_key_secret, "not-the-secret");
    expect_failure("HTTP 400 SignatureDoesNotMatch");
    ck_assert_uint_eq(state.requests, 1);
}
END_TEST

START_TEST(test_unknown_key_id_fails)
{
    util_copy(cfg.alibaba_access_key_id, sizeof cfg.alibaba_access_key_id, "LTAInobody");
    expect_failure("HTTP 404 InvalidAccessKeyId.NotFound");
}
END_TEST

START_TEST(test_throttling_is_retried_with_a_new_nonce)
{
    state.throttle_left = 1;
    provider_run run = make_run();
    price_batch b;
    provider_support_fetch(&provider_alibaba, &run, &b);
    ck_assert_uint_eq(b.count, 6);
    ck_assert_uint_eq(state.price_requests, 5);
    ck_assert_uint_eq(state.nonce_count, 9); /* a reused nonce would have been refused */
    price_batch_free(&b);
}
END_TEST

START_TEST(test_throttling_beyond_the_attempts_fails)
{
    state.throttle_left = 100;
    expect_failure("Throttling.User");
    ck_assert_uint_eq(state.requests, 2);
    ck_assert_uint_eq(state.spot_requests, 0);
}
END_TEST

START_TEST(test_changed_format_fails)
{
    state.drift_type = "ecs.gn7i-c8g1.2xlarge";
    expect_failure("format changed");
    static const char body[] = "<html>maintenance</html>";
    fixture_serve_body(route, body, sizeof body - 1, "text/html");
    fixture_set_status(route, 502);
    expect_failure("HTTP 502, not a JSON object");
}
END_TEST

/* A run that must succeed, with spot as state says. */
static void fetch_spot_fault(spot_fault fault, const char *region, const char *type, price_batch *b)
{
    state.spot_fault = fault;
    state.spot_region = region;
    state.spot_type = type;
    provider_run run = make_run();
    provider_support_fetch(&provider_alibaba, &run, b);
}

START_TEST(test_spot_throttling_is_retried)
{
    state.throttle_left = 1;
    price_batch b;
    fetch_spot_fault(SPOT_THROTTLED_ONCE, NULL, NULL, &b);
    ck_assert_uint_eq(b.failed_count, 0);
    ck_assert_uint_eq(spot_rows(&b), 3);
    ck_assert_uint_eq(state.spot_requests, 5);
    ck_assert_uint_eq(state.nonce_count, 9);
    price_batch_free(&b);
}
END_TEST

START_TEST(test_spot_throttled_fails_its_region_only)
{
    price_batch b;
    fetch_spot_fault(SPOT_THROTTLED, "cn-hangzhou", "ecs.gn7i-c8g1.2xlarge", &b);
    assert_on_demand(&b);
    assert_failed_part(&b, "spot cn-hangzhou", "ecs.gn7i-c8g1.2xlarge: HTTP 400 Throttling: ");
    ck_assert_ptr_nonnull(strstr(b.failed_parts[0], "(after 2 attempts)"));
    /* gn6i's Hangzhou spot price was read before gn7i failed, and goes with its region */
    ck_assert_ptr_null(provider_support_find(&b, "ecs.gn6i-c4g1.xlarge", "cn-hangzhou", PRICING_SPOT));
    assert_spot(&b, "ecs.gn6i-c4g1.xlarge", "ap-southeast-1", 0.41, "USD", "2025-06-14T23:00:00Z");
    ck_assert_uint_eq(spot_rows(&b), 1);
    price_batch_free(&b);
}
END_TEST

START_TEST(test_spot_bad_key_stops_spot)
{
    price_batch b;
    fetch_spot_fault(SPOT_BAD_KEY, NULL, NULL, &b);
    assert_on_demand(&b);
    assert_failed_part(&b, "spot ap-southeast-1 and the 1 region after it", "HTTP 404 InvalidAccessKeyId.NotFound");
    ck_assert_uint_eq(spot_rows(&b), 0);
    ck_assert_uint_eq(state.spot_requests, 1); /* neither retried nor tried in the next region */
    price_batch_free(&b);
}
END_TEST

START_TEST(test_spot_signature_mismatch_fails_spot)
{
    price_batch b;
    fetch_spot_fault(SPOT_BAD_SIGNATURE, "cn-hangzhou", NULL, &b);
    assert_on_demand(&b);
    assert_failed_part(&b, "spot cn-hangzhou", "ecs.gn6i-c4g1.xlarge: HTTP 400 SignatureDoesNotMatch");
    assert_spot(&b, "ecs.gn6i-c4g1.xlarge", "ap-southeast-1", 0.41, "USD", "2025-06-14T23:00:00Z");
    ck_assert_uint_eq(spot_rows(&b), 1);
    ck_assert_uint_eq(state.spot_requests, 2); /* Singapore's, then the refused one: no other after it */
    price_batch_free(&b);
}
END_TEST

START_TEST(test_spot_changed_format_fails_its_region_only)
{
    price_batch b;
    fetch_spot_fault(SPOT_DRIFT, "cn-hangzhou", "ecs.gn7i-c8g1.2xlarge", &b);
    assert_on_demand(&b);
    assert_failed_part(&b, "spot cn-hangzhou", "no SpotPrices.SpotPriceType array (format changed?)");
    ck_assert_ptr_null(provider_support_find(&b, "ecs.gn6i-c4g1.xlarge", "cn-hangzhou", PRICING_SPOT));
    ck_assert_uint_eq(spot_rows(&b), 1);
    price_batch_free(&b);
}
END_TEST

START_TEST(test_spot_pages_are_bounded)
{
    price_batch b;
    fetch_spot_fault(SPOT_ENDLESS, "ap-southeast-1", NULL, &b);
    assert_on_demand(&b);
    assert_failed_part(&b, "spot ap-southeast-1", "more than 10 pages");
    ck_assert_uint_eq(state.spot_requests, 10 + 3);
    assert_spot(&b, "ecs.gn6i-c4g1.xlarge", "cn-hangzhou", 1.15, "CNY", "2025-06-14T23:00:00Z");
    ck_assert_uint_eq(spot_rows(&b), 2);
    price_batch_free(&b);
}
END_TEST

/* One row of the prices table: its hourly price, currency and effective date; false when there is none. */
static bool stored_price(sqlite3 *db, const char *type, const char *model, double *hourly, char *currency,
                         char *effective_at)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT hourly, currency, effective_at FROM prices WHERE provider_id = "
                                        "'alibaba' AND instance_type_id = ?1 AND region_id = 'cn-hangzhou' AND "
                                        "pricing_model = ?2",
                                        -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(st, 1, type, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, model, -1, SQLITE_STATIC);
    bool found = sqlite3_step(st) == SQLITE_ROW;
    if (found) {
        *hourly = sqlite3_column_double(st, 0);
        util_copy(currency, 4, (const char *)sqlite3_column_text(st, 1));
        util_copy(effective_at, 32, (const char *)sqlite3_column_text(st, 2));
    }
    sqlite3_finalize(st);
    return found;
}

START_TEST(test_refresh_applies_to_a_migrated_database)
{
    char *db_path = NULL;
    sqlite3 *db = provider_support_open_db(&cfg, &db_path);
    refresh_outcome out;
    provider_support_refresh(db, &cfg, "alibaba", NOW, "ok", &out);
    ck_assert_uint_eq(out.rows_kept, 6);
    ck_assert_uint_eq(out.rows_applied, 6); /* three on-demand prices, three spot prices */
    ck_assert_str_eq(out.failed_parts, "[]");
    double hourly = 0;
    char currency[4], effective_at[32];
    ck_assert(stored_price(db, "ecs.gn7i-c8g1.2xlarge", "on_demand", &hourly, currency, effective_at));
    ck_assert_double_eq_tol(hourly, 9.20, 1e-9);
    ck_assert_str_eq(currency, "CNY");
    ck_assert(stored_price(db, "ecs.gn6i-c4g1.xlarge", "spot", &hourly, currency, effective_at));
    ck_assert_double_eq_tol(hourly, 1.15, 1e-9);
    ck_assert_str_eq(currency, "CNY");
    ck_assert_str_eq(effective_at, "2025-06-14T23:00:00Z");
    provider_support_close_db(db, db_path);
}
END_TEST

START_TEST(test_refresh_without_spot_is_partial)
{
    state.spot_fault = SPOT_BAD_KEY;
    char *db_path = NULL;
    sqlite3 *db = provider_support_open_db(&cfg, &db_path);
    refresh_outcome out;
    provider_support_refresh(db, &cfg, "alibaba", NOW, "partial", &out);
    ck_assert_uint_eq(out.rows_applied, 3); /* the on-demand prices */
    ck_assert_uint_eq(out.failed_part_count, 1);
    ck_assert_ptr_nonnull(strstr(out.failed_parts, "InvalidAccessKeyId.NotFound"));
    ck_assert_ptr_null(strstr(out.failed_parts, TEST_SECRET));
    double hourly = 0;
    char currency[4], effective_at[32];
    ck_assert(stored_price(db, "ecs.gn6i-c4g1.xlarge", "on_demand", &hourly, currency, effective_at));
    ck_assert(!stored_price(db, "ecs.gn6i-c4g1.xlarge", "spot", &hourly, currency, effective_at));
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT status, failed_parts FROM refresh_runs WHERE provider_id = "
                                        "'alibaba' ORDER BY id DESC LIMIT 1",
                                        -1, &st, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    ck_assert_str_eq((const char *)sqlite3_column_text(st, 0), "partial");
    ck_assert_ptr_nonnull(strstr((const char *)sqlite3_column_text(st, 1), "spot ap-southeast-1"));
    sqlite3_finalize(st);
    provider_support_close_db(db, db_path);
}
END_TEST

static Suite *alibaba_suite(void)
{
    Suite *s = suite_create("provider_alibaba");
    TCase *tc = tcase_create("alibaba");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_instance_part_prices);
    tcase_add_test(tc, test_spot_prices);
    tcase_add_test(tc, test_off_without_keys);
    tcase_add_test(tc, test_wrong_secret_does_not_match);
    tcase_add_test(tc, test_unknown_key_id_fails);
    tcase_add_test(tc, test_throttling_is_retried_with_a_new_nonce);
    tcase_add_test(tc, test_throttling_beyond_the_attempts_fails);
    tcase_add_test(tc, test_changed_format_fails);
    tcase_add_test(tc, test_spot_throttling_is_retried);
    tcase_add_test(tc, test_spot_throttled_fails_its_region_only);
    tcase_add_test(tc, test_spot_bad_key_stops_spot);
    tcase_add_test(tc, test_spot_signature_mismatch_fails_spot);
    tcase_add_test(tc, test_spot_changed_format_fails_its_region_only);
    tcase_add_test(tc, test_spot_pages_are_bounded);
    tcase_add_test(tc, test_refresh_applies_to_a_migrated_database);
    tcase_add_test(tc, test_refresh_without_spot_is_partial);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(alibaba_suite());
}
