/* POST /v1/admin/refresh: starts a price refresh of one provider or all, behind the admin token, at most once per
 * GPUREC_ADMIN_MIN_INTERVAL per adapter (409 while one runs, 429 too soon after the last, both with Retry-After).
 * POST /v1/admin/import: loads a price feed document given as the body, as `gpurec import FILE` does: with /history,
 * one of the two request paths that use SQLite (a write transaction, through worker_import; face/http/reply.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "base/vocab.h"
#include "face/api.h"
#include "face/fleet.h"
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

/* The admin token's checks: false when the reply has been filled (404 when off, 401 with WWW-Authenticate). */
static bool admin_allowed(const http_request *req, http_reply *reply)
{
    const config *cfg = req->app->cfg;
    problem *replica = fleet_refuse_admin_write(req->app);
    if (replica != NULL) {
        http_reply_problem(reply, replica);
        return false;
    }
    if (cfg->admin_token[0] == '\0') {
        http_reply_problem(reply, problem_new(404, "not-found", "Not Found",
                                              "The admin endpoints are off: no GPUREC_ADMIN_TOKEN is configured."));
        return false;
    }
    if (!api_admin_authorized(req, cfg->admin_token)) {
        http_reply_problem(reply, problem_new(401, "unauthorized", "Unauthorized",
                                              "This endpoint needs \"Authorization: Bearer <GPUREC_ADMIN_TOKEN>\"."));
        reply->www_authenticate = "Bearer";
        return false;
    }
    return true;
}

/* Retry-After in seconds: the text lives in the thread until its next request, after the reply was sent. */
static void set_retry_after(http_reply *reply, unsigned seconds)
{
    static _Thread_local char text[16];
    snprintf(text, sizeof text, "%u", seconds > 0 ? seconds : 1);
    reply->retry_after = text;
}

int api_admin_refresh(const http_request *req, http_reply *reply)
{
    const config *cfg = req->app->cfg;
    if (!admin_allowed(req, reply))
        return 0;
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
    unsigned retry = 0;
    int rc = worker_request_refresh_limited(w, provider, cfg->admin_min_interval_s, &retry);
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
        set_retry_after(reply, retry);
        return 0;
    case WORKER_TOO_SOON:
        http_reply_problem(reply, problem_new(429, "refresh-too-soon", "Too Many Requests",
                                              "A refresh of %s started less than %u s ago (GPUREC_ADMIN_MIN_INTERVAL).",
                                              provider ? provider : "one of the providers", cfg->admin_min_interval_s));
        set_retry_after(reply, retry);
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

/* The import's figures, the same as `gpurec import` prints. */
static json_t *outcome_json(const refresh_outcome *o)
{
    return json_pack("{s:s, s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "status", o->status, "rows_seen",
                     (json_int_t)o->rows_seen, "rows_applied", (json_int_t)o->rows_applied, "rows_changed",
                     (json_int_t)o->rows_changed, "rows_rejected", (json_int_t)o->rows_rejected, "rows_stale",
                     (json_int_t)o->rows_stale, "rows_skipped", (json_int_t)o->rows_skipped, "rows_expired",
                     (json_int_t)o->rows_expired);
}

/* A document's fault as a problem: "prices[3].hourly must be ..." names the field first; rows that validation or the
 * price guard refused are named each (prices[3].hourly: moves more than 5x from the stored 55.04). */
static problem *document_problem(const refresh_outcome *o)
{
    const char *error = o->error;
    problem *p = problem_new(422, "invalid-price-feed", "Invalid price feed",
                             "The price feed document was not applied; see errors.");
    const char *space = strchr(error, ' ');
    if (o->named_count > 0) {
        for (size_t i = 0; i < o->named_count && i < REFRESH_NAMED; i++)
            problem_add_field(p, o->named[i].field, "%s", o->named[i].message);
        if (o->rows_rejected > o->named_count)
            problem_add_field(p, "body", "%zu more rows rejected; %s", o->rows_rejected - o->named_count, error);
    } else if (strncmp(error, "prices", 6) == 0 && space != NULL) {
        char field[96];
        snprintf(field, sizeof field, "%.*s", (int)(space - error < 95 ? space - error : 95), error);
        problem_add_field(p, field, "%s", space + 1);
    } else {
        problem_add_field(p, "body", "%s", error);
    }
    return p;
}

int api_admin_import(const http_request *req, http_reply *reply)
{
    if (!admin_allowed(req, reply))
        return 0;
    if (req->raw_body == NULL || req->raw_body_size == 0) {
        problem *p = problem_new(400, "invalid-body", "Invalid request body", "The request body is invalid; see errors.");
        problem_add_field(p, "body", "must be a price feed document: {\"prices\": [...]} or an array of rows");
        http_reply_problem(reply, p);
        return 0;
    }
    struct worker *w = req->app->worker;
    if (w == NULL) {
        http_reply_problem(reply, problem_new(503, "refresh-unavailable", "Service Unavailable",
                                              "The price refresh worker is not running in this process."));
        return 0;
    }
    refresh_outcome out;
    switch (worker_import(w, req->raw_body, req->raw_body_size, "admin", &out)) {
    case REFRESH_OK:
        http_reply_json(reply, 200, outcome_json(&out));
        return 0;
    case REFRESH_BUSY:
        http_reply_problem(reply, problem_new(409, "refresh-in-progress", "Conflict",
                                              "A refresh of the price feeds is running; import after it."));
        set_retry_after(reply, 5);
        return 0;
    case REFRESH_DATABASE_BUSY:
        http_reply_problem(reply, problem_new(503, "database-busy", "Service Unavailable",
                                              "Another process held the database's write lock for %ld s; nothing "
                                              "changed. Try again.",
                                              REFRESH_IMPORT_LOCK_WAIT_MS / 1000));
        set_retry_after(reply, (unsigned)(REFRESH_IMPORT_LOCK_WAIT_MS / 1000));
        return 0;
    case REFRESH_BAD_DOCUMENT:
    case REFRESH_NO_VALID_PRICE:
        http_reply_problem(reply, document_problem(&out));
        return 0;
    case REFRESH_FAILED:
        break;
    }
    http_reply_problem(reply, problem_new(503, "import-failed", "Service Unavailable",
                                          "The import could not be applied; nothing changed. Try again."));
    return 0;
}
