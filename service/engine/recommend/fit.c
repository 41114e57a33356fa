/* What a GPU model and an instance type give the job, before any price: the checks that reject them, the fit (nodes,
 * memory, throughput, hours, serving speed) of what passes, and the penalties the balanced objectives weigh. */
#include "engine/recommend/internal.h"

#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "base/util.h"

/* CUDA C++ Programming Guide, "Arithmetic Instructions" throughput table: FP64 runs at 1/2 the FP32 rate on compute
 * capability 6.0, 7.0, 8.0 and 9.0 data-centre parts (P100, V100, A100, H100), but at 1/32 on 7.5 (T4) and 1/64 on 8.6
 * and 8.9 (A10, L4, L40S). A part below 1/8 of its FP32 rate is built for graphics and inference, not FP64 HPC. */
#define REAL_FP64_MIN_RATIO (1.0 / 8.0)

static bool has_real_fp64(const catalog_gpu *gpu)
{
    double fp64 = catalog_gpu_peak(gpu, PRECISION_FP64);
    return fp64 > 0 && gpu->fp32_tflops > 0 && fp64 >= gpu->fp32_tflops * REAL_FP64_MIN_RATIO;
}

bool recommend_has_nvlink(const catalog_instance *inst)
{
    return inst->gpu_interconnect != NULL &&
           (util_same_text(inst->gpu_interconnect, "nvlink") || util_same_text(inst->gpu_interconnect, "nvswitch"));
}

/* NVLink, NVSwitch and AMD's Infinity Fabric (xGMI) all join a node's GPUs into one high-bandwidth domain. */
bool recommend_has_gpu_fabric(const catalog_instance *inst)
{
    return recommend_has_nvlink(inst) || (inst->gpu_interconnect != NULL && util_same_text(inst->gpu_interconnect, "xgmi"));
}

static bool wants_fp64(const rec_request *r)
{
    return r->require_fp64 || r->workload.precision == PRECISION_FP64;
}

reject_reason recommend_gpu_check(const rec_request *r, const rec_filters *f, const catalog *snap, size_t g)
{
    const catalog_gpu *gpu = &snap->gpus[g];
    if (f->gpu_ok != NULL && !f->gpu_ok[g])
        return REJECT_GPU_MODEL;
    if (r->require_ecc && !gpu->ecc)
        return REJECT_NO_ECC;
    if (wants_fp64(r) && !has_real_fp64(gpu))
        return REJECT_NO_FP64;
    double peak = catalog_gpu_peak(gpu, r->compute_precision);
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

reject_reason recommend_instance_admit(const rec_filters *f, const catalog *snap, const catalog_instance *inst)
{
    if (f->provider_ok != NULL) {
        const catalog_provider *provider = inst->provider;
        long at = provider >= snap->providers && provider < snap->providers + snap->provider_count
                      ? (long)(provider - snap->providers)
                      : catalog_provider_index(snap, provider->id);
        if (at < 0 || !f->provider_ok[at])
            return REJECT_PROVIDER;
    }
    if (inst->retired_at != NULL) /* kept for its price history, never rented again */
        return REJECT_RETIRED;
    return REJECT_NONE;
}

bool recommend_fit_serves(const rec_request *r)
{
    return workload_kind_of(r->workload.kind)->serves && r->workload.has_model && r->gpus == 0;
}

reject_reason recommend_nodes_for_gpus(const rec_request *r, const catalog_instance *inst, unsigned *nodes)
{
    if (!(inst->gpu_count >= 1.0)) /* a slice, or no GPU count */
        return REJECT_GPU_COUNT;
    /* at most r->gpus (<= MAX_GPUS): the truncation is exact, and cheaper than floor() in a loop over every shape */
    double exact = (double)r->gpus / inst->gpu_count;
    if (exact != (double)(long long)exact || exact < 1.0)
        return REJECT_GPU_COUNT;
    if (exact > 1.0 && !catalog_instance_clusters(inst))
        return REJECT_NO_CLUSTER;
    *nodes = (unsigned)exact; /* what it takes, even past max_nodes: the hint of an empty answer says it */
    if (exact > (double)r->max_nodes)
        return REJECT_MAX_NODES;
    return REJECT_NONE;
}

/* The checks of recommend_hardware_fit() before any fit is worked out. */
static reject_reason hardware_admit(const rec_request *r, const catalog_instance *inst)
{
    if (r->require_nvlink && !recommend_has_nvlink(inst))
        return REJECT_NO_NVLINK;
    if (!(inst->gpu_count > 0) || !(inst->gpu_memory_gb > 0))
        return REJECT_MEMORY;
    return REJECT_NONE;
}

/* What a served fit's nodes come to, once its serving members are set. */
static reject_reason finish_served_fit(const rec_request *r, const catalog_instance *inst, fit *out)
{
    double total = out->total_gpus;
    if ((r->min_gpus > 0 && total < (double)r->min_gpus) || (r->max_gpus > 0 && total > (double)r->max_gpus))
        return REJECT_GPU_COUNT;
    out->total_memory_gb = out->nodes * inst->gpu_memory_gb;
    out->watts = total * inst->gpu->tdp_watts;
    out->hours = r->job_hours > 0 ? r->job_hours : NAN;
    out->penalty = 1.0; /* the speed counts the all-reduces over PCIe (engine/perf/serving.c) */
    return REJECT_NONE;
}

bool recommend_hardware_admit_served(const rec_request *r, const catalog_instance *inst, serving_memo *memo,
                                     fit *out)
{
    if (!recommend_fit_serves(r) || hardware_admit(r, inst) != REJECT_NONE)
        return false;
    *out = (fit){.peak_per_gpu = catalog_gpu_peak(inst->gpu, r->compute_precision)};
    return recommend_serving_admit(r, inst, memo, out) && finish_served_fit(r, inst, out) == REJECT_NONE;
}

reject_reason recommend_hardware_fit(const rec_request *r, const sizing_requirements *req,
                                     const catalog_instance *inst, serving_memo *memo, fit *out)
{
    const catalog_gpu *gpu = inst->gpu;
    reject_reason admitted = hardware_admit(r, inst);
    if (admitted != REJECT_NONE)
        return admitted;

    *out = (fit){.peak_per_gpu = catalog_gpu_peak(gpu, r->compute_precision)};
    if (recommend_fit_serves(r)) {
        reject_reason served = recommend_serving_fit(r, req, inst, memo, out);
        return served != REJECT_NONE ? served : finish_served_fit(r, inst, out);
    }
    unsigned nodes;
    if (r->gpus > 0) {
        reject_reason counted = recommend_nodes_for_gpus(r, inst, &nodes);
        if (counted == REJECT_MAX_NODES)
            out->nodes = nodes; /* what it would take, for the hint */
        if (counted != REJECT_NONE)
            return counted;
        if (nodes * inst->gpu_memory_gb < req->gpu_memory_gb)
            return REJECT_MEMORY;
    } else {
        nodes = sizing_nodes_for_memory(req->gpu_memory_gb, inst->gpu_memory_gb);
        if (nodes > 1 && !catalog_instance_clusters(inst))
            return REJECT_MEMORY;
        /* a floor on GPUs adds nodes beyond what memory needs (a data-parallel job that wants 16 GPUs) */
        if (r->min_gpus > 0 && inst->gpu_count >= 1.0 && nodes * inst->gpu_count < (double)r->min_gpus) {
            double wanted = ceil((double)r->min_gpus / inst->gpu_count);
            if (wanted > (double)r->max_nodes) {
                if (catalog_instance_clusters(inst)) /* what it would take, for the hint: a type that clusters */
                    out->nodes = wanted < (double)UINT_MAX ? (unsigned)wanted : UINT_MAX;
                return REJECT_MAX_NODES;
            }
            nodes = (unsigned)wanted;
            if (nodes > 1 && !catalog_instance_clusters(inst))
                return REJECT_NO_CLUSTER;
        }
        if (nodes > (unsigned long long)r->max_nodes) {
            out->nodes = nodes; /* what it would take, for the hint */
            return REJECT_MAX_NODES;
        }
    }
    reject_reason planned = recommend_plan_nodes(r, req, inst, &nodes, out); /* a given GPU count keeps its nodes */
    if (planned != REJECT_NONE)
        return planned;
    double total_gpus = nodes * inst->gpu_count;
    if ((r->min_gpus > 0 && total_gpus < (double)r->min_gpus) || (r->max_gpus > 0 && total_gpus > (double)r->max_gpus))
        return REJECT_GPU_COUNT;

    out->nodes = nodes;
    out->total_gpus = total_gpus;
    out->total_memory_gb = nodes * inst->gpu_memory_gb;
    /* Serving one model uses only the GPUs that hold it: a 7B model on an 8-GPU box leaves seven idle however fast
     * they are. Other kinds spread over every GPU (data parallelism, MPI ranks, render tiles). */
    out->useful_gpus = total_gpus;
    if (workload_kind_of(r->workload.kind)->serves && r->gpus == 0 && inst->gpu_count >= 1.0) {
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
        out->hours = sizing_job_hours(req->flops, total_gpus, out->peak_per_gpu,
                                      out->utilization > 0 ? out->utilization : req->utilization);
    else
        out->hours = r->job_hours > 0 ? r->job_hours : NAN;
    if (out->hours > MAX_JOB_HOURS)
        return REJECT_TOO_LONG; /* out->hours says how long, for the hint */
    if (r->deadline_hours > 0 && out->hours > r->deadline_hours)
        return REJECT_DEADLINE; /* a given GPU count too slow for the deadline (planned nodes meet it) */

    double memory_per_gpu = inst->gpu_count >= 1.0 ? inst->gpu_memory_gb / inst->gpu_count : inst->gpu_memory_gb;
    out->model_on_one_gpu = req->gpu_memory_gb <= memory_per_gpu;
    out->one_nvlink_domain = nodes == 1 && (out->model_on_one_gpu || recommend_has_gpu_fabric(inst));
    out->penalty = 1.0 + PENALTY_PER_EXTRA_NODE * (nodes - 1);
    if (workload_kind_of(r->workload.kind)->serves && r->latency_sensitive && !out->model_on_one_gpu)
        out->penalty *= nodes > 1 ? PENALTY_LATENCY_NODES
                                  : (out->one_nvlink_domain ? PENALTY_LATENCY_NVLINK : PENALTY_LATENCY_PCIE);
    if (r->seats > 0)
        return recommend_seat_fit(r, inst, out);
    return r->work.benchmark != NULL ? recommend_work_fit(r, inst, out) : REJECT_NONE;
}

reject_reason recommend_instance_check(const rec_request *r, const rec_filters *f, const catalog *snap,
                                       const sizing_requirements *req, const catalog_instance *inst, fit *out)
{
    reject_reason admitted = recommend_instance_admit(f, snap, inst);
    return admitted != REJECT_NONE ? admitted : recommend_hardware_fit(r, req, inst, NULL, out);
}
