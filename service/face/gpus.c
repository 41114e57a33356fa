/* GET /v1/gpus and GET /v1/gpus/{id}: the catalog's GPUs. Reads the request's snapshot only. */
#include <math.h>

#include "face/api.h"
#include "face/query.h"

static json_t *number_or_null(double value)
{
    return isnan(value) ? json_null() : json_real(value);
}

static json_t *gpu_json(const catalog_gpu *gpu)
{
    json_t *item = json_object();
    json_object_set_new(item, "id", json_string(gpu->id));
    json_object_set_new(item, "name", json_string(gpu->name));
    json_object_set_new(item, "vendor", json_string(gpu->vendor));
    json_object_set_new(item, "architecture", json_string(gpu->architecture));
    json_object_set_new(item, "form_factor", json_string(gpu->form_factor));
    json_object_set_new(item, "memory_gb", json_real(gpu->memory_gb));
    json_object_set_new(item, "memory_type", json_string(gpu->memory_type));
    json_object_set_new(item, "memory_bandwidth_gb_per_s", json_real(gpu->memory_bandwidth_gb_per_s));
    json_object_set_new(item, "fp64_tflops", number_or_null(gpu->fp64_tflops));
    json_object_set_new(item, "fp64_tensor_tflops", number_or_null(gpu->fp64_tensor_tflops));
    json_object_set_new(item, "fp32_tflops", number_or_null(gpu->fp32_tflops));
    json_object_set_new(item, "tf32_tflops", number_or_null(gpu->tf32_tflops));
    json_object_set_new(item, "fp16_tflops", number_or_null(gpu->fp16_tflops));
    json_object_set_new(item, "bf16_tflops", number_or_null(gpu->bf16_tflops));
    json_object_set_new(item, "fp8_tflops", number_or_null(gpu->fp8_tflops));
    json_object_set_new(item, "int8_tops", number_or_null(gpu->int8_tops));
    json_object_set_new(item, "tensor_figures", json_string("dense (without structured sparsity)"));
    json_object_set_new(item, "tdp_watts", json_real(gpu->tdp_watts));
    json_object_set_new(item, "interconnect", json_string(gpu->interconnect));
    json_object_set_new(item, "interconnect_gb_per_s", json_real(gpu->interconnect_gb_per_s));
    json_object_set_new(item, "ecc", json_boolean(gpu->ecc));
    json_object_set_new(item, "mig", json_boolean(gpu->mig));
    json_object_set_new(item, "vgpu", json_boolean(gpu->vgpu));
    json_object_set_new(item, "release_year", json_integer(gpu->release_year));
    json_t *sources = json_loads(gpu->sources_json, JSON_DECODE_ANY, NULL);
    json_object_set_new(item, "sources", json_is_array(sources) ? sources : json_array());
    if (!json_is_array(sources))
        json_decref(sources);
    return item;
}

int api_gpus_list(const http_request *req, http_reply *reply)
{
    static const char *const allowed[] = {"vendor", "min_memory_gb", "precision", "limit", "cursor"};
    if (req->snap == NULL)
        return http_reply_problem(reply, api_no_catalog()), 0;
    problem *p = http_problem_invalid_query();
    query_reject_unknown(req, allowed, sizeof allowed / sizeof allowed[0], "is not a known query parameter", p);
    query_list vendors;
    bool by_vendor = query_list_param(req, "vendor", &vendors, p);
    double min_memory = 0;
    query_number(req, "min_memory_gb", 0, 1e6, &min_memory, p);
    precision needed = PRECISION_FP32;
    bool by_precision = query_precision(req, &needed, p) != QUERY_ABSENT;
    query_page page;
    query_page_start(&page, req, p);
    if (problem_field_count(p) > 0)
        return http_reply_problem(reply, p), 0;
    problem_free(p);

    for (size_t i = 0; i < req->snap->gpu_count; i++) {
        const catalog_gpu *gpu = &req->snap->gpus[i];
        if ((by_vendor && !query_list_contains(&vendors, gpu->vendor)) || gpu->memory_gb < min_memory ||
            (by_precision && isnan(catalog_gpu_peak(gpu, needed))))
            continue;
        if (query_page_wants(&page))
            json_array_append_new(page.items, gpu_json(gpu));
    }
    query_page_reply(reply, &page, req->snap);
    return 0;
}

int api_gpus_get(const http_request *req, http_reply *reply)
{
    if (req->snap == NULL)
        return http_reply_problem(reply, api_no_catalog()), 0;
    const catalog_gpu *gpu = catalog_find_gpu(req->snap, req->params[0]);
    if (gpu == NULL)
        return api_reply_not_found(reply, "GPU", req->params[0]);
    json_t *item = gpu_json(gpu);
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
