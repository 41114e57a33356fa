/* Reading members of a client's JSON object with type and range checks. Each reader adds a field error to p (naming
 * the member by its path, e.g. "items[2].count" or "workload.precision") when the member is present but wrong, or
 * missing but required, and returns whether *out was set from a valid value. Nothing here allocates for the caller. */
#ifndef GPUREC_JSONV_H
#define GPUREC_JSONV_H

#include <stdbool.h>
#include <stddef.h>

#include <jansson.h>

#include "wire/problem.h"

/* The member path "parent.key" (or "key" when parent is empty) into buf. */
void jsonv_path(char *buf, size_t buf_len, const char *parent, const char *key);
/* "parent[index]" into buf. */
void jsonv_index_path(char *buf, size_t buf_len, const char *parent, size_t index);

/* A finite JSON number (integer or real) within [min, max]. */
bool jsonv_number(const json_t *obj, const char *parent, const char *key, bool required, double min, double max,
                  double *out, problem *p);
/* A JSON integer (or a real with no fraction) within [min, max]. */
bool jsonv_integer(const json_t *obj, const char *parent, const char *key, bool required, long long min,
                   long long max, long long *out, problem *p);
bool jsonv_bool(const json_t *obj, const char *parent, const char *key, bool required, bool *out, problem *p);
/* A non-empty string of at most max_len bytes; *out is borrowed from obj. */
bool jsonv_string(const json_t *obj, const char *parent, const char *key, bool required, size_t max_len,
                  const char **out, problem *p);
/* A string that is one of names[0..count); *out is its index. The error lists the allowed names. */
bool jsonv_enum(const json_t *obj, const char *parent, const char *key, bool required, const char *const *names,
                size_t count, int *out, problem *p);
/* An array of at most max_items strings each of at most max_len bytes; *out borrowed. */
bool jsonv_string_array(const json_t *obj, const char *parent, const char *key, size_t max_items, size_t max_len,
                        const json_t **out, problem *p);
/* A member that must be an object when present; *out borrowed (NULL when absent). */
bool jsonv_object(const json_t *obj, const char *parent, const char *key, bool required, const json_t **out,
                  problem *p);
/* One field error per member of obj not in allowed[0..count): a misspelt field is never silently ignored. */
void jsonv_reject_unknown(const json_t *obj, const char *parent, const char *const *allowed, size_t count,
                          problem *p);
/* The JSON type's name for messages ("string", "number", ...). */
const char *jsonv_type_name(const json_t *value);

#endif
