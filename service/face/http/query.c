#include "face/http/query.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

typedef struct unknown_check {
    const char *const *allowed;
    size_t count;
    const char *message;
    problem *p;
} unknown_check;

static void check_one(void *ctx, const char *name, const char *value)
{
    (void)value;
    unknown_check *check = ctx;
    if (strcmp(name, "pretty") == 0)
        return;
    for (size_t i = 0; i < check->count; i++) {
        if (strcmp(name, check->allowed[i]) == 0)
            return;
    }
    problem_add_field(check->p, name, "%s", check->message);
}

void query_reject_unknown(const http_request *req, const char *const *allowed, size_t count, const char *message,
                          problem *p)
{
    unknown_check check = {allowed, count, message, p};
    http_query_each(req, check_one, &check);
}

query_status query_integer(const http_request *req, const char *name, query_integer_syntax syntax, long long min,
                           long long max, long long *out)
{
    const char *text = http_query(req, name);
    if (text == NULL)
        return QUERY_ABSENT;
    if (syntax == QUERY_INTEGER_DIGITS ? (text[0] < '0' || text[0] > '9') : text[0] == '\0')
        return QUERY_INVALID;
    errno = 0;
    char *end = NULL;
    long long value = strtoll(text, &end, 10);
    if (*end != '\0' || errno != 0 || value < min || value > max)
        return QUERY_INVALID;
    *out = value;
    return QUERY_GIVEN;
}

bool query_whole_number(const http_request *req, const char *name, long min, long max, long *out, problem *p)
{
    long long value = 0;
    query_status status = query_integer(req, name, QUERY_INTEGER_SIGNED, min, max, &value);
    if (status == QUERY_INVALID)
        problem_add_field(p, name, "must be a whole number from %ld to %ld", min, max);
    if (status != QUERY_GIVEN)
        return false;
    *out = (long)value;
    return true;
}

/* The request's query as a parameter source of snapshot/listing.h. */
static const char *query_text(const void *source, const char *name)
{
    return http_query(source, name);
}

listing_params query_params(const http_request *req)
{
    return (listing_params){query_text, req};
}

bool query_number(const http_request *req, const char *name, double min, double max, double *out, problem *p)
{
    listing_params params = query_params(req);
    return listing_number(&params, name, min, max, out, p);
}

bool query_list_param(const http_request *req, const char *name, query_list *list, problem *p)
{
    listing_params params = query_params(req);
    return listing_list_param(&params, name, list, p);
}

bool query_list_contains(const query_list *list, const char *value)
{
    for (size_t i = 0; i < list->count; i++) {
        if (strcmp(list->values[i], value) == 0)
            return true;
    }
    return false;
}

query_status query_pricing(const http_request *req, pricing_model *out, problem *p)
{
    const char *text = http_query(req, "pricing");
    if (text == NULL)
        return QUERY_ABSENT;
    if (pricing_model_parse(text, out) == 0)
        return QUERY_GIVEN;
    char list[256];
    problem_add_field(p, "pricing", "must be one of %s", vocab_pricing_list(list, sizeof list));
    return QUERY_INVALID;
}

query_status query_precision(const http_request *req, precision *out, problem *p)
{
    listing_params params = query_params(req);
    switch (listing_precision(&params, out, p)) {
    case LISTING_ABSENT: return QUERY_ABSENT;
    case LISTING_GIVEN: return QUERY_GIVEN;
    case LISTING_INVALID: break;
    }
    return QUERY_INVALID;
}

int query_name_index(const char *value, const char *const *names, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        if (strcmp(value, names[i]) == 0)
            return (int)i;
    }
    return -1;
}

char *query_names_list(const char *const *names, size_t count, char *out, size_t out_len)
{
    size_t used = 0;
    out[0] = '\0';
    for (size_t i = 0; i < count && used < out_len; i++) {
        int n = snprintf(out + used, out_len - used, "%s%s", i == 0 ? "" : ", ", names[i]);
        if (n < 0)
            break;
        used += (size_t)n;
    }
    return out;
}

/* ---- pages ---------------------------------------------------------------------------------------------------- */

bool query_page_cursor(const http_request *req, size_t *offset, problem *p)
{
    const char *text = http_query(req, "cursor");
    *offset = 0;
    if (text == NULL)
        return true;
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (text[0] < '0' || text[0] > '9' || errno != 0 || *end != '.' || value > 100000000ULL) {
        problem_add_field(p, "cursor", "is not a cursor this service issued");
        return false;
    }
    if (strcmp(end + 1, req->snap->version) != 0) {
        problem_add_field(p, "cursor", "was issued for an older catalog (prices were refreshed): start again "
                                       "from the first page");
        return false;
    }
    *offset = (size_t)value;
    return true;
}

void query_write_page_end(jsonw *out, size_t total, size_t offset, size_t shown, const catalog *snap)
{
    jsonw_member_integer(out, "total", (long long)total);
    jsonw_name(out, "next_cursor");
    char cursor[64];
    if (listing_next_cursor(cursor, sizeof cursor, total, offset, shown, snap))
        jsonw_string(out, cursor);
    else
        jsonw_null(out);
    jsonw_member_string(out, "catalog_version", snap->version);
    jsonw_object_end(out);
}

void query_page_start(query_page *page, const http_request *req, problem *p)
{
    long limit = QUERY_DEFAULT_PAGE;
    query_whole_number(req, "limit", 1, QUERY_MAX_PAGE, &limit, p);
    page->limit = (size_t)limit;
    page->offset = 0;
    query_page_cursor(req, &page->offset, p);
    page->total = 0;
    page->items = NULL; /* made once the request is known to be valid: query_page_wants() */
}

bool query_page_wants(query_page *page)
{
    if (page->items == NULL)
        page->items = json_array();
    bool on_page = page->total >= page->offset && page->total < page->offset + page->limit;
    page->total++;
    return on_page;
}

void query_page_reply(http_reply *reply, query_page *page, const catalog *snap)
{
    if (page->items == NULL)
        page->items = json_array();
    http_reply_json(reply, 200, listing_envelope(page->items, page->total, page->offset,
                                                    json_array_size(page->items), snap));
    page->items = NULL;
}
