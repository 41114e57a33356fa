/* The HTTP daemon: libmicrohttpd set-up, the service's limits on a request's head and body, start and stop.
 *
 * The daemon's callback reads a request's head and body (server.c), routes.c dispatches the complete request, and
 * server.c sends the reply. The second part of this header is that interface between the two files. */
#ifndef GPUREC_SERVER_H
#define GPUREC_SERVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "face/reply.h"

typedef struct http_server http_server;

/* Starts the daemon on cfg->listen (port 0 picks a free port). Caller owns *out; stop with http_stop(). */
int http_start(app *application, http_server **out, char *err, size_t err_len);
/* The port actually bound. */
uint16_t http_port(const http_server *server);
/* Stops accepting, waits up to drain_ms for in-flight requests, then stops the daemon. Accepts NULL. */
void http_stop(http_server *server, int drain_ms);

/* ---- between server.c and routes.c ---------------------------------------------------------------------------- */

struct answer_cache;

/* A request's own state, from its first callback to its completion (owned by the connection's request context). */
typedef struct request_state {
    int64_t started_us;
    buf body;            /* the body's bytes so far */
    bool body_too_large; /* past max_body_bytes: the rest is read and dropped, the answer is a 413 */
    bool answered;
    int status;
    const char *route;   /* the route's pattern once matched, "unmatched" until then */
    char request_id[40];
    char method[16];
    char path[160];
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
/* Sends reply (headers only when head); the bodies it owns are handed to the server, reply keeps the rest. */
int server_send(const server_call *call, http_reply *reply, bool head);
/* Sends a problem (takes ownership), with an Allow header when allow is not NULL. */
int server_send_problem(const server_call *call, problem *p, const char *allow);
/* Answers an OPTIONS request: 204 with Allow, and the CORS preflight headers for an allowed Origin. */
int server_send_preflight(const server_call *call, const char *allow);

#endif
