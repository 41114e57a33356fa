#include "snapshot/listing.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

bool listing_number(const listing_params *params, const char *name, double min, double max, double *out, problem *p)
{
    const char *text = params->get(params->source, name);
    if (text == NULL)
        return false;
    errno = 0;
    char *end = NULL;
    /* decimal notation only: strtod() also reads hexadecimal ("0x10"), "inf", "nan" and leading blanks */
    bool decimal = text[strspn(text, "0123456789.eE+-")] == '\0';
    double value = strtod(text, &end);
    if (!decimal || text[0] == '\0' || *end != '\0' || errno != 0 || !isfinite(value) || value < min || value > max) {
        problem_add_field(p, name, "must be a number from %g to %g", min, max);
        return false;
    }
    *out = value;
    return true;
}

bool listing_list_param(const listing_params *params, const char *name, listing_list *list, problem *p)
{
    list->count = 0;
    const char *text = params->get(params->source, name);
    if (text == NULL)
        return false;
    if (text[0] == '\0' || util_copy(list->storage, sizeof list->storage, text) != 0) {
        problem_add_field(p, name, "must be a non-empty comma-separated list shorter than 1024 bytes");
        return false;
    }
    char *save = NULL;
    for (char *token = strtok_r(list->storage, ",", &save); token; token = strtok_r(NULL, ",", &save)) {
        if (list->count >= LISTING_MAX_LIST_VALUES) {
            problem_add_field(p, name, "takes at most %d values", LISTING_MAX_LIST_VALUES);
            return false;
        }
        list->values[list->count++] = token;
    }
    if (list->count == 0) {
        problem_add_field(p, name, "must name at least one value");
        return false;
    }
    return true;
}

listing_status listing_precision(const listing_params *params, precision *out, problem *p)
{
    const char *text = params->get(params->source, "precision");
    if (text == NULL)
        return LISTING_ABSENT;
    if (precision_parse(text, out) == 0)
        return LISTING_GIVEN;
    char list[256];
    problem_add_field(p, "precision", "must be one of %s", vocab_precision_list(list, sizeof list));
    return LISTING_INVALID;
}

void listing_gpu_filter(const listing_params *params, gpu_filter *filter, listing_list *vendors, problem *p)
{
    bool by_vendor = listing_list_param(params, "vendor", vendors, p);
    double min_memory = 0;
    listing_number(params, "min_memory_gb", 0, 1e6, &min_memory, p);
    precision needed = PRECISION_FP32;
    bool by_precision = listing_precision(params, &needed, p) != LISTING_ABSENT;
    *filter = (gpu_filter){by_vendor ? vendors->values : NULL, vendors->count, min_memory, by_precision, needed};
}

void listing_model_filter(const listing_params *params, model_filter *filter, listing_list *families, problem *p)
{
    bool by_family = listing_list_param(params, "family", families, p);
    double min_params = 0, max_params = 1e9;
    listing_number(params, "min_params_b", 0, 1e6, &min_params, p);
    listing_number(params, "max_params_b", 0, 1e6, &max_params, p);
    int moe = -1;
    const char *moe_text = params->get(params->source, "moe");
    if (moe_text != NULL) {
        if (strcmp(moe_text, "true") == 0)
            moe = 1;
        else if (strcmp(moe_text, "false") == 0)
            moe = 0;
        else
            problem_add_field(p, "moe", "must be true or false");
    }
    if (min_params > max_params)
        problem_add_field(p, "min_params_b", "must not exceed max_params_b");
    *filter = (model_filter){by_family ? families->values : NULL, families->count, min_params, max_params, moe};
}

bool listing_next_cursor(char *buf, size_t len, size_t total, size_t offset, size_t shown, const catalog *snap)
{
    if (offset + shown >= total)
        return false;
    snprintf(buf, len, "%zu.%s", offset + shown, snap->version);
    return true;
}

json_t *listing_envelope(json_t *items, size_t total, size_t offset, size_t shown, const catalog *snap)
{
    json_t *body = json_object();
    json_object_set_new(body, "items", items);
    json_object_set_new(body, "total", json_integer((json_int_t)total));
    char cursor[64];
    bool more = listing_next_cursor(cursor, sizeof cursor, total, offset, shown, snap);
    json_object_set_new(body, "next_cursor", more ? json_string(cursor) : json_null());
    json_object_set_new(body, "catalog_version", json_string(snap->version));
    return body;
}
