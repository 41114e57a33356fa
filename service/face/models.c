/* GET /v1/models and GET /v1/models/{id}: the catalogue of open models the sizing works from, each with its
 * architecture and sources. Reads the request's snapshot only. */
#include "face/api.h"
#include "face/http/query.h"
#include "snapshot/describe.h"

int api_models_list(const http_request *req, http_reply *reply)
{
    static const char *const allowed[] = {"family", "min_params_b", "max_params_b", "moe", "limit", "cursor"};
    problem *p = http_problem_invalid_query();
    query_reject_unknown(req, allowed, sizeof allowed / sizeof allowed[0], "is not a known query parameter", p);
    query_list families;
    model_filter filter;
    listing_params params = query_params(req);
    listing_model_filter(&params, &filter, &families, p);
    query_page page;
    query_page_start(&page, req, p);
    if (problem_field_count(p) > 0)
        return http_reply_problem(reply, p), 0;
    problem_free(p);

    for (size_t i = 0; i < req->snap->model_count; i++) {
        const catalog_model *m = &req->snap->models[i];
        if (describe_model_matches(m, &filter) && query_page_wants(&page))
            json_array_append_new(page.items, describe_model(m));
    }
    query_page_reply(reply, &page, req->snap);
    return 0;
}

int api_models_get(const http_request *req, http_reply *reply)
{
    const catalog_model *m = catalog_find_model(req->snap, req->params[0]);
    if (m == NULL)
        return api_reply_not_found(reply, "model", req->params[0]);
    http_reply_json(reply, 200, describe_model(m));
    return 0;
}
