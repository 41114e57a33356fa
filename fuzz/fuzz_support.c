#include "fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/catalog_load.h"
#include "store/db.h"
#include "worker/fetch.h"
#include "store/migrate.h"
#include "store/price_parts.h"
#include "base/util.h"

/* ---- the seed catalog ----------------------------------------------------------------------------------------- */

/* The seed catalog's OCI price parts, read with it. */
static price_part *oci_parts;
static size_t oci_part_count;

const catalog *fuzz_catalog(void)
{
    static catalog *snap;
    if (snap != NULL)
        return snap;
    char path[] = "/tmp/gpurec-fuzz-XXXXXX.db";
    int fd = mkstemps(path, 3);
    if (fd < 0) {
        perror("fuzz: mkstemps");
        abort();
    }
    close(fd);
    const char *migrations = getenv("GPUREC_MIGRATIONS_DIR");
    if (migrations == NULL)
        migrations = "migrations";
    sqlite3 *db = NULL;
    char err[1024];
    if (db_open(path, true, &db, err, sizeof err) != 0 || migrate_apply(db, migrations, NULL, err, sizeof err) != 0 ||
        store_catalog_load(db, &snap, err, sizeof err) != 0 ||
        store_price_parts_load(db, "oci", &oci_parts, &oci_part_count, err, sizeof err) != 0) {
        fprintf(stderr, "fuzz: cannot build the seed catalog (run from the repository root): %s\n", err);
        abort();
    }
    db_close(db);
    db_remove_files(path);
    return snap;
}

const config *fuzz_config(void)
{
    static config cfg;
    static bool ready;
    if (ready)
        return &cfg;
    config_defaults(&cfg);
    /* .invalid never resolves (RFC 2606): a stand-in miss cannot reach a network */
    util_copy(cfg.azure_prices_url, sizeof cfg.azure_prices_url, "http://fuzz.invalid/api/retail/prices");
    util_copy(cfg.aws_pricing_url, sizeof cfg.aws_pricing_url, "http://fuzz.invalid/pricing");
    util_copy(cfg.aws_spot_url, sizeof cfg.aws_spot_url, "http://fuzz.invalid/spot.js");
    util_copy(cfg.aws_spot_advisor_url, sizeof cfg.aws_spot_advisor_url, "http://fuzz.invalid/spot-advisor.json");
    util_copy(cfg.gcp_billing_url, sizeof cfg.gcp_billing_url, "http://fuzz.invalid/v1/services/x/skus");
    util_copy(cfg.gcp_api_key, sizeof cfg.gcp_api_key, "fuzz-key");
    util_copy(cfg.oci_prices_url, sizeof cfg.oci_prices_url, "http://fuzz.invalid/oci/products/?currencyCode=USD");
    util_copy(cfg.lambda_api_url, sizeof cfg.lambda_api_url, "http://fuzz.invalid/lambda/instance-types");
    util_copy(cfg.lambda_api_key, sizeof cfg.lambda_api_key, "fuzz-key");
    util_copy(cfg.feed_urls[0], sizeof cfg.feed_urls[0], "http://fuzz.invalid/feed.json");
    util_copy(cfg.alibaba_endpoint, sizeof cfg.alibaba_endpoint, "http://alibaba.fuzz.invalid");
    util_copy(cfg.alibaba_access_key_id, sizeof cfg.alibaba_access_key_id, "fuzz-id");
    util_copy(cfg.alibaba_access_key_secret, sizeof cfg.alibaba_access_key_secret, "fuzz-secret");
    util_copy(cfg.tencent_endpoint, sizeof cfg.tencent_endpoint, "http://tencent.fuzz.invalid/");
    util_copy(cfg.tencent_secret_id, sizeof cfg.tencent_secret_id, "fuzz-id");
    util_copy(cfg.tencent_secret_key, sizeof cfg.tencent_secret_key, "fuzz-secret");
    cfg.feed_url_count = 1;
    util_copy(cfg.fx_url, sizeof cfg.fx_url, "http://fuzz.invalid/eurofxref-daily.xml");
    cfg.fetch_timeout_s = 10;
    ready = true;
    return &cfg;
}

/* ---- http stand-in -------------------------------------------------------------------------------------------- */

#define MAX_ARGS 512

typedef struct fuzz_query {
    size_t count;
    char *names[MAX_ARGS];
    char *values[MAX_ARGS]; /* NULL for a name without '=' */
} fuzz_query;

static fuzz_query current_query;
static app fuzz_app;

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* %XX decoding in place; a '%' not followed by two hex digits stays as it is. */
static void unescape(char *s)
{
    char *out = s;
    for (const char *in = s; *in != '\0'; in++) {
        int hi, lo;
        if (in[0] == '%' && (hi = hex_value(in[1])) >= 0 && (lo = hex_value(in[2])) >= 0) {
            *out++ = (char)(hi * 16 + lo);
            in += 2;
        } else {
            *out++ = *in;
        }
    }
    *out = '\0';
}

void fuzz_request_init(http_request *req, const char *query, size_t len)
{
    memset(req, 0, sizeof *req);
    fuzz_request_clear(NULL);
    char *text = xmalloc(len + 1);
    memcpy(text, query, len);
    text[len] = '\0';
    char *save = NULL;
    for (char *pair = strtok_r(text, "&", &save); pair != NULL && current_query.count < MAX_ARGS;
         pair = strtok_r(NULL, "&", &save)) {
        char *eq = strchr(pair, '=');
        if (eq != NULL)
            *eq = '\0';
        char *name = xstrdup(pair), *value = eq ? xstrdup(eq + 1) : NULL;
        unescape(name);
        if (value != NULL)
            unescape(value);
        current_query.names[current_query.count] = name;
        current_query.values[current_query.count] = value;
        current_query.count++;
    }
    free(text);
    fuzz_app.cfg = fuzz_config();
    req->app = &fuzz_app;
    req->connection = (struct MHD_Connection *)&current_query;
    req->method = "GET";
    req->path = "/";
    req->route = "/";
    req->snap = (catalog *)fuzz_catalog();
    req->request_id = "fuzz";
}

void fuzz_request_clear(http_request *req)
{
    (void)req;
    for (size_t i = 0; i < current_query.count; i++) {
        free(current_query.names[i]);
        free(current_query.values[i]);
    }
    current_query.count = 0;
}

const char *http_query(const http_request *req, const char *name)
{
    const fuzz_query *q = (const fuzz_query *)req->connection;
    for (size_t i = 0; i < q->count; i++)
        if (strcmp(q->names[i], name) == 0)
            return q->values[i];
    return NULL;
}

const char *http_header(const http_request *req, const char *name)
{
    (void)req;
    (void)name;
    return NULL;
}

size_t http_query_each(const http_request *req, http_query_visitor fn, void *ctx)
{
    const fuzz_query *q = (const fuzz_query *)req->connection;
    for (size_t i = 0; i < q->count; i++)
        fn(ctx, q->names[i], q->values[i] ? q->values[i] : "");
    return q->count;
}

void fuzz_check_reply(http_reply *reply)
{
    bool ok = reply->status >= 200 && reply->status < 300 &&
              (reply->body != NULL || reply->json_text != NULL || reply->raw != NULL);
    bool client_error = reply->status >= 400 && reply->status < 500 && reply->body != NULL &&
                        json_object_get(reply->body, "type") != NULL && json_object_get(reply->body, "title") != NULL;
    if (!ok && !client_error) {
        char *text = reply->body ? json_dumps(reply->body, JSON_COMPACT) : NULL;
        fprintf(stderr, "fuzz: a client's input got status %d: %s\n", reply->status, text ? text : "(no body)");
        abort();
    }
    if (reply->body != NULL) {
        char *text = json_dumps(reply->body, JSON_REAL_PRECISION(15) | JSON_ENSURE_ASCII | JSON_COMPACT);
        if (text == NULL) {
            fprintf(stderr, "fuzz: the reply cannot be serialized\n");
            abort();
        }
        free(text);
    }
    if (reply->json_text != NULL) {
        json_t *parsed = json_loadb(reply->json_text, reply->json_text_size, JSON_REJECT_DUPLICATES, NULL);
        if (!json_is_object(parsed)) {
            fprintf(stderr, "fuzz: the written answer is not a JSON object\n");
            abort();
        }
        json_decref(parsed);
    }
    http_reply_clear(reply);
}

void fuzz_check_handler_result(int rc, json_t *result, problem *error)
{
    http_reply reply = {0};
    if (rc == 0) {
        if (error != NULL || !json_is_object(result))
            abort();
        http_reply_json(&reply, 200, result);
    } else {
        if (error == NULL || result != NULL)
            abort();
        http_reply_problem(&reply, error);
    }
    fuzz_check_reply(&reply);
}

/* ---- fetch stand-in ------------------------------------------------------------------------------------------- */

#define MAX_RULES 8

typedef struct fetch_rule {
    const char *url_part;
    const char *body;
    size_t len;
    unsigned max_times;
    const char *fallback;
    unsigned hits;
} fetch_rule;

static fetch_rule rules[MAX_RULES];
static size_t rule_count;

void fuzz_fetch_serve(const char *url_part, const char *body, size_t len, unsigned max_times, const char *fallback)
{
    if (rule_count == MAX_RULES)
        abort();
    rules[rule_count++] = (fetch_rule){url_part, body, len, max_times, fallback, 0};
}

void fuzz_fetch_reset(void)
{
    rule_count = 0;
}

static fetch_rule *find_rule(const char *url)
{
    for (size_t i = 0; i < rule_count; i++)
        if (strstr(url, rules[i].url_part) != NULL)
            return &rules[i];
    return NULL;
}

/* The body a rule gives now. */
static void rule_body(fetch_rule *r, const char **body, size_t *len)
{
    if (r->hits++ < r->max_times) {
        *body = r->body;
        *len = r->len;
    } else {
        *body = r->fallback ? r->fallback : "";
        *len = strlen(*body);
    }
}

void fetch_global_init(void)
{
}

/* The answer to a GET of url, as fetch_get() and fetch_stream() share it: FETCH_OK with the body the matching rule
 * gives now (borrowed), or the 404 a server without that document would answer. */
static int answer(const char *url, fetch_result *res, const char **body, size_t *len, char *err, size_t err_len)
{
    memset(res, 0, sizeof *res);
    fetch_rule *r = find_rule(url);
    if (r == NULL) {
        char shown[256];
        fetch_redact_url(url, shown, sizeof shown);
        res->status = 404;
        snprintf(err, err_len, "GET %s: HTTP 404", shown);
        return FETCH_ERR_HTTP;
    }
    rule_body(r, body, len);
    res->status = 200;
    res->attempts = 1;
    return FETCH_OK;
}

int fetch_get(const char *url, const fetch_options *opt, fetch_result *res, char *err, size_t err_len)
{
    (void)opt;
    const char *body;
    size_t len;
    int rc = answer(url, res, &body, &len, err, err_len);
    if (rc != FETCH_OK)
        return rc;
    res->body = xmalloc(len + 1);
    memcpy(res->body, body, len);
    res->body[len] = '\0';
    res->body_size = len;
    return FETCH_OK;
}

/* A signed request is answered like a GET of its URL (the rules see the URL, not the headers), with status 200. */
int fetch_send(const char *url, const fetch_request *req, const fetch_options *opt, fetch_result *res, char *err,
               size_t err_len)
{
    (void)req;
    return fetch_get(url, opt, res, err, err_len);
}

bool fetch_backoff(const fetch_options *opt, int attempt, long retry_after_s)
{
    (void)opt;
    (void)attempt;
    (void)retry_after_s;
    return true; /* no waiting: a retry is answered at once */
}

int fetch_stream(const char *url, const fetch_options *opt, fetch_sink sink, void *ctx, fetch_result *res, char *err,
                 size_t err_len)
{
    (void)opt;
    const char *body;
    size_t len;
    int rc = answer(url, res, &body, &len, err, err_len);
    if (rc != FETCH_OK)
        return rc;
    /* pieces of uneven sizes, so records and fields straddle the boundaries as they do off a socket */
    size_t at = 0, piece = 1;
    while (at < len) {
        size_t n = len - at < piece ? len - at : piece;
        if (sink(ctx, body + at, n) != 0) {
            char shown[256];
            fetch_redact_url(url, shown, sizeof shown);
            snprintf(err, err_len, "GET %s: the receiver refused the data", shown);
            return FETCH_ERR_SINK;
        }
        at += n;
        res->body_size += n;
        piece = piece * 3 % 8191 + 1;
    }
    return FETCH_OK;
}

/* ---- fixtures and provider runs ------------------------------------------------------------------------------- */

const char *fuzz_fixture(const char *relpath, size_t *len)
{
    static struct {
        char *path;
        char *data;
        size_t len;
    } cache[16];
    static size_t cached;
    for (size_t i = 0; i < cached; i++)
        if (strcmp(cache[i].path, relpath) == 0) {
            *len = cache[i].len;
            return cache[i].data;
        }
    const char *base = getenv("GPUREC_TEST_DATA");
    char path[1024];
    snprintf(path, sizeof path, "%s/providers/%s", base ? base : "tests/data", relpath);
    FILE *f = fopen(path, "rb");
    if (f == NULL || cached == 16) {
        fprintf(stderr, "fuzz: cannot read %s (run from the repository root)\n", path);
        abort();
    }
    size_t cap = 4096, size = 0, got;
    char *data = xmalloc(cap + 1);
    while ((got = fread(data + size, 1, cap - size, f)) > 0) {
        size += got;
        if (size == cap) {
            cap *= 2;
            data = xrealloc(data, cap + 1);
        }
    }
    fclose(f);
    data[size] = '\0';
    cache[cached].path = xstrdup(relpath);
    cache[cached].data = data;
    cache[cached].len = size;
    cached++;
    *len = size;
    return data;
}

static int compare_instances(const void *a, const void *b)
{
    const provider_instance *x = a, *y = b;
    int c = strcmp(x->provider, y->provider);
    return c != 0 ? c : strcmp(x->id, y->id);
}

static int compare_regions(const void *a, const void *b)
{
    const provider_region *x = a, *y = b;
    int c = strcmp(x->provider, y->provider);
    return c != 0 ? c : strcmp(x->id, y->id);
}

void fuzz_provider_run(provider_run *run, const char *adapter)
{
    static provider_instance *instances;
    static provider_region *regions;
    const catalog *snap = fuzz_catalog();
    if (instances == NULL) {
        instances = xcalloc(snap->instance_count, sizeof *instances);
        for (size_t i = 0; i < snap->instance_count; i++) {
            const catalog_instance *in = &snap->instances[i];
            instances[i] = (provider_instance){in->provider->id, in->id,        in->family,   in->gpu->id,
                                               in->gpu_count,    in->vcpus,    in->memory_gb};
        }
        qsort(instances, snap->instance_count, sizeof *instances, compare_instances);
        regions = xcalloc(snap->region_count, sizeof *regions);
        for (size_t i = 0; i < snap->region_count; i++)
            regions[i] = (provider_region){snap->regions[i].provider->id, snap->regions[i].id};
        qsort(regions, snap->region_count, sizeof *regions, compare_regions);
    }
    memset(run, 0, sizeof *run);
    run->cfg = fuzz_config();
    run->adapter = adapter;
    run->instances = instances;
    run->instance_count = snap->instance_count;
    run->regions = regions;
    run->region_count = snap->region_count;
    if (strcmp(adapter, "oci") == 0) {
        run->parts = oci_parts;
        run->part_count = oci_part_count;
    }
    fetch_options_init(&run->fetch, 10, 64u << 20, NULL);
    run->now = 1767225600; /* 2026-01-01T00:00:00Z: a fixed clock keeps runs reproducible */
}
