/* POST /v1/estimate: the estimate engine (engine/estimate.h) behind the HTTP face. */
#include "face/api.h"

#include "base/util.h"
#include "engine/estimate.h"

int api_estimate(const http_request *req, http_reply *reply)
{
    if (req->snap == NULL) {
        http_reply_problem(reply, api_no_catalog());
        return 0;
    }
    json_t *result = NULL;
    problem *error = NULL;
    estimate_options opts = {
        .now = util_now(),
        .stale_after_hours = req->app != NULL && req->app->cfg != NULL ? req->app->cfg->stale_after_hours : 0,
    };
    if (estimate_run_with(req->snap, req->body, &opts, &result, &error) != 0)
        http_reply_problem(reply, error);
    else
        http_reply_json(reply, 200, result);
    return 0;
}
