#include "worker/fetch.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <curl/curl.h>

#include "base/util.h"

#ifndef GPUREC_VERSION
#define GPUREC_VERSION "dev"
#endif

/* The body of a failed (non-2xx) answer is only read to keep the connection usable; this much is plenty. */
#define DISCARD_LIMIT (64u * 1024u)
/* Below this rate for stall_timeout_s seconds a transfer counts as stalled. */
#define STALL_BYTES_PER_S 1024L
#define BACKOFF_CAP_MS 30000L
#define MAX_REDIRECTS 5

static pthread_once_t global_once = PTHREAD_ONCE_INIT;

static void global_init_once(void)
{
    curl_global_init(CURL_GLOBAL_DEFAULT);
}

void fetch_global_init(void)
{
    pthread_once(&global_once, global_init_once);
}

typedef struct transfer {
    const fetch_options *opt;
    CURL *curl;
    fetch_sink sink;
    void *sink_ctx;
    char *buf;
    size_t len;
    size_t cap;
    size_t delivered; /* body bytes of a 2xx answer, buffered or given to the sink */
    size_t discarded;
    size_t wire;      /* body bytes as received (before Content-Encoding was decoded), at the last callback */
    bool keep_any;    /* fetch_send: every answer's body is the result */
    bool too_large;
    bool expanded;
    bool sink_failed;
    char etag[256];
} transfer;

static bool stop_requested(const fetch_options *opt)
{
    return opt->stop != NULL && atomic_load(opt->stop);
}

static size_t on_body(char *data, size_t size, size_t nmemb, void *userdata)
{
    transfer *t = userdata;
    size_t len = size * nmemb;
    long code = 0;
    curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &code);
    if (!t->keep_any && (code < 200 || code > 299)) {
        t->discarded += len;
        return t->discarded > DISCARD_LIMIT ? 0 : len;
    }
    if (t->opt->max_bytes != 0 && (t->delivered + len > t->opt->max_bytes || t->delivered + len < t->delivered)) {
        t->too_large = true;
        return 0;
    }
    /* libcurl counts the body as it arrives, before decoding it: so this is the ratio of what we hold to what was
     * sent, which a decompression bomb (a small gzip body of a huge text) gives away within its first MiB. */
    curl_off_t wire = 0;
    if (curl_easy_getinfo(t->curl, CURLINFO_SIZE_DOWNLOAD_T, &wire) == CURLE_OK && wire > 0)
        t->wire = (size_t)wire;
    size_t decoded = t->delivered + len;
    if (t->opt->max_expansion != 0 && decoded > FETCH_EXPANSION_FLOOR &&
        decoded / (t->wire ? t->wire : 1) >= t->opt->max_expansion) {
        t->expanded = true;
        return 0;
    }
    if (t->sink != NULL) {
        if (t->sink(t->sink_ctx, data, len) != 0) {
            t->sink_failed = true;
            return 0;
        }
    } else {
        if (t->len + len + 1 > t->cap) {
            size_t cap = t->cap ? t->cap : 16384;
            while (cap < t->len + len + 1)
                cap *= 2;
            t->buf = xrealloc(t->buf, cap);
            t->cap = cap;
        }
        memcpy(t->buf + t->len, data, len);
        t->len += len;
        t->buf[t->len] = '\0';
    }
    t->delivered += len;
    return len;
}

static size_t on_header(char *data, size_t size, size_t nmemb, void *userdata)
{
    transfer *t = userdata;
    size_t len = size * nmemb;
    if (len >= 5 && strncmp(data, "HTTP/", 5) == 0) {
        t->etag[0] = '\0'; /* a new response (after a redirect or 100 Continue) */
    } else if (len > 5 && strncasecmp(data, "ETag:", 5) == 0) {
        const char *v = data + 5;
        size_t n = len - 5;
        while (n > 0 && (*v == ' ' || *v == '\t')) {
            v++;
            n--;
        }
        while (n > 0 && (v[n - 1] == '\r' || v[n - 1] == '\n' || v[n - 1] == ' '))
            n--;
        if (n < sizeof t->etag) {
            memcpy(t->etag, v, n);
            t->etag[n] = '\0';
        }
    }
    return len;
}

static int on_progress(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow)
{
    (void)dltotal;
    (void)dlnow;
    (void)ultotal;
    (void)ulnow;
    const transfer *t = userdata;
    return stop_requested(t->opt) ? 1 : 0;
}

/* Sleeps ms in short slices so a stop request ends the wait at once; false when stopped. */
static bool sleep_unless_stopped(const fetch_options *opt, long ms)
{
    int64_t end = util_monotonic_us() + (int64_t)ms * 1000;
    while (!stop_requested(opt)) {
        int64_t left = end - util_monotonic_us();
        if (left <= 0)
            return true;
        long slice_us = left > 50000 ? 50000 : (long)left;
        struct timespec ts = {0, slice_us * 1000L};
        nanosleep(&ts, NULL);
    }
    return false;
}

static long jitter_ms(long ms)
{
    /* +-25 %: several replicas retrying together should not hit the server in lock step. */
    static _Atomic uint64_t state = 0x9E3779B97F4A7C15ULL;
    uint64_t x = atomic_fetch_add(&state, 0x9E3779B97F4A7C15ULL) ^ (uint64_t)util_monotonic_us();
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    long spread = ms / 2;
    if (spread <= 0)
        return ms;
    return ms - ms / 4 + (long)(x % (uint64_t)(spread + 1));
}

static bool retryable_status(long code)
{
    return code == 429 || (code >= 500 && code <= 599);
}

/* Forgets what an earlier attempt received. */
static void reset_attempt(transfer *t)
{
    t->len = 0;
    t->delivered = 0;
    t->discarded = 0;
    t->wire = 0;
    t->too_large = false;
    t->expanded = false;
    t->sink_failed = false;
    t->etag[0] = '\0';
}

static void apply_defaults(fetch_options *opt)
{
    if (opt->max_attempts <= 0)
        opt->max_attempts = 4;
    if (opt->backoff_ms <= 0)
        opt->backoff_ms = 500;
    if (opt->max_retry_after_s <= 0)
        opt->max_retry_after_s = 30;
    if (opt->connect_timeout_s <= 0)
        opt->connect_timeout_s = 10;
}

/* The transfer's options and request headers (returned: the caller frees them after the transfer). */
static struct curl_slist *setup_transfer(CURL *curl, const char *url, const fetch_options *opt, transfer *t)
{
    struct curl_slist *headers = NULL;
    if (opt->etag != NULL && opt->etag[0] != '\0') {
        char line[300];
        snprintf(line, sizeof line, "If-None-Match: %s", opt->etag);
        headers = curl_slist_append(headers, line);
    }
    headers = curl_slist_append(headers, "Accept: application/json, text/csv, */*");
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    /* Redirects are followed by run() itself, and only where fetch_may_follow allows. */
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, ""); /* every encoding libcurl can decode (gzip at least) */
    curl_easy_setopt(curl, CURLOPT_USERAGENT, "gpurec/" GPUREC_VERSION);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    if (opt->bearer != NULL && opt->bearer[0] != '\0') {
        /* libcurl's own bearer auth, sent at once. run() follows redirects itself and sends it again on each
         * hop, so follow() refuses any hop that leaves the URL's origin (fetch_may_follow). */
        curl_easy_setopt(curl, CURLOPT_HTTPAUTH, (long)CURLAUTH_BEARER);
        curl_easy_setopt(curl, CURLOPT_XOAUTH2_BEARER, opt->bearer);
    }
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, opt->connect_timeout_s);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, opt->timeout_s > 0 ? opt->timeout_s : 0L);
    if (opt->stall_timeout_s > 0) {
        curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, STALL_BYTES_PER_S);
        curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, opt->stall_timeout_s);
    }
    if (opt->max_bytes != 0 && opt->max_bytes < (size_t)INT64_MAX)
        curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)opt->max_bytes);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, on_body);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, t);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, on_header);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, t);
    curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
    curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl_easy_setopt(curl, CURLOPT_XFERINFODATA, t);
    return headers;
}

static bool is_redirect(long code)
{
    return code == 301 || code == 302 || code == 303 || code == 307 || code == 308;
}

/* Points the transfer at a 3xx answer's Location. 0; -1 with err when it has none, goes where fetch_may_follow
 * forbids (measured from the source's own URL, at every hop), or is one redirect too many. */
static int follow(CURL *curl, const char *url, bool credentialed, const char *shown, int *redirects, char **current,
                  char *err, size_t err_len)
{
    char *target = NULL;
    char why[96];
    if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &target) != CURLE_OK || target == NULL) {
        snprintf(err, err_len, "GET %s: a redirect without a usable Location", shown);
        return -1;
    }
    if (!fetch_may_follow(url, target, credentialed, why, sizeof why)) {
        snprintf(err, err_len, "GET %s: a redirect to %s, refused", shown, why);
        return -1;
    }
    if (++*redirects > MAX_REDIRECTS) {
        snprintf(err, err_len, "GET %s: more than %d redirects", shown, MAX_REDIRECTS);
        return -1;
    }
    char *next = xstrdup(target); /* target belongs to the handle and changes with the next transfer */
    free(*current);
    *current = next;
    curl_easy_setopt(curl, CURLOPT_URL, next);
    return 0;
}

/* A fault that ends the transfer whatever the status: stopped, too large, refused by the sink; else FETCH_OK. */
static int attempt_fault(const transfer *t, CURLcode cc, const char *shown, char *err, size_t err_len)
{
    if (stop_requested(t->opt)) {
        snprintf(err, err_len, "GET %s: stopped", shown);
        return FETCH_ERR_STOPPED;
    }
    if (t->expanded) {
        /* Only sizes: the body is never shown. */
        snprintf(err, err_len, "GET %s: the body decoded to more than %u times the %zu bytes received (over %zu "
                 "bytes; GPUREC_FETCH_MAX_EXPANSION)", shown, t->opt->max_expansion, t->wire, t->delivered);
        return FETCH_ERR_EXPANSION;
    }
    if (t->too_large || cc == CURLE_FILESIZE_EXCEEDED) {
        snprintf(err, err_len, "GET %s: body larger than the limit of %zu bytes (decoded)", shown, t->opt->max_bytes);
        return FETCH_ERR_TOO_LARGE;
    }
    if (t->sink_failed) {
        snprintf(err, err_len, "GET %s: the body was refused by its parser", shown);
        return FETCH_ERR_SINK;
    }
    return FETCH_OK;
}

/* A 429 or 5xx answer's Retry-After into *wait_ms (0 when it has none); -1 with err when it asks for more than
 * opt allows: retrying earlier than asked would be refused again, so the next run tries instead. */
static int retry_after_wait(CURL *curl, const fetch_options *opt, long code, const char *shown, long *wait_ms,
                            char *err, size_t err_len)
{
    curl_off_t retry_after = 0;
    *wait_ms = 0;
    if (curl_easy_getinfo(curl, CURLINFO_RETRY_AFTER, &retry_after) != CURLE_OK || retry_after <= 0)
        return 0;
    if (retry_after > opt->max_retry_after_s) {
        snprintf(err, err_len, "GET %s: HTTP %ld, Retry-After %lld s is beyond the %ld s limit", shown, code,
                 (long long)retry_after, opt->max_retry_after_s);
        return -1;
    }
    *wait_ms = (long)retry_after * 1000L;
    return 0;
}

/* A fetch_send request's headers and body on top of setup_transfer's (nothing when req is NULL); returns the header
 * list to free. */
static struct curl_slist *setup_request(CURL *curl, const fetch_request *req, struct curl_slist *headers)
{
    if (req == NULL)
        return headers;
    for (const char *const *h = req->headers; h != NULL && *h != NULL; h++)
        headers = curl_slist_append(headers, *h);
    headers = curl_slist_append(headers, "Expect:"); /* no 100-continue round trip */
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    if (req->method != NULL && strcmp(req->method, "POST") == 0) {
        curl_easy_setopt(curl, CURLOPT_POST, 1L);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, req->body ? req->body : "");
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)(req->body ? req->body_len : 0));
    }
    return headers;
}

static int run(const char *url, const fetch_request *req, const fetch_options *opt_in, fetch_sink sink, void *sink_ctx,
               fetch_result *res, char *err, size_t err_len)
{
    fetch_options opt = *opt_in;
    apply_defaults(&opt);
    opt.max_attempts = req != NULL ? 1 : opt.max_attempts; /* a signature is made for one attempt */
    /* A bearer token, a key in the query, or a fetch_send request (both callers sign theirs): none of these APIs
     * (Lambda, GCP's Cloud Billing, Alibaba's ECS, Tencent's CVM) documents a redirect, so none is followed off
     * its origin. */
    bool credentialed = (opt.bearer != NULL && opt.bearer[0] != '\0') || opt.credential_in_url || req != NULL;

    char shown[256];
    fetch_redact_url(url, shown, sizeof shown);
    memset(res, 0, sizeof *res);
    int rc = FETCH_ERR_NETWORK;
    int redirects = 0;
    char *current = NULL; /* the URL after redirects (owned) */
    struct curl_slist *headers = NULL;
    transfer t;
    memset(&t, 0, sizeof t);
    t.opt = &opt;
    t.sink = sink;
    t.sink_ctx = sink_ctx;
    t.keep_any = req != NULL;

    CURL *curl = curl_easy_init();
    if (curl == NULL) {
        snprintf(err, err_len, "GET %s: cannot create a transfer", shown);
        goto out;
    }
    t.curl = curl;
    headers = setup_request(curl, req, setup_transfer(curl, url, &opt, &t));

    for (int attempt = 1;; attempt++) {
        reset_attempt(&t);
        res->attempts = attempt;
        char curl_msg[CURL_ERROR_SIZE] = "";
        curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_msg);
        CURLcode cc = curl_easy_perform(curl);
        long code = 0;
        curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
        res->status = code;
        bool retry = false;
        long wait_ms = 0;

        if ((rc = attempt_fault(&t, cc, shown, err, err_len)) != FETCH_OK)
            goto out;
        if (cc == CURLE_OK && is_redirect(code)) {
            rc = FETCH_ERR_HTTP;
            if (follow(curl, url, credentialed, shown, &redirects, &current, err, err_len) != 0)
                goto out;
            attempt--; /* a redirect is not a retry */
            continue;
        }
        if (cc == CURLE_OK) {
            if ((code >= 200 && code <= 299) || t.keep_any) {
                rc = FETCH_OK;
                break;
            }
            if (code == 304) {
                res->not_modified = true;
                rc = FETCH_OK;
                break;
            }
            rc = FETCH_ERR_HTTP;
            snprintf(err, err_len, "GET %s: HTTP %ld after %d attempt%s", shown, code, attempt, attempt > 1 ? "s" : "");
            if (retryable_status(code) && retry_after_wait(curl, &opt, code, shown, &wait_ms, err, err_len) != 0)
                goto out;
            retry = retryable_status(code);
        } else if (cc == CURLE_OPERATION_TIMEDOUT) {
            /* Not retried: a timeout has already used the time this transfer was given. */
            snprintf(err, err_len, "GET %s: timed out (%s)", shown, curl_msg[0] ? curl_msg : curl_easy_strerror(cc));
            rc = FETCH_ERR_TIMEOUT;
            goto out;
        } else {
            snprintf(err, err_len, "GET %s: %s", shown, curl_msg[0] ? curl_msg : curl_easy_strerror(cc));
            rc = FETCH_ERR_NETWORK;
            /* A stream already handed bytes to its parser: starting again would feed them twice. A URL that
             * libcurl cannot or may not fetch stays so: not retried. */
            retry = (sink == NULL || t.delivered == 0) && cc != CURLE_UNSUPPORTED_PROTOCOL &&
                    cc != CURLE_URL_MALFORMAT;
        }
        if (!retry || attempt >= opt.max_attempts)
            goto out;
        if (wait_ms == 0) {
            long backoff = opt.backoff_ms;
            for (int i = 1; i < attempt && backoff < BACKOFF_CAP_MS; i++)
                backoff *= 2;
            wait_ms = jitter_ms(backoff > BACKOFF_CAP_MS ? BACKOFF_CAP_MS : backoff);
        }
        if (!sleep_unless_stopped(&opt, wait_ms)) {
            snprintf(err, err_len, "GET %s: stopped", shown);
            rc = FETCH_ERR_STOPPED;
            goto out;
        }
    }

    util_copy(res->etag, sizeof res->etag, t.etag);
    res->body_size = t.delivered;
    curl_off_t wire = 0;
    res->wire_size = curl_easy_getinfo(curl, CURLINFO_SIZE_DOWNLOAD_T, &wire) == CURLE_OK && wire > 0 ? (size_t)wire
                                                                                                      : t.wire;
    if (sink == NULL && !res->not_modified) {
        if (t.buf == NULL)
            t.buf = xcalloc(1, 1);
        res->body = t.buf;
        t.buf = NULL;
    }

out:
    free(t.buf);
    free(current);
    curl_slist_free_all(headers);
    if (curl != NULL)
        curl_easy_cleanup(curl);
    return rc;
}

int fetch_get(const char *url, const fetch_options *opt, fetch_result *res, char *err, size_t err_len)
{
    return run(url, NULL, opt, NULL, NULL, res, err, err_len);
}

int fetch_send(const char *url, const fetch_request *req, const fetch_options *opt, fetch_result *res, char *err,
               size_t err_len)
{
    return run(url, req, opt, NULL, NULL, res, err, err_len);
}

bool fetch_backoff(const fetch_options *opt_in, int attempt, long retry_after_s)
{
    fetch_options opt = *opt_in;
    apply_defaults(&opt);
    if (retry_after_s > 0)
        return sleep_unless_stopped(&opt, (retry_after_s > opt.max_retry_after_s ? opt.max_retry_after_s
                                                                                 : retry_after_s) * 1000L);
    long backoff = opt.backoff_ms;
    for (int i = 1; i < attempt && backoff < BACKOFF_CAP_MS; i++)
        backoff *= 2;
    return sleep_unless_stopped(&opt, jitter_ms(backoff > BACKOFF_CAP_MS ? BACKOFF_CAP_MS : backoff));
}

int fetch_stream(const char *url, const fetch_options *opt, fetch_sink sink, void *ctx, fetch_result *res, char *err,
                 size_t err_len)
{
    return run(url, NULL, opt, sink, ctx, res, err, err_len);
}
