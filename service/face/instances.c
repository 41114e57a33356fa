/* GET /v1/instances and GET /v1/instances/{provider}/{instance_type}: the catalog's instance types and their offers
 * (an instance type in a region) with prices. Reads the request's snapshot only. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/topk.h"
#include "base/util.h"
#include "face/api.h"
#include "face/http/query.h"
#include "snapshot/price_write.h"
#include "wire/jsonw.h"

/* Instances and their prices are written straight to text (jsonw.h): a page of them is most of what the catalog
 * serves, and building a jansson tree for it cost several times the filtering. */

/* Money rounded to a millionth of a dollar: sums and ratios are computed unrounded, only output is rounded. */
static void write_money(jsonw *out, double usd)
{
    jsonw_rounded(out, usd, 6);
}

static void write_prices(jsonw *out, const catalog *snap, const catalog_offer *offer)
{
    jsonw_object_begin(out);
    for (int m = 0; m < PRICING_COUNT; m++) {
        if (offer->prices[m].present) {
            jsonw_key(out, pricing_model_name((pricing_model)m));
            price_write(out, snap, &offer->prices[m]);
        }
    }
    jsonw_object_end(out);
}

/* The instance type's members, inside an object the caller opened. */
static void write_instance_shape(jsonw *out, const catalog_instance *in)
{
    jsonw_member_string(out, "provider", in->provider->id);
    jsonw_member_string(out, "instance_type", in->id);
    jsonw_member_string(out, "family", in->family);
    jsonw_name(out, "gpu");
    jsonw_object_begin(out);
    jsonw_member_string(out, "id", in->gpu->id);
    jsonw_member_string(out, "name", in->gpu->name);
    jsonw_member_real(out, "memory_gb", in->gpu->memory_gb);
    jsonw_object_end(out);
    jsonw_member_rounded(out, "gpu_count", in->gpu_count, 4);
    jsonw_member_bool(out, "fractional_gpu", in->gpu_count < 1);
    jsonw_member_real(out, "gpu_memory_gb", in->gpu_memory_gb);
    jsonw_member_integer(out, "vcpus", in->vcpus);
    jsonw_member_real(out, "memory_gb", in->memory_gb);
    jsonw_member_real(out, "network_gbps", in->network_gbps);
    jsonw_member_string(out, "interconnect", in->gpu_interconnect);
    jsonw_member_string(out, "cluster_network", in->cluster_network);
    jsonw_member_real(out, "cluster_network_gbps", in->cluster_network_gbps);
    jsonw_member_string(out, "source", in->source);
    jsonw_member_string(out, "retired_at", in->retired_at); /* null for a current type */
    /* "reservation_only": sold only through reservations and capacity blocks, never on-demand or spot */
    jsonw_member_string(out, "availability", in->reservation_only ? "reservation_only" : "general");
}

typedef enum { SORT_HOURLY_USD, SORT_USD_PER_TFLOPS, SORT_USD_PER_GPU_MEMORY_GB, SORT_GPU_MEMORY_GB } sort_key;
static const char *const sort_names[] = {"hourly_usd", "usd_per_tflops", "usd_per_gpu_memory_gb", "gpu_memory_gb"};

typedef struct instance_query {
    query_list providers, regions, gpus, interconnects;
    bool by_provider, by_region, by_gpu, by_interconnect;
    double min_gpus, max_gpus, min_gpu_memory_gb, max_hourly_usd;
    pricing_model pricing;
    bool pricing_given;
    precision metric_precision;
    sort_key sort;
    long limit;
    size_t offset;
} instance_query;

typedef struct ranked_offer {
    size_t offer;
    double key; /* smaller first; NAN sorts last */
} ranked_offer;

/* A total order (catalog order breaks ties), so the page a heap keeps is the page a full sort would give. */
static int compare_ranked(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    const ranked_offer *x = a, *y = b;
    bool x_nan = isnan(x->key), y_nan = isnan(y->key);
    if (x_nan != y_nan)
        return x_nan ? 1 : -1;
    if (!x_nan && x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->offer < y->offer ? -1 : x->offer > y->offer; /* catalog order breaks ties: stable pages */
}

static const char *const interconnect_names[] = {"nvswitch", "nvlink", "xgmi", "pcie", "none"};
#define INTERCONNECT_COUNT (sizeof interconnect_names / sizeof interconnect_names[0])
#define SORT_COUNT (sizeof sort_names / sizeof sort_names[0])

/* The filters that name catalog items: provider, region, gpu, interconnect; each value must exist. */
static void parse_item_filters(const http_request *req, instance_query *q, problem *p)
{
    q->by_provider = query_list_param(req, "provider", &q->providers, p);
    for (size_t i = 0; q->by_provider && i < q->providers.count; i++) {
        if (catalog_find_provider(req->snap, q->providers.values[i]) == NULL)
            problem_add_field(p, "provider", "'%s' is not a provider in the catalog", q->providers.values[i]);
    }
    q->by_region = query_list_param(req, "region", &q->regions, p);
    for (size_t i = 0; q->by_region && i < q->regions.count; i++) {
        bool known = false;
        for (size_t r = 0; r < req->snap->region_count && !known; r++) {
            const catalog_region *region = &req->snap->regions[r];
            known = strcmp(region->id, q->regions.values[i]) == 0 &&
                    (!q->by_provider || query_list_contains(&q->providers, region->provider->id));
        }
        if (!known)
            problem_add_field(p, "region", "'%s' is not a region of %s in the catalog (see /v1/providers)",
                              q->regions.values[i], q->by_provider ? "the named providers" : "any provider");
    }
    q->by_gpu = query_list_param(req, "gpu", &q->gpus, p);
    for (size_t i = 0; q->by_gpu && i < q->gpus.count; i++) {
        if (catalog_find_gpu(req->snap, q->gpus.values[i]) == NULL)
            problem_add_field(p, "gpu", "'%s' is not a GPU id in the catalog (see /v1/gpus)", q->gpus.values[i]);
    }
    q->by_interconnect = query_list_param(req, "interconnect", &q->interconnects, p);
    char names[128];
    for (size_t i = 0; q->by_interconnect && i < q->interconnects.count; i++) {
        if (query_name_index(q->interconnects.values[i], interconnect_names, INTERCONNECT_COUNT) < 0)
            problem_add_field(p, "interconnect", "'%s' is not one of %s", q->interconnects.values[i],
                              query_names_list(interconnect_names, INTERCONNECT_COUNT, names, sizeof names));
    }
}

static void parse_instance_query(const http_request *req, instance_query *q, problem *p)
{
    static const char *const allowed[] = {"provider", "region",        "gpu",   "min_gpus",  "max_gpus",
                                          "min_gpu_memory_gb", "pricing", "max_hourly_usd", "interconnect",
                                          "sort",     "precision",     "limit", "cursor"};
    query_reject_unknown(req, allowed, sizeof allowed / sizeof allowed[0], "is not a known query parameter", p);
    memset(q, 0, sizeof *q);
    parse_item_filters(req, q, p);
    q->min_gpus = 0;
    q->max_gpus = INFINITY;
    query_number(req, "min_gpus", 0, 1024, &q->min_gpus, p);
    query_number(req, "max_gpus", 0, 1024, &q->max_gpus, p);
    if (q->max_gpus < q->min_gpus)
        problem_add_field(p, "max_gpus", "must not be below min_gpus");
    query_number(req, "min_gpu_memory_gb", 0, 1e6, &q->min_gpu_memory_gb, p);
    q->max_hourly_usd = INFINITY;
    query_number(req, "max_hourly_usd", 0.0001, 1e6, &q->max_hourly_usd, p);
    q->pricing = PRICING_ON_DEMAND;
    q->pricing_given = query_pricing(req, &q->pricing, p) != QUERY_ABSENT;
    q->metric_precision = PRECISION_BF16;
    query_precision(req, &q->metric_precision, p);
    q->sort = SORT_HOURLY_USD;
    const char *sort = http_query(req, "sort");
    if (sort != NULL) {
        int index = query_name_index(sort, sort_names, SORT_COUNT);
        char names[128];
        if (index >= 0)
            q->sort = (sort_key)index;
        else
            problem_add_field(p, "sort", "must be one of %s", query_names_list(sort_names, SORT_COUNT, names,
                                                                                sizeof names));
    }
    q->limit = QUERY_DEFAULT_PAGE;
    query_whole_number(req, "limit", 1, QUERY_MAX_PAGE, &q->limit, p);
    query_page_cursor(req, &q->offset, p);
}

static bool offer_passes(const instance_query *q, const catalog_offer *offer)
{
    const catalog_instance *in = offer->instance;
    if ((q->by_provider && !query_list_contains(&q->providers, in->provider->id)) ||
        (q->by_region && !query_list_contains(&q->regions, offer->region->id)) ||
        (q->by_gpu && !query_list_contains(&q->gpus, in->gpu->id)) ||
        (q->by_interconnect && !query_list_contains(&q->interconnects, in->gpu_interconnect)))
        return false;
    if (in->gpu_count < q->min_gpus || in->gpu_count > q->max_gpus || in->gpu_memory_gb < q->min_gpu_memory_gb)
        return false;
    const catalog_price *price = &offer->prices[q->pricing];
    if (q->pricing_given && !price->present)
        return false;
    if (isfinite(q->max_hourly_usd) && (!price->present || price->hourly_usd > q->max_hourly_usd))
        return false;
    return true;
}

/* Peak of all the instance's GPUs at the precision, in TFLOPS; NAN when the GPU lacks it. */
static double instance_tflops(const catalog_instance *in, precision p)
{
    return catalog_gpu_peak(in->gpu, p) * in->gpu_count;
}

static double sort_value(const instance_query *q, const catalog_offer *offer)
{
    const catalog_price *price = &offer->prices[q->pricing];
    double hourly = price->present ? price->hourly_usd : NAN;
    switch (q->sort) {
    case SORT_HOURLY_USD: return hourly;
    case SORT_USD_PER_TFLOPS: return hourly / instance_tflops(offer->instance, q->metric_precision);
    case SORT_USD_PER_GPU_MEMORY_GB: return hourly / offer->instance->gpu_memory_gb;
    case SORT_GPU_MEMORY_GB: return -offer->instance->gpu_memory_gb;
    }
    return NAN;
}

static void write_offer(jsonw *out, const catalog *snap, const instance_query *q, const catalog_offer *offer)
{
    jsonw_object_begin(out);
    write_instance_shape(out, offer->instance);
    jsonw_member_string(out, "region", offer->region->id);
    jsonw_member_string(out, "region_name", offer->region->name);
    jsonw_name(out, "prices");
    write_prices(out, snap, offer);
    const catalog_price *price = &offer->prices[q->pricing];
    double tflops = instance_tflops(offer->instance, q->metric_precision);
    jsonw_name(out, "figures");
    jsonw_object_begin(out);
    jsonw_member_string(out, "pricing", pricing_model_name(q->pricing));
    jsonw_member_string(out, "precision", precision_name(q->metric_precision));
    jsonw_member_rounded(out, "tflops", tflops, 2); /* NAN (no figure at the precision) writes null */
    jsonw_name(out, "usd_per_tflops");
    if (price->present)
        write_money(out, price->hourly_usd / tflops);
    else
        jsonw_null(out);
    jsonw_name(out, "usd_per_gpu_memory_gb");
    if (price->present)
        write_money(out, price->hourly_usd / offer->instance->gpu_memory_gb);
    else
        jsonw_null(out);
    jsonw_object_end(out);
    jsonw_object_end(out);
}

/* The offer lists that cover the query's filter (by GPU, else by provider) into lists, their count into *count;
 * NULL when every offer must be walked. */
static const catalog_index *covering_lists(const catalog *snap, const instance_query *q,
                                           catalog_index lists[QUERY_MAX_LIST_VALUES], size_t *count)
{
    *count = 0;
    if (q->by_gpu) {
        for (size_t i = 0; i < q->gpus.count; i++)
            lists[(*count)++] = snap->offers_by_gpu[catalog_find_gpu(snap, q->gpus.values[i]) - snap->gpus];
        return lists;
    }
    if (q->by_provider) {
        for (size_t i = 0; i < q->providers.count; i++)
            lists[(*count)++] = snap->offers_by_provider[catalog_provider_index(snap, q->providers.values[i])];
        return lists;
    }
    return NULL;
}

static void offer_if_passes(topk *page, size_t *matches, const instance_query *q, const catalog *snap,
                            size_t index)
{
    if (!offer_passes(q, &snap->offers[index]))
        return;
    ranked_offer ranked = {index, sort_value(q, &snap->offers[index])};
    topk_offer(page, &ranked);
    (*matches)++;
}

/* Walks the smallest index that covers the filter instead of every offer, keeping the first offset + limit matches
 * in a bounded heap (sorting every match cost more than the rest of the request). Returns the number of matches. */
static size_t rank_offers(const catalog *snap, const instance_query *q, topk *page)
{
    catalog_index lists[QUERY_MAX_LIST_VALUES];
    size_t list_count = 0, matches = 0;
    const catalog_index *covering = covering_lists(snap, q, lists, &list_count);
    if (covering == NULL) {
        for (size_t i = 0; i < snap->offer_count; i++)
            offer_if_passes(page, &matches, q, snap, i);
        return matches;
    }
    for (size_t l = 0; l < list_count; l++) {
        /* a value named twice in the filter would list its offers twice: skip repeated lists */
        bool repeated = false;
        for (size_t k = 0; k < l; k++)
            repeated |= covering[k].offers == covering[l].offers;
        for (size_t i = 0; !repeated && i < covering[l].count; i++)
            offer_if_passes(page, &matches, q, snap, covering[l].offers[i]);
    }
    return matches;
}

/* The most offers the walk can visit, which bounds the heap. */
static size_t visit_bound(const catalog *snap, const instance_query *q)
{
    catalog_index lists[QUERY_MAX_LIST_VALUES];
    size_t list_count = 0;
    if (covering_lists(snap, q, lists, &list_count) == NULL)
        return snap->offer_count;
    size_t total = 0;
    for (size_t l = 0; l < list_count; l++)
        total += lists[l].count;
    return total;
}

int api_instances_list(const http_request *req, http_reply *reply)
{
    const catalog *snap = req->snap;
    problem *p = http_problem_invalid_query();
    instance_query q;
    parse_instance_query(req, &q, p);
    if (problem_field_count(p) > 0)
        return http_reply_problem(reply, p), 0;
    problem_free(p);

    size_t wanted = q.offset + (size_t)q.limit, bound = visit_bound(snap, &q);
    size_t capacity = wanted < bound ? wanted : bound;
    ranked_offer *ranked = xmalloc((capacity + 1) * sizeof *ranked);
    topk page;
    topk_init(&page, ranked, capacity, sizeof *ranked, compare_ranked, NULL);
    size_t matches = rank_offers(snap, &q, &page);
    topk_sort(&page);
    size_t page_end = page.count, shown = page_end > q.offset ? page_end - q.offset : 0;
    jsonw out;
    jsonw_init(&out, 2048 + 1024 * shown);
    jsonw_object_begin(&out);
    jsonw_name(&out, "items");
    jsonw_array_begin(&out);
    for (size_t i = q.offset; i < page_end; i++)
        write_offer(&out, snap, &q, &snap->offers[ranked[i].offer]);
    jsonw_array_end(&out);
    query_write_page_end(&out, matches, q.offset, shown, snap);
    http_reply_written(reply, &out);
    free(ranked);
    return 0;
}

int api_instances_get(const http_request *req, http_reply *reply)
{
    const catalog_instance *in = catalog_find_instance(req->snap, req->params[0], req->params[1]);
    if (in == NULL) {
        problem *p = problem_new(404, "not-found", "Not Found", "No instance type '%s' of provider '%s'.",
                                 req->params[1], req->params[0]);
        http_reply_problem(reply, p);
        return 0;
    }
    jsonw out;
    jsonw_init(&out, 4096 + 1024 * in->offer_count);
    jsonw_object_begin(&out);
    write_instance_shape(&out, in);
    jsonw_name(&out, "regions");
    jsonw_array_begin(&out);
    for (size_t i = 0; i < in->offer_count; i++) {
        const catalog_offer *offer = &req->snap->offers[in->first_offer + i];
        jsonw_object_begin(&out);
        jsonw_member_string(&out, "region", offer->region->id);
        jsonw_member_string(&out, "region_name", offer->region->name);
        jsonw_name(&out, "prices");
        write_prices(&out, req->snap, offer);
        jsonw_object_end(&out);
    }
    jsonw_array_end(&out);
    jsonw_member_string(&out, "catalog_version", req->snap->version);
    jsonw_object_end(&out);
    http_reply_written(reply, &out);
    return 0;
}

