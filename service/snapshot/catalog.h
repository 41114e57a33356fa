/* The in-memory catalog snapshot that every request reads.
 *
 * The snapshot layer: this header, build.h (making a snapshot from rows) and the shapes index. It includes base/ only,
 * never SQLite, HTTP or curl headers: the store reads the database into a builder (store/catalog_load.h).
 *
 * A snapshot is built (build.h), then published with one atomic pointer swap (catalog_publish).
 * Once published it is immutable: any thread may read it without locks while it holds a reference taken with
 * catalog_acquire() and given back with catalog_release(). The thread that publishes (start-up, then the refresh
 * worker) owns the holder; readers never block on it.
 *
 * Prices are kept in their own currency and also in USD, converted with the fx_rates of the same database.
 * Numbers a part does not have (a tensor figure of a GPU without tensor cores) are NAN. */
#ifndef GPUREC_CATALOG_H
#define GPUREC_CATALOG_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/vocab.h"
#include "snapshot/benchmarks.h"
#include "snapshot/models.h"

typedef struct catalog_provider {
    const char *id;       /* "aws" */
    const char *name;     /* "Amazon Web Services" */
    const char *currency; /* the provider's usual currency */
    const char *price_source;
    /* From refresh_runs when the snapshot was built: "never", "ok" or "error" (a run in progress is the worker's). */
    const char *refresh_status;
    const char *last_attempt_at; /* NULL when never */
    const char *last_success_at; /* NULL when never */
    const char *last_error;      /* the last run's error, NULL when it succeeded */
    size_t price_rows;           /* prices of this provider in the snapshot */
} catalog_provider;

typedef struct catalog_region {
    const catalog_provider *provider;
    const char *id;   /* "us-east-1" */
    const char *name; /* "US East (N. Virginia)" */
    const char *geography; /* the regions.geography code: "us", "apac" (base/vocab.h names them) */
    const char *country;   /* ISO 3166-1 alpha-2, "" when not recorded */
    /* the provider's offers in this region: among equal prices the region with the most instance types (the
     * provider's largest, where capacity is likeliest) is preferred, never the first name in the alphabet */
    size_t offer_count;
    /* the tie-break order of regions (lower first): by offer_count, then regions in the United States, where every
     * provider here lists its GPU types first and most, then by id; set when the snapshot is built */
    size_t tie_rank;
} catalog_region;

typedef struct catalog_gpu {
    const char *id; /* "h100-sxm-80gb" */
    const char *name;
    const char *vendor;
    const char *architecture;
    const char *form_factor;
    const char *memory_type;
    const char *interconnect;
    const char *sources_json; /* a JSON array of URLs, as stored */
    double memory_gb;
    double memory_bandwidth_gb_per_s;
    double fp64_tflops;
    double fp64_tensor_tflops; /* NAN when none */
    double fp32_tflops;
    double tf32_tflops; /* dense tensor figures, NAN when none */
    double fp16_tflops;
    double bf16_tflops;
    double fp8_tflops;
    double int8_tops;
    double tdp_watts;
    double interconnect_gb_per_s;
    int release_year;
    bool ecc;
    bool mig;
    bool vgpu;
} catalog_gpu;

typedef struct catalog_instance {
    const catalog_provider *provider;
    const catalog_gpu *gpu;
    const char *id; /* "p5.48xlarge" */
    const char *family;
    const char *gpu_interconnect; /* nvswitch | nvlink | xgmi | pcie | none */
    const char *cluster_network;  /* efa | infiniband | roce | none */
    const char *source;
    const char *retired_at; /* when the provider retired the type (kept for history, never recommended); NULL */
    bool reservation_only;  /* sold only through reservations and capacity blocks: never on-demand or spot */
    double gpu_count;     /* below 1 for a fraction of one GPU (a vGPU slice) */
    double gpu_memory_gb; /* GPU memory the instance can use in total; a slice's share, not the whole card's */
    double memory_gb;
    double network_gbps;
    double cluster_network_gbps;
    int vcpus;
    size_t first_offer; /* this instance's offers are offers[first_offer .. first_offer + offer_count) */
    size_t offer_count;
} catalog_instance;

typedef struct catalog_price {
    bool present;
    double hourly;     /* in currency, per instance */
    double hourly_usd; /* hourly x the currency's usd_per_unit */
    double usd_per_unit;
    const char *currency;
    const char *source;
    const char *fetched_at;   /* ISO 8601 UTC */
    const char *effective_at; /* ISO 8601 UTC */
    const char *spot_interruption; /* an interruption band such as "<5%", or NULL */
    bool estimated; /* derived by a rule (stated in source), not a published figure */
    double min_hours; /* a capacity block's shortest and longest duration; NAN for other pricing models */
    double max_hours;
} catalog_price;

/* One instance type in one region, with a price per pricing model (present ones only). */
typedef struct catalog_offer {
    const catalog_instance *instance;
    const catalog_region *region;
    catalog_price prices[PRICING_COUNT];
} catalog_offer;

typedef struct catalog_fx {
    const char *currency;
    double usd_per_unit;
    const char *source;
    const char *as_of;
} catalog_fx;

/* Offer indexes into catalog.offers, each ascending. */
typedef struct catalog_index {
    const size_t *offers;
    size_t count;
} catalog_index;

/* One instance type's cheapest region under one pricing model, for a search that reads instance types instead of
 * every offer: for one instance type and pricing model only the hourly price differs between regions. */
typedef struct catalog_cheapest {
    double hourly_usd;
    size_t offer;     /* index into offers: the cheapest region, the first in region order among equal prices */
    unsigned regions; /* the instance type's offers priced above zero under the model */
    /* another region's price is above hourly_usd by no more than a rounding step, so arithmetic on the two can tie: a
     * reader that needs the exact best region compares those offers one by one */
    bool near_tie;
} catalog_cheapest;

/* How many offers of a shape are priced (above zero) under exactly a set of pricing models. */
typedef struct catalog_model_mix {
    unsigned models; /* bit m set: priced under pricing model m */
    size_t offers;
} catalog_model_mix;

/* How many offers of a shape are in one region. */
typedef struct catalog_region_offers {
    size_t region; /* index into regions */
    size_t offers;
} catalog_region_offers;

/* Instance types that differ only by name and price: one provider, one GPU, the same GPU count and GPU memory, the same
 * GPU interconnect and cluster network (and its bandwidth). A workload fits them all alike, so a search judges the shape once. */
typedef struct catalog_shape {
    const catalog_instance *example; /* the shape's first instance type: its provider, GPU and figures */
    const size_t *instances;         /* indexes into instances, ascending */
    size_t instance_count;
    size_t offer_count;              /* offers of all its instance types */
    /* per pricing model: the instance types priced under it, by cheapest region, cheapest first (ties in instance
     * order) */
    const catalog_cheapest *cheapest[PRICING_COUNT];
    size_t cheapest_count[PRICING_COUNT];
    double dearest_usd[PRICING_COUNT]; /* the highest hourly_usd of any of its offers under the model; 0 when none */
    const catalog_model_mix *mixes;
    size_t mix_count;
    const catalog_region_offers *region_offers; /* by region index, regions without offers left out */
    size_t region_offers_count;
    /* the first shape (an index into shapes, at most this one's) with the same GPU, GPU count and memory, GPU
     * interconnect and cluster network: another provider's twin, which a workload fits alike once both providers
     * are allowed and neither type is retired */
    size_t hardware_twin;
    /* the first shape with the same GPU, GPU count and memory and GPU interconnect, whatever joins its nodes: a
     * served model fits it alike (it never spreads one replica over nodes) */
    size_t node_twin;
} catalog_shape;

typedef struct catalog {
    atomic_int refs;
    char version[17];   /* 16 hex digits: a hash of the content, equal for equal catalogs; the ETag of catalog replies */
    char built_at[32];  /* ISO 8601 UTC */
    const catalog_provider *providers;
    size_t provider_count;
    const catalog_region *regions; /* sorted by provider then id */
    size_t region_count;
    const catalog_gpu *gpus;       /* sorted by id */
    size_t gpu_count;
    const catalog_instance *instances; /* sorted by provider then id */
    size_t instance_count;
    const catalog_offer *offers;       /* sorted by provider, instance, region */
    size_t offer_count;
    size_t price_count;
    const catalog_fx *fx;
    size_t fx_count;
    const catalog_model *models; /* sorted by id */
    size_t model_count;
    const catalog_benchmark *benchmarks; /* sorted by id */
    size_t benchmark_count;
    const catalog_index *offers_by_gpu;      /* parallel to gpus */
    const catalog_index *offers_by_provider; /* parallel to providers */
    /* instance types grouped by shape, every instance type in exactly one; NULL (and shape_count 0) when the snapshot
     * holds a figure that is not a finite number, where only a walk of every offer is exact */
    const catalog_shape *shapes;
    size_t shape_count;
    /* the largest gpu_count of any instance type, and of any that has a cluster network (so that nodes of it can
     * join); both 0 without shapes */
    double most_gpus_per_instance;
    double most_gpus_per_clustered_instance;
    /* per pricing model: the shapes priced under it (indexes into shapes), by their cheapest hourly price
     * (cheapest[m][0].hourly_usd), cheapest first, ties in shape order; a search that ranks by price stops early */
    const size_t *shapes_by_price[PRICING_COUNT];
    size_t shapes_by_price_count[PRICING_COUNT];
    void *arena; /* owns every string and array above */
} catalog;

/* Takes a reference to the published snapshot, or NULL when none is published yet. Never blocks. */
catalog *catalog_acquire(void);
/* Gives back a reference; the last one frees the snapshot. Accepts NULL. */
void catalog_release(catalog *snap);
/* Publishes snap (takes the caller's reference) and releases the previous one once no reader can still be taking it.
 * Publishing NULL unpublishes (used at shutdown). */
void catalog_publish(catalog *snap);

const catalog_gpu *catalog_find_gpu(const catalog *snap, const char *id);
const catalog_model *catalog_find_model(const catalog *snap, const char *id);
const catalog_benchmark *catalog_find_benchmark(const catalog *snap, const char *id);
const catalog_provider *catalog_find_provider(const catalog *snap, const char *id);
const catalog_region *catalog_find_region(const catalog *snap, const char *provider_id, const char *region_id);
const catalog_instance *catalog_find_instance(const catalog *snap, const char *provider_id, const char *instance_id);
const catalog_offer *catalog_find_offer(const catalog *snap, const char *provider_id, const char *instance_id,
                                        const char *region_id);
/* The provider's index in snap->providers, or -1. */
long catalog_provider_index(const catalog *snap, const char *id);
/* The fx rate of a currency, or NULL when the snapshot has none. */
const catalog_fx *catalog_find_fx(const catalog *snap, const char *currency);

/* Names item i of an array sorted by (provider id, id). */
typedef void (*catalog_pair_of)(const void *items, size_t i, const char **provider_id, const char **id);
/* Binary search of such an array: the index of the item named (provider_id, id), or -1 (also when either is NULL). */
long catalog_search_pair(const void *items, size_t count, catalog_pair_of pair_of, const char *provider_id,
                         const char *id);

/* Whether nodes of the type can be joined into one job: it names a cluster network other than "none". */
bool catalog_instance_clusters(const catalog_instance *inst);

/* Dense peak of one GPU at a precision, in TFLOPS (TOPS for int8/int4), or NAN when the part cannot run it at a
 * useful rate. fp64 is the better of the vector and tensor figures; int4 uses the int8 figure. */
double catalog_gpu_peak(const catalog_gpu *gpu, precision p);

#endif
