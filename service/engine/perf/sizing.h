/* Workload sizing: from what a user knows about a job (a model, its precision, tokens, batch, sequence length, the
 * fine-tuning method) to what the hardware must provide (GPU memory, floating-point operations) and how long a given
 * set of GPUs needs. The architecture arithmetic is model.h's; this module chooses which of it a kind of job
 * needs and writes down the derivation.
 *
 * Pure functions: no I/O, no allocation, no globals. Units are in the names: GB are decimal gigabytes (1e9 bytes, as
 * GPU makers state memory), params_b and tokens_b are billions, peak figures are dense TFLOPS (TOPS for integers).
 * Every formula and figure carries its source beside its definition in sizing.c or model.c. */
#ifndef GPUREC_SIZING_H
#define GPUREC_SIZING_H

#include <stdbool.h>
#include <stddef.h>

#include "base/vocab.h"
#include "engine/workload_kind.h"
#include "engine/perf/finetune_memory.h"
#include "snapshot/models.h"

/* How a fine-tuning job trains: every weight (full), low-rank adapters on frozen 16-bit weights (lora), or adapters
 * on frozen 4-bit NF4 weights computed in bf16 (qlora). */
typedef enum { FINE_TUNE_FULL, FINE_TUNE_LORA, FINE_TUNE_QLORA, FINE_TUNE_METHOD_COUNT } fine_tune_method;
const char *fine_tune_method_name(fine_tune_method method);

/* Defaults when a request leaves them out (sources in sizing.c). */
#define SIZING_DEFAULT_UTILIZATION 0.4
#define SIZING_DEFAULT_TRAIN_SEQUENCE 2048
#define SIZING_DEFAULT_TRAIN_BATCH 1
#define SIZING_DEFAULT_LORA_RANK 16

/* Nodes needed so that nodes x per_node_gb covers required_gb (at least 1); 0 when per_node_gb is not positive. */
unsigned sizing_nodes_for_memory(double required_gb, double per_node_gb);
/* Wall-clock hours for flops on gpus GPUs (fractional for a slice) of peak_tflops each, at utilization (0, 1].
 * NAN when an input is not positive. */
double sizing_job_hours(double flops, double gpus, double peak_tflops, double utilization);

/* A workload as the request states it. A zero (or false) member means "not given". */
typedef struct sizing_workload {
    workload_kind kind;
    precision precision; /* of the weights (and of compute, unless the method computes in another) */
    bool has_model;
    model_arch arch;     /* with has_model: catalogued, given, or estimated from a parameter count */
    double tokens_b;
    double batch_size;
    double sequence_length;
    double min_gpu_memory_gb;
    double utilization; /* 0 = SIZING_DEFAULT_UTILIZATION */
    fine_tune_method method;
    int lora_rank;      /* 0 = SIZING_DEFAULT_LORA_RANK */
    bool gradient_checkpointing;
    double kv_bytes;    /* bytes per cached key/value; 0 = 2 (16-bit) */
    training_framework framework; /* fine-tuning: the stack whose memory profile applies (finetune_memory.h) */
} sizing_workload;

/* What the job needs, derived by sizing_derive(). Every part of gpu_memory_gb is shown on its own. */
typedef struct sizing_requirements {
    double gpu_memory_gb;   /* across every GPU of the job */
    double model_memory_gb; /* the part derived from the model alone (0 when the model is not given) */
    double params_b;        /* 0 when the model is not given */
    double active_params_b;
    double weights_gb;      /* weights at their stored precision (NF4 for qlora) */
    double optimizer_gb;    /* training: gradients and AdamW states of what trains */
    double adapter_params_b; /* lora / qlora */
    double activations_gb;  /* training, at the batch and sequence */
    double logits_gb;       /* fine-tuning: logits and loss buffers, vocabulary x tokens */
    double working_set_gb;  /* fine-tuning: the stack's own */
    double fixed_gb;        /* fine-tuning: what does not grow with the sequence */
    double per_token_gb;    /* fine-tuning: what does, per token of the batch */
    double kv_bytes_per_token; /* inference */
    double kv_cache_gb;        /* inference, at the batch and sequence */
    double overhead_gb;        /* inference: runtime buffers, a stated share of the weights */
    double flops;           /* 0 when unknown (no token budget) */
    precision compute_precision; /* what the job's arithmetic runs at (QLoRA: bf16) */
    double utilization;
    double utilization_size_factor; /* plan_size_factor() of the params that compute per token (engine/perf/plan.h) */
    char formula[768];      /* the derivation with its numbers, for people */
} sizing_requirements;

/* Derives the requirements of w. Returns 0, or -1 when w cannot be sized (a kind that needs a model without one and
 * without min_gpu_memory_gb); the request validator rejects those before calling. */
int sizing_derive(const sizing_workload *w, sizing_requirements *out);
/* sizing_derive() without the words: the same figures, an empty formula (for the walks of changed requests, which
 * show only their pick). */
int sizing_derive_figures(const sizing_workload *w, sizing_requirements *out);

/* Inference memory of one replica at a batch of sequences of context tokens: weights + overhead + KV cache. */
double sizing_serving_gb(const sizing_workload *w, const sizing_requirements *req, double batch, double context);

#endif
