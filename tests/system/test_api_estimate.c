/* POST /v1/estimate: figures worked out by hand from tests/data/estimate/fixture.sql (a small catalog with made-up
 * prices, loaded over the schema alone), every kind of bad input, and the endpoint through the real daemon. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>
#include <sqlite3.h>

#include "engine/estimate/estimate.h"
#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "wire/problem.h"
#include "support/check_support.h"
#include "support/harness.h"

static catalog *fixture_snap;

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s (run the tests from the repository root)", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    ck_assert_ptr_nonnull(text);
    ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    return text;
}

static void exec_file(sqlite3 *db, const char *path)
{
    char *sql = read_text(path);
    char *message = NULL;
    int rc = sqlite3_exec(db, sql, NULL, NULL, &message);
    ck_assert_msg(rc == SQLITE_OK, "%s: %s", path, message ? message : "?");
    free(sql);
}

static void load_fixture(void)
{
    sqlite3 *db = NULL;
    ck_assert_int_eq(sqlite3_open(":memory:", &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL), SQLITE_OK);
    exec_file(db, "migrations/0001_schema.sql");
    exec_file(db, "migrations/0006_models.sql"); /* the loader reads the models catalogue too */
    exec_file(db, "migrations/0007_price_provenance.sql"); /* and the provenance columns */
    exec_file(db, "migrations/0011_region_countries.sql"); /* and the regions' countries */
    exec_file(db, "migrations/0013_benchmarks.sql");       /* and the benchmarks table (empty here) */
    exec_file(db, "migrations/0015_price_listed_at.sql"); /* the prices' list dates */
    exec_file(db, "migrations/0017_capacity_blocks.sql"); /* capacity blocks and reservation-only types */
    exec_file(db, "tests/data/estimate/fixture.sql");
    char err[256] = "";
    ck_assert_msg(store_catalog_load(db, &fixture_snap, err, sizeof err) == 0, "catalog_load: %s", err);
    sqlite3_close(db);
}

static void unload_fixture(void)
{
    catalog_release(fixture_snap);
    fixture_snap = NULL;
}

/* The member at a dotted path ("items.0.by_pricing.spot.total_usd"; numbers index arrays), or NULL. */
static const json_t *at(const json_t *doc, const char *path)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", path);
    const json_t *node = doc;
    for (char *save = NULL, *part = strtok_r(buf, ".", &save); part && node; part = strtok_r(NULL, ".", &save)) {
        if (json_is_array(node))
            node = json_array_get(node, strtoul(part, NULL, 10));
        else
            node = json_object_get(node, part);
    }
    return node;
}

/* A money figure in cents, read from the reply's number (so the check does not depend on how it is printed); it
 * must be a whole number of cents. */
static long long cents_at(const json_t *doc, const char *path)
{
    const json_t *value = at(doc, path);
    ck_assert_msg(value != NULL && json_is_number(value), "%s is not a number", path);
    double scaled = json_number_value(value) * 100.0;
    ck_assert_msg(fabs(scaled - (double)llround(scaled)) < 1e-6 + fabs(scaled) * 1e-15, /* x 100 may cost an ulp */
                  "%s = %.17g is not rounded to the cent", path, json_number_value(value));
    return llround(scaled);
}

static double number_at(const json_t *doc, const char *path)
{
    const json_t *value = at(doc, path);
    ck_assert_msg(value != NULL && json_is_number(value), "%s is not a number", path);
    return json_number_value(value);
}

static long long integer_at(const json_t *doc, const char *path)
{
    const json_t *value = at(doc, path);
    ck_assert_msg(value != NULL && json_is_integer(value), "%s is not an integer", path);
    return json_integer_value(value);
}

static const char *string_at(const json_t *doc, const char *path)
{
    const json_t *value = at(doc, path);
    ck_assert_msg(value != NULL && json_is_string(value), "%s is not a string", path);
    return json_string_value(value);
}

static bool is_true_at(const json_t *doc, const char *path)
{
    const json_t *value = at(doc, path);
    ck_assert_msg(value != NULL && json_is_boolean(value), "%s is not a boolean", path);
    return json_is_true(value);
}

static json_t *parse(const char *body)
{
    json_error_t error;
    json_t *request = json_loads(body, JSON_DECODE_ANY, &error);
    ck_assert_msg(request != NULL, "test request does not parse: %s", error.text);
    return request;
}

static json_t *estimate_ok(const char *body)
{
    json_t *request = parse(body);
    json_t *result = NULL;
    problem *error = NULL;
    int rc = estimate_run(fixture_snap, request, &result, &error);
    if (rc != 0) {
        char *text = json_dumps(problem_into_json(error), JSON_COMPACT);
        ck_abort_msg("estimate failed: %s", text);
    }
    ck_assert_ptr_null(error);
    json_decref(request);
    return result;
}

/* Runs a request that must fail with status; returns the problem document. */
static json_t *estimate_fail(const char *body, int status)
{
    json_t *request = parse(body);
    json_t *result = NULL;
    problem *error = NULL;
    ck_assert_int_eq(estimate_run(fixture_snap, request, &result, &error), -1);
    ck_assert_ptr_null(result);
    ck_assert_ptr_nonnull(error);
    ck_assert_int_eq(problem_status(error), status);
    json_decref(request);
    json_t *doc = problem_into_json(error);
    ck_assert_str_eq(string_at(doc, "type"), "urn:gpurec:problem:invalid-request");
    return doc;
}

/* Whether the problem names field with a message containing needle (NULL: any message). */
static bool names_field(const json_t *problem_doc, const char *field, const char *needle)
{
    const json_t *errors = json_object_get(problem_doc, "errors");
    size_t index;
    const json_t *entry;
    json_array_foreach(errors, index, entry) {
        const char *name = json_string_value(json_object_get(entry, "field"));
        const char *message = json_string_value(json_object_get(entry, "message"));
        if (name && strcmp(name, field) == 0 && (needle == NULL || (message && strstr(message, needle))))
            return true;
    }
    return false;
}

static void expect_field_error(const char *body, const char *field, const char *needle)
{
    json_t *doc = estimate_fail(body, 422);
    if (!names_field(doc, field, needle)) {
        char *text = json_dumps(doc, JSON_COMPACT);
        ck_abort_msg("expected an error on %s mentioning '%s' for %s, got %s", field, needle ? needle : "", body,
                     text);
    }
    json_decref(doc);
}

/* ---- figures ------------------------------------------------------------------------------------------------- */

/* 4 x big.8x in r-east for 3 months of 730 hours (2190 h). Fixture unit prices: on demand 98.32, spot 39.33,
 * 1-year 57.63, 3-year 39.70 USD/h.
 *   on_demand   hourly 393.28   monthly 393.28 x 730 = 287 094.40   total 393.28 x 2190 = 861 283.20
 *   spot        hourly 157.32   monthly 114 843.60                  total 344 530.80
 *               savings 1 - 39.33/98.32 = 59.998% -> 60.00
 *   reserved_1y hourly 230.52   monthly 168 279.60                  total 504 838.80 (2190 h of the term)
 *               savings 41.385% -> 41.39, break-even 57.63/98.32 = 58.61%, one term owed: 230.52 x 8760 =
 *               2 019 355.20; commitment savings (861 283.20 - 2 019 355.20) / 861 283.20 = -134.46%
 *   reserved_3y hourly 158.80   total 158.80 x 2190 = 347 772.00, commitment 158.80 x 26 280 = 4 173 264.00,
 *               break-even 39.70/98.32 = 40.378% -> 40.38 */
START_TEST(fleet_for_three_months)
{
    json_t *doc = estimate_ok("{\"items\": [{\"provider\": \"alpha\", \"instance_type\": \"big.8x\", "
                              "\"region\": \"r-east\", \"count\": 4, \"months\": 3}]}");
    ck_assert_str_eq(string_at(doc, "currency"), "USD");
    ck_assert_int_eq(integer_at(doc, "hours_per_month"), 730);
    /* default: every model the item has, and no other */
    ck_assert_uint_eq(json_array_size(at(doc, "pricing")), 4);
    ck_assert_ptr_null(at(doc, "items.0.by_pricing.savings_plan_1y"));
    ck_assert_int_eq(integer_at(doc, "items.0.hours_per_month"), 730);
    ck_assert_int_eq(integer_at(doc, "items.0.usage_hours"), 2190);
    ck_assert_int_eq(integer_at(doc, "items.0.period_hours"), 2190);
    ck_assert_double_eq(number_at(doc, "items.0.utilisation_pct"), 100.0);
    ck_assert_str_eq(string_at(doc, "items.0.gpu.id"), "tgpu");

    ck_assert(is_true_at(doc, "items.0.by_pricing.on_demand.available"));
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.on_demand.unit_hourly_usd"), 98.32);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.on_demand.hourly_usd"), 39328);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.on_demand.monthly_usd"), 28709440);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.on_demand.total_usd"), 86128320);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.on_demand.savings_vs_on_demand_pct"), 0.0);
    ck_assert_ptr_null(at(doc, "items.0.by_pricing.on_demand.break_even_utilisation_pct"));

    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.spot.hourly_usd"), 15732);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.spot.monthly_usd"), 11484360);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.spot.total_usd"), 34453080);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.spot.savings_vs_on_demand_pct"), 60.0);
    ck_assert_str_eq(string_at(doc, "items.0.by_pricing.spot.interruption"), "<5%");
    ck_assert_uint_eq(json_array_size(at(doc, "items.0.by_pricing.spot.warnings")), 1);
    ck_assert_ptr_nonnull(strstr(string_at(doc, "items.0.by_pricing.spot.warnings.0"), "reclaimed"));

    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_1y.hourly_usd"), 23052);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_1y.monthly_usd"), 16827960);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_1y.total_usd"), 50483880);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.reserved_1y.savings_vs_on_demand_pct"), 41.39);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.reserved_1y.break_even_utilisation_pct"), 58.61);
    ck_assert_int_eq(integer_at(doc, "items.0.by_pricing.reserved_1y.commitment_term_hours"), 8760);
    ck_assert_int_eq(integer_at(doc, "items.0.by_pricing.reserved_1y.commitment_terms"), 1);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_1y.commitment_total_usd"), 201935520);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.reserved_1y.commitment_savings_vs_on_demand_pct"),
                        -134.46);
    ck_assert_ptr_nonnull(strstr(string_at(doc, "items.0.by_pricing.reserved_1y.warnings.0"), "cannot be cancelled"));

    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_3y.total_usd"), 34777200);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_3y.commitment_total_usd"), 417326400);
    ck_assert_int_eq(integer_at(doc, "items.0.by_pricing.reserved_3y.commitment_term_hours"), 26280);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.reserved_3y.break_even_utilisation_pct"), 40.38);

    /* one item: totals equal it */
    ck_assert_int_eq(integer_at(doc, "totals.count"), 4);
    ck_assert_int_eq(cents_at(doc, "totals.by_pricing.on_demand.total_usd"), 86128320);
    ck_assert_int_eq(cents_at(doc, "totals.by_pricing.reserved_1y.commitment_total_usd"), 201935520);
    ck_assert_double_eq(number_at(doc, "totals.by_pricing.reserved_1y.savings_vs_on_demand_pct"), 41.39);
    ck_assert_uint_eq(json_array_size(at(doc, "totals.by_pricing.spot.warnings")), 1);
    ck_assert_uint_eq(json_array_size(at(doc, "fx_rates")), 0);
    ck_assert_uint_eq(strlen(string_at(doc, "catalog_version")), 16);
    json_decref(doc);
}
END_TEST

/* gn.8x is priced in CNY: on demand 232 CNY/h, 1-year 150 CNY/h, at the fixture's 0.1383 USD per CNY.
 *   on demand 232 x 0.1383 = 32.0856 USD/h; 100 hours: total 3208.56; monthly 32.0856 x 730 = 23 422.488 -> 23 422.49
 *   1-year    150 x 0.1383 = 20.745 USD/h; total 2074.50; savings (3208.56 - 2074.50) / 3208.56 = 35.34%;
 *             break-even 20.745 / 32.0856 = 64.655% -> 64.66; the 100-hour job still owes 8760 x 20.745 = 181 726.20 */
START_TEST(cny_prices_convert_with_the_fx_rate)
{
    json_t *doc = estimate_ok("{\"items\": [{\"provider\": \"beta\", \"instance_type\": \"gn.8x\", "
                              "\"region\": \"cn-test\", \"count\": 1, \"hours\": 100}]}");
    ck_assert_int_eq(integer_at(doc, "items.0.hours"), 100);
    ck_assert_ptr_null(at(doc, "items.0.months"));
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.on_demand.unit_hourly_usd"), 32.0856);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.on_demand.hourly_usd"), 3209);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.on_demand.total_usd"), 320856);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.on_demand.monthly_usd"), 2342249);
    ck_assert_str_eq(string_at(doc, "items.0.by_pricing.on_demand.price.currency"), "CNY");
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.on_demand.price.hourly"), 232.0);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.on_demand.price.usd_per_unit"), 0.1383);

    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.reserved_1y.unit_hourly_usd"), 20.745);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_1y.total_usd"), 207450);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.reserved_1y.savings_vs_on_demand_pct"), 35.34);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.reserved_1y.break_even_utilisation_pct"), 64.66);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_1y.commitment_total_usd"), 18172620);

    ck_assert_uint_eq(json_array_size(at(doc, "fx_rates")), 1);
    ck_assert_str_eq(string_at(doc, "fx_rates.0.currency"), "CNY");
    ck_assert_double_eq(number_at(doc, "fx_rates.0.usd_per_unit"), 0.1383);
    ck_assert_str_eq(string_at(doc, "fx_rates.0.source"), "fixture rate");
    ck_assert_str_eq(string_at(doc, "fx_rates.0.as_of"), "2025-06-02T00:00:00Z");
    json_decref(doc);
}
END_TEST

/* 1 x big.8x for 12 months at 200 hours a month: on demand 98.32 x 200 = 19 664.00 a month, 235 968.00 in all;
 * the 1-year commitment bills all 8760 hours: 57.63 x 730 = 42 069.90 a month, 504 838.80 in all:
 * savings (235 968 - 504 838.80) / 235 968 = -113.94%; utilisation 200/730 = 27.4%, below the 58.61% break-even. */
START_TEST(part_time_use_counts_against_commitments)
{
    json_t *doc = estimate_ok("{\"items\": [{\"provider\": \"alpha\", \"instance_type\": \"big.8x\", "
                              "\"region\": \"r-east\", \"count\": 1, \"months\": 12, \"hours_per_month\": 200}], "
                              "\"pricing\": [\"on_demand\", \"reserved_1y\"]}");
    ck_assert_uint_eq(json_array_size(at(doc, "pricing")), 2);
    ck_assert_ptr_null(at(doc, "items.0.by_pricing.spot"));
    ck_assert_int_eq(integer_at(doc, "items.0.usage_hours"), 2400);
    ck_assert_int_eq(integer_at(doc, "items.0.period_hours"), 8760);
    ck_assert_double_eq(number_at(doc, "items.0.utilisation_pct"), 27.4);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.on_demand.monthly_usd"), 1966400);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.on_demand.total_usd"), 23596800);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_1y.monthly_usd"), 4206990);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_1y.total_usd"), 50483880);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.reserved_1y.commitment_total_usd"), 50483880);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.reserved_1y.savings_vs_on_demand_pct"), -113.94);
    /* a whole term: no cancellation warning, but the break-even one */
    ck_assert_uint_eq(json_array_size(at(doc, "items.0.by_pricing.reserved_1y.warnings")), 1);
    ck_assert_ptr_nonnull(strstr(string_at(doc, "items.0.by_pricing.reserved_1y.warnings.0"), "break-even"));
    json_decref(doc);
}
END_TEST

/* Three items of 0.004 USD each (1 x small.1x for 1 hour): each rounds to 0.00, their exact sum 0.012 to 0.01. */
START_TEST(totals_are_exact_sums_rounded_once)
{
    json_t *doc = estimate_ok(
        "{\"items\": ["
        "{\"provider\": \"alpha\", \"instance_type\": \"small.1x\", \"region\": \"r-east\", \"count\": 1, \"hours\": 1},"
        "{\"provider\": \"alpha\", \"instance_type\": \"small.1x\", \"region\": \"r-east\", \"count\": 1, \"hours\": 1},"
        "{\"provider\": \"alpha\", \"instance_type\": \"small.1x\", \"region\": \"r-east\", \"count\": 1, \"hours\": 1}"
        "]}");
    for (int i = 0; i < 3; i++) {
        char path[96];
        snprintf(path, sizeof path, "items.%d.by_pricing.on_demand.total_usd", i);
        ck_assert_int_eq(cents_at(doc, path), 0);
    }
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.on_demand.unit_hourly_usd"), 0.004);
    ck_assert_int_eq(cents_at(doc, "totals.by_pricing.on_demand.total_usd"), 1);
    ck_assert_int_eq(integer_at(doc, "totals.count"), 3);
    json_decref(doc);
}
END_TEST

/* big.8x in r-east (4 for 3 months: 861 283.20 on demand) and in r-west (2 for 10 hours at 100.00: 2000.00), where
 * it has no spot or reserved price: those are unavailable for item 1 and left out of the totals, which name it. */
START_TEST(models_an_item_lacks_are_unavailable_not_invented)
{
    json_t *doc = estimate_ok(
        "{\"items\": ["
        "{\"provider\": \"alpha\", \"instance_type\": \"big.8x\", \"region\": \"r-east\", \"count\": 4, \"months\": 3},"
        "{\"provider\": \"alpha\", \"instance_type\": \"big.8x\", \"region\": \"r-west\", \"count\": 2, \"hours\": 10}"
        "]}");
    ck_assert_uint_eq(json_array_size(at(doc, "pricing")), 4);
    ck_assert(!is_true_at(doc, "items.1.by_pricing.spot.available"));
    ck_assert_ptr_null(at(doc, "items.1.by_pricing.spot.total_usd"));
    ck_assert_ptr_nonnull(strstr(string_at(doc, "items.1.by_pricing.spot.reason"), "no spot price"));
    ck_assert(!is_true_at(doc, "items.1.by_pricing.reserved_1y.available"));
    ck_assert_int_eq(cents_at(doc, "items.1.by_pricing.on_demand.total_usd"), 200000);

    ck_assert(is_true_at(doc, "totals.by_pricing.on_demand.available"));
    ck_assert_int_eq(cents_at(doc, "totals.by_pricing.on_demand.total_usd"), 86328320);
    ck_assert_int_eq(cents_at(doc, "totals.by_pricing.on_demand.hourly_usd"), 39328 + 20000);
    ck_assert(!is_true_at(doc, "totals.by_pricing.spot.available"));
    ck_assert_ptr_null(at(doc, "totals.by_pricing.spot.total_usd"));
    ck_assert_uint_eq(json_array_size(at(doc, "totals.by_pricing.spot.missing_items")), 1);
    ck_assert_int_eq(integer_at(doc, "totals.by_pricing.spot.missing_items.0"), 1);
    ck_assert_int_eq(integer_at(doc, "totals.count"), 6);
    json_decref(doc);
}
END_TEST

/* Asked for a savings plan alone, savings are still measured against on demand (49.16 -> 30.00: 38.97%,
 * break-even 61.03%); an item without on demand (big.2x has spot only) says null, not 0. */
START_TEST(savings_need_an_on_demand_price)
{
    json_t *doc = estimate_ok(
        "{\"items\": ["
        "{\"provider\": \"alpha\", \"instance_type\": \"big.4x\", \"region\": \"r-east\", \"count\": 1, \"months\": 12},"
        "{\"provider\": \"alpha\", \"instance_type\": \"big.2x\", \"region\": \"r-east\", \"count\": 1, \"hours\": 5}"
        "], \"pricing\": [\"savings_plan_1y\", \"spot\"]}");
    ck_assert_ptr_null(at(doc, "items.0.by_pricing.on_demand"));
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.savings_plan_1y.savings_vs_on_demand_pct"), 38.97);
    ck_assert_double_eq(number_at(doc, "items.0.by_pricing.savings_plan_1y.break_even_utilisation_pct"), 61.03);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.savings_plan_1y.total_usd"), 26280000);
    ck_assert(json_is_null(at(doc, "items.1.by_pricing.spot.savings_vs_on_demand_pct")));
    ck_assert(json_is_null(at(doc, "items.1.by_pricing.spot.interruption")));
    ck_assert_int_eq(cents_at(doc, "items.1.by_pricing.spot.total_usd"), 5000);
    ck_assert(!is_true_at(doc, "totals.by_pricing.spot.available"));
    ck_assert(!is_true_at(doc, "totals.by_pricing.savings_plan_1y.available"));
    json_decref(doc);
}
END_TEST

/* A 13-month commitment spans two 1-year terms: 13 x 730 = 9490 hours, 2 x 8760 = 17 520 owed. */
START_TEST(periods_longer_than_a_term_owe_whole_terms)
{
    json_t *doc = estimate_ok("{\"items\": [{\"provider\": \"alpha\", \"instance_type\": \"big.4x\", "
                              "\"region\": \"r-east\", \"count\": 1, \"months\": 13}], "
                              "\"pricing\": [\"savings_plan_1y\"]}");
    ck_assert_int_eq(integer_at(doc, "items.0.by_pricing.savings_plan_1y.commitment_terms"), 2);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.savings_plan_1y.total_usd"), 28470000);
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.savings_plan_1y.commitment_total_usd"), 52560000);
    json_decref(doc);
}
END_TEST

/* ---- bad input ----------------------------------------------------------------------------------------------- */

#define ITEM(fields) "{\"items\": [{" fields "}]}"
#define BIG8 "\"provider\": \"alpha\", \"instance_type\": \"big.8x\", \"region\": \"r-east\""

START_TEST(body_must_be_an_object)
{
    json_t *doc = estimate_fail("[1, 2]", 400);
    ck_assert(names_field(doc, "body", "object"));
    json_decref(doc);
    doc = estimate_fail("\"items\"", 400);
    json_decref(doc);
}
END_TEST

START_TEST(items_must_be_a_non_empty_list_within_the_limit)
{
    expect_field_error("{}", "items", "required");
    expect_field_error("{\"items\": {}}", "items", "array");
    expect_field_error("{\"items\": []}", "items", "at least 1");
    expect_field_error("{\"items\": [42]}", "items[0]", "object");

    char *body = malloc(64 * 1024);
    ck_assert_ptr_nonnull(body);
    size_t used = (size_t)sprintf(body, "{\"items\": [");
    for (int i = 0; i < ESTIMATE_MAX_ITEMS + 1; i++)
        used += (size_t)sprintf(body + used, "%s{" BIG8 ", \"count\": 1, \"hours\": 1}", i ? "," : "");
    sprintf(body + used, "]}");
    expect_field_error(body, "items", "at most 100");
    /* exactly the limit is fine */
    used = (size_t)sprintf(body, "{\"items\": [");
    for (int i = 0; i < ESTIMATE_MAX_ITEMS; i++)
        used += (size_t)sprintf(body + used, "%s{" BIG8 ", \"count\": 1, \"hours\": 1}", i ? "," : "");
    sprintf(body + used, "]}");
    json_t *doc = estimate_ok(body);
    /* 100 x 98.32 */
    ck_assert_int_eq(cents_at(doc, "totals.by_pricing.on_demand.total_usd"), 983200);
    json_decref(doc);
    free(body);
}
END_TEST

START_TEST(unknown_provider_names_the_known_ones)
{
    expect_field_error(ITEM("\"provider\": \"gamma\", \"instance_type\": \"x\", \"region\": \"y\", \"count\": 1, "
                            "\"hours\": 1"),
                       "items[0].provider", "alpha, beta");
    expect_field_error(ITEM("\"provider\": 7, \"instance_type\": \"x\", \"region\": \"y\", \"count\": 1, "
                            "\"hours\": 1"),
                       "items[0].provider", "string");
    expect_field_error(ITEM("\"instance_type\": \"big.8x\", \"region\": \"r-east\", \"count\": 1, \"hours\": 1"),
                       "items[0].provider", "required");
}
END_TEST

START_TEST(unknown_instance_type_hints_the_closest_names)
{
    json_t *doc = estimate_fail(ITEM("\"provider\": \"alpha\", \"instance_type\": \"big.8\", \"region\": "
                                     "\"r-east\", \"count\": 1, \"hours\": 1"),
                                422);
    ck_assert(names_field(doc, "items[0].instance_type", "closest: big.8x, "));
    const char *message = string_at(doc, "errors.0.message");
    /* three names at most, and none of the other provider's */
    ck_assert_ptr_null(strstr(message, "gn.8x"));
    const char *hint = strstr(message, "closest: ");
    int commas = 0;
    for (const char *c = hint; *c; c++)
        commas += *c == ',';
    ck_assert_int_eq(commas, 2);
    json_decref(doc);
    /* a case slip is distance 0 */
    expect_field_error(ITEM("\"provider\": \"alpha\", \"instance_type\": \"SMALL.1X\", \"region\": \"r-east\", "
                            "\"count\": 1, \"hours\": 1"),
                       "items[0].instance_type", "closest: small.1x");
}
END_TEST

START_TEST(unknown_or_unoffered_region)
{
    expect_field_error(ITEM("\"provider\": \"alpha\", \"instance_type\": \"big.8x\", \"region\": \"r-eastt\", "
                            "\"count\": 1, \"hours\": 1"),
                       "items[0].region", "closest: r-east");
    expect_field_error(ITEM("\"provider\": \"alpha\", \"instance_type\": \"small.1x\", \"region\": \"r-west\", "
                            "\"count\": 1, \"hours\": 1"),
                       "items[0].region", "offered in: r-east");
    /* the region of another provider is unknown for this one */
    expect_field_error(ITEM("\"provider\": \"alpha\", \"instance_type\": \"big.8x\", \"region\": \"cn-test\", "
                            "\"count\": 1, \"hours\": 1"),
                       "items[0].region", "unknown region");
}
END_TEST

START_TEST(count_and_duration_ranges)
{
    expect_field_error(ITEM(BIG8 ", \"count\": 0, \"hours\": 1"), "items[0].count", "between 1 and 10000");
    expect_field_error(ITEM(BIG8 ", \"count\": -3, \"hours\": 1"), "items[0].count", "between 1 and 10000");
    expect_field_error(ITEM(BIG8 ", \"count\": 10001, \"hours\": 1"), "items[0].count", "between 1 and 10000");
    expect_field_error(ITEM(BIG8 ", \"count\": 1.5, \"hours\": 1"), "items[0].count", "whole number");
    expect_field_error(ITEM(BIG8 ", \"count\": \"4\", \"hours\": 1"), "items[0].count", "whole number");
    expect_field_error(ITEM(BIG8 ", \"hours\": 1"), "items[0].count", "required");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"hours\": 0"), "items[0].hours", "between 1 and 87600");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"hours\": -1"), "items[0].hours", "between 1 and 87600");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"hours\": 87601"), "items[0].hours", "between 1 and 87600");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"hours\": 1e300"), "items[0].hours", NULL);
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"months\": 0"), "items[0].months", "between 1 and 120");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"months\": 121"), "items[0].months", "between 1 and 120");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"months\": 1, \"hours_per_month\": 731"),
                       "items[0].hours_per_month", "between 1 and 730");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"months\": 1, \"hours_per_month\": 0"),
                       "items[0].hours_per_month", "between 1 and 730");
    /* the extremes are accepted */
    json_t *doc = estimate_ok(ITEM(BIG8 ", \"count\": 10000, \"hours\": 87600"));
    /* 10 000 x 98.32 x 87 600 = 86 128 320 000 */
    ck_assert_int_eq(cents_at(doc, "items.0.by_pricing.on_demand.total_usd"), 8612832000000LL);
    json_decref(doc);
    doc = estimate_ok(ITEM(BIG8 ", \"count\": 1, \"months\": 120, \"hours_per_month\": 1"));
    ck_assert_int_eq(integer_at(doc, "items.0.by_pricing.reserved_1y.commitment_terms"), 10);
    json_decref(doc);
}
END_TEST

START_TEST(exactly_one_of_hours_or_months)
{
    expect_field_error(ITEM(BIG8 ", \"count\": 1"), "items[0].hours", "months");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"hours\": 5, \"months\": 1"), "items[0].months",
                       "cannot be combined");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"hours\": 5, \"hours_per_month\": 100"),
                       "items[0].hours_per_month", "cannot be combined");
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"hours_per_month\": 100"), "items[0].hours", "required");
}
END_TEST

START_TEST(unknown_members_and_pricing_models)
{
    expect_field_error(ITEM(BIG8 ", \"count\": 1, \"hours\": 1, \"colour\": \"red\""), "items[0].colour",
                       "not a known field");
    expect_field_error("{\"items\": [{" BIG8 ", \"count\": 1, \"hours\": 1}], \"currency\": \"EUR\"}", "currency",
                       "not a known field");
    expect_field_error("{\"items\": [{" BIG8 ", \"count\": 1, \"hours\": 1}], \"pricing\": [\"on_demand\", "
                       "\"cheap\"]}",
                       "pricing[1]", "reserved_1y");
    expect_field_error("{\"items\": [{" BIG8 ", \"count\": 1, \"hours\": 1}], \"pricing\": [\"spot\", \"spot\"]}",
                       "pricing[1]", "repeats spot");
    expect_field_error("{\"items\": [{" BIG8 ", \"count\": 1, \"hours\": 1}], \"pricing\": []}", "pricing",
                       "at least one");
    expect_field_error("{\"items\": [{" BIG8 ", \"count\": 1, \"hours\": 1}], \"pricing\": \"spot\"}", "pricing",
                       "array");
    expect_field_error("{\"items\": [{" BIG8 ", \"count\": 1, \"hours\": 1}], \"pricing\": [3]}", "pricing[0]",
                       NULL);
}
END_TEST

/* Every bad item is reported at once, each under its own index. */
START_TEST(errors_name_every_item_by_index)
{
    json_t *doc = estimate_fail(
        "{\"items\": ["
        "{" BIG8 ", \"count\": 1, \"hours\": 1},"
        "{\"provider\": \"alpha\", \"instance_type\": \"big.8x\", \"region\": \"r-east\", \"count\": 0, \"hours\": 1},"
        "{\"provider\": \"alpha\", \"instance_type\": \"big.8x\", \"region\": \"nowhere\", \"count\": 1, "
        "\"hours\": 1}"
        "]}",
        422);
    ck_assert(names_field(doc, "items[1].count", NULL));
    ck_assert(names_field(doc, "items[2].region", "unknown region 'nowhere'"));
    ck_assert_uint_eq(json_array_size(json_object_get(doc, "errors")), 2);
    json_decref(doc);
}
END_TEST

/* huge.8x at 99 999 USD/h x 10 000 x 87 600 hours = 8.76e13 USD: beyond int64 micro-dollars, a 422 not a 500. */
START_TEST(figures_too_large_are_a_client_error)
{
    expect_field_error("{\"items\": [{\"provider\": \"alpha\", \"instance_type\": \"huge.8x\", \"region\": "
                       "\"r-east\", \"count\": 10000, \"hours\": 87600}]}",
                       "items[0]", "beyond");
    /* 10 of them for 87 600 hours: 99 999 x 10 x 87 600 = 87 599 124 000 USD (8.76e16 micros) still fits */
    json_t *doc = estimate_ok("{\"items\": [{\"provider\": \"alpha\", \"instance_type\": \"huge.8x\", \"region\": "
                              "\"r-east\", \"count\": 10, \"hours\": 87600}]}");
    ck_assert_int_eq(cents_at(doc, "totals.by_pricing.on_demand.total_usd"), 8759912400000LL);
    json_decref(doc);

    /* 100 of them for 87 600 hours fit as one item (8.76e17 micros) but eleven such items do not fit as a fleet (9.6e18
     * > 2^63): refused, even when another item (big.2x, spot only) leaves the on-demand total unshown */
    char body[2048] = "{\"pricing\": [\"on_demand\", \"spot\"], \"items\": [{\"provider\": \"alpha\", "
                      "\"instance_type\": \"big.2x\", \"region\": \"r-east\", \"count\": 1, \"hours\": 1}";
    for (int i = 0; i < 11; i++)
        strcat(body, ", {\"provider\": \"alpha\", \"instance_type\": \"huge.8x\", \"region\": \"r-east\", "
                     "\"count\": 100, \"hours\": 87600}");
    strcat(body, "]}");
    expect_field_error(body, "items", "total cost is beyond");
}
END_TEST

/* ---- through the daemon -------------------------------------------------------------------------------------- */

static harness *daemon_under_test;

static void start_daemon(void)
{
    daemon_under_test = harness_start();
}

static void stop_daemon(void)
{
    harness_stop(daemon_under_test);
    daemon_under_test = NULL;
}

static void assert_problem_json(const harness_response *r)
{
    char type[128] = "";
    ck_assert_int_eq(harness_response_header(r, "Content-Type", type, sizeof type), 0);
    ck_assert_msg(strncmp(type, "application/problem+json", 24) == 0, "Content-Type %s", type);
    ck_assert_ptr_nonnull(r->json);
}

/* The first on-demand USD price of the seeded catalog: 2 instances for 10 hours cost 20 x its hourly price. */
START_TEST(daemon_estimates_a_seeded_offer)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    ck_assert_int_eq(sqlite3_open_v2(harness_db_path(daemon_under_test), &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    ck_assert_int_eq(sqlite3_prepare_v2(db,
                                        "SELECT provider_id, instance_type_id, region_id, hourly FROM prices "
                                        "WHERE pricing_model = 'on_demand' AND currency = 'USD' "
                                        "ORDER BY provider_id, instance_type_id, region_id LIMIT 1",
                                        -1, &stmt, NULL),
                     SQLITE_OK);
    ck_assert_int_eq(sqlite3_step(stmt), SQLITE_ROW);
    char body[512];
    snprintf(body, sizeof body,
             "{\"items\": [{\"provider\": \"%s\", \"instance_type\": \"%s\", \"region\": \"%s\", \"count\": 2, "
             "\"hours\": 10}], \"pricing\": [\"on_demand\"]}",
             sqlite3_column_text(stmt, 0), sqlite3_column_text(stmt, 1), sqlite3_column_text(stmt, 2));
    long long unit_micros = llround(sqlite3_column_double(stmt, 3) * 1e6);
    sqlite3_finalize(stmt);
    sqlite3_close(db);

    harness_response *r = harness_post_json(daemon_under_test, "/v1/estimate", body);
    ck_assert_int_eq(r->status, 200);
    ck_assert_ptr_nonnull(r->json);
    long long expected_cents = (unit_micros * 20 + 5000) / 10000;
    ck_assert_int_eq(cents_at(r->json, "items.0.by_pricing.on_demand.total_usd"), expected_cents);
    ck_assert_int_eq(cents_at(r->json, "totals.by_pricing.on_demand.total_usd"), expected_cents);
    harness_response_free(r);
}
END_TEST

/* The fixture added to the daemon's database: the CNY case again, end to end. */
START_TEST(daemon_converts_cny)
{
    sqlite3 *db = NULL;
    ck_assert_int_eq(sqlite3_open(harness_db_path(daemon_under_test), &db), SQLITE_OK);
    ck_assert_int_eq(sqlite3_exec(db, "PRAGMA foreign_keys = ON", NULL, NULL, NULL), SQLITE_OK);
    exec_file(db, "tests/data/estimate/fixture.sql");
    sqlite3_close(db);
    harness_reload_catalog(daemon_under_test);

    harness_response *r = harness_post_json(daemon_under_test, "/v1/estimate",
                                            "{\"items\": [{\"provider\": \"beta\", \"instance_type\": \"gn.8x\", "
                                            "\"region\": \"cn-test\", \"count\": 1, \"hours\": 100}]}");
    ck_assert_int_eq(r->status, 200);
    ck_assert_int_eq(cents_at(r->json, "items.0.by_pricing.on_demand.total_usd"), 320856);
    ck_assert_int_eq(cents_at(r->json, "items.0.by_pricing.reserved_1y.commitment_total_usd"), 18172620);
    ck_assert_str_eq(string_at(r->json, "items.0.by_pricing.on_demand.price.currency"), "CNY");
    ck_assert_str_eq(string_at(r->json, "fx_rates.0.currency"), "CNY");
    /* printed to the cent, not as a long binary fraction */
    ck_assert_ptr_nonnull(strstr(r->body, "3208.56"));
    ck_assert_ptr_null(strstr(r->body, "3208.5599"));
    harness_response_free(r);
}
END_TEST

START_TEST(daemon_answers_bad_input_with_problems)
{
    harness_response *r = harness_post_json(daemon_under_test, "/v1/estimate",
                                            "{\"items\": [{\"provider\": \"aws\", \"instance_type\": \"no.such\", "
                                            "\"region\": \"us-east-1\", \"count\": 1, \"hours\": 1}]}");
    ck_assert_int_eq(r->status, 422);
    assert_problem_json(r);
    ck_assert(names_field(r->json, "items[0].instance_type", "closest: "));
    harness_response_free(r);

    r = harness_post_json(daemon_under_test, "/v1/estimate", "[]");
    ck_assert_int_eq(r->status, 400);
    assert_problem_json(r);
    harness_response_free(r);

    r = harness_post_json(daemon_under_test, "/v1/estimate", "{\"items\": [");
    ck_assert_int_eq(r->status, 400);
    assert_problem_json(r);
    harness_response_free(r);

    r = harness_get(daemon_under_test, "/v1/estimate");
    ck_assert_int_eq(r->status, 405);
    harness_response_free(r);
}
END_TEST

START_TEST(daemon_without_a_catalog_answers_503)
{
    catalog_publish(NULL);
    harness_response *r = harness_post_json(daemon_under_test, "/v1/estimate",
                                            "{\"items\": [{\"provider\": \"aws\", \"instance_type\": \"x\", "
                                            "\"region\": \"y\", \"count\": 1, \"hours\": 1}]}");
    ck_assert_int_eq(r->status, 503);
    assert_problem_json(r);
    harness_response_free(r);
    harness_reload_catalog(daemon_under_test);
}
END_TEST

/* Whether the warnings array at path holds one containing needle. */
static bool warns(const json_t *doc, const char *path, const char *needle)
{
    const json_t *warnings = at(doc, path);
    ck_assert_msg(json_is_array(warnings), "%s is not an array", path);
    size_t i;
    const json_t *w;
    json_array_foreach(warnings, i, w)
        if (json_is_string(w) && strstr(json_string_value(w), needle) != NULL)
            return true;
    return false;
}

/* Each price says where it came from, as the catalog's instances do: source, fetched_at, effective_at, estimated,
 * and the currency and exchange rate it was converted at. */
START_TEST(prices_say_where_they_came_from)
{
    json_t *doc = estimate_ok("{\"items\": [{\"provider\": \"alpha\", \"instance_type\": \"big.8x\", \"region\": "
                              "\"r-east\", \"count\": 1, \"hours\": 1}, {\"provider\": \"beta\", \"instance_type\": "
                              "\"gn.8x\", \"region\": \"cn-test\", \"count\": 1, \"hours\": 1}]}");
    ck_assert_str_eq(string_at(doc, "items.0.by_pricing.on_demand.price.source"), "fixture");
    ck_assert_str_eq(string_at(doc, "items.0.by_pricing.on_demand.price.fetched_at"), "2025-06-01T00:00:00Z");
    ck_assert_str_eq(string_at(doc, "items.0.by_pricing.on_demand.price.effective_at"), "2025-06-01T00:00:00Z");
    ck_assert(!is_true_at(doc, "items.0.by_pricing.on_demand.price.estimated"));
    ck_assert_str_eq(string_at(doc, "items.0.by_pricing.on_demand.price.currency"), "USD");
    ck_assert(number_at(doc, "items.0.by_pricing.on_demand.price.usd_per_unit") == 1.0);
    ck_assert(number_at(doc, "items.0.by_pricing.on_demand.price.hourly_usd") == 98.32);
    ck_assert_str_eq(string_at(doc, "items.0.by_pricing.spot.price.spot_interruption"), "<5%");
    ck_assert_ptr_null(at(doc, "items.0.by_pricing.on_demand.price.fx_as_of"));
    ck_assert_str_eq(string_at(doc, "items.1.by_pricing.on_demand.price.currency"), "CNY");
    ck_assert(number_at(doc, "items.1.by_pricing.on_demand.price.usd_per_unit") == 0.1383);
    ck_assert_str_eq(string_at(doc, "items.1.by_pricing.on_demand.price.fx_as_of"), "2025-06-02T00:00:00Z");
    ck_assert(!warns(doc, "items.0.by_pricing.on_demand.warnings", "estimated"));
    json_decref(doc);
}
END_TEST

START_TEST(estimated_prices_are_flagged)
{
    json_t *doc = estimate_ok("{\"items\": [{\"provider\": \"alpha\", \"instance_type\": \"big.1x\", \"region\": "
                              "\"r-east\", \"count\": 1, \"months\": 12}]}");
    ck_assert(is_true_at(doc, "items.0.by_pricing.reserved_1y.price.estimated"));
    ck_assert_str_eq(string_at(doc, "items.0.by_pricing.reserved_1y.price.source"),
                     "rule: 0.65 x the on-demand rate (fixture)");
    ck_assert(warns(doc, "items.0.by_pricing.reserved_1y.warnings",
                    "the reserved_1y price is estimated, not published: rule: 0.65 x the on-demand rate"));
    ck_assert(!is_true_at(doc, "items.0.by_pricing.on_demand.price.estimated"));
    ck_assert(!warns(doc, "items.0.by_pricing.on_demand.warnings", "estimated"));
    json_decref(doc);
}
END_TEST

/* A price fetched longer ago than the limit is flagged; one within it, or with no limit given, is not. The
 * fixture's prices were fetched at 2025-06-01T00:00:00Z (1748736000). */
START_TEST(stale_prices_are_flagged)
{
    static const char body[] = "{\"items\": [{\"provider\": \"alpha\", \"instance_type\": \"big.1x\", \"region\": "
                               "\"r-east\", \"count\": 1, \"hours\": 10}], \"pricing\": [\"on_demand\"]}";
    const time_t fetched = 1748736000;
    const struct {
        time_t now;
        unsigned limit;
        bool stale;
    } cases[] = {{fetched + 49 * 3600, 48, true}, {fetched + 47 * 3600, 48, false}, {fetched + 49 * 3600, 0, false}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        estimate_options opts = {.now = cases[i].now, .stale_after_hours = cases[i].limit};
        json_t *request = parse(body);
        json_t *doc = NULL;
        problem *error = NULL;
        ck_assert_int_eq(estimate_run_with(fixture_snap, request, &opts, &doc, &error), 0);
        ck_assert_msg(warns(doc, "items.0.by_pricing.on_demand.warnings", "48-hour freshness limit") ==
                          cases[i].stale,
                      "case %zu", i);
        if (cases[i].stale)
            ck_assert(warns(doc, "items.0.by_pricing.on_demand.warnings",
                            "fetched 49 hours ago (2025-06-01T00:00:00Z)"));
        json_decref(doc);
        json_decref(request);
    }
    json_t *doc = estimate_ok(body); /* estimate_run: no limit */
    ck_assert(!warns(doc, "items.0.by_pricing.on_demand.warnings", "freshness"));
    json_decref(doc);
}
END_TEST

static Suite *estimate_suite(void)
{
    Suite *s = suite_create("api_estimate");
    TCase *figures = tcase_create("figures");
    tcase_add_checked_fixture(figures, load_fixture, unload_fixture);
    tcase_add_test(figures, fleet_for_three_months);
    tcase_add_test(figures, cny_prices_convert_with_the_fx_rate);
    tcase_add_test(figures, part_time_use_counts_against_commitments);
    tcase_add_test(figures, totals_are_exact_sums_rounded_once);
    tcase_add_test(figures, models_an_item_lacks_are_unavailable_not_invented);
    tcase_add_test(figures, savings_need_an_on_demand_price);
    tcase_add_test(figures, periods_longer_than_a_term_owe_whole_terms);
    tcase_add_test(figures, prices_say_where_they_came_from);
    tcase_add_test(figures, estimated_prices_are_flagged);
    tcase_add_test(figures, stale_prices_are_flagged);
    suite_add_tcase(s, figures);

    TCase *errors = tcase_create("errors");
    tcase_add_checked_fixture(errors, load_fixture, unload_fixture);
    tcase_add_test(errors, body_must_be_an_object);
    tcase_add_test(errors, items_must_be_a_non_empty_list_within_the_limit);
    tcase_add_test(errors, unknown_provider_names_the_known_ones);
    tcase_add_test(errors, unknown_instance_type_hints_the_closest_names);
    tcase_add_test(errors, unknown_or_unoffered_region);
    tcase_add_test(errors, count_and_duration_ranges);
    tcase_add_test(errors, exactly_one_of_hours_or_months);
    tcase_add_test(errors, unknown_members_and_pricing_models);
    tcase_add_test(errors, errors_name_every_item_by_index);
    tcase_add_test(errors, figures_too_large_are_a_client_error);
    suite_add_tcase(s, errors);

    TCase *daemon = tcase_create("daemon");
    tcase_add_checked_fixture(daemon, start_daemon, stop_daemon);
    tcase_set_timeout(daemon, 60);
    tcase_add_test(daemon, daemon_estimates_a_seeded_offer);
    tcase_add_test(daemon, daemon_converts_cny);
    tcase_add_test(daemon, daemon_answers_bad_input_with_problems);
    tcase_add_test(daemon, daemon_without_a_catalog_answers_503);
    suite_add_tcase(s, daemon);
    return s;
}

int main(void)
{
    return check_run_suite(estimate_suite());
}
