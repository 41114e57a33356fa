/* The checks of a request's head that run before routing, each answered with a problem: the raw request target (an
 * encoded "/" or NUL in the path, the number of query parameters), the framing headers (a smuggling risk behind a
 * proxy), and the query's parameters (a repeated name, a NUL byte). Every framing problem closes the connection.
 *
 * libmicrohttpd decodes the path before the service sees it, and keeps every query parameter in the connection's
 * small memory pool; the raw target is only seen in the library's URI callback, before either happens. */
#ifndef GPUREC_GUARD_H
#define GPUREC_GUARD_H

#include <stdbool.h>
#include <stddef.h>

#include "wire/problem.h"

struct MHD_Connection;

/* The service's own limits on a request's head, answered with problem+json (414, 431). */
#define HTTP_MAX_URI_BYTES (16 * 1024)
#define HTTP_MAX_HEADER_BYTES (16 * 1024)
#define HTTP_MAX_HEADERS 100

/* The most query parameters a request may have: their parsed records must fit the connection's memory with room
 * left for the headers and the answer (see server.c), or the library drops the connection without an answer. */
#define GUARD_MAX_QUERY_PARAMS 256

/* What the raw request target showed (guard_raw_target). */
typedef struct guard_target {
    size_t bytes;        /* the raw target's length */
    size_t params;       /* its query's parameters */
    bool encoded_slash;  /* the path holds %2F */
    bool encoded_nul;    /* the path holds %00 */
} guard_target;

/* Reads the raw target (as the client sent it, in the library's own writable request buffer). A query of more than
 * GUARD_MAX_QUERY_PARAMS parameters is cut off at its '?' so the library parses none of them; guard_target_problem()
 * then refuses the request. */
void guard_raw_target(char *uri, guard_target *out);
/* The problem of a raw target (encoded separators, too many parameters), or NULL. */
problem *guard_target_problem(const guard_target *target);
/* The problem of a head past the limits above (the raw target's length, the headers' count and bytes), or NULL. */
problem *guard_size_problem(struct MHD_Connection *connection, const guard_target *target);
/* The problem of a request's framing headers (version is the request's HTTP version), or NULL. The connection must
 * close after the answer. */
problem *guard_framing_problem(struct MHD_Connection *connection, const char *version);
/* The problem of the query's parameters (a name given twice, a NUL byte in a name or value), or NULL. */
problem *guard_query_problem(struct MHD_Connection *connection);

#endif
