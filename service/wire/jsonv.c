#include "wire/jsonv.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void jsonv_path(char *buf, size_t buf_len, const char *parent, const char *key)
{
    if (parent == NULL || parent[0] == '\0')
        snprintf(buf, buf_len, "%s", key);
    else
        snprintf(buf, buf_len, "%s.%s", parent, key);
}

void jsonv_index_path(char *buf, size_t buf_len, const char *parent, size_t index)
{
    snprintf(buf, buf_len, "%s[%zu]", parent, index);
}

const char *jsonv_type_name(const json_t *value)
{
    switch (json_typeof(value)) {
    case JSON_OBJECT: return "object";
    case JSON_ARRAY: return "array";
    case JSON_STRING: return "string";
    case JSON_INTEGER: return "integer";
    case JSON_REAL: return "number";
    case JSON_TRUE:
    case JSON_FALSE: return "boolean";
    case JSON_NULL: return "null";
    }
    return "unknown";
}

/* Reports a problem with parent.key. The path is built only here: a valid request (the common case) pays for none. */
#define FIELD_ERROR(p, parent, key, ...)                                                                               \
    do {                                                                                                               \
        char field_path[256];                                                                                          \
        jsonv_path(field_path, sizeof field_path, (parent), (key));                                                    \
        problem_add_field((p), field_path, __VA_ARGS__);                                                               \
    } while (0)

/* The member, or NULL after reporting it when required and missing. A JSON null counts as missing. */
static const json_t *member(const json_t *obj, const char *parent, const char *key, bool required, problem *p)
{
    const json_t *value = obj ? json_object_get(obj, key) : NULL;
    if (value != NULL && json_is_null(value))
        value = NULL;
    if (value == NULL && required)
        FIELD_ERROR(p, parent, key, "is required");
    return value;
}

bool jsonv_number(const json_t *obj, const char *parent, const char *key, bool required, double min, double max,
                  double *out, problem *p)
{
    const json_t *value = member(obj, parent, key, required, p);
    if (value == NULL)
        return false;
    if (!json_is_number(value)) {
        FIELD_ERROR(p, parent, key, "must be a number, not %s", jsonv_type_name(value));
        return false;
    }
    double number = json_number_value(value);
    if (!isfinite(number) || number < min || number > max) {
        FIELD_ERROR(p, parent, key, "must be between %g and %g", min, max);
        return false;
    }
    *out = number;
    return true;
}

bool jsonv_integer(const json_t *obj, const char *parent, const char *key, bool required, long long min,
                   long long max, long long *out, problem *p)
{
    const json_t *value = member(obj, parent, key, required, p);
    if (value == NULL)
        return false;
    long long number;
    if (json_is_integer(value)) {
        number = json_integer_value(value);
    } else if (json_is_real(value) && isfinite(json_real_value(value)) &&
               json_real_value(value) == floor(json_real_value(value)) && fabs(json_real_value(value)) < 9e15) {
        number = (long long)json_real_value(value);
    } else {
        FIELD_ERROR(p, parent, key, "must be a whole number, not %s", jsonv_type_name(value));
        return false;
    }
    if (number < min || number > max) {
        FIELD_ERROR(p, parent, key, "must be between %lld and %lld", min, max);
        return false;
    }
    *out = number;
    return true;
}

bool jsonv_bool(const json_t *obj, const char *parent, const char *key, bool required, bool *out, problem *p)
{
    const json_t *value = member(obj, parent, key, required, p);
    if (value == NULL)
        return false;
    if (!json_is_boolean(value)) {
        FIELD_ERROR(p, parent, key, "must be true or false, not %s", jsonv_type_name(value));
        return false;
    }
    *out = json_is_true(value);
    return true;
}

bool jsonv_string(const json_t *obj, const char *parent, const char *key, bool required, size_t max_len,
                  const char **out, problem *p)
{
    const json_t *value = member(obj, parent, key, required, p);
    if (value == NULL)
        return false;
    if (!json_is_string(value)) {
        FIELD_ERROR(p, parent, key, "must be a string, not %s", jsonv_type_name(value));
        return false;
    }
    size_t len = json_string_length(value);
    if (len == 0 || len > max_len || strlen(json_string_value(value)) != len) {
        FIELD_ERROR(p, parent, key, "must be a non-empty string of at most %zu bytes without NUL", max_len);
        return false;
    }
    *out = json_string_value(value);
    return true;
}

static void list_names(char *buf, size_t buf_len, const char *const *names, size_t count)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < count && used < buf_len; i++) {
        int written = snprintf(buf + used, buf_len - used, "%s%s", i ? ", " : "", names[i]);
        if (written < 0)
            break;
        used += (size_t)written;
    }
}

bool jsonv_enum(const json_t *obj, const char *parent, const char *key, bool required, const char *const *names,
                size_t count, int *out, problem *p)
{
    const json_t *value = member(obj, parent, key, required, p);
    if (value == NULL)
        return false;
    if (json_is_string(value)) {
        for (size_t i = 0; i < count; i++) {
            if (strcmp(json_string_value(value), names[i]) == 0) {
                *out = (int)i;
                return true;
            }
        }
    }
    char allowed[512];
    list_names(allowed, sizeof allowed, names, count);
    if (!json_is_string(value))
        FIELD_ERROR(p, parent, key, "must be one of: %s (got %s)", allowed, jsonv_type_name(value));
    else
        FIELD_ERROR(p, parent, key, "must be one of: %s", allowed);
    return false;
}

bool jsonv_string_array(const json_t *obj, const char *parent, const char *key, size_t max_items, size_t max_len,
                        const json_t **out, problem *p)
{
    const json_t *value = member(obj, parent, key, false, p);
    if (value == NULL)
        return false;
    if (!json_is_array(value)) {
        FIELD_ERROR(p, parent, key, "must be an array of strings, not %s", jsonv_type_name(value));
        return false;
    }
    if (json_array_size(value) > max_items) {
        FIELD_ERROR(p, parent, key, "must have at most %zu entries", max_items);
        return false;
    }
    bool ok = true;
    size_t index;
    const json_t *entry;
    json_array_foreach(value, index, entry) {
        if (!json_is_string(entry) || json_string_length(entry) == 0 || json_string_length(entry) > max_len ||
            strlen(json_string_value(entry)) != json_string_length(entry)) {
            char path[256], entry_path[280];
            jsonv_path(path, sizeof path, parent, key);
            jsonv_index_path(entry_path, sizeof entry_path, path, index);
            problem_add_field(p, entry_path, "must be a non-empty string of at most %zu bytes", max_len);
            ok = false;
        }
    }
    if (ok)
        *out = value;
    return ok;
}

bool jsonv_object(const json_t *obj, const char *parent, const char *key, bool required, const json_t **out,
                  problem *p)
{
    *out = NULL;
    const json_t *value = member(obj, parent, key, required, p);
    if (value == NULL)
        return false;
    if (!json_is_object(value)) {
        FIELD_ERROR(p, parent, key, "must be an object, not %s", jsonv_type_name(value));
        return false;
    }
    *out = value;
    return true;
}

void jsonv_reject_unknown(const json_t *obj, const char *parent, const char *const *allowed, size_t count,
                          problem *p)
{
    const char *key;
    const json_t *value;
    json_object_foreach((json_t *)obj, key, value) {
        bool known = false;
        for (size_t i = 0; i < count && !known; i++)
            known = strcmp(key, allowed[i]) == 0;
        if (!known)
            FIELD_ERROR(p, parent, key, "is not a known field");
    }
}
