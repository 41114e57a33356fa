#include "face/http.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <microhttpd.h>

#include "face/api.h"
#include "face/api_admin.h"
#include "face/api_ui.h"
#include "wire/jsonw.h"
#include "base/log.h"
#include "face/metrics.h"
#include "engine/recommend.h"
#include "base/util.h"

/* ---- routes --------------------------------------------------------------------------------------------------- */

typedef struct route {
    const char *method;
    const char *pattern; /* literal segments and {name} captures */
    http_handler handler;
    bool catalog_etag; /* a catalog read: ETag = snapshot version, If-None-Match answered with 304 */
} route;

/* One line per endpoint; a path that matches with another method is a 405 with Allow, no match is a 404. */
static const route routes[] = {
    {"GET", "/healthz", api_healthz, false},
    {"GET", "/readyz", api_readyz, false},
    {"GET", "/metrics", api_metrics, false},
    {"GET", "/v1/gpus", api_gpus_list, true},
    {"GET", "/v1/gpus/{id}", api_gpus_get, true},
    {"GET", "/v1/instances", api_instances_list, true},
    {"GET", "/v1/instances/{provider}/{instance_type}", api_instances_get, true},
    {"GET", "/v1/instances/{provider}/{instance_type}/history", api_instance_history, false},
    {"GET", "/v1/providers", api_providers_list, false},
    {"POST", "/v1/recommend", api_recommend, false},
    {"POST", "/v1/estimate", api_estimate, false},
    {"POST", "/v1/admin/refresh", api_admin_refresh, false},
    {"GET", "/", api_ui_index, false},
    {"GET", "/ui", api_ui_index, false},
    {"GET", "/ui/", api_ui_index, false},
    {"GET", "/ui/{asset}", api_ui_asset, false},
};

#define ROUTE_COUNT (sizeof routes / sizeof routes[0])

/* The end of the path segment starting at s. */
static const char *segment_end(const char *s)
{
    while (*s != '\0' && *s != '/')
        s++;
    return s;
}

/* Matches path against pattern segment by segment, copying {captures} into params. */
static bool route_matches(const char *pattern, const char *path, char params[][256], size_t *param_count)
{
    if (path[0] != '/')
        return false;
    const char *p = pattern + 1, *u = path + 1;
    *param_count = 0;
    for (;;) {
        const char *pattern_end = segment_end(p), *path_end = segment_end(u);
        size_t pattern_len = (size_t)(pattern_end - p), path_len = (size_t)(path_end - u);
        if (p[0] == '{') {
            if (path_len == 0 || path_len >= 256 || *param_count >= HTTP_MAX_PATH_PARAMS)
                return false;
            memcpy(params[*param_count], u, path_len);
            params[*param_count][path_len] = '\0';
            (*param_count)++;
        } else if (pattern_len != path_len || strncmp(p, u, path_len) != 0) {
            return false;
        }
        if (*pattern_end == '\0' || *path_end == '\0')
            return *pattern_end == '\0' && *path_end == '\0';
        p = pattern_end + 1;
        u = path_end + 1;
    }
}

/* The Allow header's value for a path: the methods of the routes it matches, HEAD with GET, and OPTIONS; "" when
 * no route matches. Only an unmatched method needs it, so the common request never builds it. */
static void allowed_methods(const char *url, char *allow, size_t allow_len)
{
    size_t used = 0;
    allow[0] = '\0';
    for (size_t i = 0; i < ROUTE_COUNT; i++) {
        size_t count = 0;
        char captured[HTTP_MAX_PATH_PARAMS][256];
        if (!route_matches(routes[i].pattern, url, captured, &count) || strstr(allow, routes[i].method) != NULL)
            continue;
        int n = snprintf(allow + used, allow_len - used, "%s%s%s", used ? ", " : "", routes[i].method,
                         strcmp(routes[i].method, "GET") == 0 ? ", HEAD" : "");
        if (n > 0)
            used += (size_t)n < allow_len - used ? (size_t)n : allow_len - used - 1;
    }
    if (used > 0)
        snprintf(allow + used, allow_len - used, ", OPTIONS");
}

/* ---- per-request state (owned by the connection's request context, freed in the completed callback) ----------- */

/* The service's own limits on a request's head, answered with problem+json. They sit below what a connection's
 * memory in libmicrohttpd holds (HTTP_CONNECTION_MEMORY), so only a request past that meets the library's own plain
 * error page. That memory is kept small on purpose: the library clears all of it for every request on a kept-alive
 * connection (a 64 KiB pool cost 10% of a /healthz answer's CPU time, 256 KiB 6% of a recommendation's). */
#define HTTP_MAX_URI_BYTES (16 * 1024)
#define HTTP_MAX_HEADER_BYTES (16 * 1024)
#define HTTP_MAX_HEADERS 100
#define HTTP_CONNECTION_MEMORY ((size_t)32 * 1024)

typedef struct request_state {
    int64_t started_us;
    char *body;
    size_t body_size, body_cap;
    bool body_too_large;
    bool answered;
    int status;
    const char *route;
    char request_id[40];
    char method[16];
    char path[160];
} request_state;

/* Catalog reads (routes with catalog_etag) depend only on the snapshot and the query, and a published snapshot never
 * changes: the serialized body of such a 200 is kept, keyed by snapshot version, path and query, and sent again
 * without running the handler (building and serializing the JSON is most of a catalog read's cost). A refresh
 * publishes a new version, so older entries stop matching and get replaced. Direct-mapped, bounded in entries and in
 * body size, so memory stays bounded whatever clients ask. */
#define ANSWER_CACHE_SLOTS 64
#define ANSWER_CACHE_MAX_BODY ((size_t)256 * 1024)

typedef struct cached_answer {
    uint64_t hash;
    char *key;           /* owned: see answer_key() */
    char *body;          /* owned: the serialized JSON */
    size_t body_size;
    char *cache_control; /* owned */
} cached_answer;

struct http_server {
    struct MHD_Daemon *daemon;
    app *app;
    uint16_t port;
    atomic_int in_flight;
    pthread_mutex_t cache_lock; /* guards cache */
    cached_answer cache[ANSWER_CACHE_SLOTS];
};

/* ---- helpers for handlers ------------------------------------------------------------------------------------- */

const char *http_query(const http_request *req, const char *name)
{
    return MHD_lookup_connection_value(req->connection, MHD_GET_ARGUMENT_KIND, name);
}

const char *http_header(const http_request *req, const char *name)
{
    return MHD_lookup_connection_value(req->connection, MHD_HEADER_KIND, name);
}

typedef struct visit_ctx {
    http_query_visitor fn;
    void *ctx;
} visit_ctx;

static enum MHD_Result visit_argument(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    visit_ctx *visit = cls;
    visit->fn(visit->ctx, key, value ? value : "");
    return MHD_YES;
}

size_t http_query_each(const http_request *req, http_query_visitor fn, void *ctx)
{
    visit_ctx visit = {fn, ctx};
    int count = MHD_get_connection_values(req->connection, MHD_GET_ARGUMENT_KIND, visit_argument, &visit);
    return count < 0 ? 0 : (size_t)count;
}

void http_reply_json(http_reply *reply, int status, json_t *body)
{
    json_decref(reply->body);
    reply->status = status;
    reply->body = body;
}

void http_reply_json_text(http_reply *reply, int status, char *text, size_t len)
{
    free(reply->json_text);
    reply->status = status;
    reply->json_text = text;
    reply->json_text_size = len;
}

void http_reply_problem(http_reply *reply, problem *p)
{
    int status = problem_status(p);
    http_reply_json(reply, status, problem_into_json(p));
}

/* ---- responses ------------------------------------------------------------------------------------------------ */

static bool wants_pretty(struct MHD_Connection *connection)
{
    const char *pretty = MHD_lookup_connection_value(connection, MHD_GET_ARGUMENT_KIND, "pretty");
    return pretty != NULL && (strcmp(pretty, "1") == 0 || strcmp(pretty, "true") == 0);
}

/* Whether If-None-Match names the entity tag etag (given with or without its quotes). */
static bool etag_matches(const char *if_none_match, const char *unquoted_or_quoted)
{
    if (if_none_match == NULL || unquoted_or_quoted == NULL)
        return false;
    char etag[96];
    if (unquoted_or_quoted[0] == '"')
        snprintf(etag, sizeof etag, "%s", unquoted_or_quoted);
    else
        snprintf(etag, sizeof etag, "\"%s\"", unquoted_or_quoted);
    if (strcmp(if_none_match, "*") == 0)
        return true;
    size_t etag_len = strlen(etag);
    const char *cursor = if_none_match;
    while (*cursor) {
        while (*cursor == ' ' || *cursor == ',')
            cursor++;
        if (strncmp(cursor, "W/", 2) == 0)
            cursor += 2;
        if (strncmp(cursor, etag, etag_len) == 0 && (cursor[etag_len] == '\0' || cursor[etag_len] == ',' ||
                                                     cursor[etag_len] == ' '))
            return true;
        const char *comma = strchr(cursor, ',');
        if (comma == NULL)
            break;
        cursor = comma + 1;
    }
    return false;
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
    if (origin_allowed(server->app->cfg, origin)) {
        MHD_add_response_header(response, "Access-Control-Allow-Origin", origin);
        MHD_add_response_header(response, "Access-Control-Expose-Headers", "ETag, X-Request-Id, Retry-After");
        MHD_add_response_header(response, "Vary", "Origin");
    }
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

/* A response that takes bytes (malloc'ed, len long): libmicrohttpd frees them once sent. A HEAD answer sends none. */
static struct MHD_Response *response_taking(char *bytes, size_t len, bool head)
{
    if (head) {
        free(bytes);
        return MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    }
    struct MHD_Response *response = MHD_create_response_from_buffer(len, bytes, MHD_RESPMEM_MUST_FREE);
    if (response == NULL)
        free(bytes);
    return response;
}

/* Sends reply. Owned bodies (json_text, raw) are handed to libmicrohttpd, which frees them: reply no longer holds
 * them. */
static enum MHD_Result queue(http_server *server, struct MHD_Connection *connection, request_state *state,
                             http_reply *reply, bool head)
{
    struct MHD_Response *response = NULL;
    const char *content_type = reply->content_type;
    if (reply->body != NULL) {
        size_t len = 0;
        char *text = serialize_body(connection, reply->body, &len);
        bool is_problem = reply->status >= 400 && json_object_get(reply->body, "type") != NULL &&
                          json_object_get(reply->body, "title") != NULL;
        content_type = is_problem ? "application/problem+json" : "application/json";
        response = response_taking(text, len, head);
    } else if (reply->json_text != NULL) {
        char *text = reply->json_text;
        size_t len = reply->json_text_size;
        reply->json_text = NULL;
        json_t *doc = NULL;
        if (wants_pretty(connection) && (doc = json_loadb(text, len, 0, NULL)) != NULL) {
            free(text);
            text = serialize_body(connection, doc, &len);
            json_decref(doc);
        }
        content_type = "application/json";
        response = response_taking(text, len, head);
    } else if (reply->raw != NULL) {
        char *text = reply->raw;
        reply->raw = NULL;
        response = response_taking(text, reply->raw_size, head);
    } else if (reply->static_body != NULL) {
        response = MHD_create_response_from_buffer(head ? 0 : reply->raw_size, (void *)reply->static_body,
                                                   MHD_RESPMEM_PERSISTENT);
    } else {
        response = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    }
    if (response == NULL)
        return MHD_NO;
    if (content_type != NULL)
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
    add_common_headers(response, server, connection, state);
    state->status = reply->status;
    state->answered = true;
    enum MHD_Result result = MHD_queue_response(connection, (unsigned)reply->status, response);
    MHD_destroy_response(response);
    return result;
}

static void reply_free(http_reply *reply)
{
    json_decref(reply->body);
    free(reply->json_text);
    free(reply->raw);
    memset(reply, 0, sizeof *reply);
}

/* Sends a problem straight away (errors found before any handler runs). */
static enum MHD_Result queue_problem(http_server *server, struct MHD_Connection *connection, request_state *state,
                                     problem *p, const char *allow)
{
    http_reply reply = {0};
    http_reply_problem(&reply, p);
    reply.allow = allow;
    enum MHD_Result result = queue(server, connection, state, &reply, false);
    reply_free(&reply);
    return result;
}

/* ---- cache of catalog answers (see struct http_server) ------------------------------------------------------- */

typedef struct key_builder {
    char *text;
    size_t len, cap;
} key_builder;

static void key_append(key_builder *k, const char *data, size_t len)
{
    if (k->len + len + 1 > k->cap) {
        size_t cap = k->cap ? k->cap * 2 : 256;
        while (cap < k->len + len + 1)
            cap *= 2;
        k->text = xrealloc(k->text, cap);
        k->cap = cap;
    }
    memcpy(k->text + k->len, data, len);
    k->len += len;
    k->text[k->len] = '\0';
}

/* Each part length-prefixed, so no byte a client sends can make two different requests share a key. */
static void key_append_part(key_builder *k, const char *part)
{
    char prefix[24];
    size_t len = strlen(part);
    int n = snprintf(prefix, sizeof prefix, "%zu:", len);
    key_append(k, prefix, (size_t)n);
    key_append(k, part, len);
}

static enum MHD_Result key_add_argument(void *cls, enum MHD_ValueKind kind, const char *name, const char *value)
{
    (void)kind;
    key_append_part(cls, name);
    key_append_part(cls, value ? value : "");
    return MHD_YES;
}

/* "version path arguments...", in the order the client sent the arguments. Caller frees. */
static char *answer_key(struct MHD_Connection *connection, const catalog *snap, const char *path, size_t *len_out)
{
    key_builder k = {0};
    key_append_part(&k, snap->version);
    key_append_part(&k, path);
    MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, key_add_argument, &k);
    *len_out = k.len;
    return k.text;
}

/* On a hit fills reply's JSON text with a copy of the kept answer (compact: ?pretty is applied when it is sent), sets
 * *cache_control (caller frees) and returns true. */
static bool answer_cache_get(http_server *server, const char *key, size_t key_len, uint64_t hash, http_reply *reply,
                             char **cache_control)
{
    cached_answer *slot = &server->cache[hash % ANSWER_CACHE_SLOTS];
    bool hit = false;
    pthread_mutex_lock(&server->cache_lock);
    if (slot->key != NULL && slot->hash == hash && memcmp(slot->key, key, key_len + 1) == 0) {
        reply->json_text = xmalloc(slot->body_size + 1);
        memcpy(reply->json_text, slot->body, slot->body_size);
        reply->json_text[slot->body_size] = '\0';
        reply->json_text_size = slot->body_size;
        *cache_control = xstrdup(slot->cache_control);
        hit = true;
    }
    pthread_mutex_unlock(&server->cache_lock);
    return hit;
}

/* Keeps a copy of an answer (takes ownership of key). */
static void answer_cache_put(http_server *server, char *key, uint64_t hash, const char *body, size_t body_size,
                             const char *cache_control)
{
    if (body_size > ANSWER_CACHE_MAX_BODY) {
        free(key);
        return;
    }
    char *body_copy = xmalloc(body_size + 1);
    memcpy(body_copy, body, body_size);
    char *control_copy = xstrdup(cache_control);
    cached_answer *slot = &server->cache[hash % ANSWER_CACHE_SLOTS];
    pthread_mutex_lock(&server->cache_lock);
    char *old_key = slot->key, *old_body = slot->body, *old_control = slot->cache_control;
    slot->hash = hash;
    slot->key = key;
    slot->body = body_copy;
    slot->body_size = body_size;
    slot->cache_control = control_copy;
    pthread_mutex_unlock(&server->cache_lock);
    free(old_key);
    free(old_body);
    free(old_control);
}

static void answer_cache_clear(http_server *server)
{
    for (size_t i = 0; i < ANSWER_CACHE_SLOTS; i++) {
        free(server->cache[i].key);
        free(server->cache[i].body);
        free(server->cache[i].cache_control);
    }
    memset(server->cache, 0, sizeof server->cache);
}

/* ---- dispatch ------------------------------------------------------------------------------------------------- */

static void make_request_id(struct MHD_Connection *connection, request_state *state)
{
    const char *given = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "X-Request-Id");
    if (given != NULL) {
        size_t len = strlen(given);
        bool valid = len > 0 && len < sizeof state->request_id;
        for (size_t i = 0; valid && i < len; i++)
            valid = isalnum((unsigned char)given[i]) || given[i] == '-' || given[i] == '_' || given[i] == '.';
        if (valid) {
            memcpy(state->request_id, given, len + 1);
            return;
        }
    }
    /* unique per process run: start time, then a counter */
    static atomic_uint_fast64_t counter;
    static atomic_uint_fast64_t process_tag;
    uint64_t tag = atomic_load(&process_tag);
    if (tag == 0) {
        uint64_t fresh = ((uint64_t)time(NULL) << 20) ^ (uint64_t)getpid();
        uint_fast64_t expected = 0;
        atomic_compare_exchange_strong(&process_tag, &expected, fresh);
        tag = atomic_load(&process_tag);
    }
    /* "%012llx-%08llx" by hand: every request pays for it */
    static const char hex[] = "0123456789abcdef";
    uint64_t process_part = tag & 0xffffffffffffULL, count = atomic_fetch_add(&counter, 1);
    char *id = state->request_id;
    for (int i = 11; i >= 0; i--, process_part >>= 4)
        id[i] = hex[process_part & 0xF];
    id[12] = '-';
    int count_digits = 8;
    for (uint64_t rest = count >> 32; rest != 0; rest >>= 4)
        count_digits++;
    for (int i = 12 + count_digits; i > 12; i--, count >>= 4)
        id[i] = hex[count & 0xF];
    id[13 + count_digits] = '\0';
}

static bool is_json_content_type(const char *value)
{
    if (value == NULL)
        return false;
    size_t len = strlen("application/json");
    return strncasecmp(value, "application/json", len) == 0 && (value[len] == '\0' || value[len] == ';' ||
                                                                 value[len] == ' ');
}

static const char *const cors_allow_headers = "Content-Type, Authorization, X-Request-Id, If-None-Match";

static enum MHD_Result answer_options(http_server *server, struct MHD_Connection *connection, request_state *state,
                                      const char *allow)
{
    struct MHD_Response *response = MHD_create_response_from_buffer(0, (void *)"", MHD_RESPMEM_PERSISTENT);
    if (response == NULL)
        return MHD_NO;
    MHD_add_response_header(response, MHD_HTTP_HEADER_ALLOW, allow);
    const char *origin = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Origin");
    if (origin_allowed(server->app->cfg, origin)) {
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

static enum MHD_Result dispatch(http_server *server, struct MHD_Connection *connection, request_state *state,
                                const char *url, const char *method)
{
    char params[HTTP_MAX_PATH_PARAMS][256];
    size_t param_count = 0;
    const route *matched = NULL;
    bool head = strcmp(method, "HEAD") == 0;
    const char *effective_method = head ? "GET" : method;
    for (size_t i = 0; i < ROUTE_COUNT && matched == NULL; i++) {
        if (strcmp(routes[i].method, effective_method) == 0 && route_matches(routes[i].pattern, url, params,
                                                                              &param_count))
            matched = &routes[i];
    }
    if (matched == NULL) {
        char allow[64];
        allowed_methods(url, allow, sizeof allow);
        if (allow[0] == '\0') {
            state->route = "unmatched";
            return queue_problem(server, connection, state,
                                 problem_new(404, "not-found", "Not Found", "No endpoint at this path."), NULL);
        }
        state->route = "unmatched";
        if (strcmp(method, "OPTIONS") == 0)
            return answer_options(server, connection, state, allow);
        return queue_problem(server, connection, state,
                             problem_new(405, "method-not-allowed", "Method Not Allowed",
                                         "%s is not allowed here; allowed: %s.", method, allow),
                             allow);
    }
    state->route = matched->pattern;

    if (state->body_too_large) {
        return queue_problem(server, connection, state,
                             problem_new(413, "body-too-large", "Payload Too Large",
                                         "The request body is larger than %zu bytes.",
                                         server->app->cfg->max_body_bytes),
                             NULL);
    }

    http_request req = {0};
    req.app = server->app;
    req.connection = connection;
    req.method = effective_method;
    req.path = url;
    req.route = matched->pattern;
    req.request_id = state->request_id;
    for (size_t i = 0; i < param_count; i++)
        req.params[i] = params[i];
    req.param_count = param_count;

    json_t *body = NULL;
    if (state->body_size > 0) {
        const char *content_type = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Content-Type");
        if (!is_json_content_type(content_type)) {
            return queue_problem(server, connection, state,
                                 problem_new(415, "unsupported-media-type", "Unsupported Media Type",
                                             "The body must be application/json, not %s.",
                                             content_type ? content_type : "unspecified"),
                                 NULL);
        }
        json_error_t error;
        body = json_loadb(state->body, state->body_size, JSON_REJECT_DUPLICATES, &error);
        if (body == NULL) {
            problem *p = problem_new(400, "malformed-json", "Malformed JSON",
                                     "The body is not one valid JSON document: %s (line %d, column %d).", error.text,
                                     error.line, error.column);
            problem_add_field(p, "body", "%s at line %d, column %d", error.text, error.line, error.column);
            return queue_problem(server, connection, state, p, NULL);
        }
        req.body = body;
        req.raw_body = state->body;
        req.raw_body_size = state->body_size;
    }

    req.snap = catalog_acquire();
    http_reply reply = {0};
    reply.status = 500;
    bool cacheable = matched->catalog_etag && req.snap != NULL && body == NULL;
    char *cache_key = NULL, *cached_control = NULL;
    size_t cache_key_len = 0;
    uint64_t cache_hash = 0;
    if (cacheable) {
        cache_key = answer_key(connection, req.snap, url, &cache_key_len);
        cache_hash = util_fnv1a(UTIL_FNV_OFFSET, cache_key, cache_key_len);
    }
    if (cacheable && answer_cache_get(server, cache_key, cache_key_len, cache_hash, &reply, &cached_control)) {
        reply.status = 200;
        reply.content_type = "application/json";
        reply.etag = req.snap->version;
        reply.cache_control = cached_control;
    } else {
        int rc = matched->handler(&req, &reply);
        if (rc != 0 && reply.body == NULL && reply.json_text == NULL && reply.raw == NULL &&
            reply.static_body == NULL) {
            http_reply_problem(&reply, problem_new(500, "internal", "Internal Server Error",
                                                   "The request could not be completed (request id %s).",
                                                   state->request_id));
        }
        if (matched->catalog_etag && req.snap != NULL && reply.status == 200 && reply.etag == NULL) {
            reply.etag = req.snap->version;
            if (reply.cache_control == NULL)
                reply.cache_control = "public, max-age=60";
        }
        if (cacheable && reply.status == 200 && (reply.body != NULL || reply.json_text != NULL) &&
            reply.etag != NULL && strcmp(reply.etag, req.snap->version) == 0) {
            if (reply.body != NULL) {
                size_t len = 0;
                char *text = jsonw_dump(reply.body, &len);
                json_decref(reply.body);
                reply.body = NULL;
                http_reply_json_text(&reply, 200, text, len);
            }
            answer_cache_put(server, cache_key, cache_hash, reply.json_text, reply.json_text_size,
                             reply.cache_control);
            cache_key = NULL;
        }
    }
    enum MHD_Result result;
    const char *if_none_match = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "If-None-Match");
    if (reply.status == 200 && reply.etag != NULL && etag_matches(if_none_match, reply.etag)) {
        http_reply not_modified = {0};
        not_modified.status = 304;
        not_modified.etag = reply.etag;
        not_modified.cache_control = reply.cache_control;
        result = queue(server, connection, state, &not_modified, true);
    } else {
        result = queue(server, connection, state, &reply, head);
    }
    reply_free(&reply);
    free(cache_key);
    free(cached_control);
    catalog_release(req.snap);
    json_decref(body);
    return result;
}

typedef struct head_tally {
    size_t count, bytes;
} head_tally;

/* Counts fields and their bytes; "name=value&" and "name: value\r\n" both add 2 or 4 bytes to the two strings. */
static enum MHD_Result tally_value(void *cls, enum MHD_ValueKind kind, const char *name, const char *value)
{
    head_tally *tally = cls;
    tally->count++;
    tally->bytes += strlen(name) + (value ? strlen(value) : 0) + (kind == MHD_HEADER_KIND ? 4 : 2);
    return MHD_YES;
}

/* A problem for a request head past the service's limits, or NULL. The target's length is the (decoded) path and
 * query arguments: the library keeps no copy of the raw target, and decoding only ever shortens it. */
static problem *head_problem(struct MHD_Connection *connection, const char *url)
{
    head_tally target = {0, strlen(url)};
    MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, tally_value, &target);
    if (target.bytes > HTTP_MAX_URI_BYTES)
        return problem_new(414, "uri-too-long", "URI Too Long",
                           "The request target is about %zu bytes long; the limit is %d bytes. Send long lists in "
                           "fewer requests.",
                           target.bytes, HTTP_MAX_URI_BYTES);
    head_tally tally = {0, 0};
    MHD_get_connection_values(connection, MHD_HEADER_KIND, tally_value, &tally);
    if (tally.count > HTTP_MAX_HEADERS || tally.bytes > HTTP_MAX_HEADER_BYTES)
        return problem_new(431, "headers-too-large", "Request Header Fields Too Large",
                           "The request has %zu header fields in %zu bytes; the limits are %d fields and %d bytes.",
                           tally.count, tally.bytes, HTTP_MAX_HEADERS, HTTP_MAX_HEADER_BYTES);
    return NULL;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                  const char *version, const char *upload_data, size_t *upload_data_size,
                                  void **req_cls)
{
    (void)version;
    http_server *server = cls;
    request_state *state = *req_cls;
    if (state == NULL) {
        /* First call: headers only. Answering now would make MHD close the connection, so only set up state. */
        state = xcalloc(1, sizeof *state);
        state->started_us = util_monotonic_us();
        state->route = "unmatched";
        util_copy(state->method, sizeof state->method, method);
        util_copy(state->path, sizeof state->path, url);
        make_request_id(connection, state);
        *req_cls = state;
        atomic_fetch_add(&server->in_flight, 1);
        metrics_request_started(server->app->metrics);
        problem *too_large_head = head_problem(connection, url);
        if (too_large_head != NULL)
            return queue_problem(server, connection, state, too_large_head, NULL);
        const char *length = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, "Content-Length");
        if (length != NULL) {
            char *end = NULL;
            unsigned long long declared = strtoull(length, &end, 10);
            if (end != length && declared > server->app->cfg->max_body_bytes) {
                /* refuse before reading: MHD closes the connection instead of draining the body */
                state->body_too_large = true;
                return queue_problem(server, connection, state,
                                     problem_new(413, "body-too-large", "Payload Too Large",
                                                 "The request body is larger than %zu bytes.",
                                                 server->app->cfg->max_body_bytes),
                                     NULL);
            }
        }
        return MHD_YES;
    }
    if (state->answered) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        size_t chunk = *upload_data_size;
        *upload_data_size = 0;
        if (state->body_too_large || state->body_size + chunk > server->app->cfg->max_body_bytes) {
            state->body_too_large = true; /* keep reading and dropping: the answer comes at the end */
            free(state->body);
            state->body = NULL;
            state->body_size = state->body_cap = 0;
            return MHD_YES;
        }
        if (state->body_size + chunk + 1 > state->body_cap) {
            size_t cap = state->body_cap ? state->body_cap * 2 : 4096;
            while (cap < state->body_size + chunk + 1)
                cap *= 2;
            state->body = xrealloc(state->body, cap);
            state->body_cap = cap;
        }
        memcpy(state->body + state->body_size, upload_data, chunk);
        state->body_size += chunk;
        state->body[state->body_size] = '\0';
        return MHD_YES;
    }
    return dispatch(server, connection, state, url, method);
}

static void on_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                         enum MHD_RequestTerminationCode code)
{
    (void)connection;
    http_server *server = cls;
    request_state *state = *req_cls;
    if (state == NULL)
        return;
    long long duration = (long long)(util_monotonic_us() - state->started_us);
    int status = state->answered ? state->status : 499; /* the client went away before an answer */
    (void)code;
    log_access(state->method, state->route, state->path, status, duration, state->request_id);
    metrics_request_finished(server->app->metrics, state->route, state->method, status, duration);
    atomic_fetch_sub(&server->in_flight, 1);
    free(state->body);
    free(state);
    *req_cls = NULL;
}

static void on_mhd_log(void *cls, const char *fmt, va_list args)
{
    (void)cls;
    char message[512];
    vsnprintf(message, sizeof message, fmt, args);
    size_t len = strlen(message);
    while (len > 0 && (message[len - 1] == '\n' || message[len - 1] == '\r'))
        message[--len] = '\0';
    log_msg(LOG_DEBUG, "http", "detail", message, NULL);
}

int http_start(app *application, http_server **out, char *err, size_t err_len)
{
    const config *cfg = application->cfg;
    http_server *server = xcalloc(1, sizeof *server);
    server->app = application;
    pthread_mutex_init(&server->cache_lock, NULL);
    *out = NULL;

    struct sockaddr_storage address;
    memset(&address, 0, sizeof address);
    unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    if (strchr(cfg->listen_host, ':') != NULL) {
        struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&address;
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(cfg->listen_port);
        if (inet_pton(AF_INET6, cfg->listen_host, &v6->sin6_addr) != 1) {
            snprintf(err, err_len, "GPUREC_LISTEN: '%s' is not an IP address", cfg->listen_host);
            free(server);
            return -1;
        }
        flags |= MHD_USE_IPv6;
    } else {
        struct sockaddr_in *v4 = (struct sockaddr_in *)&address;
        v4->sin_family = AF_INET;
        v4->sin_port = htons(cfg->listen_port);
        if (inet_pton(AF_INET, cfg->listen_host, &v4->sin_addr) != 1) {
            snprintf(err, err_len, "GPUREC_LISTEN: '%s' is not an IP address", cfg->listen_host);
            free(server);
            return -1;
        }
    }
    server->daemon = MHD_start_daemon(
        flags, cfg->listen_port, NULL, NULL, on_request, server, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned)cfg->threads, MHD_OPTION_CONNECTION_LIMIT, cfg->max_connections,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, cfg->max_connections_per_ip, MHD_OPTION_CONNECTION_TIMEOUT,
        cfg->connection_timeout_s,
        /* the request line and headers must fit here, so it stays above the service's own head limits */
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, HTTP_CONNECTION_MEMORY, MHD_OPTION_NOTIFY_COMPLETED, on_completed, server,
        MHD_OPTION_EXTERNAL_LOGGER, on_mhd_log, NULL, MHD_OPTION_LISTENING_ADDRESS_REUSE, 1u, MHD_OPTION_END);
    if (server->daemon == NULL) {
        snprintf(err, err_len, "cannot listen on %s:%u (in use, or not permitted)", cfg->listen_host,
                 (unsigned)cfg->listen_port);
        free(server);
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
    /* The pool threads drop the listening socket from their epoll sets on their own time after quiescing, so it may
     * only be closed once the daemon has stopped (closing it earlier makes MHD's epoll_ctl fail and abort). */
    MHD_socket listener = MHD_quiesce_daemon(server->daemon);
    int64_t deadline = util_monotonic_us() + (int64_t)drain_ms * 1000;
    while (atomic_load(&server->in_flight) > 0 && util_monotonic_us() < deadline) {
        struct timespec pause = {0, 10 * 1000000L};
        nanosleep(&pause, NULL);
    }
    MHD_stop_daemon(server->daemon);
    if (listener != MHD_INVALID_SOCKET)
        close(listener);
    answer_cache_clear(server);
    pthread_mutex_destroy(&server->cache_lock);
    free(server);
}
