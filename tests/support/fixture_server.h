/* A fixture HTTP server for the price adapters' tests: libmicrohttpd on 127.0.0.1, port 0, serving responses in the
 * providers' formats (files under tests/data/providers/, written for this project) and faults on demand: an HTTP
 * status for the first N requests (with Retry-After), a stall before answering, an answer held until released, a
 * body cut short, a streamed body made on the fly (for large files), ETag / If-None-Match, a Content-Encoding header
 * for a pre-compressed file.
 *
 * Routes are matched on the path and, optionally, one query argument (name=value); a route with an argument is
 * preferred over one without. "{{BASE}}" in a served file or body is replaced by the server's base URL (so a
 * NextPageLink can point back here). Every function aborts the test on failure. Thread-safe. */
#ifndef GPUREC_TEST_FIXTURE_SERVER_H
#define GPUREC_TEST_FIXTURE_SERVER_H

#include <stddef.h>
#include <stdint.h>

typedef struct fixture_server fixture_server;
typedef struct fixture_route fixture_route;

fixture_server *fixture_start(void);
/* Stops the server (stalled answers end at once) and frees it; accepts NULL. */
void fixture_stop(fixture_server *fs);
/* "http://127.0.0.1:PORT", borrowed. */
const char *fixture_url(const fixture_server *fs);

/* Adds (or finds) the route for path, with an optional query argument to match (arg_name NULL = any query).
 * The route is borrowed and lives as long as the server. A new route answers 404 until given a body. */
fixture_route *fixture_route_add(fixture_server *fs, const char *path, const char *arg_name, const char *arg_value);

/* The body: a file under tests/data/providers/ (relative path), or bytes (copied). Both reset faults. */
void fixture_serve_file(fixture_route *r, const char *relpath, const char *content_type);
void fixture_serve_body(fixture_route *r, const char *body, size_t len, const char *content_type);
/* A body made on the fly, chunked: open() per request returns a state handed to read() until it returns 0; close()
 * frees it. Nothing is held by the server. */
typedef struct fixture_stream {
    void *(*open)(void *ctx);
    size_t (*read)(void *state, char *buf, size_t max);
    void (*close)(void *state);
    void *ctx;
} fixture_stream;
void fixture_serve_stream(fixture_route *r, const fixture_stream *stream, const char *content_type);

/* A route answered by code, for APIs that sign their requests: the handler sees the whole request (method, path,
 * headers, query arguments, body) and makes the answer. Faults set on the route (fail_first, stall, hold) still come
 * first. Runs in the connection's thread, without the server's lock. */
typedef struct fixture_request fixture_request;
/* A request header's value (case-insensitive name) or NULL. */
const char *fixture_request_header(const fixture_request *req, const char *name);
const char *fixture_request_method(const fixture_request *req);
/* The body (NUL-terminated) and its length. */
const char *fixture_request_body(const fixture_request *req, size_t *len);
/* The query arguments, %-decoded, in arrival order: count returned, at most max put in names / values (borrowed). */
size_t fixture_request_args(const fixture_request *req, const char **names, const char **values, size_t max);
/* Returns the status and sets *body (malloc'd, taken by the server) and *content_type (static). */
typedef int (*fixture_handler)(void *ctx, const fixture_request *req, char **body, const char **content_type);
void fixture_serve_handler(fixture_route *r, fixture_handler handler, void *ctx);

/* Answer every request with a redirect: status (301, 302, 307, ...) and Location (a leading "{{BASE}}" is this
 * server's base URL). */
void fixture_redirect(fixture_route *r, int status, const char *location);
/* Answer every request with status (and the body, if any). */
void fixture_set_status(fixture_route *r, int status);
/* The first `times` requests answer status (with "Retry-After: retry_after_s" when >= 0), then the body. */
void fixture_fail_first(fixture_route *r, int times, int status, int retry_after_s);
/* Wait ms before answering (in the connection's thread). */
void fixture_stall(fixture_route *r, int ms);
/* While held, requests to the route wait before answering (in the connection's thread) until fixture_release() or
 * fixture_stop(): a state that lasts exactly as long as the test wants, whatever the machine's speed. */
void fixture_hold(fixture_route *r);
void fixture_release(fixture_route *r);
/* Declare the full length but send only the first `bytes`, then close the connection. */
void fixture_truncate(fixture_route *r, size_t bytes);
/* Serve with this ETag and answer 304 to a matching If-None-Match. */
void fixture_set_etag(fixture_route *r, const char *etag);
/* Add "Content-Encoding: <encoding>" (the file must already be encoded so). */
void fixture_set_encoding(fixture_route *r, const char *encoding);

/* Requests the route has seen, and the last request's If-None-Match ("" when none), into buf. */
unsigned fixture_hits(const fixture_route *r);
void fixture_last_if_none_match(const fixture_route *r, char *buf, size_t buf_len);
/* The last request's Authorization header ("" when none), into buf. */
void fixture_last_authorization(const fixture_route *r, char *buf, size_t buf_len);
/* The value of a query argument in the last request ("" when absent), into buf. */
void fixture_last_arg(const fixture_route *r, const char *name, char *buf, size_t buf_len);

/* The fixture data folder ("tests/data/providers", or $GPUREC_TEST_DATA/providers). */
const char *fixture_data_dir(void);

#endif
