/* Workload sizing: from what a user knows about a job (model size, precision, tokens, batch, sequence length) to what
 * the hardware must provide (GPU memory, floating-point operations) and how long a given set of GPUs needs.
 *
 * Pure functions: no I/O, no allocation, no globals. Units are in the names: GB are decimal gigabytes (1e9 bytes, as
 * GPU makers state memory), params_b and tokens_b are billions, peak figures are dense TFLOPS (TOPS for integers).
 * Every formula and figure carries its source beside its definition in sizing.c. */
#ifndef GPUREC_SIZING_H
#define GPUREC_SIZING_H

#include <stdbool.h>
#include <stddef.h>

#include "snapshot/catalog.h"

typedef enum {
    WORKLOAD_TRAINING,
    WORKLOAD_FINE_TUNING,
    WORKLOAD_INFERENCE,
    WORKLOAD_HPC,
    WORKLOAD_RENDERING,
    WORKLOAD_GENERAL,
    WORKLOAD_KIND_COUNT
} workload_kind;

/* "training", "fine_tuning", ...; NULL for an out-of-range value. */
const char *workload_kind_name(workload_kind kind);

/* What limits the job's speed: arithmetic (most training, HPC) or memory bandwidth (LLM decode at small batch, ZK
 * provers, GPU databases). It decides which throughput the ranking compares. */
typedef enum { BOUND_COMPUTE, BOUND_MEMORY_BANDWIDTH, BOUND_COUNT } workload_bound;
const char *workload_bound_name(workload_bound bound);

/* Defaults when a request leaves them out (sources in sizing.c). */
#define SIZING_DEFAULT_UTILIZATION 0.4
#define SIZING_DEFAULT_TRAIN_SEQUENCE 2048
#define SIZING_DEFAULT_TRAIN_BATCH 1

/* Bytes one parameter (or one value) takes at a precision: fp64 8, fp32/tf32 4, bf16/fp16 2, fp8/int8 1, int4 0.5. */
double sizing_bytes_per_param(precision p);
/* The precision a kind of workload runs at when the request names none. */
precision sizing_default_precision(workload_kind kind);

/* Model weights: params x bytes per parameter. */
double sizing_weights_gb(double params_b, precision p);

/* A dense decoder-only transformer's shape estimated from its size: *layers and *d_model such that
 * params = 12 x layers x d_model^2 with d_model = 128 x layers. */
void sizing_transformer_shape(double params_b, double *layers, double *d_model);

/* KV cache of batch x sequence tokens: 2 (K and V) x layers x d_model x tokens x bytes per cached value. Cached values
 * are 16-bit for integer weight formats (weight-only quantisation), else the precision's own width. */
double sizing_kv_cache_gb(double params_b, precision p, double batch_size, double sequence_length);

/* Serving memory: 1.2 x weights + KV cache (KV only when batch and sequence are both > 0). */
double sizing_inference_gb(double params_b, precision p, double batch_size, double sequence_length);

/* Training activations with selective recomputation: 34 x sequence x batch x d_model bytes per layer at 16-bit
 * activations (twice that at 32-bit). */
double sizing_activations_gb(double params_b, precision p, double batch_size, double sequence_length);

/* Full training with mixed-precision AdamW: 16 bytes per parameter + activations. */
double sizing_training_gb(double params_b, precision p, double batch_size, double sequence_length);

/* LoRA-style fine-tuning: frozen weights at the precision + an adapter of SIZING_LORA_ADAPTER_FRACTION of the
 * parameters trained with mixed-precision AdamW (16 bytes each) + activations. */
#define SIZING_LORA_ADAPTER_FRACTION 0.01
double sizing_lora_gb(double params_b, precision p, double batch_size, double sequence_length);

/* Training compute: 6 x params x tokens floating-point operations. */
double sizing_training_flops(double params_b, double tokens_b);
/* LoRA fine-tuning compute: 4 x params x tokens (no weight gradients for the frozen weights). */
double sizing_lora_flops(double params_b, double tokens_b);

/* Wall-clock hours for flops on gpus GPUs (fractional for a slice) of peak_tflops each, at utilization (0, 1].
 * NAN when an input is not positive. */
double sizing_job_hours(double flops, double gpus, double peak_tflops, double utilization);
/* Job cost: hours x hourly price of one node x nodes. */
double sizing_job_cost_usd(double hours, double node_hourly_usd, unsigned nodes);
/* Nodes needed so that nodes x per_node_gb covers required_gb (at least 1); 0 when per_node_gb is not positive. */
unsigned sizing_nodes_for_memory(double required_gb, double per_node_gb);

/* Upper bound of single-sequence decode speed: every generated token reads all weights once, so tokens/s is at most
 * memory bandwidth / weight bytes. */
double sizing_decode_tokens_per_s(double params_b, precision p, double bandwidth_gb_per_s);

/* Per-kind default GPU memory when nothing in the request sizes the job. */
double sizing_default_memory_gb(workload_kind kind);

/* A workload as the request states it. A zero (or false) member means "not given". */
typedef struct sizing_workload {
    workload_kind kind;
    precision precision;
    double model_params_b;
    double tokens_b;
    double batch_size;
    double sequence_length;
    double min_gpu_memory_gb;
    double utilization; /* 0 = SIZING_DEFAULT_UTILIZATION */
} sizing_workload;

/* What the job needs, derived by sizing_derive(). */
typedef struct sizing_requirements {
    double gpu_memory_gb; /* across every GPU of the job */
    double model_memory_gb; /* the part derived from the model alone (0 when the model is not given) */
    double weights_gb;    /* 0 when the model is not given */
    double flops;         /* 0 when unknown (no token budget) */
    double utilization;
    char formula[512];    /* the derivation with its numbers, for people */
} sizing_requirements;

/* Derives the requirements of w. Returns 0, or -1 when w cannot be sized (a kind that needs model_params_b without it
 * and without min_gpu_memory_gb); the request validator rejects those before calling. */
int sizing_derive(const sizing_workload *w, sizing_requirements *out);

#endif
