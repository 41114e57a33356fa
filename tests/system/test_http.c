/* The daemon over HTTP: catalog endpoints, filters, paging, caching, CORS, request ids and every error path. */
#include <check.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "snapshot/catalog.h"
#include "store/db.h"
#include "harness.h"
#include "support/check_support.h"
#include "support/stderr_capture.h"
#include "base/util.h"

static harness *h;

static void configure(config *cfg, void *ctx)
{
    (void)ctx;
    cfg->cors_origin_count = 1;
    snprintf(cfg->cors_origins[0], sizeof cfg->cors_origins[0], "https://portal.example");
    cfg->max_body_bytes = 4096;
}

static void setup(void)
{
    h = harness_start_with(configure, NULL);
}

static void teardown(void)
{
    harness_stop(h);
}

/* Asserts a problem+json answer with the status, naming field when field is not NULL. */
static void assert_problem(harness_response *r, long status, const char *field)
{
    ck_assert_msg(r->status == status, "status %ld, wanted %ld: %s", r->status, status, r->body);
    char type[128];
    ck_assert_int_eq(harness_response_header(r, "Content-Type", type, sizeof type), 0);
    ck_assert_str_eq(type, "application/problem+json");
    ck_assert_ptr_nonnull(r->json);
    ck_assert_int_eq(json_integer_value(json_object_get(r->json, "status")), status);
    ck_assert_ptr_nonnull(json_string_value(json_object_get(r->json, "title")));
    ck_assert_ptr_nonnull(json_string_value(json_object_get(r->json, "type")));
    ck_assert_ptr_nonnull(json_string_value(json_object_get(r->json, "detail")));
    if (field != NULL) {
        json_t *errors = json_object_get(r->json, "errors");
        bool named = false;
        size_t i;
        json_t *e;
        json_array_foreach(errors, i, e) named |= strcmp(json_string_value(json_object_get(e, "field")), field) == 0;
        ck_assert_msg(named, "no error names %s: %s", field, r->body);
    }
}

START_TEST(health_and_readiness)
{
    harness_response *r = harness_get(h, "/healthz");
    ck_assert_int_eq(r->status, 200);
    ck_assert_str_eq(json_string_value(json_object_get(r->json, "status")), "ok");
    harness_response_free(r);
    r = harness_get(h, "/readyz");
    ck_assert_int_eq(r->status, 200);
    ck_assert_int_eq(strlen(json_string_value(json_object_get(r->json, "catalog_version"))), 16);
    harness_response_free(r);
}
END_TEST

START_TEST(gpus_list_and_item)
{
    harness_response *r = harness_get(h, "/v1/gpus?limit=500");
    ck_assert_int_eq(r->status, 200);
    json_t *items = json_object_get(r->json, "items");
    ck_assert_int_ge(json_array_size(items), 22);
    ck_assert_int_eq(json_integer_value(json_object_get(r->json, "total")), (json_int_t)json_array_size(items));
    ck_assert(json_is_null(json_object_get(r->json, "next_cursor")));
    harness_response_free(r);

    r = harness_get(h, "/v1/gpus/h100-sxm-80gb");
    ck_assert_int_eq(r->status, 200);
    ck_assert_str_eq(json_string_value(json_object_get(r->json, "id")), "h100-sxm-80gb");
    ck_assert(json_number_value(json_object_get(r->json, "bf16_tflops")) > 980);
    ck_assert(json_number_value(json_object_get(r->json, "bf16_tflops")) < 1000);
    ck_assert(json_is_array(json_object_get(r->json, "sources")));
    ck_assert_int_gt(json_array_size(json_object_get(r->json, "sources")), 0);
    ck_assert_int_gt(json_array_size(json_object_get(r->json, "instances")), 0);
    harness_response_free(r);

    r = harness_get(h, "/v1/gpus/t4");
    ck_assert(json_is_null(json_object_get(r->json, "bf16_tflops")));
    harness_response_free(r);

    r = harness_get(h, "/v1/gpus/h1000");
    assert_problem(r, 404, NULL);
    harness_response_free(r);

    r = harness_get(h, "/v1/gpus?vendor=amd");
    size_t i;
    json_t *gpu;
    json_array_foreach(json_object_get(r->json, "items"), i, gpu)
        ck_assert_str_eq(json_string_value(json_object_get(gpu, "vendor")), "amd");
    ck_assert_int_gt(json_array_size(json_object_get(r->json, "items")), 0);
    harness_response_free(r);
}
END_TEST

START_TEST(paging_walks_every_item_once)
{
    harness_response *all = harness_get(h, "/v1/instances?limit=500");
    json_int_t total = json_integer_value(json_object_get(all->json, "total"));
    ck_assert_int_gt(total, 100);
    char path[256] = "/v1/instances?limit=7";
    json_int_t seen = 0;
    for (int page = 0; page < 1000; page++) {
        harness_response *r = harness_get(h, path);
        ck_assert_int_eq(r->status, 200);
        json_t *items = json_object_get(r->json, "items");
        json_t *first_page = json_object_get(all->json, "items"); /* the first 500 in the same order */
        for (size_t i = 0; i < json_array_size(items); i++) {
            size_t position = (size_t)seen + i;
            if (position < json_array_size(first_page))
                ck_assert(json_equal(json_array_get(items, i), json_array_get(first_page, position)));
        }
        seen += (json_int_t)json_array_size(items);
        const char *cursor = json_string_value(json_object_get(r->json, "next_cursor"));
        if (cursor == NULL) {
            harness_response_free(r);
            break;
        }
        snprintf(path, sizeof path, "/v1/instances?limit=7&cursor=%s", cursor);
        harness_response_free(r);
    }
    ck_assert_int_eq(seen, total);
    harness_response_free(all);
}
END_TEST

START_TEST(instance_filters_are_applied)
{
    harness_response *r =
        harness_get(h, "/v1/instances?provider=aws&gpu=h100-sxm-80gb&min_gpus=8&pricing=on_demand&limit=100");
    ck_assert_int_eq(r->status, 200);
    json_t *items = json_object_get(r->json, "items");
    ck_assert_int_gt(json_array_size(items), 0);
    size_t i;
    json_t *item;
    json_array_foreach(items, i, item) {
        ck_assert_str_eq(json_string_value(json_object_get(item, "provider")), "aws");
        ck_assert_str_eq(json_string_value(json_object_get(json_object_get(item, "gpu"), "id")), "h100-sxm-80gb");
        ck_assert(json_number_value(json_object_get(item, "gpu_count")) >= 8);
        ck_assert_ptr_nonnull(json_object_get(json_object_get(item, "prices"), "on_demand"));
    }
    harness_response_free(r);

    r = harness_get(h, "/v1/instances?max_hourly_usd=1.5&sort=hourly_usd&limit=500");
    double previous = 0;
    json_array_foreach(json_object_get(r->json, "items"), i, item) {
        double hourly = json_number_value(
            json_object_get(json_object_get(json_object_get(item, "prices"), "on_demand"), "hourly_usd"));
        ck_assert(hourly <= 1.5);
        ck_assert(hourly >= previous);
        previous = hourly;
    }
    ck_assert_int_gt(json_array_size(json_object_get(r->json, "items")), 0);
    harness_response_free(r);

    r = harness_get(h, "/v1/instances?sort=gpu_memory_gb&min_gpu_memory_gb=600&interconnect=nvswitch&limit=500");
    previous = 1e9;
    json_array_foreach(json_object_get(r->json, "items"), i, item) {
        double memory = json_number_value(json_object_get(item, "gpu_memory_gb"));
        ck_assert(memory >= 600 && memory <= previous);
        ck_assert_str_eq(json_string_value(json_object_get(item, "interconnect")), "nvswitch");
        previous = memory;
    }
    harness_response_free(r);

    r = harness_get(h, "/v1/instances?sort=usd_per_tflops&precision=bf16&limit=20");
    previous = 0;
    json_array_foreach(json_object_get(r->json, "items"), i, item) {
        double ratio = json_number_value(json_object_get(json_object_get(item, "figures"), "usd_per_tflops"));
        ck_assert(ratio >= previous);
        previous = ratio;
    }
    harness_response_free(r);

    r = harness_get(h, "/v1/instances?region=us-east-1&provider=aws&limit=500");
    json_array_foreach(json_object_get(r->json, "items"), i, item)
        ck_assert_str_eq(json_string_value(json_object_get(item, "region")), "us-east-1");
    harness_response_free(r);
}
END_TEST

START_TEST(bad_query_values_name_the_parameter)
{
    static const struct { const char *path, *field; } cases[] = {
        {"/v1/instances?limit=0", "limit"},
        {"/v1/instances?limit=abc", "limit"},
        {"/v1/instances?limit=100000", "limit"},
        {"/v1/instances?min_gpus=-1", "min_gpus"},
        {"/v1/instances?max_hourly_usd=cheap", "max_hourly_usd"},
        {"/v1/instances?max_hourly_usd=nan", "max_hourly_usd"},
        {"/v1/instances?pricing=free", "pricing"},
        {"/v1/instances?sort=random", "sort"},
        {"/v1/instances?gpu=h1000", "gpu"},
        {"/v1/instances?provider=ibm", "provider"},
        {"/v1/instances?region=atlantis-1", "region"},
        {"/v1/instances?provider=azure&region=us-east-1", "region"},
        {"/v1/instances?interconnect=carrier-pigeon", "interconnect"},
        {"/v1/instances?cursor=garbage", "cursor"},
        {"/v1/instances?cursor=5.0000000000000000", "cursor"},
        {"/v1/instances?colour=red", "colour"},
        {"/v1/instances?min_gpus=4&max_gpus=2", "max_gpus"},
        {"/v1/instances?provider=aws%27%20OR%201=1--", "provider"},
        {"/v1/gpus?min_memory_gb=lots", "min_memory_gb"},
        {"/v1/gpus?precision=fp128", "precision"},
        {"/v1/providers?x=1", "x"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        harness_response *r = harness_get(h, cases[i].path);
        assert_problem(r, 400, cases[i].field);
        harness_response_free(r);
    }
}
END_TEST

START_TEST(instance_type_with_regions)
{
    harness_response *r = harness_get(h, "/v1/instances/aws/p5.48xlarge");
    ck_assert_int_eq(r->status, 200);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(r->json, "gpu"), "id")), "h100-sxm-80gb");
    ck_assert(json_number_value(json_object_get(r->json, "gpu_count")) == 8);
    ck_assert(json_number_value(json_object_get(r->json, "gpu_memory_gb")) == 640);
    ck_assert_str_eq(json_string_value(json_object_get(r->json, "cluster_network")), "efa");
    json_t *regions = json_object_get(r->json, "regions");
    ck_assert_int_ge(json_array_size(regions), 1);
    json_t *on_demand = json_object_get(json_object_get(json_array_get(regions, 0), "prices"), "on_demand");
    ck_assert(json_number_value(json_object_get(on_demand, "hourly_usd")) > 0);
    ck_assert_ptr_nonnull(json_string_value(json_object_get(on_demand, "source")));
    ck_assert_ptr_nonnull(json_string_value(json_object_get(on_demand, "fetched_at")));
    harness_response_free(r);
    r = harness_get(h, "/v1/instances/aws/p9.mega");
    assert_problem(r, 404, NULL);
    harness_response_free(r);
    r = harness_get(h, "/v1/instances/ibm/p5.48xlarge");
    assert_problem(r, 404, NULL);
    harness_response_free(r);
}
END_TEST

START_TEST(providers_with_regions_and_refresh_state)
{
    harness_response *r = harness_get(h, "/v1/providers");
    ck_assert_int_eq(r->status, 200);
    json_t *items = json_object_get(r->json, "items");
    ck_assert_int_eq(json_array_size(items), 7);
    size_t i;
    json_t *item;
    json_array_foreach(items, i, item) {
        ck_assert_int_gt(json_array_size(json_object_get(item, "regions")), 0);
        json_t *refresh = json_object_get(item, "refresh");
        const char *status = json_string_value(json_object_get(refresh, "status"));
        ck_assert_msg(strcmp(status, "never") == 0 || strcmp(status, "disabled") == 0, "status %s", status);
        ck_assert(json_is_null(json_object_get(refresh, "last_success_at")));
        ck_assert(json_is_integer(json_object_get(refresh, "rows")));
    }
    ck_assert_int_gt(json_array_size(json_object_get(r->json, "fx_rates")), 1);
    harness_response_free(r);
}
END_TEST

START_TEST(unknown_paths_and_methods)
{
    harness_response *r = harness_get(h, "/v2/gpus");
    assert_problem(r, 404, NULL);
    harness_response_free(r);
    r = harness_get(h, "/v1/gpus/");
    assert_problem(r, 404, NULL);
    harness_response_free(r);
    r = harness_request(h, "DELETE", "/v1/gpus", NULL, NULL);
    assert_problem(r, 405, NULL);
    char allow[128];
    ck_assert_int_eq(harness_response_header(r, "Allow", allow, sizeof allow), 0);
    ck_assert_ptr_nonnull(strstr(allow, "GET"));
    harness_response_free(r);
    r = harness_post_json(h, "/v1/gpus", "{}");
    assert_problem(r, 405, NULL);
    harness_response_free(r);
    r = harness_request(h, "BREW", "/v1/gpus", NULL, NULL);
    ck_assert(r->status == 405 || r->status == 501);
    harness_response_free(r);
    r = harness_get(h, "/../../etc/passwd");
    assert_problem(r, 404, NULL);
    harness_response_free(r);
}
END_TEST

START_TEST(etag_and_not_modified)
{
    harness_response *r = harness_get(h, "/v1/gpus");
    char etag[80], cache[80];
    ck_assert_int_eq(harness_response_header(r, "ETag", etag, sizeof etag), 0);
    ck_assert_int_eq(harness_response_header(r, "Cache-Control", cache, sizeof cache), 0);
    ck_assert_int_eq(etag[0], '"');
    harness_response_free(r);
    char header[128];
    snprintf(header, sizeof header, "If-None-Match: %s", etag);
    const char *headers[] = {header, NULL};
    r = harness_request(h, "GET", "/v1/gpus", NULL, headers);
    ck_assert_int_eq(r->status, 304);
    ck_assert_int_eq(r->body_size, 0);
    harness_response_free(r);
    const char *stale[] = {"If-None-Match: \"0000000000000000\"", NULL};
    r = harness_request(h, "GET", "/v1/gpus", NULL, stale);
    ck_assert_int_eq(r->status, 200);
    harness_response_free(r);
}
END_TEST

START_TEST(cors_only_for_configured_origins)
{
    const char *allowed[] = {"Origin: https://portal.example", NULL};
    harness_response *r = harness_request(h, "GET", "/v1/gpus", NULL, allowed);
    char value[128];
    ck_assert_int_eq(harness_response_header(r, "Access-Control-Allow-Origin", value, sizeof value), 0);
    ck_assert_str_eq(value, "https://portal.example");
    harness_response_free(r);
    const char *other[] = {"Origin: https://evil.example", NULL};
    r = harness_request(h, "GET", "/v1/gpus", NULL, other);
    ck_assert_int_ne(harness_response_header(r, "Access-Control-Allow-Origin", value, sizeof value), 0);
    harness_response_free(r);
    const char *preflight[] = {"Origin: https://portal.example", "Access-Control-Request-Method: GET", NULL};
    r = harness_request(h, "OPTIONS", "/v1/instances", NULL, preflight);
    ck_assert_int_eq(r->status, 204);
    ck_assert_int_eq(harness_response_header(r, "Access-Control-Allow-Methods", value, sizeof value), 0);
    ck_assert_ptr_nonnull(strstr(value, "GET"));
    harness_response_free(r);
}
END_TEST

START_TEST(request_ids_are_echoed_or_made)
{
    const char *given[] = {"X-Request-Id: trace-123.abc", NULL};
    harness_response *r = harness_request(h, "GET", "/healthz", NULL, given);
    char id[64];
    ck_assert_int_eq(harness_response_header(r, "X-Request-Id", id, sizeof id), 0);
    ck_assert_str_eq(id, "trace-123.abc");
    harness_response_free(r);
    const char *hostile[] = {"X-Request-Id: bad id\twith spaces", NULL};
    r = harness_request(h, "GET", "/healthz", NULL, hostile);
    ck_assert_int_eq(harness_response_header(r, "X-Request-Id", id, sizeof id), 0);
    ck_assert_ptr_null(strchr(id, ' '));
    ck_assert_int_gt(strlen(id), 8);
    harness_response_free(r);
}
END_TEST

START_TEST(pretty_output_and_head)
{
    harness_response *r = harness_get(h, "/healthz?pretty=1");
    ck_assert_ptr_nonnull(strchr(r->body, '\n'));
    harness_response_free(r);
    harness_response *get = harness_get(h, "/v1/gpus");
    r = harness_request(h, "HEAD", "/v1/gpus", NULL, NULL);
    ck_assert_int_eq(r->status, 200);
    ck_assert_int_eq(r->body_size, 0);
    /* a HEAD answer's Content-Length is the GET's (it used to say 0) */
    char length[32] = "";
    ck_assert_int_eq(harness_response_header(r, "Content-Length", length, sizeof length), 0);
    ck_assert_uint_eq(strtoull(length, NULL, 10), get->body_size);
    harness_response_free(r);
    /* a 304 carries no body; the Content-Length libmicrohttpd 0.9.75 always writes is the GET's, never a false 0 */
    char etag[80] = "", header[120];
    ck_assert_int_eq(harness_response_header(get, "ETag", etag, sizeof etag), 0);
    snprintf(header, sizeof header, "If-None-Match: %s", etag);
    r = harness_request(h, "GET", "/v1/gpus", NULL, (const char *const[]){header, NULL});
    ck_assert_int_eq(r->status, 304);
    ck_assert_int_eq(r->body_size, 0);
    ck_assert_int_eq(harness_response_header(r, "Content-Length", length, sizeof length), 0);
    ck_assert_uint_eq(strtoull(length, NULL, 10), get->body_size);
    harness_response_free(r);
    /* ?pretty is the same answer indented */
    r = harness_get(h, "/v1/gpus?pretty=1");
    json_t *compact = json_loads(get->body, 0, NULL);
    ck_assert_int_eq(json_equal(compact, r->json), 1);
    json_decref(compact);
    harness_response_free(r);
    harness_response_free(get);
}
END_TEST

/* The page's policy, and Vary: Origin on every answer while CORS is on (the answer differs by Origin). */
START_TEST(page_policy_and_vary_origin)
{
    harness_response *r = harness_get(h, "/ui/");
    ck_assert_int_eq(r->status, 200);
    char value[512] = "";
    ck_assert_int_eq(harness_response_header(r, "Content-Security-Policy", value, sizeof value), 0);
    ck_assert_ptr_nonnull(strstr(value, "frame-ancestors 'none'"));
    ck_assert_ptr_nonnull(strstr(value, "default-src 'none'"));
    ck_assert_int_eq(harness_response_header(r, "Referrer-Policy", value, sizeof value), 0);
    ck_assert_str_eq(value, "no-referrer");
    harness_response_free(r);
    r = harness_get(h, "/v1/gpus");
    ck_assert_int_eq(harness_response_header(r, "Vary", value, sizeof value), 0);
    ck_assert_str_eq(value, "Origin");
    harness_response_free(r);
}
END_TEST

static void configure_dual_stack(config *cfg, void *ctx)
{
    configure(cfg, ctx);
    util_copy(cfg->listen_host, sizeof cfg->listen_host, "::");
}

/* GPUREC_LISTEN=[::] takes IPv4 clients too (IPV6_V6ONLY off): the harness's client speaks to 127.0.0.1. */
START_TEST(listening_on_any_ipv6_address_takes_ipv4)
{
    harness_stop(h);
    h = harness_start_with(configure_dual_stack, NULL);
    harness_response *r = harness_get(h, "/healthz");
    ck_assert_msg(r->status == 200, "IPv4 client of [::]: status %ld", r->status);
    harness_response_free(r);
}
END_TEST

static void configure_trusted_proxy(config *cfg, void *ctx)
{
    configure(cfg, ctx);
    cfg->log_lvl = LOG_INFO;
    cfg->trusted_proxy_count = 1;
    cfg->trusted_proxies[0].family = AF_INET;
    static const unsigned char loopback[4] = {127, 0, 0, 1};
    memcpy(cfg->trusted_proxies[0].addr, loopback, 4);
    cfg->trusted_proxies[0].prefix_bits = 32;
}

/* Whether the log at path has an access line with this request id and client. */
static bool access_line_names(const char *path, const char *request_id, const char *client)
{
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return false;
    char line[4096], id_part[96], client_part[96];
    snprintf(id_part, sizeof id_part, "request_id=%s", request_id);
    snprintf(client_part, sizeof client_part, "client=%s", client);
    bool found = false;
    while (!found && fgets(line, sizeof line, f) != NULL)
        found = strstr(line, id_part) != NULL && strstr(line, client_part) != NULL;
    fclose(f);
    return found;
}

/* Behind a trusted proxy the access log names the client its forwarding headers give: the rightmost address that
 * is not itself a trusted proxy. */
START_TEST(trusted_proxy_names_the_client_in_the_access_log)
{
    stderr_capture log;
    stderr_capture_begin(&log, "http");
    harness_stop(h);
    h = harness_start_with(configure_trusted_proxy, NULL);
    static const char *const cases[][3] = {
        {"X-Forwarded-For: 203.0.113.50, 198.51.100.7, 127.0.0.1", "fwd-1", "198.51.100.7"},
        {"Forwarded: for=192.0.2.60;proto=http, for=\"[2001:db8::17]:4711\"", "fwd-2", "2001:db8::17"},
        {"X-Forwarded-For: unknown", "fwd-3", "127.0.0.1"},
        {"X-Other: 1", "fwd-4", "127.0.0.1"},
    };
    for (size_t i = 0; i < 4; i++) {
        char id[64];
        snprintf(id, sizeof id, "X-Request-Id: %s", cases[i][1]);
        harness_response *r = harness_request(h, "GET", "/healthz", NULL, (const char *const[]){cases[i][0], id, NULL});
        ck_assert_int_eq(r->status, 200);
        harness_response_free(r);
    }
    fflush(stderr);
    /* the access line is written after the answer: poll for each */
    for (size_t i = 0; i < 4; i++) {
        int64_t deadline = util_monotonic_us() + HARNESS_WAIT_S * 1000000LL;
        while (!access_line_names(log.path, cases[i][1], cases[i][2]) && util_monotonic_us() < deadline)
            usleep(20 * 1000);
        bool named = access_line_names(log.path, cases[i][1], cases[i][2]);
        if (!named)
            stderr_capture_restore(&log);
        ck_assert_msg(named, "%s: no access line names client %s", cases[i][0], cases[i][2]);
    }
    harness_stop(h);
    h = harness_start_with(configure, NULL);
    stderr_capture_end(&log);
}
END_TEST

START_TEST(bodies_too_large_or_not_json)
{
    /* /v1/gpus is GET-only, so use a POST route that exists in every build: any POST path answers the body checks
     * only after routing, so aim at a real POST endpoint when one is registered, else expect 405. */
    char *big = malloc(8192);
    memset(big, ' ', 8191);
    big[0] = '{';
    big[8190] = '}';
    big[8191] = '\0';
    harness_response *r = harness_post_json(h, "/v1/recommend", big);
    ck_assert_msg(r->status == 413 || r->status == 405, "status %ld", r->status);
    harness_response_free(r);
    free(big);
}
END_TEST

static double p5_on_demand_us_east_1(harness_response *r)
{
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(r->json, "items"), i, item) {
        if (strcmp(json_string_value(json_object_get(item, "instance_type")), "p5.48xlarge") == 0 &&
            strcmp(json_string_value(json_object_get(item, "region")), "us-east-1") == 0)
            return json_number_value(
                json_object_get(json_object_get(json_object_get(item, "prices"), "on_demand"), "hourly_usd"));
    }
    return -1;
}

START_TEST(kept_answers_follow_a_new_catalog)
{
    const char *path = "/v1/instances?provider=aws&gpu=h100-sxm-80gb&limit=100";
    harness_response *first = harness_get(h, path);
    harness_response *again = harness_get(h, path); /* answered from the kept copy */
    ck_assert_str_eq(first->body, again->body);
    double before = p5_on_demand_us_east_1(first);
    ck_assert(before > 0);
    sqlite3 *db = NULL;
    char err[256];
    ck_assert_int_eq(db_open(harness_db_path(h), false, &db, err, sizeof err), 0);
    ck_assert_int_eq(db_exec(db,
                             "UPDATE prices SET hourly = hourly * 2 WHERE provider_id = 'aws' AND instance_type_id = "
                             "'p5.48xlarge' AND region_id = 'us-east-1' AND pricing_model = 'on_demand'",
                             err, sizeof err),
                     0);
    db_close(db);
    harness_reload_catalog(h);
    harness_response *after = harness_get(h, path);
    ck_assert(fabs(p5_on_demand_us_east_1(after) - 2 * before) < 1e-6);
    char etag_before[80], etag_after[80];
    harness_response_header(first, "ETag", etag_before, sizeof etag_before);
    harness_response_header(after, "ETag", etag_after, sizeof etag_after);
    ck_assert_str_ne(etag_before, etag_after);
    harness_response_free(first);
    harness_response_free(again);
    harness_response_free(after);
}
END_TEST

/* A kept answer is shared with the responses sending it: while several connections read answers from the cache,
 * more distinct queries than it has slots keep replacing its entries, and every answer must still arrive whole (the
 * sanitizer builds catch a text freed while it is sent). */
#define SHARED_ANSWER_THREADS 4
#define SHARED_ANSWER_REQUESTS 150

static void *fetch_kept_answers(void *arg)
{
    unsigned seed = (unsigned)(uintptr_t)arg;
    for (unsigned i = 0; i < SHARED_ANSWER_REQUESTS; i++) {
        unsigned limit = 1 + (i * 7 + seed * 13) % 100;
        char path[64];
        snprintf(path, sizeof path, "/v1/instances?limit=%u", limit);
        harness_response *r = harness_get(h, path);
        bool whole = r->status == 200 && r->json != NULL &&
                     json_array_size(json_object_get(r->json, "items")) == limit;
        harness_response_free(r);
        if (!whole)
            return (void *)1; /* the test's thread reports it */
    }
    return NULL;
}

START_TEST(kept_answers_are_shared_safely_across_connections)
{
    pthread_t threads[SHARED_ANSWER_THREADS];
    for (uintptr_t t = 0; t < SHARED_ANSWER_THREADS; t++)
        ck_assert_int_eq(pthread_create(&threads[t], NULL, fetch_kept_answers, (void *)t), 0);
    int broken = 0;
    for (int t = 0; t < SHARED_ANSWER_THREADS; t++) {
        void *result = NULL;
        pthread_join(threads[t], &result);
        broken += result != NULL;
    }
    ck_assert_int_eq(broken, 0);
}
END_TEST

/* Every route that needs the catalog answers alike before the first load: one 503 problem with Retry-After, from
 * the dispatch (face/routes.c marks them); the probes, the page and the admin routes do not need it. */
START_TEST(routes_that_need_the_catalog_answer_503_with_retry_after)
{
    static const struct { const char *method, *path, *body; } needing[] = {
        {"GET", "/v1/gpus", NULL},
        {"GET", "/v1/gpus/h100-sxm-80gb", NULL},
        {"GET", "/v1/models", NULL},
        {"GET", "/v1/models/llama-3.1-8b", NULL},
        {"GET", "/v1/instances", NULL},
        {"GET", "/v1/instances/aws/p5.48xlarge", NULL},
        {"GET", "/v1/instances/aws/p5.48xlarge/history", NULL},
        {"GET", "/v1/providers", NULL},
        {"POST", "/v1/recommend", "{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7}}"},
        {"POST", "/v1/estimate", "{\"items\": []}"},
        {"POST", "/v1/export", "{}"},
    };
    catalog_publish(NULL);
    for (size_t i = 0; i < sizeof needing / sizeof needing[0]; i++) {
        harness_response *r = harness_request(h, needing[i].method, needing[i].path, needing[i].body, NULL);
        ck_assert_msg(r->status == 503, "%s %s: %ld", needing[i].method, needing[i].path, r->status);
        char retry_after[16], content_type[64];
        ck_assert_msg(harness_response_header(r, "Retry-After", retry_after, sizeof retry_after) == 0 &&
                          strcmp(retry_after, "5") == 0,
                      "%s %s: no Retry-After: 5", needing[i].method, needing[i].path);
        ck_assert_int_eq(harness_response_header(r, "Content-Type", content_type, sizeof content_type), 0);
        ck_assert_str_eq(content_type, "application/problem+json");
        ck_assert_str_eq(json_string_value(json_object_get(r->json, "title")), "Service Unavailable");
        ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(r->json, "type")), "catalog-not-loaded"));
        harness_response_free(r);
    }
    harness_response *healthz = harness_get(h, "/healthz");
    ck_assert_int_eq(healthz->status, 200);
    harness_response_free(healthz);
    harness_response *page = harness_get(h, "/ui/");
    ck_assert_int_eq(page->status, 200);
    harness_response_free(page);
    harness_reload_catalog(h);
    harness_response *gpus = harness_get(h, "/v1/gpus");
    ck_assert_int_eq(gpus->status, 200);
    harness_response_free(gpus);
}
END_TEST

START_TEST(metrics_in_prometheus_text)
{
    harness_response *r = harness_get(h, "/v1/gpus");
    harness_response_free(r);
    /* The request is counted in libmicrohttpd's completion callback, which may run after the client has the answer. */
    static const char *const counted[] = {
        "gpurec_http_requests_total{route=\"/v1/gpus\",method=\"GET\",status=\"200\"} 1",
        "gpurec_http_request_duration_seconds_bucket{route=\"/v1/gpus\",le=\"+Inf\"} 1", NULL};
    r = harness_get_until(h, "/metrics", counted, HARNESS_WAIT_S);
    ck_assert_int_eq(r->status, 200);
    char type[128];
    harness_response_header(r, "Content-Type", type, sizeof type);
    ck_assert_ptr_nonnull(strstr(type, "text/plain"));
    ck_assert_ptr_nonnull(strstr(r->body, "gpurec_http_requests_total{route=\"/v1/gpus\",method=\"GET\",status=\"200\"} 1"));
    ck_assert_ptr_nonnull(strstr(r->body, "gpurec_http_request_duration_seconds_bucket{route=\"/v1/gpus\",le=\"+Inf\"} 1"));
    ck_assert_ptr_nonnull(strstr(r->body, "gpurec_catalog_items{kind=\"gpus\"}"));
    ck_assert_ptr_nonnull(strstr(r->body, "gpurec_process_resident_memory_bytes"));
    harness_response_free(r);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("http");
    TCase *tc = tcase_create("daemon");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, health_and_readiness);
    tcase_add_test(tc, routes_that_need_the_catalog_answer_503_with_retry_after);
    tcase_add_test(tc, gpus_list_and_item);
    tcase_add_test(tc, paging_walks_every_item_once);
    tcase_add_test(tc, instance_filters_are_applied);
    tcase_add_test(tc, bad_query_values_name_the_parameter);
    tcase_add_test(tc, instance_type_with_regions);
    tcase_add_test(tc, providers_with_regions_and_refresh_state);
    tcase_add_test(tc, unknown_paths_and_methods);
    tcase_add_test(tc, etag_and_not_modified);
    tcase_add_test(tc, cors_only_for_configured_origins);
    tcase_add_test(tc, request_ids_are_echoed_or_made);
    tcase_add_test(tc, pretty_output_and_head);
    tcase_add_test(tc, page_policy_and_vary_origin);
    tcase_add_test(tc, listening_on_any_ipv6_address_takes_ipv4);
    tcase_add_test(tc, trusted_proxy_names_the_client_in_the_access_log);
    tcase_add_test(tc, bodies_too_large_or_not_json);
    tcase_add_test(tc, metrics_in_prometheus_text);
    tcase_add_test(tc, kept_answers_follow_a_new_catalog);
    tcase_add_test(tc, kept_answers_are_shared_safely_across_connections);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
