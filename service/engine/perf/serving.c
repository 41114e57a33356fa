/* Serving speed under load (serving.h): continuous batching with chunked prefill, per-regime efficiencies, the
 * communication of tensor, pipeline and expert parallelism, and the experts a step of MoE reads. */
#include "engine/perf/serving.h"

#include <math.h>
#include <string.h>

#include "engine/perf/model.h"

#define BYTES_PER_GB 1e9
#define PER_BILLION 1e9
#define FORWARD_FLOPS_PER_PARAM 2.0 /* Kaplan et al. (arXiv:2001.08361), section 2.1: 2 N FLOPs per token forward */
#define ACTIVATION_BYTES 2.0        /* what the layers pass between GPUs: 16-bit activations */

/* ---- efficiencies -------------------------------------------------------------------------------------------- */

/* NVIDIA GPUs under TensorRT-LLM and vLLM.
 * memory 0.685: PyTorch's gpt-fast (github.com/pytorch-labs/gpt-fast, README, "Benchmarks") decodes Llama-2-7B at
 * batch 1 on an A100-80GB at 104.9 tokens/s, 1397.31 GB/s of weights read, against the datasheet's 2039 GB/s.
 * compute 0.49: fitted by least squares of ln(predicted / measured), with the memory share held at 0.685 and together
 * with the kernels' overlap (kernel_s() below), to the 49 NVIDIA Ampere/Ada/Hopper serving cases of the validation
 * set (tests/validation/cases/serving): TensorRT-LLM's performance overview on H100 and H200
 * (docs/source/performance/perf-overview.md at commit 00f3768: Llama 3.1 8B, Llama 3.3 70B, Llama 3.1 405B and Qwen3
 * 235B-A22B FP8 at 128/128 to 20000/2000 tokens, each at its column's tensor-parallel degree) and the MLPerf Inference
 * v4.0-v5.1 Llama 2 70B, Mixtral 8x7B and Llama 3.1 8B/405B runs. Root-mean-square ln ratio at the 1.5-norm: 0.187,
 * 0.177, 0.172, 0.172, 0.177 at 0.44, 0.46, 0.48, 0.50, 0.52; 0.49 has a mean ln ratio of +0.005. Before the kernels'
 * overlap was counted the same fit gave 0.50 (the prefill-heavy rows alone say as much: Llama 3.1 8B FP8 at
 * 2048/128 on one H100, 3,450 output tokens/s, is 58,650 tokens/s through 16 GFLOP each, 0.47 of the H100's 1,979
 * dense FP8 TFLOPS). */
static const serving_efficiency NVIDIA_EFFICIENCY = {
    .compute = 0.49,
    .memory = 0.685,
    .source = "compute fitted to 49 NVIDIA Ampere/Ada/Hopper runs (TensorRT-LLM's performance overview, MLPerf "
              "Inference v4.0-v5.1); memory from gpt-fast's Llama-2-7B batch 1 on A100",
};

/* AMD Instinct GPUs under vLLM (ROCm): fitted to the five runs of Llama 3.1 405B FP8 on 8 x MI300X that OCI published
 * (blogs.oracle.com/cloud-infrastructure/serving-llama-31-405b-model-with-amd-mi300x-gpus: 36 tokens/s at batch 1,
 * 798 at 32, 1,846 at 256, 1,993 and 2,794 in its throughput runs at 128/128 and 128/2048), the AMD cases of the
 * validation set whose prompt and output lengths are known: of compute 0.15-0.25 and memory 0.35-0.45, 0.15 and 0.35
 * put all five within 0.8-1.25 (geometric-mean ratio 1.02; 0.95 once the kernels' overlap is counted, kernel_s()
 * below, which moves none out). AMD's MLPerf Inference Llama 2 70B and Mixtral
 * submissions (vLLM tuned for ROCm, 2024-2025; their data sets' mean prompt lengths now known, 222 and 427 tokens)
 * run about twice as fast: at these shares they come out at 0.44-0.54, at compute 0.30 they are within and the OCI
 * runs 1.6-2.1 high. One constant cannot hold both software generations; the request names no engine version, so
 * the fit stays with the runs of the vLLM a cloud user deploys and the residuals are listed. */
static const serving_efficiency AMD_EFFICIENCY = {
    .compute = 0.15,
    .memory = 0.35,
    .source = "fitted to OCI's vLLM runs of Llama 3.1 405B FP8 on 8 x MI300X (batch 1, 32, 256 and two throughput "
              "runs)",
};

/* NVIDIA Blackwell GPUs under TensorRT-LLM: fitted to the B200 cases of the validation set whose lengths are known,
 * TensorRT-LLM's performance overview (commit 00f3768) at 1000/1000 tokens: Llama 3.3 70B NVFP4 on one B200, 7,007
 * output tokens/s; Llama 3.1 405B NVFP4 on four, 5,209; Qwen3 30B-A3B NVFP4 on one, 25,828. Of compute 0.25-0.35 and
 * memory 0.45-0.55 at the FP4 rate and 8 TB/s, 0.35 and 0.55 put the two dense rows at 0.99 and 1.14 (0.94 and 1.04
 * once the kernels' overlap is counted, kernel_s() below); the MoE row stays at 1.7-1.85 at any of them (the experts' grouped products at a few tokens each, which the serving model counts at
 * the dense efficiency). Below Hopper's shares: FP4 doubles the peak that the same kernels must reach. */
static const serving_efficiency BLACKWELL_EFFICIENCY = {
    .compute = 0.35,
    .memory = 0.55,
    .source = "fitted to TensorRT-LLM's performance overview on B200 (Llama 3.3 70B, Llama 3.1 405B and Qwen3 "
              "30B-A3B at NVFP4, 1000/1000 tokens)",
};

void serving_efficiency_of(const char *vendor, const char *architecture, serving_efficiency *out)
{
    if (vendor != NULL && strcmp(vendor, "amd") == 0)
        *out = AMD_EFFICIENCY;
    else if (architecture != NULL && strcmp(architecture, "blackwell") == 0)
        *out = BLACKWELL_EFFICIENCY;
    else
        *out = NVIDIA_EFFICIENCY;
}

/* ---- parts --------------------------------------------------------------------------------------------------- */

/* With t tokens each routed to k of E experts, and routing taken as uniform and independent (an assumption: trained
 * routers are balanced by auxiliary losses, DeepSeek-V3 report, arXiv:2412.19437, section 2.1.2, but not uniform),
 * an expert is missed by every token with probability (1 - k/E)^t. */
double serving_experts_touched(const model_arch *a, double tokens)
{
    if (a->experts <= 0 || !(tokens > 0))
        return 0.0;
    double k = (double)a->experts_per_token / a->experts;
    return a->experts * (1.0 - pow(1.0 - k, tokens));
}

/* The time one collective waits before its bytes move. No published figure was found to cite: these are set so that
 * a batch-1 step of Llama 3.1 405B on 8 GPUs (2 x 126 all-reduces) spends about a tenth of its time waiting, as the
 * OCI batch-1 run above allows, and PCIe, which crosses the host bridge, waits longer; the validation set's batch-1
 * cases are what bounds them. */
#define SWITCHED_LATENCY_S 6e-6
#define PCIE_LATENCY_S 20e-6
#define FABRIC_LATENCY_S 25e-6

/* Patarasuk and Yuan, "Bandwidth optimal all-reduce algorithms for clusters of workstations" (JPDC 2009): a ring
 * all-reduce moves 2 (p - 1) / p of the data through each link in 2 (p - 1) steps. NCCL's one-shot kernels for small
 * messages take one step; the latency counts two. */
double serving_allreduce_s(double bytes, int gpus, double link_gb_per_s, bool switched)
{
    if (gpus <= 1 || !(link_gb_per_s > 0))
        return 0.0;
    double latency = switched ? SWITCHED_LATENCY_S : PCIE_LATENCY_S;
    return 2.0 * latency + 2.0 * (gpus - 1.0) / gpus * bytes / (link_gb_per_s * BYTES_PER_GB);
}

/* Expert parallelism (Lepikhin et al., "GShard", arXiv:2006.16668, section 2.2; DeepSeek-V3 report, section 3.4):
 * each token's hidden state goes to the GPUs of its experts and comes back, (g - 1) / g of it to another GPU; the part
 * bound for another node, (n - 1) / n, crosses the node's cluster network, the rest the node's links. */
double serving_alltoall_s(double copies_bytes, const serving_layout *l, const serving_hardware *hw)
{
    int gpus = l->tensor_parallel * l->nodes;
    if (l->expert_parallel <= 1 || gpus <= 1)
        return 0.0;
    double leaving = copies_bytes * (gpus - 1.0) / gpus;
    double in_node = hw->link_gb_per_s > 0 ? leaving / gpus / (hw->link_gb_per_s * BYTES_PER_GB) : 0.0;
    double across = 0.0;
    if (l->nodes > 1 && hw->fabric_gb_per_s > 0)
        across = FABRIC_LATENCY_S + copies_bytes * (l->nodes - 1.0) / l->nodes / l->nodes /
                                        (hw->fabric_gb_per_s * BYTES_PER_GB);
    return (hw->link_switched ? SWITCHED_LATENCY_S : PCIE_LATENCY_S) + fmax(in_node, across);
}

/* Attention's own FLOPs for one token attending to context tokens, over every layer: Q.K^T and the weighted sum of V,
 * 2 x heads x (qk + v head dims) x context per layer (Kaplan et al., table 1, 2 n_layer n_ctx d_attn per token with
 * d_attn = heads x head_dim; MLA's dims from DeepSeek-V2, arXiv:2405.04434); a sliding-window layer attends to at most
 * its window. */
static double attention_flops(const model_arch *a, double context)
{
    double qk = a->attention == ATTENTION_MLA ? (double)a->qk_nope_head_dim + a->qk_rope_head_dim : a->head_dim;
    double v = a->attention == ATTENTION_MLA ? (double)a->v_head_dim : a->head_dim;
    double sliding = a->sliding_window > 0 ? a->sliding_window_layers : 0;
    double window = a->sliding_window > 0 ? fmin(context, (double)a->sliding_window) : context;
    double layer_tokens = (a->layers - sliding) * context + sliding * window;
    return 2.0 * a->attention_heads * (qk + v) * layer_tokens;
}

/* How many ways the KV cache of the batch is split: GQA heads over the tensor-parallel GPUs up to kv_heads (past them
 * each GPU keeps a copy: vLLM replicates KV heads when tp > num_kv_heads); MLA's latent has no heads to split and is
 * whole on each; pipeline stages split the layers, expert-parallel nodes the sequences. */
static double kv_split(const model_arch *a, const serving_layout *l)
{
    double heads = a->attention == ATTENTION_MLA ? 1.0 : fmin(l->tensor_parallel, fmax(1.0, a->kv_heads));
    return heads * l->nodes;
}

double serving_kv_gb_per_gpu(const model_arch *a, const serving_layout *l, double kv_bytes, double context)
{
    return model_kv_cache_gb(a, kv_bytes, 1.0, context) / kv_split(a, l);
}

double serving_weights_gb_per_gpu(const model_arch *a, const serving_layout *l, const serving_load *s)
{
    double params = a->params_b * PER_BILLION, routed = params * model_routed_share(a);
    double dense_bytes = (params - routed) * s->dense_weight_bytes, expert_bytes = routed * s->expert_weight_bytes;
    double gpus = (double)l->tensor_parallel * l->nodes;
    double dense_share = l->expert_parallel > 1 ? dense_bytes / l->tensor_parallel : dense_bytes / gpus;
    return (dense_share + expert_bytes / gpus) / BYTES_PER_GB;
}

bool serving_valid(const model_arch *a, const serving_hardware *hw, const serving_layout *l, const serving_load *s)
{
    return a && hw && l && s && a->params_b > 0 && a->active_params_b > 0 && a->layers > 0 && a->hidden_size > 0 &&
           l->tensor_parallel > 0 && l->nodes > 0 && l->pipeline_parallel > 0 && l->expert_parallel > 0 &&
           s->batch > 0 && s->prompt_tokens > 0 && s->output_tokens > 0 && s->kv_bytes > 0 &&
           isfinite(s->dense_weight_bytes) && s->dense_weight_bytes > 0 && isfinite(s->expert_weight_bytes) &&
           s->expert_weight_bytes > 0 && hw->bandwidth_gb_per_s > 0 && hw->peak_tflops > 0 &&
           hw->efficiency.compute > 0 && hw->efficiency.memory > 0;
}

/* ---- one step ------------------------------------------------------------------------------------------------ */

/* A kernel that both computes and streams memory takes the larger of the two times only when it overlaps them
 * perfectly: the roofline is a bound that measured kernels approach away from its ridge point and fall below near it
 * (Williams, Waterman and Patterson, "Roofline: An Insightful Visual Performance Model for Multicore Architectures",
 * CACM 52(4), 2009, section 3). The two times are combined as the norm (t_c^n + t_m^n)^(1/n): the larger one far from
 * the ridge, 2^(1/n) times it at the ridge. n and the NVIDIA compute share were fitted together by least squares of
 * ln(predicted / measured) over the 49 NVIDIA Ampere/Ada/Hopper serving cases of the validation set
 * (tests/validation/cases/serving); root-mean-square ln ratio at each n's best share:
 *   n:    1 (no overlap)  1.25   1.5    2      2.5    3      4      6      the maximum (perfect overlap)
 *   rms:  0.177           0.173  0.172  0.178  0.183  0.186  0.191  0.196  0.200
 * n = 1.5 at compute share 0.49 (mean ln ratio +0.005) puts 54 of the 66 cases within 0.8-1.25, against 46 with the
 * maximum at 0.50. What moved is decode near the ridge: Llama 3.1 405B FP8 on 8 x H100 at 128/2048, 1.36 -> 1.07 of
 * the measurement; Llama 3.3 70B on 2 x H100 at 20000/2000, 1.36 -> 1.06. */

static double kernel_s(double compute_s, double memory_s)
{
    /* (c^1.5 + m^1.5)^(2/3) as cbrt((c sqrt(c) + m sqrt(m))^2): the request path takes this a few thousand times a
     * call, and two pow() calls per kernel made a quarter of a 7B request's instructions (643k a call against 557k) */
    if (!(compute_s > 0) || !(memory_s > 0)) /* a dense model's experts: neither */
        return compute_s + memory_s;
    double sum = compute_s * sqrt(compute_s) + memory_s * sqrt(memory_s);
    return cbrt(sum * sum);
}

/* The parts of one step with decode tokens at decode_context each and prefill tokens at prefill_context each. */
typedef struct step_parts {
    double linear_s, attention_s, communication_s;
    bool linear_compute_bound;
} step_parts;

/* Pope et al., "Efficiently Scaling Transformer Inference" (arXiv:2211.05102), sections 2-3: a step costs the larger
 * of its FLOPs over peak and its bytes over bandwidth. Agrawal et al., "Taming Throughput-Latency Tradeoff in LLM
 * Inference with Sarathi-Serve" (OSDI'24, arXiv:2403.02310), section 4: chunked prefill piggybacks prompt tokens on
 * the decode step, which then reads the weights once for both. A pipeline's stages each read their layers once per
 * micro-batch, one per stage in flight (Huang et al., "GPipe", arXiv:1811.06965): per round a GPU reads its stage's
 * weights as often as there are stages, which is the whole model's share of one tensor-parallel group. */
static step_parts step_parts_of(const model_arch *a, const serving_hardware *hw, const serving_layout *l,
                                const serving_load *s, double decode, double decode_context, double prefill,
                                double prefill_context)
{
    step_parts p;
    double tokens = decode + prefill, gpus = (double)l->tensor_parallel * l->nodes;
    double flops_per_s = gpus * hw->peak_tflops * 1e12 * hw->efficiency.compute;
    double bytes_per_s = hw->bandwidth_gb_per_s * BYTES_PER_GB * hw->efficiency.memory; /* one GPU's */

    double params = a->params_b * PER_BILLION, routed = params * model_routed_share(a);
    double dense_read = (params - routed) * s->dense_weight_bytes / l->tensor_parallel;
    double routed_read;
    if (l->expert_parallel > 1) {
        routed_read = routed * s->expert_weight_bytes * serving_experts_touched(a, tokens) / a->experts / gpus;
    } else {
        double touched = a->experts > 0 ? serving_experts_touched(a, tokens / l->pipeline_parallel) / a->experts : 1;
        routed_read = routed * s->expert_weight_bytes * touched / l->tensor_parallel;
    }
    /* the dense weights and the routed experts run as kernels of their own, each bound by its FLOPs or its bytes:
     * at a few tokens per expert the experts' grouped products read more than they compute */
    double routed_active = a->experts > 0 ? routed * a->experts_per_token / a->experts : 0.0;
    double dense_flops = FORWARD_FLOPS_PER_PARAM * (a->active_params_b * PER_BILLION - routed_active) * tokens;
    double routed_flops = FORWARD_FLOPS_PER_PARAM * routed_active * tokens;
    double dense_s = kernel_s(dense_flops / flops_per_s, dense_read / bytes_per_s);
    double routed_s = kernel_s(routed_flops / flops_per_s, routed_read / bytes_per_s);
    p.linear_s = dense_s + routed_s;
    p.linear_compute_bound = dense_flops / flops_per_s + routed_flops / flops_per_s >
                             (dense_read + routed_read) / bytes_per_s;

    double kv_read = decode * model_kv_cache_gb(a, s->kv_bytes, 1.0, decode_context) * BYTES_PER_GB / kv_split(a, l);
    p.attention_s = kernel_s(
        (decode * attention_flops(a, decode_context) + prefill * attention_flops(a, prefill_context)) / flops_per_s,
        kv_read / bytes_per_s);

    /* Shoeybi et al., "Megatron-LM" (arXiv:1909.08053), section 3: two all-reduces per layer (after attention and
     * after the MLP) of the tokens' hidden states; with experts spread out, the MoE layers' second one is the
     * all-to-all's dispatch and combine instead */
    double moe_layers = a->experts > 0 ? a->layers - a->dense_layers : 0;
    double node_tokens = tokens / (l->expert_parallel > 1 ? l->nodes : l->pipeline_parallel);
    double allreduces = l->expert_parallel > 1 ? 2.0 * a->layers - moe_layers : 2.0 * a->layers;
    double hidden_bytes = (double)a->hidden_size * ACTIVATION_BYTES;
    double per_allreduce = serving_allreduce_s(node_tokens * hidden_bytes, l->tensor_parallel, hw->link_gb_per_s,
                                               hw->link_switched);
    p.communication_s = allreduces * per_allreduce * (l->expert_parallel > 1 ? 1.0 : l->pipeline_parallel);
    if (l->expert_parallel > 1)
        p.communication_s += 2.0 * moe_layers *
                             serving_alltoall_s(tokens * a->experts_per_token * hidden_bytes, l, hw);
    if (l->pipeline_parallel > 1 && hw->fabric_gb_per_s > 0)
        p.communication_s += (l->pipeline_parallel - 1.0) * FABRIC_LATENCY_S +
                             tokens * hidden_bytes / (hw->fabric_gb_per_s * BYTES_PER_GB);
    return p;
}

static double step_time(const step_parts *p)
{
    return p->linear_s + p->attention_s + p->communication_s;
}

int serving_step(const model_arch *a, const serving_hardware *hw, const serving_layout *l, const serving_load *s,
                 serving_point *out)
{
    memset(out, 0, sizeof *out);
    if (!serving_valid(a, hw, l, s))
        return -1;
    /* in the steady state batch / output requests finish per step, and as many start: their prompts are prefilled
     * alongside, batch x prompt / output tokens a step, each attending to half its prompt on average */
    double decode = s->batch, prefill = s->batch * s->prompt_tokens / s->output_tokens;
    double decode_context = s->prompt_tokens + s->output_tokens / 2.0;
    step_parts p = step_parts_of(a, hw, l, s, decode, decode_context, prefill, s->prompt_tokens / 2.0);
    out->tokens_per_step = decode + prefill;
    out->linear_s = p.linear_s;
    out->attention_s = p.attention_s;
    out->communication_s = p.communication_s;
    out->step_s = step_time(&p);
    out->compute_bound = p.linear_compute_bound;
    out->output_tokens_per_s = decode / out->step_s;
    out->prefill_tokens_per_s = prefill / out->step_s;
    out->time_per_output_token_ms = out->step_s * 1000.0;

    return 0;
}

/* Every kernel of a step takes at least its arithmetic time or its memory time (kernel_s() is at least the larger of
 * the two), and communication adds to them. Per output token a replica of g GPUs in one node then spends at least
 * (linear FLOPs + max(attention FLOPs, KV cache read)) / g, each over one GPU's rate: the linear and attention
 * arithmetic is split over its g GPUs, the KV cache at most g ways (kv_split() <= tensor_parallel). The replicas of a
 * node hold at most gpus GPUs in all, so they make at most gpus / (that per GPU) output tokens a second, at any
 * batch and tensor-parallel degree. */
double serving_node_tokens_bound(const model_arch *a, const serving_hardware *hw, const serving_load *s, double gpus)
{
    double flops_per_s = hw->peak_tflops * 1e12 * hw->efficiency.compute; /* one GPU's */
    double bytes_per_s = hw->bandwidth_gb_per_s * BYTES_PER_GB * hw->efficiency.memory;
    double prefill_per_output = s->prompt_tokens / s->output_tokens;
    double decode_context = s->prompt_tokens + s->output_tokens / 2.0;
    double linear_s = FORWARD_FLOPS_PER_PARAM * a->active_params_b * PER_BILLION * (1.0 + prefill_per_output) /
                      flops_per_s;
    double attention_s = (attention_flops(a, decode_context) +
                          prefill_per_output * attention_flops(a, s->prompt_tokens / 2.0)) /
                         flops_per_s;
    double kv_read_s = model_kv_cache_gb(a, s->kv_bytes, 1.0, decode_context) * BYTES_PER_GB / bytes_per_s;
    return gpus / (linear_s + fmax(attention_s, kv_read_s));
}

double serving_first_token_ms(const model_arch *a, const serving_hardware *hw, const serving_layout *l,
                              const serving_load *s)
{
    if (!serving_valid(a, hw, l, s))
        return NAN;
    /* a new request's prompt goes in chunks of what the step's token budget leaves beside the decoding sequences,
     * each chunk a step of its own beside them */
    double decode = s->batch, decode_context = s->prompt_tokens + s->output_tokens / 2.0;
    double budget = fmax(1.0, SERVING_ENGINE_MAX_STEP_TOKENS - fmin(decode, SERVING_ENGINE_MAX_STEP_TOKENS - 1.0));
    double chunk = fmin(s->prompt_tokens, budget), chunks = ceil(s->prompt_tokens / chunk);
    step_parts first = step_parts_of(a, hw, l, s, decode - 1.0, decode_context, chunk, s->prompt_tokens / 2.0);
    return chunks * step_time(&first) * 1000.0;
}
