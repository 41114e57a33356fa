/* The benchmarks catalogue as the snapshot holds it: one row per published measurement of one benchmark on one system
 * (migrations/0013_benchmarks.sql names each row's source), immutable once published like the rest of the snapshot. */
#ifndef GPUREC_SNAPSHOT_BENCHMARKS_H
#define GPUREC_SNAPSHOT_BENCHMARKS_H

struct catalog_gpu;

/* One measurement. Strings are the snapshot's (owned by its arena). */
typedef struct catalog_benchmark {
    const char *id;        /* "resnet50-offline--l4" */
    const char *benchmark; /* what workload.benchmark names: "resnet50-offline" */
    const char *suite;     /* "mlperf-inference" */
    const char *suite_version;
    const char *case_name;
    const struct catalog_gpu *gpu;
    const char *published_unit;
    const char *unit; /* the unit of work: "image" */
    const char *measured_on;
    const char *url;
    const char *settings;
    double published_value;
    double rate; /* units of work per second of the whole measured system */
    int gpu_count;
} catalog_benchmark;

#endif
