/* A model's architecture and what follows from it: parameter counts, weight bytes at a precision, KV cache per token
 * (MHA / GQA / MQA / MLA, sliding windows), training activations, LoRA adapter size from the real projection shapes,
 * training and fine-tuning FLOPs (dense or mixture-of-experts), and inference speed on a group of GPUs.
 *
 * Pure functions over plain structs: no I/O, no allocation, no globals. Units are in the names; GB are decimal
 * (1e9 bytes). Every formula cites its source beside its definition in model.c. The architecture comes from the
 * models catalog (migrations/0006_models.sql, one row per model with its config.json figures), from a request's
 * `workload.architecture`, or, for a bare parameter count, from model_arch_estimate(). */
#ifndef GPUREC_MODEL_H
#define GPUREC_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#include "base/vocab.h"
#include "snapshot/models.h"

/* A dense GQA-free shape for a bare parameter count, from the published aspect ratio (model.c cites it): layers and
 * hidden size such that params ~ 12 x layers x hidden^2, MHA, a plain 4x MLP. Sets estimated. */
void model_arch_estimate(double params_b, model_arch *out);
/* 0 when arch is internally consistent (positive sizes, kv_heads divides attention_heads, MoE figures together, MLA
 * ranks present for MLA), else -1 with the offending field's name in *field (a static string). */
int model_arch_check(const model_arch *arch, const char **field);

/* Parameters counted from the shape, in billions (model.c gives the formula): embeddings (and the output projection
 * unless tied), per layer the attention projections (MHA/GQA/MQA, or MLA's compressed projections), the dense MLP, or
 * the router with all routed experts (active: experts_per_token of them) and the shared experts; norms; no biases.
 * Active counts every weight a token touches, the input embedding table included (DeepSeek, Mistral and Qwen count it
 * so; the gpt-oss card leaves it out). A check of a catalogue row against its published params_b. */
double model_param_count_b(const model_arch *arch, bool active);

/* ---- memory -------------------------------------------------------------------------------------------------- */

/* Bytes one weight takes at a precision, counting the per-group scales of block-quantised formats (int4: GPTQ/AWQ
 * groups of 128 with a 16-bit scale and a 4-bit zero point). */
double model_weight_bytes(precision p);
/* NF4 as QLoRA stores frozen weights: 4 bits + double-quantised block constants (0.127 bits). */
double model_nf4_weight_bytes(void);
double model_weights_gb(const model_arch *arch, precision p);

/* KV cache bytes of one token summed over all layers, as if every layer attended to the whole context: 2 x layers x
 * kv_heads x head_dim x kv_bytes for MHA/GQA/MQA; layers x (kv_lora_rank + qk_rope_head_dim) x kv_bytes for MLA. */
double model_kv_bytes_per_token(const model_arch *arch, double kv_bytes);
/* The KV cache of batch sequences of context tokens each, in GB, with sliding-window layers capped at their window
 * (min(context, sliding_window) tokens each). 0 when batch or context is not positive. */
double model_kv_cache_gb(const model_arch *arch, double kv_bytes, double batch, double context);

/* Training activations per GPU-set (whole model, not sharded), in GB, at 16-bit activations: with FlashAttention-style
 * attention and no recomputation 34 x seq x batch x hidden bytes per layer; with full gradient checkpointing only each
 * layer's input, 2 x seq x batch x hidden per layer, plus the 34 x seq x batch x hidden of the one layer being
 * recomputed in the backward pass. */
double model_activations_gb(const model_arch *arch, double batch, double sequence, bool gradient_checkpointing);

/* Parameters of rank-r LoRA adapters, in billions, on every linear projection of the attention (q, k, v, o; for MLA
 * its q_a, q_b, kv_a, kv_b and o) and of the dense MLP (gate/up/down), r x (in + out) per projection. In an MoE model
 * the dense layers' MLP and the shared experts get adapters; the routed experts are left frozen. */
double model_lora_params_b(const model_arch *arch, int rank);

/* ---- compute ------------------------------------------------------------------------------------------------- */

/* Training FLOPs: 6 x active params x tokens (+ 2 x active x tokens when gradient checkpointing recomputes the
 * forward pass). */
double model_training_flops(const model_arch *arch, double tokens_b, bool gradient_checkpointing);
/* LoRA/QLoRA FLOPs: 4 x active params x tokens (no weight gradients for frozen weights) (+2x with checkpointing). */
double model_lora_flops(const model_arch *arch, double tokens_b, bool gradient_checkpointing);

/* ---- inference speed ----------------------------------------------------------------------------------------- */

/* The share of peak memory bandwidth a decode step reaches, and of dense peak FLOPS that prefill (and compute-bound
 * decode) reaches; the measurements they come from are cited in model.c. */
#define MODEL_DECODE_BANDWIDTH_EFFICIENCY 0.685
#define MODEL_COMPUTE_EFFICIENCY 0.43

/* One serving group: tensor_parallel GPUs of one node holding one replica. */
typedef struct model_serving {
    precision weight_precision;
    double kv_bytes;              /* bytes per cached value: 2 for 16-bit, 1 for fp8 */
    double batch;                 /* concurrent sequences */
    double prompt_tokens;
    double output_tokens;
    int tensor_parallel;
    double bandwidth_gb_per_s;    /* one GPU's memory bandwidth */
    double peak_tflops;           /* one GPU's dense peak at the compute precision */
} model_serving;

typedef struct model_speed {
    double decode_tokens_per_s_per_sequence;
    double decode_tokens_per_s; /* all sequences of the batch together */
    double prefill_tokens_per_s;
    double time_to_first_token_ms; /* for prompt_tokens */
    bool bandwidth_bound;          /* which bound set the decode speed */
    double bytes_per_step;         /* weights read (active experts at the batch) + KV read, one decode step */
} model_speed;

/* Decode: each step reads the weights the batch's tokens touch (all of a dense model; for MoE the expected share of
 * experts routed to at that batch) plus every sequence's KV cache at its mean context (prompt + output / 2), over the
 * group's bandwidth x MODEL_DECODE_BANDWIDTH_EFFICIENCY, or computes 2 x active params x batch at peak x
 * MODEL_COMPUTE_EFFICIENCY: the slower wins. Prefill is compute-bound: 2 x active params per prompt token, and never
 * faster than one read of the weights. Bandwidth and peak scale with tensor_parallel; the all-reduce between the GPUs
 * is neglected. 0, or -1 when an input is not positive (out is then zeroed). */
int model_speed_estimate(const model_arch *arch, const model_serving *s, model_speed *out);
/* Whether model_speed_estimate() can estimate s for arch (it returns -1 exactly when not). */
bool model_serving_valid(const model_arch *arch, const model_serving *s);

#endif
