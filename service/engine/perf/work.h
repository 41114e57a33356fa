/* Jobs priced per unit of work from measured benchmark rates (workload.benchmark with workload.work or
 * workload.target_rate): which GPU does how many units per second, measured or estimated from the nearest measured
 * GPU, and how a pick's rate, hours and price per unit are written. Pure: reads the snapshot only.
 *
 * The rules, per suite (work.c holds the table): the rate of a GPU is its measured rate per GPU (the measured
 * system's rate over its GPU count); a GPU without a measurement gets the rate per GPU of the nearest measured GPU of
 * the same vendor, scaled by the ratio of the figure that bounds the suite (INT8 for vision and language inference,
 * BF16 for training, FP64 for HPL, memory bandwidth for HPCG and scans, FP32 for molecular dynamics and proving). The
 * nearest is the one whose bounding figure is closest in ratio; none within a factor of WORK_NEAR_RATIO, or none of
 * the vendor, means no rate. An instance's rate is the per-GPU rate times its GPUs (a slice counts its fraction):
 * every suite here runs one independent copy per GPU or scales as the measured multi-GPU system did. */
#ifndef GPUREC_WORK_H
#define GPUREC_WORK_H

#include <stdbool.h>

#include <jansson.h>

#include "base/vocab.h"
#include "engine/perf/sizing.h"
#include "snapshot/catalog.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

#define WORK_NEAR_RATIO 4.0

/* A request's benchmark job, as parsed. benchmark is NULL when the request names none. */
typedef struct work_request {
    const catalog *snap;    /* borrowed: the snapshot the request is judged against */
    const char *benchmark;  /* the snapshot's string */
    const char *suite;
    const char *unit;
    double work;            /* units of work; 0 = not given */
    double target_rate;     /* units per second; 0 = not given */
} work_request;

/* One GPU's rate for a benchmark. */
typedef struct work_rate {
    double per_gpu;                /* units per second of one whole GPU */
    bool measured;                 /* false: estimated by the suite's rule */
    const catalog_benchmark *row;  /* the measurement, or the one the estimate scales */
    double bound_ratio;            /* estimated: the GPU's bounding figure over the row GPU's (1 when measured) */
} work_rate;

/* What a benchmark job comes to on one instance's nodes. */
typedef struct work_fit {
    bool on;
    work_rate rate;
    double rate_per_s; /* all nodes together */
} work_fit;

/* Parses workload.benchmark, work and target_rate of w (a request of kind `kind`) into *out; errors go into p.
 * When the request names a benchmark: sets *default_precision to the suite's precision unless workload.precision is
 * given, and *min_gpu_memory_gb, when it is 0 and no model is named, to the least memory of a GPU measured running
 * the benchmark (what sizing needs; every measured GPU then qualifies). */
void work_parse(const catalog *snap, const json_t *w, workload_kind kind, work_request *out,
                precision *default_precision, double *min_gpu_memory_gb, problem *p);
/* The rate of gpu for benchmark, leaving out the row leave_out (NULL: none; for validation). False when no measured
 * row is near enough (or the GPU lacks the bounding figure). */
bool work_gpu_rate(const catalog *snap, const char *benchmark, const catalog_gpu *gpu,
                   const catalog_benchmark *leave_out, work_rate *out);
/* The bounding figure of a suite's rule, in words ("FP32 TFLOPS"), or NULL for an unknown suite. */
const char *work_bound_name(const char *suite);
/* Writes the "work" member of a pick: the benchmark, unit, rate, hours, $ per unit and the rows behind the rate. */
void work_write(jsonw *out, const work_request *w, const work_fit *f, double hourly_usd, double hours);

#endif
