/* The route table (one line per endpoint) and the dispatch of a complete request: the route, the body's media type
 * and JSON, the answer cache for catalog reads, the handler, and 304 for a matching If-None-Match. */
#ifndef GPUREC_ROUTES_H
#define GPUREC_ROUTES_H

#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"
#include "face/http/guard.h"
#include "face/http/request_id.h"
#include "face/http/server.h"

/* ---- what dispatch needs of the server (server.c) ------------------------------------------------------------- */

struct answer_cache;

/* A request's own state, from its first callback to its completion (owned by the connection's request context). */
typedef struct request_state {
    int64_t started_us;
    bytebuf body;            /* the body's bytes so far */
    size_t dropped;          /* the body's bytes read and dropped past max_body_bytes */
    bool body_too_large; /* past max_body_bytes: the rest is read and dropped, the answer is a 413 */
    bool answered;
    bool begun;          /* the head's checks have run (the first call of the request callback) */
    bool must_close;     /* the answer closes the connection (a framing problem, a body cut short) */
    int status;
    const char *route;   /* the route's pattern once matched, "unmatched" until then */
    char request_id[REQUEST_ID_SIZE];
    char method[16];
    char path[160];
    char client[64];     /* the client's address for the access log (face/forwarded.h) */
    guard_target target; /* what the raw request target showed */
} request_state;

/* A request being answered: what routes.c needs of the server and of the connection. */
typedef struct server_call {
    http_server *server;
    struct MHD_Connection *connection;
    request_state *state;
} server_call;

const app *server_app(const http_server *server);
struct answer_cache *server_answer_cache(http_server *server);

/* Each sends one answer and returns the libmicrohttpd result (MHD_YES: 1, MHD_NO: 0). */
/* Sends reply (a HEAD request's answer carries the headers of the GET's, Content-Length included, and no body); the
 * bodies it owns are handed to the server, reply keeps the rest. */
int server_send(const server_call *call, http_reply *reply);
/* Sends a problem (takes ownership), with an Allow header when allow is not NULL. */
int server_send_problem(const server_call *call, problem *p, const char *allow);
/* Answers an OPTIONS request: 204 with Allow, and the CORS preflight headers for an allowed Origin. */
int server_send_preflight(const server_call *call, const char *allow);

/* ---- dispatch (routes.c) -------------------------------------------------------------------------------------- */

/* Answers the request whose head and body the server has read (url without its query string). Returns the
 * libmicrohttpd result of sending the answer (see server_send). */
int routes_dispatch(const server_call *call, const char *url, const char *method);

#endif
