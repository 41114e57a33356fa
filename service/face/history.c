/* GET /v1/instances/{provider}/{instance_type}/history (see history.h).
 *
 * The history endpoint is the one request path that reads the database. History grows with every price change and is
 * asked for rarely; holding all of it in every snapshot would make each snapshot (and each refresh) grow without
 * bound, and holding a cut of it would answer "what did this cost last spring" wrongly. So a request asks the reader
 * main.c gave (app.read_history), which opens its own read-only connection: in WAL mode a reader never blocks the
 * refresh worker nor is blocked by it, and the answer is a consistent read of committed runs. */
#include "face/history.h"

#include "base/log.h"
#include "face/api.h"
#include "face/http/query.h"
#include "worker/replica.h"

/* The query's checks, each adding its field error to p; region and pricing are left NULL when not given. */
static void parse_history_query(const http_request *req, const char **region, const char **pricing,
                                long long *limit, long long *cursor, problem *p)
{
    static const char *const allowed[] = {"region", "pricing", "limit", "cursor"};
    const char *provider = req->params[0];
    query_reject_unknown(req, allowed, sizeof allowed / sizeof allowed[0],
                         "unknown query parameter (allowed: region, pricing, limit, cursor)", p);
    *region = http_query(req, "region");
    if (*region != NULL && catalog_find_region(req->snap, provider, *region) == NULL)
        problem_add_field(p, "region", "provider '%s' has no region '%s' in the catalog", provider, *region);
    pricing_model model;
    query_pricing(req, &model, p);
    *pricing = http_query(req, "pricing");
    if (query_integer(req, "limit", QUERY_INTEGER_DIGITS, 1, HISTORY_MAX_LIMIT, limit) == QUERY_INVALID)
        problem_add_field(p, "limit", "must be an integer from 1 to %d", HISTORY_MAX_LIMIT);
    if (query_integer(req, "cursor", QUERY_INTEGER_DIGITS, 1, (long long)1 << 62, cursor) == QUERY_INVALID)
        problem_add_field(p, "cursor", "must be the next_cursor of a previous page");
}

int api_instance_history(const http_request *req, http_reply *reply)
{
    const char *provider = req->params[0], *instance_type = req->params[1];
    if (catalog_find_instance(req->snap, provider, instance_type) == NULL) {
        http_reply_problem(reply, problem_new(404, "not-found", "Not Found", "No instance type '%s' of provider '%s'.",
                                              instance_type, provider));
        return 0;
    }
    problem *p = http_problem_invalid_query();
    const char *region = NULL, *pricing = NULL;
    long long limit = HISTORY_DEFAULT_LIMIT, cursor = 0;
    parse_history_query(req, &region, &pricing, &limit, &cursor, p);
    if (problem_field_count(p) > 0) {
        http_reply_problem(reply, p);
        return 0;
    }
    problem_free(p);

    json_t *body = NULL;
    char err[256] = "no price history reader is configured";
    history_reader read = req->app->read_history;
    char published[800]; /* a replica reads the history of the snapshot file it serves */
    const char *db_path = req->app->replica != NULL && replica_served_path(req->app->replica, published,
                                                                            sizeof published)
                              ? published
                              : req->app->cfg->db_path;
    if (read == NULL || read(db_path, provider, instance_type, region, pricing, cursor, (int)limit,
                             &body, err, sizeof err) != 0) {
        log_msg(LOG_ERROR, "price history unavailable", "error", err, NULL);
        http_reply_problem(reply, problem_new(503, "history-unavailable", "Service Unavailable",
                                              "The price history cannot be read now."));
        return 0;
    }
    http_reply_json(reply, 200, body);
    return 0;
}
