/* POST /v1/admin/refresh and GET /v1/instances/{provider}/{instance_type}/history.
 *
 * The history endpoint is the one request path that reads SQLite. History grows with every price change and is
 * asked for rarely; holding all of it in every snapshot would make each snapshot (and each refresh) grow without
 * bound, and holding a cut of it would answer "what did this cost last spring" wrongly. So a request opens its own
 * read-only connection (refresh_history_json): in WAL mode a reader never blocks the refresh worker nor is blocked by
 * it, and the answer is a consistent read of committed runs. */
#include "face/api_admin.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "wire/jsonv.h"
#include "base/log.h"
#include "worker/providers/provider.h"
#include "store/history.h"
#include "worker/worker.h"

#define HISTORY_DEFAULT_LIMIT 100
#define HISTORY_MAX_LIMIT 1000

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
            if (provider != NULL && provider_adapter_find(provider) == NULL)
                problem_add_field(p, "provider", "no price adapter named '%s' (aws, azure, gcp, feed)", provider);
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

typedef struct query_check {
    problem *p;
} query_check;

static void check_param(void *ctx, const char *name, const char *value)
{
    (void)value;
    query_check *q = ctx;
    static const char *const allowed[] = {"region", "pricing", "limit", "cursor", "pretty"};
    for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++)
        if (strcmp(name, allowed[i]) == 0)
            return;
    problem_add_field(q->p, name, "unknown query parameter (allowed: region, pricing, limit, cursor)");
}

static bool parse_positive(const char *text, long long max, long long *out)
{
    if (text == NULL || text[0] < '0' || text[0] > '9')
        return false;
    char *end = NULL;
    errno = 0;
    long long v = strtoll(text, &end, 10);
    if (errno != 0 || *end != '\0' || v < 1 || v > max)
        return false;
    *out = v;
    return true;
}

int api_instance_history(const http_request *req, http_reply *reply)
{
    const char *provider = req->params[0], *instance_type = req->params[1];
    if (req->snap == NULL) {
        http_reply_problem(reply, problem_new(503, "no-catalog", "Service Unavailable", "The catalog is not loaded yet."));
        return 0;
    }
    if (catalog_find_instance(req->snap, provider, instance_type) == NULL) {
        http_reply_problem(reply, problem_new(404, "not-found", "Not Found", "No instance type '%s' of provider '%s'.",
                                              instance_type, provider));
        return 0;
    }
    problem *p = problem_new(400, "invalid-query", "Invalid query parameter",
                             "One or more query parameters are invalid; see errors.");
    query_check q = {p};
    http_query_each(req, check_param, &q);
    const char *region = http_query(req, "region");
    if (region != NULL && catalog_find_region(req->snap, provider, region) == NULL)
        problem_add_field(p, "region", "provider '%s' has no region '%s' in the catalog", provider, region);
    const char *pricing = http_query(req, "pricing");
    pricing_model model;
    if (pricing != NULL && pricing_model_parse(pricing, &model) != 0)
        problem_add_field(p, "pricing",
                          "must be one of on_demand, spot, reserved_1y, reserved_3y, savings_plan_1y, savings_plan_3y");
    long long limit = HISTORY_DEFAULT_LIMIT, cursor = 0;
    const char *limit_text = http_query(req, "limit");
    if (limit_text != NULL && !parse_positive(limit_text, HISTORY_MAX_LIMIT, &limit))
        problem_add_field(p, "limit", "must be an integer from 1 to %d", HISTORY_MAX_LIMIT);
    const char *cursor_text = http_query(req, "cursor");
    if (cursor_text != NULL && !parse_positive(cursor_text, (long long)1 << 62, &cursor))
        problem_add_field(p, "cursor", "must be the next_cursor of a previous page");
    if (problem_field_count(p) > 0) {
        http_reply_problem(reply, p);
        return 0;
    }
    problem_free(p);

    json_t *body = NULL;
    char err[256];
    if (store_history_json(req->app->cfg->db_path, provider, instance_type, region, pricing, cursor, (int)limit,
                           &body, err, sizeof err) != 0) {
        log_msg(LOG_ERROR, "price history unavailable", "error", err, NULL);
        http_reply_problem(reply, problem_new(503, "history-unavailable", "Service Unavailable",
                                              "The price history cannot be read now."));
        return 0;
    }
    http_reply_json(reply, 200, body);
    return 0;
}
