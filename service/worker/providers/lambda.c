/* Lambda Cloud prices from its API's instance types (GPUREC_LAMBDA_API_URL, by default
 * https://cloud.lambda.ai/api/v1/instance-types), with the account's API key (GPUREC_LAMBDA_API_KEY) sent as
 * "Authorization: Bearer <key>": never in the URL, never in a message or log line. The answer:
 *
 *   {"data": {"gpu_1x_a10": {"instance_type": {"name": "gpu_1x_a10", "description": "...",
 *                                              "price_cents_per_hour": 75, "specs": {...}},
 *                            "regions_with_capacity_available": [{"name": "us-east-1", "description": "..."}]}}}
 *
 * price_cents_per_hour is an integer number of US cents: the on-demand rate in USD is that over 100. Lambda publishes
 * one price per instance type, the same in every region it runs in; regions_with_capacity_available lists where the
 * type can be launched right now, and is empty when it is sold out everywhere.
 *
 * Where a type is priced: in each catalog region of lambda that the API lists with capacity. A type that has capacity
 * in none of the catalog's regions (sold out now) keeps a list price all the same, so its price is written to every
 * catalog region of lambda: a price says what the type costs when it is rented there, not that it can be rented this
 * minute, and it stays current instead of ageing until capacity comes back.
 *
 * Types the catalog does not know are skipped (counted as seen). A 401 or 403 (a wrong or revoked key), a body that
 * is not this shape, or a known type without an integer price fails the run. */
#include "worker/providers/provider.h"

#include <stdio.h>
#include <string.h>

#include "base/util.h"

#define LAMBDA_SOURCE "lambda:instance-types-api"

static bool lambda_enabled(const config *cfg, const char **why_not)
{
    if (cfg->lambda_api_key[0] == '\0') {
        *why_not = "no GPUREC_LAMBDA_API_KEY: the Lambda Cloud API needs one";
        return false;
    }
    if (cfg->lambda_api_url[0] == '\0') {
        *why_not = "GPUREC_LAMBDA_API_URL is empty";
        return false;
    }
    return true;
}

static void add_row(const char *type, const char *region, double hourly, price_batch *out)
{
    price_row row;
    if (price_row_set(&row, "lambda", type, region, PRICING_ON_DEMAND, hourly, "USD", "", LAMBDA_SOURCE) == 0)
        price_batch_add(out, &row);
}

/* The rows of one known type: its capacity regions of the catalog, else every catalog region (see above). */
static void add_type(const provider_run *run, const char *type, double hourly, const json_t *capacity,
                     price_batch *out)
{
    size_t before = out->count, i;
    const json_t *region;
    json_array_foreach(capacity, i, region) {
        const char *name = provider_json_string(region, "name");
        if (name != NULL && provider_has_region(run, "lambda", name))
            add_row(type, name, hourly, out);
    }
    if (out->count > before)
        return;
    for (size_t k = 0; k < run->region_count; k++)
        if (strcmp(run->regions[k].provider, "lambda") == 0)
            add_row(type, run->regions[k].id, hourly, out);
}

static int parse_entry(const provider_run *run, const char *key, const json_t *entry, price_batch *out, char *err,
                       size_t err_len)
{
    const json_t *info = json_object_get(entry, "instance_type");
    if (!json_is_object(info)) {
        snprintf(err, err_len, "lambda: data.%.64s has no instance_type object (format changed?)", key);
        return -1;
    }
    const char *name = provider_json_string(info, "name");
    if (name == NULL)
        name = key;
    if (provider_find_instance(run, "lambda", name) == NULL)
        return 0;
    const json_t *cents = json_object_get(info, "price_cents_per_hour");
    if (!json_is_integer(cents)) {
        snprintf(err, err_len, "lambda: %.64s: price_cents_per_hour is not an integer (format changed?)", name);
        return -1;
    }
    const json_t *capacity = json_object_get(entry, "regions_with_capacity_available");
    if (capacity != NULL && !json_is_array(capacity)) {
        snprintf(err, err_len, "lambda: %.64s: regions_with_capacity_available is not an array", name);
        return -1;
    }
    json_int_t value = json_integer_value(cents);
    if (value <= 0)
        return 0; /* no price to offer */
    add_type(run, name, (double)value / 100.0, capacity, out);
    return 0;
}

static int parse_types(const provider_run *run, const json_t *doc, price_batch *out, char *err, size_t err_len)
{
    const json_t *data = json_object_get(doc, "data");
    if (!json_is_object(data)) {
        snprintf(err, err_len, "lambda: the answer has no data object (format changed?)");
        return -1;
    }
    const char *key;
    const json_t *entry;
    json_object_foreach((json_t *)data, key, entry) {
        out->rows_seen++;
        if (parse_entry(run, key, entry, out, err, err_len) != 0)
            return -1;
    }
    return 0;
}

static int lambda_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    fetch_options opt = run->fetch;
    opt.bearer = run->cfg->lambda_api_key;
    fetch_result res;
    memset(&res, 0, sizeof res);
    /* fetch's messages name the URL (query string removed) and the status, never a request header. */
    int frc = fetch_get(run->cfg->lambda_api_url, &opt, &res, err, err_len);
    if (frc != FETCH_OK) {
        if (frc == FETCH_ERR_HTTP && (res.status == 401 || res.status == 403))
            snprintf(err, err_len, "lambda: the API refused the key (HTTP %ld): check GPUREC_LAMBDA_API_KEY",
                     res.status);
        fetch_result_clear(&res);
        return -1;
    }
    json_error_t jerr;
    json_t *doc = json_loadb(res.body, res.body_size, 0, &jerr);
    fetch_result_clear(&res);
    if (doc == NULL) {
        snprintf(err, err_len, "lambda: malformed JSON at line %d: %s", jerr.line, jerr.text);
        return -1;
    }
    int rc = parse_types(run, doc, out, err, err_len);
    json_decref(doc);
    return rc;
}

const provider_adapter provider_lambda = {"lambda", lambda_enabled, lambda_fetch};
