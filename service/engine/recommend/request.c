/* Parsing and checking a recommendation request against the snapshot. */
#include "engine/recommend/internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/didyoumean.h"
#include "wire/jsonv.h"

const char *const recommend_objective_names[OBJECTIVE_COUNT] = {"cost", "time", "balanced", "efficiency"};


/* Default node limits (the rule): serving and single-box work stay on one node; training, fine-tuning and HPC
 * (MPI) codes shard across up to 4 nodes joined by a cluster network. */
#define DEFAULT_MAX_NODES_SINGLE 1
#define DEFAULT_MAX_NODES_DISTRIBUTED 4



void recommend_filters_free(rec_filters *f)
{
    free(f->provider_ok);
    free(f->region_ok);
    free(f->gpu_ok);
    free(f->region_preference);
}

static const char *const top_fields[] = {"workload", "constraints", "objective", "limit"};
static const char *const workload_fields[] = {
    "kind",          "model",
    "architecture",  "model_params_b",
    "precision",     "tokens_b",
    "batch_size",    "sequence_length",
    "latency_sensitive", "checkpointing",
    "min_gpu_memory_gb", "gpus",
    "hours",         "bound",
    "utilization",   "fine_tuning_method",
    "lora_rank",     "gradient_checkpointing",
    "kv_cache_precision", "target_tokens_per_s",
    "requests_per_s", "prompt_tokens",
    "output_tokens", "max_ttft_ms",
    "min_tokens_per_s_per_sequence", "deadline_hours",
    "checkpoint_interval_minutes", "serve_after",
    "benchmark",     "work",
    "target_rate",   "framework",
    "seats",         "seat_memory_gb",
    "tensor_parallel",
};
static const char *const constraint_fields[] = {
    "providers",      "regions",    "pricing",        "max_hourly_usd", "max_total_usd",
    "require_ecc",    "require_nvlink", "require_fp64", "gpu_models",   "exclude_gpu_models",
    "min_gpus",       "max_gpus",   "max_nodes",      "geographies",    "prefer_regions",
};


static void parse_workload(const catalog *snap, const json_t *w, rec_request *r, problem *p)
{
    const char *kind_names[WORKLOAD_KIND_COUNT];
    for (int i = 0; i < WORKLOAD_KIND_COUNT; i++)
        kind_names[i] = workload_kind_name((workload_kind)i);
    const char *precision_names[PRECISION_COUNT];
    for (int i = 0; i < PRECISION_COUNT; i++)
        precision_names[i] = precision_name((precision)i);
    const char *bound_names[BOUND_COUNT] = {workload_bound_name(BOUND_COMPUTE),
                                            workload_bound_name(BOUND_MEMORY_BANDWIDTH)};

    jsonv_reject_unknown(w, "workload", workload_fields, COUNT_OF(workload_fields), p);
    int kind = WORKLOAD_GENERAL;
    bool kind_ok = jsonv_enum(w, "workload", "kind", true, kind_names, WORKLOAD_KIND_COUNT, &kind, p);
    r->workload.kind = (workload_kind)kind;

    int prec = -1;
    if (jsonv_enum(w, "workload", "precision", false, precision_names, PRECISION_COUNT, &prec, p))
        r->workload.precision = (precision)prec;
    else
        r->workload.precision = workload_kind_of(r->workload.kind)->default_precision;

    int bound = -1;
    if (jsonv_enum(w, "workload", "bound", false, bound_names, BOUND_COUNT, &bound, p))
        r->bound = (workload_bound)bound;
    else
        r->bound = workload_kind_of(r->workload.kind)->default_bound;

    double number;
    long long whole;
    if (jsonv_number(w, "workload", "model_params_b", false, 0.001, MAX_MODEL_PARAMS_B, &number, p))
        r->workload.arch.params_b = number; /* read again by recommend_parse_model() */
    if (jsonv_number(w, "workload", "tokens_b", false, 0.000001, MAX_TOKENS_B, &number, p))
        r->workload.tokens_b = number;
    if (jsonv_integer(w, "workload", "batch_size", false, 1, MAX_BATCH_SIZE, &whole, p))
        r->workload.batch_size = (double)whole;
    if (jsonv_integer(w, "workload", "sequence_length", false, 1, MAX_SEQUENCE_LENGTH, &whole, p))
        r->workload.sequence_length = (double)whole;
    if (jsonv_number(w, "workload", "min_gpu_memory_gb", false, 0.1, MAX_GPU_MEMORY_GB, &number, p))
        r->workload.min_gpu_memory_gb = number;
    if (jsonv_number(w, "workload", "utilization", false, 0.01, 1.0, &number, p))
        r->workload.utilization = number;
    if (jsonv_integer(w, "workload", "gpus", false, 1, MAX_GPUS, &whole, p))
        r->gpus = whole;
    if (jsonv_number(w, "workload", "hours", false, 0.01, MAX_JOB_HOURS, &number, p))
        r->job_hours = number;
    jsonv_bool(w, "workload", "latency_sensitive", false, &r->latency_sensitive, p);
    jsonv_bool(w, "workload", "checkpointing", false, &r->checkpointing, p);
    if (jsonv_number(w, "workload", "deadline_hours", false, 0.01, MAX_JOB_HOURS, &number, p))
        r->deadline_hours = number;
    r->checkpoint_minutes = PLAN_DEFAULT_CHECKPOINT_MINUTES;
    if (jsonv_number(w, "workload", "checkpoint_interval_minutes", false, 1, 10080, &number, p))
        r->checkpoint_minutes = number;

    if (!kind_ok)
        return;
    work_parse(snap, w, r->workload.kind, &r->work, &r->workload.precision, &r->workload.min_gpu_memory_gb, p);
    recommend_parse_seats(w, r, p);
    recommend_parse_model(snap, w, r, p);
    workload_kind k = r->workload.kind;
    bool trains = workload_kind_of(k)->trains;
    bool named = json_object_get(w, "model_params_b") != NULL || json_object_get(w, "model") != NULL ||
                 json_object_get(w, "architecture") != NULL;
    if (trains && !named && r->work.benchmark == NULL)
        problem_add_field(p, "workload.model", "is required for %s (or model_params_b, or architecture)",
                          workload_kind_name(k));
    if (workload_kind_of(k)->serves && !named && json_object_get(w, "min_gpu_memory_gb") == NULL &&
        r->work.benchmark == NULL)
        problem_add_field(p, "workload.model",
                          "is required for %s (or model_params_b, or architecture) unless min_gpu_memory_gb is given",
                          workload_kind_name(k));
    if (!trains && json_object_get(w, "tokens_b") != NULL)
        problem_add_field(p, "workload.tokens_b", "only training and fine_tuning take a token budget; give hours");
    if (r->workload.tokens_b > 0 && r->job_hours > 0)
        problem_add_field(p, "workload.hours",
                          "give either tokens_b (time is then computed per instance) or hours, not both");
    if (r->deadline_hours > 0 && !(trains && json_object_get(w, "tokens_b") != NULL))
        problem_add_field(p, "workload.deadline_hours", "needs a job of known compute: training or fine_tuning with "
                                                        "tokens_b");
    /* the serving that follows: its members are checked as an inference request's (alternatives.c) */
    const json_t *serve_after = NULL;
    if (jsonv_object(w, "workload", "serve_after", false, &serve_after, p) && serve_after != NULL && !trains)
        problem_add_field(p, "workload.serve_after", "only training and fine_tuning are followed by serving");
    if (serve_after != NULL && (json_object_get(serve_after, "kind") != NULL ||
                                json_object_get(serve_after, "serve_after") != NULL))
        problem_add_field(p, "workload.serve_after", "takes the serving members only (precision, "
                                                     "target_tokens_per_s, prompt_tokens, ...), not kind or serve_after");
}

/* Pricing defaults to on-demand; spot joins when the job checkpoints, because only then can it survive a reclaim;
 * capacity blocks are considered where the job's length is known. */
static void parse_pricing(const json_t *c, rec_request *r, problem *p)
{
    const json_t *list = NULL;
    if (c != NULL && json_object_get(c, "pricing") != NULL) {
        if (jsonv_string_array(c, "constraints", "pricing", MAX_LIST_ITEMS, MAX_NAME_LEN, &list, p)) {
            if (json_array_size(list) == 0)
                problem_add_field(p, "constraints.pricing", "must name at least one pricing model");
            size_t i;
            const json_t *entry;
            json_array_foreach(list, i, entry) {
                pricing_model model;
                if (pricing_model_parse(json_string_value(entry), &model) == 0) {
                    r->pricing_allowed[model] = true;
                } else {
                    char path[64];
                    jsonv_index_path(path, sizeof path, "constraints.pricing", i);
                    char models[256];
                    problem_add_field(p, path, "must be one of: %s", vocab_pricing_list(models, sizeof models));
                }
            }
            r->pricing_given = true;
        }
        return;
    }
    r->pricing_allowed[PRICING_ON_DEMAND] = true;
    r->pricing_allowed[PRICING_SPOT] = r->checkpointing;
    /* a capacity block joins for a job of known length that fits its durations (rank.c) */
    r->pricing_allowed[PRICING_CAPACITY_BLOCK] = true;
}

static void parse_constraints(const json_t *c, rec_request *r, problem *p)
{
    double number;
    long long whole;
    r->max_nodes = workload_kind_of(r->workload.kind)->distributed ? DEFAULT_MAX_NODES_DISTRIBUTED
                                                                   : DEFAULT_MAX_NODES_SINGLE;
    /* a throughput target is met with as many independent replicas as it takes, a deadline with the nodes it needs */
    if (r->target_tokens_per_s > 0 || r->requests_per_s > 0)
        r->max_nodes = MAX_NODES;
    if (r->deadline_hours > 0 || r->seats > 0) /* seats: as many independent desktops as they take */
        r->max_nodes = DEADLINE_DEFAULT_MAX_NODES;
    parse_pricing(c, r, p);
    if (c == NULL)
        return;
    jsonv_reject_unknown(c, "constraints", constraint_fields, COUNT_OF(constraint_fields), p);
    jsonv_string_array(c, "constraints", "providers", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->providers, p);
    jsonv_string_array(c, "constraints", "regions", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->regions, p);
    jsonv_string_array(c, "constraints", "geographies", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->geographies, p);
    jsonv_string_array(c, "constraints", "prefer_regions", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->prefer_regions, p);
    jsonv_string_array(c, "constraints", "gpu_models", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->gpu_models, p);
    jsonv_string_array(c, "constraints", "exclude_gpu_models", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->exclude_gpu_models,
                       p);
    /* an empty allow-list would reject every offer: it is a client mistake, not a request for nothing */
    if (r->providers != NULL && json_array_size(r->providers) == 0)
        problem_add_field(p, "constraints.providers", "must name at least one provider, or be left out");
    if (r->regions != NULL && json_array_size(r->regions) == 0)
        problem_add_field(p, "constraints.regions", "must name at least one region, or be left out");
    if (r->geographies != NULL && json_array_size(r->geographies) == 0)
        problem_add_field(p, "constraints.geographies", "must name at least one geography, or be left out");
    if (r->prefer_regions != NULL && json_array_size(r->prefer_regions) == 0)
        problem_add_field(p, "constraints.prefer_regions", "must name at least one region or geography, or be left out");
    if (r->gpu_models != NULL && json_array_size(r->gpu_models) == 0)
        problem_add_field(p, "constraints.gpu_models", "must name at least one GPU id, or be left out");
    if (jsonv_number(c, "constraints", "max_hourly_usd", false, 0.0001, MAX_HOURLY_USD, &number, p))
        r->max_hourly_usd = number;
    if (jsonv_number(c, "constraints", "max_total_usd", false, 0.01, MAX_TOTAL_USD, &number, p))
        r->max_total_usd = number;
    jsonv_bool(c, "constraints", "require_ecc", false, &r->require_ecc, p);
    jsonv_bool(c, "constraints", "require_nvlink", false, &r->require_nvlink, p);
    jsonv_bool(c, "constraints", "require_fp64", false, &r->require_fp64, p);
    if (jsonv_integer(c, "constraints", "min_gpus", false, 1, MAX_GPUS, &whole, p))
        r->min_gpus = whole;
    if (jsonv_integer(c, "constraints", "max_gpus", false, 1, MAX_GPUS, &whole, p))
        r->max_gpus = whole;
    if (jsonv_integer(c, "constraints", "max_nodes", false, 1, MAX_NODES, &whole, p)) {
        r->max_nodes = whole;
        r->max_nodes_given = true;
    }
    if (r->min_gpus > 0 && r->max_gpus > 0 && r->min_gpus > r->max_gpus)
        problem_add_field(p, "constraints.min_gpus", "must not exceed max_gpus (%lld)", r->max_gpus);
}

static void check_cross_fields(const json_t *c, rec_request *r, problem *p)
{
    if (r->gpus > 0 && r->max_gpus > 0 && r->gpus > r->max_gpus)
        problem_add_field(p, "workload.gpus", "exceeds constraints.max_gpus (%lld)", r->max_gpus);
    if (r->gpus > 0 && r->min_gpus > 0 && r->gpus < r->min_gpus)
        problem_add_field(p, "workload.gpus", "is below constraints.min_gpus (%lld)", r->min_gpus);
    bool length_known = r->job_hours > 0 || (r->workload.tokens_b > 0 && r->workload.has_model) || r->work.work > 0;
    if (c != NULL && json_object_get(c, "max_total_usd") != NULL && r->max_total_usd > 0 && !length_known)
        problem_add_field(p, "constraints.max_total_usd",
                          "needs the job's length: give workload.hours, or workload.tokens_b for training");
}

/* Resolves a list of ids to a bitmap over count items; unknown ids are field errors. find returns an index or -1. */
typedef long (*id_finder)(const catalog *snap, const char *id, size_t start);

static long find_provider(const catalog *snap, const char *id, size_t start)
{
    (void)start;
    return catalog_provider_index(snap, id);
}

static long find_region(const catalog *snap, const char *id, size_t start)
{
    for (size_t i = start; i < snap->region_count; i++)
        if (strcmp(snap->regions[i].id, id) == 0)
            return (long)i;
    return -1;
}

static long find_gpu(const catalog *snap, const char *id, size_t start)
{
    (void)start;
    const catalog_gpu *gpu = catalog_find_gpu(snap, id);
    return gpu ? (long)(gpu - snap->gpus) : -1;
}

/* The catalog's ids of the kind find looks up closest to a mistyped one, joined into buf. */
static void closest_ids(const catalog *snap, id_finder find, const char *wanted, char *buf, size_t buf_len)
{
    didyoumean hints = {{NULL}, {0}, 0};
    if (find == find_provider)
        for (size_t i = 0; i < snap->provider_count; i++)
            didyoumean_offer(&hints, wanted, snap->providers[i].id);
    else if (find == find_region)
        for (size_t i = 0; i < snap->region_count; i++)
            didyoumean_offer(&hints, wanted, snap->regions[i].id);
    else
        for (size_t i = 0; i < snap->gpu_count; i++)
            didyoumean_offer(&hints, wanted, snap->gpus[i].id);
    didyoumean_format(&hints, buf, buf_len);
}

/* Marks every item the list names (regions: an id may exist at several providers, all are marked). */
static bool resolve_list(const catalog *snap, const json_t *list, const char *path, id_finder find, bool repeats,
                         size_t count, bool value, bool *bitmap, const char *what, problem *p)
{
    bool ok = true;
    size_t i;
    const json_t *entry;
    json_array_foreach(list, i, entry) {
        const char *id = json_string_value(entry);
        long at = find(snap, id, 0);
        if (at < 0 || (size_t)at >= count) {
            char entry_path[96];
            jsonv_index_path(entry_path, sizeof entry_path, path, i);
            char closest[256];
            closest_ids(snap, find, id, closest, sizeof closest);
            problem_add_field(p, entry_path, "is not a %s in the catalog; closest: %s", what, closest);
            ok = false;
            continue;
        }
        while (at >= 0) {
            bitmap[at] = value;
            at = repeats ? find(snap, id, (size_t)at + 1) : -1;
        }
    }
    return ok;
}

static void unknown_geography(const char *path, size_t index, const char *also, problem *p)
{
    char entry_path[96], names[256];
    jsonv_index_path(entry_path, sizeof entry_path, path, index);
    problem_add_field(p, entry_path, "is not a %sgeography (%s)", also, vocab_geography_list(names, sizeof names));
}

/* constraints.geographies narrows the regions (after constraints.regions, when both are given). */
static void resolve_geographies(const catalog *snap, const json_t *list, rec_filters *f, problem *p)
{
    bool *in_geography = xcalloc(snap->region_count + 1, sizeof *in_geography);
    size_t i;
    const json_t *entry;
    json_array_foreach(list, i, entry) {
        const geography_info *g = vocab_geography_find(json_string_value(entry));
        if (g == NULL) {
            unknown_geography("constraints.geographies", i, "", p);
            continue;
        }
        for (size_t k = 0; k < snap->region_count; k++)
            in_geography[k] = in_geography[k] || vocab_geography_covers(g, snap->regions[k].geography);
    }
    if (f->region_ok == NULL) {
        f->region_ok = in_geography;
        return;
    }
    for (size_t k = 0; k < snap->region_count; k++)
        f->region_ok[k] = f->region_ok[k] && in_geography[k];
    free(in_geography);
}

/* constraints.prefer_regions: each entry a region id (at every provider that has it) or a geography name. */
static void resolve_preference(const catalog *snap, const json_t *list, rec_filters *f, problem *p)
{
    unsigned entries = (unsigned)json_array_size(list);
    f->region_preference = xcalloc(snap->region_count + 1, sizeof *f->region_preference);
    for (size_t k = 0; k < snap->region_count; k++)
        f->region_preference[k] = entries;
    size_t i;
    const json_t *entry;
    json_array_foreach(list, i, entry) {
        const char *name = json_string_value(entry);
        const geography_info *g = vocab_geography_find(name);
        bool named = false;
        for (size_t k = 0; k < snap->region_count; k++) {
            bool match = g != NULL ? vocab_geography_covers(g, snap->regions[k].geography)
                                   : strcmp(snap->regions[k].id, name) == 0;
            named = named || match;
            if (match && f->region_preference[k] > i)
                f->region_preference[k] = (unsigned)i;
        }
        if (g == NULL && !named)
            unknown_geography("constraints.prefer_regions", i, "region in the catalog nor a ", p);
    }
}

static void resolve_filters(const catalog *snap, const rec_request *r, rec_filters *f, problem *p)
{
    if (r->providers != NULL) {
        f->provider_ok = xcalloc(snap->provider_count + 1, sizeof *f->provider_ok);
        resolve_list(snap, r->providers, "constraints.providers", find_provider, false, snap->provider_count, true,
                     f->provider_ok, "provider", p);
    }
    if (r->regions != NULL) {
        f->region_ok = xcalloc(snap->region_count + 1, sizeof *f->region_ok);
        resolve_list(snap, r->regions, "constraints.regions", find_region, true, snap->region_count, true,
                     f->region_ok, "region", p);
    }
    if (r->geographies != NULL)
        resolve_geographies(snap, r->geographies, f, p);
    if (r->prefer_regions != NULL)
        resolve_preference(snap, r->prefer_regions, f, p);
    if (r->gpu_models != NULL || r->exclude_gpu_models != NULL) {
        f->gpu_ok = xcalloc(snap->gpu_count + 1, sizeof *f->gpu_ok);
        for (size_t g = 0; g < snap->gpu_count; g++)
            f->gpu_ok[g] = r->gpu_models == NULL;
        if (r->gpu_models != NULL)
            resolve_list(snap, r->gpu_models, "constraints.gpu_models", find_gpu, false, snap->gpu_count, true,
                         f->gpu_ok, "GPU id", p);
        if (r->exclude_gpu_models != NULL)
            resolve_list(snap, r->exclude_gpu_models, "constraints.exclude_gpu_models", find_gpu, false,
                         snap->gpu_count, false, f->gpu_ok, "GPU id", p);
    }
}

int recommend_parse(const catalog *snap, const json_t *request, rec_request *r, rec_filters *f, problem **error)
{
    problem *p = NULL;
    *error = NULL;
    if (!json_is_object(request)) {
        p = problem_new(400, "invalid-request", "Invalid request", "the body must be a JSON object, not %s",
                        request ? jsonv_type_name(request) : "empty");
        problem_add_field(p, "body", "must be a JSON object");
        *error = p;
        return -1;
    }
    p = problem_new(422, "invalid-request", "Invalid request", "one or more fields are invalid");
    jsonv_reject_unknown(request, "", top_fields, COUNT_OF(top_fields), p);
    const json_t *workload = NULL, *constraints = NULL;
    jsonv_object(request, "", "workload", true, &workload, p);
    jsonv_object(request, "", "constraints", false, &constraints, p);
    if (workload != NULL)
        parse_workload(snap, workload, r, p);
    int objective_index = OBJECTIVE_BALANCED;
    jsonv_enum(request, "", "objective", false, recommend_objective_names, OBJECTIVE_COUNT, &objective_index, p);
    r->objective = (objective)objective_index;
    long long limit = RECOMMEND_DEFAULT_LIMIT;
    jsonv_integer(request, "", "limit", false, 1, RECOMMEND_MAX_LIMIT, &limit, p);
    r->limit = (size_t)limit;
    parse_constraints(constraints, r, p);
    check_cross_fields(constraints, r, p);
    if (problem_field_count(p) == 0)
        resolve_filters(snap, r, f, p);
    if (problem_field_count(p) > 0) {
        *error = p;
        return -1;
    }
    problem_free(p);
    recommend_serving_prepare(r);
    return 0;
}
