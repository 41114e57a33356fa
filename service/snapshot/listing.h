/* The catalog's lists as the face (GET /v1/gpus, GET /v1/models) and the command line (`gpurec gpus`, `gpurec
 * models`) both ask them: parameters given as text, read by one set of checks that add one field error per bad
 * parameter to the caller's problem, the lists' filters built from them, and the page envelope the answers share.
 *
 * A parameter source is a function from a name to its text (NULL when absent): the face's reads the query string,
 * the command line's its flags. */
#ifndef GPUREC_LISTING_H
#define GPUREC_LISTING_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "base/vocab.h"
#include "snapshot/catalog.h"
#include "snapshot/describe.h"
#include "wire/problem.h"

typedef const char *(*listing_param_fn)(const void *source, const char *name);
typedef struct listing_params {
    listing_param_fn get;
    const void *source;
} listing_params;

typedef enum { LISTING_ABSENT, LISTING_GIVEN, LISTING_INVALID } listing_status;

#define LISTING_MAX_LIST_VALUES 16

/* A comma-separated parameter split into values (at most LISTING_MAX_LIST_VALUES), copied into storage. */
typedef struct listing_list {
    char storage[1024];
    const char *values[LISTING_MAX_LIST_VALUES];
    size_t count;
} listing_list;

/* The parameter as a finite decimal number from min to max ("must be a number from min to max"). True when given
 * and valid; *out untouched otherwise. */
bool listing_number(const listing_params *params, const char *name, double min, double max, double *out, problem *p);
/* True when the parameter is given and is a valid list. */
bool listing_list_param(const listing_params *params, const char *name, listing_list *list, problem *p);
/* The "precision" parameter, named from base/vocab.h ("must be one of ..."). */
listing_status listing_precision(const listing_params *params, precision *out, problem *p);

/* The filters of the GPU and model lists from their parameters (vendor, min_memory_gb, precision; family,
 * min_params_b, max_params_b, moe). The filters borrow the lists' values: keep the list storage alive with them. */
void listing_gpu_filter(const listing_params *params, gpu_filter *filter, listing_list *vendors, problem *p);
void listing_model_filter(const listing_params *params, model_filter *filter, listing_list *families, problem *p);

/* The cursor of the page after [offset, offset + shown) of total ("<offset>.<catalog version>") into buf, or false
 * when that page was the last. */
bool listing_next_cursor(char *buf, size_t len, size_t total, size_t offset, size_t shown, const catalog *snap);
/* {"items": items (taken), "total", "next_cursor", "catalog_version"} for the page [offset, offset + shown). */
json_t *listing_envelope(json_t *items, size_t total, size_t offset, size_t shown, const catalog *snap);

#endif
