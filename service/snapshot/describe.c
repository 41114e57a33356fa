#include "snapshot/describe.h"

#include <math.h>
#include <string.h>

static json_t *number_or_null(double value)
{
    return isnan(value) ? json_null() : json_real(value);
}

static json_t *positive_or_null(int value)
{
    return value > 0 ? json_integer(value) : json_null();
}

/* A row's sources are stored as JSON text; a row whose text does not parse still answers, with no sources. */
static json_t *sources_array(const char *sources_json)
{
    json_t *sources = json_loads(sources_json, JSON_DECODE_ANY, NULL);
    if (json_is_array(sources))
        return sources;
    json_decref(sources);
    return json_array();
}

json_t *describe_gpu(const catalog_gpu *gpu)
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
    json_object_set_new(item, "sources", sources_array(gpu->sources_json));
    return item;
}

json_t *describe_model(const catalog_model *m)
{
    const model_arch *a = &m->arch;
    json_t *item = json_object();
    json_object_set_new(item, "id", json_string(m->id));
    json_object_set_new(item, "name", json_string(m->name));
    json_object_set_new(item, "family", json_string(m->family));
    json_object_set_new(item, "params_b", json_real(a->params_b));
    json_object_set_new(item, "active_params_b", json_real(a->active_params_b));
    json_object_set_new(item, "moe", json_boolean(a->experts > 0));
    json_object_set_new(item, "layers", json_integer(a->layers));
    json_object_set_new(item, "hidden_size", json_integer(a->hidden_size));
    json_object_set_new(item, "intermediate_size", positive_or_null(a->intermediate_size));
    json_object_set_new(item, "moe_intermediate_size", positive_or_null(a->moe_intermediate_size));
    json_object_set_new(item, "mlp", json_string(a->gated_mlp ? "gated" : "plain"));
    json_object_set_new(item, "attention_heads", json_integer(a->attention_heads));
    json_object_set_new(item, "kv_heads", json_integer(a->kv_heads));
    json_object_set_new(item, "head_dim", json_integer(a->head_dim));
    json_object_set_new(item, "attention", json_string(attention_kind_name(a->attention)));
    json_object_set_new(item, "q_lora_rank", positive_or_null(a->q_lora_rank));
    json_object_set_new(item, "kv_lora_rank", positive_or_null(a->kv_lora_rank));
    json_object_set_new(item, "qk_nope_head_dim", positive_or_null(a->qk_nope_head_dim));
    json_object_set_new(item, "qk_rope_head_dim", positive_or_null(a->qk_rope_head_dim));
    json_object_set_new(item, "v_head_dim", positive_or_null(a->v_head_dim));
    json_object_set_new(item, "experts", json_integer(a->experts));
    json_object_set_new(item, "shared_experts", json_integer(a->shared_experts));
    json_object_set_new(item, "experts_per_token", json_integer(a->experts_per_token));
    json_object_set_new(item, "dense_layers", json_integer(a->dense_layers));
    json_object_set_new(item, "tied_embeddings", json_boolean(a->tied_embeddings));
    json_object_set_new(item, "vocab_size", json_integer(a->vocab_size));
    json_object_set_new(item, "max_context", json_integer(a->max_context));
    json_object_set_new(item, "sliding_window", positive_or_null(a->sliding_window));
    json_object_set_new(item, "sliding_window_layers", json_integer(a->sliding_window_layers));
    json_object_set_new(item, "release_year", json_integer(m->release_year));
    json_object_set_new(item, "license", json_string(m->license));
    json_object_set_new(item, "sources", sources_array(m->sources_json));
    return item;
}

static bool listed(const char *value, const char *const *names, size_t count)
{
    for (size_t i = 0; i < count; i++)
        if (strcmp(names[i], value) == 0)
            return true;
    return false;
}

bool describe_gpu_matches(const catalog_gpu *gpu, const gpu_filter *f)
{
    return (f->vendors == NULL || listed(gpu->vendor, f->vendors, f->vendor_count)) &&
           gpu->memory_gb >= f->min_memory_gb && !(f->by_precision && isnan(catalog_gpu_peak(gpu, f->needed)));
}

bool describe_model_matches(const catalog_model *m, const model_filter *f)
{
    return (f->families == NULL || listed(m->family, f->families, f->family_count)) &&
           m->arch.params_b >= f->min_params_b && m->arch.params_b <= f->max_params_b &&
           (f->moe < 0 || (m->arch.experts > 0) == (f->moe == 1));
}
