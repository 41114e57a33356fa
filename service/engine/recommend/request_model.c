/* The model part of a recommendation request: which model (a catalogued id, a custom architecture, or a bare
 * parameter count whose shape is estimated), how it is fine-tuned, and how it is served (throughput targets and
 * latency floors). */
#include "engine/recommend/internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/didyoumean.h"
#include "engine/perf/model.h"
#include "wire/jsonv.h"

/* Serving defaults of this project when a request leaves them out: a chat turn of 1,024 prompt tokens and 256
 * generated ones. */
#define DEFAULT_PROMPT_TOKENS 1024
#define DEFAULT_OUTPUT_TOKENS 256
#define MAX_SERVING_TOKENS 10000000
/* the most GPUs one node joins by its links today: an NVL72 rack (NVIDIA GB200 NVL72 datasheet, 72 GPUs in one
 * NVLink domain) */
#define MAX_TENSOR_PARALLEL 72
#define MAX_TOKENS_PER_S 1e9

/* Latency floors taken when a request is latency_sensitive and names none. Nielsen, "Usability Engineering" (1993),
 * chapter 5, "Response times": 1.0 second "is about the limit for the user's flow of thought to stay uninterrupted".
 * Brysbaert, "How many words do we read per minute?" (Journal of Memory and Language 109, 2019): 238 words per minute
 * for silent reading of English non-fiction, about 4 words/s, or 5.3 tokens/s at OpenAI's "1 token ~= 3/4 of a word"
 * (help.openai.com, "What are tokens and how to count them?"); twice that keeps generated text ahead of a reader. */
#define LATENCY_DEFAULT_MAX_TTFT_MS 1000.0
#define LATENCY_DEFAULT_MIN_TOKENS_PER_S 10.0

static const char *const architecture_fields[] = {
    "params_b",         "active_params_b", "layers",          "hidden_size",      "intermediate_size",
    "moe_intermediate_size", "mlp",        "attention_heads", "kv_heads",         "head_dim",
    "attention",        "q_lora_rank",     "kv_lora_rank",    "qk_nope_head_dim", "qk_rope_head_dim",
    "v_head_dim",       "experts",         "shared_experts",  "experts_per_token", "dense_layers",
    "tied_embeddings",  "vocab_size",      "max_context",     "sliding_window",   "sliding_window_layers",
};

static int arch_int(const json_t *a, const char *key, long long max, int fallback, problem *p)
{
    long long value;
    return jsonv_integer(a, "workload.architecture", key, false, 0, max, &value, p) ? (int)value : fallback;
}

/* A custom architecture, the catalogue's columns as members; the sizes that follow from others default to them. */
static void parse_architecture(const json_t *a, model_arch *arch, problem *p)
{
    const char *path = "workload.architecture";
    size_t errors_before = problem_field_count(p);
    jsonv_reject_unknown(a, path, architecture_fields, COUNT_OF(architecture_fields), p);
    memset(arch, 0, sizeof *arch);
    double number;
    long long whole;
    if (jsonv_number(a, path, "params_b", true, 0.001, MAX_MODEL_PARAMS_B, &number, p))
        arch->params_b = number;
    arch->active_params_b = arch->params_b;
    if (jsonv_number(a, path, "active_params_b", false, 0.001, MAX_MODEL_PARAMS_B, &number, p))
        arch->active_params_b = number;
    if (jsonv_integer(a, path, "layers", true, 1, 100000, &whole, p))
        arch->layers = (int)whole;
    if (jsonv_integer(a, path, "hidden_size", true, 1, 10000000, &whole, p))
        arch->hidden_size = (int)whole;
    if (jsonv_integer(a, path, "attention_heads", true, 1, 100000, &whole, p))
        arch->attention_heads = (int)whole;
    arch->kv_heads = arch_int(a, "kv_heads", 100000, arch->attention_heads, p);
    arch->head_dim = arch_int(a, "head_dim", 100000,
                              arch->attention_heads > 0 ? arch->hidden_size / arch->attention_heads : 0, p);
    arch->intermediate_size = arch_int(a, "intermediate_size", 100000000, 0, p);
    arch->moe_intermediate_size = arch_int(a, "moe_intermediate_size", 100000000, 0, p);
    static const char *const mlp_names[] = {"plain", "gated"};
    int mlp = 0;
    jsonv_enum(a, path, "mlp", false, mlp_names, 2, &mlp, p);
    arch->gated_mlp = mlp == 1;
    if (arch->intermediate_size == 0 && json_object_get(a, "moe_intermediate_size") == NULL)
        arch->intermediate_size = 4 * arch->hidden_size; /* the transformer's 4x MLP (Kaplan et al., section 2.1) */
    const char *attention_names[ATTENTION_COUNT];
    for (int k = 0; k < ATTENTION_COUNT; k++)
        attention_names[k] = attention_kind_name((attention_kind)k);
    int attention = arch->kv_heads == arch->attention_heads ? ATTENTION_MHA
                    : arch->kv_heads == 1                    ? ATTENTION_MQA
                                                             : ATTENTION_GQA;
    jsonv_enum(a, path, "attention", false, attention_names, ATTENTION_COUNT, &attention, p);
    arch->attention = (attention_kind)attention;
    arch->q_lora_rank = arch_int(a, "q_lora_rank", 1000000, 0, p);
    arch->kv_lora_rank = arch_int(a, "kv_lora_rank", 1000000, 0, p);
    arch->qk_nope_head_dim = arch_int(a, "qk_nope_head_dim", 100000, 0, p);
    arch->qk_rope_head_dim = arch_int(a, "qk_rope_head_dim", 100000, 0, p);
    arch->v_head_dim = arch_int(a, "v_head_dim", 100000, 0, p);
    arch->experts = arch_int(a, "experts", 100000, 0, p);
    arch->shared_experts = arch_int(a, "shared_experts", 100000, 0, p);
    arch->experts_per_token = arch_int(a, "experts_per_token", 100000, 0, p);
    arch->dense_layers = arch_int(a, "dense_layers", 100000, 0, p);
    jsonv_bool(a, path, "tied_embeddings", false, &arch->tied_embeddings, p);
    arch->vocab_size = arch_int(a, "vocab_size", 100000000, 32000, p); /* LLaMA's and Llama 2's vocabulary */
    if (jsonv_integer(a, path, "max_context", false, 1, MAX_SEQUENCE_LENGTH, &whole, p))
        arch->max_context = (long)whole;
    arch->sliding_window = arch_int(a, "sliding_window", MAX_SEQUENCE_LENGTH, 0, p);
    arch->sliding_window_layers = arch_int(a, "sliding_window_layers", 100000, 0, p);
    const char *field = NULL;
    if (problem_field_count(p) == errors_before && model_arch_check(arch, &field) != 0) {
        char member[96];
        jsonv_path(member, sizeof member, path, field);
        problem_add_field(p, member, "does not fit the rest of the architecture");
    }
}

static void report_unknown_model(const catalog *snap, const char *id, problem *p)
{
    didyoumean hints = {{NULL}, {0}, 0};
    for (size_t i = 0; i < snap->model_count; i++)
        didyoumean_offer(&hints, id, snap->models[i].id);
    char closest[256];
    didyoumean_format(&hints, closest, sizeof closest);
    problem_add_field(p, "workload.model",
                      "'%s' is not a model in the catalog (GET /v1/models); closest: %s; for a model not catalogued, "
                      "give its shape as workload.architecture",
                      id, closest);
}

/* The model the workload names, whichever way: *r->workload.arch and has_model set. */
static void parse_model_choice(const catalog *snap, const json_t *w, rec_request *r, problem *p)
{
    const char *model_id = NULL;
    const json_t *architecture = NULL;
    jsonv_string(w, "workload", "model", false, MAX_NAME_LEN, &model_id, p);
    jsonv_object(w, "workload", "architecture", false, &architecture, p);
    double params_b = r->workload.arch.params_b; /* model_params_b, parsed with the other numbers */
    if (model_id != NULL && architecture != NULL) {
        problem_add_field(p, "workload.architecture", "give either workload.model or workload.architecture");
        return;
    }
    if (model_id != NULL) {
        const catalog_model *m = catalog_find_model(snap, model_id);
        if (m == NULL) {
            report_unknown_model(snap, model_id, p);
            return;
        }
        r->workload.arch = m->arch;
        r->model_id = m->id;
    } else if (architecture != NULL) {
        parse_architecture(architecture, &r->workload.arch, p);
    } else if (params_b > 0) {
        model_arch_estimate(params_b, &r->workload.arch);
    } else {
        return;
    }
    r->workload.has_model = true;
    /* a parameter count beside a model must be that model's: 1 % covers the rounding of published counts */
    if (params_b > 0 && (model_id != NULL || architecture != NULL) &&
        fabs(params_b - r->workload.arch.params_b) > 0.01 * r->workload.arch.params_b)
        problem_add_field(p, "workload.model_params_b", "is %g, but %s has %g B parameters: leave one out", params_b,
                          model_id != NULL ? model_id : "workload.architecture", r->workload.arch.params_b);
}

static void parse_fine_tuning(const json_t *w, rec_request *r, problem *p)
{
    workload_kind k = r->workload.kind;
    const char *method_names[FINE_TUNE_METHOD_COUNT];
    for (int m = 0; m < FINE_TUNE_METHOD_COUNT; m++)
        method_names[m] = fine_tune_method_name((fine_tune_method)m);
    /* int4 weights being fine-tuned is QLoRA (Dettmers et al.), else LoRA, the method most fine-tunes use */
    int method = r->workload.precision == PRECISION_INT4 ? FINE_TUNE_QLORA : FINE_TUNE_LORA;
    if (json_object_get(w, "fine_tuning_method") != NULL && k != WORKLOAD_FINE_TUNING)
        problem_add_field(p, "workload.fine_tuning_method", "only goes with kind fine_tuning");
    jsonv_enum(w, "workload", "fine_tuning_method", false, method_names, FINE_TUNE_METHOD_COUNT, &method, p);
    r->workload.method = k == WORKLOAD_TRAINING ? FINE_TUNE_FULL : (fine_tune_method)method;
    long long rank;
    if (jsonv_integer(w, "workload", "lora_rank", false, 1, 4096, &rank, p)) {
        r->workload.lora_rank = (int)rank;
        if (k != WORKLOAD_FINE_TUNING || r->workload.method == FINE_TUNE_FULL)
            problem_add_field(p, "workload.lora_rank", "only goes with fine_tuning_method lora or qlora");
    }
    jsonv_bool(w, "workload", "gradient_checkpointing", false, &r->workload.gradient_checkpointing, p);
    if (json_object_get(w, "gradient_checkpointing") != NULL && !workload_kind_of(k)->trains)
        problem_add_field(p, "workload.gradient_checkpointing", "only goes with training and fine_tuning");
}

/* workload.tensor_parallel pins the degree, as a deployment that is already running does; the model's heads must
 * split that way (recommend_tensor_parallel_allowed()). */
static void parse_tensor_parallel(const json_t *w, rec_request *r, problem *p)
{
    long long tp;
    if (!jsonv_integer(w, "workload", "tensor_parallel", false, 1, MAX_TENSOR_PARALLEL, &tp, p))
        return;
    const model_arch *a = &r->workload.arch;
    if (a->params_b > 0 && !recommend_tensor_parallel_allowed(a, (int)tp)) {
        problem_add_field(p, "workload.tensor_parallel",
                           "must divide the model's %d attention heads and divide, or be a multiple of, its %d KV "
                           "heads (serving engines split heads evenly)",
                           a->attention_heads, a->kv_heads);
        return;
    }
    r->tensor_parallel = (int)tp;
}

static void parse_serving(const json_t *w, rec_request *r, problem *p)
{
    static const char *const serving_fields[] = {"kv_cache_precision", "target_tokens_per_s", "requests_per_s",
                                                 "prompt_tokens",      "output_tokens",       "max_ttft_ms",
                                                 "min_tokens_per_s_per_sequence", "tensor_parallel"};
    if (!workload_kind_of(r->workload.kind)->serves) {
        for (size_t i = 0; i < COUNT_OF(serving_fields); i++)
            if (json_object_get(w, serving_fields[i]) != NULL) {
                char member[64];
                jsonv_path(member, sizeof member, "workload", serving_fields[i]);
                problem_add_field(p, member, "only goes with kind inference");
            }
        return;
    }
    static const char *const kv_names[] = {"bf16", "fp16", "fp8"};
    /* a model served in a floating-point format of 8 bits or fewer keeps its KV cache at fp8 unless told otherwise,
     * as NVIDIA's quantised checkpoints that TensorRT-LLM serves do (huggingface.co/nvidia/Llama-3.1-8B-Instruct-FP8,
     * hf_quant_config.json: "kv_cache_quant_algo": "FP8"); integer formats (SmoothQuant, GPTQ, AWQ) keep 16 bits */
    int kv = recommend_default_kv_bytes(r->workload.precision) == 1.0 ? 2 : 0;
    r->kv_cache_precision_given = jsonv_enum(w, "workload", "kv_cache_precision", false, kv_names, 3, &kv, p);
    r->workload.kv_bytes = kv == 2 ? 1.0 : 2.0;
    double number;
    long long whole;
    r->prompt_tokens = DEFAULT_PROMPT_TOKENS;
    r->output_tokens = DEFAULT_OUTPUT_TOKENS;
    if (jsonv_integer(w, "workload", "prompt_tokens", false, 1, MAX_SERVING_TOKENS, &whole, p))
        r->prompt_tokens = (double)whole;
    if (jsonv_integer(w, "workload", "output_tokens", false, 1, MAX_SERVING_TOKENS, &whole, p))
        r->output_tokens = (double)whole;
    if (jsonv_number(w, "workload", "target_tokens_per_s", false, 0.001, MAX_TOKENS_PER_S, &number, p))
        r->target_tokens_per_s = number;
    if (jsonv_number(w, "workload", "requests_per_s", false, 0.0001, MAX_TOKENS_PER_S, &number, p))
        r->requests_per_s = number;
    if (r->target_tokens_per_s > 0 && r->requests_per_s > 0)
        problem_add_field(p, "workload.requests_per_s", "give either target_tokens_per_s or requests_per_s");
    if (r->latency_sensitive) {
        r->max_ttft_ms = LATENCY_DEFAULT_MAX_TTFT_MS;
        r->min_tokens_per_s_per_sequence = LATENCY_DEFAULT_MIN_TOKENS_PER_S;
    }
    if (jsonv_number(w, "workload", "max_ttft_ms", false, 0.001, 1e9, &number, p))
        r->max_ttft_ms = number;
    if (jsonv_number(w, "workload", "min_tokens_per_s_per_sequence", false, 0.001, 1e6, &number, p))
        r->min_tokens_per_s_per_sequence = number;
    parse_tensor_parallel(w, r, p);
    if (r->workload.sequence_length > 0 && json_object_get(w, "prompt_tokens") == NULL)
        r->prompt_tokens = r->workload.sequence_length > r->output_tokens
                               ? r->workload.sequence_length - r->output_tokens
                               : r->workload.sequence_length;
}

void recommend_parse_model(const catalog *snap, const json_t *w, rec_request *r, problem *p)
{
    parse_model_choice(snap, w, r, p);
    parse_fine_tuning(w, r, p);
    parse_serving(w, r, p);
    recommend_parse_training_rules(w, r, p);
}

double recommend_default_kv_bytes(precision weights)
{
    return weights == PRECISION_FP8 || weights == PRECISION_NVFP4 || weights == PRECISION_MXFP4 ? 1.0 : 2.0;
}

void recommend_serving_prepare(rec_request *r)
{
    double context =
        r->workload.sequence_length > 0 ? r->workload.sequence_length : r->prompt_tokens + r->output_tokens;
    r->serving_kv_bytes = r->workload.kv_bytes > 0 ? r->workload.kv_bytes : 2.0;
    r->kv_per_sequence_gb = model_kv_cache_gb(&r->workload.arch, r->serving_kv_bytes, 1, context);
}
