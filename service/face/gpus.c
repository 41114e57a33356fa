/* GET /v1/gpus and GET /v1/gpus/{id}: the catalog's GPUs. Reads the request's snapshot only. */
#include "face/api.h"
#include "face/http/query.h"
#include "snapshot/describe.h"

int api_gpus_list(const http_request *req, http_reply *reply)
{
    static const char *const allowed[] = {"vendor", "min_memory_gb", "precision", "limit", "cursor"};
    problem *p = http_problem_invalid_query();
    query_reject_unknown(req, allowed, sizeof allowed / sizeof allowed[0], "is not a known query parameter", p);
    query_list vendors;
    gpu_filter filter;
    listing_params params = query_params(req);
    listing_gpu_filter(&params, &filter, &vendors, p);
    query_page page;
    query_page_start(&page, req, p);
    if (problem_field_count(p) > 0)
        return http_reply_problem(reply, p), 0;
    problem_free(p);

    for (size_t i = 0; i < req->snap->gpu_count; i++) {
        const catalog_gpu *gpu = &req->snap->gpus[i];
        if (describe_gpu_matches(gpu, &filter) && query_page_wants(&page))
            json_array_append_new(page.items, describe_gpu(gpu));
    }
    query_page_reply(reply, &page, req->snap);
    return 0;
}

int api_gpus_get(const http_request *req, http_reply *reply)
{
    const catalog_gpu *gpu = catalog_find_gpu(req->snap, req->params[0]);
    if (gpu == NULL)
        return api_reply_not_found(reply, "GPU", req->params[0]);
    json_t *item = describe_gpu(gpu);
    json_t *instances = json_array();
    for (size_t i = 0; i < req->snap->instance_count; i++) {
        const catalog_instance *in = &req->snap->instances[i];
        if (in->gpu == gpu)
            json_array_append_new(instances, json_pack("{s:s, s:s, s:f}", "provider", in->provider->id,
                                                       "instance_type", in->id, "gpu_count", in->gpu_count));
    }
    json_object_set_new(item, "instances", instances);
    http_reply_json(reply, 200, item);
    return 0;
}
