/* The refresh worker in a real daemon (harness) against the fixture server: POST /v1/admin/refresh (token, 202, 401,
 * 404 when off, 409 while running), the new prices and the refresh status in the API, the history endpoint, failures
 * visible in /v1/providers, scheduled refreshes, the one-shot refresh, and a clean stop in the middle of a run. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "snapshot/catalog.h"
#include "base/vocab.h"
#include "base/config.h"
#include "store/db.h"
#include "worker/fetch.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/harness.h"
#include "base/util.h"
#include "worker/worker.h"

#define AZURE_PATH "/azure/api/retail/prices"
#define TOKEN "t0ken-for-tests"

static fixture_server *fs;
static fixture_route *az1, *az2;

typedef struct settings {
    const char *token;
    unsigned interval_s;
    unsigned timeout_s; /* 0 = 30 s */
} settings;

static void point_at_fixtures(config *cfg, void *ctx)
{
    const settings *s = ctx;
    snprintf(cfg->azure_prices_url, sizeof cfg->azure_prices_url, "%s%s", fixture_url(fs), AZURE_PATH);
    /* Nothing here may reach the internet: the other adapters point at paths the fixture server answers 404. */
    snprintf(cfg->aws_pricing_url, sizeof cfg->aws_pricing_url, "%s/nothing", fixture_url(fs));
    snprintf(cfg->aws_spot_url, sizeof cfg->aws_spot_url, "%s/nothing/spot.js", fixture_url(fs));
    snprintf(cfg->aws_spot_advisor_url, sizeof cfg->aws_spot_advisor_url, "%s/nothing/advisor", fixture_url(fs));
    snprintf(cfg->gcp_billing_url, sizeof cfg->gcp_billing_url, "%s/nothing/gcp", fixture_url(fs));
    cfg->gcp_api_key[0] = '\0';
    cfg->feed_url_count = 0;
    util_copy(cfg->providers[0], sizeof cfg->providers[0], "azure");
    util_copy(cfg->providers[1], sizeof cfg->providers[1], "gcp");
    cfg->provider_count = 2;
    /* Not what these tests are about: room for a loaded machine (a fixture answers in milliseconds). */
    cfg->fetch_timeout_s = s && s->timeout_s ? s->timeout_s : 30;
    cfg->refresh_interval_s = s ? s->interval_s : 0;
    util_copy(cfg->admin_token, sizeof cfg->admin_token, s && s->token ? s->token : "");
}

static void setup(void)
{
    fetch_global_init();
    fs = fixture_start();
    az1 = fixture_route_add(fs, AZURE_PATH, NULL, NULL);
    fixture_serve_file(az1, "azure/page1.json", "application/json");
    az2 = fixture_route_add(fs, AZURE_PATH, "$skip", "100");
    fixture_serve_file(az2, "azure/page2.json", "application/json");
}

static void teardown(void)
{
    fixture_stop(fs);
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static harness_response *post_refresh(harness *h, const char *body, const char *auth)
{
    char header[256];
    const char *headers[] = {header, NULL};
    snprintf(header, sizeof header, "Authorization: %s", auth ? auth : "");
    return harness_request(h, "POST", "/v1/admin/refresh", body, auth ? headers : NULL);
}

static const json_t *provider_refresh(const json_t *providers, const char *id)
{
    size_t i;
    const json_t *item;
    json_array_foreach(json_object_get(providers, "items"), i, item) {
        if (strcmp(json_string_value(json_object_get(item, "id")), id) == 0)
            return json_object_get(item, "refresh");
    }
    return NULL;
}

/* Polls /v1/providers until the provider's refresh status is want (or HARNESS_WAIT_S pass); the last status into
 * got. */
static void wait_for_status(harness *h, const char *provider, const char *want, char *got, size_t got_len)
{
    int64_t deadline = util_monotonic_us() + HARNESS_WAIT_S * 1000000LL;
    for (;;) {
        harness_response *r = harness_get(h, "/v1/providers");
        const json_t *refresh = provider_refresh(r->json, provider);
        util_copy(got, got_len, refresh ? json_string_value(json_object_get(refresh, "status")) : "?");
        harness_response_free(r);
        if (strcmp(got, want) == 0 || util_monotonic_us() >= deadline)
            return;
        sleep_ms(50);
    }
}

static double instance_price(harness *h, const char *path, const char *region, const char *model, char *source,
                             size_t source_len)
{
    harness_response *r = harness_get(h, path);
    ck_assert_int_eq(r->status, 200);
    double v = NAN;
    size_t i;
    const json_t *entry;
    json_array_foreach(json_object_get(r->json, "regions"), i, entry) {
        if (strcmp(json_string_value(json_object_get(entry, "region")), region) != 0)
            continue;
        const json_t *price = json_object_get(json_object_get(entry, "prices"), model);
        if (price != NULL) {
            v = json_number_value(json_object_get(price, "hourly"));
            if (source)
                util_copy(source, source_len, json_string_value(json_object_get(price, "source")));
        }
    }
    harness_response_free(r);
    return v;
}

START_TEST(test_admin_refresh_is_off_without_a_token)
{
    settings s = {NULL, 0, 0};
    harness *h = harness_start_with(point_at_fixtures, &s);
    harness_response *r = post_refresh(h, NULL, "Bearer anything");
    ck_assert_int_eq(r->status, 404);
    harness_response_free(r);
    ck_assert_uint_eq(fixture_hits(az1), 0);
    harness_stop(h);
}
END_TEST

START_TEST(test_admin_refresh_applies_and_publishes)
{
    settings s = {TOKEN, 0, 0};
    harness *h = harness_start_with(point_at_fixtures, &s);
    const char *path = "/v1/instances/azure/Standard_ND96isr_H100_v5";
    double before = instance_price(h, path, "eastus", "on_demand", NULL, 0);
    ck_assert(!isnan(before) && fabs(before - 97.5) > 1e-9);

    harness_response *r = post_refresh(h, NULL, NULL);
    ck_assert_int_eq(r->status, 401);
    harness_response_free(r);
    r = post_refresh(h, NULL, "Bearer wrong-token");
    ck_assert_int_eq(r->status, 401);
    harness_response_free(r);
    r = post_refresh(h, NULL, "Bearer " TOKEN "x");
    ck_assert_int_eq(r->status, 401);
    harness_response_free(r);
    r = post_refresh(h, "{\"provider\": \"nimbus\"}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 400);
    harness_response_free(r);
    r = post_refresh(h, "{\"provider\": \"gcp\"}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 409); /* off: no API key */
    ck_assert_ptr_nonnull(strstr(r->body, "GPUREC_GCP_API_KEY"));
    harness_response_free(r);
    r = post_refresh(h, "{\"provider\": \"azure\", \"force\": true}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 400);
    harness_response_free(r);
    ck_assert_uint_eq(fixture_hits(az1), 0);

    r = post_refresh(h, "{\"provider\": \"azure\"}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 202);
    ck_assert_str_eq(json_string_value(json_array_get(json_object_get(r->json, "providers"), 0)), "azure");
    harness_response_free(r);
    char status[16];
    wait_for_status(h, "azure", "ok", status, sizeof status);
    ck_assert_str_eq(status, "ok");

    char source[64];
    ck_assert_double_eq_tol(instance_price(h, path, "eastus", "on_demand", source, sizeof source), 97.5, 1e-9);
    ck_assert_str_eq(source, "azure:retail-prices");
    ck_assert_double_eq_tol(instance_price(h, path, "eastus", "reserved_1y", NULL, 0), 60.0, 1e-9);

    /* The history: the seed price, then the refreshed one. */
    r = harness_get(h, "/v1/instances/azure/Standard_ND96isr_H100_v5/history?region=eastus&pricing=on_demand");
    ck_assert_int_eq(r->status, 200);
    ck_assert_int_eq(json_integer_value(json_object_get(r->json, "total")), 2);
    const json_t *newest = json_array_get(json_object_get(r->json, "items"), 0);
    ck_assert_double_eq_tol(json_number_value(json_object_get(newest, "hourly")), 97.5, 1e-9);
    ck_assert_str_eq(json_string_value(json_object_get(newest, "source")), "azure:retail-prices");
    harness_response_free(r);
    r = harness_get(h, "/v1/instances/azure/Standard_ND96isr_H100_v5/history?pricing=hourly");
    ck_assert_int_eq(r->status, 400);
    ck_assert_ptr_nonnull(strstr(r->body, "\"pricing\""));
    harness_response_free(r);
    r = harness_get(h, "/v1/instances/azure/Standard_ND96isr_H100_v5/history?region=mars-1");
    ck_assert_int_eq(r->status, 400);
    harness_response_free(r);
    r = harness_get(h, "/v1/instances/azure/Standard_ND96isr_H100_v5/history?colour=red");
    ck_assert_int_eq(r->status, 400);
    harness_response_free(r);
    r = harness_get(h, "/v1/instances/azure/Standard_Nothing/history");
    ck_assert_int_eq(r->status, 404);
    harness_response_free(r);
    harness_stop(h);
}
END_TEST

START_TEST(test_a_second_request_while_running_is_409)
{
    /* Page 2 is held until the test has seen the run busy: it stays "running" for as long as that takes. */
    settings s = {TOKEN, 0, 0};
    fixture_hold(az2);
    harness *h = harness_start_with(point_at_fixtures, &s);
    harness_response *r = post_refresh(h, NULL, "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 202);
    harness_response_free(r);
    r = post_refresh(h, "{\"provider\": \"azure\"}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 409);
    char retry[16];
    ck_assert_int_eq(harness_response_header(r, "Retry-After", retry, sizeof retry), 0);
    ck_assert_int_ge(atoi(retry), 1);
    harness_response_free(r);
    char status[16];
    wait_for_status(h, "azure", "running", status, sizeof status);
    ck_assert_str_eq(status, "running");
    r = post_refresh(h, "{\"provider\": \"azure\"}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 409); /* still busy while running, not only while queued */
    harness_response_free(r);
    fixture_release(az2);
    wait_for_status(h, "azure", "ok", status, sizeof status);
    ck_assert_str_eq(status, "ok");
    /* Free again, but within GPUREC_ADMIN_MIN_INTERVAL (60 s by default) of the last start: 429, and when to ask. */
    r = post_refresh(h, "{\"provider\": \"azure\"}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 429);
    ck_assert_int_eq(harness_response_header(r, "Retry-After", retry, sizeof retry), 0);
    ck_assert_int_ge(atoi(retry), 1);
    ck_assert_int_le(atoi(retry), 60);
    ck_assert_ptr_nonnull(strstr(r->body, "refresh-too-soon"));
    harness_response_free(r);
    harness_stop(h);
}
END_TEST

static void no_min_interval(config *cfg, void *ctx)
{
    point_at_fixtures(cfg, ctx);
    cfg->admin_min_interval_s = 0;
}

START_TEST(test_without_a_min_interval_a_finished_refresh_may_start_again)
{
    settings s = {TOKEN, 0, 0};
    harness *h = harness_start_with(no_min_interval, &s);
    harness_response *r = post_refresh(h, "{\"provider\": \"azure\"}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 202);
    harness_response_free(r);
    char status[16];
    wait_for_status(h, "azure", "ok", status, sizeof status);
    ck_assert_str_eq(status, "ok");
    r = post_refresh(h, "{\"provider\": \"azure\"}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 202);
    harness_response_free(r);
    harness_stop(h);
}
END_TEST

START_TEST(test_admin_401_names_the_bearer_scheme)
{
    settings s = {TOKEN, 0, 0};
    harness *h = harness_start_with(point_at_fixtures, &s);
    static const char *const paths[] = {"/v1/admin/refresh", "/v1/admin/import"};
    for (size_t i = 0; i < 2; i++) {
        harness_response *r = harness_request(h, "POST", paths[i], "{}", NULL);
        ck_assert_int_eq(r->status, 401);
        char scheme[32];
        ck_assert_int_eq(harness_response_header(r, "WWW-Authenticate", scheme, sizeof scheme), 0);
        ck_assert_str_eq(scheme, "Bearer");
        harness_response_free(r);
    }
    harness_stop(h);
}
END_TEST

static harness_response *post_import(harness *h, const char *body)
{
    const char *headers[] = {"Authorization: Bearer " TOKEN, NULL};
    return harness_request(h, "POST", "/v1/admin/import", body, headers);
}

START_TEST(test_admin_import_applies_a_feed_document)
{
    settings s = {TOKEN, 0, 0};
    harness *h = harness_start_with(point_at_fixtures, &s);
    harness_response *r = post_import(
        h, "{\"prices\": [{\"provider\": \"azure\", \"instance_type\": \"Standard_ND96isr_H100_v5\", "
           "\"region\": \"eastus\", \"pricing_model\": \"on_demand\", \"hourly\": 96.25, \"currency\": \"USD\"}]}");
    ck_assert_msg(r->status == 200, "%ld %s", r->status, r->body);
    ck_assert_int_eq(json_integer_value(json_object_get(r->json, "rows_applied")), 1);
    ck_assert_str_eq(json_string_value(json_object_get(r->json, "status")), "ok");
    harness_response_free(r);
    /* applied and published: the offer answers with the imported price */
    static const char *const needles[] = {"96.25", NULL};
    r = harness_get_until(h, "/v1/instances/azure/Standard_ND96isr_H100_v5", needles, HARNESS_WAIT_S);
    ck_assert_ptr_nonnull(strstr(r->body, "96.25"));
    ck_assert_ptr_nonnull(strstr(r->body, "feed:import:admin"));
    harness_response_free(r);
    /* a bad row: 422 naming it, nothing applied */
    r = post_import(h, "[{\"provider\": \"azure\", \"instance_type\": \"Standard_ND96isr_H100_v5\", "
                       "\"region\": \"eastus\", \"pricing_model\": \"on_demand\", \"hourly\": \"cheap\", "
                       "\"currency\": \"USD\"}]");
    ck_assert_msg(r->status == 422, "%ld %s", r->status, r->body);
    ck_assert_ptr_nonnull(strstr(r->body, "\"field\":\"prices[0].hourly\""));
    harness_response_free(r);
    harness_stop(h);
}
END_TEST

START_TEST(test_a_failed_refresh_is_visible_and_changes_nothing)
{
    settings s = {TOKEN, 0, 0};
    fixture_serve_file(az2, "azure/page2_schema_drift.json", "application/json");
    harness *h = harness_start_with(point_at_fixtures, &s);
    const char *path = "/v1/instances/azure/Standard_ND96isr_H100_v5";
    double before = instance_price(h, path, "eastus", "on_demand", NULL, 0);
    harness_response *r = harness_get(h, "/v1/instances?provider=azure&limit=500");
    char *listing_before = xstrdup(r->body);
    harness_response_free(r);

    r = post_refresh(h, "{\"provider\": \"azure\"}", "Bearer " TOKEN);
    ck_assert_int_eq(r->status, 202);
    harness_response_free(r);
    char status[16];
    wait_for_status(h, "azure", "error", status, sizeof status);
    ck_assert_str_eq(status, "error");
    r = harness_get(h, "/v1/providers");
    const json_t *refresh = provider_refresh(r->json, "azure");
    ck_assert_ptr_nonnull(strstr(json_string_value(json_object_get(refresh, "error")), "no Items"));
    ck_assert(json_is_null(json_object_get(refresh, "last_success_at")));
    harness_response_free(r);

    ck_assert_double_eq(instance_price(h, path, "eastus", "on_demand", NULL, 0), before);
    r = harness_get(h, "/v1/instances?provider=azure&limit=500");
    ck_assert_str_eq(r->body, listing_before);
    harness_response_free(r);
    free(listing_before);

    /* The failure is counted after the run's catalog is published, so /v1/providers can show it first. */
    static const char *const counted[] = {"gpurec_refresh_failures_total{provider=\"azure\"} 1", NULL};
    r = harness_get_until(h, "/metrics", counted, HARNESS_WAIT_S);
    ck_assert_ptr_nonnull(strstr(r->body, "gpurec_refresh_failures_total{provider=\"azure\"} 1"));
    harness_response_free(r);
    harness_stop(h);
}
END_TEST

START_TEST(test_scheduled_refresh_runs_on_its_own)
{
    settings s = {NULL, 1, 0};
    harness *h = harness_start_with(point_at_fixtures, &s);
    char status[16];
    wait_for_status(h, "azure", "ok", status, sizeof status);
    ck_assert_str_eq(status, "ok");
    /* gcp is listed but has no key: never run, shown as disabled. */
    harness_response *r = harness_get(h, "/v1/providers");
    ck_assert_str_eq(json_string_value(json_object_get(provider_refresh(r->json, "gcp"), "status")), "disabled");
    harness_response_free(r);
    harness_stop(h);
}
END_TEST

static config worker_config(const char *db_path)
{
    config cfg;
    config_defaults(&cfg);
    point_at_fixtures(&cfg, NULL);
    util_copy(cfg.db_path, sizeof cfg.db_path, db_path);
    cfg.log_lvl = LOG_ERROR;
    return cfg;
}

static long long count_rows(const char *db_path, const char *sql)
{
    sqlite3 *db = NULL;
    char err[256];
    ck_assert_msg(db_open(db_path, false, &db, err, sizeof err) == 0, "%s", err);
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db, sql, -1, &st, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    long long n = sqlite3_column_int64(st, 0);
    sqlite3_finalize(st);
    db_close(db);
    return n;
}

START_TEST(test_stop_in_the_middle_of_a_run)
{
    log_setup(LOG_TEXT, LOG_ERROR);
    char *db_path = harness_make_db();
    config cfg = worker_config(db_path);
    /* Page 2 is never answered (until the fixture server stops), and the fetch would wait a minute for it. */
    cfg.fetch_timeout_s = 60;
    fixture_hold(az2);
    worker *w = NULL;
    char err[256];
    ck_assert_msg(worker_start(&cfg, &w, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(worker_request_refresh(w, "azure"), WORKER_STARTED);
    int64_t deadline = util_monotonic_us() + HARNESS_WAIT_S * 1000000LL;
    while (fixture_hits(az2) == 0 && util_monotonic_us() < deadline)
        sleep_ms(20);
    ck_assert_int_gt(fixture_hits(az2), 0);
    ck_assert(worker_is_running(w, "azure"));
    worker_provider_stats stats[16];
    ck_assert_uint_eq(worker_stats(w, stats, 16), vocab_adapter_count); /* one per adapter of the registry */
    int64_t t0 = util_monotonic_us();
    worker_stop(w);
    /* the stop ended the transfer: it did not wait for an answer that never comes, nor for the 60 s timeout */
    ck_assert_int_lt((util_monotonic_us() - t0) / 1000, 10000);
    /* The interrupted run changed no price. */
    ck_assert_int_eq(count_rows(db_path, "SELECT count(*) FROM prices WHERE source LIKE 'azure:%'"), 0);
    ck_assert_int_eq(count_rows(db_path, "SELECT count(*) FROM price_history"), 0);
    /* Abandoned for shutdown, not failed: no error to show after the restart. */
    ck_assert_int_eq(count_rows(db_path, "SELECT count(*) FROM refresh_runs"), 0);
    unlink(db_path);
    free(db_path);
}
END_TEST

START_TEST(test_worker_requests_and_stats)
{
    log_setup(LOG_TEXT, LOG_ERROR);
    char *db_path = harness_make_db();
    config cfg = worker_config(db_path);
    worker *w = NULL;
    char err[256];
    ck_assert_msg(worker_start(&cfg, &w, err, sizeof err) == 0, "%s", err);
    const char *why = NULL;
    ck_assert(worker_is_enabled(w, "azure", &why));
    ck_assert(!worker_is_enabled(w, "gcp", &why));
    ck_assert_ptr_nonnull(strstr(why, "GPUREC_GCP_API_KEY"));
    ck_assert(!worker_is_enabled(w, "aws", &why));
    ck_assert_str_eq(why, "not in GPUREC_PROVIDERS");
    ck_assert_int_eq(worker_request_refresh(w, "nimbus"), WORKER_UNKNOWN);
    ck_assert_int_eq(worker_request_refresh(w, "aws"), WORKER_DISABLED);
    ck_assert_int_eq(worker_request_refresh(w, NULL), WORKER_STARTED);
    int64_t deadline = util_monotonic_us() + HARNESS_WAIT_S * 1000000LL;
    while (util_monotonic_us() < deadline) {
        worker_provider_stats stats[16];
        size_t n = worker_stats(w, stats, 16);
        bool done = false;
        for (size_t k = 0; k < n; k++)
            if (strcmp(stats[k].provider, "azure") == 0 && stats[k].runs == 1) {
                ck_assert_uint_eq(stats[k].failures, 0);
                ck_assert_uint_eq(stats[k].rows_applied, 8);
                ck_assert(stats[k].enabled);
                done = true;
            }
        if (done)
            break;
        sleep_ms(25);
    }
    worker_provider_stats stats[16];
    size_t n = worker_stats(w, stats, 16);
    bool seen = false;
    for (size_t k = 0; k < n; k++)
        seen |= strcmp(stats[k].provider, "azure") == 0 && stats[k].runs == 1;
    ck_assert(seen);
    worker_stop(w);
    worker_stop(NULL);
    unlink(db_path);
    free(db_path);
}
END_TEST

START_TEST(test_refresh_once)
{
    log_setup(LOG_TEXT, LOG_ERROR);
    char *db_path = harness_make_db();
    config cfg = worker_config(db_path);
    char err[512];
    ck_assert_msg(worker_refresh_once(&cfg, "azure", err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(count_rows(db_path, "SELECT count(*) FROM prices WHERE source = 'azure:retail-prices'"), 8);
    ck_assert_int_ne(worker_refresh_once(&cfg, "gcp", err, sizeof err), 0);
    ck_assert_ptr_nonnull(strstr(err, "GPUREC_GCP_API_KEY"));
    ck_assert_int_ne(worker_refresh_once(&cfg, "nimbus", err, sizeof err), 0);
    fixture_set_status(az1, 500);
    ck_assert_int_ne(worker_refresh_once(&cfg, NULL, err, sizeof err), 0); /* every enabled one: azure fails */
    ck_assert_ptr_nonnull(strstr(err, "azure"));
    unlink(db_path);
    free(db_path);
}
END_TEST

static Suite *worker_suite(void)
{
    Suite *s = suite_create("worker");
    TCase *tc = tcase_create("worker");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_admin_refresh_is_off_without_a_token);
    tcase_add_test(tc, test_admin_refresh_applies_and_publishes);
    tcase_add_test(tc, test_a_second_request_while_running_is_409);
    tcase_add_test(tc, test_without_a_min_interval_a_finished_refresh_may_start_again);
    tcase_add_test(tc, test_admin_401_names_the_bearer_scheme);
    tcase_add_test(tc, test_admin_import_applies_a_feed_document);
    tcase_add_test(tc, test_a_failed_refresh_is_visible_and_changes_nothing);
    tcase_add_test(tc, test_scheduled_refresh_runs_on_its_own);
    tcase_add_test(tc, test_stop_in_the_middle_of_a_run);
    tcase_add_test(tc, test_worker_requests_and_stats);
    tcase_add_test(tc, test_refresh_once);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(worker_suite());
}
