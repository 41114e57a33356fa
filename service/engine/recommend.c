#include "engine/recommend.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/cost.h"
#include "wire/jsonv.h"
#include "base/numfmt.h"
#include "engine/sizing.h"
#include "base/util.h"

/* ---- request ---------------------------------------------------------------------------------------------------- */

typedef enum { OBJECTIVE_COST, OBJECTIVE_TIME, OBJECTIVE_BALANCED, OBJECTIVE_EFFICIENCY, OBJECTIVE_COUNT } objective;

static const char *const objective_names[OBJECTIVE_COUNT] = {"cost", "time", "balanced", "efficiency"};

/* Limits on what a client may send: wide enough for any real job, narrow enough that arithmetic stays finite. */
#define MAX_MODEL_PARAMS_B 100000.0 /* 100 trillion parameters */
#define MAX_TOKENS_B 1000000.0      /* a quadrillion tokens */
#define MAX_BATCH_SIZE 1000000
#define MAX_SEQUENCE_LENGTH 100000000
#define MAX_GPU_MEMORY_GB 10000000.0
#define MAX_GPUS 100000
#define MAX_JOB_HOURS 87600.0 /* ten years */
#define MAX_HOURLY_USD 10000000.0
#define MAX_TOTAL_USD 1e12
#define MAX_NODES 1024
#define MAX_LIST_ITEMS 256
#define MAX_NAME_LEN 128

/* Default node limits (the rule): serving and single-box work stay on one node; training, fine-tuning and HPC
 * (MPI) codes shard across up to 4 nodes joined by a cluster network. */
#define DEFAULT_MAX_NODES_SINGLE 1
#define DEFAULT_MAX_NODES_DISTRIBUTED 4

typedef struct rec_request {
    sizing_workload workload;
    workload_bound bound;
    bool latency_sensitive;
    bool checkpointing;
    long long gpus;    /* 0 = not given */
    double job_hours;  /* 0 = not given */
    bool pricing_allowed[PRICING_COUNT];
    bool pricing_given;
    double max_hourly_usd; /* 0 = no cap */
    double max_total_usd;  /* 0 = no cap */
    bool require_ecc;
    bool require_nvlink;
    bool require_fp64;
    long long min_gpus;    /* 0 = none */
    long long max_gpus;    /* 0 = none */
    long long max_nodes;
    objective objective;
    size_t limit;
    const json_t *providers; /* borrowed arrays, NULL when absent */
    const json_t *regions;
    const json_t *gpu_models;
    const json_t *exclude_gpu_models;
} rec_request;

/* The request's lists resolved against the snapshot: bitmaps parallel to the snapshot's arrays (NULL = all). */
typedef struct rec_filters {
    bool *provider_ok;
    bool *region_ok;
    bool *gpu_ok;
} rec_filters;

static void filters_free(rec_filters *f)
{
    free(f->provider_ok);
    free(f->region_ok);
    free(f->gpu_ok);
}

static const char *const top_fields[] = {"workload", "constraints", "objective", "limit"};
static const char *const workload_fields[] = {
    "kind",       "model_params_b",    "precision", "tokens_b", "batch_size", "sequence_length", "latency_sensitive",
    "checkpointing", "min_gpu_memory_gb", "gpus",   "hours",    "bound",      "utilization",
};
static const char *const constraint_fields[] = {
    "providers",      "regions",    "pricing",        "max_hourly_usd", "max_total_usd",
    "require_ecc",    "require_nvlink", "require_fp64", "gpu_models",   "exclude_gpu_models",
    "min_gpus",       "max_gpus",   "max_nodes",
};

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

static void parse_workload(const json_t *w, rec_request *r, problem *p)
{
    const char *const *kind_names = (const char *const[]){
        workload_kind_name(WORKLOAD_TRAINING), workload_kind_name(WORKLOAD_FINE_TUNING),
        workload_kind_name(WORKLOAD_INFERENCE), workload_kind_name(WORKLOAD_HPC),
        workload_kind_name(WORKLOAD_RENDERING), workload_kind_name(WORKLOAD_GENERAL)};
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
        r->workload.precision = sizing_default_precision(r->workload.kind);

    int bound = -1;
    if (jsonv_enum(w, "workload", "bound", false, bound_names, BOUND_COUNT, &bound, p))
        r->bound = (workload_bound)bound;
    else /* serving a model is decode-dominated, which streams the weights once per token (sizing.h) */
        r->bound = r->workload.kind == WORKLOAD_INFERENCE ? BOUND_MEMORY_BANDWIDTH : BOUND_COMPUTE;

    double number;
    long long whole;
    if (jsonv_number(w, "workload", "model_params_b", false, 0.001, MAX_MODEL_PARAMS_B, &number, p))
        r->workload.model_params_b = number;
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

    if (!kind_ok)
        return;
    workload_kind k = r->workload.kind;
    bool trains = k == WORKLOAD_TRAINING || k == WORKLOAD_FINE_TUNING;
    if (trains && json_object_get(w, "model_params_b") == NULL)
        problem_add_field(p, "workload.model_params_b", "is required for %s", workload_kind_name(k));
    if (k == WORKLOAD_INFERENCE && json_object_get(w, "model_params_b") == NULL &&
        json_object_get(w, "min_gpu_memory_gb") == NULL)
        problem_add_field(p, "workload.model_params_b", "is required for inference unless min_gpu_memory_gb is given");
    if (!trains && json_object_get(w, "tokens_b") != NULL)
        problem_add_field(p, "workload.tokens_b", "only training and fine_tuning take a token budget; give hours");
    if (r->workload.tokens_b > 0 && r->job_hours > 0)
        problem_add_field(p, "workload.hours",
                          "give either tokens_b (time is then computed per instance) or hours, not both");
}

/* Pricing defaults to on-demand; spot joins when the job checkpoints, because only then can it survive a reclaim. */
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
                    problem_add_field(p, path,
                                      "must be one of: on_demand, spot, reserved_1y, reserved_3y, savings_plan_1y, "
                                      "savings_plan_3y");
                }
            }
            r->pricing_given = true;
        }
        return;
    }
    r->pricing_allowed[PRICING_ON_DEMAND] = true;
    r->pricing_allowed[PRICING_SPOT] = r->checkpointing;
}

static void parse_constraints(const json_t *c, rec_request *r, problem *p)
{
    double number;
    long long whole;
    r->max_nodes = r->workload.kind == WORKLOAD_TRAINING || r->workload.kind == WORKLOAD_FINE_TUNING ||
                           r->workload.kind == WORKLOAD_HPC
                       ? DEFAULT_MAX_NODES_DISTRIBUTED
                       : DEFAULT_MAX_NODES_SINGLE;
    parse_pricing(c, r, p);
    if (c == NULL)
        return;
    jsonv_reject_unknown(c, "constraints", constraint_fields, COUNT_OF(constraint_fields), p);
    jsonv_string_array(c, "constraints", "providers", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->providers, p);
    jsonv_string_array(c, "constraints", "regions", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->regions, p);
    jsonv_string_array(c, "constraints", "gpu_models", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->gpu_models, p);
    jsonv_string_array(c, "constraints", "exclude_gpu_models", MAX_LIST_ITEMS, MAX_NAME_LEN, &r->exclude_gpu_models,
                       p);
    /* an empty allow-list would reject every offer: it is a client mistake, not a request for nothing */
    if (r->providers != NULL && json_array_size(r->providers) == 0)
        problem_add_field(p, "constraints.providers", "must name at least one provider, or be left out");
    if (r->regions != NULL && json_array_size(r->regions) == 0)
        problem_add_field(p, "constraints.regions", "must name at least one region, or be left out");
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
    if (jsonv_integer(c, "constraints", "max_nodes", false, 1, MAX_NODES, &whole, p))
        r->max_nodes = whole;
    if (r->min_gpus > 0 && r->max_gpus > 0 && r->min_gpus > r->max_gpus)
        problem_add_field(p, "constraints.min_gpus", "must not exceed max_gpus (%lld)", r->max_gpus);
}

static void check_cross_fields(const json_t *c, rec_request *r, problem *p)
{
    if (r->gpus > 0 && r->max_gpus > 0 && r->gpus > r->max_gpus)
        problem_add_field(p, "workload.gpus", "exceeds constraints.max_gpus (%lld)", r->max_gpus);
    if (r->gpus > 0 && r->min_gpus > 0 && r->gpus < r->min_gpus)
        problem_add_field(p, "workload.gpus", "is below constraints.min_gpus (%lld)", r->min_gpus);
    bool length_known = r->job_hours > 0 || (r->workload.tokens_b > 0 && r->workload.model_params_b > 0);
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
            problem_add_field(p, entry_path, "is not a %s in the catalog", what);
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

/* ---- candidates ------------------------------------------------------------------------------------------------- */

typedef enum {
    REJECT_PROVIDER,
    REJECT_REGION,
    REJECT_GPU_MODEL,
    REJECT_NO_ECC,
    REJECT_NO_FP64,
    REJECT_PRECISION,
    REJECT_NO_NVLINK,
    REJECT_MEMORY,
    REJECT_NO_CLUSTER,
    REJECT_MAX_NODES,
    REJECT_GPU_COUNT,
    REJECT_PRICING,
    REJECT_MAX_HOURLY,
    REJECT_MAX_TOTAL,
    REJECT_COUNT,
    REJECT_NONE = REJECT_COUNT
} reject_reason;

static const char *const reject_names[REJECT_COUNT] = {
    [REJECT_PROVIDER] = "provider_not_allowed",
    [REJECT_REGION] = "region_not_allowed",
    [REJECT_GPU_MODEL] = "gpu_model_not_allowed",
    [REJECT_NO_ECC] = "no_ecc",
    [REJECT_NO_FP64] = "no_fp64",
    [REJECT_PRECISION] = "precision_unsupported",
    [REJECT_NO_NVLINK] = "no_nvlink",
    [REJECT_MEMORY] = "insufficient_gpu_memory",
    [REJECT_NO_CLUSTER] = "no_cluster_network",
    [REJECT_MAX_NODES] = "exceeds_max_nodes",
    [REJECT_GPU_COUNT] = "gpu_count",
    [REJECT_PRICING] = "pricing_not_allowed",
    [REJECT_MAX_HOURLY] = "over_max_hourly_usd",
    [REJECT_MAX_TOTAL] = "over_max_total_usd",
};

/* What an instance type gives the job, independent of region and price. */
typedef struct fit {
    unsigned nodes;
    double total_gpus;       /* nodes x gpu_count (fractional for a slice) */
    double useful_gpus;      /* the GPUs the job can keep busy (inference: those holding one model replica) */
    double total_memory_gb;
    double peak_per_gpu;     /* dense TFLOPS (TOPS) at the precision, for a whole GPU */
    double throughput;       /* compute: total TFLOPS; memory_bandwidth: total GB/s; both scaled by a slice */
    double hours;            /* NAN when the job's length is unknown */
    double penalty;          /* >= 1: the fit's drawbacks for the balanced and efficiency objectives */
    double watts;            /* board power of the GPUs used (a slice's share) */
    bool model_on_one_gpu;
    bool one_nvlink_domain;
} fit;

typedef struct candidate {
    const catalog_offer *offer;
    pricing_model pricing;
    fit fit;
    double hourly_usd; /* all nodes */
    double total_usd;  /* NAN when the job's length is unknown */
    double metric;     /* the objective's figure, lower is better */
    double second;     /* tie-breaker figure, lower is better */
    unsigned regions_passing; /* regions of the instance where this pricing passed every constraint */
} candidate;

/* CUDA C++ Programming Guide, "Arithmetic Instructions" throughput table: FP64 runs at 1/2 the FP32 rate on compute
 * capability 6.0, 7.0, 8.0 and 9.0 data-centre parts (P100, V100, A100, H100), but at 1/32 on 7.5 (T4) and 1/64 on 8.6
 * and 8.9 (A10, L4, L40S). A part below 1/8 of its FP32 rate is built for graphics and inference, not FP64 HPC. */
#define REAL_FP64_MIN_RATIO (1.0 / 8.0)

static bool has_real_fp64(const catalog_gpu *gpu)
{
    double fp64 = catalog_gpu_peak(gpu, PRECISION_FP64);
    return fp64 > 0 && gpu->fp32_tflops > 0 && fp64 >= gpu->fp32_tflops * REAL_FP64_MIN_RATIO;
}

static bool has_nvlink(const catalog_instance *inst)
{
    return inst->gpu_interconnect != NULL &&
           (strcmp(inst->gpu_interconnect, "nvlink") == 0 || strcmp(inst->gpu_interconnect, "nvswitch") == 0);
}

/* NVLink, NVSwitch and AMD's Infinity Fabric (xGMI) all join a node's GPUs into one high-bandwidth domain. */
static bool has_gpu_fabric(const catalog_instance *inst)
{
    return has_nvlink(inst) || (inst->gpu_interconnect != NULL && strcmp(inst->gpu_interconnect, "xgmi") == 0);
}

static bool has_cluster_network(const catalog_instance *inst)
{
    return inst->cluster_network != NULL && inst->cluster_network[0] != '\0' &&
           strcmp(inst->cluster_network, "none") != 0;
}

static bool wants_fp64(const rec_request *r)
{
    return r->require_fp64 || r->workload.precision == PRECISION_FP64;
}

static reject_reason gpu_check(const rec_request *r, const rec_filters *f, const catalog *snap, size_t g)
{
    const catalog_gpu *gpu = &snap->gpus[g];
    if (f->gpu_ok != NULL && !f->gpu_ok[g])
        return REJECT_GPU_MODEL;
    if (r->require_ecc && !gpu->ecc)
        return REJECT_NO_ECC;
    if (wants_fp64(r) && !has_real_fp64(gpu))
        return REJECT_NO_FP64;
    double peak = catalog_gpu_peak(gpu, r->workload.precision);
    if (!(peak > 0))
        return REJECT_PRECISION;
    return REJECT_NONE;
}

/* Fit penalties of this project (shaping, not measured figures): a latency-sensitive model that must cross GPUs pays
 * for the extra hop per token: little inside an NVLink domain, more over PCIe, most across nodes; any multi-node job
 * pays 5% per extra node for collective communication over the cluster network. */
#define PENALTY_LATENCY_NVLINK 1.1
#define PENALTY_LATENCY_PCIE 1.5
#define PENALTY_LATENCY_NODES 2.0
#define PENALTY_PER_EXTRA_NODE 0.05

static reject_reason instance_check(const rec_request *r, const rec_filters *f, const catalog *snap,
                                    const sizing_requirements *req, const catalog_instance *inst, fit *out)
{
    const catalog_gpu *gpu = inst->gpu;
    if (f->provider_ok != NULL) {
        const catalog_provider *provider = inst->provider;
        long at = provider >= snap->providers && provider < snap->providers + snap->provider_count
                      ? (long)(provider - snap->providers)
                      : catalog_provider_index(snap, provider->id);
        if (at < 0 || !f->provider_ok[at])
            return REJECT_PROVIDER;
    }
    if (r->require_nvlink && !has_nvlink(inst))
        return REJECT_NO_NVLINK;
    if (!(inst->gpu_count > 0) || !(inst->gpu_memory_gb > 0))
        return REJECT_MEMORY;

    memset(out, 0, sizeof *out);
    unsigned nodes;
    if (r->gpus > 0) {
        double exact = (double)r->gpus / inst->gpu_count;
        if (inst->gpu_count < 1.0 || exact != floor(exact) || exact < 1.0)
            return REJECT_GPU_COUNT;
        if (exact > 1.0 && !has_cluster_network(inst))
            return REJECT_NO_CLUSTER;
        if (exact > (double)r->max_nodes)
            return REJECT_MAX_NODES;
        nodes = (unsigned)exact;
        if (nodes * inst->gpu_memory_gb < req->gpu_memory_gb)
            return REJECT_MEMORY;
    } else {
        nodes = sizing_nodes_for_memory(req->gpu_memory_gb, inst->gpu_memory_gb);
        if (nodes > 1 && !has_cluster_network(inst))
            return REJECT_MEMORY;
        /* a floor on GPUs adds nodes beyond what memory needs (a data-parallel job that wants 16 GPUs) */
        if (r->min_gpus > 0 && inst->gpu_count >= 1.0 && nodes * inst->gpu_count < (double)r->min_gpus) {
            double wanted = ceil((double)r->min_gpus / inst->gpu_count);
            if (wanted > (double)r->max_nodes)
                return REJECT_MAX_NODES;
            nodes = (unsigned)wanted;
            if (nodes > 1 && !has_cluster_network(inst))
                return REJECT_NO_CLUSTER;
        }
        if (nodes > (unsigned long long)r->max_nodes)
            return REJECT_MAX_NODES;
    }
    double total_gpus = nodes * inst->gpu_count;
    if ((r->min_gpus > 0 && total_gpus < (double)r->min_gpus) || (r->max_gpus > 0 && total_gpus > (double)r->max_gpus))
        return REJECT_GPU_COUNT;

    out->nodes = nodes;
    out->total_gpus = total_gpus;
    out->total_memory_gb = nodes * inst->gpu_memory_gb;
    out->peak_per_gpu = catalog_gpu_peak(gpu, r->workload.precision);
    /* Serving one model uses only the GPUs that hold it: a 7B model on an 8-GPU box leaves seven idle however fast
     * they are. Other kinds spread over every GPU (data parallelism, MPI ranks, render tiles). */
    out->useful_gpus = total_gpus;
    if (r->workload.kind == WORKLOAD_INFERENCE && r->gpus == 0 && inst->gpu_count >= 1.0) {
        double holding = ceil(req->gpu_memory_gb / (inst->gpu_memory_gb / inst->gpu_count));
        if (holding < 1.0)
            holding = 1.0;
        if (holding < total_gpus)
            out->useful_gpus = holding;
    }
    out->throughput = r->bound == BOUND_MEMORY_BANDWIDTH ? out->useful_gpus * gpu->memory_bandwidth_gb_per_s
                                                          : out->useful_gpus * out->peak_per_gpu;
    out->watts = total_gpus * gpu->tdp_watts;
    if (req->flops > 0)
        out->hours = sizing_job_hours(req->flops, total_gpus, out->peak_per_gpu, req->utilization);
    else
        out->hours = r->job_hours > 0 ? r->job_hours : NAN;

    double memory_per_gpu = inst->gpu_count >= 1.0 ? inst->gpu_memory_gb / inst->gpu_count : inst->gpu_memory_gb;
    out->model_on_one_gpu = req->gpu_memory_gb <= memory_per_gpu;
    out->one_nvlink_domain = nodes == 1 && (out->model_on_one_gpu || has_gpu_fabric(inst));
    out->penalty = 1.0 + PENALTY_PER_EXTRA_NODE * (nodes - 1);
    if (r->workload.kind == WORKLOAD_INFERENCE && r->latency_sensitive && !out->model_on_one_gpu)
        out->penalty *= nodes > 1 ? PENALTY_LATENCY_NODES
                                  : (out->one_nvlink_domain ? PENALTY_LATENCY_NVLINK : PENALTY_LATENCY_PCIE);
    return REJECT_NONE;
}

static void score_candidate(const rec_request *r, candidate *c)
{
    const fit *ft = &c->fit;
    switch (r->objective) {
    case OBJECTIVE_COST:
        c->metric = isnan(c->total_usd) ? c->hourly_usd : c->total_usd;
        c->second = isnan(ft->hours) ? 1.0 / ft->throughput : ft->hours;
        break;
    case OBJECTIVE_TIME:
        c->metric = isnan(ft->hours) ? 1.0 / ft->throughput : ft->hours;
        c->second = isnan(c->total_usd) ? c->hourly_usd : c->total_usd;
        break;
    case OBJECTIVE_BALANCED:
        c->metric = c->hourly_usd / ft->throughput * ft->penalty;
        c->second = c->hourly_usd;
        break;
    case OBJECTIVE_EFFICIENCY:
        /* the geometric mean of watts per unit of throughput and dollars per unit of throughput */
        c->metric = sqrt(ft->watts / ft->throughput * c->hourly_usd / ft->throughput) * ft->penalty;
        c->second = c->hourly_usd;
        break;
    case OBJECTIVE_COUNT: break;
    }
}

/* Total order: better metric, then the tie-breaker, then provider, instance, region and pricing model. < 0 when a
 * ranks before b. */
static int candidate_cmp(const candidate *a, const candidate *b)
{
    if (a->metric != b->metric)
        return a->metric < b->metric ? -1 : 1;
    if (a->second != b->second)
        return a->second < b->second ? -1 : 1;
    const catalog_instance *ia = a->offer->instance, *ib = b->offer->instance;
    int diff = strcmp(ia->provider->id, ib->provider->id);
    if (diff == 0)
        diff = strcmp(ia->id, ib->id);
    if (diff == 0)
        diff = strcmp(a->offer->region->id, b->offer->region->id);
    if (diff == 0)
        diff = (int)a->pricing - (int)b->pricing;
    return diff;
}

/* A bounded heap holding the best `capacity` candidates, the worst of them at the root. */
typedef struct top_heap {
    candidate *items;
    size_t count;
    size_t capacity;
} top_heap;

static void heap_swap(candidate *a, candidate *b)
{
    candidate t = *a;
    *a = *b;
    *b = t;
}

static void heap_sift_down(top_heap *h, size_t at)
{
    for (;;) {
        size_t worst = at, left = 2 * at + 1, right = left + 1;
        if (left < h->count && candidate_cmp(&h->items[left], &h->items[worst]) > 0)
            worst = left;
        if (right < h->count && candidate_cmp(&h->items[right], &h->items[worst]) > 0)
            worst = right;
        if (worst == at)
            return;
        heap_swap(&h->items[at], &h->items[worst]);
        at = worst;
    }
}

static void heap_offer(top_heap *h, const candidate *c)
{
    if (h->count < h->capacity) {
        size_t at = h->count++;
        h->items[at] = *c;
        while (at > 0) {
            size_t parent = (at - 1) / 2;
            if (candidate_cmp(&h->items[at], &h->items[parent]) <= 0)
                break;
            heap_swap(&h->items[at], &h->items[parent]);
            at = parent;
        }
    } else if (h->capacity > 0 && candidate_cmp(c, &h->items[0]) < 0) {
        h->items[0] = *c;
        heap_sift_down(h, 0);
    }
}

static int candidate_qsort_cmp(const void *a, const void *b)
{
    return candidate_cmp(a, b);
}

typedef struct walk_state {
    size_t considered;
    size_t rejected[REJECT_COUNT];
    top_heap heap;
} walk_state;

/* What a node price under model m comes to for fit ft: *hourly_usd for all nodes and *total_usd for the job (NAN when
 * its length is unknown). Returns REJECT_NONE, or the cap the price exceeds (the hourly cap is judged first). Both
 * figures rise with price_hourly_usd, so a price that passes both caps passes them for every cheaper price too. */
static reject_reason cost_at(const rec_request *r, const fit *ft, pricing_model m, double price_hourly_usd,
                             double *hourly_usd, double *total_usd)
{
    *hourly_usd = price_hourly_usd * ft->nodes;
    *total_usd = NAN;
    if (r->max_hourly_usd > 0 && *hourly_usd > r->max_hourly_usd)
        return REJECT_MAX_HOURLY;
    if (!isnan(ft->hours)) {
        /* a commitment bills its whole term whether the job uses it or not (cost.h) */
        double billed = ft->hours;
        double term = (double)cost_term_hours(m);
        if (term > billed)
            billed = term;
        *total_usd = *hourly_usd * billed;
    }
    if (r->max_total_usd > 0 && !isnan(*total_usd) && *total_usd > r->max_total_usd)
        return REJECT_MAX_TOTAL;
    return REJECT_NONE;
}

/* Prices one offer under every allowed pricing model; keeps, per model, the instance's best region in best[]. */
static void price_offer(const rec_request *r, const catalog_offer *offer, const fit *ft, candidate *best, bool *have,
                        unsigned *passing, walk_state *st)
{
    bool any_allowed = false, any_passed = false;
    reject_reason first_failure = REJECT_NONE;
    for (int m = 0; m < PRICING_COUNT; m++) {
        const catalog_price *price = &offer->prices[m];
        if (!r->pricing_allowed[m] || !price->present || !(price->hourly_usd > 0))
            continue;
        any_allowed = true;
        candidate c = {.offer = offer, .pricing = (pricing_model)m, .fit = *ft};
        reject_reason failure = cost_at(r, ft, (pricing_model)m, price->hourly_usd, &c.hourly_usd, &c.total_usd);
        if (failure == REJECT_MAX_HOURLY) {
            if (first_failure == REJECT_NONE)
                first_failure = REJECT_MAX_HOURLY;
            continue;
        }
        if (failure == REJECT_MAX_TOTAL) {
            if (first_failure == REJECT_NONE || first_failure == REJECT_MAX_HOURLY)
                first_failure = REJECT_MAX_TOTAL;
            continue;
        }
        score_candidate(r, &c);
        any_passed = true;
        passing[m]++;
        if (!have[m] || candidate_cmp(&c, &best[m]) < 0) {
            best[m] = c;
            have[m] = true;
        }
    }
    if (any_passed)
        return;
    st->rejected[any_allowed ? first_failure : REJECT_PRICING]++;
}

static bool region_allowed(const rec_filters *f, const catalog *snap, const catalog_region *region)
{
    if (f->region_ok == NULL)
        return true;
    if (region >= snap->regions && region < snap->regions + snap->region_count)
        return f->region_ok[region - snap->regions];
    return false;
}

/* Judges one instance type's offers one by one, and offers its best region per pricing model to the heap. Its offers
 * are indexes[first .. first + count), or offers[first .. first + count) when indexes is NULL. */
static void walk_instance(const rec_request *r, const rec_filters *f, const catalog *snap,
                          const sizing_requirements *req, const catalog_instance *inst, const size_t *indexes,
                          size_t first, size_t count, walk_state *st)
{
    fit ft;
    reject_reason inst_reason = instance_check(r, f, snap, req, inst, &ft);
    candidate best[PRICING_COUNT];
    bool have[PRICING_COUNT] = {false};
    unsigned passing[PRICING_COUNT] = {0};
    for (size_t k = first; k < first + count; k++) {
        const catalog_offer *offer = &snap->offers[indexes ? indexes[k] : k];
        if (inst_reason == REJECT_PROVIDER)
            st->rejected[REJECT_PROVIDER]++;
        else if (!region_allowed(f, snap, offer->region))
            st->rejected[REJECT_REGION]++;
        else if (inst_reason != REJECT_NONE)
            st->rejected[inst_reason]++;
        else
            price_offer(r, offer, &ft, best, have, passing, st);
    }
    for (int m = 0; m < PRICING_COUNT; m++) {
        if (have[m]) {
            best[m].regions_passing = passing[m];
            heap_offer(&st->heap, &best[m]);
        }
    }
}

/* Walks only the offers of GPUs that can run the job (offers_by_gpu), one instance type at a time: an instance's
 * offers are contiguous there because offers are sorted by provider, instance, region. */
static void walk_offers(const rec_request *r, const rec_filters *f, const catalog *snap,
                        const sizing_requirements *req, walk_state *st)
{
    for (size_t g = 0; g < snap->gpu_count && snap->offers_by_gpu != NULL; g++) {
        const catalog_index *index = &snap->offers_by_gpu[g];
        st->considered += index->count;
        reject_reason gpu_reason = gpu_check(r, f, snap, g);
        if (gpu_reason != REJECT_NONE) {
            st->rejected[gpu_reason] += index->count;
            continue;
        }
        size_t i = 0;
        while (i < index->count) {
            const catalog_instance *inst = snap->offers[index->offers[i]].instance;
            size_t end = i;
            while (end < index->count && snap->offers[index->offers[end]].instance == inst)
                end++;
            walk_instance(r, f, snap, req, inst, index->offers, i, end - i, st);
            i = end;
        }
    }
}

/* The candidate of one instance type under model m in its best region, when every one of its regions passes the price
 * caps: the cheapest region (catalog_cheapest), or, where another region's price is within a rounding step, the
 * best of them compared one by one as walk_instance() would. */
static void cheapest_candidate(const rec_request *r, const catalog *snap, const catalog_cheapest *cheapest,
                               pricing_model m, const fit *ft, candidate *out)
{
    const catalog_instance *inst = snap->offers[cheapest->offer].instance;
    size_t first = cheapest->near_tie ? inst->first_offer : cheapest->offer;
    size_t end = cheapest->near_tie ? inst->first_offer + inst->offer_count : cheapest->offer + 1;
    bool have = false;
    for (size_t k = first; k < end; k++) {
        const catalog_price *price = &snap->offers[k].prices[m];
        if (!price->present || !(price->hourly_usd > 0))
            continue;
        candidate c = {.offer = &snap->offers[k], .pricing = m, .fit = *ft};
        cost_at(r, ft, m, price->hourly_usd, &c.hourly_usd, &c.total_usd);
        score_candidate(r, &c);
        if (!have || candidate_cmp(&c, out) < 0) {
            *out = c;
            have = true;
        }
    }
    out->regions_passing = cheapest->regions;
}

/* The shape's offers in regions the request allows. */
static size_t offers_in_regions(const rec_filters *f, const catalog_shape *shape)
{
    size_t offers = 0;
    for (size_t i = 0; i < shape->region_offers_count; i++)
        if (f->region_ok[shape->region_offers[i].region])
            offers += shape->region_offers[i].offers;
    return offers;
}

static bool metric_worse(const candidate *a, const candidate *b)
{
    return a->metric > b->metric || (a->metric == b->metric && a->second > b->second);
}

/* Offers a shape's instance types under model m to the heap, cheapest first, while they can still enter it: within a
 * shape every instance type fits alike, so metric and tie-breaker rise with the price, and once one is worse than the
 * heap's worst on both, every dearer one is too. */
static void rank_shape(const rec_request *r, const catalog *snap, const catalog_shape *shape, pricing_model m,
                       const fit *ft, walk_state *st)
{
    for (size_t i = 0; i < shape->cheapest_count[m]; i++) {
        candidate c;
        cheapest_candidate(r, snap, &shape->cheapest[m][i], m, ft, &c);
        if (st->heap.count == st->heap.capacity && candidate_cmp(&c, &st->heap.items[0]) >= 0) {
            if (metric_worse(&c, &st->heap.items[0]))
                return;
            continue;
        }
        heap_offer(&st->heap, &c);
    }
}

static void walk_shape_offers(const rec_request *r, const rec_filters *f, const catalog *snap,
                              const sizing_requirements *req, const catalog_shape *shape, walk_state *st)
{
    for (size_t i = 0; i < shape->instance_count; i++) {
        const catalog_instance *inst = &snap->instances[shape->instances[i]];
        walk_instance(r, f, snap, req, inst, NULL, inst->first_offer, inst->offer_count, st);
    }
}

/* The same judgement as walk_offers(), one shape at a time (catalog.h): the GPU and instance checks once per shape,
 * the counts of rejected offers from the shape's tallies, and prices from each instance type's cheapest region. Its
 * cost grows with the number of shapes and the limit, not with the offers. A shape is walked offer by offer only when
 * its prices straddle a price cap, or when the region allow-list takes some of its offers and leaves others (a best
 * region is then one of the allowed ones, which only the offers tell). Needs snap->shapes. */
static void walk_shapes(const rec_request *r, const rec_filters *f, const catalog *snap,
                        const sizing_requirements *req, walk_state *st)
{
    unsigned allowed = 0;
    for (int m = 0; m < PRICING_COUNT; m++)
        if (r->pricing_allowed[m])
            allowed |= 1u << m;
    reject_reason *gpu_reasons = xcalloc(snap->gpu_count + 1, sizeof *gpu_reasons);
    for (size_t g = 0; g < snap->gpu_count; g++)
        gpu_reasons[g] = gpu_check(r, f, snap, g);
    for (size_t s = 0; s < snap->shape_count; s++) {
        const catalog_shape *shape = &snap->shapes[s];
        st->considered += shape->offer_count;
        reject_reason gpu_reason = gpu_reasons[shape->example->gpu - snap->gpus];
        reject_reason reason = gpu_reason;
        fit ft;
        if (reason == REJECT_NONE)
            reason = instance_check(r, f, snap, req, shape->example, &ft);
        /* as in walk_instance(): the GPU and provider refusals count before the region one, the others after it */
        size_t in_regions = shape->offer_count;
        if (f->region_ok != NULL && gpu_reason == REJECT_NONE && reason != REJECT_PROVIDER)
            in_regions = offers_in_regions(f, shape);
        if (reason != REJECT_NONE) {
            st->rejected[REJECT_REGION] += shape->offer_count - in_regions;
            st->rejected[reason] += in_regions;
            continue;
        }
        if (in_regions == 0) {
            st->rejected[REJECT_REGION] += shape->offer_count;
            continue;
        }
        if (in_regions < shape->offer_count) { /* the region allow-list splits instance types: judge offer by offer */
            walk_shape_offers(r, f, snap, req, shape, st);
            continue;
        }
        size_t unpriced = 0, priced = 0;
        for (size_t i = 0; i < shape->mix_count; i++) {
            if (shape->mixes[i].models & allowed)
                priced += shape->mixes[i].offers;
            else
                unpriced += shape->mixes[i].offers;
        }
        bool all_pass = true, all_over_hourly = true;
        for (int m = 0; m < PRICING_COUNT; m++) {
            if (!(allowed & (1u << m)) || shape->cheapest_count[m] == 0)
                continue;
            double hourly_usd, total_usd;
            if (cost_at(r, &ft, (pricing_model)m, shape->dearest_usd[m], &hourly_usd, &total_usd) != REJECT_NONE)
                all_pass = false;
            if (cost_at(r, &ft, (pricing_model)m, shape->cheapest[m][0].hourly_usd, &hourly_usd, &total_usd) !=
                REJECT_MAX_HOURLY)
                all_over_hourly = false;
        }
        if (all_pass) {
            st->rejected[REJECT_PRICING] += unpriced;
            for (int m = 0; m < PRICING_COUNT; m++)
                if (allowed & (1u << m))
                    rank_shape(r, snap, shape, (pricing_model)m, &ft, st);
        } else if (all_over_hourly) {
            /* every allowed price of every offer fails the hourly cap, which is judged before the total one */
            st->rejected[REJECT_PRICING] += unpriced;
            st->rejected[REJECT_MAX_HOURLY] += priced;
        } else {
            walk_shape_offers(r, f, snap, req, shape, st);
        }
    }
    free(gpu_reasons);
}

/* ---- response --------------------------------------------------------------------------------------------------- */

/* A number as the answer shows it: rounded to 1/scale (NAN stays NAN, which jsonw writes as null). */
static void write_rounded(jsonw *out, double value, double scale)
{
    jsonw_real(out, round(value * scale) / scale);
}

/* A count that may be fractional (GPU slices): an integer when whole, else rounded to 1/1000. */
static void write_count(jsonw *out, double value)
{
    if (value == floor(value) && fabs(value) < 9e15)
        jsonw_integer(out, (long long)value);
    else
        write_rounded(out, value, 1000.0);
}

/* A figure the answer gives only when known (> 0), else null. */
static void write_positive_or_null(jsonw *out, double value, double scale)
{
    if (value > 0)
        write_rounded(out, value, scale);
    else
        jsonw_null(out);
}

static const char *peak_metric_name(precision p)
{
    switch (p) {
    case PRECISION_FP64: return "fp64_tflops";
    case PRECISION_FP32: return "fp32_tflops";
    case PRECISION_TF32: return "tf32_tflops";
    case PRECISION_BF16: return "bf16_tflops";
    case PRECISION_FP16: return "fp16_tflops";
    case PRECISION_FP8: return "fp8_tflops";
    case PRECISION_INT8:
    case PRECISION_INT4: return "int8_tops";
    case PRECISION_COUNT: break;
    }
    return "fp32_tflops";
}

static const char *throughput_unit(precision p)
{
    return p == PRECISION_INT8 || p == PRECISION_INT4 ? "TOPS" : "TFLOPS";
}

static const char *score_metric_name(const rec_request *r, bool length_known)
{
    bool bw = r->bound == BOUND_MEMORY_BANDWIDTH;
    switch (r->objective) {
    case OBJECTIVE_COST: return length_known ? "estimated_total_usd" : "hourly_usd";
    case OBJECTIVE_TIME: return length_known ? "estimated_hours" : (bw ? "1 / memory_bandwidth" : "1 / peak");
    case OBJECTIVE_BALANCED:
        return bw ? "hourly_usd per GB/s of memory bandwidth, x fit penalty"
                  : "hourly_usd per effective peak TFLOPS, x fit penalty";
    case OBJECTIVE_EFFICIENCY:
        return bw ? "sqrt(watts per GB/s x hourly_usd per GB/s), x fit penalty"
                  : "sqrt(watts per TFLOPS x hourly_usd per TFLOPS), x fit penalty";
    case OBJECTIVE_COUNT: break;
    }
    return "";
}

static void write_requirements(jsonw *out, const rec_request *r, const sizing_requirements *req)
{
    jsonw_object_begin(out);
    jsonw_member_string(out, "kind", workload_kind_name(r->workload.kind));
    jsonw_key(out, "gpu_memory_gb");
    write_rounded(out, req->gpu_memory_gb, 100.0);
    jsonw_key(out, "weights_gb");
    write_positive_or_null(out, req->weights_gb, 100.0);
    jsonw_member_string(out, "precision", precision_name(r->workload.precision));
    jsonw_member_real(out, "bytes_per_param", sizing_bytes_per_param(r->workload.precision));
    jsonw_member_string(out, "peak_metric", peak_metric_name(r->workload.precision));
    jsonw_member_string(out, "bound", workload_bound_name(r->bound));
    jsonw_key(out, "flops");
    if (req->flops > 0)
        jsonw_real(out, req->flops);
    else
        jsonw_null(out);
    jsonw_member_real(out, "utilization", req->utilization);
    jsonw_key(out, "job_hours");
    if (r->job_hours > 0)
        jsonw_real(out, r->job_hours);
    else
        jsonw_null(out);
    jsonw_member_integer(out, "max_nodes", r->max_nodes);
    jsonw_key(out, "pricing");
    jsonw_array_begin(out);
    for (int m = 0; m < PRICING_COUNT; m++)
        if (r->pricing_allowed[m])
            jsonw_string(out, pricing_model_name((pricing_model)m));
    jsonw_array_end(out);
    jsonw_member_string(out, "formula", req->formula);
    jsonw_object_end(out);
}

#define MAX_NOTES 8

typedef struct notes {
    char text[MAX_NOTES][256];
    size_t count;
} notes;

static void note(notes *n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(notes *n, const char *fmt, ...)
{
    if (n->count >= MAX_NOTES)
        return;
    va_list args;
    va_start(args, fmt);
    numfmt_vformat(n->text[n->count++], sizeof n->text[0], fmt, args);
    va_end(args);
}

static void write_notes(jsonw *out, const notes *n)
{
    jsonw_array_begin(out);
    for (size_t i = 0; i < n->count; i++)
        jsonw_string(out, n->text[i]);
    jsonw_array_end(out);
}

/* Workloads whose results people rely on without checking every bit: a flipped bit silently corrupts a model or a
 * simulation, so ECC matters. Rendering and general compute are judged by eye or rerun cheaply. */
static bool production_class(workload_kind kind)
{
    return kind == WORKLOAD_TRAINING || kind == WORKLOAD_FINE_TUNING || kind == WORKLOAD_INFERENCE ||
           kind == WORKLOAD_HPC;
}

/* A spot job shorter than this loses little when reclaimed, so it gets no warning. */
#define SPOT_LONG_JOB_HOURS 1.0

/* The fetch time last parsed while answering one request: prices share their fetch-time text (the snapshot interns
 * strings), so one parse usually serves every recommendation. */
typedef struct fetch_time_memo {
    const char *text;
    int rc;
    time_t fetched;
} fetch_time_memo;

static int parse_fetch_time(fetch_time_memo *memo, const char *text, time_t *fetched)
{
    if (memo->text == NULL || memo->text != text) {
        memo->rc = util_parse_time(text, &memo->fetched);
        memo->text = text;
    }
    *fetched = memo->fetched;
    return memo->rc;
}

static void explain(const rec_request *r, const sizing_requirements *req, const recommend_options *opts,
                    const candidate *c, fetch_time_memo *memo, notes *reasons, notes *warnings)
{
    const catalog_instance *inst = c->offer->instance;
    const catalog_gpu *gpu = inst->gpu;
    const catalog_price *price = &c->offer->prices[c->pricing];
    const fit *ft = &c->fit;
    const char *unit = throughput_unit(r->workload.precision);
    const char *pricing = pricing_model_name(c->pricing);

    if (ft->nodes > 1)
        note(reasons, "Fits %.1f GB of GPU memory across %u nodes x %g %s (%.0f GB per node, %.0f GB in total) over %s.",
             req->gpu_memory_gb, ft->nodes, inst->gpu_count, gpu->name, inst->gpu_memory_gb, ft->total_memory_gb,
             inst->cluster_network);
    else
        note(reasons, "Fits %.1f GB of GPU memory in %g x %s (%.0f GB in total).", req->gpu_memory_gb,
             inst->gpu_count, gpu->name, ft->total_memory_gb);
    char used[64] = "in total";
    if (ft->useful_gpus < ft->total_gpus)
        numfmt_format(used, sizeof used, "on the %g of %g GPUs one replica uses", ft->useful_gpus, ft->total_gpus);
    if (r->bound == BOUND_MEMORY_BANDWIDTH)
        note(reasons, "Memory-bandwidth-bound: %.0f GB/s per GPU, %.0f GB/s %s, $%.4f per GB/s-hour.",
             gpu->memory_bandwidth_gb_per_s, ft->throughput, used, c->hourly_usd / ft->throughput);
    else
        note(reasons, "%s at %.1f %s dense per GPU, %.1f %s %s, $%.4f per %s-hour.",
             precision_name(r->workload.precision), ft->peak_per_gpu, unit, ft->throughput, unit, used,
             c->hourly_usd / ft->throughput, unit);
    if (req->flops > 0)
        note(reasons, "About %.1f hours for %.3g FLOPs at %.0f%% utilisation: $%.2f for the job.", ft->hours,
             req->flops, req->utilization * 100.0, c->total_usd);
    else if (!isnan(c->total_usd))
        note(reasons, "$%.2f for the %g-hour job at $%.4f/hour.", c->total_usd, ft->hours, c->hourly_usd);
    if (c->regions_passing > 1)
        note(reasons, "$%.4f/hour %s in %s, the best of %u regions that meet the constraints.", c->hourly_usd, pricing,
             c->offer->region->id, c->regions_passing);
    else
        note(reasons, "$%.4f/hour %s in %s.", c->hourly_usd, pricing, c->offer->region->id);
    if (c->pricing == PRICING_SPOT && !r->pricing_given)
        note(reasons, "Spot considered because the job checkpoints and can resume after a reclaim.");
    if (r->workload.kind == WORKLOAD_INFERENCE && r->workload.model_params_b > 0) {
        double bandwidth = ft->total_gpus * gpu->memory_bandwidth_gb_per_s;
        note(reasons, "Decode at most about %.0f tokens/s per sequence (memory bandwidth / %.1f GB of weights).",
             sizing_decode_tokens_per_s(r->workload.model_params_b, r->workload.precision, bandwidth),
             req->weights_gb);
    }
    if (r->workload.kind == WORKLOAD_INFERENCE && r->latency_sensitive) {
        if (ft->model_on_one_gpu)
            note(reasons, "The model fits on one GPU: no inter-GPU traffic per token.");
        else if (ft->one_nvlink_domain)
            note(reasons, "The model stays inside one %s domain of %g GPUs.", inst->gpu_interconnect,
                 inst->gpu_count);
        else
            note(warnings, "The model is split across %g GPUs over %s: every token crosses it, adding latency.",
                 ft->total_gpus, ft->nodes > 1 ? "the cluster network" : "PCIe");
    }

    if (c->pricing == PRICING_SPOT && !r->checkpointing && (isnan(ft->hours) || ft->hours > SPOT_LONG_JOB_HOURS)) {
        char length[48] = "a long-running job";
        if (!isnan(ft->hours))
            numfmt_format(length, sizeof length, "a %.0f-hour job", ft->hours);
        note(warnings, "Spot capacity can be reclaimed (interruption frequency %s) and checkpointing is off: %s "
                       "would restart from the beginning.",
             price->spot_interruption ? price->spot_interruption : "not published", length);
    }
    double term = (double)cost_term_hours(c->pricing);
    if (term > 0 && !isnan(ft->hours) && ft->hours < term)
        note(warnings, "%s bills %.0f hours whether used or not; the job needs about %.0f.", pricing, term, ft->hours);
    if (opts->stale_after_hours > 0) {
        time_t fetched;
        if (price->fetched_at == NULL || parse_fetch_time(memo, price->fetched_at, &fetched) != 0) {
            note(warnings, "The price has no valid fetch time; it may be out of date.");
        } else {
            double age_hours = difftime(opts->now, fetched) / 3600.0;
            if (age_hours > (double)opts->stale_after_hours)
                note(warnings, "The price was fetched %.0f hours ago (%s), more than the %u-hour freshness limit.",
                     age_hours, price->fetched_at, opts->stale_after_hours);
        }
    }
    if (!gpu->ecc && production_class(r->workload.kind))
        note(warnings, "%s has no ECC memory: a bit flip can silently corrupt a %s job.", gpu->name,
             workload_kind_name(r->workload.kind));
}

static void write_recommendation(jsonw *out, const rec_request *r, const sizing_requirements *req,
                                 const recommend_options *opts, const candidate *c, size_t rank, double best_metric,
                                 fetch_time_memo *memo)
{
    const catalog_instance *inst = c->offer->instance;
    jsonw_object_begin(out);
    jsonw_member_integer(out, "rank", (long long)rank);
    jsonw_member_string(out, "provider", inst->provider->id);
    jsonw_member_string(out, "instance_type", inst->id);
    jsonw_member_string(out, "region", c->offer->region->id);
    jsonw_key(out, "gpu");
    jsonw_object_begin(out);
    jsonw_member_string(out, "id", inst->gpu->id);
    jsonw_member_string(out, "name", inst->gpu->name);
    jsonw_key(out, "memory_gb");
    write_count(out, inst->gpu->memory_gb);
    jsonw_object_end(out);
    jsonw_key(out, "gpu_count");
    write_count(out, inst->gpu_count);
    jsonw_key(out, "gpu_memory_gb");
    write_count(out, c->fit.total_memory_gb);
    jsonw_member_integer(out, "nodes", c->fit.nodes);
    jsonw_member_string(out, "pricing", pricing_model_name(c->pricing));
    jsonw_key(out, "hourly_usd");
    write_rounded(out, c->hourly_usd, 1e6);
    jsonw_key(out, "monthly_usd");
    write_rounded(out, c->hourly_usd * COST_HOURS_PER_MONTH, 100.0);
    jsonw_key(out, "estimated_hours"); /* NAN when the job's length is unknown: written as null */
    write_rounded(out, c->fit.hours, 1e4);
    jsonw_key(out, "estimated_total_usd");
    write_rounded(out, c->total_usd, 100.0);
    jsonw_key(out, "score");
    write_rounded(out, c->metric > 0 ? 100.0 * best_metric / c->metric : 100.0, 100.0);
    notes reasons, warnings; /* 4 KB of text each: only the count needs clearing */
    reasons.count = warnings.count = 0;
    explain(r, req, opts, c, memo, &reasons, &warnings);
    jsonw_key(out, "reasons");
    write_notes(out, &reasons);
    jsonw_key(out, "warnings");
    write_notes(out, &warnings);
    jsonw_object_end(out);
}

/* ---- entry point ------------------------------------------------------------------------------------------------ */

int recommend_run(const catalog *snap, const json_t *request, const recommend_options *opts, jsonw *out,
                  problem **error)
{
    int rc = -1;
    problem *p = NULL;
    rec_request r;
    rec_filters filters = {NULL, NULL, NULL};
    walk_state st;
    memset(&r, 0, sizeof r);
    memset(&st, 0, sizeof st);
    *error = NULL;

    if (!json_is_object(request)) {
        p = problem_new(400, "invalid-request", "Invalid request", "the body must be a JSON object, not %s",
                        request ? jsonv_type_name(request) : "empty");
        problem_add_field(p, "body", "must be a JSON object");
        goto out;
    }
    p = problem_new(422, "invalid-request", "Invalid request", "one or more fields are invalid");
    jsonv_reject_unknown(request, "", top_fields, COUNT_OF(top_fields), p);
    const json_t *workload = NULL, *constraints = NULL;
    jsonv_object(request, "", "workload", true, &workload, p);
    jsonv_object(request, "", "constraints", false, &constraints, p);
    if (workload != NULL)
        parse_workload(workload, &r, p);
    int objective_index = OBJECTIVE_BALANCED;
    jsonv_enum(request, "", "objective", false, objective_names, OBJECTIVE_COUNT, &objective_index, p);
    r.objective = (objective)objective_index;
    long long limit = RECOMMEND_DEFAULT_LIMIT;
    jsonv_integer(request, "", "limit", false, 1, RECOMMEND_MAX_LIMIT, &limit, p);
    r.limit = (size_t)limit;
    parse_constraints(constraints, &r, p);
    check_cross_fields(constraints, &r, p);
    if (problem_field_count(p) == 0)
        resolve_filters(snap, &r, &filters, p);
    if (problem_field_count(p) > 0)
        goto out;
    problem_free(p);
    p = NULL;

    sizing_requirements req;
    if (sizing_derive(&r.workload, &req) != 0) { /* the validation above rules this out; answer 422 all the same */
        p = problem_new(422, "invalid-request", "Invalid request", "the workload cannot be sized");
        problem_add_field(p, "workload.model_params_b", "is required to size this workload");
        goto out;
    }

    st.heap.capacity = r.limit;
    st.heap.items = xcalloc(r.limit, sizeof *st.heap.items);
    if (snap->shapes != NULL)
        walk_shapes(&r, &filters, snap, &req, &st);
    else
        walk_offers(&r, &filters, snap, &req, &st);
    qsort(st.heap.items, st.heap.count, sizeof *st.heap.items, candidate_qsort_cmp);

    jsonw_object_begin(out);
    jsonw_key(out, "requirements");
    write_requirements(out, &r, &req);
    jsonw_member_string(out, "objective", objective_names[r.objective]);
    bool length_known = req.flops > 0 || r.job_hours > 0;
    jsonw_member_string(out, "score_metric", score_metric_name(&r, length_known));
    jsonw_key(out, "recommendations");
    jsonw_array_begin(out);
    fetch_time_memo memo = {NULL, 0, 0};
    for (size_t i = 0; i < st.heap.count; i++)
        write_recommendation(out, &r, &req, opts, &st.heap.items[i], i + 1, st.heap.items[0].metric, &memo);
    jsonw_array_end(out);
    jsonw_member_integer(out, "considered", (long long)st.considered);
    jsonw_key(out, "rejected");
    jsonw_object_begin(out);
    for (int i = 0; i < REJECT_COUNT; i++)
        if (st.rejected[i] > 0)
            jsonw_member_integer(out, reject_names[i], (long long)st.rejected[i]);
    jsonw_object_end(out);
    jsonw_member_string(out, "catalog_version", snap->version);
    jsonw_object_end(out);
    rc = 0;
out:
    free(st.heap.items);
    filters_free(&filters);
    if (rc != 0)
        *error = p;
    return rc;
}
