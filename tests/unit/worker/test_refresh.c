/* One refresh run against a migrated database (schema and seed catalog) and the fixture server: prices applied with
 * source and fetched_at, history where a price changed, runs recorded; and every fault of the issue leaving the
 * catalog exactly as it was (same snapshot version, same prices, history and fetch state) with the failure recorded. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "snapshot/catalog.h"
#include "base/config.h"
#include "store/catalog_load.h"
#include "store/db.h"
#include "store/history.h"
#include "worker/fetch.h"
#include "worker/refresh.h"
#include "support/check_support.h"
#include "support/fixture_server.h"
#include "support/harness.h"
#include "support/provider_support.h"
#include "base/util.h"

#define AZURE_PATH "/azure/api/retail/prices"
/* 2025-06-15T00:00:00Z: after every effective date of the fixtures. */
#define NOW ((time_t)1749945600)

static fixture_server *fs;
static config cfg;
static char *db_path;
static sqlite3 *db;
static fixture_route *az1, *az2, *aws_index, *aws_east, *aws_west, *aws_spot, *aws_advisor, *gcp1, *gcp2, *feed;

static void setup(void)
{
    /* a fetch timeout with room for a loaded machine; the timeout's own test sets a short one */
    provider_support_refresh_setup(&fs, &cfg, &db_path, &db, 30);
    const char *base = fixture_url(fs);
    snprintf(cfg.azure_prices_url, sizeof cfg.azure_prices_url, "%s%s", base, AZURE_PATH);
    snprintf(cfg.aws_pricing_url, sizeof cfg.aws_pricing_url, "%s/aws", base);
    snprintf(cfg.aws_spot_url, sizeof cfg.aws_spot_url, "%s/aws/spot.js", base);
    snprintf(cfg.aws_spot_advisor_url, sizeof cfg.aws_spot_advisor_url, "%s/aws/spot-advisor-data.json", base);
    snprintf(cfg.gcp_billing_url, sizeof cfg.gcp_billing_url, "%s/gcp/skus", base);
    snprintf(cfg.gcp_api_key, sizeof cfg.gcp_api_key, "test-key");
    snprintf(cfg.feed_urls[0], sizeof cfg.feed_urls[0], "%s/feeds/negotiated.json", base);
    cfg.feed_url_count = 1;

    az1 = fixture_route_add(fs, AZURE_PATH, NULL, NULL);
    fixture_serve_file(az1, "azure/page1.json", "application/json");
    az2 = fixture_route_add(fs, AZURE_PATH, "$skip", "100");
    fixture_serve_file(az2, "azure/page2.json", "application/json");
    aws_index = fixture_route_add(fs, "/aws/offers/v1.0/aws/AmazonEC2/current/region_index.json", NULL, NULL);
    fixture_serve_file(aws_index, "aws/region_index.json", "application/json");
    aws_east = fixture_route_add(fs, "/aws/offers/v1.0/aws/AmazonEC2/20250601000000/us-east-1/index.csv", NULL, NULL);
    fixture_serve_file(aws_east, "aws/us-east-1.csv", "text/csv");
    aws_west = fixture_route_add(fs, "/aws/offers/v1.0/aws/AmazonEC2/20250601000000/us-west-2/index.csv", NULL, NULL);
    fixture_serve_file(aws_west, "aws/us-west-2.csv", "text/csv");
    aws_spot = fixture_route_add(fs, "/aws/spot.js", NULL, NULL);
    fixture_serve_file(aws_spot, "aws/spot.js", "application/javascript");
    fixture_set_etag(aws_spot, "\"s1\"");
    aws_advisor = fixture_route_add(fs, "/aws/spot-advisor-data.json", NULL, NULL);
    fixture_serve_file(aws_advisor, "aws/spot_advisor.json", "application/json");
    fixture_set_etag(aws_advisor, "\"a1\"");
    gcp1 = fixture_route_add(fs, "/gcp/skus", NULL, NULL);
    fixture_serve_file(gcp1, "gcp/skus_page1.json", "application/json");
    gcp2 = fixture_route_add(fs, "/gcp/skus", "pageToken", "page-2-token");
    fixture_serve_file(gcp2, "gcp/skus_page2.json", "application/json");
    feed = fixture_route_add(fs, "/feeds/negotiated.json", NULL, NULL);
    fixture_serve_file(feed, "feed/negotiated.json", "application/json");
}

static void teardown(void)
{
    provider_support_refresh_teardown(fs, db, db_path);
}

/* Every row of the tables a run may write (but refresh_runs) as one text, to compare byte for byte. */
static char *dump_tables(void)
{
    static const char *const queries[] = {
        "SELECT provider_id, instance_type_id, region_id, pricing_model, printf('%.17g', hourly), currency, source, "
        "fetched_at, effective_at, coalesce(spot_interruption, '-') FROM prices ORDER BY 1, 2, 3, 4",
        "SELECT id, provider_id, instance_type_id, region_id, pricing_model, printf('%.17g', hourly), currency, "
        "source, fetched_at, effective_at, coalesce(run_id, -1) FROM price_history ORDER BY id",
        "SELECT provider_id, url, coalesce(etag, '-'), coalesce(version, '-'), updated_at FROM fetch_state "
        "ORDER BY 1, 2"};
    size_t cap = 1 << 16, len = 0;
    char *out = xmalloc(cap);
    out[0] = '\0';
    for (size_t q = 0; q < sizeof queries / sizeof queries[0]; q++) {
        sqlite3_stmt *st = NULL;
        ck_assert_int_eq(sqlite3_prepare_v2(db, queries[q], -1, &st, NULL), SQLITE_OK);
        while (sqlite3_step(st) == SQLITE_ROW) {
            for (int c = 0; c < sqlite3_column_count(st); c++) {
                const char *v = (const char *)sqlite3_column_text(st, c);
                size_t n = strlen(v ? v : "") + 2;
                while (len + n + 1 > cap) {
                    cap *= 2;
                    out = xrealloc(out, cap);
                }
                len += (size_t)snprintf(out + len, cap - len, "%s%c", v ? v : "", c + 1 < sqlite3_column_count(st) ? '|' : '\n');
            }
        }
        sqlite3_finalize(st);
    }
    return out;
}

static void catalog_version(char *buf, size_t len)
{
    catalog *snap = NULL;
    char err[256];
    ck_assert_msg(store_catalog_load(db, &snap, err, sizeof err) == 0, "%s", err);
    util_copy(buf, len, snap->version);
    catalog_release(snap);
}

static double stored_price(const char *provider, const char *type, const char *region, const char *model,
                           char *source, size_t source_len, char *fetched_at, size_t fetched_len)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT hourly, source, fetched_at FROM prices WHERE provider_id = ?1 AND "
                                        "instance_type_id = ?2 AND region_id = ?3 AND pricing_model = ?4",
                                        -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 2, type, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 3, region, -1, SQLITE_STATIC);
    sqlite3_bind_text(st, 4, model, -1, SQLITE_STATIC);
    double v = NAN;
    if (sqlite3_step(st) == SQLITE_ROW) {
        v = sqlite3_column_double(st, 0);
        if (source)
            util_copy(source, source_len, (const char *)sqlite3_column_text(st, 1));
        if (fetched_at)
            util_copy(fetched_at, fetched_len, (const char *)sqlite3_column_text(st, 2));
    }
    sqlite3_finalize(st);
    return v;
}

static long long count_of(const char *sql)
{
    return provider_support_count(db, sql);
}

static void last_run(const char *provider, char *status, size_t status_len, char *error, size_t error_len)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT status, coalesce(error, '') FROM refresh_runs WHERE provider_id = ?1 "
                                        "ORDER BY id DESC LIMIT 1",
                                        -1, &st, NULL),
                     SQLITE_OK);
    sqlite3_bind_text(st, 1, provider, -1, SQLITE_STATIC);
    ck_assert_int_eq(sqlite3_step(st), SQLITE_ROW);
    util_copy(status, status_len, (const char *)sqlite3_column_text(st, 0));
    util_copy(error, error_len, (const char *)sqlite3_column_text(st, 1));
    sqlite3_finalize(st);
}

/* The fixture answers every azure query (one per SKUS_PER_QUERY sizes of the catalog) with the same pages. */
static size_t azure_queries(void)
{
    return (size_t)(count_of("SELECT count(*) FROM instance_types WHERE provider_id = 'azure'") + 11) / 12;
}

START_TEST(test_azure_run_applies_prices_and_history)
{
    double seed = stored_price("azure", "Standard_ND96isr_H100_v5", "eastus", "on_demand", NULL, 0, NULL, 0);
    ck_assert(!isnan(seed));
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "azure", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_str_eq(out.status, "ok");
    ck_assert_uint_eq(out.rows_seen, 14 * azure_queries());
    ck_assert_uint_eq(out.rows_applied, 8); /* 9 kept, the non-primary meter's duplicate dropped */
    ck_assert_uint_eq(out.rows_rejected, 0);
    char source[128], fetched[32];
    ck_assert_double_eq_tol(stored_price("azure", "Standard_ND96isr_H100_v5", "eastus", "on_demand", source,
                                         sizeof source, fetched, sizeof fetched),
                            97.5, 1e-9);
    ck_assert_str_eq(source, "azure:retail-prices");
    ck_assert_str_eq(fetched, "2025-06-15T00:00:00Z");
    ck_assert_double_eq_tol(stored_price("azure", "Standard_NC24ads_A100_v4", "eastus", "on_demand", NULL, 0, NULL,
                                         0),
                            3.71, 1e-9);
    ck_assert_double_eq_tol(
        stored_price("azure", "Standard_ND96isr_H100_v5", "eastus", "reserved_1y", NULL, 0, NULL, 0), 60.0, 1e-9);
    /* History: the first change of a seeded price keeps the seed price before it. */
    ck_assert_int_eq(count_of("SELECT count(*) FROM price_history WHERE instance_type_id = 'Standard_ND96isr_H100_v5' "
                              "AND region_id = 'eastus' AND pricing_model = 'on_demand'"),
                     2);
    long long history = count_of("SELECT count(*) FROM price_history");
    ck_assert_int_eq(count_of("SELECT count(*) FROM price_history WHERE run_id IS NOT NULL"), (long long)out.rows_changed);
    char status[16], error[256];
    last_run("azure", status, sizeof status, error, sizeof error);
    ck_assert_str_eq(status, "ok");
    ck_assert_int_eq(count_of("SELECT rows_seen FROM refresh_runs ORDER BY id DESC LIMIT 1"),
                     (long long)(14 * azure_queries()));

    /* The same prices again: nothing changes, no history, the rows are not rewritten (fetched_at stays), so the
     * catalog's version (the ETag, and what cursors name) stays; the run is recorded and is the last success. */
    char version_before[32], version_after[32];
    catalog_version(version_before, sizeof version_before);
    char *tables_before = dump_tables();
    ck_assert_msg(refresh_run(db, &cfg, "azure", NULL, NOW + 3600, &out) == 0, "%s", out.error);
    ck_assert_str_eq(out.status, "ok");
    ck_assert_uint_eq(out.rows_changed, 0);
    ck_assert_uint_gt(out.rows_applied, 0);
    ck_assert_int_eq(count_of("SELECT count(*) FROM price_history"), history);
    stored_price("azure", "Standard_ND96isr_H100_v5", "eastus", "on_demand", NULL, 0, fetched, sizeof fetched);
    ck_assert_str_eq(fetched, "2025-06-15T00:00:00Z");
    char *tables_after = dump_tables();
    ck_assert_str_eq(tables_before, tables_after);
    free(tables_before);
    free(tables_after);
    catalog_version(version_after, sizeof version_after);
    ck_assert_str_eq(version_before, version_after);
    ck_assert_int_eq(count_of("SELECT estimated FROM prices WHERE source = 'azure:retail-prices' LIMIT 1"), 0);

    /* The history endpoint's reader: newest first, paged by cursor. */
    json_t *page = NULL;
    char err[256];
    ck_assert_msg(store_history_json(db_path, "azure", "Standard_ND96isr_H100_v5", "eastus", "on_demand", 0, 1,
                                     &page, err, sizeof err) == 0,
                  "%s", err);
    ck_assert_int_eq(json_integer_value(json_object_get(page, "total")), 2);
    const json_t *items = json_object_get(page, "items");
    ck_assert_uint_eq(json_array_size(items), 1);
    ck_assert_double_eq_tol(json_number_value(json_object_get(json_array_get(items, 0), "hourly")), 97.5, 1e-9);
    const char *cursor = json_string_value(json_object_get(page, "next_cursor"));
    ck_assert_ptr_nonnull(cursor);
    json_t *next = NULL;
    ck_assert(store_history_json(db_path, "azure", "Standard_ND96isr_H100_v5", "eastus", "on_demand",
                                 strtoll(cursor, NULL, 10), 1, &next, err, sizeof err) == 0);
    const json_t *older = json_array_get(json_object_get(next, "items"), 0);
    ck_assert_double_eq_tol(json_number_value(json_object_get(older, "hourly")), seed, 1e-9);
    ck_assert(json_is_null(json_object_get(next, "next_cursor")));
    json_decref(page);
    json_decref(next);
}
END_TEST

/* Runs adapter with a fault in place and checks the run failed, nothing changed, and the failure is recorded. */
static void assert_fault_recorded(const char *adapter, const char *provider, const char *needle, int new_runs)
{
    char version_before[32], version_after[32];
    catalog_version(version_before, sizeof version_before);
    char *before = dump_tables();
    long long runs = count_of("SELECT count(*) FROM refresh_runs");
    refresh_outcome out;
    ck_assert_int_ne(refresh_run(db, &cfg, adapter, NULL, NOW, &out), 0);
    ck_assert_str_eq(out.status, "error");
    ck_assert_msg(strstr(out.error, needle) != NULL, "error '%s' lacks '%s'", out.error, needle);
    char *after = dump_tables();
    ck_assert_msg(strcmp(before, after) == 0, "the %s fault '%s' changed the catalog", adapter, needle);
    catalog_version(version_after, sizeof version_after);
    ck_assert_str_eq(version_before, version_after);
    ck_assert_int_eq(count_of("SELECT count(*) FROM refresh_runs"), runs + new_runs);
    char status[16], error[512];
    last_run(provider, status, sizeof status, error, sizeof error);
    ck_assert_str_eq(status, "error");
    ck_assert_ptr_nonnull(strstr(error, needle));
    free(before);
    free(after);
}

static void assert_fault_changes_nothing(const char *adapter, const char *provider, const char *needle)
{
    assert_fault_recorded(adapter, provider, needle, 1);
}

START_TEST(test_fault_server_error_on_a_later_page)
{
    fixture_fail_first(az2, 100, 500, -1);
    assert_fault_changes_nothing("azure", "azure", "HTTP 500");
    ck_assert_uint_eq(fixture_hits(az1), 1);
}
END_TEST

START_TEST(test_fault_rate_limited_beyond_the_cap)
{
    fixture_fail_first(az2, 100, 429, 3600);
    assert_fault_changes_nothing("azure", "azure", "Retry-After");
}
END_TEST

START_TEST(test_fault_stall_past_the_timeout)
{
    cfg.fetch_timeout_s = 1;
    fixture_hold(az2); /* never answered (the server's stop ends the wait) */
    assert_fault_changes_nothing("azure", "azure", "timed out");
}
END_TEST

START_TEST(test_fault_malformed_json)
{
    static const char body[] = "{\"Items\": [ {\"armSkuName\": \"Standard_NC24ads_A100_v4\", ";
    fixture_serve_body(az2, body, sizeof body - 1, "application/json");
    assert_fault_changes_nothing("azure", "azure", "malformed JSON");
}
END_TEST

START_TEST(test_fault_truncated_transfer)
{
    fixture_truncate(az2, 300);
    assert_fault_changes_nothing("azure", "azure", "GET");
}
END_TEST

START_TEST(test_fault_body_over_the_limit)
{
    cfg.fetch_max_bytes = 4096;
    assert_fault_changes_nothing("azure", "azure", "larger than the limit");
}
END_TEST

START_TEST(test_fault_schema_change)
{
    fixture_serve_file(az2, "azure/page2_schema_drift.json", "application/json");
    assert_fault_changes_nothing("azure", "azure", "no Items");
}
END_TEST

START_TEST(test_fault_absurd_price_alone)
{
    /* The only price of the run moves x100: rejected, so the run has no valid row and fails. */
    static const char page[] =
        "{\"Items\": [{\"currencyCode\": \"USD\", \"unitPrice\": 367.3, \"retailPrice\": 367.3, "
        "\"armRegionName\": \"eastus\", \"effectiveStartDate\": \"2025-03-01T00:00:00Z\", "
        "\"meterName\": \"NC24ads A100 v4\", \"productName\": \"NCadsA100v4 Series Linux\", "
        "\"skuName\": \"NC24ads A100 v4\", \"serviceName\": \"Virtual Machines\", \"unitOfMeasure\": \"1 Hour\", "
        "\"type\": \"Consumption\", \"isPrimaryMeterRegion\": true, \"armSkuName\": \"Standard_NC24ads_A100_v4\"}], "
        "\"NextPageLink\": null}";
    fixture_serve_body(az1, page, sizeof page - 1, "application/json");
    assert_fault_changes_nothing("azure", "azure", "no valid price");
    ck_assert_int_eq(count_of("SELECT rows_rejected FROM refresh_runs ORDER BY id DESC LIMIT 1"),
                     (long long)azure_queries());
}
END_TEST

/* A region's offer file failing: the run is partial, the other region applied in the same transaction, the failed
 * part named in refresh_runs.failed_parts, and none of the failed region's prices touched. */
static void assert_partial_run(const char *needle)
{
    refresh_outcome out;
    long long west_rows = count_of("SELECT count(*) FROM prices WHERE provider_id = 'aws' AND region_id = 'us-west-2'");
    ck_assert_msg(refresh_run(db, &cfg, "aws", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_str_eq(out.status, "partial");
    ck_assert_uint_eq(out.failed_part_count, 1);
    ck_assert_msg(strstr(out.failed_parts, "offer file us-west-2") != NULL && strstr(out.failed_parts, needle),
                  "failed parts %s lack %s", out.failed_parts, needle);
    ck_assert_uint_gt(out.rows_changed, 0);
    ck_assert_int_gt(count_of("SELECT count(*) FROM prices WHERE region_id = 'us-east-1' AND source = "
                              "'aws:price-list'"),
                     0);
    ck_assert_int_eq(count_of("SELECT count(*) FROM prices WHERE region_id = 'us-west-2' AND source = "
                              "'aws:price-list'"),
                     0);
    ck_assert_int_eq(count_of("SELECT count(*) FROM prices WHERE provider_id = 'aws' AND region_id = 'us-west-2'"),
                     west_rows);
    char status[16], error[512];
    last_run("aws", status, sizeof status, error, sizeof error);
    ck_assert_str_eq(status, "partial");
    ck_assert_int_eq(count_of("SELECT json_array_length(failed_parts) FROM refresh_runs ORDER BY id DESC LIMIT 1"),
                     1);
    /* The failed region's state is not saved: the next run fetches it again. */
    ck_assert_int_eq(count_of("SELECT count(*) FROM fetch_state WHERE url LIKE '%us-west-2%'"), 0);
    /* /v1/providers reads the partial run through the loader. */
    catalog *snap = NULL;
    char err[256];
    ck_assert_msg(store_catalog_load(db, &snap, err, sizeof err) == 0, "%s", err);
    const catalog_provider *aws = NULL;
    for (size_t i = 0; i < snap->provider_count; i++)
        if (strcmp(snap->providers[i].id, "aws") == 0)
            aws = &snap->providers[i];
    ck_assert_ptr_nonnull(aws);
    ck_assert_ptr_nonnull(aws->last_error);
    ck_assert_msg(strncmp(aws->last_error, "partial: [", 10) == 0, "%s", aws->last_error);
    ck_assert_ptr_nonnull(aws->last_success_at);
    catalog_release(snap);
}

START_TEST(test_partial_aws_offer_file_cut)
{
    fixture_truncate(aws_west, 1500);
    assert_partial_run("us-west-2");
}
END_TEST

START_TEST(test_partial_aws_schema_change)
{
    fixture_serve_file(aws_west, "aws/us-west-2_drift.csv", "text/csv");
    assert_partial_run("PricePerUnit");
}
END_TEST

START_TEST(test_partial_aws_region_missing)
{
    fixture_set_status(aws_west, 404);
    assert_partial_run("HTTP 404");
}
END_TEST

START_TEST(test_every_part_failing_changes_nothing)
{
    fixture_set_status(aws_west, 500);
    fixture_set_status(aws_east, 500);
    fixture_set_status(aws_spot, 500);
    char *before = dump_tables();
    char version_before[32], version_after[32];
    catalog_version(version_before, sizeof version_before);
    refresh_outcome out;
    ck_assert_int_ne(refresh_run(db, &cfg, "aws", NULL, NOW, &out), 0);
    ck_assert_str_eq(out.status, "error");
    ck_assert_ptr_nonnull(strstr(out.error, "no valid price"));
    char *after = dump_tables();
    ck_assert_str_eq(before, after);
    catalog_version(version_after, sizeof version_after);
    ck_assert_str_eq(version_before, version_after);
    char status[16], error[512];
    last_run("aws", status, sizeof status, error, sizeof error);
    ck_assert_str_eq(status, "error");
    ck_assert_int_eq(count_of("SELECT json_array_length(failed_parts) FROM refresh_runs ORDER BY id DESC LIMIT 1"),
                     3);
    free(before);
    free(after);
}
END_TEST

START_TEST(test_fault_gcp_error)
{
    fixture_set_status(gcp2, 403);
    assert_fault_changes_nothing("gcp", "gcp", "HTTP 403");
}
END_TEST

START_TEST(test_fault_stop_requested)
{
    atomic_bool stop = true;
    char *before = dump_tables();
    refresh_outcome out;
    ck_assert_int_ne(refresh_run(db, &cfg, "azure", &stop, NOW, &out), 0);
    char *after = dump_tables();
    ck_assert_str_eq(before, after);
    free(before);
    free(after);
}
END_TEST

START_TEST(test_absurd_row_is_rejected_and_others_applied)
{
    /* A100 westeurope at 405 USD/h: no stored price to compare with, but far above any GPU-hour price. */
    fixture_serve_file(az2, "azure/page2_absurd.json", "application/json");
    double before = stored_price("azure", "Standard_NC24ads_A100_v4", "westeurope", "on_demand", NULL, 0, NULL, 0);
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "azure", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_applied, 7);
    ck_assert_uint_eq(out.rows_rejected, azure_queries());
    double after = stored_price("azure", "Standard_NC24ads_A100_v4", "westeurope", "on_demand", NULL, 0, NULL, 0);
    ck_assert(isnan(before) ? isnan(after) : after == before);
    ck_assert_double_eq_tol(stored_price("azure", "Standard_ND96isr_H100_v5", "eastus", "on_demand", NULL, 0, NULL, 0),
                            97.5, 1e-9);

    /* A jump against a stored price: 3.71 stored now for A100 eastus; x10 is refused, x1.2 is taken. */
    static const char page[] =
        "{\"Items\": [{\"currencyCode\": \"USD\", \"unitPrice\": %s, \"armRegionName\": \"eastus\", "
        "\"effectiveStartDate\": \"2025-03-01T00:00:00Z\", \"meterName\": \"NC24ads A100 v4\", "
        "\"productName\": \"NCadsA100v4 Series Linux\", \"skuName\": \"NC24ads A100 v4\", "
        "\"serviceName\": \"Virtual Machines\", \"unitOfMeasure\": \"1 Hour\", \"type\": \"Consumption\", "
        "\"isPrimaryMeterRegion\": true, \"armSkuName\": \"Standard_NC24ads_A100_v4\"}], \"NextPageLink\": null}";
    char body[1024];
    int n = snprintf(body, sizeof body, page, "37.1");
    fixture_serve_body(az1, body, (size_t)n, "application/json");
    ck_assert_int_ne(refresh_run(db, &cfg, "azure", NULL, NOW, &out), 0);
    ck_assert_double_eq_tol(stored_price("azure", "Standard_NC24ads_A100_v4", "eastus", "on_demand", NULL, 0, NULL, 0),
                            3.71, 1e-12);
    n = snprintf(body, sizeof body, page, "4.452");
    fixture_serve_body(az1, body, (size_t)n, "application/json");
    ck_assert_msg(refresh_run(db, &cfg, "azure", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_double_eq_tol(stored_price("azure", "Standard_NC24ads_A100_v4", "eastus", "on_demand", NULL, 0, NULL, 0),
                            4.452, 1e-12);
}
END_TEST

START_TEST(test_future_price_is_rejected)
{
    fixture_serve_file(az2, "azure/page2_future.json", "application/json");
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "azure", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_rejected, azure_queries());
    ck_assert_int_eq(count_of("SELECT count(*) FROM prices WHERE effective_at >= '2099'"), 0);
}
END_TEST

START_TEST(test_aws_run_then_unchanged)
{
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "aws", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_str_eq(out.status, "ok");
    ck_assert_uint_eq(out.rows_applied, 10);
    char source[128];
    ck_assert_double_eq_tol(stored_price("aws", "g5.xlarge", "us-east-1", "spot", source, sizeof source, NULL, 0),
                            0.4231, 1e-12);
    ck_assert_str_eq(source, "aws:spot-price-feed");
    ck_assert_int_eq(count_of("SELECT count(*) FROM prices WHERE provider_id = 'aws' AND region_id = 'us-east-1' "
                              "AND instance_type_id = 'g5.xlarge' AND spot_interruption = '10-15%'"),
                     1);
    ck_assert_int_eq(count_of("SELECT count(*) FROM fetch_state WHERE provider_id = 'aws'"), 4);

    char *before = dump_tables();
    ck_assert_msg(refresh_run(db, &cfg, "aws", NULL, NOW + 60, &out) == 0, "%s", out.error);
    ck_assert_str_eq(out.status, "unchanged");
    char *after = dump_tables();
    ck_assert_str_eq(before, after);
    ck_assert_uint_eq(fixture_hits(aws_east), 1);
    char status[16], error[64];
    last_run("aws", status, sizeof status, error, sizeof error);
    ck_assert_str_eq(status, "unchanged");
    free(before);
    free(after);
}
END_TEST

START_TEST(test_gcp_run_applies)
{
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "gcp", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_double_eq_tol(stored_price("gcp", "a2-highgpu-1g", "us-central1", "on_demand", NULL, 0, NULL, 0),
                            12 * 0.0316 + 85 * 0.00424 + 2.934, 1e-9);
    ck_assert_double_eq_tol(stored_price("gcp", "g2-standard-4", "us-east1", "on_demand", NULL, 0, NULL, 0),
                            4 * 0.0249 + 16 * 0.0029 + 0.56, 1e-9);
}
END_TEST

START_TEST(test_feed_run_records_each_provider)
{
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "feed", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_applied, 3);
    char status[16], error[64];
    last_run("aws", status, sizeof status, error, sizeof error);
    ck_assert_str_eq(status, "ok");
    last_run("azure", status, sizeof status, error, sizeof error);
    ck_assert_str_eq(status, "ok");
    char source[128];
    ck_assert_double_eq_tol(stored_price("aws", "p5.48xlarge", "us-east-1", "on_demand", source, sizeof source, NULL,
                                         0),
                            41.1, 1e-12);
    ck_assert_ptr_nonnull(strstr(source, "feed:"));

    /* A broken feed afterwards: recorded against the providers it feeds, prices kept. */
    fixture_serve_file(feed, "feed/bad_model.json", "application/json");
    assert_fault_recorded("feed", "azure", "pricing_model", 2);
}
END_TEST

START_TEST(test_disabled_and_unknown_adapters)
{
    refresh_outcome out;
    cfg.gcp_api_key[0] = '\0';
    ck_assert_int_ne(refresh_run(db, &cfg, "gcp", NULL, NOW, &out), 0);
    ck_assert_ptr_nonnull(strstr(out.error, "GPUREC_GCP_API_KEY"));
    ck_assert_int_ne(refresh_run(db, &cfg, "nimbus", NULL, NOW, &out), 0);
    ck_assert_int_eq(count_of("SELECT count(*) FROM refresh_runs"), 0);
}
END_TEST

/* Applies a feed with a price for every instance type, region and pricing model of the catalog (each within the jump
 * bound of the stored one) and prints the rows per second parsed and applied. */
START_TEST(test_apply_throughput)
{
    sqlite3_stmt *st = NULL;
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT i.provider_id, i.id, r.id, i.gpu_count, "
                                        "(SELECT hourly FROM prices p WHERE p.provider_id = i.provider_id AND "
                                        "p.instance_type_id = i.id AND p.region_id = r.id AND "
                                        "p.pricing_model = 'on_demand' AND p.currency = 'USD') "
                                        "FROM instance_types i JOIN regions r ON r.provider_id = i.provider_id",
                                        -1, &st, NULL),
                     SQLITE_OK);
    static const char *const models[] = {"on_demand", "spot", "reserved_1y", "reserved_3y"};
    static const double factors[] = {1.01, 0.4, 0.65, 0.45};
    json_t *rows = json_array();
    while (sqlite3_step(st) == SQLITE_ROW) {
        double base = sqlite3_column_type(st, 4) == SQLITE_NULL ? 2.0 * sqlite3_column_double(st, 3)
                                                                : sqlite3_column_double(st, 4);
        for (int m = 0; m < 4; m++)
            json_array_append_new(rows, json_pack("{s:s, s:s, s:s, s:s, s:f, s:s}", "provider",
                                                  (const char *)sqlite3_column_text(st, 0), "instance_type",
                                                  (const char *)sqlite3_column_text(st, 1), "region",
                                                  (const char *)sqlite3_column_text(st, 2), "pricing_model", models[m],
                                                  "hourly", base * factors[m], "currency", "USD"));
    }
    sqlite3_finalize(st);
    size_t count = json_array_size(rows);
    json_t *doc = json_pack("{s:o}", "prices", rows);
    char *body = json_dumps(doc, JSON_COMPACT);
    json_decref(doc);
    fixture_serve_body(feed, body, strlen(body), "application/json");
    size_t body_len = strlen(body);
    free(body);
    refresh_outcome out;
    ck_assert_msg(refresh_run(db, &cfg, "feed", NULL, NOW, &out) == 0, "%s", out.error);
    ck_assert_uint_eq(out.rows_seen, count);
    ck_assert_uint_ge(out.rows_applied + out.rows_rejected, count * 9 / 10);
    fprintf(stderr,
            "refresh throughput: %zu feed rows (%zu KB JSON) fetched+parsed in %.3f s (%.0f rows/s), %zu applied "
            "(%zu changed, %zu rejected) in %.3f s (%.0f rows/s)\n",
            count, body_len / 1024, out.fetch_s, (double)count / out.fetch_s, out.rows_applied, out.rows_changed,
            out.rows_rejected, out.apply_s, (double)out.rows_applied / out.apply_s);
}
END_TEST

static Suite *refresh_suite(void)
{
    Suite *s = suite_create("refresh");
    TCase *tc = tcase_create("refresh");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_azure_run_applies_prices_and_history);
    tcase_add_test(tc, test_fault_server_error_on_a_later_page);
    tcase_add_test(tc, test_fault_rate_limited_beyond_the_cap);
    tcase_add_test(tc, test_fault_stall_past_the_timeout);
    tcase_add_test(tc, test_fault_malformed_json);
    tcase_add_test(tc, test_fault_truncated_transfer);
    tcase_add_test(tc, test_fault_body_over_the_limit);
    tcase_add_test(tc, test_fault_schema_change);
    tcase_add_test(tc, test_fault_absurd_price_alone);
    tcase_add_test(tc, test_partial_aws_offer_file_cut);
    tcase_add_test(tc, test_partial_aws_schema_change);
    tcase_add_test(tc, test_partial_aws_region_missing);
    tcase_add_test(tc, test_every_part_failing_changes_nothing);
    tcase_add_test(tc, test_fault_gcp_error);
    tcase_add_test(tc, test_fault_stop_requested);
    tcase_add_test(tc, test_absurd_row_is_rejected_and_others_applied);
    tcase_add_test(tc, test_future_price_is_rejected);
    tcase_add_test(tc, test_aws_run_then_unchanged);
    tcase_add_test(tc, test_gcp_run_applies);
    tcase_add_test(tc, test_feed_run_records_each_provider);
    tcase_add_test(tc, test_disabled_and_unknown_adapters);
    tcase_add_test(tc, test_apply_throughput);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(refresh_suite());
}
