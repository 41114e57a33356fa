#include "face/http/dispatch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "wire/jsonr.h"
#include "wire/jsonw.h"

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
static problem *parse_body(const bytebuf *bytes, http_request *req, json_t **body)
{
    *body = NULL;
    if (bytes->len == 0)
        return NULL;
    const char *content_type = http_header(req, "Content-Type");
    if (!is_json_content_type(content_type))
        return problem_new(415, "unsupported-media-type", "Unsupported Media Type",
                           "The body must be application/json, not %s.", content_type ? content_type : "unspecified");
    json_error_t error;
    *body = jsonr_load(bytes->data, bytes->len, &error);
    if (*body == NULL) {
        problem *p = problem_new(400, "malformed-json", "Malformed JSON",
                                 "The body is not one valid JSON document: %s (line %d, column %d).", error.text,
                                 error.line, error.column);
        problem_add_field(p, "body", "%s at line %d, column %d", error.text, error.line, error.column);
        return p;
    }
    req->body = *body;
    req->raw_body = bytes->data;
    req->raw_body_size = bytes->len;
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

static void run_handler(const http_route *matched, const http_request *req, http_reply *reply)
{
    int rc = matched->handler(req, reply);
    if (rc != 0 && reply->body == NULL && reply->json_text == NULL && reply->raw == NULL &&
        reply->static_body == NULL) {
        http_reply_problem(reply, problem_new(500, "internal", "Internal Server Error",
                                              "The request could not be completed (request id %s).",
                                              req->request_id));
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
static void answer(const http_route *matched, const http_request *req, answer_cache *cache, http_reply *reply,
                   cache_use *use)
{
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
    run_handler(matched, req, reply);
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

/* Makes reply a 304 when the request's If-None-Match names its ETag. */
static void not_modified(const http_request *req, http_reply *reply)
{
    const char *if_none_match = http_header(req, "If-None-Match");
    if (reply->status == 200 && reply->etag != NULL && etag_matches(if_none_match, reply->etag)) {
        /* the 200's body goes along unsent: libmicrohttpd 0.9.75 writes a Content-Length on every 304 and has no way
         * to leave it out, so it is made the 200's own length (RFC 9110 8.6), never a false 0 */
        reply->status = 304;
    }
}

/* ---- the answer ----------------------------------------------------------------------------------------------- */

void dispatch_answer(const http_route *route, http_request *req, const bytebuf *body, answer_cache *cache,
                     http_reply *reply)
{
    json_t *parsed = NULL;
    problem *bad_body = parse_body(body, req, &parsed);
    if (bad_body != NULL) {
        http_reply_problem(reply, bad_body);
        return;
    }
    if (route->needs_catalog && req->snap == NULL) {
        http_reply_problem(reply, http_problem_no_catalog());
        reply->retry_after = DISPATCH_NO_CATALOG_RETRY_AFTER;
    } else {
        cache_use use = {0};
        answer(route, req, cache, reply, &use);
        free(use.key);
        not_modified(req, reply);
    }
    req->body = NULL;
    json_decref(parsed);
}
