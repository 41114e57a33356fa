/* POST /v1/estimate: the estimate engine (engine/estimate/estimate.h) behind the HTTP face. */
#include "face/api.h"

#include "base/util.h"
#include "engine/estimate/estimate.h"

int api_estimate(const http_request *req, http_reply *reply)
{
    problem *error = NULL;
    estimate_options opts = {
        .now = util_now(),
        .stale_after_hours = req->app != NULL && req->app->cfg != NULL ? req->app->cfg->stale_after_hours : 0,
    };
    jsonw answer;
    jsonw_init(&answer, 4096); /* one item on every pricing model is about 2.5 KB */
    if (estimate_write(req->snap, req->body, &opts, &answer, &error) != 0) {
        jsonw_discard(&answer);
        http_reply_problem(reply, error);
        return 0;
    }
    http_reply_written(reply, &answer);
    return 0;
}
