/* Hostile clients against the real daemon: malformed, oversized, deceptive and abusive requests. Every one must get
 * a precise 4xx (problem+json where the service answers; libmicrohttpd's own short HTML error for the few requests it
 * refuses before the service sees them: request line or headers too large, broken HTTP framing), the catalog must be
 * the same afterwards, and the process must still answer. No secret may appear in any response or log line. */
#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <sqlite3.h>

#include "harness.h"
#include "support/check_support.h"
#include "support/stderr_capture.h"
#include "base/util.h"

#define BODY_LIMIT 65536
#define ADMIN_TOKEN "s3cret-admin-token-7f3a9c1e5b"

static harness *h;
static unsigned inputs_tried;

static void configure(config *cfg, void *ctx)
{
    (void)ctx;
    cfg->max_body_bytes = BODY_LIMIT;
    util_copy(cfg->admin_token, sizeof cfg->admin_token, ADMIN_TOKEN);
}

static void setup(void)
{
    h = harness_start_with(configure, NULL);
}

static void teardown(void)
{
    harness_stop(h);
    h = NULL;
    printf("  %u hostile inputs tried\n", inputs_tried);
    inputs_tried = 0;
}

/* ---- what must not change ------------------------------------------------------------------------------------- */

typedef struct fingerprint {
    char version[64];
    char *instances; /* the whole first page of /v1/instances at the largest limit */
    char *gpus;
    char db_digest[64];
} fingerprint;

static void db_digest(char *out, size_t out_len)
{
    sqlite3 *db = NULL;
    ck_assert_int_eq(sqlite3_open_v2(harness_db_path(h), &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    sqlite3_stmt *stmt = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT (SELECT count(*) FROM prices), (SELECT total(hourly) FROM prices), "
                                        "(SELECT count(*) FROM price_history), (SELECT count(*) FROM gpus), "
                                        "(SELECT count(*) FROM instance_types)",
                                        -1, &stmt, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(stmt), SQLITE_ROW);
    snprintf(out, out_len, "%lld/%.6f/%lld/%lld/%lld", sqlite3_column_int64(stmt, 0), sqlite3_column_double(stmt, 1),
             sqlite3_column_int64(stmt, 2), sqlite3_column_int64(stmt, 3), sqlite3_column_int64(stmt, 4));
    sqlite3_finalize(stmt);
    sqlite3_close(db);
}

static void take_fingerprint(fingerprint *f)
{
    harness_response *r = harness_get(h, "/readyz");
    ck_assert_int_eq(r->status, 200);
    util_copy(f->version, sizeof f->version, json_string_value(json_object_get(r->json, "catalog_version")));
    harness_response_free(r);
    r = harness_get(h, "/v1/instances?limit=500");
    ck_assert_int_eq(r->status, 200);
    f->instances = xstrdup(r->body);
    harness_response_free(r);
    r = harness_get(h, "/v1/gpus?limit=500");
    ck_assert_int_eq(r->status, 200);
    f->gpus = xstrdup(r->body);
    harness_response_free(r);
    db_digest(f->db_digest, sizeof f->db_digest);
}

static void assert_unchanged(fingerprint *before)
{
    fingerprint after;
    take_fingerprint(&after);
    ck_assert_str_eq(after.version, before->version);
    ck_assert_msg(strcmp(after.instances, before->instances) == 0, "/v1/instances changed");
    ck_assert_msg(strcmp(after.gpus, before->gpus) == 0, "/v1/gpus changed");
    ck_assert_str_eq(after.db_digest, before->db_digest);
    free(after.instances);
    free(after.gpus);
    free(before->instances);
    free(before->gpus);
}

/* ---- assertions ----------------------------------------------------------------------------------------------- */

static bool names_field(const json_t *problem_body, const char *field)
{
    size_t i;
    json_t *e;
    json_array_foreach(json_object_get(problem_body, "errors"), i, e) {
        const char *name = json_string_value(json_object_get(e, "field"));
        if (name != NULL && strcmp(name, field) == 0)
            return true;
    }
    return false;
}

/* A problem+json answer with this status, whose type ends in type_slug and names field (when not NULL). */
static void assert_problem(const char *what, const harness_response *r, long status, const char *type_slug,
                           const char *field)
{
    inputs_tried++;
    ck_assert_msg(r->status == status, "%s: status %ld, wanted %ld: %.300s", what, r->status, status, r->body);
    char type[128] = "";
    ck_assert_msg(harness_response_header(r, "Content-Type", type, sizeof type) == 0, "%s: no Content-Type", what);
    ck_assert_msg(strcmp(type, "application/problem+json") == 0, "%s: Content-Type %s", what, type);
    ck_assert_msg(r->json != NULL, "%s: body is not JSON: %.300s", what, r->body);
    ck_assert_int_eq(json_integer_value(json_object_get(r->json, "status")), status);
    ck_assert_ptr_nonnull(json_string_value(json_object_get(r->json, "title")));
    ck_assert_ptr_nonnull(json_string_value(json_object_get(r->json, "detail")));
    const char *t = json_string_value(json_object_get(r->json, "type"));
    ck_assert_ptr_nonnull(t);
    if (type_slug != NULL) {
        size_t tl = strlen(t), sl = strlen(type_slug);
        ck_assert_msg(tl >= sl && strcmp(t + tl - sl, type_slug) == 0, "%s: type %s, wanted ...%s", what, t,
                      type_slug);
    }
    if (field != NULL)
        ck_assert_msg(names_field(r->json, field), "%s: no error names '%s': %.400s", what, field, r->body);
}

static void expect(const char *what, const char *method, const char *path, const char *content_type,
                   const char *body, long status, const char *type_slug, const char *field)
{
    char header[256];
    const char *headers[2] = {NULL, NULL};
    if (content_type != NULL) {
        snprintf(header, sizeof header, "Content-Type: %s", content_type);
        headers[0] = header;
    }
    harness_response *r = harness_request(h, method, path, body, headers);
    assert_problem(what, r, status, type_slug, field);
    harness_response_free(r);
}

/* ---- raw sockets, for what libcurl will not send ---------------------------------------------------------------- */

/* A connection to the daemon whose reads give up after wait_s. */
static int connect_daemon(int wait_s)
{
    const char *url = harness_url(h);
    const char *colon = strrchr(url, ':');
    int port = atoi(colon + 1);
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_ge(fd, 0);
    struct sockaddr_in addr = {0};
    addr.sin_family = AF_INET;
    addr.sin_port = htons((uint16_t)port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&addr, sizeof addr), 0);
    struct timeval tv = {wait_s, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return fd;
}

/* strcasestr is a GNU extension. */
static const char *find_nocase(const char *haystack, const char *needle)
{
    size_t n = strlen(needle);
    for (; *haystack != '\0'; haystack++)
        if (strncasecmp(haystack, needle, n) == 0)
            return haystack;
    return NULL;
}

typedef struct raw_reply {
    int status; /* 0 when the connection closed without an answer */
    char content_type[128];
    char *text; /* everything read, NUL-terminated */
    size_t size;
    double seconds; /* from the first byte sent to the end of the answer */
} raw_reply;

/* Sends len bytes (which may hold NULs) and reads the answer: until the connection closes, until one response with
 * its Content-Length has arrived, or until nothing has come for wait_s. */
static raw_reply raw_exchange_within(const char *bytes, size_t len, int wait_s)
{
    raw_reply out = {0};
    int fd = connect_daemon(wait_s);
    int64_t start = util_monotonic_us();
    size_t sent = 0;
    while (sent < len) {
        ssize_t n = send(fd, bytes + sent, len - sent, MSG_NOSIGNAL);
        if (n <= 0)
            break; /* the server may close early, e.g. after an early 413 */
        sent += (size_t)n;
    }
    size_t cap = 65536;
    out.text = xmalloc(cap + 1);
    for (;;) {
        if (out.size == cap) {
            cap *= 2;
            out.text = xrealloc(out.text, cap + 1);
        }
        ssize_t n = recv(fd, out.text + out.size, cap - out.size, 0);
        if (n <= 0)
            break;
        out.size += (size_t)n;
        out.text[out.size] = '\0';
        const char *end = strstr(out.text, "\r\n\r\n");
        const char *cl = find_nocase(out.text, "\r\nContent-Length:");
        if (end != NULL && cl != NULL && cl < end) {
            size_t want = (size_t)strtoul(cl + 17, NULL, 10);
            if (out.size >= (size_t)(end + 4 - out.text) + want)
                break;
        }
    }
    out.text[out.size] = '\0';
    out.seconds = (double)(util_monotonic_us() - start) / 1e6;
    close(fd);
    if (strncmp(out.text, "HTTP/1.", 7) == 0 && out.size > 12)
        out.status = atoi(out.text + 9);
    const char *ct = find_nocase(out.text, "\r\nContent-Type:");
    if (ct != NULL) {
        ct += 15;
        while (*ct == ' ')
            ct++;
        size_t n = strcspn(ct, "\r\n");
        if (n >= sizeof out.content_type)
            n = sizeof out.content_type - 1;
        memcpy(out.content_type, ct, n);
        out.content_type[n] = '\0';
    }
    return out;
}

/* The answer of a raw request: the status, and when the service answered (not the HTTP library, which refuses a few
 * requests before the service sees them), problem+json whose type ends in type_slug and names field (when given). */
/* raw_exchange_within, waiting past the daemon's own 15 s connection timeout: an answer that never comes ends as a
 * closed connection, and a slow answer on a loaded machine is still read whole. */
static raw_reply raw_exchange(const char *bytes, size_t len)
{
    return raw_exchange_within(bytes, len, HARNESS_WAIT_S);
}

static void expect_raw_problem(const char *what, const char *bytes, size_t len, int status, bool from_service,
                               const char *type_slug, const char *field)
{
    inputs_tried++;
    raw_reply r = raw_exchange(bytes, len);
    ck_assert_msg(r.status == status, "%s: status %d, wanted %d: %.300s", what, r.status, status, r.text);
    if (from_service) {
        ck_assert_msg(strcmp(r.content_type, "application/problem+json") == 0, "%s: Content-Type '%s'", what,
                      r.content_type);
        const char *body = strstr(r.text, "\r\n\r\n");
        ck_assert_ptr_nonnull(body);
        json_t *doc = json_loads(body + 4, 0, NULL);
        ck_assert_msg(doc != NULL, "%s: body is not JSON: %s", what, body + 4);
        ck_assert_int_eq(json_integer_value(json_object_get(doc, "status")), status);
        const char *t = json_string_value(json_object_get(doc, "type"));
        ck_assert_ptr_nonnull(t);
        if (type_slug != NULL)
            ck_assert_msg(strlen(t) >= strlen(type_slug) && strcmp(t + strlen(t) - strlen(type_slug), type_slug) == 0,
                          "%s: type %s", what, t);
        if (field != NULL)
            ck_assert_msg(names_field(doc, field), "%s: no error names '%s': %.300s", what, field, body + 4);
        json_decref(doc);
    }
    free(r.text);
}

static void expect_raw(const char *what, const char *bytes, size_t len, int status, bool from_service)
{
    expect_raw_problem(what, bytes, len, status, from_service, NULL, NULL);
}

/* A GET of a path too long for the harness's client. */
static void expect_long_get(const char *what, const char *path, int status, const char *type_slug, const char *field)
{
    size_t cap = strlen(path) + 128;
    char *req = xmalloc(cap);
    int len = snprintf(req, cap, "GET %s HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n", path);
    expect_raw_problem(what, req, (size_t)len, status, true, type_slug, field);
    free(req);
}

static char *repeat(char c, size_t n)
{
    char *s = xmalloc(n + 1);
    memset(s, c, n);
    s[n] = '\0';
    return s;
}

static void assert_alive(void)
{
    harness_response *r = harness_get(h, "/healthz");
    ck_assert_int_eq(r->status, 200);
    harness_response_free(r);
}

/* ---- request bodies ------------------------------------------------------------------------------------------- */

static const char *const post_paths[] = {"/v1/recommend", "/v1/estimate"};

START_TEST(malformed_json_bodies)
{
    fingerprint before;
    take_fingerprint(&before);
    for (size_t i = 0; i < 2; i++) {
        const char *path = post_paths[i];
        /* nesting deeper than the parser's limit, and within it */
        char *deep = xmalloc(20001);
        memset(deep, '[', 10000);
        memset(deep + 10000, ']', 10000);
        deep[20000] = '\0';
        expect("deep array", "POST", path, NULL, deep, 400, "malformed-json", "body");
        for (size_t k = 0; k < 5000; k++) {
            deep[k * 4] = '{';
            deep[k * 4 + 1] = '"';
            deep[k * 4 + 2] = '"';
            deep[k * 4 + 3] = ':';
        }
        deep[20000 - 1] = '\0';
        expect("deep object", "POST", path, NULL, deep, 400, "malformed-json", "body");
        free(deep);
        expect("invalid UTF-8", "POST", path, NULL, "{\"objective\":\"c\xff\xfeost\"}", 400, "malformed-json", "body");
        expect("overlong UTF-8", "POST", path, NULL, "{\"objective\":\"\xc0\xaf\"}", 400, "malformed-json", "body");
        expect("UTF-16 surrogate", "POST", path, NULL, "{\"objective\":\"\xed\xa0\x80\"}", 400, "malformed-json",
               "body");
        expect("escaped NUL", "POST", path, NULL, "{\"objective\":\"c\\u0000ost\"}", 400, "malformed-json", "body");
        expect("lone surrogate escape", "POST", path, NULL, "{\"objective\":\"\\ud800\"}", 400, "malformed-json",
               "body");
        expect("duplicate keys", "POST", path, NULL, "{\"limit\":1,\"limit\":2}", 400, "malformed-json", "body");
        expect("number overflow", "POST", path, NULL, "{\"limit\":1e309}", 400, "malformed-json", "body");
        expect("integer overflow", "POST", path, NULL, "{\"limit\":123456789012345678901234567890}", 400,
               "malformed-json", "body");
        expect("negative overflow", "POST", path, NULL, "{\"limit\":-1e309}", 400, "malformed-json", "body");
        expect("NaN literal", "POST", path, NULL, "{\"limit\":NaN}", 400, "malformed-json", "body");
        expect("Infinity literal", "POST", path, NULL, "{\"limit\":Infinity}", 400, "malformed-json", "body");
        expect("trailing garbage", "POST", path, NULL, "{} {}", 400, "malformed-json", "body");
        expect("truncated", "POST", path, NULL, "{\"workload\":{\"kind\":", 400, "malformed-json", "body");
        expect("single quotes", "POST", path, NULL, "{'a':1}", 400, "malformed-json", "body");
        expect("comment", "POST", path, NULL, "{/* x */}", 400, "malformed-json", "body");
        expect("bare word", "POST", path, NULL, "DROP TABLE prices;", 400, "malformed-json", "body");
        expect("not an object", "POST", path, NULL, "[]", 400, NULL, NULL);
        expect("a string", "POST", path, NULL, "\"x\"", 400, NULL, NULL);
        expect("null", "POST", path, NULL, "null", 400, NULL, NULL);
    }
    /* A raw NUL byte inside the body (libcurl's POSTFIELDS stops at none: it is given the length). */
    static const char with_nul[] = "POST /v1/recommend HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                   "Content-Length: 20\r\nConnection: close\r\n\r\n{\"objective\":\"c\0st\"}";
    expect_raw("NUL byte in body", with_nul, sizeof with_nul - 1, 400, true);
    assert_alive();
    assert_unchanged(&before);
}
END_TEST

START_TEST(huge_values_and_arrays)
{
    fingerprint before;
    take_fingerprint(&before);
    expect("1e12 GPUs", "POST", "/v1/recommend", NULL,
           "{\"workload\":{\"kind\":\"training\",\"model_params_b\":7,\"gpus\":1e12}}", 422, NULL, "workload.gpus");
    expect("1e12 GPUs as integer", "POST", "/v1/recommend", NULL,
           "{\"workload\":{\"kind\":\"training\",\"model_params_b\":7,\"gpus\":1000000000000}}", 422, NULL,
           "workload.gpus");
    expect("1e300 params", "POST", "/v1/recommend", NULL,
           "{\"workload\":{\"kind\":\"training\",\"model_params_b\":1e300}}", 422, NULL, "workload.model_params_b");
    expect("negative params", "POST", "/v1/recommend", NULL,
           "{\"workload\":{\"kind\":\"training\",\"model_params_b\":-7}}", 422, NULL, "workload.model_params_b");
    expect("tiny denormal params", "POST", "/v1/recommend", NULL,
           "{\"workload\":{\"kind\":\"training\",\"model_params_b\":4e-320}}", 422, NULL, "workload.model_params_b");
    expect("huge limit", "POST", "/v1/recommend", NULL, "{\"workload\":{\"kind\":\"general\"},\"limit\":1e15}", 422,
           NULL, "limit");
    expect("1e12 instances", "POST", "/v1/estimate", NULL,
           "{\"items\":[{\"provider\":\"aws\",\"instance_type\":\"p5.48xlarge\",\"region\":\"us-east-1\","
           "\"count\":1000000000000,\"hours\":1}]}",
           422, NULL, "items[0].count");
    expect("1e308 hours", "POST", "/v1/estimate", NULL,
           "{\"items\":[{\"provider\":\"aws\",\"instance_type\":\"p5.48xlarge\",\"region\":\"us-east-1\","
           "\"count\":1,\"hours\":1e308}]}",
           422, NULL, "items[0].hours");
    expect("string for a number", "POST", "/v1/estimate", NULL,
           "{\"items\":[{\"provider\":\"aws\",\"instance_type\":\"p5.48xlarge\",\"region\":\"us-east-1\","
           "\"count\":\"1\",\"hours\":1}]}",
           422, NULL, "items[0].count");

    /* Arrays far past their limits, within the body limit: refused by count, not walked item by item. */
    size_t n = 20000;
    char *big = xmalloc(n * 3 + 64);
    size_t used = (size_t)sprintf(big, "{\"items\":[");
    for (size_t i = 0; i < n; i++)
        used += (size_t)sprintf(big + used, "%s{}", i ? "," : "");
    sprintf(big + used, "]}");
    expect("20000 estimate items", "POST", "/v1/estimate", NULL, big, 422, NULL, "items");
    used = (size_t)sprintf(big, "{\"workload\":{\"kind\":\"general\"},\"constraints\":{\"providers\":[");
    for (size_t i = 0; i < n; i++)
        used += (size_t)sprintf(big + used, "%s1", i ? "," : "");
    sprintf(big + used, "]}}");
    expect("20000 providers", "POST", "/v1/recommend", NULL, big, 422, NULL, "constraints.providers");
    free(big);

    /* A very long string where a short id is wanted. */
    char *long_id = repeat('a', 60000);
    char *body = xmalloc(60200);
    snprintf(body, 60200,
             "{\"items\":[{\"provider\":\"aws\",\"instance_type\":\"%s\",\"region\":\"us-east-1\",\"count\":1,"
             "\"hours\":1}]}",
             long_id);
    expect("60 KB instance type", "POST", "/v1/estimate", NULL, body, 422, NULL, "items[0].instance_type");
    free(body);
    free(long_id);
    assert_alive();
    assert_unchanged(&before);
}
END_TEST

START_TEST(bodies_past_the_limit)
{
    fingerprint before;
    take_fingerprint(&before);
    char *big = repeat(' ', BODY_LIMIT + 1);
    big[0] = '{';
    big[BODY_LIMIT] = '}';
    expect("one byte past the limit", "POST", "/v1/recommend", NULL, big, 413, "body-too-large", NULL);
    expect("past the limit, estimate", "POST", "/v1/estimate", NULL, big, 413, "body-too-large", NULL);
    free(big);

    /* A declared 1 GB body is refused from its headers alone: the answer comes at once and none of it is sent. */
    static const char declared[] = "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                   "Content-Length: 1073741824\r\n\r\n{\"items\":";
    inputs_tried++;
    raw_reply r = raw_exchange(declared, sizeof declared - 1);
    ck_assert_msg(r.status == 413, "declared 1 GB: %.300s", r.text);
    ck_assert_str_eq(r.content_type, "application/problem+json");
    /* At once: waiting for the body would end only at the 15 s connection timeout, and with no answer. */
    ck_assert_msg(r.seconds < 10.0, "413 took %.2f s", r.seconds);
    free(r.text);

    /* A chunked body that grows past the limit. */
    size_t chunk = 16384, chunks = (BODY_LIMIT / chunk) + 4;
    size_t total = 512 + chunks * (chunk + 16);
    char *req = xmalloc(total);
    size_t used = (size_t)sprintf(req, "POST /v1/recommend HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                       "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n");
    for (size_t i = 0; i < chunks; i++) {
        used += (size_t)sprintf(req + used, "%zx\r\n", chunk);
        memset(req + used, ' ', chunk);
        used += chunk;
        used += (size_t)sprintf(req + used, "\r\n");
    }
    used += (size_t)sprintf(req + used, "0\r\n\r\n");
    expect_raw("chunked past the limit", req, used, 413, true);
    free(req);
    assert_alive();
    assert_unchanged(&before);
}
END_TEST

START_TEST(wrong_content_types)
{
    fingerprint before;
    take_fingerprint(&before);
    static const char *const types[] = {"text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                                        "application/jsonx", "application/xml", "json", "*/*",
                                        "application/json-patch+json", "\xff\xfe\x80"};
    for (size_t p = 0; p < 2; p++)
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
            expect(types[i], "POST", post_paths[p], types[i], "{}", 415, "unsupported-media-type", NULL);
    /* No Content-Type at all ("Content-Type:" with no value makes libcurl drop the header). */
    expect("no content type", "POST", "/v1/estimate", "", "{}", 415, "unsupported-media-type", NULL);
    /* Parameters after the media type are fine. */
    harness_response *r = harness_request(h, "POST", "/v1/estimate",
                                          "{\"items\":[{\"provider\":\"aws\",\"instance_type\":\"p5.48xlarge\","
                                          "\"region\":\"us-east-1\",\"count\":1,\"hours\":1}]}",
                                          (const char *const[]){"Content-Type: application/json; charset=utf-8", NULL});
    ck_assert_msg(r->status == 200, "json with charset: %ld %s", r->status, r->body);
    harness_response_free(r);
    assert_alive();
    assert_unchanged(&before);
}
END_TEST

/* ---- URLs, headers, methods ----------------------------------------------------------------------------------- */

START_TEST(long_urls_and_headers)
{
    fingerprint before;
    take_fingerprint(&before);
    /* Past the service's limits on the request target (16 KiB) and headers (100 fields, 16 KiB): 414 / 431 problems. */
    char *value = repeat('a', 70000);
    char *path = xmalloc(70100);
    snprintf(path, 70100, "/v1/instances?provider=%.20000s", value);
    char *req = xmalloc(70300);
    int len = snprintf(req, 70300, "GET %s HTTP/1.1\r\nHost: t\r\n\r\n", path);
    expect_raw_problem("20 KB URL", req, (size_t)len, 414, true, "uri-too-long", NULL);
    len = snprintf(req, 70300, "GET /v1/gpus HTTP/1.1\r\nHost: t\r\nX-Filler: %.20000s\r\n\r\n", value);
    expect_raw_problem("20 KB header", req, (size_t)len, 431, true, "headers-too-large", NULL);
    /* Past the library's 32 KiB per connection: its own plain 414 / 431 page. */
    snprintf(path, 70100, "/v1/instances?provider=%s", value);
    len = snprintf(req, 70300, "GET %s HTTP/1.1\r\nHost: t\r\n\r\n", path);
    expect_raw("70 KB URL", req, (size_t)len, 414, false);
    len = snprintf(req, 70300, "GET /v1/gpus HTTP/1.1\r\nHost: t\r\nX-Filler: %s\r\n\r\n", value);
    expect_raw("70 KB header", req, (size_t)len, 431, false);
    /* Thousands of small headers add up the same way. */
    size_t cap = 150 * 32 + 128;
    char *many = xmalloc(cap);
    size_t used = (size_t)sprintf(many, "GET /v1/gpus HTTP/1.1\r\nHost: t\r\n");
    for (int i = 0; i < 150; i++)
        used += (size_t)sprintf(many + used, "X-H%d: aaaaaaaaaaaaaaaa\r\n", i);
    used += (size_t)sprintf(many + used, "\r\n");
    expect_raw_problem("150 headers", many, used, 431, true, "headers-too-large", NULL);
    free(many);

    /* A long query value the service itself sees: named as the parameter at fault. */
    snprintf(path, 70100, "/v1/instances?provider=%.12000s", value);
    expect_long_get("12 KB provider list", path, 400, "invalid-query", "provider");
    snprintf(path, 70100, "/v1/gpus/%.12000s", value);
    expect_long_get("12 KB GPU id", path, 404, NULL, NULL);
    snprintf(path, 70100, "/v1/instances?%.12000s=1", value);
    expect_long_get("12 KB parameter name", path, 400, "invalid-query", NULL);
    /* Two hundred unknown parameters: each one named. */
    used = (size_t)snprintf(path, 70100, "/v1/instances?");
    for (int i = 0; i < 200; i++)
        used += (size_t)snprintf(path + used, 70100 - used, "p%d=1&", i);
    expect_long_get("200 unknown parameters", path, 400, "invalid-query", "p199");
    /* Two thousand: past the service's limit on parameters, which are then never parsed (their records would not
     * fit the connection's memory, and libmicrohttpd 0.9.75 would drop the connection without an answer). */
    used = (size_t)snprintf(path, 70100, "GET /v1/instances?");
    for (int i = 0; i < 2000; i++)
        used += (size_t)snprintf(path + used, 70100 - used, "p%d=1&", i);
    used += (size_t)snprintf(path + used, 70100 - used, " HTTP/1.1\r\nHost: t\r\n\r\n");
    expect_raw_problem("2000 parameters", path, used, 400, true, "invalid-query", "query");
    /* About 500 short ones in a 983-byte target: the same answer, where the connection used to close silently. */
    used = (size_t)snprintf(path, 70100, "GET /v1/instances?");
    for (int i = 0; i < 490; i++)
        used += (size_t)snprintf(path + used, 70100 - used, "%s%c", i ? "&" : "", 'a' + i % 26);
    used += (size_t)snprintf(path + used, 70100 - used, " HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
    expect_raw_problem("490 short parameters", path, used, 400, true, "invalid-query", "query");
    free(req);
    free(path);
    free(value);
    assert_alive();
    assert_unchanged(&before);
}
END_TEST

START_TEST(injection_and_traversal_parameters)
{
    fingerprint before;
    take_fingerprint(&before);
    expect("SQL in provider", "GET", "/v1/instances?provider=aws%27%20OR%20%271%27=%271", NULL, NULL, 400,
           "invalid-query", "provider");
    expect("SQL in gpu", "GET", "/v1/instances?gpu=h100%27;DROP%20TABLE%20prices;--", NULL, NULL, 400,
           "invalid-query", "gpu");
    expect("SQL union", "GET", "/v1/instances?provider=x%22%20UNION%20SELECT%20*%20FROM%20prices--", NULL, NULL, 400,
           "invalid-query", "provider");
    expect("SQL in sort", "GET", "/v1/instances?sort=hourly_usd;DELETE%20FROM%20prices", NULL, NULL, 400,
           "invalid-query", "sort");
    expect("SQL in number", "GET", "/v1/instances?max_hourly_usd=1%20OR%201=1", NULL, NULL, 400, "invalid-query",
           "max_hourly_usd");
    expect("SQL in limit", "GET", "/v1/instances?limit=1;--", NULL, NULL, 400, "invalid-query", "limit");
    expect("SQL in path id", "GET", "/v1/gpus/h100%27%20OR%201=1--", NULL, NULL, 404, NULL, NULL);
    expect("SQL in instance path", "GET", "/v1/instances/aws/p5%27%3BDROP%20TABLE%20prices", NULL, NULL, 404, NULL,
           NULL);
    expect("SQL in recommend", "POST", "/v1/recommend", NULL,
           "{\"workload\":{\"kind\":\"general\"},\"constraints\":{\"providers\":[\"aws' OR '1'='1\"]}}", 422, NULL,
           "constraints.providers[0]");
    expect("SQL in estimate", "POST", "/v1/estimate", NULL,
           "{\"items\":[{\"provider\":\"aws'; DELETE FROM prices; --\",\"instance_type\":\"p5.48xlarge\","
           "\"region\":\"us-east-1\",\"count\":1,\"hours\":1}]}",
           422, NULL, "items[0].provider");
    expect("traversal in path", "GET", "/v1/gpus/..%2F..%2F..%2Fetc%2Fpasswd", NULL, NULL, 400, "bad-path", NULL);
    expect("dot segments", "GET", "/v1/../../etc/passwd", NULL, NULL, 404, "not-found", NULL);
    expect("traversal in provider", "GET", "/v1/instances/..%2F..%2Fetc/passwd", NULL, NULL, 400, "bad-path", NULL);
    /* an encoded separator never reaches routing: this used to answer from the history endpoint */
    expect("encoded slash", "GET", "/v1/instances/aws/p5.48xlarge%2Fhistory", NULL, NULL, 400, "bad-path", NULL);
    expect("encoded slash, lower case", "GET", "/v1/instances/aws/p5.48xlarge%2fhistory", NULL, NULL, 400,
           "bad-path", NULL);
    /* and a NUL ends no path early: /healthz%00 used to answer 200 */
    expect("encoded NUL", "GET", "/healthz%00", NULL, NULL, 400, "bad-path", NULL);
    expect("encoded NUL mid-path", "GET", "/v1/gpus/h100%00x", NULL, NULL, 400, "bad-path", NULL);
    /* region is a filter: a region no offer has matches nothing */
    harness_response *r = harness_get(h, "/v1/instances?region=../../../../etc/passwd");
    inputs_tried++;
    ck_assert_msg(r->status == 200 || r->status == 400, "traversal in region: %ld", r->status);
    if (r->status == 200)
        ck_assert_int_eq(json_array_size(json_object_get(r->json, "items")), 0);
    harness_response_free(r);
    assert_alive();
    assert_unchanged(&before);
}
END_TEST

START_TEST(bad_cursors_and_query_values)
{
    fingerprint before;
    take_fingerprint(&before);
    static const char *const cursors[] = {"x", "-1.abc", "1", "1.", ".", "99999999999999999999.abc", "1.%00",
                                          "1.0000000000000000", "1e3.abc", "%FF%FE", "0x10.abc", "%201.abc"};
    char path[256];
    for (size_t i = 0; i < sizeof cursors / sizeof cursors[0]; i++) {
        snprintf(path, sizeof path, "/v1/instances?cursor=%s", cursors[i]);
        expect(path, "GET", path, NULL, NULL, 400, "invalid-query", "cursor");
        snprintf(path, sizeof path, "/v1/gpus?cursor=%s", cursors[i]);
        expect(path, "GET", path, NULL, NULL, 400, "invalid-query", "cursor");
    }
    /* A cursor of this catalog but far past its end is a valid empty page, not an error. */
    snprintf(path, sizeof path, "/v1/instances?cursor=100000000.%s", before.version);
    harness_response *r = harness_get(h, path);
    inputs_tried++;
    ck_assert_msg(r->status == 200 || r->status == 400, "far cursor: %ld", r->status);
    if (r->status == 200)
        ck_assert_int_eq(json_array_size(json_object_get(r->json, "items")), 0);
    harness_response_free(r);

    static const char *const values[][2] = {
        {"limit", "0"},        {"limit", "-1"},       {"limit", "1e3"},        {"limit", "99999999999999999999"},
        {"limit", ""},         {"limit", "%00"},      {"min_gpus", "nan"},     {"min_gpus", "inf"},
        {"min_gpus", "1e309"}, {"min_gpus", "-0x1p3"}, {"max_hourly_usd", "0"}, {"pricing", "free"},
        {"precision", "fp128"}, {"sort", "-hourly_usd"}, {"interconnect", "smoke-signals"},
        {"provider", ",,,"},   {"provider", "%FF%FE"}, {"gpu", "h100%00"},    {"region", ""},
    };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        snprintf(path, sizeof path, "/v1/instances?%s=%s", values[i][0], values[i][1]);
        expect(path, "GET", path, NULL, NULL, 400, "invalid-query", values[i][0]);
    }
    expect("invalid UTF-8 parameter name", "GET", "/v1/instances?%FF%FE=1", NULL, NULL, 400, "invalid-query", NULL);
    /* a NUL inside a value used to end it ("2"); hexadecimal used to be read as a number (16) */
    expect("NUL inside a value", "GET", "/v1/instances?limit=2%00abc", NULL, NULL, 400, "invalid-query", "limit");
    expect("hexadecimal number", "GET", "/v1/instances?max_hourly_usd=0x10", NULL, NULL, 400, "invalid-query",
           "max_hourly_usd");
    expect("number with a blank", "GET", "/v1/instances?max_hourly_usd=%2010", NULL, NULL, 400, "invalid-query",
           "max_hourly_usd");
    /* a repeated parameter used to be "first wins" */
    expect("repeated provider", "GET", "/v1/instances?provider=aws&provider=gcp", NULL, NULL, 400, "invalid-query",
           "provider");
    expect("repeated limit", "GET", "/v1/gpus?limit=1&limit=500", NULL, NULL, 400, "invalid-query", "limit");
    assert_alive();
    assert_unchanged(&before);
}
END_TEST

START_TEST(unknown_methods_and_broken_http)
{
    fingerprint before;
    take_fingerprint(&before);
    static const char *const methods[] = {"DELETE", "PUT", "PATCH", "TRACE", "BREW", "PROPFIND", "CONNECT"};
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        expect(methods[i], methods[i], "/v1/gpus", NULL, NULL, 405, "method-not-allowed", NULL);
        expect(methods[i], methods[i], "/v1/recommend", NULL, NULL, 405, "method-not-allowed", NULL);
    }
    expect("GET on a POST endpoint", "GET", "/v1/estimate", NULL, NULL, 405, "method-not-allowed", NULL);
    expect("POST on a GET endpoint", "POST", "/v1/gpus", NULL, "{}", 405, "method-not-allowed", NULL);
    expect("unknown path", "GET", "/v2/gpus", NULL, NULL, 404, "not-found", NULL);

    static const char method_bytes[] = "G\xff\xfeT /v1/gpus HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
    expect_raw("method with high bytes", method_bytes, sizeof method_bytes - 1, 405, true);
    static const char nul_path[] = "GET /v1/gp\0us HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n";
    expect_raw("NUL in path", nul_path, sizeof nul_path - 1, 404, true);
    static const char ctype_bytes[] = "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: \xff\xfe\r\n"
                                      "Content-Length: 2\r\nConnection: close\r\n\r\n{}";
    expect_raw("Content-Type with high bytes", ctype_bytes, sizeof ctype_bytes - 1, 415, true);
    static const char http09[] = "GET /v1/gpus\r\n\r\n";
    expect_raw("HTTP/0.9 request line", http09, sizeof http09 - 1, 400, false);
    static const char bad_version[] = "GET /v1/gpus HTTP/7.1\r\nHost: t\r\n\r\n";
    expect_raw("HTTP/7.1", bad_version, sizeof bad_version - 1, 505, false);
    static const char no_colon[] = "GET /v1/gpus HTTP/1.1\r\nHost: t\r\nNoColonHere\r\n\r\n";
    expect_raw("header without a colon", no_colon, sizeof no_colon - 1, 400, false);
    static const char bad_chunk[] = "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                    "Transfer-Encoding: chunked\r\n\r\nZZZ\r\n{}\r\n0\r\n\r\n";
    expect_raw("bad chunk size", bad_chunk, sizeof bad_chunk - 1, 400, false);
    static const char negative_length[] = "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                          "Content-Length: -5\r\n\r\n{}";
    expect_raw("negative Content-Length", negative_length, sizeof negative_length - 1, 400, false);
    static const char huge_length[] = "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                      "Content-Length: 99999999999999999999999\r\n\r\n{}";
    expect_raw("overflowing Content-Length", huge_length, sizeof huge_length - 1, 413, false);
    /* Bytes that are not HTTP at all: the connection is dropped without an answer. */
    static const char garbage[] = "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n";
    inputs_tried++;
    raw_reply r = raw_exchange(garbage, sizeof garbage - 1);
    ck_assert_msg(r.status == 0 || (r.status >= 400 && r.status < 500), "TLS hello: %.200s", r.text);
    free(r.text);
    assert_alive();
    assert_unchanged(&before);
}
END_TEST

/* ---- request framing: a smuggling risk behind a proxy ------------------------------------------------------ */

/* A request the service refuses for its framing: 400 problem+json, "Connection: close", and nothing after it is
 * read as a second request (each case carries a second request, which must get no answer). */
static void expect_framing_refused(const char *what, const char *bytes)
{
    inputs_tried++;
    raw_reply r = raw_exchange(bytes, strlen(bytes));
    ck_assert_msg(r.status == 400, "%s: status %d: %.300s", what, r.status, r.text);
    ck_assert_msg(strcmp(r.content_type, "application/problem+json") == 0, "%s: Content-Type '%s'", what,
                  r.content_type);
    ck_assert_msg(find_nocase(r.text, "\r\nConnection: close\r\n") != NULL, "%s: the connection stays open", what);
    const char *second = strstr(r.text, "HTTP/1.1 200");
    ck_assert_msg(second == NULL, "%s: a second answer came: %.300s", what, r.text);
    free(r.text);
}

#define SECOND_REQUEST "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"

START_TEST(framing_that_could_smuggle_is_refused)
{
    fingerprint before;
    take_fingerprint(&before);
    expect_framing_refused("Content-Length with Transfer-Encoding",
                           "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                           "Content-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" SECOND_REQUEST);
    expect_framing_refused("two Content-Length",
                           "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                           "Content-Length: 2\r\nContent-Length: 36\r\n\r\n{}" SECOND_REQUEST);
    expect_framing_refused("Transfer-Encoding with a space before the colon",
                           "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                           "Transfer-Encoding : chunked\r\nContent-Length: 2\r\n\r\n{}" SECOND_REQUEST);
    expect_framing_refused("a stray CR in a header", "GET /healthz HTTP/1.1\r\nHost: t\r\nX-A: a\rb\r\n\r\n"
                                                     SECOND_REQUEST);
    expect_framing_refused("no Host on HTTP/1.1", "GET /healthz HTTP/1.1\r\n\r\n" SECOND_REQUEST);
    expect_framing_refused("two Host headers", "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n" SECOND_REQUEST);
    expect_framing_refused("a transfer coding other than chunked",
                           "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                           "Transfer-Encoding: gzip\r\n\r\n{}" SECOND_REQUEST);
    expect_framing_refused("gzip, chunked", "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                            "Transfer-Encoding: gzip, chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n" SECOND_REQUEST);
    /* HTTP/1.0 needs no Host */
    static const char http10[] = "GET /healthz HTTP/1.0\r\n\r\n";
    expect_raw("HTTP/1.0 without Host", http10, sizeof http10 - 1, 200, false);
    /* unusable chunk sizes: libmicrohttpd answers them itself, before the service sees the body */
    static const char *const chunks[] = {"-2", "0x2", " 2", "", "2;x\r\n{}XX"};
    for (size_t i = 0; i < sizeof chunks / sizeof chunks[0]; i++) {
        char req[256];
        int len = snprintf(req, sizeof req, "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json"
                                            "\r\nTransfer-Encoding: chunked\r\n\r\n%s\r\n{}\r\n0\r\n\r\n", chunks[i]);
        expect_raw("unusable chunk size", req, (size_t)len, 400, false);
    }
    static const char huge_chunk[] = "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                                     "Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n";
    expect_raw("overflowing chunk size", huge_chunk, sizeof huge_chunk - 1, 413, false);
    assert_alive();
    assert_unchanged(&before);
}
END_TEST

/* A chunked body declares no length: one past twice the limit closes the connection there, where it used to be read
 * to its end (4 GB) before any answer. libmicrohttpd 0.9.75 takes no answer in the middle of a body, so the client
 * gets the close, not a 413 (a body that ends within twice the limit gets its 413: bodies_past_the_limit). */
START_TEST(a_chunked_body_past_the_limit_is_cut_short)
{
    static const char head[] = "POST /v1/estimate HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
                               "Transfer-Encoding: chunked\r\n\r\n";
    size_t chunk = 65536, chunks = 64;
    size_t cap = sizeof head + chunks * (chunk + 16) + 16;
    char *req = xmalloc(cap);
    size_t used = (size_t)snprintf(req, cap, "%s", head);
    for (size_t i = 0; i < chunks; i++) {
        used += (size_t)snprintf(req + used, cap - used, "%zx\r\n", chunk);
        memset(req + used, ' ', chunk);
        used += chunk;
        used += (size_t)snprintf(req + used, cap - used, "\r\n");
    }
    used += (size_t)snprintf(req + used, cap - used, "0\r\n\r\n");
    inputs_tried++;
    int fd = connect_daemon(HARNESS_WAIT_S);
    size_t sent = 0;
    while (sent < used) {
        ssize_t n = send(fd, req + sent, used - sent, MSG_NOSIGNAL);
        if (n <= 0)
            break;
        sent += (size_t)n;
    }
    char buf[256];
    ssize_t got = recv(fd, buf, sizeof buf, 0);
    close(fd);
    /* the send fails part way, or all of it was buffered: either way the daemon closed without reading it all */
    ck_assert_msg(sent < used || got <= 0, "the daemon read all of a body 64 times its limit (%zd bytes back)", got);
    printf("  a chunked body 64 times the limit: closed after %zu of %zu bytes sent\n", sent, used);
    free(req);
    assert_alive();
}
END_TEST

/* ---- secrets -------------------------------------------------------------------------------------------------- */

#define GCP_KEY "gcp-key-0d1e2f3a4b5c"

/* Debug logging, and a gcp adapter whose API key is a secret, pointed at a closed loopback port. */
static void configure_secrets(config *cfg, void *ctx)
{
    configure(cfg, ctx);
    cfg->log_lvl = LOG_DEBUG;
    util_copy(cfg->gcp_api_key, sizeof cfg->gcp_api_key, GCP_KEY);
    util_copy(cfg->gcp_billing_url, sizeof cfg->gcp_billing_url, "http://127.0.0.1:9/v1/services/x/skus");
    util_copy(cfg->providers[0], sizeof cfg->providers[0], "gcp");
    cfg->provider_count = 1;
    cfg->fetch_timeout_s = 2;
}

static bool gcp_refresh_failed(void)
{
    harness_response *r = harness_get(h, "/v1/providers");
    bool failed = false;
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(r->json, "items"), i, item) {
        const char *id = json_string_value(json_object_get(item, "id"));
        if (id != NULL && strcmp(id, "gcp") == 0)
            failed = json_string_value(json_object_get(json_object_get(item, "refresh"), "error")) != NULL;
    }
    harness_response_free(r);
    return failed;
}

START_TEST(secrets_never_leak)
{
    /* Capture this process's log output (stderr) for the test's duration. */
    stderr_capture log;
    stderr_capture_begin(&log, "hostile");
    harness_stop(h);
    h = harness_start_with(configure_secrets, NULL);

    static const char *const wrong[] = {"Authorization: Bearer wrong",
                                        "Authorization: Bearer " ADMIN_TOKEN "x",
                                        "Authorization: Bearer s3cret-admin-token-7f3a9c1e5",
                                        "Authorization: Basic " ADMIN_TOKEN,
                                        "Authorization: bearer",
                                        NULL};
    for (size_t i = 0; wrong[i] != NULL; i++) {
        harness_response *r =
            harness_request(h, "POST", "/v1/admin/refresh", NULL, (const char *const[]){wrong[i], NULL});
        assert_problem(wrong[i], r, 401, NULL, NULL);
        harness_response_free(r);
    }
    harness_response *r = harness_request(h, "POST", "/v1/admin/refresh", "{\"provider\":\"nonexistent\"}",
                                          (const char *const[]){"Authorization: Bearer " ADMIN_TOKEN, NULL});
    assert_problem("unknown provider", r, 400, NULL, "provider");
    harness_response_free(r);
    /* A real run, which fails on the closed port: its error is recorded and logged, the key is in neither. */
    r = harness_request(h, "POST", "/v1/admin/refresh", NULL,
                        (const char *const[]){"Authorization: Bearer " ADMIN_TOKEN, NULL});
    ck_assert_msg(r->status == 202, "authorized refresh: %ld %s", r->status, r->body);
    harness_response_free(r);
    int64_t deadline = util_monotonic_us() + HARNESS_WAIT_S * 1000000LL;
    while (!gcp_refresh_failed() && util_monotonic_us() < deadline)
        usleep(100 * 1000);
    ck_assert_msg(gcp_refresh_failed(), "the gcp run did not fail and record its error");
    static const char *const reads[] = {"/metrics", "/v1/providers", "/readyz", "/healthz"};
    for (size_t i = 0; i < 4; i++) {
        r = harness_get(h, reads[i]);
        ck_assert_msg(strstr(r->body, ADMIN_TOKEN) == NULL, "%s shows the admin token", reads[i]);
        ck_assert_msg(strstr(r->body, GCP_KEY) == NULL, "%s shows the gcp key", reads[i]);
        harness_response_free(r);
    }
    harness_stop(h);
    h = harness_start_with(configure, NULL);
    stderr_capture_restore(&log);

    FILE *f = fopen(log.path, "r");
    ck_assert_ptr_nonnull(f);
    char line[8192];
    size_t lines = 0, error_lines = 0;
    while (fgets(line, sizeof line, f) != NULL) {
        lines++;
        if (strstr(line, "127.0.0.1:9") != NULL)
            error_lines++;
        ck_assert_msg(strstr(line, "7f3a9c1e5") == NULL, "a log line shows the admin token: %s", line);
        ck_assert_msg(strstr(line, "0d1e2f3a4b5c") == NULL, "a log line shows the gcp key: %s", line);
    }
    fclose(f);
    stderr_capture_end(&log);
    ck_assert_msg(lines > 0, "nothing was logged, so nothing was checked");
    printf("  secrets: %zu log lines checked, %zu about the failed fetch\n", lines, error_lines);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hostile");
    TCase *tc = tcase_create("hostile");
    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, malformed_json_bodies);
    tcase_add_test(tc, huge_values_and_arrays);
    tcase_add_test(tc, bodies_past_the_limit);
    tcase_add_test(tc, wrong_content_types);
    tcase_add_test(tc, long_urls_and_headers);
    tcase_add_test(tc, injection_and_traversal_parameters);
    tcase_add_test(tc, bad_cursors_and_query_values);
    tcase_add_test(tc, unknown_methods_and_broken_http);
    tcase_add_test(tc, framing_that_could_smuggle_is_refused);
    tcase_add_test(tc, a_chunked_body_past_the_limit_is_cut_short);
    tcase_add_test(tc, secrets_never_leak);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
