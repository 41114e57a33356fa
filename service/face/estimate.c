/* POST /v1/estimate: the estimate engine (engine/estimate.h) behind the HTTP face. */
#include "face/api.h"

#include "engine/estimate.h"

int api_estimate(const http_request *req, http_reply *reply)
{
    if (req->snap == NULL) {
        http_reply_problem(reply, api_no_catalog());
        return 0;
    }
    json_t *result = NULL;
    problem *error = NULL;
    if (estimate_run(req->snap, req->body, &result, &error) != 0)
        http_reply_problem(reply, error);
    else
        http_reply_json(reply, 200, result);
    return 0;
}
