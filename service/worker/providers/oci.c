/* OCI prices from Oracle's public price list (GPUREC_OCI_PRICES_URL, by default
 * https://apexapps.oracle.com/pls/apex/cetools/api/v1/products/?currencyCode=USD; no key). The list is one document:
 *
 *   {"items": [{"partNumber": "B95909", "displayName": "...", "metricName": "GPU Per Hour",
 *               "currencyCodeLocalizations": [{"currencyCode": "USD",
 *                                              "prices": [{"model": "PAY_AS_YOU_GO", "value": 2}]}]}, ...]}
 *
 * It names parts, not shapes: a GPU shape is billed per GPU by one all-in part (metric "GPU Per Hour"), so a shape's
 * hourly price is that part's pay-as-you-go rate times the shape's GPU count. Which part prices which shape, and with
 * how many GPUs, is not in the API; the catalog keeps it (oci_price_parts, migration 0010) and the run hands it in
 * (provider_run.parts).
 *
 * OCI prices a part at one rate in every commercial region (Oracle's pricing page says its prices are the same in all
 * regions, https://www.oracle.com/cloud/pricing/), and the list has no region field: the one rate is written to every
 * OCI region of the catalog.
 *
 * Kept: items whose partNumber a shape of the catalog uses, metric "GPU Per Hour", the localization in the currency
 * asked for (the URL's currencyCode, else USD), its PAY_AS_YOU_GO price of the first tier (rangeMin absent or 0).
 * Skipped (counted as seen): every other part, metric and pricing model. A part the catalog uses whose price is not a
 * number, or a list without an items array, fails the run. */
#include "worker/providers/provider.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/util.h"

#define OCI_SOURCE "oci:price-list"
#define GPU_METRIC "GPU Per Hour"

static bool oci_enabled(const config *cfg, const char **why_not)
{
    if (cfg->oci_prices_url[0] == '\0') {
        *why_not = "GPUREC_OCI_PRICES_URL is empty";
        return false;
    }
    return true;
}

/* The currency the URL asks for (currencyCode=XXX), USD when it names none. */
static void wanted_currency(const char *url, char out[4])
{
    util_copy(out, 4, "USD");
    const char *q = strchr(url, '?');
    for (const char *p = q; p != NULL; p = strchr(p + 1, '&')) {
        if (strncasecmp(p + 1, "currencyCode=", 13) == 0 && strlen(p + 14) >= 3 &&
            (p[17] == '\0' || p[17] == '&' || p[17] == '#')) {
            memcpy(out, p + 14, 3);
            out[3] = '\0';
            return;
        }
    }
}

static bool part_used(const provider_run *run, const char *part_number)
{
    for (size_t i = 0; i < run->part_count; i++)
        if (strcmp(run->parts[i].part_number, part_number) == 0)
            return true;
    return false;
}

/* The pay-as-you-go rate of an item's localization in currency: 0 with *rate set, 1 when it has none, -1 (err) when
 * a price the format promises is not a number. */
static int item_rate(const json_t *item, const char *currency, double *rate, char *err, size_t err_len)
{
    const json_t *locs = json_object_get(item, "currencyCodeLocalizations");
    if (!json_is_array(locs)) {
        snprintf(err, err_len, "has no currencyCodeLocalizations array");
        return -1;
    }
    size_t i;
    const json_t *loc;
    json_array_foreach(locs, i, loc) {
        const char *code = provider_json_string(loc, "currencyCode");
        if (code == NULL || strcmp(code, currency) != 0)
            continue;
        const json_t *prices = json_object_get(loc, "prices");
        if (!json_is_array(prices)) {
            snprintf(err, err_len, "has no prices array for %s", currency);
            return -1;
        }
        size_t k;
        const json_t *price;
        json_array_foreach(prices, k, price) {
            const char *model = provider_json_string(price, "model");
            if (model == NULL || strcmp(model, "PAY_AS_YOU_GO") != 0)
                continue;
            const json_t *min = json_object_get(price, "rangeMin");
            double start = 0;
            if (min != NULL && !json_is_null(min) && (provider_json_number(min, &start) != 0 || start != 0))
                continue; /* a later tier */
            if (provider_json_number(json_object_get(price, "value"), rate) != 0 || *rate < 0) {
                snprintf(err, err_len, "has a PAY_AS_YOU_GO value that is not a number");
                return -1;
            }
            return 0;
        }
        return 1;
    }
    return 1;
}

/* Writes one row per shape that uses part_number and per OCI region of the catalog. */
static void add_shapes(const provider_run *run, const char *part_number, double rate, const char *currency,
                       price_batch *out)
{
    for (size_t i = 0; i < run->part_count; i++) {
        const price_part *p = &run->parts[i];
        if (strcmp(p->part_number, part_number) != 0 || provider_find_instance(run, "oci", p->instance_type) == NULL)
            continue;
        if (rate <= 0)
            continue; /* a free part is no price of a GPU shape; validation would refuse it anyway */
        for (size_t k = 0; k < run->region_count; k++) {
            const provider_region *region = &run->regions[k];
            if (strcmp(region->provider, "oci") != 0)
                continue;
            price_row row;
            if (price_row_set(&row, "oci", p->instance_type, region->id, PRICING_ON_DEMAND, rate * p->gpus, currency,
                              "", OCI_SOURCE) == 0)
                price_batch_add(out, &row);
        }
    }
}

static int parse_list(const provider_run *run, const json_t *doc, const char *currency, price_batch *out, char *err,
                      size_t err_len)
{
    const json_t *items = json_object_get(doc, "items");
    if (!json_is_array(items)) {
        snprintf(err, err_len, "oci: the price list has no items array (format changed?)");
        return -1;
    }
    size_t i;
    const json_t *item;
    json_array_foreach(items, i, item) {
        out->rows_seen++;
        const char *part = provider_json_string(item, "partNumber");
        const char *metric = provider_json_string(item, "metricName");
        if (part == NULL || metric == NULL) {
            if (json_is_object(item))
                continue; /* not a priced part */
            snprintf(err, err_len, "oci: items[%zu] is not an object (format changed?)", i);
            return -1;
        }
        if (strcmp(metric, GPU_METRIC) != 0 || !part_used(run, part))
            continue;
        double rate = 0;
        char why[128];
        int rc = item_rate(item, currency, &rate, why, sizeof why);
        if (rc < 0) {
            snprintf(err, err_len, "oci: items[%zu] (%s) %s", i, part, why);
            return -1;
        }
        if (rc == 0)
            add_shapes(run, part, rate, currency, out);
    }
    return 0;
}

static int oci_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    const char *url = run->cfg->oci_prices_url;
    if (run->part_count == 0) {
        snprintf(err, err_len, "oci: the catalog maps no shape to a price-list part (oci_price_parts is empty)");
        return -1;
    }
    fetch_result res;
    memset(&res, 0, sizeof res);
    if (fetch_get(url, &run->fetch, &res, err, err_len) != FETCH_OK)
        return -1;
    json_error_t jerr;
    json_t *doc = json_loadb(res.body, res.body_size, 0, &jerr);
    fetch_result_clear(&res);
    if (doc == NULL) {
        snprintf(err, err_len, "oci: malformed JSON at line %d: %s", jerr.line, jerr.text);
        return -1;
    }
    char currency[4];
    wanted_currency(url, currency);
    int rc = parse_list(run, doc, currency, out, err, err_len);
    json_decref(doc);
    return rc;
}

const provider_adapter provider_oci = {"oci", oci_enabled, oci_fetch};
