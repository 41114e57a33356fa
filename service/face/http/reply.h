/* What a handler sees: the request it answers (http_request), the reply it fills (http_reply), the accessors of the
 * request's query and headers, and the helpers that fill a reply (reply.c).
 *
 * Handlers run on the server's pool threads. Everything a handler needs arrives in its http_request (borrowed for the
 * call); the reply it fills is sent and freed by the server. A handler reads req->snap, never the database itself.
 * Two endpoints reach the database on a request thread, each through a function main.c or the worker hands the face:
 * the price history (app.read_history, its own read-only connection) and POST /v1/admin/import (worker_import: one
 * write transaction, bounded by the store's busy timeout). A route marked needs_catalog (face/routes.c) is answered
 * 503 by the dispatch before the first catalog is loaded, so its handler always has req->snap. */
#ifndef GPUREC_REPLY_H
#define GPUREC_REPLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "face/http/answer_text.h"
#include "snapshot/catalog.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

struct app; /* face/app.h: what the daemon shares with handlers, carried here unread */
struct MHD_Connection;

#define HTTP_MAX_PATH_PARAMS 4

typedef struct http_request {
    const struct app *app;
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
    json_t *body;            /* owned; serialized by the HTTP layer */
    bool is_problem;         /* body is an RFC 9457 problem (http_reply_problem): sent as application/problem+json */
    char *json_text;         /* owned; an answer already written as compact JSON (jsonw.h), with json_text_size:
                                sent as application/json, re-indented for ?pretty */
    size_t json_text_size;
    answer_text *kept_json;  /* a held reference (answer_text.h): a kept compact JSON answer, sent as json_text is */
    char *raw;               /* owned; a ready body instead of json (e.g. Prometheus text), with raw_size */
    size_t raw_size;
    const unsigned char *static_body; /* borrowed, lives forever (embedded assets), with raw_size */
    const char *content_type;         /* for raw / static bodies */
    const char *etag;        /* borrowed for the call's lifetime; quoted by the HTTP layer when it lacks quotes */
    const char *cache_control;
    const char *allow;       /* for 405 */
    const char *retry_after;
    const char *location;
    const char *content_security_policy; /* a page's policy, sent with Referrer-Policy: no-referrer */
    const char *www_authenticate; /* for 401: the scheme a client is to use, e.g. "Bearer" */
} http_reply;

typedef int (*http_handler)(const http_request *req, http_reply *reply);

/* ---- the request's query and headers (server.c reads them from the connection) -------------------------------- */

/* Query-string value (URL-decoded) or NULL. Borrowed from the server for the request's lifetime. */
const char *http_query(const http_request *req, const char *name);
/* A request header or NULL. */
const char *http_header(const http_request *req, const char *name);
/* Calls fn for each query parameter, in the order the client sent them (a name without '=' has value "").
 * Returns the number seen. */
typedef void (*http_query_visitor)(void *ctx, const char *name, const char *value);
size_t http_query_each(const http_request *req, http_query_visitor fn, void *ctx);

/* ---- filling a reply (reply.c) -------------------------------------------------------------------------------- */

/* Fills reply with a JSON body (takes ownership of body). */
void http_reply_json(http_reply *reply, int status, json_t *body);
/* Fills reply with a JSON body already written (takes ownership of text, len bytes, from jsonw_finish()). */
void http_reply_json_text(http_reply *reply, int status, char *text, size_t len);
/* Fills reply with the document out holds (200), leaving out empty. */
void http_reply_written(http_reply *reply, jsonw *out);
/* Fills reply with a problem (takes ownership of problem, see problem.h). */
void http_reply_problem(http_reply *reply, problem *p);
/* Frees what reply owns and leaves it empty. */
void http_reply_clear(http_reply *reply);

/* ---- problems every part of the face answers alike ------------------------------------------------------------ */

/* 503 catalog-not-loaded: a request that needs the catalog arrived before the first one was loaded (the dispatch
 * answers it for every route marked needs_catalog, with Retry-After; /readyz says it too). */
problem *http_problem_no_catalog(void);
/* The 404 of a catalog item: "No <what> with id '<id>' in the catalog." Returns 0 for the handler to return. */
int api_reply_not_found(http_reply *reply, const char *what, const char *id);
/* 413 body-too-large: the body is over max_body_bytes. */
problem *http_problem_body_too_large(size_t max_body_bytes);
/* 400 invalid-query, to which the query parser adds one field error per bad parameter. */
problem *http_problem_invalid_query(void);

#endif
