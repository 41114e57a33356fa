/* Serving speed under load: one replica of a model on a group of GPUs (tensor parallel within a node, pipeline or
 * expert parallel across nodes), serving a mix of requests (prompt tokens in, output tokens out) by continuous
 * batching with chunked prefill, so that prefill and decode share every step.
 *
 * A step moves each of the batch's sequences one token further and, in the steady state, prefills prompt tokens at the
 * rate requests finish: batch x prompt / output of them. Its time is the larger of its arithmetic (every token of the
 * step through the active parameters, plus attention over each token's context) and its memory traffic (the weights
 * the step's tokens touch, plus the KV cache of the batch), each at an efficiency fitted to published measurements,
 * plus the communication the layout needs (all-reduces within the node, all-to-all for experts, hand-offs between
 * pipeline stages), which serving engines do not hide behind the arithmetic.
 *
 * Pure functions over plain structs: no I/O, no allocation, no globals. Units are in the names; GB are decimal.
 * Every formula and constant cites its source beside its definition in serving.c. */
#ifndef GPUREC_SERVING_H
#define GPUREC_SERVING_H

#include <stdbool.h>

#include "snapshot/models.h"

/* The shares of peak a serving engine reaches, per regime, and the measurements they are fitted to. */
typedef struct serving_efficiency {
    double compute; /* of dense peak FLOPS, for the step's matrix products */
    double memory;  /* of peak memory bandwidth, for the step's reads */
    const char *source; /* static: the measurements they are fitted to */
} serving_efficiency;

/* The efficiencies of a GPU's serving stack, by the catalog's vendor ("nvidia", "amd", ...) and architecture
 * ("blackwell" has its own); others take NVIDIA Hopper's. */
void serving_efficiency_of(const char *vendor, const char *architecture, serving_efficiency *out);

/* What the GPUs of a replica offer. */
typedef struct serving_hardware {
    double bandwidth_gb_per_s; /* one GPU's memory bandwidth (a slice's share) */
    double peak_tflops;        /* one GPU's dense peak at the compute precision */
    double memory_gb;          /* one GPU's memory */
    double link_gb_per_s;      /* one GPU's link to the others of its node, one direction */
    bool link_switched;        /* NVLink/NVSwitch/xGMI, not PCIe: the latency of a collective */
    double fabric_gb_per_s;    /* one node's cluster network, one direction (0 = none) */
    serving_efficiency efficiency;
} serving_hardware;

/* How one replica is laid out. GPUs = tensor_parallel x nodes. Across nodes either the layers are staged (pipeline
 * parallel, one stage per node) or the routed experts are spread over every GPU of the replica (expert parallel),
 * each node running attention for its share of the sequences. */
typedef struct serving_layout {
    int tensor_parallel;   /* GPUs of one node that split every layer */
    int pipeline_parallel; /* stages (nodes), 1 = none */
    int expert_parallel;   /* GPUs the routed experts are spread over, 1 = split with the layer */
    int nodes;             /* per replica */
} serving_layout;

/* The work of one replica. */
typedef struct serving_load {
    double prompt_tokens;
    double output_tokens;
    double batch;               /* concurrent sequences */
    double kv_bytes;            /* per cached value */
    double dense_weight_bytes;  /* per weight, every weight but the routed experts' */
    double expert_weight_bytes; /* per weight of the routed experts */
} serving_load;

/* One replica's steady state at the load. */
typedef struct serving_point {
    double tokens_per_step;     /* decode tokens + the prompt tokens prefilled alongside */
    double linear_s;            /* the weights' matrix products: max(their FLOPs, their bytes) */
    double attention_s;         /* attention: max(its FLOPs, the KV cache read) */
    double communication_s;
    double step_s;              /* linear + attention + communication */
    bool compute_bound;         /* the matrix products are bound by arithmetic, not by reading the weights */
    double output_tokens_per_s; /* all sequences together, prefill counted */
    double prefill_tokens_per_s;
    double time_per_output_token_ms;
    double time_to_first_token_ms; /* set by the caller from serving_first_token_ms(): serving_step() leaves it 0 */
} serving_point;

/* TensorRT-LLM's BuildConfig defaults (serving.c cites them): at most this many sequences and tokens in a step. */
#define SERVING_ENGINE_MAX_BATCH 2048
#define SERVING_ENGINE_MAX_STEP_TOKENS 8192

/* Expected distinct routed experts one MoE layer reads for tokens tokens: E x (1 - (1 - k/E)^tokens); 0 for a dense
 * model. */
double serving_experts_touched(const model_arch *arch, double tokens);
/* Seconds of one ring all-reduce of bytes over gpus GPUs on links of link_gb_per_s (one direction): a latency per
 * step of the ring and 2 (g - 1) / g of the bytes through each link. 0 for one GPU. */
double serving_allreduce_s(double bytes, int gpus, double link_gb_per_s, bool switched);
/* Seconds of one all-to-all in which every token of tokens sends experts_per_token copies of bytes_per_copy to the
 * GPUs holding its experts, over layout's GPUs (the share leaving a node through hw's fabric). */
double serving_alltoall_s(double copies_bytes, const serving_layout *layout, const serving_hardware *hw);

/* GB one GPU of the replica holds for the weights (the dense part once per node when experts are spread across
 * nodes, else split over every GPU) and for one sequence of context tokens' KV cache (MLA's latent is whole on each
 * tensor-parallel GPU, as serving engines keep it; GQA's heads are split, replicated past kv_heads). */
double serving_weights_gb_per_gpu(const model_arch *arch, const serving_layout *layout, const serving_load *load);
double serving_kv_gb_per_gpu(const model_arch *arch, const serving_layout *layout, double kv_bytes, double context);

/* Whether serving_step() can work out load on layout (it returns -1 exactly when not). */
bool serving_valid(const model_arch *arch, const serving_hardware *hw, const serving_layout *layout,
                   const serving_load *load);
/* One replica's steady state. 0, or -1 when an input is not positive (out zeroed). */
int serving_step(const model_arch *arch, const serving_hardware *hw, const serving_layout *layout,
                 const serving_load *load, serving_point *out);
/* At most how many output tokens/s the replicas of one node of gpus GPUs like hw's make of load's mix (its batch is
 * not read), in any layout within the node: what a ranking by price per token may compare before it works out a
 * node's layouts. load as serving_valid() accepts it. */
double serving_node_tokens_bound(const model_arch *arch, const serving_hardware *hw, const serving_load *load,
                                 double gpus);
/* The time to the first token of a request arriving at that load: its prompt in chunks of the engine's step budget
 * (SERVING_ENGINE_MAX_STEP_TOKENS less the decoding sequences), each a step beside the batch. NAN when
 * serving_step() would refuse the inputs. Apart from serving_step(), which a search calls far more often. */
double serving_first_token_ms(const model_arch *arch, const serving_hardware *hw, const serving_layout *layout,
                              const serving_load *load);

#endif
