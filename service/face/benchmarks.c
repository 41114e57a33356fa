/* GET /v1/benchmarks and GET /v1/benchmarks/{id}: the measured benchmark rates that jobs are priced per unit of work
 * by, each with its source. Reads the request's snapshot only. */
#include "face/api.h"
#include "face/http/query.h"

/* One measurement as the API shows it. Caller owns the result. */
static json_t *describe_benchmark(const catalog_benchmark *b)
{
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:{s:s, s:s}, s:i, s:f, s:s, s:s, s:f, s:f, s:s, s:s, s:s}", "id",
                     b->id, "benchmark", b->benchmark, "suite", b->suite, "suite_version", b->suite_version, "case",
                     b->case_name, "gpu", "id", b->gpu->id, "name", b->gpu->name, "gpu_count", b->gpu_count,
                     "published_value", b->published_value, "published_unit", b->published_unit, "unit", b->unit,
                     "rate_per_s", b->rate, "rate_per_gpu_per_s", b->rate / b->gpu_count, "measured_on",
                     b->measured_on, "url", b->url, "settings", b->settings);
}

static bool listed(const query_list *list, bool given, const char *value)
{
    return !given || query_list_contains(list, value);
}

int api_benchmarks_list(const http_request *req, http_reply *reply)
{
    static const char *const allowed[] = {"suite", "gpu", "benchmark", "limit", "cursor"};
    problem *p = http_problem_invalid_query();
    query_reject_unknown(req, allowed, sizeof allowed / sizeof allowed[0], "is not a known query parameter", p);
    query_list suites, gpus, benchmarks;
    bool by_suite = query_list_param(req, "suite", &suites, p);
    bool by_gpu = query_list_param(req, "gpu", &gpus, p);
    bool by_benchmark = query_list_param(req, "benchmark", &benchmarks, p);
    query_page page;
    query_page_start(&page, req, p);
    if (problem_field_count(p) > 0)
        return http_reply_problem(reply, p), 0;
    problem_free(p);

    for (size_t i = 0; i < req->snap->benchmark_count; i++) {
        const catalog_benchmark *b = &req->snap->benchmarks[i];
        if (listed(&suites, by_suite, b->suite) && listed(&gpus, by_gpu, b->gpu->id) &&
            listed(&benchmarks, by_benchmark, b->benchmark) && query_page_wants(&page))
            json_array_append_new(page.items, describe_benchmark(b));
    }
    query_page_reply(reply, &page, req->snap);
    return 0;
}

int api_benchmarks_get(const http_request *req, http_reply *reply)
{
    const catalog_benchmark *b = catalog_find_benchmark(req->snap, req->params[0]);
    if (b == NULL)
        return api_reply_not_found(reply, "benchmark", req->params[0]);
    http_reply_json(reply, 200, describe_benchmark(b));
    return 0;
}
