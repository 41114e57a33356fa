/* POST /v1/recommend: sizes a workload and ranks the catalog's offers for it (engine/recommend/recommend.h does the
 * work). openapi.yaml is the one description of the request and the answer (RecommendRequest, RecommendResponse) and
 * of their errors: 400 when the body is missing or not an object, 422 with errors[] {field, message} for every invalid
 * member, 503 while no catalog is loaded. */
#include <time.h>

#include "face/api.h"
#include "base/util.h"
#include "engine/recommend/recommend.h"

int api_recommend(const http_request *req, http_reply *reply)
{
    if (req->body == NULL) {
        problem *p = problem_new(400, "invalid-request", "Invalid request", "the body must be a JSON object");
        problem_add_field(p, "body", "is required");
        http_reply_problem(reply, p);
        return 0;
    }
    recommend_options opts = {
        .now = util_now(),
        .stale_after_hours = req->app != NULL && req->app->cfg != NULL ? req->app->cfg->stale_after_hours : 0,
    };
    jsonw answer;
    jsonw_init(&answer, 16384); /* a default answer is about 12.5 KB: five picks, their reasons, alternatives */
    problem *error = NULL;
    if (recommend_run(req->snap, req->body, &opts, &answer, &error) != 0) {
        jsonw_discard(&answer);
        http_reply_problem(reply, error);
        return 0;
    }
    http_reply_written(reply, &answer);
    return 0;
}
