/* POST /v1/admin/refresh: starts a price refresh of one provider or all, behind the admin token. */
#include <string.h>
#include <strings.h>

#include "base/vocab.h"
#include "face/api.h"
#include "wire/jsonv.h"
#include "worker/worker.h"

bool api_admin_authorized(const http_request *req, const char *token)
{
    if (token == NULL || token[0] == '\0')
        return false;
    const char *header = http_header(req, "Authorization");
    if (header == NULL || strncasecmp(header, "Bearer ", 7) != 0)
        return false;
    const char *given = header + 7;
    while (*given == ' ')
        given++;
    size_t given_len = strlen(given), token_len = strlen(token);
    /* Every byte of the longer string is looked at whatever the contents, so the time taken does not tell an attacker
     * how much of a guess was right. */
    size_t n = given_len > token_len ? given_len : token_len;
    unsigned char diff = (unsigned char)(given_len != token_len);
    for (size_t i = 0; i < n; i++) {
        unsigned char a = i < given_len ? (unsigned char)given[i] : 0;
        unsigned char b = i < token_len ? (unsigned char)token[i] : 0;
        diff |= (unsigned char)(a ^ b);
    }
    return diff == 0;
}

int api_admin_refresh(const http_request *req, http_reply *reply)
{
    const config *cfg = req->app->cfg;
    if (cfg->admin_token[0] == '\0') {
        http_reply_problem(reply, problem_new(404, "not-found", "Not Found",
                                              "The admin endpoints are off: no GPUREC_ADMIN_TOKEN is configured."));
        return 0;
    }
    if (!api_admin_authorized(req, cfg->admin_token)) {
        http_reply_problem(reply, problem_new(401, "unauthorized", "Unauthorized",
                                              "This endpoint needs \"Authorization: Bearer <GPUREC_ADMIN_TOKEN>\"."));
        return 0;
    }
    const char *provider = NULL;
    if (req->body != NULL) {
        problem *p = problem_new(400, "invalid-body", "Invalid request body", "The request body is invalid; see errors.");
        if (!json_is_object(req->body)) {
            problem_add_field(p, "body", "must be a JSON object such as {\"provider\": \"aws\"}, or empty");
        } else {
            static const char *const allowed[] = {"provider"};
            jsonv_reject_unknown(req->body, "", allowed, 1, p);
            jsonv_string(req->body, "", "provider", false, 16, &provider, p);
            char names[256];
            if (provider != NULL && vocab_adapter_find(provider) == NULL)
                problem_add_field(p, "provider", "no price adapter named '%s' (%s)", provider,
                                  vocab_adapter_list(names, sizeof names));
        }
        if (problem_field_count(p) > 0) {
            http_reply_problem(reply, p);
            return 0;
        }
        problem_free(p);
    }
    struct worker *w = req->app->worker;
    if (w == NULL) {
        http_reply_problem(reply, problem_new(503, "refresh-unavailable", "Service Unavailable",
                                              "The price refresh worker is not running in this process."));
        return 0;
    }
    int rc = worker_request_refresh(w, provider);
    const char *why_not = NULL;
    switch (rc) {
    case WORKER_STARTED: {
        json_t *started = json_array();
        worker_provider_stats stats[CONFIG_MAX_LIST];
        size_t count = worker_stats(w, stats, CONFIG_MAX_LIST);
        for (size_t i = 0; i < count && i < CONFIG_MAX_LIST; i++)
            if (stats[i].enabled && (provider == NULL || strcmp(provider, stats[i].provider) == 0))
                json_array_append_new(started, json_string(stats[i].provider));
        http_reply_json(reply, 202, json_pack("{s:s, s:o}", "status", "started", "providers", started));
        reply->location = "/v1/providers";
        return 0;
    }
    case WORKER_BUSY:
        http_reply_problem(reply, problem_new(409, "refresh-in-progress", "Conflict",
                                              "A refresh of %s is already running or queued.",
                                              provider ? provider : "one of the providers"));
        return 0;
    case WORKER_DISABLED:
        if (provider != NULL)
            worker_is_enabled(w, provider, &why_not);
        http_reply_problem(reply, problem_new(409, "refresh-disabled", "Conflict", "%s is off: %s.",
                                              provider ? provider : "Every price adapter",
                                              why_not ? why_not : "none is enabled (GPUREC_PROVIDERS)"));
        return 0;
    case WORKER_UNKNOWN: {
        problem *p = problem_new(400, "invalid-body", "Invalid request body", "The request body is invalid; see errors.");
        problem_add_field(p, "provider", "no price adapter named '%s'", provider ? provider : "");
        http_reply_problem(reply, p);
        return 0;
    }
    default:
        http_reply_problem(reply, problem_new(503, "shutting-down", "Service Unavailable",
                                              "The service is shutting down."));
        return 0;
    }
}
