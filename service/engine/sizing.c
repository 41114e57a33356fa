#include "engine/sizing.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define BYTES_PER_GB 1e9
#define PARAMS_PER_BILLION 1e9

static const char *const workload_kind_names[WORKLOAD_KIND_COUNT] = {
    [WORKLOAD_TRAINING] = "training",   [WORKLOAD_FINE_TUNING] = "fine_tuning", [WORKLOAD_INFERENCE] = "inference",
    [WORKLOAD_HPC] = "hpc",             [WORKLOAD_RENDERING] = "rendering",     [WORKLOAD_GENERAL] = "general",
};

const char *workload_kind_name(workload_kind kind)
{
    return (unsigned)kind < WORKLOAD_KIND_COUNT ? workload_kind_names[kind] : NULL;
}

static const char *const workload_bound_names[BOUND_COUNT] = {
    [BOUND_COMPUTE] = "compute",
    [BOUND_MEMORY_BANDWIDTH] = "memory_bandwidth",
};

const char *workload_bound_name(workload_bound bound)
{
    return (unsigned)bound < BOUND_COUNT ? workload_bound_names[bound] : NULL;
}

/* Storage width of one value. IEEE 754-2008 binary64 and binary32 are 8 and 4 bytes; TF32 is not a storage format:
 * tensor cores read FP32 operands and round them internally (NVIDIA A100 Tensor Core GPU Architecture whitepaper,
 * 2020, "TF32"), so a TF32 model is stored as FP32. bfloat16 and IEEE binary16 are 2 bytes; FP8 (E4M3/E5M2,
 * Micikevicius et al., "FP8 Formats for Deep Learning", arXiv:2209.05433) and INT8 are 1 byte; INT4 packs two values
 * per byte. */
double sizing_bytes_per_param(precision p)
{
    switch (p) {
    case PRECISION_FP64: return 8.0;
    case PRECISION_FP32:
    case PRECISION_TF32: return 4.0;
    case PRECISION_BF16:
    case PRECISION_FP16: return 2.0;
    case PRECISION_FP8:
    case PRECISION_INT8: return 1.0;
    case PRECISION_INT4: return 0.5;
    case PRECISION_COUNT: break;
    }
    return NAN;
}

/* Deep-learning work defaults to the 16-bit formats it is normally trained and served in; HPC codes to FP64 (the
 * precision climate, CFD and molecular-dynamics solvers are validated in); rendering and general compute to FP32. */
precision sizing_default_precision(workload_kind kind)
{
    switch (kind) {
    case WORKLOAD_TRAINING:
    case WORKLOAD_FINE_TUNING: return PRECISION_BF16;
    case WORKLOAD_INFERENCE: return PRECISION_FP16;
    case WORKLOAD_HPC: return PRECISION_FP64;
    case WORKLOAD_RENDERING:
    case WORKLOAD_GENERAL:
    case WORKLOAD_KIND_COUNT: break;
    }
    return PRECISION_FP32;
}

double sizing_weights_gb(double params_b, precision p)
{
    return params_b * PARAMS_PER_BILLION * sizing_bytes_per_param(p) / BYTES_PER_GB;
}

/* Kaplan et al., "Scaling Laws for Neural Language Models" (arXiv:2001.08361), section 2.1: a decoder-only
 * transformer has N ~= 12 x n_layer x d_model^2 non-embedding parameters. The aspect ratio d_model / n_layer = 128 is
 * the one of GPT-3 175B (96 layers, d_model 12288) and 13B (40 layers, 5140) in Brown et al., "Language Models are
 * Few-Shot Learners" (arXiv:2005.14165), table 2.1, and of Llama 2 7B (32 layers, 4096; Touvron et al.,
 * arXiv:2307.09288). So N = 12 x 128^2 x n_layer^3. */
#define SIZING_PARAMS_PER_LAYER_CUBED (12.0 * 128.0 * 128.0)
#define SIZING_D_MODEL_PER_LAYER 128.0

void sizing_transformer_shape(double params_b, double *layers, double *d_model)
{
    double n_layer = cbrt(params_b * PARAMS_PER_BILLION / SIZING_PARAMS_PER_LAYER_CUBED);
    *layers = n_layer;
    *d_model = SIZING_D_MODEL_PER_LAYER * n_layer;
}

/* Cached keys and values stay 16-bit when only the weights are quantised to integers (GPTQ, AWQ and LLM.int8 all
 * keep FP16 activations), else they take the precision's own width. */
static double kv_bytes_per_value(precision p)
{
    if (p == PRECISION_INT8 || p == PRECISION_INT4)
        return 2.0;
    return sizing_bytes_per_param(p);
}

/* Pope et al., "Efficiently Scaling Transformer Inference" (arXiv:2211.05102), section 2: the KV cache holds
 * 2 x n_layers x d_model values per token of every sequence in the batch (multi-head attention; grouped-query models
 * cache less, so this is the upper bound a sizing should plan for). */
double sizing_kv_cache_gb(double params_b, precision p, double batch_size, double sequence_length)
{
    if (!(batch_size > 0) || !(sequence_length > 0))
        return 0.0;
    double layers, d_model;
    sizing_transformer_shape(params_b, &layers, &d_model);
    return 2.0 * layers * d_model * batch_size * sequence_length * kv_bytes_per_value(p) / BYTES_PER_GB;
}

/* EleutherAI, "Transformer Math 101" (Anthony, Biderman, Schoelkopf, 2023, blog.eleuther.ai/transformer-math):
 * "Total Inference Memory ~= 1.2 x Model Memory", the 20% covering activations and framework buffers. */
#define SIZING_INFERENCE_OVERHEAD 1.2

double sizing_inference_gb(double params_b, precision p, double batch_size, double sequence_length)
{
    return SIZING_INFERENCE_OVERHEAD * sizing_weights_gb(params_b, p) +
           sizing_kv_cache_gb(params_b, p, batch_size, sequence_length);
}

/* Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models" (arXiv:2205.05198), section 4:
 * one layer stores s x b x h x (34 + 5 a s / h) bytes of 16-bit activations; selective recomputation of attention
 * (and FlashAttention, which never stores the a x s x s scores) removes the second term, leaving 34 s b h. 32-bit
 * activations double it. */
#define SIZING_ACTIVATION_BYTES_PER_SBH 34.0

double sizing_activations_gb(double params_b, precision p, double batch_size, double sequence_length)
{
    double layers, d_model;
    sizing_transformer_shape(params_b, &layers, &d_model);
    double width_scale = sizing_bytes_per_param(p) >= 4.0 ? 2.0 : 1.0;
    return SIZING_ACTIVATION_BYTES_PER_SBH * width_scale * sequence_length * batch_size * d_model * layers /
           BYTES_PER_GB;
}

/* Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models" (SC20,
 * arXiv:1910.02054), section 3.1: mixed-precision Adam holds 16-bit weights and gradients (2 + 2 bytes) and an FP32
 * master copy, momentum and variance (12 bytes): 16 bytes per parameter. Pure FP32 AdamW (4 + 4 + 8) is also 16. */
#define SIZING_ADAMW_BYTES_PER_PARAM 16.0

double sizing_training_gb(double params_b, precision p, double batch_size, double sequence_length)
{
    return SIZING_ADAMW_BYTES_PER_PARAM * params_b * PARAMS_PER_BILLION / BYTES_PER_GB +
           sizing_activations_gb(params_b, p, batch_size, sequence_length);
}

/* Hu et al., "LoRA: Low-Rank Adaptation of Large Language Models" (arXiv:2106.09685), section 4: the adapters train a
 * small fraction of the weights (GPT-3 175B: 0.01% at rank 4 on the attention projections); 1% leaves room for higher
 * ranks and adapters on every projection. The adapter trains with AdamW at 16 bytes per parameter (ZeRO, above). */
double sizing_lora_gb(double params_b, precision p, double batch_size, double sequence_length)
{
    double adapter_gb = SIZING_LORA_ADAPTER_FRACTION * params_b * PARAMS_PER_BILLION * SIZING_ADAMW_BYTES_PER_PARAM /
                        BYTES_PER_GB;
    return sizing_weights_gb(params_b, p) + adapter_gb + sizing_activations_gb(params_b, p, batch_size, sequence_length);
}

/* Kaplan et al. (arXiv:2001.08361), section 2.1: training costs C ~= 6 N FLOPs per token: 2 N forward, 4 N backward. */
double sizing_training_flops(double params_b, double tokens_b)
{
    return 6.0 * params_b * PARAMS_PER_BILLION * tokens_b * PARAMS_PER_BILLION;
}

/* The 4 N backward of Kaplan et al. is half gradients with respect to activations and half with respect to weights
 * (each a matrix product the size of the forward one). Frozen LoRA weights need no weight gradients: 2 N + 2 N. */
double sizing_lora_flops(double params_b, double tokens_b)
{
    return 4.0 * params_b * PARAMS_PER_BILLION * tokens_b * PARAMS_PER_BILLION;
}

/* time = FLOPs / (GPUs x peak x utilisation). The default utilisation 0.4 is the model FLOPs utilisation of
 * well-tuned large training runs: Chowdhery et al., "PaLM" (arXiv:2204.02311), table 3, reports 46.2% for PaLM 540B,
 * 30.2% for Megatron-Turing NLG and 21.3% for GPT-3. */
double sizing_job_hours(double flops, double gpus, double peak_tflops, double utilization)
{
    if (!(flops > 0) || !(gpus > 0) || !(peak_tflops > 0) || !(utilization > 0))
        return NAN;
    return flops / (gpus * peak_tflops * 1e12 * utilization) / 3600.0;
}

double sizing_job_cost_usd(double hours, double node_hourly_usd, unsigned nodes)
{
    return hours * node_hourly_usd * (double)nodes;
}

unsigned sizing_nodes_for_memory(double required_gb, double per_node_gb)
{
    if (!(per_node_gb > 0))
        return 0;
    if (!(required_gb > per_node_gb))
        return 1;
    double nodes = ceil(required_gb / per_node_gb);
    return nodes > 4096.0 ? 4097u : (unsigned)nodes;
}

/* Pope et al. (arXiv:2211.05102), section 3.1: at small batch each decode step must stream every weight from memory,
 * so a step takes at least weight bytes / memory bandwidth. */
double sizing_decode_tokens_per_s(double params_b, precision p, double bandwidth_gb_per_s)
{
    double weights_gb = sizing_weights_gb(params_b, p);
    if (!(weights_gb > 0) || !(bandwidth_gb_per_s > 0))
        return NAN;
    return bandwidth_gb_per_s / weights_gb;
}

/* Defaults of this project, not figures from elsewhere: when a request states neither a model nor a memory size, a
 * job is matched to GPUs with at least this much memory so that it does not land on the smallest vGPU slices
 * (HPC solvers partition a domain across full GPUs; production render scenes with textures routinely pass 16 GB). */
double sizing_default_memory_gb(workload_kind kind)
{
    switch (kind) {
    case WORKLOAD_HPC: return 32.0;
    case WORKLOAD_RENDERING: return 16.0;
    case WORKLOAD_TRAINING:
    case WORKLOAD_FINE_TUNING:
    case WORKLOAD_INFERENCE: return 16.0;
    case WORKLOAD_GENERAL:
    case WORKLOAD_KIND_COUNT: break;
    }
    return 8.0;
}

int sizing_derive(const sizing_workload *w, sizing_requirements *out)
{
    memset(out, 0, sizeof *out);
    out->utilization = w->utilization > 0 ? w->utilization : SIZING_DEFAULT_UTILIZATION;
    const char *prec = precision_name(w->precision);
    double params_b = w->model_params_b;
    bool has_model = params_b > 0;
    bool trains = w->kind == WORKLOAD_TRAINING || w->kind == WORKLOAD_FINE_TUNING;
    if ((trains || w->kind == WORKLOAD_INFERENCE) && !has_model && !(w->min_gpu_memory_gb > 0))
        return -1;

    double batch = w->batch_size > 0 ? w->batch_size : SIZING_DEFAULT_TRAIN_BATCH;
    double sequence = w->sequence_length > 0 ? w->sequence_length : SIZING_DEFAULT_TRAIN_SEQUENCE;
    char *text = out->formula;
    size_t text_len = sizeof out->formula;
    if (has_model) {
        out->weights_gb = sizing_weights_gb(params_b, w->precision);
        double layers, d_model;
        sizing_transformer_shape(params_b, &layers, &d_model);
        if (w->kind == WORKLOAD_TRAINING) {
            double activations = sizing_activations_gb(params_b, w->precision, batch, sequence);
            out->model_memory_gb = sizing_training_gb(params_b, w->precision, batch, sequence);
            snprintf(text, text_len,
                     "training with mixed-precision AdamW: 16 bytes x %g B params = %.1f GB, plus activations "
                     "34 x seq %g x batch %g x d_model %.0f x %.0f layers = %.1f GB",
                     params_b, SIZING_ADAMW_BYTES_PER_PARAM * params_b, sequence, batch, d_model, layers,
                     activations);
        } else if (w->kind == WORKLOAD_FINE_TUNING) {
            double activations = sizing_activations_gb(params_b, w->precision, batch, sequence);
            out->model_memory_gb = sizing_lora_gb(params_b, w->precision, batch, sequence);
            snprintf(text, text_len,
                     "LoRA fine-tuning: weights %g B params x %g bytes (%s) = %.1f GB, plus adapter 1%% of params x "
                     "16 bytes = %.1f GB, plus activations (seq %g x batch %g) = %.1f GB",
                     params_b, sizing_bytes_per_param(w->precision), prec, out->weights_gb,
                     SIZING_LORA_ADAPTER_FRACTION * params_b * SIZING_ADAMW_BYTES_PER_PARAM, sequence, batch,
                     activations);
        } else {
            /* Inference, and any other kind that names a model: serve it. KV only when the request sizes it. */
            double kv = sizing_kv_cache_gb(params_b, w->precision, w->batch_size, w->sequence_length);
            out->model_memory_gb = sizing_inference_gb(params_b, w->precision, w->batch_size, w->sequence_length);
            if (kv > 0)
                snprintf(text, text_len,
                         "inference: 1.2 x weights (%g B params x %g bytes, %s = %.1f GB) plus KV cache 2 x %.0f "
                         "layers x d_model %.0f x batch %g x seq %g x %g bytes = %.1f GB",
                         params_b, sizing_bytes_per_param(w->precision), prec, out->weights_gb, layers, d_model,
                         w->batch_size, w->sequence_length, kv_bytes_per_value(w->precision), kv);
            else
                snprintf(text, text_len, "inference: 1.2 x weights (%g B params x %g bytes, %s = %.1f GB)", params_b,
                         sizing_bytes_per_param(w->precision), prec, out->weights_gb);
        }
        out->gpu_memory_gb = out->model_memory_gb;
    } else if (w->min_gpu_memory_gb > 0) {
        snprintf(text, text_len, "%s: the requested min_gpu_memory_gb", workload_kind_name(w->kind));
    } else {
        out->gpu_memory_gb = sizing_default_memory_gb(w->kind);
        snprintf(text, text_len, "%s: default of %g GB GPU memory (no model or memory size given)",
                 workload_kind_name(w->kind), out->gpu_memory_gb);
    }
    if (w->min_gpu_memory_gb > out->gpu_memory_gb) {
        if (has_model) {
            size_t used = strlen(text);
            snprintf(text + used, text_len - used, "; raised to the requested min_gpu_memory_gb %g GB",
                     w->min_gpu_memory_gb);
        }
        out->gpu_memory_gb = w->min_gpu_memory_gb;
    }

    if (has_model && w->tokens_b > 0 && trains) {
        out->flops = w->kind == WORKLOAD_TRAINING ? sizing_training_flops(params_b, w->tokens_b)
                                                  : sizing_lora_flops(params_b, w->tokens_b);
        size_t used = strlen(text);
        snprintf(text + used, text_len - used, "; compute %d x %g B params x %g B tokens = %.3g FLOPs",
                 w->kind == WORKLOAD_TRAINING ? 6 : 4, params_b, w->tokens_b, out->flops);
    }
    return 0;
}
