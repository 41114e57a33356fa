/* GET /v1/models and GET /v1/models/{id}: the catalogue of open models the sizing works from, each with its
 * architecture and sources. Reads the request's snapshot only. */
#include "face/api.h"
#include "face/query.h"

static json_t *positive_or_null(int value)
{
    return value > 0 ? json_integer(value) : json_null();
}

static json_t *model_json(const catalog_model *m)
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
    json_t *sources = json_loads(m->sources_json, JSON_DECODE_ANY, NULL);
    json_object_set_new(item, "sources", json_is_array(sources) ? sources : json_array());
    if (!json_is_array(sources))
        json_decref(sources);
    return item;
}

int api_models_list(const http_request *req, http_reply *reply)
{
    static const char *const allowed[] = {"family", "min_params_b", "max_params_b", "moe", "limit", "cursor"};
    static const char *const moe_names[] = {"false", "true"};
    if (req->snap == NULL)
        return http_reply_problem(reply, api_no_catalog()), 0;
    problem *p = http_problem_invalid_query();
    query_reject_unknown(req, allowed, sizeof allowed / sizeof allowed[0], "is not a known query parameter", p);
    query_list families;
    bool by_family = query_list_param(req, "family", &families, p);
    double min_params = 0, max_params = 1e9;
    query_number(req, "min_params_b", 0, 1e6, &min_params, p);
    query_number(req, "max_params_b", 0, 1e6, &max_params, p);
    int moe = -1;
    const char *moe_text = http_query(req, "moe");
    if (moe_text != NULL && (moe = query_name_index(moe_text, moe_names, 2)) < 0)
        problem_add_field(p, "moe", "must be true or false");
    if (min_params > max_params)
        problem_add_field(p, "min_params_b", "must not exceed max_params_b");
    query_page page;
    query_page_start(&page, req, p);
    if (problem_field_count(p) > 0)
        return http_reply_problem(reply, p), 0;
    problem_free(p);

    for (size_t i = 0; i < req->snap->model_count; i++) {
        const catalog_model *m = &req->snap->models[i];
        if ((by_family && !query_list_contains(&families, m->family)) || m->arch.params_b < min_params ||
            m->arch.params_b > max_params || (moe >= 0 && (m->arch.experts > 0) != (moe == 1)))
            continue;
        if (query_page_wants(&page))
            json_array_append_new(page.items, model_json(m));
    }
    query_page_reply(reply, &page, req->snap);
    return 0;
}

int api_models_get(const http_request *req, http_reply *reply)
{
    if (req->snap == NULL)
        return http_reply_problem(reply, api_no_catalog()), 0;
    const catalog_model *m = catalog_find_model(req->snap, req->params[0]);
    if (m == NULL)
        return api_reply_not_found(reply, "model", req->params[0]);
    http_reply_json(reply, 200, model_json(m));
    return 0;
}
