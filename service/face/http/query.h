/* The one parser of query strings every handler uses: unknown parameters, numbers, lists, the pricing models and
 * precisions of base/vocab.h, names from a handler's own table, and the catalog's page cursors with the page envelope
 * they end up in. Each check adds its field error to the caller's problem (http_problem_invalid_query()), so one
 * answer names every bad parameter. */
#ifndef GPUREC_QUERY_H
#define GPUREC_QUERY_H

#include <stdbool.h>
#include <stddef.h>

#include "base/vocab.h"
#include "face/http/reply.h"
#include "snapshot/listing.h"

#define QUERY_MAX_LIST_VALUES LISTING_MAX_LIST_VALUES
/* A page of a catalog list: its default and largest size (limit). */
#define QUERY_DEFAULT_PAGE 50
#define QUERY_MAX_PAGE 500

/* The request's query string as a parameter source of snapshot/listing.h (borrows req). */
listing_params query_params(const http_request *req);

/* Adds message as the field error of each parameter whose name is not in allowed ("pretty" is always allowed). */
void query_reject_unknown(const http_request *req, const char *const *allowed, size_t count, const char *message,
                          problem *p);

typedef enum { QUERY_ABSENT, QUERY_GIVEN, QUERY_INVALID } query_status;

/* How an integer may be written: strtoll()'s own syntax (leading blanks and a sign), or decimal digits only. */
typedef enum { QUERY_INTEGER_SIGNED, QUERY_INTEGER_DIGITS } query_integer_syntax;

/* The parameter as an integer from min to max into *out (untouched unless QUERY_GIVEN); adds no field error. */
query_status query_integer(const http_request *req, const char *name, query_integer_syntax syntax, long long min,
                           long long max, long long *out);
/* The parameter as a whole number from min to max ("must be a whole number from min to max"). True when given and
 * valid; *out untouched otherwise. */
bool query_whole_number(const http_request *req, const char *name, long min, long max, long *out, problem *p);
/* The parameter as a finite number from min to max ("must be a number from min to max"). */
bool query_number(const http_request *req, const char *name, double min, double max, double *out, problem *p);

/* A comma-separated parameter split into values (snapshot/listing.h, whose checks these read the query with). */
typedef listing_list query_list;

/* True when the parameter is given and is a valid list. */
bool query_list_param(const http_request *req, const char *name, query_list *list, problem *p);
bool query_list_contains(const query_list *list, const char *value);

/* The "pricing" and "precision" parameters, named from base/vocab.h ("must be one of ..."). */
query_status query_pricing(const http_request *req, pricing_model *out, problem *p);
query_status query_precision(const http_request *req, precision *out, problem *p);

/* The index of value in names, or -1. */
int query_name_index(const char *value, const char *const *names, size_t count);
/* names joined by ", " into out; returns out. */
char *query_names_list(const char *const *names, size_t count, char *out, size_t out_len);

/* ---- the catalog's pages: cursors "<offset>.<catalog version>", so a page of a changed catalog is refused rather
 * than skewed ------------------------------------------------------------------------------------------------- */

/* The "cursor" parameter into *offset (0 when absent). */
bool query_page_cursor(const http_request *req, size_t *offset, problem *p);

/* A page of a catalog list filled item by item: query_page_start() reads "limit" and "cursor" (problems into p),
 * query_page_wants() counts one matching item and says whether it falls on the page (then the caller appends it to
 * items), query_page_reply() answers the page. */
typedef struct query_page {
    json_t *items; /* owned until query_page_reply() */
    size_t total, offset, limit;
} query_page;
void query_page_start(query_page *page, const http_request *req, problem *p);
bool query_page_wants(query_page *page);
void query_page_reply(http_reply *reply, query_page *page, const catalog *snap);
/* The same envelope's members after the items array the caller wrote, and the closing brace. */
void query_write_page_end(jsonw *out, size_t total, size_t offset, size_t shown, const catalog *snap);

#endif
