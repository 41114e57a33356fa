/* The kinds of workload a request names (workload.kind), one row each with every fact the engine knows of a kind:
 * its name and label, the precision, GPU memory and bound it defaults to, and what it is (trains, spreads over nodes,
 * needs ECC, serves a model). Sizing, the request's checks, the ranking and the answer read these rows instead of
 * naming kinds; the command line's help is made from the names, and tests/unit/engine/test_workload_kind.c checks
 * openapi.yaml's enums and the page's list (web/index.html, web/app.js) against them.
 *
 * A new kind is one enum value and one row here, its name in openapi.yaml's two workload.kind enums and in the page's
 * list and labels (that test names what is missing), and whatever the engine does differently for it.
 *
 * The table is constant data, shared read-only by every thread. */
#ifndef GPUREC_WORKLOAD_KIND_H
#define GPUREC_WORKLOAD_KIND_H

#include <stdbool.h>
#include <stddef.h>

#include "base/vocab.h"

typedef enum {
    WORKLOAD_TRAINING,
    WORKLOAD_FINE_TUNING,
    WORKLOAD_INFERENCE,
    WORKLOAD_HPC,
    WORKLOAD_RENDERING,
    WORKLOAD_GENERAL,
    WORKLOAD_KIND_COUNT
} workload_kind;

/* What limits the job's speed: arithmetic (most training, HPC) or memory bandwidth (LLM decode at small batch, ZK
 * provers, GPU databases). It decides which throughput the ranking compares. */
typedef enum { BOUND_COMPUTE, BOUND_MEMORY_BANDWIDTH, BOUND_COUNT } workload_bound;
const char *workload_bound_name(workload_bound bound);

typedef struct workload_kind_info {
    const char *name;    /* the API's name: "fine_tuning" */
    const char *display; /* the page's label: "Fine-tuning" */
    precision default_precision; /* when workload.precision is left out */
    /* GPU memory the job is matched to when the request states neither a model nor a memory size */
    double default_memory_gb;
    workload_bound default_bound; /* when workload.bound is left out */
    /* trains weights: sized by its optimizer and activations, timed by a token budget (tokens_b), may have a
     * deadline, gradient checkpointing and the serving that follows (serve_after); needs a model */
    bool trains;
    /* serves a model: sized by weights, runtime overhead and KV cache, priced per token by replicas, takes the
     * serving members (target_tokens_per_s, prompt_tokens, ...); needs a model unless min_gpu_memory_gb is given */
    bool serves;
    /* spreads over nodes by default (constraints.max_nodes defaults to several nodes instead of one) */
    bool distributed;
    /* its results are relied on without checking every bit, so a GPU without ECC memory is warned about */
    bool needs_ecc;
} workload_kind_info;

extern const workload_kind_info workload_kinds[WORKLOAD_KIND_COUNT];

/* The row of kind; kind must be a workload_kind below WORKLOAD_KIND_COUNT. */
const workload_kind_info *workload_kind_of(workload_kind kind);
/* "training", "fine_tuning", ...; NULL for an out-of-range value. */
const char *workload_kind_name(workload_kind kind);
/* The kinds' names joined by sep ("training | fine_tuning | ...") into out; returns out. A list that does not fit
 * ends at the last whole name that does (out_len of 128 holds it with " | "). */
char *workload_kind_list(char *out, size_t out_len, const char *sep);

#endif
