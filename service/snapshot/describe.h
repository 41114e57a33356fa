/* The catalog's GPUs and models as the API shows them, and the filters their lists take: one description shared by
 * GET /v1/gpus, GET /v1/models and the command line's `gpurec gpus` and `gpurec models`, so the two never drift. */
#ifndef GPUREC_DESCRIBE_H
#define GPUREC_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "base/vocab.h"
#include "snapshot/catalog.h"

/* One GPU or model as an item of its list (openapi.yaml, Gpu and Model). Caller owns the reference. */
json_t *describe_gpu(const catalog_gpu *gpu);
json_t *describe_model(const catalog_model *m);

/* The filters of GET /v1/gpus: vendor (any of vendors), min_memory_gb, precision (a GPU with a figure for it). */
typedef struct gpu_filter {
    const char *const *vendors; /* borrowed; NULL = any vendor */
    size_t vendor_count;
    double min_memory_gb;
    bool by_precision;
    precision needed;
} gpu_filter;
bool describe_gpu_matches(const catalog_gpu *gpu, const gpu_filter *f);

/* The filters of GET /v1/models: family (any of families), min_params_b, max_params_b, moe (-1 = either). */
typedef struct model_filter {
    const char *const *families; /* borrowed; NULL = any family */
    size_t family_count;
    double min_params_b, max_params_b;
    int moe;
} model_filter;
bool describe_model_matches(const catalog_model *m, const model_filter *f);

#endif
