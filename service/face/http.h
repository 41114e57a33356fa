/* The HTTP daemon: libmicrohttpd set-up, routing, request bodies, common headers and limits.
 *
 * Handlers run on MHD's pool threads. Everything a handler needs arrives in its http_request (borrowed for the call);
 * the reply it fills is sent and freed by this module. A handler never touches SQLite: it reads req->snap. */
#ifndef GPUREC_HTTP_H
#define GPUREC_HTTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "snapshot/catalog.h"
#include "base/config.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

struct worker;
struct metrics;

/* What the daemon shares with handlers. The config is immutable; the worker and metrics are thread-safe. */
typedef struct app {
    const config *cfg;
    struct worker *worker;   /* NULL when the daemon runs without one (tests of the catalog alone) */
    struct metrics *metrics; /* NULL when metrics are off */
    atomic_bool draining;    /* set at shutdown: /readyz answers 503 */
} app;

#define HTTP_MAX_PATH_PARAMS 4

typedef struct http_request {
    const app *app;
    struct MHD_Connection *connection;
    const char *method;
    const char *path;  /* without the query string */
    const char *route; /* the route's pattern, e.g. "/v1/gpus/{id}": a label for logs and metrics */
    const char *params[HTTP_MAX_PATH_PARAMS]; /* the {…} parts of the path, in order, URL-decoded */
    size_t param_count;
    const json_t *body;    /* parsed JSON body of a POST, else NULL; borrowed */
    const char *raw_body;  /* the body's bytes (NUL-terminated), else NULL */
    size_t raw_body_size;
    catalog *snap;         /* a reference held for the request's lifetime; NULL before the first load */
    const char *request_id;
} http_request;

typedef struct http_reply {
    int status;
    json_t *body;            /* owned; serialized by the HTTP layer (problem bodies as application/problem+json) */
    char *json_text;         /* owned; an answer already written as compact JSON (jsonw.h), with json_text_size:
                                sent as application/json, re-indented for ?pretty */
    size_t json_text_size;
    char *raw;               /* owned; a ready body instead of json (e.g. Prometheus text), with raw_size */
    size_t raw_size;
    const unsigned char *static_body; /* borrowed, lives forever (embedded assets), with raw_size */
    const char *content_type;         /* for raw / static bodies */
    const char *etag;        /* borrowed for the call's lifetime; quoted by the HTTP layer when it lacks quotes */
    const char *cache_control;
    const char *allow;       /* for 405 */
    const char *retry_after;
    const char *location;
} http_reply;

typedef int (*http_handler)(const http_request *req, http_reply *reply);

/* Query-string value (URL-decoded) or NULL. Borrowed from MHD for the request's lifetime. */
const char *http_query(const http_request *req, const char *name);
/* A request header or NULL. */
const char *http_header(const http_request *req, const char *name);
/* Calls fn for each query parameter; used to reject unknown ones. Returns the number seen. */
typedef void (*http_query_visitor)(void *ctx, const char *name, const char *value);
size_t http_query_each(const http_request *req, http_query_visitor fn, void *ctx);

/* Fills reply with a JSON body (takes ownership of body). */
void http_reply_json(http_reply *reply, int status, json_t *body);
/* Fills reply with a JSON body already written (takes ownership of text, len bytes, from jsonw_finish()). */
void http_reply_json_text(http_reply *reply, int status, char *text, size_t len);
/* Fills reply with the document out holds (200), leaving out empty. */
static inline void http_reply_written(http_reply *reply, jsonw *out)
{
    size_t len = 0;
    char *text = jsonw_finish(out, &len);
    http_reply_json_text(reply, 200, text, len);
}
/* Fills reply with a problem (takes ownership of problem, see problem.h). */
void http_reply_problem(http_reply *reply, problem *p);

typedef struct http_server http_server;

/* Starts the daemon on cfg->listen (port 0 picks a free port). Caller owns *out; stop with http_stop(). */
int http_start(app *application, http_server **out, char *err, size_t err_len);
/* The port actually bound. */
uint16_t http_port(const http_server *server);
/* Stops accepting, waits up to drain_ms for in-flight requests, then stops the daemon. Accepts NULL. */
void http_stop(http_server *server, int drain_ms);

#endif
