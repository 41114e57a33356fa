/* The GPU memory of a fine-tuning (or training) job as the stack that runs it lays it out: weights, the trainable
 * state (gradients and optimizer), activations with or without gradient checkpointing, the logits and loss buffers of
 * the vocabulary at every token, and the stack's own working set. The stack is `workload.framework`: Hugging Face
 * Transformers + PEFT with FlashAttention-2 (the default), Unsloth's fused kernels, or torchtune's recipes; each
 * profile's figures cite their sources in finetune_memory.c.
 *
 * Pure functions: no I/O, no allocation, no globals. GB are decimal (1e9 bytes). */
#ifndef GPUREC_FINETUNE_MEMORY_H
#define GPUREC_FINETUNE_MEMORY_H

#include <stdbool.h>

#include "base/vocab.h"
#include "snapshot/models.h"

typedef enum {
    FRAMEWORK_TRANSFORMERS, /* Hugging Face Transformers + PEFT + FlashAttention-2 */
    FRAMEWORK_UNSLOTH,      /* fused kernels, offloaded checkpoints, chunked cross-entropy */
    FRAMEWORK_TORCHTUNE,    /* PyTorch's recipes: chunked cross-entropy, 8-bit paged AdamW fused into backward */
    FRAMEWORK_COUNT
} training_framework;

/* "transformers", "unsloth", "torchtune"; NULL out of range. */
const char *training_framework_name(training_framework f);

/* What trains and how. */
typedef struct finetune_job {
    bool trains_weights;  /* full training or fine-tuning; else adapters on frozen weights */
    bool nf4_weights;     /* QLoRA: frozen weights in 4-bit NF4 */
    precision precision;  /* of the weights (and activations) when not NF4 */
    double adapter_params_b;
    double batch;
    double sequence;
    bool gradient_checkpointing; /* as asked; a stack may turn it on itself (finetune_memory.c) */
    training_framework framework;
} finetune_job;

typedef struct finetune_memory {
    double weights_gb;
    double trainable_gb;   /* gradients and optimizer states of what trains (full: the weights' master copy too) */
    double activations_gb; /* at the batch and sequence */
    double logits_gb;      /* logits and cross-entropy buffers: vocabulary x tokens */
    double working_set_gb; /* the stack's own: CUDA context, workspaces, allocator slack */
    double total_gb;
    bool checkpointing;    /* whether activations are recomputed (asked, or the stack's default) */
    double fixed_gb;       /* the part that does not grow with tokens */
    double per_token_gb;   /* the part that does, per token of the batch */
} finetune_memory;

/* Fills out for job on arch. 0, or -1 when an input is not usable (out zeroed). */
int finetune_memory_estimate(const model_arch *arch, const finetune_job *job, finetune_memory *out);

/* The longest sequence (tokens, at the job's batch) whose memory fits memory_gb: 0 when not even one token fits. */
double finetune_memory_longest_sequence(const finetune_memory *m, double batch, double memory_gb);

#endif
