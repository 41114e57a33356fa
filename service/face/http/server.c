#include "face/http/server.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <microhttpd.h>

#include "base/log.h"
#include "base/util.h"
#include "face/http/answer_cache.h"
#include "face/http/connections.h"
#include "face/http/forwarded.h"
#include "face/http/guard.h"
#include "face/http/dispatch.h"
#include "face/http/request_id.h"
#include "face/http/address_caps.h"
#include "face/http/snapshot_pick.h"
#include "wire/jsonw.h"

/* ---- limits --------------------------------------------------------------------------------------------------- */

/* The memory of a connection in libmicrohttpd: the request line and headers must fit, so it stays above the head
 * limits of guard.h, past which the service answers with problem+json; only a request past it meets the library's
 * own plain error page. It is kept small on purpose: the library clears all of it for every request on a kept-alive
 * connection (a 64 KiB pool cost 10% of a /healthz answer's CPU time, 256 KiB 6% of a recommendation's). */
#define HTTP_CONNECTION_MEMORY ((size_t)32 * 1024)
/* Connections past GPUREC_MAX_CONNECTIONS that only /healthz and /readyz may use, per pool thread (the library
 * splits its connection limit among them). */
#define HTTP_PROBE_RESERVE_PER_THREAD 2

/* A request's own state, from its first callback to its completion (owned by the connection's request context). */
typedef struct request_state {
    int64_t started_us;
    bytebuf body;        /* the body's bytes so far */
    size_t dropped;      /* the body's bytes read and dropped past max_body_bytes */
    bool body_too_large; /* past max_body_bytes: the rest is read and dropped, the answer is a 413 */
    bool answered;
    bool begun;          /* the head's checks have run (the first call of the request callback) */
    bool must_close;     /* the answer closes the connection (a framing problem, a body cut short) */
    int status;
    const char *route;   /* the route's pattern once matched, "unmatched" until then */
    char request_id[REQUEST_ID_SIZE];
    char method[16];
    char path[160];
    char client[64];     /* the client's address for the access log (face/http/forwarded.h) */
    guard_target target; /* what the raw request target showed */
} request_state;

struct http_server {
    struct MHD_Daemon *daemon;
    http_options options; /* immutable after start */
    uint16_t port;
    atomic_int in_flight;
    atomic_bool draining; /* set by http_stop(): new connections are refused, answers close theirs */
    answer_cache *cache;
    conn_table *connections;
    address_caps *caps; /* the per-address cap and the refusals of both caps (options.caps, borrowed; NULL: none) */
};

/* ---- sending answers ------------------------------------------------------------------------------------------ */

static bool wants_pretty(struct MHD_Connection *connection)
{
    const char *pretty = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "pretty");
    return pretty != NULL && (strcmp(pretty, "1") == 0 || strcmp(pretty, "true") == 0);
}

static bool origin_allowed(const config *cfg, const char *origin)
{
    if (origin == NULL)
        return false;
    for (size_t i = 0; i < cfg->cors_origin_count; i++) {
        if (strcmp(cfg->cors_origins[i], origin) == 0 || strcmp(cfg->cors_origins[i], "*") == 0)
            return true;
    }
    return false;
}

static void add_common_headers(struct MHD_Response *response, const http_server *server,
                               struct MHD_Connection *connection, const request_state *state)
{
    MHD_add_response_header(response, "X-Request-Id", state->request_id);
    MHD_add_response_header(response, "X-Content-Type-Options", "nosniff");
    const char *origin = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Origin");
    if (origin_allowed(server->options.cfg, origin)) {
        MHD_add_response_header(response, "Access-Control-Allow-Origin", origin);
        MHD_add_response_header(response, "Access-Control-Expose-Headers", "ETag, X-Request-Id, Retry-After");
    }
    /* with CORS on, every answer depends on Origin: a shared cache must not hand one origin's answer to another */
    if (server->options.cfg->cors_origin_count > 0)
        MHD_add_response_header(response, "Vary", "Origin");
    if (state->must_close || atomic_load(&server->draining))
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONNECTION, "close");
}

/* The body as sent: compact (jsonw.c: jansson's bytes at a fraction of the cost), or indented with a final newline
 * when the query asks for ?pretty. Caller frees. */
static char *serialize_body(struct MHD_Connection *connection, const json_t *body, size_t *len_out)
{
    if (!wants_pretty(connection))
        return jsonw_dump(body, len_out);
    char *text = json_dumps(body, JSON_REAL_PRECISION(15) | JSON_ENSURE_ASCII | JSON_INDENT(2));
    if (text == NULL)
        text = xstrdup("{\"title\":\"Internal Server Error\",\"status\":500}");
    size_t len = strlen(text);
    text = xrealloc(text, len + 2);
    text[len++] = '\n';
    text[len] = '\0';
    *len_out = len;
    return text;
}

/* A response that takes bytes (malloc'ed, len long): libmicrohttpd frees them once sent. A HEAD answer is the same
 * response: the library sends its headers, Content-Length included, and no body. */
static struct MHD_Response *response_taking(char *bytes, size_t len)
{
    struct MHD_Response *response = MHD_create_response_from_buffer(len, bytes, MHD_RESPMEM_MUST_FREE);
    if (response == NULL)
        free(bytes);
    return response;
}

static void release_kept_json(void *text) /* libmicrohttpd's call once no response uses the text */
{
    answer_text_release(text);
}

/* The response for reply's compact JSON, its own text or a kept answer's (either moves to the response); ?pretty
 * indents a copy. */
static struct MHD_Response *compact_json_response(struct MHD_Connection *connection, http_reply *reply)
{
    answer_text *kept = reply->kept_json;
    char *own = reply->json_text;
    size_t len = reply->json_text_size;
    const char *text = kept != NULL ? answer_text_bytes(kept, &len) : own;
    json_t *doc = wants_pretty(connection) ? json_loadb(text, len, 0, NULL) : NULL;
    if (doc != NULL) {
        char *pretty = serialize_body(connection, doc, &len);
        json_decref(doc);
        return response_taking(pretty, len);
    }
    reply->json_text = NULL;
    reply->kept_json = NULL;
    if (kept == NULL)
        return response_taking(own, len);
    struct MHD_Response *response =
        MHD_create_response_from_buffer_with_free_callback_cls(len, (void *)text, release_kept_json, kept);
    if (response == NULL)
        answer_text_release(kept);
    return response;
}

/* Sends reply. Owned bodies (json_text, raw) are handed to libmicrohttpd, which frees them: reply no longer holds
 * them. */
static enum MHD_Result queue(http_server *server, struct MHD_Connection *connection, request_state *state,
                             http_reply *reply)
{
    struct MHD_Response *response = NULL;
    const char *content_type = reply->content_type;
    if (reply->body != NULL) {
        size_t len = 0;
        char *text = serialize_body(connection, reply->body, &len);
        content_type = reply->is_problem ? "application/problem+json" : "application/json";
        response = response_taking(text, len);
    } else if (reply->json_text != NULL || reply->kept_json != NULL) {
        content_type = "application/json";
        response = compact_json_response(connection, reply);
    } else if (reply->raw != NULL) {
        char *text = reply->raw;
        reply->raw = NULL;
        response = response_taking(text, reply->raw_size);
    } else if (reply->static_body != NULL) {
        response = MHD_create_response_from_buffer(reply->raw_size, (void *)reply->static_body,
                                                   MHD_RESPMEM_PERSISTENT);
    } else {
        response = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    }
    if (response == NULL)
        return MHD_NO;
    if (content_type != NULL && reply->status != 304)
        MHD_add_response_header(response, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    if (reply->etag != NULL) {
        char quoted[80];
        if (reply->etag[0] == '"')
            snprintf(quoted, sizeof quoted, "%s", reply->etag);
        else
            snprintf(quoted, sizeof quoted, "\"%s\"", reply->etag);
        MHD_add_response_header(response, MHD_HTTP_HEADER_ETAG, quoted);
    }
    MHD_add_response_header(response, MHD_HTTP_HEADER_CACHE_CONTROL,
                            reply->cache_control ? reply->cache_control : "no-store");
    if (reply->allow)
        MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, reply->allow);
    if (reply->retry_after)
        MHD_add_response_header(response, MHD_HTTP_HEADER_RETRY_AFTER, reply->retry_after);
    if (reply->location)
        MHD_add_response_header(response, MHD_HTTP_HEADER_LOCATION, reply->location);
    if (reply->content_security_policy) {
        MHD_add_response_header(response, "Content-Security-Policy", reply->content_security_policy);
        MHD_add_response_header(response, "Referrer-Policy", "no-referrer");
    }
    if (reply->www_authenticate)
        MHD_add_response_header(response, MHD_HTTP_HEADER_WWW_AUTHENTICATE, reply->www_authenticate);
    add_common_headers(response, server, connection, state);
    state->status = reply->status;
    state->answered = true;
    enum MHD_Result result = MHD_queue_response(connection, (unsigned)reply->status, response);
    MHD_destroy_response(response);
    return result;
}

/* Sends a problem straight away (errors found before any handler runs). */
static enum MHD_Result queue_problem(http_server *server, struct MHD_Connection *connection, request_state *state,
                                     problem *p, const char *allow)
{
    http_reply reply = {0};
    http_reply_problem(&reply, p);
    reply.allow = allow;
    enum MHD_Result result = queue(server, connection, state, &reply);
    http_reply_clear(&reply);
    return result;
}

static const char *const cors_allow_headers = "Content-Type, Authorization, X-Request-Id, If-None-Match";

/* Answers an OPTIONS request: 204 with Allow, and the CORS preflight headers for an allowed Origin. */
static enum MHD_Result send_preflight(http_server *server, struct MHD_Connection *connection, request_state *state,
                                      const char *allow)
{
    struct MHD_Response *response = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (response == NULL)
        return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, allow);
    const char *origin = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Origin");
    if (origin_allowed(server->options.cfg, origin)) {
        MHD_add_response_header(response, "Access-Control-Allow-Methods", allow);
        MHD_add_response_header(response, "Access-Control-Allow-Headers", cors_allow_headers);
        MHD_add_response_header(response, "Access-Control-Max-Age", "600");
    }
    add_common_headers(response, server, connection, state);
    state->status = 204;
    state->answered = true;
    enum MHD_Result result = MHD_queue_response(connection, 204, response);
    MHD_destroy_response(response);
    return result;
}

/* ---- the request callback's phases ----------------------------------------------------------------------------- */

static conn_entry *connection_entry(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info != NULL ? info->socket_context : NULL;
}

/* A request on a connection of the probes' reserve may only ask the probes. */
static bool reserve_allows(struct MHD_Connection *connection, const char *url, const char *method)
{
    if (!conn_is_reserve(connection_entry(connection)))
        return true;
    bool probe = strcmp(url, "/healthz") == 0 || strcmp(url, "/readyz") == 0;
    return probe && (strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0);
}

/* The state of a new request, made when the request line arrives (the URI callback) or at the first call. */
static request_state *new_request_state(http_server *server)
{
    request_state *state = xcalloc(1, sizeof *state);
    state->started_us = util_monotonic_us();
    state->route = "unmatched";
    util_copy(state->client, sizeof state->client, "-");
    atomic_fetch_add(&server->in_flight, 1);
    metrics_request_started(server->options.metrics);
    return state;
}

/* The URI callback: the raw target, before the library decodes the path and parses the query. */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *connection)
{
    (void)connection;
    request_state *state = new_request_state(cls);
    /* the target lies in the library's own request buffer, which it parses after this call (see guard.h) */
    guard_raw_target((char *)(uintptr_t)uri, &state->target);
    return state;
}

/* The first problem of a request's head, in order: framing (which closes the connection), the probes' reserve,
 * the raw target, the head's size, the query's parameters, a declared body past max_body_bytes. */
static problem *first_problem(http_server *server, struct MHD_Connection *connection, const char *url,
                              const char *method, const char *version, request_state *state)
{
    problem *p = guard_framing_problem(connection, version);
    if (p != NULL) {
        state->must_close = true;
        return p;
    }
    if (!reserve_allows(connection, url, method)) {
        state->must_close = true;
        return problem_new(503, "busy", "Service Unavailable",
                           "Every connection is in use (this one is kept for the health probes). Try again.");
    }
    if ((p = guard_target_problem(&state->target)) != NULL || (p = guard_size_problem(connection, &state->target)) != NULL ||
        (p = guard_query_problem(connection)) != NULL)
        return p;
    const char *length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Content-Length");
    if (length != NULL) {
        char *end = NULL;
        unsigned long long declared = strtoull(length, &end, 10);
        if (end != length && declared > server->options.cfg->max_body_bytes) {
            /* refuse before reading: MHD closes the connection instead of draining the body */
            state->body_too_large = true;
            return http_problem_body_too_large(server->options.cfg->max_body_bytes);
        }
    }
    return NULL;
}

/* Phase 1, the first call (headers only): completes the request's state and refuses a head with a problem.
 * Answering now makes MHD close the connection when a body was announced. */
static enum MHD_Result begin_request(http_server *server, struct MHD_Connection *connection, const char *url,
                                     const char *method, const char *version, request_state *state)
{
    state->begun = true;
    conn_head_ended(connection_entry(connection));
    util_copy(state->method, sizeof state->method, method);
    util_copy(state->path, sizeof state->path, url);
    request_id_choose(MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "X-Request-Id"), state->request_id);
    if (log_enabled(LOG_INFO)) /* the client's address is for the access line alone: "-" stays when it is off */
        forwarded_client(server->options.cfg, connection, state->client, sizeof state->client);
    problem *p = first_problem(server, connection, url, method, version, state);
    return p != NULL ? queue_problem(server, connection, state, p, NULL) : MHD_YES;
}

/* Phase 2, each piece of the body: kept, or dropped once the body is past max_body_bytes, for the 413 answered when
 * it ends (answer_request). libmicrohttpd 0.9.75 takes an answer only before the body or after all of it, so a body
 * that goes on past twice the limit (a chunked one declares no length) is cut off by closing the connection. */
static enum MHD_Result take_body(const http_server *server, request_state *state, const char *data, size_t size)
{
    size_t limit = server->options.cfg->max_body_bytes;
    if (!state->body_too_large && state->body.len + size <= limit) {
        buf_append(&state->body, data, size);
        return MHD_YES;
    }
    if (!state->body_too_large) {
        state->body_too_large = true;
        state->dropped = state->body.len;
        buf_free(&state->body);
    }
    state->must_close = true;
    state->dropped += size;
    if (state->dropped <= 2 * limit)
        return MHD_YES;
    state->status = 413; /* logged as the answer it would have had; the client gets a closed connection */
    state->answered = true;
    return MHD_NO;
}

/* The answer to a path no route of this method serves: 404, the preflight of an OPTIONS, or 405 with Allow. */
static enum MHD_Result answer_unmatched(http_server *server, struct MHD_Connection *connection, request_state *state,
                                        const char *url, const char *method)
{
    char allow[64];
    http_route_allowed(server->options.routes, url, allow, sizeof allow);
    state->route = "unmatched";
    if (allow[0] == '\0')
        return queue_problem(server, connection, state,
                             problem_new(404, "not-found", "Not Found", "No endpoint at this path."), NULL);
    if (strcmp(method, "OPTIONS") == 0)
        return send_preflight(server, connection, state, allow);
    return queue_problem(server, connection, state,
                         problem_new(405, "method-not-allowed", "Method Not Allowed",
                                     "%s is not allowed here; allowed: %s.", method, allow),
                         allow);
}

/* Answers a complete request: its route's answer (dispatch.h), with the catalog held until it is sent. */
static enum MHD_Result answer_request(http_server *server, struct MHD_Connection *connection, request_state *state,
                                      const char *url, const char *method)
{
    const char *effective_method = strcmp(method, "HEAD") == 0 ? "GET" : method;
    char params[HTTP_MAX_PATH_PARAMS][HTTP_PARAM_BYTES];
    size_t param_count = 0;
    const http_route *matched = http_route_find(server->options.routes, effective_method, url, params, &param_count);
    if (matched == NULL)
        return answer_unmatched(server, connection, state, url, method);
    state->route = matched->pattern;
    if (state->body_too_large)
        return queue_problem(server, connection, state,
                             http_problem_body_too_large(server->options.cfg->max_body_bytes), NULL);
    http_request req = {.app = server->options.app, .connection = connection, .method = effective_method,
                        .path = url, .route = matched->pattern, .request_id = state->request_id,
                        .param_count = param_count};
    for (size_t i = 0; i < param_count; i++)
        req.params[i] = params[i];
    req.snap = snapshot_pick(&req);
    http_reply reply = {.status = 500};
    dispatch_answer(matched, &req, &state->body, server->cache, &reply);
    enum MHD_Result result = queue(server, connection, state, &reply);
    http_reply_clear(&reply);
    catalog_release(req.snap);
    return result;
}

/* Phase 3, the end of the request: its answer. */
static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **req_cls)
{
    http_server *server = cls;
    if (*req_cls == NULL)
        *req_cls = new_request_state(server);
    request_state *state = *req_cls;
    if (!state->begun)
        return begin_request(server, connection, url, method, version, state);
    if (state->answered) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        size_t size = *upload_data_size;
        *upload_data_size = 0;
        return take_body(server, state, upload_data, size);
    }
    return answer_request(server, connection, state, url, method);
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                         enum MHD_RequestTerminationCode code)
{
    http_server *server = cls;
    request_state *state = *req_cls;
    (void)code;
    if (state == NULL)
        return;
    int64_t now_us = util_monotonic_us();
    conn_head_begins(connection_entry(connection), now_us);
    long long duration = (long long)(now_us - state->started_us);
    int status = state->answered ? state->status : 499; /* the client went away before an answer */
    log_access(state->method[0] ? state->method : "-", state->route, state->path, status, duration,
               state->request_id, state->client);
    metrics_request_finished(server->options.metrics, state->route, state->method, status, duration);
    atomic_fetch_sub(&server->in_flight, 1);
    buf_free(&state->body);
    free(state);
    *req_cls = NULL;
}

static void on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                          enum MHD_ConnectionNotificationCode code)
{
    http_server *server = cls;
    const union MHD_ConnectionInfo *peer = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (code == MHD_CONNECTION_NOTIFY_STARTED)
        caps_opened(server->caps, peer != NULL ? peer->client_addr : NULL);
    else
        caps_closed(server->caps, peer != NULL ? peer->client_addr : NULL);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        *socket_context = info != NULL ? conn_opened(server->connections, info->connect_fd) : NULL;
    } else {
        conn_closed(server->connections, *socket_context);
        *socket_context = NULL;
    }
}

/* While draining, new connections are refused at once (closed); the ones open finish their requests. A connection
 * over the per-address cap is refused (address_caps.h). */
static enum MHD_Result on_accept(void *cls, const struct sockaddr *addr, socklen_t addrlen)
{
    (void)addrlen;
    const http_server *server = cls;
    if (atomic_load(&server->draining))
        return MHD_NO;
    return caps_admit(server->caps, addr) ? MHD_YES : MHD_NO;
}

static void on_mhd_log(void *cls, const char *fmt, va_list args)
{
    http_server *server = cls;
    char message[512];
    vsnprintf(message, sizeof message, fmt, args);
    caps_note_library_message(server->caps, message);
    size_t len = strlen(message);
    while (len > 0 && (message[len - 1] == '\n' || message[len - 1] == '\r'))
        message[--len] = '\0';
    log_msg(LOG_DEBUG, "http", "detail", message, NULL);
}

/* The listening address of cfg into *address, and MHD_USE_IPv6 / MHD_USE_DUAL_STACK into *flags. */
static int listen_address(const config *cfg, struct sockaddr_storage *address, unsigned *flags, char *err,
                          size_t err_len)
{
    memset(address, 0, sizeof *address);
    if (strchr(cfg->listen_host, ':') != NULL) {
        struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)address;
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(cfg->listen_port);
        if (inet_pton(AF_INET6, cfg->listen_host, &v6->sin6_addr) != 1) {
            snprintf(err, err_len, "GPUREC_LISTEN: '%s' is not an IP address", cfg->listen_host);
            return -1;
        }
        /* "[::]" means every address, IPv4 ones included (IPV6_V6ONLY off); a given IPv6 address is that one */
        *flags |= IN6_IS_ADDR_UNSPECIFIED(&v6->sin6_addr) ? MHD_USE_DUAL_STACK : MHD_USE_IPv6;
        return 0;
    }
    struct sockaddr_in *v4 = (struct sockaddr_in *)address;
    v4->sin_family = AF_INET;
    v4->sin_port = htons(cfg->listen_port);
    if (inet_pton(AF_INET, cfg->listen_host, &v4->sin_addr) != 1) {
        snprintf(err, err_len, "GPUREC_LISTEN: '%s' is not an IP address", cfg->listen_host);
        return -1;
    }
    return 0;
}

static void server_free(http_server *server)
{
    conn_table_free(server->connections);
    answer_cache_free(server->cache);
    free(server);
}

int http_start(const http_options *options, http_server **out, char *err, size_t err_len)
{
    const config *cfg = options->cfg;
    http_server *server = xcalloc(1, sizeof *server);
    server->options = *options;
    server->cache = answer_cache_new();
    server->caps = options->caps;
    atomic_init(&server->draining, false);
    *out = NULL;

    struct sockaddr_storage address;
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    if (listen_address(cfg, &address, &flags, err, err_len) != 0) {
        server_free(server);
        return -1;
    }
    server->connections = conn_table_new(cfg->connection_timeout_s, cfg->max_connections);
    if (server->connections == NULL) {
        snprintf(err, err_len, "cannot start the connection watchdog thread");
        server_free(server);
        return -1;
    }
    unsigned reserve = HTTP_PROBE_RESERVE_PER_THREAD * (cfg->threads > 0 ? cfg->threads : 1);
    server->daemon = MHD_start_daemon(
        flags, cfg->listen_port, on_accept, server, on_request, server, MHD_OPTION_SOCK_ADDR,
        (struct sockaddr *)&address, MHD_OPTION_THREAD_POOL_SIZE, (unsigned)cfg->threads,
        MHD_OPTION_CONNECTION_LIMIT, cfg->max_connections + reserve, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        0u /* address_caps */, MHD_OPTION_CONNECTION_TIMEOUT, cfg->connection_timeout_s,
        /* the request line and headers must fit here, so it stays above the service's own head limits */
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, HTTP_CONNECTION_MEMORY, MHD_OPTION_NOTIFY_COMPLETED, on_completed, server,
        MHD_OPTION_NOTIFY_CONNECTION, on_connection, server, MHD_OPTION_URI_LOG_CALLBACK, on_uri, server,
        MHD_OPTION_EXTERNAL_LOGGER, on_mhd_log, server, MHD_OPTION_LISTENING_ADDRESS_REUSE, 1u, MHD_OPTION_END);
    if (server->daemon == NULL) {
        snprintf(err, err_len, "cannot listen on %s:%u (in use, or not permitted)", cfg->listen_host,
                 (unsigned)cfg->listen_port);
        server_free(server);
        return -1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
    server->port = info ? info->port : cfg->listen_port;
    *out = server;
    return 0;
}

uint16_t http_port(const http_server *server)
{
    return server->port;
}

void http_stop(http_server *server, int drain_ms)
{
    if (server == NULL)
        return;
    /* Not MHD_quiesce_daemon(): with the epoll thread pool it races the pool threads' own removal of the listening
     * socket and aborts the process (libmicrohttpd 0.9.75). The accept policy refuses new connections instead, and
     * the answers of the open ones close them. */
    atomic_store(&server->draining, true);
    int64_t deadline = util_monotonic_us() + (int64_t)drain_ms * 1000;
    while (atomic_load(&server->in_flight) > 0 && util_monotonic_us() < deadline) {
        struct timespec pause = {0, 10 * 1000000L};
        nanosleep(&pause, NULL);
    }
    MHD_stop_daemon(server->daemon);
    server_free(server);
}
