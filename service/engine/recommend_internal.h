/* The recommendation engine's own parts (request, rank, answer), shared by engine/recommend*.c and nobody else.
 *
 * A request is parsed and checked against the snapshot (recommend_request.c), its candidates are walked and the best
 * kept (recommend_rank.c), and the answer is written (recommend_answer.c); recommend.c runs the three in order. */
#ifndef GPUREC_RECOMMEND_INTERNAL_H
#define GPUREC_RECOMMEND_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "base/topk.h"
#include "engine/recommend.h"
#include "engine/sizing.h"
#include "snapshot/catalog.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

typedef enum { OBJECTIVE_COST, OBJECTIVE_TIME, OBJECTIVE_BALANCED, OBJECTIVE_EFFICIENCY, OBJECTIVE_COUNT } objective;

extern const char *const recommend_objective_names[OBJECTIVE_COUNT];

/* Limits on what a client may send: wide enough for any real job, narrow enough that arithmetic stays finite. */
#define MAX_MODEL_PARAMS_B 100000.0 /* 100 trillion parameters */
#define MAX_TOKENS_B 1000000.0      /* a quadrillion tokens */
#define MAX_BATCH_SIZE 1000000
#define MAX_SEQUENCE_LENGTH 100000000
#define MAX_GPU_MEMORY_GB 10000000.0
#define MAX_GPUS 100000
#define MAX_JOB_HOURS 87600.0 /* ten years */
#define MAX_HOURLY_USD 10000000.0
#define MAX_TOTAL_USD 1e12
#define MAX_NODES 1024
#define MAX_LIST_ITEMS 256
#define MAX_NAME_LEN 128

typedef struct rec_request {
    sizing_workload workload;
    workload_bound bound;
    bool latency_sensitive;
    bool checkpointing;
    long long gpus;    /* 0 = not given */
    double job_hours;  /* 0 = not given */
    bool pricing_allowed[PRICING_COUNT];
    bool pricing_given;
    double max_hourly_usd; /* 0 = no cap */
    double max_total_usd;  /* 0 = no cap */
    bool require_ecc;
    bool require_nvlink;
    bool require_fp64;
    long long min_gpus;    /* 0 = none */
    long long max_gpus;    /* 0 = none */
    long long max_nodes;
    objective objective;
    size_t limit;
    const json_t *providers; /* borrowed arrays, NULL when absent */
    const json_t *regions;
    const json_t *gpu_models;
    const json_t *exclude_gpu_models;
} rec_request;

/* The request's lists resolved against the snapshot: bitmaps parallel to the snapshot's arrays (NULL = all). */
typedef struct rec_filters {
    bool *provider_ok;
    bool *region_ok;
    bool *gpu_ok;
} rec_filters;

void recommend_filters_free(rec_filters *f);

typedef enum {
    REJECT_PROVIDER,
    REJECT_REGION,
    REJECT_GPU_MODEL,
    REJECT_NO_ECC,
    REJECT_NO_FP64,
    REJECT_PRECISION,
    REJECT_NO_NVLINK,
    REJECT_MEMORY,
    REJECT_NO_CLUSTER,
    REJECT_MAX_NODES,
    REJECT_GPU_COUNT,
    REJECT_PRICING,
    REJECT_MAX_HOURLY,
    REJECT_MAX_TOTAL,
    REJECT_COUNT,
    REJECT_NONE = REJECT_COUNT
} reject_reason;

extern const char *const recommend_reject_names[REJECT_COUNT];

/* What an instance type gives the job, independent of region and price. */
typedef struct fit {
    unsigned nodes;
    double total_gpus;       /* nodes x gpu_count (fractional for a slice) */
    double useful_gpus;      /* the GPUs the job can keep busy (inference: those holding one model replica) */
    double total_memory_gb;
    double peak_per_gpu;     /* dense TFLOPS (TOPS) at the precision, for a whole GPU */
    double throughput;       /* compute: total TFLOPS; memory_bandwidth: total GB/s; both scaled by a slice */
    double hours;            /* NAN when the job's length is unknown */
    double penalty;          /* >= 1: the fit's drawbacks for the balanced and efficiency objectives */
    double watts;            /* board power of the GPUs used (a slice's share) */
    bool model_on_one_gpu;
    bool one_nvlink_domain;
} fit;

typedef struct candidate {
    const catalog_offer *offer;
    pricing_model pricing;
    fit fit;
    double hourly_usd; /* all nodes */
    double total_usd;  /* NAN when the job's length is unknown */
    double metric;     /* the objective's figure, lower is better */
    double second;     /* tie-breaker figure, lower is better */
    unsigned regions_passing; /* regions of the instance where this pricing passed every constraint */
} candidate;

typedef struct walk_state {
    size_t considered;
    size_t rejected[REJECT_COUNT];
    candidate *items; /* owned by the caller: room for rec_request.limit candidates */
    topk heap;        /* orders items */
} walk_state;

/* Parses and checks request against snap: 0 with *r and *f filled (free f with recommend_filters_free()), or -1 with
 * *error set to a problem naming every invalid field (caller owns it). */
int recommend_parse(const catalog *snap, const json_t *request, rec_request *r, rec_filters *f, problem **error);
/* Walks every candidate and keeps the best r->limit in st->items, best first (st->heap.count of them). */
void recommend_rank(const rec_request *r, const rec_filters *f, const catalog *snap, const sizing_requirements *req,
                    walk_state *st);
/* Writes the answer document of a ranked request. */
void recommend_write(jsonw *out, const rec_request *r, const sizing_requirements *req, const recommend_options *opts,
                     const catalog *snap, const walk_state *st);

#endif
