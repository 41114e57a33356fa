/* The service's vocabularies, one registry each: pricing models, precisions, price adapters and geographies. Every list, error
 * message and enum check in the service is made from these tables, so a new pricing model is one row here, a
 * migration, and the code that prices it.
 *
 * The tables are constant data, shared read-only by every thread. */
#ifndef GPUREC_VOCAB_H
#define GPUREC_VOCAB_H

#include <stdbool.h>
#include <stddef.h>

/* ---- pricing models ------------------------------------------------------------------------------------------- */

typedef enum {
    PRICING_ON_DEMAND,
    PRICING_SPOT,
    PRICING_RESERVED_1Y,
    PRICING_RESERVED_3Y,
    PRICING_SAVINGS_PLAN_1Y,
    PRICING_SAVINGS_PLAN_3Y,
    PRICING_CAPACITY_BLOCK, /* capacity reserved ahead for a set number of hours, paid for the whole block */
    PRICING_COUNT
} pricing_model;

typedef struct pricing_model_info {
    const char *name;    /* the API's and the database's id: "on_demand" */
    const char *display; /* "On-demand" */
    /* whole years of commitment, billed for every hour of the term whether used or not; 0 = billed by use */
    unsigned term_years;
    bool interruptible; /* the provider may reclaim the capacity (spot) */
} pricing_model_info;

extern const pricing_model_info vocab_pricing_models[PRICING_COUNT];

/* "on_demand", "spot", ...; NULL for an out-of-range value. */
const char *pricing_model_name(pricing_model model);
/* 0 and *out set when name is a pricing model, else -1. */
int pricing_model_parse(const char *name, pricing_model *out);

/* ---- precisions ----------------------------------------------------------------------------------------------- */

/* Precisions a workload may ask for, and the GPU figure that serves each (catalog_gpu_peak). */
typedef enum {
    PRECISION_FP64,
    PRECISION_FP32,
    PRECISION_TF32,
    PRECISION_BF16,
    PRECISION_FP16,
    PRECISION_FP8,
    PRECISION_INT8,
    PRECISION_INT4,
    PRECISION_COUNT
} precision;

typedef struct precision_info {
    const char *name;        /* "bf16" */
    const char *peak_metric; /* the GPU figure that times it: "bf16_tflops" */
} precision_info;

extern const precision_info vocab_precisions[PRECISION_COUNT];

const char *precision_name(precision p);
int precision_parse(const char *name, precision *out);

/* ---- price vocab_adapters ------------------------------------------------------------------------------------------- */

typedef struct adapter_info {
    const char *id;          /* GPUREC_PROVIDERS and POST /v1/admin/refresh name it: "aws" */
    const char *description; /* what it reads */
    bool default_on;         /* in the default GPUREC_PROVIDERS */
} adapter_info;

extern const adapter_info vocab_adapters[];
extern const size_t vocab_adapter_count;

/* The adapter with that id, or NULL. */
const adapter_info *vocab_adapter_find(const char *id);

/* ---- geographies ---------------------------------------------------------------------------------------------- */
/* Where a region is. The database stores a short code per region (regions.geography: its CHECK lists them); a request
 * names a geography by its API name (constraints.geographies, constraints.prefer_regions). One name may cover several
 * codes: "asia-pacific" takes in Oceania, as the providers' own "Asia Pacific (Sydney)" does. */
typedef struct geography_info {
    const char *name;  /* the API's name: "south-america" */
    const char *codes; /* the regions.geography codes it covers, space-separated: "sa" */
} geography_info;

extern const geography_info vocab_geographies[];
extern const size_t vocab_geography_count;

/* The geography with that API name, or NULL. */
const geography_info *vocab_geography_find(const char *name);
/* Whether geography g covers a region whose regions.geography is code. */
bool vocab_geography_covers(const geography_info *g, const char *code);
/* The API name of a regions.geography code (the first geography covering it), or NULL. */
const char *vocab_geography_name(const char *code);

/* ---- lists for messages --------------------------------------------------------------------------------------- */

/* Writes the names of a vocabulary joined by ", " into out ("on_demand, spot, ..."); returns out. A list that does
 * not fit is cut (out_len of 256 holds every list here). */
char *vocab_pricing_list(char *out, size_t out_len);
char *vocab_precision_list(char *out, size_t out_len);
char *vocab_adapter_list(char *out, size_t out_len);
char *vocab_geography_list(char *out, size_t out_len);

#endif
