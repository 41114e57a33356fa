/* Training and fine-tuning compute as it runs: the FLOPs of a token (the weights' matrices and the attention over the
 * sequence, MHA/GQA or MLA, with the forward pass repeated when activations are recomputed), how much faster FP8 is
 * than BF16 in published end-to-end runs, and what a mixture of experts' all-to-all costs the utilisation.
 *
 * Pure functions: no I/O, no allocation, no globals. Every figure cites its source beside it in training.c. */
#ifndef GPUREC_TRAINING_H
#define GPUREC_TRAINING_H

#include <stdbool.h>

#include "base/vocab.h"
#include "snapshot/models.h"

/* Forward FLOPs of one token's attention scores and weighted values over a causal sequence of sequence tokens, summed
 * over the layers: 2 x layers x context x d_attn, with d_attn = heads x head_dim (MHA/GQA/MQA: the key/value heads do
 * not change it), (heads x (qk_nope + qk_rope) + heads x v_head) / 2 for MLA, and context the sliding window on the
 * layers that have one. 0 when sequence is not positive. */
double training_attention_forward_flops(const model_arch *arch, double sequence);

/* FLOPs of one training token: the matrices' 2 x active params forward and twice that backward (6 N; 4 N when the
 * weights are frozen, as in LoRA/QLoRA, whose backward needs no weight gradients), the attention's forward and twice
 * that backward, and with gradient checkpointing one more forward pass. */
double training_flops_per_token(const model_arch *arch, bool trains_weights, double sequence,
                                bool gradient_checkpointing);
/* training_flops_per_token() x tokens_b x 1e9. */
double training_flops(const model_arch *arch, bool trains_weights, double tokens_b, double sequence,
                      bool gradient_checkpointing);

/* How much faster a training step runs in FP8 than in BF16 on a GPU with FP8 tensor cores, end to end (published
 * runs, training.c): the scaling, casts and the work that stays in 16 bits keep it well under the 2x of the peaks. */
#define TRAINING_FP8_SPEEDUP 1.4

/* The factor on the BF16 utilisation that times a job at compute_precision against that precision's peak:
 * TRAINING_FP8_SPEEDUP x bf16_peak / fp8_peak for fp8, 1 for every other precision (or when a peak is unknown). */
double training_precision_factor(precision compute, double compute_peak_tflops, double bf16_peak_tflops);

/* The share of a dense model's utilisation a mixture-of-experts model reaches in training (the experts' all-to-all
 * and their smaller matrices), 1 for a dense model. */
#define TRAINING_MOE_FACTOR 0.46
double training_moe_factor(const model_arch *arch);

#endif
