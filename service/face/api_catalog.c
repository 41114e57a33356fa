/* The catalog endpoints: GET /v1/gpus, /v1/gpus/{id}, /v1/instances, /v1/instances/{provider}/{instance_type},
 * /v1/providers. All read the request's snapshot only. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "face/api.h"
#include "wire/jsonw.h"
#include "base/util.h"
#include "worker/worker.h"

#define DEFAULT_PAGE 50
#define MAX_PAGE 500
#define MAX_LIST_VALUES 16

/* ---- JSON of catalog items ------------------------------------------------------------------------------------ */

static json_t *number_or_null(double value)
{
    return isnan(value) ? json_null() : json_real(value);
}

static json_t *gpu_json(const catalog_gpu *gpu)
{
    json_t *item = json_object();
    json_object_set_new(item, "id", json_string(gpu->id));
    json_object_set_new(item, "name", json_string(gpu->name));
    json_object_set_new(item, "vendor", json_string(gpu->vendor));
    json_object_set_new(item, "architecture", json_string(gpu->architecture));
    json_object_set_new(item, "form_factor", json_string(gpu->form_factor));
    json_object_set_new(item, "memory_gb", json_real(gpu->memory_gb));
    json_object_set_new(item, "memory_type", json_string(gpu->memory_type));
    json_object_set_new(item, "memory_bandwidth_gb_per_s", json_real(gpu->memory_bandwidth_gb_per_s));
    json_object_set_new(item, "fp64_tflops", number_or_null(gpu->fp64_tflops));
    json_object_set_new(item, "fp64_tensor_tflops", number_or_null(gpu->fp64_tensor_tflops));
    json_object_set_new(item, "fp32_tflops", number_or_null(gpu->fp32_tflops));
    json_object_set_new(item, "tf32_tflops", number_or_null(gpu->tf32_tflops));
    json_object_set_new(item, "fp16_tflops", number_or_null(gpu->fp16_tflops));
    json_object_set_new(item, "bf16_tflops", number_or_null(gpu->bf16_tflops));
    json_object_set_new(item, "fp8_tflops", number_or_null(gpu->fp8_tflops));
    json_object_set_new(item, "int8_tops", number_or_null(gpu->int8_tops));
    json_object_set_new(item, "tensor_figures", json_string("dense (without structured sparsity)"));
    json_object_set_new(item, "tdp_watts", json_real(gpu->tdp_watts));
    json_object_set_new(item, "interconnect", json_string(gpu->interconnect));
    json_object_set_new(item, "interconnect_gb_per_s", json_real(gpu->interconnect_gb_per_s));
    json_object_set_new(item, "ecc", json_boolean(gpu->ecc));
    json_object_set_new(item, "mig", json_boolean(gpu->mig));
    json_object_set_new(item, "vgpu", json_boolean(gpu->vgpu));
    json_object_set_new(item, "release_year", json_integer(gpu->release_year));
    json_t *sources = json_loads(gpu->sources_json, JSON_DECODE_ANY, NULL);
    json_object_set_new(item, "sources", json_is_array(sources) ? sources : json_array());
    if (!json_is_array(sources))
        json_decref(sources);
    return item;
}

/* Instances and their prices are written straight to text (jsonw.h): a page of them is most of what the catalog
 * serves, and building a jansson tree for it cost several times the filtering. */

/* Money rounded to a millionth of a dollar: sums and ratios are computed unrounded, only output is rounded. */
static void write_money(jsonw *out, double usd)
{
    jsonw_real(out, round(usd * 1e6) / 1e6);
}

static void write_price(jsonw *out, const catalog_price *price)
{
    jsonw_object_begin(out);
    jsonw_key(out, "hourly_usd");
    write_money(out, price->hourly_usd);
    jsonw_member_real(out, "hourly", price->hourly);
    jsonw_member_string(out, "currency", price->currency);
    if (strcmp(price->currency, "USD") != 0) {
        jsonw_member_real(out, "usd_per_unit", price->usd_per_unit);
    }
    jsonw_member_string(out, "source", price->source);
    jsonw_member_string(out, "fetched_at", price->fetched_at);
    jsonw_member_string(out, "effective_at", price->effective_at);
    if (price->spot_interruption != NULL) {
        jsonw_member_string(out, "spot_interruption", price->spot_interruption);
    }
    jsonw_object_end(out);
}

static void write_prices(jsonw *out, const catalog_offer *offer)
{
    jsonw_object_begin(out);
    for (int m = 0; m < PRICING_COUNT; m++) {
        if (offer->prices[m].present) {
            jsonw_key(out, pricing_model_name((pricing_model)m));
            write_price(out, &offer->prices[m]);
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
    jsonw_key(out, "gpu");
    jsonw_object_begin(out);
    jsonw_member_string(out, "id", in->gpu->id);
    jsonw_member_string(out, "name", in->gpu->name);
    jsonw_member_real(out, "memory_gb", in->gpu->memory_gb);
    jsonw_object_end(out);
    jsonw_member_real(out, "gpu_count", round(in->gpu_count * 10000) / 10000);
    jsonw_member_bool(out, "fractional_gpu", in->gpu_count < 1);
    jsonw_member_real(out, "gpu_memory_gb", in->gpu_memory_gb);
    jsonw_member_integer(out, "vcpus", in->vcpus);
    jsonw_member_real(out, "memory_gb", in->memory_gb);
    jsonw_member_real(out, "network_gbps", in->network_gbps);
    jsonw_member_string(out, "interconnect", in->gpu_interconnect);
    jsonw_member_string(out, "cluster_network", in->cluster_network);
    jsonw_member_real(out, "cluster_network_gbps", in->cluster_network_gbps);
    jsonw_member_string(out, "source", in->source);
}

/* ---- query parameters ----------------------------------------------------------------------------------------- */

typedef struct query_check {
    const char *const *allowed;
    size_t count;
    problem *p;
} query_check;

static void check_one(void *ctx, const char *name, const char *value)
{
    (void)value;
    query_check *check = ctx;
    if (strcmp(name, "pretty") == 0)
        return;
    for (size_t i = 0; i < check->count; i++) {
        if (strcmp(name, check->allowed[i]) == 0)
            return;
    }
    problem_add_field(check->p, name, "is not a known query parameter");
}

static void reject_unknown_params(const http_request *req, const char *const *allowed, size_t count, problem *p)
{
    query_check check = {allowed, count, p};
    http_query_each(req, check_one, &check);
}

static bool parse_double_param(const http_request *req, const char *name, double min, double max, double *out,
                               problem *p)
{
    const char *text = http_query(req, name);
    if (text == NULL)
        return false;
    errno = 0;
    char *end = NULL;
    double value = strtod(text, &end);
    if (text[0] == '\0' || *end != '\0' || errno != 0 || !isfinite(value) || value < min || value > max) {
        problem_add_field(p, name, "must be a number from %g to %g", min, max);
        return false;
    }
    *out = value;
    return true;
}

static bool parse_long_param(const http_request *req, const char *name, long min, long max, long *out, problem *p)
{
    const char *text = http_query(req, name);
    if (text == NULL)
        return false;
    errno = 0;
    char *end = NULL;
    long value = strtol(text, &end, 10);
    if (text[0] == '\0' || *end != '\0' || errno != 0 || value < min || value > max) {
        problem_add_field(p, name, "must be a whole number from %ld to %ld", min, max);
        return false;
    }
    *out = value;
    return true;
}

/* A comma-separated parameter split into values (at most MAX_LIST_VALUES), copied into storage. */
typedef struct value_list {
    char storage[1024];
    const char *values[MAX_LIST_VALUES];
    size_t count;
} value_list;

static bool parse_list_param(const http_request *req, const char *name, value_list *list, problem *p)
{
    list->count = 0;
    const char *text = http_query(req, name);
    if (text == NULL)
        return false;
    if (text[0] == '\0' || util_copy(list->storage, sizeof list->storage, text) != 0) {
        problem_add_field(p, name, "must be a non-empty comma-separated list shorter than 1024 bytes");
        return false;
    }
    char *save = NULL;
    for (char *token = strtok_r(list->storage, ",", &save); token; token = strtok_r(NULL, ",", &save)) {
        if (list->count >= MAX_LIST_VALUES) {
            problem_add_field(p, name, "takes at most %d values", MAX_LIST_VALUES);
            return false;
        }
        list->values[list->count++] = token;
    }
    if (list->count == 0) {
        problem_add_field(p, name, "must name at least one value");
        return false;
    }
    return true;
}

static bool list_contains(const value_list *list, const char *value)
{
    for (size_t i = 0; i < list->count; i++) {
        if (strcmp(list->values[i], value) == 0)
            return true;
    }
    return false;
}

/* ---- cursors: "<offset>.<catalog version>", so a page of a changed catalog is refused rather than skewed ------- */

static void make_cursor(char *buf, size_t len, size_t offset, const catalog *snap)
{
    snprintf(buf, len, "%zu.%s", offset, snap->version);
}

static bool parse_cursor(const http_request *req, size_t *offset, problem *p)
{
    const char *text = http_query(req, "cursor");
    *offset = 0;
    if (text == NULL)
        return true;
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || errno != 0 || *end != '.' || value > 100000000ULL) {
        problem_add_field(p, "cursor", "is not a cursor this service issued");
        return false;
    }
    if (strcmp(end + 1, req->snap->version) != 0) {
        problem_add_field(p, "cursor", "was issued for an older catalog (prices were refreshed): start again "
                                       "from the first page");
        return false;
    }
    *offset = (size_t)value;
    return true;
}

/* The cursor of the page after [offset, offset + shown) into buf, or false when that page was the last. */
static bool next_page_cursor(char *buf, size_t len, size_t total, size_t offset, size_t shown, const catalog *snap)
{
    if (offset + shown >= total)
        return false;
    make_cursor(buf, len, offset + shown, snap);
    return true;
}

static json_t *page_envelope(json_t *items, size_t total, size_t offset, size_t shown, const catalog *snap)
{
    json_t *body = json_object();
    json_object_set_new(body, "items", items);
    json_object_set_new(body, "total", json_integer((json_int_t)total));
    char cursor[64];
    bool more = next_page_cursor(cursor, sizeof cursor, total, offset, shown, snap);
    json_object_set_new(body, "next_cursor", more ? json_string(cursor) : json_null());
    json_object_set_new(body, "catalog_version", json_string(snap->version));
    return body;
}

/* page_envelope()'s members after the items array the caller wrote, and the closing brace. */
static void write_page_end(jsonw *out, size_t total, size_t offset, size_t shown, const catalog *snap)
{
    jsonw_member_integer(out, "total", (long long)total);
    jsonw_key(out, "next_cursor");
    char cursor[64];
    if (next_page_cursor(cursor, sizeof cursor, total, offset, shown, snap))
        jsonw_string(out, cursor);
    else
        jsonw_null(out);
    jsonw_member_string(out, "catalog_version", snap->version);
    jsonw_object_end(out);
}

static int reply_bad_query(http_reply *reply, problem *p)
{
    http_reply_problem(reply, p);
    return 0;
}

static problem *bad_query(void)
{
    return problem_new(400, "invalid-query", "Invalid query parameter",
                       "One or more query parameters are invalid; see errors.");
}

/* ---- /v1/gpus ------------------------------------------------------------------------------------------------- */

int api_gpus_list(const http_request *req, http_reply *reply)
{
    static const char *const allowed[] = {"vendor", "min_memory_gb", "precision", "limit", "cursor"};
    if (req->snap == NULL)
        return http_reply_problem(reply, api_no_catalog()), 0;
    problem *p = bad_query();
    reject_unknown_params(req, allowed, sizeof allowed / sizeof allowed[0], p);
    value_list vendors;
    bool by_vendor = parse_list_param(req, "vendor", &vendors, p);
    double min_memory = 0;
    parse_double_param(req, "min_memory_gb", 0, 1e6, &min_memory, p);
    precision needed = PRECISION_FP32;
    const char *precision_text = http_query(req, "precision");
    bool by_precision = precision_text != NULL;
    if (by_precision && precision_parse(precision_text, &needed) != 0)
        problem_add_field(p, "precision", "must be one of fp64, fp32, tf32, bf16, fp16, fp8, int8, int4");
    long limit = DEFAULT_PAGE;
    parse_long_param(req, "limit", 1, MAX_PAGE, &limit, p);
    size_t offset = 0;
    parse_cursor(req, &offset, p);
    if (problem_field_count(p) > 0)
        return reply_bad_query(reply, p);
    problem_free(p);

    json_t *items = json_array();
    size_t total = 0;
    for (size_t i = 0; i < req->snap->gpu_count; i++) {
        const catalog_gpu *gpu = &req->snap->gpus[i];
        if ((by_vendor && !list_contains(&vendors, gpu->vendor)) || gpu->memory_gb < min_memory ||
            (by_precision && isnan(catalog_gpu_peak(gpu, needed))))
            continue;
        if (total >= offset && total < offset + (size_t)limit)
            json_array_append_new(items, gpu_json(gpu));
        total++;
    }
    http_reply_json(reply, 200, page_envelope(items, total, offset, json_array_size(items), req->snap));
    return 0;
}

int api_gpus_get(const http_request *req, http_reply *reply)
{
    if (req->snap == NULL)
        return http_reply_problem(reply, api_no_catalog()), 0;
    const catalog_gpu *gpu = catalog_find_gpu(req->snap, req->params[0]);
    if (gpu == NULL) {
        http_reply_problem(reply, problem_new(404, "not-found", "Not Found", "No GPU with id '%s' in the catalog.",
                                              req->params[0]));
        return 0;
    }
    json_t *item = gpu_json(gpu);
    json_t *instances = json_array();
    for (size_t i = 0; i < req->snap->instance_count; i++) {
        const catalog_instance *in = &req->snap->instances[i];
        if (in->gpu == gpu)
            json_array_append_new(instances, json_pack("{s:s, s:s, s:f}", "provider", in->provider->id,
                                                       "instance_type", in->id, "gpu_count", in->gpu_count));
    }
    json_object_set_new(item, "instances", instances);
    http_reply_json(reply, 200, item);
    return 0;
}

/* ---- /v1/instances -------------------------------------------------------------------------------------------- */

typedef enum { SORT_HOURLY_USD, SORT_USD_PER_TFLOPS, SORT_USD_PER_GPU_MEMORY_GB, SORT_GPU_MEMORY_GB } sort_key;
static const char *const sort_names[] = {"hourly_usd", "usd_per_tflops", "usd_per_gpu_memory_gb", "gpu_memory_gb"};

typedef struct instance_query {
    value_list providers, regions, gpus, interconnects;
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

static int compare_ranked(const void *a, const void *b)
{
    const ranked_offer *x = a, *y = b;
    bool x_nan = isnan(x->key), y_nan = isnan(y->key);
    if (x_nan != y_nan)
        return x_nan ? 1 : -1;
    if (!x_nan && x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return x->offer < y->offer ? -1 : x->offer > y->offer; /* catalog order breaks ties: stable pages */
}

static void ranked_sift_down(ranked_offer *heap, size_t size, size_t at)
{
    for (;;) {
        size_t largest = at, left = 2 * at + 1, right = left + 1;
        if (left < size && compare_ranked(&heap[left], &heap[largest]) > 0)
            largest = left;
        if (right < size && compare_ranked(&heap[right], &heap[largest]) > 0)
            largest = right;
        if (largest == at)
            return;
        ranked_offer swap = heap[at];
        heap[at] = heap[largest];
        heap[largest] = swap;
        at = largest;
    }
}

/* Moves the first `wanted` offers in compare_ranked() order to the front of ranked, sorted, and returns how many there
 * are (at most count). A page needs only those: a bounded max-heap picks them in O(count log wanted), where sorting
 * every match cost more than the rest of the request. */
static size_t keep_first(ranked_offer *ranked, size_t count, size_t wanted)
{
    if (wanted >= count) {
        qsort(ranked, count, sizeof *ranked, compare_ranked);
        return count;
    }
    if (wanted == 0)
        return 0;
    /* ranked[0 .. wanted) is a max-heap of the best seen so far: its root is the worst of them */
    for (size_t start = wanted / 2; start-- > 0;)
        ranked_sift_down(ranked, wanted, start);
    for (size_t i = wanted; i < count; i++) {
        if (compare_ranked(&ranked[i], &ranked[0]) < 0) {
            ranked[0] = ranked[i];
            ranked_sift_down(ranked, wanted, 0);
        }
    }
    qsort(ranked, wanted, sizeof *ranked, compare_ranked);
    return wanted;
}

static void parse_instance_query(const http_request *req, instance_query *q, problem *p)
{
    static const char *const allowed[] = {"provider", "region",        "gpu",   "min_gpus",  "max_gpus",
                                          "min_gpu_memory_gb", "pricing", "max_hourly_usd", "interconnect",
                                          "sort",     "precision",     "limit", "cursor"};
    reject_unknown_params(req, allowed, sizeof allowed / sizeof allowed[0], p);
    memset(q, 0, sizeof *q);
    q->by_provider = parse_list_param(req, "provider", &q->providers, p);
    for (size_t i = 0; q->by_provider && i < q->providers.count; i++) {
        if (catalog_find_provider(req->snap, q->providers.values[i]) == NULL)
            problem_add_field(p, "provider", "'%s' is not a provider in the catalog", q->providers.values[i]);
    }
    q->by_region = parse_list_param(req, "region", &q->regions, p);
    for (size_t i = 0; q->by_region && i < q->regions.count; i++) {
        bool known = false;
        for (size_t r = 0; r < req->snap->region_count && !known; r++) {
            const catalog_region *region = &req->snap->regions[r];
            known = strcmp(region->id, q->regions.values[i]) == 0 &&
                    (!q->by_provider || list_contains(&q->providers, region->provider->id));
        }
        if (!known)
            problem_add_field(p, "region", "'%s' is not a region of %s in the catalog (see /v1/providers)",
                              q->regions.values[i], q->by_provider ? "the named providers" : "any provider");
    }
    q->by_gpu = parse_list_param(req, "gpu", &q->gpus, p);
    for (size_t i = 0; q->by_gpu && i < q->gpus.count; i++) {
        if (catalog_find_gpu(req->snap, q->gpus.values[i]) == NULL)
            problem_add_field(p, "gpu", "'%s' is not a GPU id in the catalog (see /v1/gpus)", q->gpus.values[i]);
    }
    q->by_interconnect = parse_list_param(req, "interconnect", &q->interconnects, p);
    static const char *const interconnects[] = {"nvswitch", "nvlink", "xgmi", "pcie", "none"};
    for (size_t i = 0; q->by_interconnect && i < q->interconnects.count; i++) {
        bool known = false;
        for (size_t k = 0; k < 5; k++)
            known |= strcmp(q->interconnects.values[i], interconnects[k]) == 0;
        if (!known)
            problem_add_field(p, "interconnect", "'%s' is not one of nvswitch, nvlink, xgmi, pcie, none",
                              q->interconnects.values[i]);
    }
    q->min_gpus = 0;
    q->max_gpus = INFINITY;
    parse_double_param(req, "min_gpus", 0, 1024, &q->min_gpus, p);
    parse_double_param(req, "max_gpus", 0, 1024, &q->max_gpus, p);
    if (q->max_gpus < q->min_gpus)
        problem_add_field(p, "max_gpus", "must not be below min_gpus");
    parse_double_param(req, "min_gpu_memory_gb", 0, 1e6, &q->min_gpu_memory_gb, p);
    q->max_hourly_usd = INFINITY;
    parse_double_param(req, "max_hourly_usd", 0.0001, 1e6, &q->max_hourly_usd, p);
    q->pricing = PRICING_ON_DEMAND;
    const char *pricing = http_query(req, "pricing");
    if (pricing != NULL) {
        q->pricing_given = true;
        if (pricing_model_parse(pricing, &q->pricing) != 0)
            problem_add_field(p, "pricing", "must be one of on_demand, spot, reserved_1y, reserved_3y, "
                                            "savings_plan_1y, savings_plan_3y");
    }
    q->metric_precision = PRECISION_BF16;
    const char *precision_text = http_query(req, "precision");
    if (precision_text != NULL && precision_parse(precision_text, &q->metric_precision) != 0)
        problem_add_field(p, "precision", "must be one of fp64, fp32, tf32, bf16, fp16, fp8, int8, int4");
    q->sort = SORT_HOURLY_USD;
    const char *sort = http_query(req, "sort");
    if (sort != NULL) {
        bool known = false;
        for (size_t i = 0; i < sizeof sort_names / sizeof sort_names[0]; i++) {
            if (strcmp(sort, sort_names[i]) == 0) {
                q->sort = (sort_key)i;
                known = true;
            }
        }
        if (!known)
            problem_add_field(p, "sort", "must be one of hourly_usd, usd_per_tflops, usd_per_gpu_memory_gb, "
                                         "gpu_memory_gb");
    }
    q->limit = DEFAULT_PAGE;
    parse_long_param(req, "limit", 1, MAX_PAGE, &q->limit, p);
    parse_cursor(req, &q->offset, p);
}

static bool offer_passes(const instance_query *q, const catalog_offer *offer)
{
    const catalog_instance *in = offer->instance;
    if ((q->by_provider && !list_contains(&q->providers, in->provider->id)) ||
        (q->by_region && !list_contains(&q->regions, offer->region->id)) ||
        (q->by_gpu && !list_contains(&q->gpus, in->gpu->id)) ||
        (q->by_interconnect && !list_contains(&q->interconnects, in->gpu_interconnect)))
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

static void write_offer(jsonw *out, const instance_query *q, const catalog_offer *offer)
{
    jsonw_object_begin(out);
    write_instance_shape(out, offer->instance);
    jsonw_member_string(out, "region", offer->region->id);
    jsonw_member_string(out, "region_name", offer->region->name);
    jsonw_key(out, "prices");
    write_prices(out, offer);
    const catalog_price *price = &offer->prices[q->pricing];
    double tflops = instance_tflops(offer->instance, q->metric_precision);
    jsonw_key(out, "figures");
    jsonw_object_begin(out);
    jsonw_member_string(out, "pricing", pricing_model_name(q->pricing));
    jsonw_member_string(out, "precision", precision_name(q->metric_precision));
    jsonw_member_real(out, "tflops", round(tflops * 100) / 100); /* NAN (no figure at the precision) writes null */
    jsonw_key(out, "usd_per_tflops");
    if (price->present)
        write_money(out, price->hourly_usd / tflops);
    else
        jsonw_null(out);
    jsonw_key(out, "usd_per_gpu_memory_gb");
    if (price->present)
        write_money(out, price->hourly_usd / offer->instance->gpu_memory_gb);
    else
        jsonw_null(out);
    jsonw_object_end(out);
    jsonw_object_end(out);
}

int api_instances_list(const http_request *req, http_reply *reply)
{
    if (req->snap == NULL)
        return http_reply_problem(reply, api_no_catalog()), 0;
    const catalog *snap = req->snap;
    problem *p = bad_query();
    instance_query q;
    parse_instance_query(req, &q, p);
    if (problem_field_count(p) > 0)
        return reply_bad_query(reply, p);
    problem_free(p);

    /* Walk the smallest index that covers the filter instead of every offer. */
    ranked_offer *ranked = NULL;
    size_t ranked_count = 0, ranked_cap = 0;
    const catalog_index *lists = NULL;
    size_t list_count = 0;
    catalog_index gpu_lists[MAX_LIST_VALUES], provider_lists[MAX_LIST_VALUES];
    if (q.by_gpu) {
        for (size_t i = 0; i < q.gpus.count; i++)
            gpu_lists[list_count++] = snap->offers_by_gpu[catalog_find_gpu(snap, q.gpus.values[i]) - snap->gpus];
        lists = gpu_lists;
    } else if (q.by_provider) {
        for (size_t i = 0; i < q.providers.count; i++)
            provider_lists[list_count++] =
                snap->offers_by_provider[catalog_provider_index(snap, q.providers.values[i])];
        lists = provider_lists;
    }
    size_t visit_total = lists ? 0 : snap->offer_count;
    for (size_t l = 0; lists && l < list_count; l++)
        visit_total += lists[l].count;
    ranked_cap = visit_total + 1;
    ranked = xmalloc(ranked_cap * sizeof *ranked);
    if (lists == NULL) {
        for (size_t i = 0; i < snap->offer_count; i++) {
            if (offer_passes(&q, &snap->offers[i]))
                ranked[ranked_count++] = (ranked_offer){i, sort_value(&q, &snap->offers[i])};
        }
    } else {
        for (size_t l = 0; l < list_count; l++) {
            /* a value named twice in the filter would list its offers twice: skip repeated lists */
            bool repeated = false;
            for (size_t k = 0; k < l; k++)
                repeated |= lists[k].offers == lists[l].offers;
            for (size_t i = 0; !repeated && i < lists[l].count; i++) {
                size_t index = lists[l].offers[i];
                if (offer_passes(&q, &snap->offers[index]))
                    ranked[ranked_count++] = (ranked_offer){index, sort_value(&q, &snap->offers[index])};
            }
        }
    }
    size_t page_end = keep_first(ranked, ranked_count, q.offset + (size_t)q.limit);
    jsonw out;
    jsonw_init(&out, 2048 + 1024 * (page_end > q.offset ? page_end - q.offset : 0));
    jsonw_object_begin(&out);
    jsonw_key(&out, "items");
    jsonw_array_begin(&out);
    for (size_t i = q.offset; i < page_end; i++)
        write_offer(&out, &q, &snap->offers[ranked[i].offer]);
    jsonw_array_end(&out);
    write_page_end(&out, ranked_count, q.offset, page_end > q.offset ? page_end - q.offset : 0, snap);
    http_reply_written(reply, &out);
    free(ranked);
    return 0;
}

int api_instances_get(const http_request *req, http_reply *reply)
{
    if (req->snap == NULL)
        return http_reply_problem(reply, api_no_catalog()), 0;
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
    jsonw_key(&out, "regions");
    jsonw_array_begin(&out);
    for (size_t i = 0; i < in->offer_count; i++) {
        const catalog_offer *offer = &req->snap->offers[in->first_offer + i];
        jsonw_object_begin(&out);
        jsonw_member_string(&out, "region", offer->region->id);
        jsonw_member_string(&out, "region_name", offer->region->name);
        jsonw_key(&out, "prices");
        write_prices(&out, offer);
        jsonw_object_end(&out);
    }
    jsonw_array_end(&out);
    jsonw_member_string(&out, "catalog_version", req->snap->version);
    jsonw_object_end(&out);
    http_reply_written(reply, &out);
    return 0;
}

/* ---- /v1/providers -------------------------------------------------------------------------------------------- */

static json_t *refresh_json(const http_request *req, const catalog_provider *provider)
{
    const char *status = provider->refresh_status;
    const char *why_not = NULL;
    struct worker *w = req->app->worker;
    if (w != NULL && worker_is_running(w, provider->id))
        status = "running";
    else if (strcmp(status, "never") == 0 && (w == NULL || !worker_is_enabled(w, provider->id, &why_not)))
        status = "disabled";
    json_t *refresh = json_object();
    json_object_set_new(refresh, "status", json_string(status));
    json_object_set_new(refresh, "last_attempt_at",
                        provider->last_attempt_at ? json_string(provider->last_attempt_at) : json_null());
    json_object_set_new(refresh, "last_success_at",
                        provider->last_success_at ? json_string(provider->last_success_at) : json_null());
    json_object_set_new(refresh, "error", provider->last_error ? json_string(provider->last_error) : json_null());
    json_object_set_new(refresh, "rows", json_integer((json_int_t)provider->price_rows));
    if (strcmp(status, "disabled") == 0)
        json_object_set_new(refresh, "disabled_reason",
                            json_string(why_not ? why_not : "the price refresh worker is not running"));
    return refresh;
}

int api_providers_list(const http_request *req, http_reply *reply)
{
    if (req->snap == NULL)
        return http_reply_problem(reply, api_no_catalog()), 0;
    const catalog *snap = req->snap;
    problem *p = bad_query();
    reject_unknown_params(req, NULL, 0, p);
    if (problem_field_count(p) > 0)
        return reply_bad_query(reply, p);
    problem_free(p);
    json_t *items = json_array();
    for (size_t i = 0; i < snap->provider_count; i++) {
        const catalog_provider *provider = &snap->providers[i];
        json_t *regions = json_array();
        for (size_t r = 0; r < snap->region_count; r++) {
            if (snap->regions[r].provider == provider)
                json_array_append_new(regions, json_pack("{s:s, s:s, s:s}", "id", snap->regions[r].id, "name",
                                                         snap->regions[r].name, "geography",
                                                         snap->regions[r].geography));
        }
        size_t instance_types = 0;
        for (size_t n = 0; n < snap->instance_count; n++)
            instance_types += snap->instances[n].provider == provider;
        json_t *item = json_object();
        json_object_set_new(item, "id", json_string(provider->id));
        json_object_set_new(item, "name", json_string(provider->name));
        json_object_set_new(item, "currency", json_string(provider->currency));
        json_object_set_new(item, "price_source", json_string(provider->price_source));
        json_object_set_new(item, "regions", regions);
        json_object_set_new(item, "instance_types", json_integer((json_int_t)instance_types));
        json_object_set_new(item, "refresh", refresh_json(req, provider));
        json_array_append_new(items, item);
    }
    json_t *fx = json_array();
    for (size_t i = 0; i < snap->fx_count; i++)
        json_array_append_new(fx, json_pack("{s:s, s:f, s:s, s:s}", "currency", snap->fx[i].currency,
                                            "usd_per_unit", snap->fx[i].usd_per_unit, "source", snap->fx[i].source,
                                            "as_of", snap->fx[i].as_of));
    json_t *body = json_object();
    json_object_set_new(body, "items", items);
    json_object_set_new(body, "total", json_integer((json_int_t)snap->provider_count));
    json_object_set_new(body, "next_cursor", json_null());
    json_object_set_new(body, "fx_rates", fx);
    json_object_set_new(body, "catalog_version", json_string(snap->version));
    http_reply_json(reply, 200, body);
    return 0;
}
