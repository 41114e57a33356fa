/* GCP prices from the Cloud Billing Catalog API (https://cloud.google.com/billing/docs/reference/rest/v1/services.skus/
 * list), Compute Engine service 6F81-5844-456A, with an API key. GCP prices a GPU VM by its parts, so an instance's
 * hourly price is assembled: vCPUs x the series' core rate + GiB x its RAM rate + GPUs x the GPU rate, per region and
 * usage type (OnDemand, Preemptible = spot, Commit1Yr / Commit3Yr = committed use, no upfront).
 * Memory of GCP machine types is given in GB by Google's docs but billed per GiB and sized in GiB (a2-highgpu-1g is
 * "85 GB" = 85 GiB), so the catalog's memory_gb is used as GiB here. */
#include "worker/providers/provider.h"
#include "worker/providers/json_items.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "base/util.h"

#define GCP_SOURCE "gcp:cloud-billing-catalog"
#define MAX_PAGES 200
#define MAX_STEMS 3

/* Which SKU descriptions price which part. A description is lower-cased, a usage prefix ("spot preemptible ",
 * "preemptible ", "commitment v1: ") removed, and must then start with a stem followed by " running in " or " in "
 * (so "... Mega GPU", "... attached to DWS ..." and sole-tenancy SKUs do not match). The descriptions are those the
 * catalog API returns, e.g. "Nvidia Tesla A100 GPU running in Americas", "A2 Instance Core running in Americas",
 * "Preemptible A2 Instance Ram running in Americas", "Commitment v1: A2 Cpu in Americas for 1 Year",
 * "Commitment v1: Nvidia H100 80GB GPU running in Americas for 3 Years". Catalog GPU ids on the left. */
static const struct {
    const char *gpu_id;
    const char *stems[MAX_STEMS];
} gpu_skus[] = {
    {"t4", {"nvidia tesla t4 gpu"}},
    {"v100-sxm2-16gb", {"nvidia tesla v100 gpu"}},
    {"a100-sxm-40gb", {"nvidia tesla a100 gpu"}},
    {"a100-sxm-80gb", {"nvidia tesla a100 80gb gpu", "nvidia a100 80gb gpu"}},
    {"h100-sxm-80gb", {"nvidia h100 80gb gpu"}},
    {"l4", {"nvidia l4 gpu"}},
};

/* Machine series by instance id prefix, with their core and RAM SKUs. a3-megagpu is left out on purpose: its GPUs are
 * the "H100 80GB Mega" SKU, whose core and RAM SKUs are not established here; it keeps its stored prices. */
static const struct {
    const char *id_prefix;
    const char *core_stems[MAX_STEMS];
    const char *ram_stems[MAX_STEMS];
} series_skus[] = {
    {"n1-", {"n1 predefined instance core", "cpu"}, {"n1 predefined instance ram", "ram"}},
    {"a2-highgpu-", {"a2 instance core", "a2 cpu"}, {"a2 instance ram", "a2 ram"}},
    {"a2-ultragpu-", {"a2 instance core", "a2 cpu"}, {"a2 instance ram", "a2 ram"}},
    {"a2-megagpu-", {"a2 instance core", "a2 cpu"}, {"a2 instance ram", "a2 ram"}},
    {"a3-highgpu-", {"a3 instance core", "a3 cpu"}, {"a3 instance ram", "a3 ram"}},
    {"g2-", {"g2 instance core", "g2 cpu"}, {"g2 instance ram", "g2 ram"}},
};

#define GPU_PARTS (sizeof gpu_skus / sizeof gpu_skus[0])
#define SERIES_COUNT (sizeof series_skus / sizeof series_skus[0])
/* Part ids: GPUs first, then core and RAM per series. */
#define PART_GPU(i) ((int)(i))
#define PART_CORE(s) ((int)(GPU_PARTS + 2 * (s)))
#define PART_RAM(s) ((int)(GPU_PARTS + 2 * (s) + 1))

typedef struct part_rate {
    int part;
    char region[32];
    pricing_model model;
    double rate;
    char currency[4];
    char effective[32];
} part_rate;

typedef struct rates {
    part_rate *items;
    size_t count;
    size_t cap;
} rates;

static bool gcp_enabled(const config *cfg, const char **why_not)
{
    if (cfg->gcp_api_key[0] == '\0') {
        *why_not = "no GPUREC_GCP_API_KEY: the Cloud Billing Catalog API needs one";
        return false;
    }
    if (cfg->gcp_billing_url[0] == '\0') {
        *why_not = "GPUREC_GCP_BILLING_URL is empty";
        return false;
    }
    return true;
}

static bool stem_matches(const char *rest, const char *stem)
{
    size_t n = strlen(stem);
    if (strncmp(rest, stem, n) != 0)
        return false;
    return strncmp(rest + n, " running in ", 12) == 0 || strncmp(rest + n, " in ", 4) == 0;
}

static bool any_stem(const char *rest, const char *const *stems)
{
    for (int i = 0; i < MAX_STEMS && stems[i] != NULL; i++)
        if (stem_matches(rest, stems[i]))
            return true;
    return false;
}

/* The parts a description prices (a core SKU serves every series that shares it), as a bit set. */
static uint64_t parts_of(const char *description)
{
    char lower[256];
    size_t n = 0;
    for (; description[n] != '\0' && n + 1 < sizeof lower; n++)
        lower[n] = (char)tolower((unsigned char)description[n]);
    lower[n] = '\0';
    const char *rest = lower;
    static const char *const prefixes[] = {"spot preemptible ", "preemptible ", "commitment v1: ", "commitment v2: "};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(rest, prefixes[i], strlen(prefixes[i])) == 0) {
            rest += strlen(prefixes[i]);
            break;
        }
    uint64_t parts = 0;
    for (size_t g = 0; g < GPU_PARTS; g++)
        if (any_stem(rest, gpu_skus[g].stems))
            parts |= 1ULL << PART_GPU(g);
    for (size_t s = 0; s < SERIES_COUNT; s++) {
        if (any_stem(rest, series_skus[s].core_stems))
            parts |= 1ULL << PART_CORE(s);
        if (any_stem(rest, series_skus[s].ram_stems))
            parts |= 1ULL << PART_RAM(s);
    }
    return parts;
}

static int usage_model(const char *usage, pricing_model *out)
{
    if (usage == NULL)
        return -1;
    if (strcmp(usage, "OnDemand") == 0)
        *out = PRICING_ON_DEMAND;
    else if (strcmp(usage, "Preemptible") == 0)
        *out = PRICING_SPOT;
    else if (strcmp(usage, "Commit1Yr") == 0)
        *out = PRICING_RESERVED_1Y;
    else if (strcmp(usage, "Commit3Yr") == 0)
        *out = PRICING_RESERVED_3Y;
    else
        return -1;
    return 0;
}

/* units (int64 as a string) + nanos / 1e9 of the tier starting at 0. */
static int sku_price(const json_t *info, const char *want_unit, double *price, const char **currency, char *err,
                     size_t err_len)
{
    const json_t *expr = json_object_get(info, "pricingExpression");
    const char *unit = provider_json_string(expr, "usageUnit");
    const json_t *tiers = json_object_get(expr, "tieredRates");
    if (unit == NULL || !json_is_array(tiers)) {
        snprintf(err, err_len, "pricingExpression lacks usageUnit or tieredRates");
        return -1;
    }
    if (strcmp(unit, want_unit) != 0)
        return 1; /* priced in another unit: not a rate we can add up */
    size_t i;
    const json_t *tier;
    json_array_foreach(tiers, i, tier) {
        double start = -1;
        const json_t *start_value = json_object_get(tier, "startUsageAmount");
        if (start_value == NULL)
            start = 0; /* proto3 JSON leaves zero values out */
        else if (provider_json_number(start_value, &start) != 0)
            continue;
        if (start != 0)
            continue;
        const json_t *unit_price = json_object_get(tier, "unitPrice");
        *currency = provider_json_string(unit_price, "currencyCode");
        double units = 0, nanos = 0;
        const json_t *units_value = json_object_get(unit_price, "units");
        const json_t *nanos_value = json_object_get(unit_price, "nanos");
        if (*currency == NULL || (units_value != NULL && provider_json_number(units_value, &units) != 0) ||
            (nanos_value != NULL && provider_json_number(nanos_value, &nanos) != 0)) {
            snprintf(err, err_len, "unitPrice lacks currencyCode or has non-numeric units / nanos");
            return -1;
        }
        *price = units + nanos / 1e9;
        return 0;
    }
    return 1;
}

static void add_rate(rates *r, int part, const char *region, pricing_model model, double rate, const char *currency,
                     const char *effective)
{
    for (size_t i = 0; i < r->count; i++) {
        part_rate *e = &r->items[i];
        if (e->part == part && e->model == model && strcmp(e->region, region) == 0) {
            /* Two SKUs for one part (a renamed SKU beside the old one): keep the later price. */
            if (strcmp(effective, e->effective) > 0) {
                e->rate = rate;
                util_copy(e->currency, sizeof e->currency, currency);
                util_copy(e->effective, sizeof e->effective, effective);
            }
            return;
        }
    }
    if (r->count == r->cap) {
        r->cap = r->cap ? r->cap * 2 : 128;
        r->items = xrealloc(r->items, r->cap * sizeof *r->items);
    }
    part_rate *e = &r->items[r->count++];
    memset(e, 0, sizeof *e);
    e->part = part;
    util_copy(e->region, sizeof e->region, region);
    e->model = model;
    e->rate = rate;
    util_copy(e->currency, sizeof e->currency, currency);
    util_copy(e->effective, sizeof e->effective, effective);
}

static const part_rate *find_rate(const rates *r, int part, const char *region, pricing_model model)
{
    for (size_t i = 0; i < r->count; i++)
        if (r->items[i].part == part && r->items[i].model == model && strcmp(r->items[i].region, region) == 0)
            return &r->items[i];
    return NULL;
}

static int parse_sku(const provider_run *run, const json_t *sku, size_t index, rates *r, char *err, size_t err_len)
{
    const char *description = provider_json_string(sku, "description");
    const json_t *category = json_object_get(sku, "category");
    const json_t *regions = json_object_get(sku, "serviceRegions");
    const json_t *infos = json_object_get(sku, "pricingInfo");
    if (description == NULL || !json_is_object(category) || !json_is_array(infos)) {
        snprintf(err, err_len, "skus[%zu] lacks description, category or pricingInfo (format changed?)", index);
        return -1;
    }
    pricing_model model;
    if (usage_model(provider_json_string(category, "usageType"), &model) != 0)
        return 0;
    uint64_t parts = parts_of(description);
    if (parts == 0 || json_array_size(infos) == 0)
        return 0;
    /* The current price is the last pricingInfo entry (the API returns only the current one unless asked). */
    const json_t *info = json_array_get(infos, json_array_size(infos) - 1);
    const char *effective = provider_json_string(info, "effectiveTime");
    for (int part = 0; part < 64; part++) {
        if (!(parts & (1ULL << part)))
            continue;
        bool is_ram = part >= (int)GPU_PARTS && (part - (int)GPU_PARTS) % 2 == 1;
        double price = 0;
        const char *currency = NULL;
        char why[128];
        int prc = sku_price(info, is_ram ? "GiBy.h" : "h", &price, &currency, why, sizeof why);
        if (prc < 0) {
            snprintf(err, err_len, "skus[%zu]: %s", index, why);
            return -1;
        }
        if (prc > 0)
            continue;
        size_t i;
        const json_t *region;
        json_array_foreach(regions, i, region) {
            if (json_is_string(region) && provider_has_region(run, "gcp", json_string_value(region)))
                add_rate(r, part, json_string_value(region), model, price, currency, effective ? effective : "");
        }
    }
    return 0;
}

typedef struct gcp_reader {
    const provider_run *run;
    rates *r;
    size_t *seen;
} gcp_reader;

static int on_sku(void *ctx, const json_t *sku, size_t index, char *err, size_t err_len)
{
    gcp_reader *g = ctx;
    (*g->seen)++;
    return parse_sku(g->run, sku, index, g->r, err, err_len);
}

/* Each page streams through json_items.h, so memory stays flat whatever a page's size. */
static int fetch_pages(const provider_run *run, rates *r, size_t *seen, char *err, size_t err_len)
{
    int rc = -1;
    json_items *parser = NULL;
    gcp_reader reader = {run, r, seen};
    fetch_options opt = run->fetch;
    opt.max_expansion = run->cfg->fetch_max_expansion;
    opt.credential_in_url = true; /* the key is in the query: no redirect takes it off its origin */
    char *token = NULL;
    fetch_result res;
    memset(&res, 0, sizeof res);
    CURL *curl = curl_easy_init();
    char *key = curl ? curl_easy_escape(curl, run->cfg->gcp_api_key, 0) : NULL;
    if (key == NULL) {
        snprintf(err, err_len, "gcp: cannot encode the API key");
        goto out;
    }
    for (int pages = 0;; pages++) {
        if (pages >= MAX_PAGES) {
            snprintf(err, err_len, "gcp: more than %d pages, giving up", MAX_PAGES);
            goto out;
        }
        char *encoded_token = token ? curl_easy_escape(curl, token, 0) : NULL;
        size_t url_len = strlen(run->cfg->gcp_billing_url) + strlen(key) + (encoded_token ? strlen(encoded_token) : 0) +
                         96;
        char *url = xmalloc(url_len);
        snprintf(url, url_len, "%s?key=%s&pageSize=5000&currencyCode=USD%s%s", run->cfg->gcp_billing_url, key,
                 encoded_token ? "&pageToken=" : "", encoded_token ? encoded_token : "");
        curl_free(encoded_token);
        json_items_free(parser);
        parser = json_items_new("skus", false, on_sku, &reader);
        int frc = fetch_stream(url, &opt, json_items_sink, parser, &res, err, err_len);
        free(url);
        fetch_result_clear(&res);
        if (frc == FETCH_ERR_SINK || (frc == FETCH_OK && json_items_finish(parser) != 0)) {
            const char *why = json_items_error(parser);
            snprintf(err, err_len, "gcp: page %d: %s%s", pages + 1, why,
                     strncmp(why, "no skus", 7) == 0 ? " (format changed?)" : "");
            goto out;
        }
        if (frc != FETCH_OK) {
            /* err names the URL without its query string, so the key stays out of logs. */
            goto out;
        }
        const json_t *next_value = json_items_member(parser, "nextPageToken");
        const char *next = json_is_string(next_value) ? json_string_value(next_value) : NULL;
        free(token);
        token = next != NULL && next[0] != '\0' ? xstrdup(next) : NULL;
        if (token == NULL)
            break;
    }
    rc = 0;
out:
    json_items_free(parser);
    free(token);
    fetch_result_clear(&res);
    curl_free(key);
    if (curl != NULL)
        curl_easy_cleanup(curl);
    return rc;
}

static void assemble(const provider_run *run, const rates *r, price_batch *out)
{
    for (size_t i = 0; i < run->instance_count; i++) {
        const provider_instance *in = &run->instances[i];
        if (strcmp(in->provider, "gcp") != 0)
            continue;
        int series = -1, gpu = -1;
        for (size_t s = 0; s < SERIES_COUNT; s++)
            if (strncmp(in->id, series_skus[s].id_prefix, strlen(series_skus[s].id_prefix)) == 0)
                series = (int)s;
        for (size_t g = 0; g < GPU_PARTS; g++)
            if (in->gpu_id != NULL && strcmp(in->gpu_id, gpu_skus[g].gpu_id) == 0)
                gpu = (int)g;
        if (series < 0 || gpu < 0)
            continue;
        for (size_t k = 0; k < run->region_count; k++) {
            const provider_region *region = &run->regions[k];
            if (strcmp(region->provider, "gcp") != 0)
                continue;
            for (int m = 0; m < PRICING_COUNT; m++) {
                const part_rate *core = find_rate(r, PART_CORE(series), region->id, (pricing_model)m);
                const part_rate *ram = find_rate(r, PART_RAM(series), region->id, (pricing_model)m);
                const part_rate *gp = find_rate(r, PART_GPU(gpu), region->id, (pricing_model)m);
                if (core == NULL || ram == NULL || gp == NULL)
                    continue;
                if (strcmp(core->currency, ram->currency) != 0 || strcmp(core->currency, gp->currency) != 0)
                    continue; /* parts in different currencies cannot be added */
                double hourly = in->vcpus * core->rate + in->memory_gb * ram->rate + in->gpu_count * gp->rate;
                const char *effective = core->effective;
                if (strcmp(ram->effective, effective) > 0)
                    effective = ram->effective;
                if (strcmp(gp->effective, effective) > 0)
                    effective = gp->effective;
                price_row row;
                if (price_row_set(&row, "gcp", in->id, region->id, (pricing_model)m, hourly, core->currency,
                                  effective, GCP_SOURCE) == 0)
                    price_batch_add(out, &row);
            }
        }
    }
}

static int gcp_fetch(const provider_run *run, price_batch *out, char *err, size_t err_len)
{
    rates r;
    memset(&r, 0, sizeof r);
    int rc = fetch_pages(run, &r, &out->rows_seen, err, err_len);
    if (rc == 0)
        assemble(run, &r, out);
    free(r.items);
    return rc;
}

const provider_adapter provider_gcp = {"gcp", gcp_enabled, gcp_fetch};
