#include "engine/perf/model.h"

#include <math.h>
#include <string.h>

#define BYTES_PER_GB 1e9
#define PER_BILLION 1e9

/* ---- shape --------------------------------------------------------------------------------------------------- */

/* Kaplan et al., "Scaling Laws for Neural Language Models" (arXiv:2001.08361), section 2.1: a decoder-only transformer
 * has N ~= 12 x n_layer x d_model^2 non-embedding parameters (4 d^2 attention with d_attn = d_model, 8 d^2 for an MLP
 * of d_ff = 4 d_model). The aspect ratio d_model = 128 x n_layer is GPT-3 175B's (96 layers, d_model 12288; Brown et
 * al., arXiv:2005.14165, table 2.1), as in sizing.c's sizing_transformer_shape, so N = 12 x 128^2 x n_layer^3 and
 * head_dim 128 (GPT-3 175B: 96 heads of 128) gives n_layer heads. The vocabulary is LLaMA's and Llama 2's 32000-token
 * SentencePiece BPE (Touvron et al., arXiv:2302.13971 section 2.1 and arXiv:2307.09288 section 2.2). */
#define ESTIMATE_D_MODEL_PER_LAYER 128
#define ESTIMATE_HEAD_DIM 128
#define ESTIMATE_MLP_RATIO 4
#define ESTIMATE_VOCAB 32000

void model_arch_estimate(double params_b, model_arch *out)
{
    memset(out, 0, sizeof *out);
    double per_layer_cubed = 12.0 * ESTIMATE_D_MODEL_PER_LAYER * ESTIMATE_D_MODEL_PER_LAYER;
    double n_layer = params_b > 0 ? cbrt(params_b * PER_BILLION / per_layer_cubed) : 1.0;
    int layers = n_layer < 1.0 ? 1 : n_layer > 100000.0 ? 100000 : (int)lround(n_layer);
    out->params_b = params_b;
    out->active_params_b = params_b;
    out->layers = layers;
    out->hidden_size = ESTIMATE_D_MODEL_PER_LAYER * layers;
    out->intermediate_size = ESTIMATE_MLP_RATIO * out->hidden_size;
    out->gated_mlp = false;
    out->attention_heads = out->hidden_size / ESTIMATE_HEAD_DIM;
    out->kv_heads = out->attention_heads;
    out->head_dim = ESTIMATE_HEAD_DIM;
    out->attention = ATTENTION_MHA;
    out->vocab_size = ESTIMATE_VOCAB;
    out->estimated = true;
}

#define CHECK(cond, name)                                                                                              \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            if (field)                                                                                                 \
                *field = (name);                                                                                       \
            return -1;                                                                                                 \
        }                                                                                                              \
    } while (0)

static int check_attention(const model_arch *a, const char **field)
{
    CHECK((unsigned)a->attention < ATTENTION_COUNT, "attention");
    CHECK(a->attention_heads > 0, "attention_heads");
    CHECK(a->kv_heads > 0 && a->kv_heads <= a->attention_heads, "kv_heads");
    CHECK(a->attention_heads % a->kv_heads == 0, "kv_heads");
    CHECK(a->head_dim > 0, "head_dim");
    if (a->attention == ATTENTION_MLA) {
        CHECK(a->q_lora_rank >= 0, "q_lora_rank");
        CHECK(a->kv_lora_rank > 0, "kv_lora_rank");
        CHECK(a->qk_nope_head_dim > 0, "qk_nope_head_dim");
        CHECK(a->qk_rope_head_dim > 0, "qk_rope_head_dim");
        CHECK(a->v_head_dim > 0, "v_head_dim");
        return 0;
    }
    CHECK(a->attention != ATTENTION_MHA || a->kv_heads == a->attention_heads, "kv_heads");
    CHECK(a->attention != ATTENTION_MQA || a->kv_heads == 1, "kv_heads");
    CHECK(a->attention != ATTENTION_GQA || (a->kv_heads > 1 && a->kv_heads < a->attention_heads), "kv_heads");
    CHECK(a->q_lora_rank == 0, "q_lora_rank");
    CHECK(a->kv_lora_rank == 0, "kv_lora_rank");
    CHECK(a->qk_nope_head_dim == 0, "qk_nope_head_dim");
    CHECK(a->qk_rope_head_dim == 0, "qk_rope_head_dim");
    CHECK(a->v_head_dim == 0, "v_head_dim");
    return 0;
}

static int check_mlp(const model_arch *a, const char **field)
{
    if (a->experts == 0) {
        CHECK(a->experts_per_token == 0, "experts_per_token");
        CHECK(a->shared_experts == 0, "shared_experts");
        CHECK(a->dense_layers == 0, "dense_layers");
        CHECK(a->moe_intermediate_size == 0, "moe_intermediate_size");
        CHECK(a->intermediate_size > 0, "intermediate_size");
        CHECK(a->active_params_b == a->params_b, "active_params_b");
        return 0;
    }
    CHECK(a->experts > 0, "experts");
    CHECK(a->experts_per_token > 0 && a->experts_per_token <= a->experts, "experts_per_token");
    CHECK(a->shared_experts >= 0, "shared_experts");
    CHECK(a->moe_intermediate_size > 0, "moe_intermediate_size");
    CHECK(a->dense_layers >= 0 && a->dense_layers < a->layers, "dense_layers");
    CHECK(a->intermediate_size >= 0, "intermediate_size");
    CHECK(a->dense_layers == 0 || a->intermediate_size > 0, "intermediate_size");
    CHECK(a->active_params_b < a->params_b, "active_params_b");
    return 0;
}

int model_arch_check(const model_arch *a, const char **field)
{
    CHECK(a != NULL, "architecture");
    CHECK(a->params_b > 0 && isfinite(a->params_b), "params_b");
    CHECK(a->active_params_b > 0 && a->active_params_b <= a->params_b, "active_params_b");
    CHECK(a->layers > 0, "layers");
    CHECK(a->hidden_size > 0, "hidden_size");
    CHECK(a->vocab_size > 0, "vocab_size");
    CHECK(a->max_context >= 0, "max_context");
    CHECK(a->sliding_window >= 0, "sliding_window");
    CHECK(a->sliding_window_layers >= 0 && a->sliding_window_layers <= a->layers, "sliding_window_layers");
    CHECK((a->sliding_window == 0) == (a->sliding_window_layers == 0), "sliding_window_layers");
    CHECK(a->max_context == 0 || a->sliding_window < a->max_context, "sliding_window");
    if (check_attention(a, field) != 0)
        return -1;
    return check_mlp(a, field);
}

/* ---- parameters ---------------------------------------------------------------------------------------------- */

/* One layer's attention projections. MHA/GQA/MQA (Vaswani et al., arXiv:1706.03762; Shazeer, arXiv:1911.02150;
 * Ainslie et al., arXiv:2305.13245): W_q hidden x heads.head_dim, W_k and W_v hidden x kv_heads.head_dim, W_o
 * heads.head_dim x hidden. MLA (DeepSeek-AI, "DeepSeek-V2", arXiv:2405.04434, section 2.1.2-2.1.3, and the
 * DeepSeek-V3 report, arXiv:2412.19437, section 2.1.1): the query is compressed to q_lora_rank (W_DQ hidden x
 * q_lora_rank, a norm, W_UQ/W_QR q_lora_rank x heads.(qk_nope + qk_rope)), or projected directly when q_lora_rank is 0
 * (DeepSeek-V2-Lite); keys and values share a latent of kv_lora_rank plus one decoupled RoPE key of qk_rope
 * (W_DKV and W_KR hidden x (kv_lora_rank + qk_rope), a norm, W_UK/W_UV kv_lora_rank x heads.(qk_nope + v_head)); W_O
 * heads.v_head x hidden. */
static double attention_params(const model_arch *a)
{
    double h = a->hidden_size, heads = a->attention_heads;
    if (a->attention != ATTENTION_MLA) {
        double q = heads * a->head_dim, kv = (double)a->kv_heads * a->head_dim;
        return h * q + 2.0 * h * kv + q * h;
    }
    double qk = a->qk_nope_head_dim + a->qk_rope_head_dim, ql = a->q_lora_rank, kl = a->kv_lora_rank;
    double query = ql > 0 ? h * ql + ql + ql * heads * qk : h * heads * qk;
    double kv = h * (kl + a->qk_rope_head_dim) + kl + kl * heads * (a->qk_nope_head_dim + a->v_head_dim);
    return query + kv + heads * a->v_head_dim * h;
}

/* Matrices per MLP: a gated unit (SwiGLU, Shazeer, "GLU Variants Improve Transformer", arXiv:2002.05202) has gate, up
 * and down projections, a plain one (GELU/ReLU) up and down. */
static double mlp_matrices(const model_arch *a)
{
    return a->gated_mlp ? 3.0 : 2.0;
}

/* The routed experts' weights of all MoE layers: (layers - dense_layers) x experts x matrices x hidden x moe width
 * (Fedus et al., "Switch Transformers", arXiv:2101.03961; Jiang et al., "Mixtral of Experts", arXiv:2401.04088,
 * section 2.1; DeepSeekMoE, arXiv:2401.06066, for shared experts and leading dense layers). */
static double routed_expert_params(const model_arch *a, double experts)
{
    if (a->experts <= 0)
        return 0.0;
    return (double)(a->layers - a->dense_layers) * experts * mlp_matrices(a) * a->hidden_size *
           a->moe_intermediate_size;
}

/* Every parameter but the routed experts: embeddings, attention, norms (two RMSNorm/LayerNorm gains per layer and a
 * final one; biases are left out), the dense MLPs, and in MoE layers the router (hidden x experts) and shared
 * experts. */
static double non_routed_params(const model_arch *a)
{
    double h = a->hidden_size, layers = a->layers;
    double embeddings = (double)a->vocab_size * h * (a->tied_embeddings ? 1.0 : 2.0);
    double per_layer = attention_params(a) + 2.0 * h;
    double mlp;
    if (a->experts <= 0) {
        mlp = layers * mlp_matrices(a) * h * a->intermediate_size;
    } else {
        double moe_layers = layers - a->dense_layers;
        mlp = a->dense_layers * mlp_matrices(a) * h * a->intermediate_size +
              moe_layers * (h * a->experts + a->shared_experts * mlp_matrices(a) * h * a->moe_intermediate_size);
    }
    return embeddings + layers * per_layer + mlp + h;
}

double model_param_count_b(const model_arch *a, bool active)
{
    double experts = active ? a->experts_per_token : a->experts;
    return (non_routed_params(a) + routed_expert_params(a, experts)) / PER_BILLION;
}

/* The share of the weights that are routed experts, from the shape; scales the published params_b into its dense part
 * and its expert part. */
static double routed_share(const model_arch *a)
{
    double routed = routed_expert_params(a, a->experts);
    double total = routed + non_routed_params(a);
    return total > 0 ? routed / total : 0.0;
}

/* ---- memory -------------------------------------------------------------------------------------------------- */

/* GPTQ (Frantar et al., arXiv:2210.17323, results with grouping at group size 128) and AWQ (Lin et al.,
 * arXiv:2306.00978, INT4 weights in groups of 128) store 4-bit weights with, per group of 128, one FP16
 * scale and a 4-bit zero point packed into int32 words (the qzeros layout of both formats): 0.5 + (16 + 4) / (8 x 128)
 * = 0.51953 bytes per weight. */
#define INT4_GROUP 128.0
#define INT4_SCALE_BITS 16.0
#define INT4_ZERO_BITS 4.0

/* Storage widths as in sizing.c's sizing_bytes_per_param: IEEE binary64 8, binary32 4 (TF32 is read from FP32 storage,
 * NVIDIA A100 whitepaper 2020), bfloat16/binary16 2, FP8 (arXiv:2209.05433) and INT8 1. */
double model_weight_bytes(precision p)
{
    switch (p) {
    case PRECISION_FP64: return 8.0;
    case PRECISION_FP32:
    case PRECISION_TF32: return 4.0;
    case PRECISION_BF16:
    case PRECISION_FP16: return 2.0;
    case PRECISION_FP8:
    case PRECISION_INT8: return 1.0;
    case PRECISION_INT4: return 0.5 + (INT4_SCALE_BITS + INT4_ZERO_BITS) / (8.0 * INT4_GROUP);
    case PRECISION_COUNT: break;
    }
    return NAN;
}

/* Dettmers et al., "QLoRA: Efficient Finetuning of Quantized LLMs" (arXiv:2305.14314), section 3, "Double
 * Quantization": NF4 blocks of 64 weights with FP32 constants cost 32/64 = 0.5 bits per parameter; quantising the
 * constants to 8 bits in blocks of 256 costs 8/64 + 32/(64 x 256) = 0.127 bits. 4.127 bits = 0.515875 bytes. */
double model_nf4_weight_bytes(void)
{
    return (4.0 + 8.0 / 64.0 + 32.0 / (64.0 * 256.0)) / 8.0;
}

double model_weights_gb(const model_arch *a, precision p)
{
    return a->params_b * PER_BILLION * model_weight_bytes(p) / BYTES_PER_GB;
}

/* Kwon et al., "Efficient Memory Management for Large Language Model Serving with PagedAttention" (SOSP'23,
 * arXiv:2309.06180), section 3: one token's KV cache is 2 (key and value) x hidden x layers x bytes (OPT-13B: 800 KB).
 * With grouped-query or multi-query attention only kv_heads x head_dim values per layer are cached (Ainslie et al.,
 * arXiv:2305.13245; Shazeer, arXiv:1911.02150). MLA caches the compressed latent c_KV (kv_lora_rank) and the shared
 * RoPE key (qk_rope_head_dim) once for all heads: (d_c + d_h^R) x layers elements (DeepSeek-V2, arXiv:2405.04434,
 * table 1). */
static double kv_values_per_layer(const model_arch *a)
{
    if (a->attention == ATTENTION_MLA)
        return (double)a->kv_lora_rank + a->qk_rope_head_dim;
    return 2.0 * a->kv_heads * a->head_dim;
}

double model_kv_bytes_per_token(const model_arch *a, double kv_bytes)
{
    return a->layers * kv_values_per_layer(a) * kv_bytes;
}

/* A sliding-window layer attends to (and caches) only its last window tokens: Beltagy et al., "Longformer"
 * (arXiv:2004.05150); Jiang et al., "Mistral 7B" (arXiv:2310.06825), section 2, rolling buffer cache of W tokens;
 * Gemma 2 (arXiv:2408.00118) and gpt-oss alternate local and global layers. */
double model_kv_cache_gb(const model_arch *a, double kv_bytes, double batch, double context)
{
    if (!(batch > 0) || !(context > 0))
        return 0.0;
    double sliding = a->sliding_window > 0 ? a->sliding_window_layers : 0;
    double window = a->sliding_window > 0 ? fmin(context, (double)a->sliding_window) : context;
    double layer_tokens = (a->layers - sliding) * context + sliding * window;
    return batch * layer_tokens * kv_values_per_layer(a) * kv_bytes / BYTES_PER_GB;
}

/* Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models" (arXiv:2205.05198), section 4:
 * a layer stores s b h (34 + 5 a s / h) bytes of 16-bit activations; FlashAttention (or selective recomputation)
 * removes the a s^2 term, leaving 34 s b h. Full recomputation keeps only each layer's 16-bit input,
 * 2 s b h, and rebuilds one layer's 34 s b h at a time in the backward pass. */
#define ACTIVATION_BYTES_PER_SBH 34.0
#define CHECKPOINT_BYTES_PER_SBH 2.0

double model_activations_gb(const model_arch *a, double batch, double sequence, bool gradient_checkpointing)
{
    if (!(batch > 0) || !(sequence > 0))
        return 0.0;
    double sbh = sequence * batch * a->hidden_size;
    double bytes = gradient_checkpointing ? sbh * (CHECKPOINT_BYTES_PER_SBH * a->layers + ACTIVATION_BYTES_PER_SBH)
                                          : sbh * ACTIVATION_BYTES_PER_SBH * a->layers;
    return bytes / BYTES_PER_GB;
}

/* Hu et al., "LoRA" (arXiv:2106.09685), section 4.1: W + BA with B d x r and A r x k, r (d + k) trainable parameters
 * per adapted matrix. QLoRA (arXiv:2305.14314, section 4) adapts every linear layer of the transformer block. */
static double lora_attention(const model_arch *a, double r)
{
    double h = a->hidden_size, heads = a->attention_heads;
    if (a->attention != ATTENTION_MLA) {
        double q = heads * a->head_dim, kv = (double)a->kv_heads * a->head_dim;
        return r * ((h + q) + 2.0 * (h + kv) + (q + h));
    }
    double qk = a->qk_nope_head_dim + a->qk_rope_head_dim, ql = a->q_lora_rank, kl = a->kv_lora_rank;
    double query = ql > 0 ? (h + ql) + (ql + heads * qk) : h + heads * qk;
    double kv = (h + kl + a->qk_rope_head_dim) + (kl + heads * (a->qk_nope_head_dim + a->v_head_dim));
    return r * (query + kv + heads * a->v_head_dim + h);
}

double model_lora_params_b(const model_arch *a, int rank)
{
    if (rank <= 0)
        return 0.0;
    double r = rank, h = a->hidden_size, m = mlp_matrices(a);
    double mlp;
    if (a->experts <= 0)
        mlp = a->layers * m * r * (h + a->intermediate_size);
    else
        mlp = a->dense_layers * m * r * (h + a->intermediate_size) +
              (double)(a->layers - a->dense_layers) * a->shared_experts * m * r * (h + a->moe_intermediate_size);
    return (a->layers * lora_attention(a, r) + mlp) / PER_BILLION;
}

/* ---- compute ------------------------------------------------------------------------------------------------- */

/* Kaplan et al. (arXiv:2001.08361), section 2.1: C ~= 6 N FLOPs per training token, 2 N forward and 4 N backward. For
 * a mixture of experts N is the parameters a token activates: the DeepSeek-V3 report (arXiv:2412.19437), section 1,
 * has "671B total parameters with 37B activated for each token" and 180K H800 GPU hours per trillion training tokens,
 * 6.4e23 FLOPs at the H800's 989 dense BF16 TFLOPS: room for 6 x 37B x 1T = 2.2e23 (35 % of peak), not for
 * 6 x 671B x 1T = 4.0e24. Full gradient checkpointing repeats the forward pass in the backward one, 2 N more
 * (Korthikanti et al., arXiv:2205.05198, section 1). */
#define FORWARD_FLOPS_PER_PARAM 2.0

double model_training_flops(const model_arch *a, double tokens_b, bool gradient_checkpointing)
{
    double per_param = 3.0 * FORWARD_FLOPS_PER_PARAM + (gradient_checkpointing ? FORWARD_FLOPS_PER_PARAM : 0.0);
    return per_param * a->active_params_b * PER_BILLION * tokens_b * PER_BILLION;
}

/* Frozen weights need the gradients with respect to activations (2 N) but not with respect to the weights (2 N): a
 * LoRA step is 2 N forward + 2 N backward; the adapters' own FLOPs are r (d + k) per matrix, under 2 % at rank 64. */
double model_lora_flops(const model_arch *a, double tokens_b, bool gradient_checkpointing)
{
    double per_param = 2.0 * FORWARD_FLOPS_PER_PARAM + (gradient_checkpointing ? FORWARD_FLOPS_PER_PARAM : 0.0);
    return per_param * a->active_params_b * PER_BILLION * tokens_b * PER_BILLION;
}

/* ---- inference speed ----------------------------------------------------------------------------------------- */

/* MODEL_DECODE_BANDWIDTH_EFFICIENCY (model.h) = 0.685: PyTorch's gpt-fast (github.com/pytorch-labs/gpt-fast, README,
 * "Benchmarks") decodes Llama-2-7B at batch 1 on an A100-80GB at 104.9 tokens/s, 1397.31 GB/s of weights read, against
 * the A100 80GB SXM datasheet's 2039 GB/s: 1397.31 / 2039 = 0.685.
 *
 * MODEL_COMPUTE_EFFICIENCY (model.h) = 0.43: NVIDIA NIM's published benchmark (docs.nvidia.com/nim/benchmarking/llm,
 * "Performance", Llama-3.3-70b-instruct, NIM 1.8.0, 2 x H100 80G, fp8, TP2, 5000 input / 500 output tokens,
 * concurrency 1) measures a time to first token of 406.77 ms: 2 x 70e9 x 5000 = 7.0e14 FLOPs in 0.40677 s is 1.72e15
 * FLOP/s of the two GPUs' 2 x 1979 TFLOPS dense FP8 (H100 SXM datasheet), 0.435. Pope et al., "Efficiently Scaling
 * Transformer Inference" (arXiv:2211.05102), reach 76 % MFU in large-batch prefill of PaLM 540B on TPU v4: an upper
 * bound that a client-measured GPU serving engine does not reach. */

/* Experts a decode step touches: with B tokens each routed to k of E experts, and routing taken as uniform and
 * independent (an assumption: trained routers are balanced by auxiliary losses, DeepSeek-V3 report section 2.1.2,
 * but not uniform), an expert is missed by every token with probability (1 - k/E)^B. */
static double experts_touched_share(const model_arch *a, double batch)
{
    if (a->experts <= 0)
        return 1.0;
    double k = (double)a->experts_per_token / a->experts;
    return 1.0 - pow(1.0 - k, batch);
}

bool model_serving_valid(const model_arch *a, const model_serving *s)
{
    return a && s && a->params_b > 0 && a->active_params_b > 0 && a->layers > 0 && s->kv_bytes > 0 && s->batch > 0 &&
           s->prompt_tokens > 0 && s->output_tokens > 0 && s->tensor_parallel > 0 && s->bandwidth_gb_per_s > 0 &&
           s->peak_tflops > 0 && isfinite(model_weight_bytes(s->weight_precision));
}

/* Pope et al. (arXiv:2211.05102), section 2 and 3.1: a decode step costs max(bytes read / memory bandwidth, 2 N x batch
 * FLOPs / peak); prefill of L tokens costs 2 N L FLOPs. Tensor parallelism (Shoeybi et al., "Megatron-LM",
 * arXiv:1909.08053) splits every weight matrix across the GPUs, so their bandwidth and FLOPS add; its two all-reduces
 * per layer are neglected here. */
int model_speed_estimate(const model_arch *a, const model_serving *s, model_speed *out)
{
    memset(out, 0, sizeof *out);
    if (!model_serving_valid(a, s))
        return -1;
    double bytes_per_weight = model_weight_bytes(s->weight_precision);
    double weights_bytes = a->params_b * PER_BILLION * bytes_per_weight;
    double routed = routed_share(a);
    double weights_read = weights_bytes * ((1.0 - routed) + routed * experts_touched_share(a, s->batch));
    double mean_context = s->prompt_tokens + s->output_tokens / 2.0;
    double kv_read = model_kv_cache_gb(a, s->kv_bytes, s->batch, mean_context) * BYTES_PER_GB;
    out->bytes_per_step = weights_read + kv_read;

    double bandwidth = s->tensor_parallel * s->bandwidth_gb_per_s * BYTES_PER_GB * MODEL_DECODE_BANDWIDTH_EFFICIENCY;
    double flops_per_s = s->tensor_parallel * s->peak_tflops * 1e12 * MODEL_COMPUTE_EFFICIENCY;
    double flops_per_token = FORWARD_FLOPS_PER_PARAM * a->active_params_b * PER_BILLION;
    double memory_s = out->bytes_per_step / bandwidth;
    double compute_s = flops_per_token * s->batch / flops_per_s;
    double step_s = fmax(memory_s, compute_s);
    out->bandwidth_bound = memory_s >= compute_s;
    out->decode_tokens_per_s_per_sequence = 1.0 / step_s;
    out->decode_tokens_per_s = s->batch / step_s;

    double prefill_weights = weights_bytes * ((1.0 - routed) + routed * experts_touched_share(a, s->prompt_tokens));
    double prefill_s = fmax(flops_per_token * s->prompt_tokens / flops_per_s, prefill_weights / bandwidth);
    out->prefill_tokens_per_s = s->prompt_tokens / prefill_s;
    out->time_to_first_token_ms = prefill_s * 1000.0;
    return 0;
}
