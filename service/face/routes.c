#include "face/routes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "face/answer_cache.h"
#include "face/api.h"
#include "face/snapshot_pick.h"
#include "wire/jsonr.h"
#include "wire/jsonw.h"

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
    {"GET", "/v1/models", api_models_list, true},
    {"GET", "/v1/models/{id}", api_models_get, true},
    {"GET", "/v1/instances", api_instances_list, true},
    {"GET", "/v1/instances/{provider}/{instance_type}", api_instances_get, true},
    {"GET", "/v1/instances/{provider}/{instance_type}/history", api_instance_history, false},
    {"GET", "/v1/providers", api_providers_list, false},
    {"POST", "/v1/recommend", api_recommend, false},
    {"POST", "/v1/estimate", api_estimate, false},
    {"POST", "/v1/export", api_export, false},
    {"POST", "/v1/admin/refresh", api_admin_refresh, false},
    {"POST", "/v1/admin/import", api_admin_import, false},
    {"GET", "/", api_ui_index, false},
    {"GET", "/ui", api_ui_index, false},
    {"GET", "/ui/", api_ui_index, false},
    {"GET", "/ui/{asset}", api_ui_asset, false},
};

#define ROUTE_COUNT (sizeof routes / sizeof routes[0])
#define PARAM_BYTES 256

/* ---- matching ------------------------------------------------------------------------------------------------- */

/* The end of the path segment starting at s. */
static const char *segment_end(const char *s)
{
    while (*s != '\0' && *s != '/')
        s++;
    return s;
}

/* Matches path against pattern segment by segment, copying {captures} into params. */
static bool route_matches(const char *pattern, const char *path, char params[][PARAM_BYTES], size_t *param_count)
{
    if (path[0] != '/')
        return false;
    const char *p = pattern + 1, *u = path + 1;
    *param_count = 0;
    for (;;) {
        const char *pattern_end = segment_end(p), *path_end = segment_end(u);
        size_t pattern_len = (size_t)(pattern_end - p), path_len = (size_t)(path_end - u);
        if (p[0] == '{') {
            if (path_len == 0 || path_len >= PARAM_BYTES || *param_count >= HTTP_MAX_PATH_PARAMS)
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
        char captured[HTTP_MAX_PATH_PARAMS][PARAM_BYTES];
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

static const route *find_route(const char *method, const char *url, char params[][PARAM_BYTES], size_t *param_count)
{
    for (size_t i = 0; i < ROUTE_COUNT; i++) {
        if (strcmp(routes[i].method, method) == 0 && route_matches(routes[i].pattern, url, params, param_count))
            return &routes[i];
    }
    return NULL;
}

/* The answer to a path no route of this method serves: 404, the preflight of an OPTIONS, or 405 with Allow. */
static int answer_unmatched(const server_call *call, const char *url, const char *method)
{
    char allow[64];
    allowed_methods(url, allow, sizeof allow);
    call->state->route = "unmatched";
    if (allow[0] == '\0')
        return server_send_problem(call, problem_new(404, "not-found", "Not Found", "No endpoint at this path."),
                                   NULL);
    if (strcmp(method, "OPTIONS") == 0)
        return server_send_preflight(call, allow);
    return server_send_problem(call,
                               problem_new(405, "method-not-allowed", "Method Not Allowed",
                                           "%s is not allowed here; allowed: %s.", method, allow),
                               allow);
}

/* ---- the body ------------------------------------------------------------------------------------------------- */

static bool is_json_content_type(const char *value)
{
    if (value == NULL)
        return false;
    size_t len = strlen("application/json");
    return strncasecmp(value, "application/json", len) == 0 && (value[len] == '\0' || value[len] == ';' ||
                                                                 value[len] == ' ');
}

/* Parses the request's body into *body (caller frees) and points req at it; NULL, or the problem it makes. */
static problem *parse_body(const request_state *state, http_request *req, json_t **body)
{
    *body = NULL;
    if (state->body.len == 0)
        return NULL;
    const char *content_type = http_header(req, "Content-Type");
    if (!is_json_content_type(content_type))
        return problem_new(415, "unsupported-media-type", "Unsupported Media Type",
                           "The body must be application/json, not %s.", content_type ? content_type : "unspecified");
    json_error_t error;
    *body = jsonr_load(state->body.data, state->body.len, &error);
    if (*body == NULL) {
        problem *p = problem_new(400, "malformed-json", "Malformed JSON",
                                 "The body is not one valid JSON document: %s (line %d, column %d).", error.text,
                                 error.line, error.column);
        problem_add_field(p, "body", "%s at line %d, column %d", error.text, error.line, error.column);
        return p;
    }
    req->body = *body;
    req->raw_body = state->body.data;
    req->raw_body_size = state->body.len;
    return NULL;
}

/* ---- running the handler, or the cache in its place ----------------------------------------------------------- */

/* What a cacheable request keeps between the lookup and the store. */
typedef struct cache_use {
    bool cacheable;
    char *key; /* owned until stored */
    size_t key_len;
    uint64_t hash;
} cache_use;

static void run_handler(const server_call *call, const route *matched, const http_request *req, http_reply *reply)
{
    int rc = matched->handler(req, reply);
    if (rc != 0 && reply->body == NULL && reply->json_text == NULL && reply->raw == NULL &&
        reply->static_body == NULL) {
        http_reply_problem(reply, problem_new(500, "internal", "Internal Server Error",
                                              "The request could not be completed (request id %s).",
                                              call->state->request_id));
    }
    if (matched->catalog_etag && req->snap != NULL && reply->status == 200 && reply->etag == NULL) {
        reply->etag = req->snap->version;
        if (reply->cache_control == NULL)
            reply->cache_control = "public, max-age=60";
    }
}

/* Keeps a catalog read's 200 (serialized compact if the handler gave a tree) for the next identical request. */
static void store_answer(answer_cache *cache, cache_use *use, const http_request *req, http_reply *reply)
{
    if (!use->cacheable || reply->status != 200 || (reply->body == NULL && reply->json_text == NULL) ||
        reply->etag == NULL || strcmp(reply->etag, req->snap->version) != 0)
        return;
    if (reply->body != NULL) {
        size_t len = 0;
        char *text = jsonw_dump(reply->body, &len);
        json_decref(reply->body);
        reply->body = NULL;
        http_reply_json_text(reply, 200, text, len);
    }
    /* the reply's text becomes the kept one, sent and kept without a copy */
    reply->kept_json = answer_text_adopt(reply->json_text, reply->json_text_size, reply->cache_control);
    reply->json_text = NULL;
    reply->json_text_size = 0;
    answer_cache_put(cache, use->key, use->hash, reply->kept_json);
    use->key = NULL;
}

/* Fills reply from the cache or the handler. */
static void answer(const server_call *call, const route *matched, const http_request *req, http_reply *reply,
                   cache_use *use)
{
    answer_cache *cache = server_answer_cache(call->server);
    use->cacheable = matched->catalog_etag && req->snap != NULL && req->body == NULL;
    if (use->cacheable)
        use->key = answer_cache_key(req, req->snap, req->path, &use->key_len, &use->hash);
    if (use->cacheable && (reply->kept_json = answer_cache_get(cache, use->key, use->key_len, use->hash)) != NULL) {
        reply->status = 200;
        reply->content_type = "application/json";
        reply->etag = req->snap->version;
        reply->cache_control = answer_text_cache_control(reply->kept_json);
        return;
    }
    run_handler(call, matched, req, reply);
    store_answer(cache, use, req, reply);
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

/* Sends reply, or a 304 of it when the request's If-None-Match names its ETag. */
static int send_answer(const server_call *call, const http_request *req, http_reply *reply)
{
    const char *if_none_match = http_header(req, "If-None-Match");
    if (reply->status == 200 && reply->etag != NULL && etag_matches(if_none_match, reply->etag)) {
        /* the 200's body goes along unsent: libmicrohttpd 0.9.75 writes a Content-Length on every 304 and has no way
         * to leave it out, so it is made the 200's own length (RFC 9110 8.6), never a false 0 */
        reply->status = 304;
    }
    return server_send(call, reply);
}

/* ---- dispatch ------------------------------------------------------------------------------------------------- */

int routes_dispatch(const server_call *call, const char *url, const char *method)
{
    request_state *state = call->state;
    const char *effective_method = strcmp(method, "HEAD") == 0 ? "GET" : method;
    char params[HTTP_MAX_PATH_PARAMS][PARAM_BYTES];
    size_t param_count = 0;
    const route *matched = find_route(effective_method, url, params, &param_count);
    if (matched == NULL)
        return answer_unmatched(call, url, method);
    state->route = matched->pattern;
    const app *application = server_app(call->server);
    if (state->body_too_large)
        return server_send_problem(call, http_problem_body_too_large(application->cfg->max_body_bytes), NULL);

    http_request req = {0};
    req.app = application;
    req.connection = call->connection;
    req.method = effective_method;
    req.path = url;
    req.route = matched->pattern;
    req.request_id = state->request_id;
    for (size_t i = 0; i < param_count; i++)
        req.params[i] = params[i];
    req.param_count = param_count;
    json_t *body = NULL;
    problem *bad_body = parse_body(state, &req, &body);
    if (bad_body != NULL)
        return server_send_problem(call, bad_body, NULL);

    req.snap = snapshot_pick(&req);
    http_reply reply = {0};
    reply.status = 500;
    cache_use use = {0};
    answer(call, matched, &req, &reply, &use);
    int result = send_answer(call, &req, &reply);
    http_reply_clear(&reply);
    free(use.key);
    catalog_release(req.snap);
    json_decref(body);
    return result;
}
