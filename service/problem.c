#include "problem.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "util.h"

struct problem {
    json_t *body;   /* the problem document being built */
    json_t *errors; /* borrowed from body once attached; NULL until the first field */
};

static char *vformat(const char *fmt, va_list args)
{
    va_list copy;
    va_copy(copy, args);
    int len = vsnprintf(NULL, 0, fmt, copy);
    va_end(copy);
    if (len < 0)
        len = 0;
    char *text = xmalloc((size_t)len + 1);
    vsnprintf(text, (size_t)len + 1, fmt, args);
    return text;
}

problem *problem_new(int status, const char *type_slug, const char *title, const char *detail_fmt, ...)
{
    problem *p = xcalloc(1, sizeof *p);
    char type[160];
    snprintf(type, sizeof type, "urn:gpurec:problem:%s", type_slug);
    va_list args;
    va_start(args, detail_fmt);
    char *detail = vformat(detail_fmt, args);
    va_end(args);
    p->body = json_pack("{s:s, s:s, s:i, s:s}", "type", type, "title", title, "status", status, "detail", detail);
    if (p->body == NULL) {
        /* the detail echoed client bytes that are not UTF-8 (a header value, a method): keep its ASCII part */
        for (char *c = detail; *c != '\0'; c++)
            if ((unsigned char)*c >= 0x80)
                *c = '?';
        p->body = json_pack("{s:s, s:s, s:i, s:s}", "type", type, "title", title, "status", status, "detail", detail);
    }
    free(detail);
    if (p->body == NULL)
        abort(); /* only out of memory or invalid UTF-8 from our own code gets here */
    return p;
}

void problem_add_field(problem *p, const char *field, const char *message_fmt, ...)
{
    if (p->errors == NULL) {
        p->errors = json_array();
        json_object_set_new(p->body, "errors", p->errors);
    }
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
    return (int)json_integer_value(json_object_get(p->body, "status"));
}

json_t *problem_into_json(problem *p)
{
    json_t *body = p->body;
    free(p);
    return body;
}

void problem_free(problem *p)
{
    if (p == NULL)
        return;
    json_decref(p->body);
    free(p);
}
