/* How an instance type serves a model: the layouts a replica may take (tensor parallel within a node, pipeline or
 * expert parallel across nodes), the batch the KV cache beside the weights allows, the operating point that meets the
 * request's latency floors and load, its speed (engine/perf/serving.c), and the replicas and nodes the load needs. */
#include "engine/recommend/internal.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/perf/serving.h"

/* Serving engines split a layer's heads evenly: vLLM requires "Total number of attention heads must be divisible by
 * tensor parallel size" and replicates KV heads when the degree exceeds them, needing the degree to be a multiple of
 * the KV heads (vllm/model_executor/layers/linear.py, QKVParallelLinear: num_kv_head_replicas = tp / num_kv_heads). */
bool recommend_tensor_parallel_allowed(const model_arch *a, int tp)
{
    if (a->estimated) /* a shape guessed from a parameter count: its head count is no real model's */
        return true;
    if (a->attention_heads > 0 && a->attention_heads % tp != 0)
        return false;
    if (a->attention == ATTENTION_MLA || a->kv_heads <= 0)
        return true;
    return a->kv_heads % tp == 0 || tp % a->kv_heads == 0;
}

/* PCIe 4.0 x16: 16 GT/s x 16 lanes, 32 GB/s each way (PCI-SIG, PCI Express Base Specification 4.0): the link of a
 * GPU whose catalog row names only its NVLink when the instance joins its GPUs by PCIe. */
#define PCIE4_X16_GB_PER_S 32.0

/* What one of inst's GPUs gives a replica, its links aside: memory, bandwidth and arithmetic (a slice gets its
 * share), at the serving stack's efficiencies. */
static serving_hardware gpu_figures_of(const catalog_instance *inst, precision compute)
{
    const catalog_gpu *gpu = inst->gpu;
    double share = inst->gpu_count < 1.0 ? inst->gpu_count : 1.0; /* a slice gets its share */
    serving_hardware hw = {
        .bandwidth_gb_per_s = gpu->memory_bandwidth_gb_per_s * share,
        .peak_tflops = catalog_gpu_peak(gpu, compute) * share,
        .memory_gb = inst->gpu_count < 1.0 ? inst->gpu_memory_gb : inst->gpu_memory_gb / inst->gpu_count,
    };
    serving_efficiency_of(gpu->vendor, gpu->architecture, &hw.efficiency);
    return hw;
}

static serving_hardware hardware_of(const catalog_instance *inst, precision compute)
{
    const catalog_gpu *gpu = inst->gpu;
    serving_hardware hw = gpu_figures_of(inst, compute);
    hw.link_switched = recommend_has_gpu_fabric(inst);
    /* the catalog's interconnect figures count both directions (NVLink 4: 900 GB/s, 450 each way) */
    hw.link_gb_per_s = gpu->interconnect_gb_per_s / 2.0;
    /* Gbit/s of the node's cluster network, both directions counted by none of the providers: one way */
    hw.fabric_gb_per_s = catalog_instance_clusters(inst) ? inst->cluster_network_gbps / 8.0 : 0.0;
    bool pcie_card = gpu->interconnect != NULL && strncmp(gpu->interconnect, "pcie", 4) == 0;
    if (!hw.link_switched && !pcie_card)
        hw.link_gb_per_s = PCIE4_X16_GB_PER_S;
    return hw;
}

static serving_load load_of(const rec_request *r, double batch)
{
    double bytes = model_weight_bytes(r->workload.precision);
    serving_load s = {
        .prompt_tokens = r->prompt_tokens,
        .output_tokens = r->output_tokens,
        .batch = batch,
        .kv_bytes = r->serving_kv_bytes,
        .dense_weight_bytes = bytes,
        .expert_weight_bytes = bytes,
    };
    return s;
}

/* Inference memory: the weights and 20 % of them for the runtime's buffers (sizing.c's rule, engine/perf/sizing.h),
 * the rest of each GPU for the KV cache. */
#define RUNTIME_SHARE_OF_WEIGHTS 0.2

/* What each GPU of a replica of layout l holds for the request: its share of the weights with the runtime's
 * buffers, and one sequence's KV cache at the request's context; from the walk's memo (NULL: none) for a layout
 * within one node. */
static void memory_needs(const rec_request *r, const serving_layout *l, serving_memo *memo, double *weights_gb,
                         double *sequence_gb)
{
    int tp = l->tensor_parallel;
    bool remembered = memo != NULL && l->nodes == 1 && l->pipeline_parallel == 1 && l->expert_parallel == 1 &&
                      tp >= 1 && tp <= SERVING_MEMO_DEGREES;
    if (remembered && !isnan(memo->weights_gb[tp])) {
        *weights_gb = memo->weights_gb[tp];
        *sequence_gb = memo->sequence_gb[tp];
        return;
    }
    serving_load s = load_of(r, 1);
    *weights_gb = serving_weights_gb_per_gpu(&r->workload.arch, l, &s) * (1.0 + RUNTIME_SHARE_OF_WEIGHTS);
    double context = r->workload.sequence_length > 0 ? r->workload.sequence_length : r->prompt_tokens + r->output_tokens;
    *sequence_gb = serving_kv_gb_per_gpu(&r->workload.arch, l, r->serving_kv_bytes, context);
    if (remembered) {
        memo->weights_gb[tp] = *weights_gb;
        memo->sequence_gb[tp] = *sequence_gb;
    }
}

/* The most sequences one replica of layout l holds: the KV cache that fits beside the weights, within the engine's
 * batch and step-token limits (serving.h); 0 when not even one fits. */
static double max_batch(const rec_request *r, const serving_hardware *hw, const serving_layout *l, serving_memo *memo)
{
    double weights, per_sequence;
    memory_needs(r, l, memo, &weights, &per_sequence);
    if (!(per_sequence > 0) || hw->memory_gb - weights < per_sequence)
        return 0;
    double room = floor((hw->memory_gb - weights) / per_sequence);
    double by_tokens = floor(SERVING_ENGINE_MAX_STEP_TOKENS / (1.0 + r->prompt_tokens / r->output_tokens));
    return fmax(1.0, fmin(room, fmin(SERVING_ENGINE_MAX_BATCH, by_tokens)));
}

static bool meets_floors(const rec_request *r, const serving_point *p)
{
    if (r->max_ttft_ms > 0 && p->time_to_first_token_ms > r->max_ttft_ms)
        return false;
    return !(r->min_tokens_per_s_per_sequence > 0 &&
             1000.0 / p->time_per_output_token_ms < r->min_tokens_per_s_per_sequence);
}

/* One replica's point at batch: its steady state, and its time to first token when anything reads it (a floor on
 * it, or the answer: with_first_token). */
static int point_at(const rec_request *r, const serving_hardware *hw, const serving_layout *l, double batch,
                    bool with_first_token, serving_point *out)
{
    serving_load s = load_of(r, batch);
    if (serving_step(&r->workload.arch, hw, l, &s, out) != 0)
        return -1;
    if (with_first_token || r->max_ttft_ms > 0)
        out->time_to_first_token_ms = serving_first_token_ms(&r->workload.arch, hw, l, &s);
    return 0;
}

/* The largest batch in [1, most] whose point meets the floors (both latencies grow with the batch), its point in
 * *p; 0 when none. */
static double batch_meeting_floors(const rec_request *r, const serving_hardware *hw, const serving_layout *l,
                                   double most, serving_point *p)
{
    if (point_at(r, hw, l, most, false, p) != 0)
        return 0;
    if (meets_floors(r, p))
        return most;
    if (point_at(r, hw, l, 1, false, p) != 0 || !meets_floors(r, p))
        return 0;
    double good = 1, bad = most;
    serving_point at_good = *p;
    while (bad - good > 1) {
        double mid = floor((good + bad) / 2);
        if (point_at(r, hw, l, mid, false, p) == 0 && meets_floors(r, p)) {
            good = mid;
            at_good = *p;
        } else {
            bad = mid;
        }
    }
    *p = at_good;
    return good;
}

/* The smallest batch in [1, most] at which replicas replicas carry load tokens/s (the load then runs at it). */
static double batch_for_load(const rec_request *r, const serving_hardware *hw, const serving_layout *l, double most,
                             double replicas, double load)
{
    serving_point p;
    double low = 0, high = most; /* low fails (or is 0), high carries */
    while (high - low > 1) {
        double mid = floor((low + high) / 2);
        if (point_at(r, hw, l, mid, false, &p) == 0 && replicas * p.output_tokens_per_s >= load)
            high = mid;
        else
            low = mid;
    }
    return high;
}

/* The output tokens/s the request asks for: its target, or its requests at their output length; 0 for none. */
static double load_asked(const rec_request *r)
{
    return r->target_tokens_per_s > 0 ? r->target_tokens_per_s
           : r->requests_per_s > 0    ? r->requests_per_s * r->output_tokens
                                      : 0.0;
}

/* What layout l comes to on one node's hardware for the request: everything operate() works out but the replicas
 * of a node and its nodes, which the instance type's GPU count decides. */
static void layout_outcome_of(const rec_request *r, const serving_hardware *hw, const serving_layout *l,
                              serving_memo *memo, layout_outcome *out)
{
    *out = (layout_outcome){.reason = REJECT_NONE};
    double most = max_batch(r, hw, l, memo);
    if (most < 1) {
        out->reason = REJECT_MEMORY;
        return;
    }
    double batch;
    if (r->workload.batch_size > 0) {
        batch = r->workload.batch_size;
        if (batch > most)
            out->reason = REJECT_MEMORY;
        else if (point_at(r, hw, l, batch, false, &out->point) != 0)
            out->reason = REJECT_PRECISION;
        else if (!meets_floors(r, &out->point))
            out->reason = REJECT_LATENCY;
    } else {
        batch = batch_meeting_floors(r, hw, l, most, &out->point);
        if (batch < 1)
            out->reason = REJECT_LATENCY;
    }
    if (out->reason != REJECT_NONE)
        return;
    double load = load_asked(r);
    if (load > 0) {
        out->load_replicas = ceil(load / out->point.output_tokens_per_s);
        if (!(r->workload.batch_size > 0)) { /* the load spread over the replicas runs at a smaller batch, sooner */
            batch = batch_for_load(r, hw, l, batch, out->load_replicas, load);
            point_at(r, hw, l, batch, false, &out->point);
        }
    }
    out->batch = batch;
}

/* ---- the walk's memo ------------------------------------------------------------------------------------------ */

void recommend_serving_memo_init(serving_memo *memo)
{
    memset(memo->used, 0, sizeof memo->used); /* the slots are read only once used[] says so */
    for (int d = 0; d <= SERVING_MEMO_DEGREES; d++)
        memo->weights_gb[d] = memo->sequence_gb[d] = NAN;
}

/* Whether a and b serve layout l alike: the GPU's figures always; its links only when l talks over them (tensor or
 * expert parallel: serving_allreduce_s() and serving_alltoall_s() read nothing else of the node), the cluster
 * network only when l spans nodes. One GPU on one node, the commonest layout, is then alike on every instance type
 * of its GPU and memory. */
static bool same_hardware(const serving_hardware *a, const serving_hardware *b, const serving_layout *l)
{
    bool links = l->tensor_parallel > 1 || l->expert_parallel > 1, fabric = l->nodes > 1;
    return a->bandwidth_gb_per_s == b->bandwidth_gb_per_s && a->peak_tflops == b->peak_tflops &&
           a->memory_gb == b->memory_gb && a->efficiency.compute == b->efficiency.compute &&
           a->efficiency.memory == b->efficiency.memory &&
           (!links || (a->link_gb_per_s == b->link_gb_per_s && a->link_switched == b->link_switched)) &&
           (!fabric || a->fabric_gb_per_s == b->fabric_gb_per_s);
}

static bool same_layout(const serving_layout *a, const serving_layout *b)
{
    return a->tensor_parallel == b->tensor_parallel && a->pipeline_parallel == b->pipeline_parallel &&
           a->expert_parallel == b->expert_parallel && a->nodes == b->nodes;
}

/* Fills slot with layout l's outcome on gpu's hardware hw, worked out now. */
static serving_memo_slot *work_out(serving_memo_slot *slot, serving_memo *memo, const rec_request *r,
                                   const catalog_gpu *gpu, const serving_hardware *hw, const serving_layout *l)
{
    *slot = (serving_memo_slot){.gpu = gpu, .hw = *hw, .layout = *l, .first_token_ms = NAN};
    layout_outcome_of(r, hw, l, memo, &slot->outcome);
    return slot;
}

/* Layout l's outcome on gpu's hardware hw, from the memo when it holds it (memo NULL: worked out each time). */
static serving_memo_slot *memo_find(serving_memo *memo, const rec_request *r, const catalog_gpu *gpu,
                                    const serving_hardware *hw, const serving_layout *l, serving_memo_slot *scratch)
{
    if (memo != NULL) {
        size_t hash = ((uintptr_t)gpu / sizeof(void *)) * 31u + (size_t)l->tensor_parallel * 7u +
                      (size_t)l->nodes * 3u + (size_t)l->expert_parallel;
        for (unsigned probe = 0; probe < SERVING_MEMO_PROBES; probe++) {
            size_t at = (hash + probe) & (SERVING_MEMO_SLOTS - 1);
            serving_memo_slot *slot = &memo->slots[at];
            if (!memo->used[at]) {
                memo->used[at] = 1;
                return work_out(slot, memo, r, gpu, hw, l);
            }
            if (slot->gpu == gpu && same_layout(&slot->layout, l) && same_hardware(&slot->hw, hw, l))
                return slot;
        }
    }
    return work_out(scratch, memo, r, gpu, hw, l);
}

/* One layout's operating point on an instance type, and what it costs in nodes. */
typedef struct operating {
    serving_layout layout;
    double batch;
    serving_point point;
    double replicas;
    double nodes;
    double capacity_tokens_per_s; /* what the replicas sustain at their batch */
    /* where the walk keeps the layout's outcome (its time to first token, once asked); NULL: nowhere */
    serving_memo_slot *slot;
} operating;

/* Layout l's operating point on inst: 0 with *out set (its time to first token not yet), or the reason it cannot
 * serve. */
static reject_reason operate(const rec_request *r, const catalog_instance *inst, const serving_hardware *hw,
                             const serving_layout *l, serving_memo *memo, serving_memo_slot *scratch, operating *out)
{
    serving_memo_slot *slot = memo_find(memo, r, inst->gpu, hw, l, scratch);
    const layout_outcome *o = &slot->outcome;
    if (o->reason != REJECT_NONE)
        return o->reason;
    bool slice = inst->gpu_count < 1.0;
    double per_node = slice || l->nodes > 1 ? 1.0 : floor(inst->gpu_count / l->tensor_parallel);
    out->point = o->point;
    out->replicas = o->load_replicas > 0           ? o->load_replicas
                    : r->workload.batch_size > 0 ? 1.0 /* a given batch is the request's concurrency, one replica */
                                                 : per_node; /* else the node's GPUs hold as many as fit */
    out->capacity_tokens_per_s = out->replicas * out->point.output_tokens_per_s;
    out->nodes = l->nodes > 1 ? out->replicas * l->nodes : ceil(out->replicas / per_node);
    out->layout = *l;
    out->batch = o->batch;
    out->slot = slot == scratch ? NULL : slot;
    return REJECT_NONE;
}

/* Whether a beats b: fewer nodes for the load, then more tokens/s per node, then fewer GPUs per replica. */
static bool better(const operating *a, const operating *b)
{
    if (a->nodes != b->nodes)
        return a->nodes < b->nodes;
    double ta = a->capacity_tokens_per_s / a->nodes, tb = b->capacity_tokens_per_s / b->nodes;
    if (ta != tb)
        return ta > tb;
    return a->layout.tensor_parallel * a->layout.nodes < b->layout.tensor_parallel * b->layout.nodes;
}

/* Tries layout l, keeping it in *best when it beats what is there; remembers the most telling refusal. Whether it
 * serves at all, its point in *tried. */
static bool consider(const rec_request *r, const catalog_instance *inst, const serving_hardware *hw,
                     const serving_layout *l, serving_memo *memo, serving_memo_slot *scratch, operating *best,
                     bool *found, reject_reason *why, operating *tried)
{
    reject_reason reason = operate(r, inst, hw, l, memo, scratch, tried);
    if (reason != REJECT_NONE) {
        if (*why == REJECT_MEMORY || reason == REJECT_LATENCY)
            *why = reason;
        return false;
    }
    if (!*found || better(tried, best))
        *best = *tried;
    *found = true;
    return true;
}

/* The layouts of one node: every allowed tensor-parallel degree that divides its GPUs (only the one
 * workload.tensor_parallel names, when it names one). Across nodes (when one node
 * cannot hold a replica and the type clusters): the whole node tensor parallel, the fewest nodes that hold the model,
 * staged as a pipeline or, for MoE, with the experts spread over every GPU. */
static reject_reason best_layout(const rec_request *r, const catalog_instance *inst, const serving_hardware *hw,
                                 serving_memo *memo, operating *best)
{
    serving_memo_slot scratch;
    const model_arch *a = &r->workload.arch;
    bool found = false;
    reject_reason why = REJECT_MEMORY;
    int gpus = inst->gpu_count < 1.0 ? 1 : (int)inst->gpu_count;
    int widest = 0;
    operating tried, previous = {0};
    bool stop = false, have_previous = false;
    for (int tp = 1; tp <= gpus; tp++) {
        if (gpus % tp != 0 || !recommend_tensor_parallel_allowed(a, tp) ||
            (r->tensor_parallel > 0 && tp != r->tensor_parallel))
            continue;
        widest = tp;
        if (stop)
            continue; /* widest is still wanted for the layouts across nodes */
        serving_layout l = {.tensor_parallel = tp, .pipeline_parallel = 1, .expert_parallel = 1, .nodes = 1};
        if (!consider(r, inst, hw, &l, memo, &scratch, best, &found, &why, &tried))
            continue;
        /* what a node serves rises with the degree while the KV cache gains room, then falls as the all-reduces
         * grow: past the first fall no wider degree is looked at (a search that saves most of the steps; a
         * second rise would be missed) */
        stop = have_previous && better(&previous, &tried);
        previous = tried;
        have_previous = true;
    }
    if (found || widest == 0 || !catalog_instance_clusters(inst) || inst->gpu_count < 1.0)
        return found ? REJECT_NONE : widest == 0 ? REJECT_GPU_COUNT : why;
    long long most_nodes = r->max_nodes_given ? r->max_nodes : MAX_NODES;
    serving_load s = load_of(r, 1);
    for (long long n = 2; n <= most_nodes && !found; n++) {
        serving_layout pp = {.tensor_parallel = widest, .pipeline_parallel = (int)n, .expert_parallel = 1,
                             .nodes = (int)n};
        if (serving_weights_gb_per_gpu(a, &pp, &s) > hw->memory_gb && a->experts <= 0)
            continue;
        consider(r, inst, hw, &pp, memo, &scratch, best, &found, &why, &tried);
        if (a->experts > 0) {
            serving_layout ep = pp;
            ep.pipeline_parallel = 1;
            ep.expert_parallel = widest * (int)n;
            consider(r, inst, hw, &ep, memo, &scratch, best, &found, &why, &tried);
        }
    }
    return found ? REJECT_NONE : why == REJECT_MEMORY && most_nodes < MAX_NODES ? REJECT_MAX_NODES : why;
}

/* What a replica's arithmetic runs at on inst: FP4 weights on a GPU with FP4 tensor cores compute at its FP4 rate
 * (TensorRT-LLM's NVFP4 GEMMs on Blackwell), elsewhere at the 16-bit rate the sizing chose. */
static precision compute_on(const rec_request *r, const catalog_instance *inst)
{
    precision weights = r->workload.precision;
    if ((weights == PRECISION_NVFP4 || weights == PRECISION_MXFP4) && catalog_gpu_peak(inst->gpu, weights) > 0)
        return weights;
    return r->compute_precision;
}

/* The time to first token of the best layout's point, from its slot of the memo when it has one. */
static double first_token_ms(const rec_request *r, const serving_hardware *hw, const operating *best)
{
    if (best->slot != NULL && !isnan(best->slot->first_token_ms))
        return best->slot->first_token_ms;
    serving_load s = load_of(r, best->batch);
    double ms = serving_first_token_ms(&r->workload.arch, hw, &best->layout, &s);
    if (best->slot != NULL)
        best->slot->first_token_ms = ms;
    return ms;
}

reject_reason recommend_serving_fit(const rec_request *r, const sizing_requirements *req, const catalog_instance *inst,
                                    serving_memo *memo, fit *out)
{
    (void)req;
    serving_hardware hw = hardware_of(inst, compute_on(r, inst));
    serving_load s = load_of(r, 1);
    serving_layout one = {.tensor_parallel = 1, .pipeline_parallel = 1, .expert_parallel = 1, .nodes = 1};
    if (!serving_valid(&r->workload.arch, &hw, &one, &s))
        return REJECT_PRECISION;
    operating best;
    reject_reason reason = best_layout(r, inst, &hw, memo, &best);
    if (reason != REJECT_NONE)
        return reason;
    /* only the time objective ranks by it (recommend_request_seconds()); else the answer works it out for the picks
     * it writes (recommend_first_token_ms()) */
    if (r->objective == OBJECTIVE_TIME)
        best.point.time_to_first_token_ms = first_token_ms(r, &hw, &best);
    else if (!(r->max_ttft_ms > 0)) /* a floor on it worked it out with the point */
        best.point.time_to_first_token_ms = NAN;
    /* a replica may span nodes beyond a default max_nodes, but no load is priced past the most nodes a request may
     * ask for (MAX_NODES) */
    if ((best.nodes > (double)r->max_nodes && (r->max_nodes_given || best.layout.nodes == 1)) ||
        best.nodes > (double)MAX_NODES) {
        out->nodes = best.nodes > MAX_NODES ? MAX_NODES : (unsigned)best.nodes; /* for the hint */
        return REJECT_MAX_NODES;
    }
    bool slice = inst->gpu_count < 1.0;
    out->serving = true;
    out->layout = best.layout;
    out->tensor_parallel = best.layout.tensor_parallel;
    out->efficiency = hw.efficiency;
    out->batch = best.batch;
    out->replicas = best.replicas;
    out->nodes = (unsigned)best.nodes;
    out->total_gpus = best.nodes * inst->gpu_count;
    out->useful_gpus = slice ? inst->gpu_count : best.replicas * best.layout.tensor_parallel * best.layout.nodes;
    out->speed = best.point;
    out->tokens_per_s = best.capacity_tokens_per_s;
    double load = load_asked(r);
    out->load_tokens_per_s = load > 0 ? load : out->tokens_per_s;
    out->throughput = out->tokens_per_s;
    out->tensor_parallel_on_pcie = best.layout.tensor_parallel > 1 && !recommend_has_gpu_fabric(inst);
    out->model_on_one_gpu = best.layout.tensor_parallel * best.layout.nodes == 1;
    out->one_nvlink_domain = !out->tensor_parallel_on_pcie && best.layout.nodes == 1;
    return REJECT_NONE;
}

bool recommend_serving_admit(const rec_request *r, const catalog_instance *inst, serving_memo *memo, fit *out)
{
    /* a load, a batch or a latency floor may refuse a layout that holds the model, or spread it over more nodes */
    if (load_asked(r) > 0 || r->workload.batch_size > 0 || r->max_ttft_ms > 0 ||
        r->min_tokens_per_s_per_sequence > 0 || r->max_nodes < 1)
        return false;
    serving_hardware hw = gpu_figures_of(inst, compute_on(r, inst)); /* within one GPU's figures: no links read */
    serving_load s = load_of(r, 1);
    serving_layout l = {.tensor_parallel = 1, .pipeline_parallel = 1, .expert_parallel = 1, .nodes = 1};
    if (!serving_valid(&r->workload.arch, &hw, &l, &s))
        return false;
    /* best_layout() finds a layout of one node exactly when one of its degrees holds a sequence beside the weights:
     * without floors the point at the largest batch is taken, and one replica per degree fills the node */
    int gpus = inst->gpu_count < 1.0 ? 1 : (int)inst->gpu_count;
    bool holds = false;
    for (int tp = 1; tp <= gpus && !holds; tp++) {
        if (gpus % tp != 0 || !recommend_tensor_parallel_allowed(&r->workload.arch, tp) ||
            (r->tensor_parallel > 0 && tp != r->tensor_parallel))
            continue;
        l.tensor_parallel = tp;
        holds = max_batch(r, &hw, &l, memo) >= 1;
    }
    if (!holds)
        return false;
    out->serving = true;
    out->nodes = 1;
    out->total_gpus = inst->gpu_count;
    /* a part in 10^9 above the bound: its rounding never puts it under the speed worked out later */
    out->load_tokens_per_s = serving_node_tokens_bound(&r->workload.arch, &hw, &s, inst->gpu_count < 1.0 ? 1.0 : gpus) *
                             (1.0 + 1e-9);
    out->tokens_per_s = out->load_tokens_per_s;
    return true;
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

double recommend_first_token_ms(const rec_request *r, const catalog_instance *inst, const fit *ft)
{
    if (!isnan(ft->speed.time_to_first_token_ms))
        return ft->speed.time_to_first_token_ms;
    serving_hardware hw = hardware_of(inst, compute_on(r, inst));
    serving_load s = load_of(r, ft->batch);
    return serving_first_token_ms(&r->workload.arch, &hw, &ft->layout, &s);
}

double recommend_request_seconds(const rec_request *r, const fit *ft)
{
    return ft->speed.time_to_first_token_ms / 1000.0 + r->output_tokens * ft->speed.time_per_output_token_ms / 1000.0;
}
