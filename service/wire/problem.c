#include "wire/problem.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "base/util.h"

/* The fields are kept as text and the document is built only by problem_into_json(): a request that turns out valid
 * (the validators create the problem before knowing) pays for three small copies, not a JSON object. */
struct problem {
    int status;
    char *type;
    char *title;
    char *detail;
    json_t *errors; /* NULL until the first field */
};

static char *vformat(const char *fmt, va_list args)
{
    va_list copy;
    va_copy(copy, args);
    int len = numfmt_vformat(NULL, 0, fmt, copy);
    va_end(copy);
    if (len < 0)
        len = 0;
    char *text = xmalloc((size_t)len + 1);
    numfmt_vformat(text, (size_t)len + 1, fmt, args);
    return text;
}

problem *problem_new(int status, const char *type_slug, const char *title, const char *detail_fmt, ...)
{
    static const char type_prefix[] = "urn:gpurec:problem:";
    problem *p = xcalloc(1, sizeof *p);
    p->status = status;
    size_t slug_len = strlen(type_slug);
    p->type = xmalloc(sizeof type_prefix + slug_len);
    memcpy(p->type, type_prefix, sizeof type_prefix - 1);
    memcpy(p->type + sizeof type_prefix - 1, type_slug, slug_len + 1);
    p->title = xstrdup(title);
    va_list args;
    va_start(args, detail_fmt);
    p->detail = vformat(detail_fmt, args);
    va_end(args);
    return p;
}

void problem_add_field(problem *p, const char *field, const char *message_fmt, ...)
{
    if (p->errors == NULL)
        p->errors = json_array();
    va_list args;
    va_start(args, message_fmt);
    char *message = vformat(message_fmt, args);
    va_end(args);
    json_t *entry = json_object();
    /* field names and messages may echo client text; json_stringn_nocheck is avoided so invalid UTF-8 is dropped */
    json_t *field_value = json_string(field);
    json_t *message_value = json_string(message);
    json_object_set_new(entry, "field", field_value ? field_value : json_string("(invalid UTF-8)"));
    json_object_set_new(entry, "message", message_value ? message_value : json_string("(invalid UTF-8 in value)"));
    json_array_append_new(p->errors, entry);
    free(message);
}

size_t problem_field_count(const problem *p)
{
    return p->errors ? json_array_size(p->errors) : 0;
}

int problem_status(const problem *p)
{
    return p->status;
}

json_t *problem_into_json(problem *p)
{
    json_t *body = json_pack("{s:s, s:s, s:i, s:s}", "type", p->type, "title", p->title, "status", p->status,
                             "detail", p->detail);
    if (body == NULL) {
        /* the detail echoed client bytes that are not UTF-8 (a header value, a method): keep its ASCII part */
        for (char *c = p->detail; *c != '\0'; c++)
            if ((unsigned char)*c >= 0x80)
                *c = '?';
        body = json_pack("{s:s, s:s, s:i, s:s}", "type", p->type, "title", p->title, "status", p->status, "detail",
                         p->detail);
    }
    if (body == NULL)
        abort(); /* only out of memory or invalid UTF-8 from our own code gets here */
    if (p->errors != NULL) {
        json_object_set_new(body, "errors", p->errors);
        p->errors = NULL;
    }
    problem_free(p);
    return body;
}

void problem_free(problem *p)
{
    if (p == NULL)
        return;
    free(p->type);
    free(p->title);
    free(p->detail);
    json_decref(p->errors);
    free(p);
}

const char *problem_field_at(const problem *p, size_t i, const char **message)
{
    const json_t *entry = p != NULL && p->errors != NULL ? json_array_get(p->errors, i) : NULL;
    if (entry == NULL)
        return NULL;
    *message = json_string_value(json_object_get(entry, "message"));
    return json_string_value(json_object_get(entry, "field"));
}
