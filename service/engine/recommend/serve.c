/* How an instance type serves a model: the tensor-parallel group that holds one replica, the batch it serves, its
 * speed (engine/perf/model.c), the latency floors, and how many replicas and nodes a throughput target needs. */
#include "engine/recommend/internal.h"

#include <math.h>
#include <string.h>

/* Serving engines split a model over 1, 2, 4 or 8 GPUs: vLLM's tensor parallelism needs the attention heads to
 * divide evenly over the GPUs ("Total number of attention heads must be divisible by tensor parallel size",
 * vllm/model_executor/models), and every catalogued model's head counts are powers of two times a small factor; so
 * a group is the smallest power of two that divides the node's GPUs and holds the replica. */
static int tensor_parallel_for(double gpus_in_node, double per_gpu_gb, double needed_gb)
{
    int gpus = (int)gpus_in_node;
    for (int group = 1; group <= gpus; group *= 2)
        if (gpus % group == 0 && group * per_gpu_gb >= needed_gb)
            return group;
    return 0;
}

static bool meets_floors(const rec_request *r, const model_speed *speed)
{
    if (r->max_ttft_ms > 0 && speed->time_to_first_token_ms > r->max_ttft_ms)
        return false;
    if (r->min_tokens_per_s_per_sequence > 0 &&
        speed->decode_tokens_per_s_per_sequence < r->min_tokens_per_s_per_sequence)
        return false;
    return true;
}

static model_serving serving_of(const rec_request *r, const catalog_instance *inst, double share, int group,
                                double batch)
{
    model_serving s = {
        .weight_precision = r->workload.precision,
        .kv_bytes = r->serving_kv_bytes,
        .batch = batch,
        .prompt_tokens = r->prompt_tokens,
        .output_tokens = r->output_tokens,
        .tensor_parallel = group,
        .bandwidth_gb_per_s = inst->gpu->memory_bandwidth_gb_per_s * share,
        .peak_tflops = catalog_gpu_peak(inst->gpu, r->compute_precision) * share,
    };
    return s;
}

static int estimate(const rec_request *r, const catalog_instance *inst, double share, int group, double batch,
                    model_speed *out)
{
    model_serving s = serving_of(r, inst, share, group, batch);
    return model_speed_estimate(&r->workload.arch, &s, out);
}

/* A slice gets its share of the GPU's bandwidth and arithmetic. */
static double share_of(const catalog_instance *inst)
{
    return inst->gpu_count < 1.0 ? inst->gpu_count : 1.0;
}

/* Whether anything but the ranking reads the speed: a latency floor, or a load that sizes the replicas. */
static bool speed_judges_fit(const rec_request *r)
{
    return r->max_ttft_ms > 0 || r->min_tokens_per_s_per_sequence > 0 || r->target_tokens_per_s > 0 ||
           r->requests_per_s > 0;
}

/* The members of a serving fit that follow from one replica's speed. */
static void take_speed(const rec_request *r, const model_speed *speed, fit *out)
{
    out->speed = *speed;
    out->tokens_per_s = out->replicas * speed->decode_tokens_per_s;
    out->load_tokens_per_s = r->target_tokens_per_s > 0 ? r->target_tokens_per_s
                             : r->requests_per_s > 0    ? r->requests_per_s * r->output_tokens
                                                        : out->tokens_per_s;
    out->throughput = out->tokens_per_s;
}

void recommend_serving_complete(const rec_request *r, const catalog_instance *inst, fit *ft)
{
    if (!ft->speed_pending)
        return;
    model_speed speed;
    /* cannot fail: recommend_serving_fit() checked that the same figures can be estimated */
    if (estimate(r, inst, share_of(inst), ft->tensor_parallel, ft->batch, &speed) != 0)
        memset(&speed, 0, sizeof speed);
    take_speed(r, &speed, ft);
    ft->speed_pending = false;
}

reject_reason recommend_serving_fit(const rec_request *r, const sizing_requirements *req, const catalog_instance *inst,
                                    fit_figures figures, fit *out)
{
    bool slice = inst->gpu_count < 1.0;
    double share = share_of(inst);
    double per_gpu_gb = slice ? inst->gpu_memory_gb : inst->gpu_memory_gb / inst->gpu_count;
    double kv_per_sequence_gb = r->kv_per_sequence_gb;
    double fixed_gb = req->weights_gb + req->overhead_gb;
    bool batch_given = r->workload.batch_size > 0;
    double batch = batch_given ? r->workload.batch_size : 1;
    int group = tensor_parallel_for(slice ? 1 : inst->gpu_count, per_gpu_gb, fixed_gb + batch * kv_per_sequence_gb);
    if (group == 0)
        return REJECT_MEMORY;
    if (!batch_given && kv_per_sequence_gb > 0) {
        double room = floor((group * per_gpu_gb - fixed_gb) / kv_per_sequence_gb);
        unsigned cap = recommend_serving_max_batch();
        batch = room < 1 ? 1 : room > cap ? cap : room;
    }
    model_speed speed;
    memset(&speed, 0, sizeof speed);
    bool later = figures == FIT_SPEED_LATER && !speed_judges_fit(r);
    if (later) {
        model_serving s = serving_of(r, inst, share, group, batch);
        if (!model_serving_valid(&r->workload.arch, &s))
            return REJECT_PRECISION;
    } else {
        if (estimate(r, inst, share, group, batch, &speed) != 0)
            return REJECT_PRECISION;
        /* a smaller batch is faster per sequence: halve it until the floors hold, unless the request fixed it */
        while (!meets_floors(r, &speed) && !batch_given && batch > 1) {
            batch = floor(batch / 2);
            if (estimate(r, inst, share, group, batch, &speed) != 0)
                return REJECT_PRECISION;
        }
        if (!meets_floors(r, &speed))
            return REJECT_LATENCY;
    }

    double replicas_per_node = slice ? 1.0 : floor(inst->gpu_count / group);
    double replicas = replicas_per_node;
    if (r->target_tokens_per_s > 0) {
        replicas = ceil(r->target_tokens_per_s / speed.decode_tokens_per_s);
    } else if (r->requests_per_s > 0) {
        double per_replica_requests = batch / (speed.time_to_first_token_ms / 1000.0 +
                                               r->output_tokens / speed.decode_tokens_per_s_per_sequence);
        replicas = ceil(r->requests_per_s / per_replica_requests);
    }
    double nodes = ceil(replicas / replicas_per_node);
    if (nodes > (double)r->max_nodes)
        return REJECT_MAX_NODES;

    out->serving = true;
    out->tensor_parallel = group;
    out->batch = batch;
    out->replicas = replicas;
    out->nodes = (unsigned)nodes;
    out->total_gpus = nodes * inst->gpu_count;
    out->useful_gpus = slice ? inst->gpu_count : replicas * group;
    take_speed(r, &speed, out);
    out->speed_pending = later;
    out->tensor_parallel_on_pcie = group > 1 && !recommend_has_gpu_fabric(inst);
    out->model_on_one_gpu = group == 1;
    out->one_nvlink_domain = !out->tensor_parallel_on_pcie;
    return REJECT_NONE;
}

double recommend_usd_per_million_tokens_at(const fit *ft, double hourly_usd)
{
    if (!ft->serving || !(ft->load_tokens_per_s > 0))
        return NAN;
    return hourly_usd / (ft->load_tokens_per_s * 3600.0) * 1e6;
}

double recommend_usd_per_million_tokens(const candidate *c)
{
    return recommend_usd_per_million_tokens_at(&c->fit, c->hourly_usd);
}

double recommend_request_seconds(const rec_request *r, const fit *ft)
{
    return ft->speed.time_to_first_token_ms / 1000.0 + r->output_tokens / ft->speed.decode_tokens_per_s_per_sequence;
}
