/* The helpers handlers fill replies with, and the problems the face answers alike. Nothing here knows the server: the
 * fuzz targets link this file as it is. */
#include "face/http/reply.h"

#include <stdlib.h>
#include <string.h>

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

void http_reply_written(http_reply *reply, jsonw *out)
{
    size_t len = 0;
    char *text = jsonw_finish(out, &len);
    http_reply_json_text(reply, 200, text, len);
}

void http_reply_problem(http_reply *reply, problem *p)
{
    int status = problem_status(p);
    http_reply_json(reply, status, problem_into_json(p));
    reply->is_problem = true;
}

void http_reply_clear(http_reply *reply)
{
    json_decref(reply->body);
    free(reply->json_text);
    answer_text_release(reply->kept_json);
    free(reply->raw);
    memset(reply, 0, sizeof *reply);
}

problem *http_problem_no_catalog(void)
{
    return problem_new(503, "catalog-not-loaded", "Service Unavailable", "The catalog has not been loaded yet.");
}

int api_reply_not_found(http_reply *reply, const char *what, const char *id)
{
    http_reply_problem(reply, problem_new(404, "not-found", "Not Found", "No %s with id '%s' in the catalog.", what, id));
    return 0;
}

problem *http_problem_body_too_large(size_t max_body_bytes)
{
    return problem_new(413, "body-too-large", "Payload Too Large", "The request body is larger than %zu bytes.",
                       max_body_bytes);
}

problem *http_problem_invalid_query(void)
{
    return problem_new(400, "invalid-query", "Invalid query parameter",
                       "One or more query parameters are invalid; see errors.");
}
