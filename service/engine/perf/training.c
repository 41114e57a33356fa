#include "engine/perf/training.h"

#include <math.h>

#define PER_BILLION 1e9

/* Kaplan et al., "Scaling Laws for Neural Language Models" (arXiv:2001.08361), table 1: the forward pass of a token
 * costs 2 N for the weights plus 2 n_layer n_ctx d_attn for the attention (scores Q K^T and the weighted sum of V),
 * with d_attn = heads x head_dim. Grouped or multi-query attention shares keys and values between query heads
 * (Ainslie et al., arXiv:2305.13245) but every query head still scores every key, so d_attn is the query width. MLA
 * (DeepSeek-V2, arXiv:2405.04434, section 2.1; DeepSeek-V3, arXiv:2412.19437, section 2.1.1) scores with heads x
 * (qk_nope + qk_rope) and sums heads x v_head values: its d_attn is the mean of the two. This is the count NVIDIA's
 * performance tables use for "Model TFLOP/s": the Megatron-Bridge performance summary (github.com/NVIDIA-NeMo/
 * Megatron-Bridge, docs/performance-summary.md, 25.11 container, DGX-H100) has Llama 3 8B at 8,192 tokens at 14,451
 * tokens/s and 744 TFLOP/s per GPU, 51.5 GFLOP per token: 6 x 6.98 B
 * non-embedding + 6 x 0.525 B output projection + 6 x 32 x 8192 x 4096 (6.4 G) = 51.5 G. A sliding-window layer
 * attends to its window only (Jiang et al., "Mistral 7B", arXiv:2310.06825, section 2). */
static double attention_width(const model_arch *a)
{
    if (a->attention == ATTENTION_MLA)
        return (double)a->attention_heads * (a->qk_nope_head_dim + a->qk_rope_head_dim + a->v_head_dim) / 2.0;
    return (double)a->attention_heads * a->head_dim;
}

double training_attention_forward_flops(const model_arch *a, double sequence)
{
    if (!(sequence > 0) || a->layers <= 0)
        return 0.0;
    double sliding = a->sliding_window > 0 ? a->sliding_window_layers : 0;
    double window = a->sliding_window > 0 ? fmin(sequence, (double)a->sliding_window) : sequence;
    double layer_contexts = (a->layers - sliding) * sequence + sliding * window;
    return 2.0 * layer_contexts * attention_width(a);
}

/* The matrices: 2 N forward, 4 N backward (the gradients of activations and of weights, 2 N each), 6 N in all (Kaplan
 * et al., section 2.1); frozen weights skip the weight gradients, 4 N (Hu et al., "LoRA", arXiv:2106.09685, section
 * 4.2: the adapters' own FLOPs are r (d + k) per matrix, under 2 % at rank 64, left out). The attention has no
 * weights: its backward is twice its forward whatever trains. Full recomputation (Korthikanti et al., "Reducing
 * Activation Recomputation in Large Transformer Models", arXiv:2205.05198, section 1) runs the forward pass once
 * more. The active parameters are those a token touches (DeepSeek-V3 report, section 1: 37 B of 671 B). */
double training_flops_per_token(const model_arch *a, bool trains_weights, double sequence,
                                bool gradient_checkpointing)
{
    double matrices = 2.0 * a->active_params_b * PER_BILLION;
    double attention = training_attention_forward_flops(a, sequence);
    double passes_matrices = trains_weights ? 3.0 : 2.0;
    double per_token = passes_matrices * matrices + 3.0 * attention;
    if (gradient_checkpointing)
        per_token += matrices + attention;
    return per_token;
}

double training_flops(const model_arch *a, bool trains_weights, double tokens_b, double sequence,
                      bool gradient_checkpointing)
{
    return training_flops_per_token(a, trains_weights, sequence, gradient_checkpointing) * tokens_b * PER_BILLION;
}

/* TRAINING_FP8_SPEEDUP (training.h) = 1.4, end to end, against a peak ratio of 2. Published FP8-against-BF16 runs:
 *   - NVIDIA Megatron-Bridge performance summary (github.com/NVIDIA-NeMo/Megatron-Bridge, docs/performance-summary.md,
 *     25.11 container, DeepSeek-V3 without MTP on 256 GPUs): 3,848 BF16 against 4,357 FP8-MX tokens/s per GPU on
 *     DGX-GB300 (1.13x), 3,139 against 4,018 on DGX-GB200 (1.28x);
 *   - NeMo AutoModel FP8 training guide (docs.nvidia.com/nemo/automodel, "FP8 Training", "Speed and Convergence"):
 *     "over 1.2x training speedup on 8xH100 with tensorwise scaling";
 *   - Transformer Engine "GEMM Speedups Across Precisions" (nvidia.github.io/TransformerEngine, low-precision
 *     training, speedups): the GEMMs of a 5B model (hidden 4096, 24 layers) run 1.41x (current scaling) to 1.61x
 *     (delayed scaling) faster in FP8 than in BF16, quantisation included.
 * 1.4 lies in that 1.13-1.61 range; it is the value the NeMo 24.07 FP8 pre-training and fine-tuning rows of the
 * validation set agree with best on top of the BF16 utilisation of engine/perf/plan.c (the note of issue 35 lists
 * the fit). */
double training_precision_factor(precision compute, double compute_peak_tflops, double bf16_peak_tflops)
{
    if (compute != PRECISION_FP8 || !(compute_peak_tflops > 0) || !(bf16_peak_tflops > 0))
        return 1.0;
    return TRAINING_FP8_SPEEDUP * bf16_peak_tflops / compute_peak_tflops;
}

/* TRAINING_MOE_FACTOR (training.h) = 0.46: the Megatron-Bridge performance summary (above), 25.09 container,
 * DGX-H100, FP8: DeepSeek-V3 (dropless, expert parallel 64, 1,024 GPUs) at 338 model TFLOP/s per GPU against Llama 3
 * 70B (64 GPUs) at 727: 0.465. The same table has Qwen3-235B-A22B at 178 (0.24) and Qwen3-30B-A3B at 241 against
 * Llama 3 8B's 725 (0.33): smaller experts keep GPUs less busy still; the validation note lists those residuals. */
double training_moe_factor(const model_arch *a)
{
    return a->experts > 0 ? TRAINING_MOE_FACTOR : 1.0;
}
