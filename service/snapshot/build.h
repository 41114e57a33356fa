/* Building a catalog snapshot from rows, without knowing where the rows come from (store/catalog_load.c reads them
 * from SQLite).
 *
 * A builder is filled table by table in this order: providers, regions, gpus, instances, fx, offers, models,
 * benchmarks (by id). Each table is
 * first sized (catalog_build_reserve), then given its rows in the catalog's order (providers and gpus by id, regions
 * and instances by provider then id, fx by currency, prices by provider, instance type, region). Rows that name a
 * provider, GPU, instance type or region the builder has not been given are left out, as a consistent database never
 * has them. catalog_build_finish() then adds the indexes and shapes and the version: a hash of every row's content in
 * the order given, so equal tables give equal versions.
 *
 * Every string a row names is copied (and shared with equal strings); NULL stays NULL. Numbers the source does not
 * have are NAN. One thread fills one builder. */
#ifndef GPUREC_BUILD_H
#define GPUREC_BUILD_H

#include <stddef.h>

#include "snapshot/catalog.h"

typedef struct catalog_builder catalog_builder;

typedef enum catalog_table {
    CATALOG_PROVIDERS,
    CATALOG_REGIONS,
    CATALOG_GPUS,
    CATALOG_INSTANCES,
    CATALOG_FX,
    CATALOG_OFFERS, /* sized by the number of distinct (provider, instance type, region) of the prices */
    CATALOG_MODELS,
    CATALOG_BENCHMARKS,
} catalog_table;

typedef struct catalog_provider_row {
    const char *id, *name, *currency, *price_source;
    const char *last_run_status; /* the last refresh run's status, NULL when none ran */
    const char *last_attempt_at, *last_error, *last_success_at;
    size_t price_rows;
} catalog_provider_row;

typedef struct catalog_region_row {
    const char *provider_id, *id, *name, *geography, *country;
} catalog_region_row;

/* Numbers as stored (NAN for NULL), integers and flags included. */
typedef struct catalog_gpu_row {
    const char *id, *name, *vendor, *architecture, *form_factor, *memory_type, *interconnect, *sources_json;
    double memory_gb, memory_bandwidth_gb_per_s, fp64_tflops, fp64_tensor_tflops, fp32_tflops, tf32_tflops,
        fp16_tflops, bf16_tflops, fp8_tflops, int8_tops, tdp_watts, interconnect_gb_per_s, release_year, ecc, mig,
        vgpu;
} catalog_gpu_row;

typedef struct catalog_instance_row {
    const char *provider_id, *id, *family, *gpu_id, *gpu_interconnect, *cluster_network, *source;
    double gpu_count, gpu_memory_gb, memory_gb, network_gbps, cluster_network_gbps, vcpus;
    const char *retired_at; /* NULL for a current type */
    const char *availability; /* "general" or "reservation_only" */
} catalog_instance_row;

typedef struct catalog_fx_row {
    const char *currency;
    double usd_per_unit;
    const char *source, *as_of;
} catalog_fx_row;

/* One price; the rows of one offer come one after another. */
typedef struct catalog_price_row {
    const char *provider_id, *instance_type_id, *region_id, *pricing_model;
    double hourly;
    const char *currency, *source, *fetched_at, *effective_at, *spot_interruption;
    double estimated; /* 0 or 1 */
    double min_hours, max_hours; /* a capacity block's duration bounds; NAN for other models */
} catalog_price_row;

/* One model of the catalogue, given by id order; its architecture numbers as stored (0 for NULL), attention and
 * mlp as their names. */
typedef struct catalog_model_row {
    const char *id, *name, *family, *license, *sources_json, *attention, *mlp;
    int release_year;
    model_arch arch; /* id, attention and gated_mlp are set from the strings above */
} catalog_model_row;

/* One benchmark measurement; a row naming a GPU the builder lacks is left out. */
typedef struct catalog_benchmark_row {
    const char *id, *benchmark, *suite, *suite_version, *case_name, *gpu_id, *published_unit, *unit, *measured_on,
        *url, *settings;
    double published_value, rate, gpu_count;
} catalog_benchmark_row;

/* What adding a row did. */
typedef enum catalog_added {
    CATALOG_ADDED,   /* kept, or left out as naming something unknown */
    CATALOG_FULL,    /* the table holds as many rows as reserved: stop giving it rows */
    CATALOG_REFUSED, /* the row cannot be priced (a currency without an fx rate): the build fails, err says why */
} catalog_added;

catalog_builder *catalog_build_new(void);
/* Frees an unfinished builder; accepts NULL. */
void catalog_build_free(catalog_builder *b);
/* Sizes table, the next to be filled, for up to count rows. */
void catalog_build_reserve(catalog_builder *b, catalog_table table, size_t count);

catalog_added catalog_build_provider(catalog_builder *b, const catalog_provider_row *row);
catalog_added catalog_build_region(catalog_builder *b, const catalog_region_row *row);
catalog_added catalog_build_gpu(catalog_builder *b, const catalog_gpu_row *row);
catalog_added catalog_build_instance(catalog_builder *b, const catalog_instance_row *row);
catalog_added catalog_build_fx(catalog_builder *b, const catalog_fx_row *row);
catalog_added catalog_build_model(catalog_builder *b, const catalog_model_row *row);
catalog_added catalog_build_benchmark(catalog_builder *b, const catalog_benchmark_row *row);
catalog_added catalog_build_price(catalog_builder *b, const catalog_price_row *row, char *err, size_t err_len);

/* Adds the indexes, shapes, version and build time, frees the builder and returns the snapshot (refs 1; the caller
 * frees it with catalog_release()). */
catalog *catalog_build_finish(catalog_builder *b);

#endif
