/* fetch.c against the fixture server: bodies, gzip, ETags, retries with backoff and Retry-After, the time and size
 * limits, truncated bodies, the stop flag, the streaming mode, and where redirects may lead. */
#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "worker/fetch.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "base/util.h"

static fixture_server *fs;

static void setup(void)
{
    fetch_global_init();
    fs = fixture_start();
}

static void teardown(void)
{
    fixture_stop(fs);
    fs = NULL;
}

static void url_of(char *buf, size_t len, const char *path)
{
    snprintf(buf, len, "%s%s", fixture_url(fs), path);
}

/* A new route at path on the fixture server; url gets its full address. */
static fixture_route *route_at(const char *path, char *url, size_t url_len)
{
    url_of(url, url_len, path);
    return fixture_route_add(fs, path, NULL, NULL);
}

/* A route at path that answers body as text/plain. */
static fixture_route *text_route(const char *path, const char *body, char *url, size_t url_len)
{
    fixture_route *r = route_at(path, url, url_len);
    fixture_serve_body(r, body, strlen(body), "text/plain");
    return r;
}

/* A route at path that answers fetch/rows.json.gz gzip-encoded: ~1 KB on the wire, ~11 KB (fetch/rows.json)
 * decoded. */
static fixture_route *gzip_route(const char *path, char *url, size_t url_len)
{
    fixture_route *r = route_at(path, url, url_len);
    fixture_serve_file(r, "fetch/rows.json.gz", "application/json");
    fixture_set_encoding(r, "gzip");
    return r;
}

static fetch_options quick_options(void)
{
    fetch_options opt;
    /* The whole-transfer timeout is not what most tests here are about: room for a loaded machine. */
    fetch_options_init(&opt, 30, 1 << 20, NULL);
    opt.backoff_ms = 20;
    opt.max_retry_after_s = 2;
    return opt;
}

static char *read_data_file(const char *rel, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", fixture_data_dir(), rel);
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = xmalloc((size_t)n + 1);
    ck_assert_uint_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    *len = (size_t)n;
    return buf;
}

/* fetch_get, and how long it took in *took_ms. */
static int timed_get(const char *url, const fetch_options *opt, fetch_result *res, char *err, size_t err_len,
                     int64_t *took_ms)
{
    int64_t start = util_monotonic_us();
    int rc = fetch_get(url, opt, res, err, err_len);
    *took_ms = (util_monotonic_us() - start) / 1000;
    return rc;
}

START_TEST(test_get_body_and_etag)
{
    char url[256], err[256];
    fixture_route *r = route_at("/doc", url, sizeof url);
    fixture_serve_body(r, "{\"a\": 1}", 8, "application/json");
    fixture_set_etag(r, "\"v1\"");
    fetch_options opt = quick_options();
    fetch_result res;
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_OK);
    ck_assert_int_eq(res.status, 200);
    ck_assert_str_eq(res.body, "{\"a\": 1}");
    ck_assert_uint_eq(res.body_size, 8);
    ck_assert_str_eq(res.etag, "\"v1\"");
    ck_assert_int_eq(res.attempts, 1);
    fetch_result_clear(&res);

    /* The ETag sent back: 304, no body. */
    opt.etag = "\"v1\"";
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_OK);
    ck_assert(res.not_modified);
    ck_assert_ptr_null(res.body);
    char inm[64];
    fixture_last_if_none_match(r, inm, sizeof inm);
    ck_assert_str_eq(inm, "\"v1\"");
    fetch_result_clear(&res);

    /* A different ETag: the full body again. */
    opt.etag = "\"v0\"";
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_OK);
    ck_assert(!res.not_modified);
    ck_assert_str_eq(res.body, "{\"a\": 1}");
    fetch_result_clear(&res);
}
END_TEST

START_TEST(test_gzip_is_decoded)
{
    char url[256], err[256];
    gzip_route("/rows.json", url, sizeof url);
    size_t plain_len = 0;
    char *plain = read_data_file("fetch/rows.json", &plain_len);
    fetch_options opt = quick_options();
    fetch_result res;
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_OK);
    ck_assert_uint_eq(res.body_size, plain_len);
    ck_assert_int_eq(memcmp(res.body, plain, plain_len), 0);
    fetch_result_clear(&res);
    free(plain);
}
END_TEST

START_TEST(test_retries_on_5xx_then_succeeds)
{
    char url[256], err[256];
    fixture_route *r = text_route("/flaky", "ok", url, sizeof url);
    fixture_fail_first(r, 2, 503, -1);
    fetch_options opt = quick_options();
    fetch_result res;
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_OK);
    ck_assert_int_eq(res.attempts, 3);
    ck_assert_uint_eq(fixture_hits(r), 3);
    ck_assert_str_eq(res.body, "ok");
    fetch_result_clear(&res);
}
END_TEST

START_TEST(test_retries_are_bounded)
{
    char url[256], err[256];
    fixture_route *r = text_route("/down", "x", url, sizeof url);
    fixture_fail_first(r, 100, 500, -1);
    fetch_options opt = quick_options();
    opt.max_attempts = 3;
    fetch_result res;
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_ERR_HTTP);
    ck_assert_int_eq(res.status, 500);
    ck_assert_uint_eq(fixture_hits(r), 3);
    ck_assert_ptr_nonnull(strstr(err, "HTTP 500"));
    ck_assert_ptr_null(res.body);
}
END_TEST

START_TEST(test_client_errors_are_not_retried)
{
    char url[256], err[256];
    fixture_route *r = text_route("/gone", "x", url, sizeof url);
    fixture_set_status(r, 404);
    url_of(url, sizeof url, "/gone?key=secret-key"); /* the same route, with a key in the query */
    fetch_options opt = quick_options();
    fetch_result res;
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_ERR_HTTP);
    ck_assert_uint_eq(fixture_hits(r), 1);
    /* The query string (an API key, say) never reaches a message. */
    ck_assert_ptr_null(strstr(err, "secret-key"));
}
END_TEST

START_TEST(test_retry_after_is_honoured)
{
    char url[256], err[256];
    fixture_fail_first(text_route("/limited", "fine", url, sizeof url), 1, 429, 1);
    fetch_options opt = quick_options();
    fetch_result res;
    int64_t took_ms;
    ck_assert_int_eq(timed_get(url, &opt, &res, err, sizeof err, &took_ms), FETCH_OK);
    ck_assert_int_eq(res.attempts, 2);
    ck_assert_int_ge(took_ms, 950); /* waited as asked, not the 20 ms backoff */
    fetch_result_clear(&res);
}
END_TEST

START_TEST(test_retry_after_beyond_the_cap_gives_up)
{
    char url[256], err[256];
    fixture_fail_first(text_route("/very-limited", "fine", url, sizeof url), 1, 429, 3600);
    fetch_options opt = quick_options();
    opt.max_retry_after_s = 20;
    fetch_result res;
    int64_t took_ms;
    ck_assert_int_eq(timed_get(url, &opt, &res, err, sizeof err, &took_ms), FETCH_ERR_HTTP);
    ck_assert_int_lt(took_ms, 10000); /* gave up at once: it waited neither the hour nor the 20 s cap */
    ck_assert_int_eq(res.status, 429);
    ck_assert_ptr_nonnull(strstr(err, "Retry-After"));
}
END_TEST

START_TEST(test_stall_times_out)
{
    char url[256], err[256];
    fixture_route *r = text_route("/stall", "late", url, sizeof url);
    fixture_hold(r); /* never answered (the server's stop ends the wait) */
    fetch_options opt = quick_options();
    opt.timeout_s = 1;
    fetch_result res;
    int64_t took_ms;
    ck_assert_int_eq(timed_get(url, &opt, &res, err, sizeof err, &took_ms), FETCH_ERR_TIMEOUT);
    ck_assert_int_ge(took_ms, 900);
    ck_assert_int_lt(took_ms, 10000); /* the 1 s timeout, with room for a loaded machine */
    ck_assert_uint_eq(fixture_hits(r), 1); /* a timeout is not retried */
}
END_TEST

START_TEST(test_body_over_the_limit)
{
    char url[256], err[256];
    fixture_route *r = route_at("/big", url, sizeof url);
    char *big = xmalloc(100000);
    memset(big, 'x', 100000);
    fixture_serve_body(r, big, 100000, "text/plain");
    free(big);
    fetch_options opt = quick_options();
    opt.max_bytes = 50000;
    fetch_result res;
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_ERR_TOO_LARGE);
    ck_assert_ptr_null(res.body);
    ck_assert_uint_eq(fixture_hits(r), 1);
    opt.max_bytes = 100000; /* exactly the limit is allowed */
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_OK);
    ck_assert_uint_eq(res.body_size, 100000);
    fetch_result_clear(&res);
}
END_TEST

START_TEST(test_gzip_bomb_is_bounded_by_decoded_size)
{
    /* The limit applies to what the body decodes to, ~11 KB, not to the ~1 KB on the wire. */
    char url[256], err[256];
    gzip_route("/bomb", url, sizeof url);
    fetch_options opt = quick_options();
    opt.max_bytes = 4000;
    fetch_result res;
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_ERR_TOO_LARGE);
}
END_TEST

START_TEST(test_truncated_body_fails)
{
    char url[256], err[256];
    fixture_route *r = route_at("/cut", url, sizeof url);
    char body[5000];
    memset(body, 'y', sizeof body);
    fixture_serve_body(r, body, sizeof body, "text/plain");
    fixture_truncate(r, 1000);
    fetch_options opt = quick_options();
    opt.max_attempts = 2;
    fetch_result res;
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_ERR_NETWORK);
    ck_assert_ptr_null(res.body);
    ck_assert_uint_eq(fixture_hits(r), 2);
}
END_TEST

typedef struct stopper {
    atomic_bool *flag;
    int after_ms;
} stopper;

static void *stop_later(void *arg)
{
    stopper *s = arg;
    struct timespec ts = {s->after_ms / 1000, (long)(s->after_ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
    atomic_store(s->flag, true);
    return NULL;
}

/* fetch_get with opt's stop flag raised by another thread after_ms in; *took_ms is how long the fetch took. */
static int get_stopped_after(const char *url, fetch_options *opt, int after_ms, int64_t *took_ms)
{
    atomic_bool stop = false;
    opt->stop = &stop;
    stopper s = {&stop, after_ms};
    pthread_t t;
    pthread_create(&t, NULL, stop_later, &s);
    fetch_result res;
    char err[256];
    int rc = timed_get(url, opt, &res, err, sizeof err, took_ms);
    pthread_join(t, NULL);
    opt->stop = NULL;
    return rc;
}

START_TEST(test_stop_flag_aborts_a_transfer)
{
    char url[256];
    fixture_hold(text_route("/slow", "late", url, sizeof url)); /* never answered */
    fetch_options opt = quick_options();
    opt.timeout_s = 60;
    int64_t took_ms;
    ck_assert_int_eq(get_stopped_after(url, &opt, 200, &took_ms), FETCH_ERR_STOPPED);
    ck_assert_int_lt(took_ms, 10000); /* the stop ended it, not the 60 s timeout */
}
END_TEST

START_TEST(test_stop_flag_ends_a_backoff)
{
    char url[256];
    fixture_fail_first(text_route("/backoff", "x", url, sizeof url), 5, 429, 30);
    fetch_options opt = quick_options();
    opt.max_retry_after_s = 60;
    int64_t took_ms;
    ck_assert_int_eq(get_stopped_after(url, &opt, 200, &took_ms), FETCH_ERR_STOPPED);
    ck_assert_int_lt(took_ms, 10000); /* the stop ended the 30 s wait */
}
END_TEST

typedef struct counter_sink {
    size_t bytes;
    size_t calls;
    size_t refuse_after;
    uint64_t hash;
} counter_sink;

static int count_bytes(void *ctx, const char *data, size_t len)
{
    counter_sink *c = ctx;
    c->bytes += len;
    c->calls++;
    c->hash = util_fnv1a(c->hash, data, len);
    return c->refuse_after != 0 && c->bytes > c->refuse_after ? -1 : 0;
}

typedef struct pattern_state {
    size_t left;
    size_t pos;
} pattern_state;

static void *pattern_open(void *ctx)
{
    pattern_state *s = xcalloc(1, sizeof *s);
    s->left = *(size_t *)ctx;
    return s;
}

static size_t pattern_read(void *state, char *buf, size_t max)
{
    pattern_state *s = state;
    size_t n = s->left < max ? s->left : max;
    for (size_t i = 0; i < n; i++)
        buf[i] = (char)('a' + (s->pos + i) % 26);
    s->pos += n;
    s->left -= n;
    return n;
}

static void pattern_close(void *state)
{
    free(state);
}

START_TEST(test_stream_hands_over_the_body_in_pieces)
{
    static size_t total = 3u << 20;
    fixture_stream stream = {pattern_open, pattern_read, pattern_close, &total};
    char url[256], err[256];
    fixture_route *r = route_at("/stream", url, sizeof url);
    fixture_serve_stream(r, &stream, "text/csv");
    fixture_fail_first(r, 1, 503, -1); /* retried before any byte reached the sink */
    fetch_options opt = quick_options();
    opt.max_bytes = 0;
    counter_sink c = {0, 0, 0, UTIL_FNV_OFFSET};
    fetch_result res;
    ck_assert_int_eq(fetch_stream(url, &opt, count_bytes, &c, &res, err, sizeof err), FETCH_OK);
    ck_assert_uint_eq(c.bytes, total);
    ck_assert_uint_gt(c.calls, 10);
    ck_assert_ptr_null(res.body);
    ck_assert_int_eq(res.attempts, 2);
    uint64_t expected = UTIL_FNV_OFFSET;
    char *all = xmalloc(total);
    for (size_t i = 0; i < total; i++)
        all[i] = (char)('a' + i % 26);
    expected = util_fnv1a(expected, all, total);
    free(all);
    ck_assert(c.hash == expected);

    /* The sink can refuse; the transfer ends there. */
    counter_sink refusing = {0, 0, 100000, UTIL_FNV_OFFSET};
    ck_assert_int_eq(fetch_stream(url, &opt, count_bytes, &refusing, &res, err, sizeof err), FETCH_ERR_SINK);
    ck_assert_uint_lt(refusing.bytes, total);

    /* And the size limit applies to streams too. */
    opt.max_bytes = 1u << 20;
    counter_sink limited = {0, 0, 0, UTIL_FNV_OFFSET};
    ck_assert_int_eq(fetch_stream(url, &opt, count_bytes, &limited, &res, err, sizeof err), FETCH_ERR_TOO_LARGE);
    ck_assert_uint_le(limited.bytes, 1u << 20);
}
END_TEST

START_TEST(test_connection_refused_is_a_network_error)
{
    fetch_options opt = quick_options();
    opt.max_attempts = 2;
    char err[256];
    fetch_result res;
    /* Port 1 on loopback: nothing listens there in a test container. */
    ck_assert_int_eq(fetch_get("http://127.0.0.1:1/x", &opt, &res, err, sizeof err), FETCH_ERR_NETWORK);
    ck_assert_int_eq(res.attempts, 2);
}
END_TEST

/* A second server on the same host (127.0.0.1) and another port: where a redirect that changes the port leads. */
static fixture_server *other_port(fixture_route **r, char *url, size_t url_len)
{
    fixture_server *fs2 = fixture_start();
    *r = fixture_route_add(fs2, "/api", NULL, NULL);
    fixture_serve_body(*r, "{}", 2, "application/json");
    snprintf(url, url_len, "%s/api", fixture_url(fs2));
    return fs2;
}

START_TEST(test_credentials_stay_on_their_origin)
{
    char url[256], there[256], err[256];
    fixture_route *target = NULL;
    fixture_server *fs2 = other_port(&target, there, sizeof there);
    fixture_route *r = route_at("/api", url, sizeof url);
    fixture_redirect(r, 302, there);
    fetch_options opt = quick_options();
    fetch_result res;

    /* Without a credential, the same host on another port is followed. */
    ck_assert_msg(fetch_get(url, &opt, &res, err, sizeof err) == FETCH_OK, "%s", err);
    fetch_result_clear(&res);
    ck_assert_uint_eq(fixture_hits(target), 1);

    /* A bearer token is not: refused before anything is sent there. */
    opt.bearer = "secret-token-0123456789";
    ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_ERR_HTTP);
    ck_assert_msg(strstr(err, "credential") != NULL, "%s", err);
    ck_assert_ptr_null(strstr(err, opt.bearer));
    ck_assert_uint_eq(fixture_hits(target), 1);
    char auth[128];
    fixture_last_authorization(target, auth, sizeof auth);
    ck_assert_str_eq(auth, "");

    /* Nor a signed request (its headers hold the signature). */
    opt.bearer = NULL;
    const char *headers[] = {"Authorization: ACS3-HMAC-SHA256 Credential=k,Signature=s", NULL};
    fetch_request req = {"POST", headers, "", 0};
    ck_assert_int_eq(fetch_send(url, &req, &opt, &res, err, sizeof err), FETCH_ERR_HTTP);
    fetch_result_clear(&res);
    ck_assert_uint_eq(fixture_hits(target), 1);

    /* Nor a key in the URL's query. */
    opt.credential_in_url = true;
    char keyed[300];
    snprintf(keyed, sizeof keyed, "%s?key=k123", url);
    ck_assert_int_eq(fetch_get(keyed, &opt, &res, err, sizeof err), FETCH_ERR_HTTP);
    ck_assert_ptr_null(strstr(err, "k123"));
    ck_assert_uint_eq(fixture_hits(target), 1);

    /* The same origin is still followed with the token. */
    opt.credential_in_url = false;
    opt.bearer = "secret-token-0123456789";
    fixture_route *moved = route_at("/moved", url, sizeof url);
    fixture_redirect(moved, 301, "{{BASE}}/doc");
    fixture_route *doc = fixture_route_add(fs, "/doc", NULL, NULL);
    fixture_serve_body(doc, "{}", 2, "application/json");
    ck_assert_msg(fetch_get(url, &opt, &res, err, sizeof err) == FETCH_OK, "%s", err);
    fetch_result_clear(&res);
    fixture_last_authorization(doc, auth, sizeof auth);
    ck_assert_str_eq(auth, "Bearer secret-token-0123456789");
    fixture_stop(fs2);
}
END_TEST

START_TEST(test_redirect_rules)
{
    /* Pure rules, the same for redirects and server-given next-page links. */
    char why[128];
    ck_assert(fetch_may_follow("https://a.example/x", "https://A.example:443/y", true, why, sizeof why));
    ck_assert(fetch_may_follow("http://a.example/x", "https://a.example/y", false, why, sizeof why));
    ck_assert(fetch_may_follow("http://a.example/x", "http://a.example:8080/y", false, why, sizeof why));
    /* https never downgrades, credential or not */
    ck_assert(!fetch_may_follow("https://a.example/x", "http://a.example/y", false, why, sizeof why));
    ck_assert_msg(strstr(why, "https to http") != NULL, "%s", why);
    ck_assert(!fetch_may_follow("https://a.example/x", "http://a.example:443/y", true, why, sizeof why));
    /* another scheme or port with a credential */
    ck_assert(!fetch_may_follow("http://a.example/x", "https://a.example/y", true, why, sizeof why));
    ck_assert(!fetch_may_follow("https://a.example/x", "https://a.example:8443/y", true, why, sizeof why));
    /* another host, whatever else */
    ck_assert(!fetch_may_follow("https://a.example/x", "https://b.example/y", false, why, sizeof why));
    ck_assert_msg(strstr(why, "another host") != NULL, "%s", why);
    /* schemes other than http and https */
    ck_assert(!fetch_may_follow("http://a.example/x", "ftp://a.example/y", false, why, sizeof why));
    ck_assert_msg(strstr(why, "scheme") != NULL, "%s", why);
    ck_assert(!fetch_may_follow("http://a.example/x", "gopher://a.example/y", false, why, sizeof why));
    ck_assert(!fetch_may_follow("http://a.example/x", "file:///etc/passwd", false, why, sizeof why));
    ck_assert(!fetch_may_follow("http://a.example/x", "not a url", false, why, sizeof why));
}
END_TEST

START_TEST(test_unsupported_scheme_is_refused_at_once)
{
    char url[256], err[256], ftp[128];
    fixture_route *r = route_at("/moved", url, sizeof url);
    const char *schemes[] = {"ftp", "gopher", "dict"};
    for (size_t i = 0; i < sizeof schemes / sizeof schemes[0]; i++) {
        snprintf(ftp, sizeof ftp, "%s://127.0.0.1:1/prices.json", schemes[i]);
        fixture_redirect(r, 302, ftp);
        fetch_options opt = quick_options();
        opt.backoff_ms = 2000; /* a retry would be seen in res.attempts; this only keeps the test short if one came */
        opt.max_attempts = 2;
        fetch_result res;
        ck_assert_int_eq(fetch_get(url, &opt, &res, err, sizeof err), FETCH_ERR_HTTP);
        ck_assert_int_eq(res.attempts, 1);
        ck_assert_msg(strstr(err, "scheme") != NULL, "%s", err);
    }
}
END_TEST

static Suite *fetch_suite(void)
{
    Suite *s = suite_create("fetch");
    TCase *tc = tcase_create("fetch");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 90);
    tcase_add_test(tc, test_get_body_and_etag);
    tcase_add_test(tc, test_gzip_is_decoded);
    tcase_add_test(tc, test_retries_on_5xx_then_succeeds);
    tcase_add_test(tc, test_retries_are_bounded);
    tcase_add_test(tc, test_client_errors_are_not_retried);
    tcase_add_test(tc, test_retry_after_is_honoured);
    tcase_add_test(tc, test_retry_after_beyond_the_cap_gives_up);
    tcase_add_test(tc, test_stall_times_out);
    tcase_add_test(tc, test_body_over_the_limit);
    tcase_add_test(tc, test_gzip_bomb_is_bounded_by_decoded_size);
    tcase_add_test(tc, test_truncated_body_fails);
    tcase_add_test(tc, test_stop_flag_aborts_a_transfer);
    tcase_add_test(tc, test_stop_flag_ends_a_backoff);
    tcase_add_test(tc, test_stream_hands_over_the_body_in_pieces);
    tcase_add_test(tc, test_connection_refused_is_a_network_error);
    tcase_add_test(tc, test_credentials_stay_on_their_origin);
    tcase_add_test(tc, test_redirect_rules);
    tcase_add_test(tc, test_unsupported_scheme_is_refused_at_once);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(fetch_suite());
}
