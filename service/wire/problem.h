/* RFC 9457 problem details: the one way any error leaves the service.
 * A problem is built, fields are added, and the HTTP layer sends it as application/problem+json:
 * {"type", "title", "status", "detail", "errors": [{"field", "message"}]}. */
#ifndef GPUREC_PROBLEM_H
#define GPUREC_PROBLEM_H

#include <stddef.h>

#include <jansson.h>

typedef struct problem problem;

/* A new problem; type_slug becomes "urn:gpurec:problem:<slug>". Caller owns it: free with problem_free(), or hand it
 * to http_reply_problem(). Out of memory is fatal (see util.h). */
problem *problem_new(int status, const char *type_slug, const char *title, const char *detail_fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Appends {"field": field, "message": ...} to errors[]. */
void problem_add_field(problem *p, const char *field, const char *message_fmt, ...)
    __attribute__((format(printf, 3, 4)));
size_t problem_field_count(const problem *p);
/* The field of errors[i] (borrowed, valid while p lives), with its message in *message; NULL past the end. */
const char *problem_field_at(const problem *p, size_t i, const char **message);
int problem_status(const problem *p);
/* The problem as JSON; the caller owns the returned reference, the problem is freed. */
json_t *problem_into_json(problem *p);
void problem_free(problem *p);

#endif
