/* Load while refreshing: client threads send catalog reads, recommendations and estimates without pause while one
 * thread rewrites prices in SQLite and publishes a new snapshot after each change (as the worker does), and another
 * drives real refreshes of the feed adapter through POST /v1/admin/refresh against a local fixture server.
 *
 * Every snapshot has one value for all of AWS's on-demand prices (the rewriter sets them together, in one
 * transaction), so a response is torn if it shows two different AWS prices, or if two responses carrying the same
 * catalog version show different prices. Zero errors and zero torn responses are required. The load lasts
 * LOAD_SECONDS (default 6; GPUREC_LOAD_SECONDS overrides it, e.g. for a long run under ThreadSanitizer), and longer
 * on a slow machine until it has done enough to judge (a few swaps, refreshes and versions seen), at most
 * HARNESS_WAIT_S more. */
#include <check.h>
#include <curl/curl.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#include "snapshot/catalog.h"
#include "fixture_server.h"
#include "harness.h"
#include "support/check_support.h"
#include "base/util.h"

#define CLIENTS 4
#define ADMIN_TOKEN "load-test-token"
#define MAX_SEEN 4096

static harness *h;
static fixture_server *fixtures;
static fixture_route *feed_route;

static void configure(config *cfg, void *ctx)
{
    (void)ctx;
    cfg->threads = 4;
    util_copy(cfg->admin_token, sizeof cfg->admin_token, ADMIN_TOKEN);
    cfg->admin_min_interval_s = 0; /* refreshes back to back are what this test is about */
    util_copy(cfg->providers[0], sizeof cfg->providers[0], "feed");
    cfg->provider_count = 1;
    snprintf(cfg->feed_urls[0], sizeof cfg->feed_urls[0], "%s/feed.json", fixture_url(fixtures));
    cfg->feed_url_count = 1;
    cfg->fetch_timeout_s = 30;
}

/* The feed: Azure's ND96isr H100 v5 in eastus on demand at one of two prices (within the refresh's jump limit of the
 * seed's 98.32). */
static void serve_feed(double hourly)
{
    char body[512];
    int len = snprintf(body, sizeof body,
                       "{\"prices\":[{\"provider\":\"azure\",\"instance_type\":\"Standard_ND96isr_H100_v5\","
                       "\"region\":\"eastus\",\"pricing_model\":\"on_demand\",\"hourly\":%.2f,\"currency\":\"USD\"}]}",
                       hourly);
    fixture_serve_body(feed_route, body, (size_t)len, "application/json");
}

static void setup(void)
{
    fixtures = fixture_start();
    feed_route = fixture_route_add(fixtures, "/feed.json", NULL, NULL);
    serve_feed(98.32);
    h = harness_start_with(configure, NULL);
}

static void teardown(void)
{
    harness_stop(h);
    fixture_stop(fixtures);
}

/* ---- what each response showed -------------------------------------------------------------------------------- */

typedef struct seen {
    char version[17];
    double aws_price; /* NAN when the response shows none */
} seen;

static pthread_mutex_t seen_lock = PTHREAD_MUTEX_INITIALIZER;
static seen seen_versions[MAX_SEEN];
static size_t seen_count;
static atomic_long torn, errors, requests, swaps, refreshes;
static atomic_bool stop;

/* Records that version showed aws_price; a version seen before with another price is a torn response. */
static void record(const char *version, double aws_price, const char *what)
{
    if (version == NULL || strlen(version) != 16) {
        fprintf(stderr, "%s: no catalog version\n", what);
        atomic_fetch_add(&torn, 1);
        return;
    }
    if (isnan(aws_price))
        return;
    pthread_mutex_lock(&seen_lock);
    size_t i = 0;
    for (; i < seen_count; i++)
        if (strcmp(seen_versions[i].version, version) == 0)
            break;
    if (i == seen_count && seen_count < MAX_SEEN) {
        memcpy(seen_versions[i].version, version, 17);
        seen_versions[i].aws_price = aws_price;
        seen_count++;
    } else if (i < seen_count && seen_versions[i].aws_price != aws_price) {
        fprintf(stderr, "%s: version %s showed %.2f, earlier %.2f\n", what, version, aws_price,
                seen_versions[i].aws_price);
        atomic_fetch_add(&torn, 1);
    }
    pthread_mutex_unlock(&seen_lock);
}

/* ---- clients -------------------------------------------------------------------------------------------------- */

/* One request on a kept-alive handle; the parsed body of a 200, else NULL (counted as an error). */
static json_t *request(CURL *curl, const char *path, const char *body, char *etag, size_t etag_len)
{
    char url[256];
    snprintf(url, sizeof url, "%s%s", harness_url(h), path);
    harness_buffer out = {xcalloc(1, 1), 0}, headers = {xcalloc(1, 1), 0};
    struct curl_slist *list = curl_slist_append(NULL, "Content-Type: application/json");
    list = curl_slist_append(list, "Expect:");
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    if (body != NULL) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, (long)strlen(body));
    } else {
        curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    }
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, harness_collect);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &out);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, harness_collect);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, &headers);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 20L);
    CURLcode rc = curl_easy_perform(curl);
    long status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
    curl_slist_free_all(list);
    atomic_fetch_add(&requests, 1);
    json_t *doc = NULL;
    if (rc == CURLE_OK && status == 200)
        doc = json_loadb(out.data, out.size, 0, NULL);
    if (doc == NULL) {
        fprintf(stderr, "%s: curl %d, status %ld: %.200s\n", path, (int)rc, status, out.data);
        atomic_fetch_add(&errors, 1);
    }
    if (etag != NULL) {
        etag[0] = '\0';
        const char *at = strstr(headers.data, "\nETag: \"");
        if (at != NULL) {
            at += 8;
            size_t n = strcspn(at, "\"");
            if (n < etag_len) {
                memcpy(etag, at, n);
                etag[n] = '\0';
            }
        }
    }
    free(out.data);
    free(headers.data);
    return doc;
}

/* The one value every AWS on-demand price in items has, NAN when none, -1 when they differ (torn). */
static double aws_value(double current, double value)
{
    if (isnan(current))
        return value;
    return current == value ? current : -1;
}

static void check_instances(CURL *curl)
{
    char etag[64];
    json_t *doc = request(curl, "/v1/instances?provider=aws&limit=500", NULL, etag, sizeof etag);
    if (doc == NULL)
        return;
    const char *version = json_string_value(json_object_get(doc, "catalog_version"));
    if (version == NULL || strcmp(etag, version) != 0) {
        fprintf(stderr, "instances: ETag %s but catalog_version %s\n", etag, version ? version : "none");
        atomic_fetch_add(&torn, 1);
    }
    double value = NAN;
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(doc, "items"), i, item) {
        json_t *on_demand = json_object_get(json_object_get(item, "prices"), "on_demand");
        if (on_demand != NULL)
            value = aws_value(value, json_number_value(json_object_get(on_demand, "hourly")));
    }
    if (value == -1) {
        fprintf(stderr, "instances: AWS prices differ within one response (version %s):", version ? version : "-");
        json_array_foreach(json_object_get(doc, "items"), i, item) {
            if (i == 6)
                break;
            json_t *od = json_object_get(json_object_get(item, "prices"), "on_demand");
            fprintf(stderr, " %s/%s=%g", json_string_value(json_object_get(item, "instance_type")),
                    json_string_value(json_object_get(item, "region")), json_number_value(json_object_get(od, "hourly")));
        }
        fprintf(stderr, "\n");
        atomic_fetch_add(&torn, 1);
    } else {
        record(version, value, "instances");
    }
    json_decref(doc);
}

static void check_recommend(CURL *curl)
{
    json_t *doc = request(curl, "/v1/recommend",
                          "{\"workload\":{\"kind\":\"general\",\"gpus\":1},\"constraints\":{\"providers\":[\"aws\"],"
                          "\"pricing\":[\"on_demand\"]},\"objective\":\"cost\",\"limit\":20}",
                          NULL, 0);
    if (doc == NULL)
        return;
    double value = NAN;
    size_t i;
    json_t *rec;
    json_array_foreach(json_object_get(doc, "recommendations"), i, rec) {
        double nodes = json_number_value(json_object_get(rec, "nodes"));
        value = aws_value(value, json_number_value(json_object_get(rec, "hourly_usd")) / (nodes > 0 ? nodes : 1));
    }
    if (value == -1) {
        fprintf(stderr, "recommend: AWS prices differ within one response\n");
        atomic_fetch_add(&torn, 1);
    } else {
        record(json_string_value(json_object_get(doc, "catalog_version")), value, "recommend");
    }
    json_decref(doc);
}

static void check_estimate(CURL *curl)
{
    json_t *doc = request(curl, "/v1/estimate",
                          "{\"items\":[{\"provider\":\"aws\",\"instance_type\":\"p5.48xlarge\",\"region\":\"us-east-1\","
                          "\"count\":1,\"hours\":1},{\"provider\":\"aws\",\"instance_type\":\"g5.xlarge\","
                          "\"region\":\"us-east-1\",\"count\":1,\"hours\":1}],\"pricing\":[\"on_demand\"]}",
                          NULL, 0);
    if (doc == NULL)
        return;
    double value = NAN;
    size_t i;
    json_t *item;
    json_array_foreach(json_object_get(doc, "items"), i, item) {
        json_t *od = json_object_get(json_object_get(item, "by_pricing"), "on_demand");
        if (json_is_true(json_object_get(od, "available")))
            value = aws_value(value, json_number_value(json_object_get(od, "unit_hourly_usd")));
    }
    if (value == -1) {
        fprintf(stderr, "estimate: AWS prices differ within one response\n");
        atomic_fetch_add(&torn, 1);
    } else {
        record(json_string_value(json_object_get(doc, "catalog_version")), value, "estimate");
    }
    json_decref(doc);
}

static void *client_thread(void *arg)
{
    (void)arg;
    CURL *curl = curl_easy_init();
    for (unsigned n = 0; !atomic_load(&stop); n++) {
        switch (n % 4) {
        case 0: check_instances(curl); break;
        case 1: check_recommend(curl); break;
        case 2: check_estimate(curl); break;
        default: {
            json_t *doc = request(curl, "/v1/instances/azure/Standard_ND96isr_H100_v5", NULL, NULL, 0);
            json_decref(doc);
        }
        }
    }
    curl_easy_cleanup(curl);
    return NULL;
}

/* ---- the two writers ------------------------------------------------------------------------------------------ */

/* Sets every AWS on-demand price to one value, in one statement. */
static void rewrite_aws(sqlite3_stmt *update, double value)
{
    sqlite3_bind_double(update, 1, value);
    if (sqlite3_step(update) != SQLITE_DONE) {
        fprintf(stderr, "rewriter: %s\n", sqlite3_errmsg(sqlite3_db_handle(update)));
        atomic_fetch_add(&errors, 1);
    }
    sqlite3_reset(update);
}

static void *rewriter_thread(void *arg)
{
    bool once = arg != NULL;
    sqlite3 *db = NULL;
    if (sqlite3_open(harness_db_path(h), &db) != SQLITE_OK) {
        atomic_fetch_add(&errors, 1);
        return NULL;
    }
    sqlite3_busy_timeout(db, 30000); /* a refresh's write may hold the lock a while on a loaded machine */
    sqlite3_stmt *update = NULL;
    sqlite3_prepare_v2(db, "UPDATE prices SET hourly = ?1 WHERE provider_id = 'aws' AND pricing_model = 'on_demand'",
                       -1, &update, NULL);
    for (long k = 1; !atomic_load(&stop); k++) {
        rewrite_aws(update, (double)(10 + k % 90));
        harness_reload_catalog(h);
        atomic_fetch_add(&swaps, 1);
        if (once)
            break;
    }
    sqlite3_finalize(update);
    sqlite3_close(db);
    return NULL;
}

static void *refresher_thread(void *arg)
{
    (void)arg;
    CURL *curl = curl_easy_init();
    char url[256];
    snprintf(url, sizeof url, "%s/v1/admin/refresh", harness_url(h));
    struct curl_slist *list = curl_slist_append(NULL, "Authorization: Bearer " ADMIN_TOKEN);
    list = curl_slist_append(list, "Content-Type: application/json");
    for (int n = 0; !atomic_load(&stop); n++) {
        serve_feed(n % 2 ? 99.00 : 98.32);
        harness_buffer out = {xcalloc(1, 1), 0};
        curl_easy_setopt(curl, CURLOPT_URL, url);
        curl_easy_setopt(curl, CURLOPT_HTTPHEADER, list);
        curl_easy_setopt(curl, CURLOPT_POSTFIELDS, "{\"provider\":\"feed\"}");
        curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, harness_collect);
        curl_easy_setopt(curl, CURLOPT_WRITEDATA, &out);
        curl_easy_setopt(curl, CURLOPT_TIMEOUT, 20L);
        long status = 0;
        if (curl_easy_perform(curl) == CURLE_OK)
            curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
        if (status == 202) {
            atomic_fetch_add(&refreshes, 1);
        } else if (status != 409) { /* 409: the previous one still runs */
            fprintf(stderr, "admin refresh: %ld %s\n", status, out.data);
            atomic_fetch_add(&errors, 1);
        }
        free(out.data);
        usleep(20 * 1000);
    }
    curl_slist_free_all(list);
    curl_easy_cleanup(curl);
    return NULL;
}

/* The least the load must have done for the test to judge anything: the assertions below want as much. */
static bool enough_done(void)
{
    pthread_mutex_lock(&seen_lock);
    size_t versions = seen_count;
    pthread_mutex_unlock(&seen_lock);
    return atomic_load(&swaps) >= 5 && atomic_load(&refreshes) > 0 && versions >= 3;
}

static int load_seconds(void)
{
    const char *text = getenv("GPUREC_LOAD_SECONDS");
    int s = text ? atoi(text) : 0;
    return s > 0 && s <= 600 ? s : 6;
}

START_TEST(no_torn_responses_while_snapshots_swap)
{
    atomic_store(&stop, false);
    /* the seed's AWS prices differ from each other: make them one value before anyone looks */
    rewriter_thread((void *)1);
    pthread_t clients[CLIENTS], rewriter, refresher;
    for (int i = 0; i < CLIENTS; i++)
        ck_assert_int_eq(pthread_create(&clients[i], NULL, client_thread, NULL), 0);
    ck_assert_int_eq(pthread_create(&rewriter, NULL, rewriter_thread, NULL), 0);
    ck_assert_int_eq(pthread_create(&refresher, NULL, refresher_thread, NULL), 0);
    int64_t started = util_monotonic_us();
    sleep((unsigned)load_seconds());
    int64_t deadline = util_monotonic_us() + HARNESS_WAIT_S * 1000000LL;
    while (!enough_done() && util_monotonic_us() < deadline)
        usleep(100 * 1000);
    atomic_store(&stop, true);
    int64_t stopped = util_monotonic_us();
    for (int i = 0; i < CLIENTS; i++)
        pthread_join(clients[i], NULL);
    pthread_join(rewriter, NULL);
    pthread_join(refresher, NULL);

    /* The feed runs applied: the providers list shows a successful feed-priced run for azure. */
    harness_response *r = harness_get(h, "/v1/providers");
    ck_assert_int_eq(r->status, 200);
    harness_response_free(r);

    printf("  %.1f s: %ld requests from %d clients, %ld snapshot swaps by reload, %ld admin refreshes started, "
           "%zu versions seen, %ld errors, %ld torn\n",
           (double)(stopped - started) / 1e6, atomic_load(&requests), CLIENTS, atomic_load(&swaps),
           atomic_load(&refreshes), seen_count, atomic_load(&errors), atomic_load(&torn));
    ck_assert_int_eq(atomic_load(&errors), 0);
    ck_assert_int_eq(atomic_load(&torn), 0);
    /* hundreds of each in a plain or sanitizer build; a few under valgrind (the load went on until there were) */
    ck_assert_int_ge(atomic_load(&swaps), 5);
    ck_assert_int_gt(atomic_load(&refreshes), 0);
    ck_assert_int_ge((long)seen_count, 3);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("load_refresh");
    TCase *tc = tcase_create("load_refresh");
    tcase_set_timeout(tc, 60 + HARNESS_WAIT_S + load_seconds() * 2);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, no_torn_responses_while_snapshots_swap);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
