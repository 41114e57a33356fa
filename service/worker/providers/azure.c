/* Azure Retail Prices API (public, no auth): https://learn.microsoft.com/en-us/rest/api/cost-management/retail-prices/
 * azure-retail-prices. One filtered query per group of the catalog's VM sizes, following NextPageLink.
 * Which rows count, and how a row becomes an hourly price, is written in worker/providers/README.md (Windows, Low
 * Priority, DevTest and HDInsight rows are skipped; reservation prices are term totals). */
#include "worker/providers/provider.h"
#include "worker/providers/json_items.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "base/util.h"

#define AZURE_SOURCE "azure:retail-prices"
/* savingsPlan[] exists only from this api-version on (Microsoft's API reference, "API preview version"). */
#define AZURE_API_VERSION "2023-01-01-preview"
/* Sizes per query: keeps each URL well under the 2 KB that proxies commonly accept. */
#define SKUS_PER_QUERY 12
/* A run must end: pages have been 100 and 1000 items long, and a GPU-only filter needs a handful. */
#define MAX_PAGES 500
#define HOURS_PER_YEAR 8760.0

static bool azure_enabled(const config *cfg, const char **why_not)
{
    if (cfg->azure_prices_url[0] == '\0') {
        *why_not = "GPUREC_AZURE_PRICES_URL is empty";
        return false;
    }
    return true;
}

static bool ends_with(const char *s, const char *suffix)
{
    if (s == NULL)
        return false;
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

static bool contains(const char *s, const char *needle)
{
    return s != NULL && strstr(s, needle) != NULL;
}

/* "1 Year" -> 1, "3 Years" -> 3, "5 Years" -> 5, "10 Years" -> 10, else 0. */
static int term_years(const char *term)
{
    if (term == NULL)
        return 0;
    if (strcmp(term, "1 Year") == 0)
        return 1;
    if (strcmp(term, "3 Years") == 0)
        return 3;
    if (strcmp(term, "5 Years") == 0)
        return 5;
    if (strcmp(term, "10 Years") == 0)
        return 10;
    return 0;
}

/* The dates of an item: when its price took effect and, when published, its last day (effectiveEndDate). */
typedef struct item_dates {
    const char *start;
    const char *end;
} item_dates;

static void add_row(price_batch *out, const char *sku, const char *region, pricing_model model, double hourly,
                    const char *currency, const item_dates *dates, int rank)
{
    price_row row;
    if (price_row_set(&row, "azure", sku, region, model, hourly, currency, dates->start, AZURE_SOURCE) != 0 ||
        (dates->end != NULL && util_copy(row.effective_end_at, sizeof row.effective_end_at, dates->end) != 0))
        return; /* a field longer than any real one: not a row we could key */
    row.rank = rank;
    price_batch_add(out, &row);
}

/* One item of a page; -1 with err when the item breaks the documented format. */
static int parse_item(const provider_run *run, const json_t *item, size_t index, price_batch *out, char *err,
                      size_t err_len)
{
    if (!json_is_object(item)) {
        snprintf(err, err_len, "Items[%zu] is not an object", index);
        return -1;
    }
    const char *service = provider_json_string(item, "serviceName");
    const char *sku = provider_json_string(item, "armSkuName");
    const char *region = provider_json_string(item, "armRegionName");
    const char *type = provider_json_string(item, "type");
    const char *product = provider_json_string(item, "productName");
    const char *sku_name = provider_json_string(item, "skuName");
    const char *meter = provider_json_string(item, "meterName");
    const char *currency = provider_json_string(item, "currencyCode");
    const char *unit = provider_json_string(item, "unitOfMeasure");
    const item_dates dates = {provider_json_string(item, "effectiveStartDate"),
                              provider_json_string(item, "effectiveEndDate")};
    if (service == NULL || type == NULL || currency == NULL) {
        snprintf(err, err_len, "Items[%zu] lacks serviceName, type or currencyCode", index);
        return -1;
    }
    /* An HDInsight (or other service's) row can carry a GPU VM's armSkuName. */
    if (strcmp(service, "Virtual Machines") != 0 || sku == NULL || region == NULL)
        return 0;
    if (provider_find_instance(run, "azure", sku) == NULL || !provider_has_region(run, "azure", region))
        return 0;
    if (contains(product, "Windows") || contains(product, " Win") || contains(product, "Dedicated Host") ||
        contains(product, "Cloud Services"))
        return 0;
    double price = 0;
    if (provider_json_number(json_object_get(item, "unitPrice"), &price) != 0 &&
        provider_json_number(json_object_get(item, "retailPrice"), &price) != 0) {
        snprintf(err, err_len, "Items[%zu] (%s %s) has no numeric unitPrice", index, sku, region);
        return -1;
    }
    int rank = json_is_true(json_object_get(item, "isPrimaryMeterRegion")) ? 1 : 0;

    if (strcmp(type, "Consumption") == 0) {
        if (ends_with(sku_name, " Low Priority") || ends_with(meter, " Low Priority"))
            return 0; /* the legacy form of spot, being retired */
        if (unit == NULL || strcmp(unit, "1 Hour") != 0)
            return 0;
        bool spot = ends_with(sku_name, " Spot") || ends_with(meter, " Spot");
        add_row(out, sku, region, spot ? PRICING_SPOT : PRICING_ON_DEMAND, price, currency, &dates, rank);
        const json_t *plans = json_object_get(item, "savingsPlan");
        if (spot || plans == NULL || json_is_null(plans))
            return 0;
        if (!json_is_array(plans)) {
            snprintf(err, err_len, "Items[%zu].savingsPlan is not an array", index);
            return -1;
        }
        size_t i;
        const json_t *plan;
        json_array_foreach(plans, i, plan) {
            double hourly = 0;
            int years = term_years(provider_json_string(plan, "term"));
            if (years != 1 && years != 3) {
                out->skipped++; /* no pricing model for other terms */
                continue;
            }
            if (provider_json_number(json_object_get(plan, "unitPrice"), &hourly) != 0 &&
                provider_json_number(json_object_get(plan, "retailPrice"), &hourly) != 0) {
                snprintf(err, err_len, "Items[%zu].savingsPlan[%zu] has no numeric price", index, i);
                return -1;
            }
            /* Savings plan prices are already per hour (worker/providers/README.md). */
            add_row(out, sku, region, years == 1 ? PRICING_SAVINGS_PLAN_1Y : PRICING_SAVINGS_PLAN_3Y, hourly,
                    currency, &dates, rank);
        }
        return 0;
    }
    if (strcmp(type, "Reservation") == 0) {
        int years = term_years(provider_json_string(item, "reservationTerm"));
        if (years != 1 && years != 3) {
            /* "5 Years" and "10 Years" reservations exist for some sizes; the catalog has no pricing model for
             * them (vocab_pricing_models: reserved_1y and reserved_3y), so they are counted as skipped, not stored. */
            out->skipped++;
            return 0;
        }
        /* The price is the total for the term although unitOfMeasure says "1 Hour" (worker/providers/README.md). */
        add_row(out, sku, region, years == 1 ? PRICING_RESERVED_1Y : PRICING_RESERVED_3Y,
                price / (HOURS_PER_YEAR * years), currency, &dates, rank);
        return 0;
    }
    return 0; /* DevTestConsumption and anything new */
}

typedef struct azure_reader {
    const provider_run *run;
    price_batch *out;
} azure_reader;

static int on_item(void *ctx, const json_t *item, size_t index, char *err, size_t err_len)
{
    azure_reader *a = ctx;
    a->out->rows_seen++;
    if (a->out->count >= PROVIDER_MAX_ROWS) {
        snprintf(err, err_len, "more than %zu price rows", (size_t)PROVIDER_MAX_ROWS);
        return -1;
    }
    return parse_item(a->run, item, index, a->out, err, err_len);
}

/* Each page streams through json_items.h, so memory stays flat whatever a page's size. */
static int fetch_query(const provider_run *run, const char *first_url, price_batch *out, char *err, size_t err_len)
{
    int rc = -1;
    char *url = xstrdup(first_url);
    json_items *parser = NULL;
    fetch_result res;
    memset(&res, 0, sizeof res);
    azure_reader reader = {run, out};
    fetch_options opt = run->fetch;
    opt.max_expansion = run->cfg->fetch_max_expansion;
    for (int pages = 0;; pages++) {
        char shown[256];
        fetch_redact_url(url, shown, sizeof shown);
        if (pages >= MAX_PAGES) {
            snprintf(err, err_len, "azure: more than %d pages, giving up", MAX_PAGES);
            goto out;
        }
        json_items_free(parser);
        parser = json_items_new("Items", false, on_item, &reader);
        int frc = fetch_stream(url, &opt, json_items_sink, parser, &res, err, err_len);
        fetch_result_clear(&res);
        if (frc == FETCH_ERR_SINK || (frc == FETCH_OK && json_items_finish(parser) != 0)) {
            const char *why = json_items_error(parser);
            snprintf(err, err_len, "azure: %s page %d: %s%s", shown, pages + 1, why,
                     strncmp(why, "no Items", 8) == 0 ? " (format changed?)" : "");
            goto out;
        }
        if (frc != FETCH_OK)
            goto out;
        const json_t *next = json_items_member(parser, "NextPageLink");
        if (next == NULL || json_is_null(next) || (json_is_string(next) && json_string_length(next) == 0))
            break;
        if (!json_is_string(next)) {
            snprintf(err, err_len, "azure: page %d: NextPageLink is not a string", pages + 1);
            goto out;
        }
        char why[96];
        if (!fetch_may_follow(run->cfg->azure_prices_url, json_string_value(next), false, why, sizeof why)) {
            snprintf(err, err_len, "azure: page %d: NextPageLink points to %s", pages + 1, why);
            goto out;
        }
        free(url);
        url = xstrdup(json_string_value(next));
    }
    rc = 0;
out:
    json_items_free(parser);
    fetch_result_clear(&res);
    free(url);
    return rc;
}

static int azure_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    int rc = -1;
    char *filter = NULL;
    size_t filter_cap = 0;
    CURL *curl = curl_easy_init();
    if (curl == NULL) {
        snprintf(err, err_len, "azure: cannot create a URL encoder");
        return -1;
    }
    size_t first = 0;
    size_t total = 0;
    while (first < run->instance_count) {
        /* Collect up to SKUS_PER_QUERY azure sizes from the catalog, starting at first. */
        size_t len = 0, in_query = 0;
        const char *head = "serviceName eq 'Virtual Machines' and (";
        filter_cap = 64 + strlen(head) + SKUS_PER_QUERY * 96;
        free(filter);
        filter = xmalloc(filter_cap);
        len = (size_t)snprintf(filter, filter_cap, "%s", head);
        size_t i = first;
        for (; i < run->instance_count && in_query < SKUS_PER_QUERY; i++) {
            const provider_instance *in = &run->instances[i];
            if (strcmp(in->provider, "azure") != 0 || strlen(in->id) > 64 || strchr(in->id, '\'') != NULL)
                continue;
            len += (size_t)snprintf(filter + len, filter_cap - len, "%sarmSkuName eq '%s'", in_query ? " or " : "",
                                    in->id);
            in_query++;
        }
        first = i;
        if (in_query == 0)
            continue;
        snprintf(filter + len, filter_cap - len, ")");
        char *encoded = curl_easy_escape(curl, filter, 0);
        if (encoded == NULL) {
            snprintf(err, err_len, "azure: cannot encode the filter");
            goto out;
        }
        size_t url_len = strlen(run->cfg->azure_prices_url) + strlen(encoded) + 128;
        char *url = xmalloc(url_len);
        snprintf(url, url_len, "%s?api-version=%s&$filter=%s", run->cfg->azure_prices_url, AZURE_API_VERSION,
                 encoded);
        curl_free(encoded);
        int qrc = fetch_query(run, url, out, err, err_len);
        free(url);
        if (qrc != 0)
            goto out;
        total += in_query;
    }
    if (total == 0) {
        snprintf(err, err_len, "azure: the catalog has no azure instance types to price");
        goto out;
    }
    rc = 0;
out:
    free(filter);
    curl_easy_cleanup(curl);
    return rc;
}

const provider_adapter provider_azure = {"azure", azure_enabled, azure_fetch};
