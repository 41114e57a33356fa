/* Training compute and fine-tuning memory (service/engine/perf/training.c, finetune_memory.c) and the training rules
 * of a recommendation request (service/engine/recommend/sanity.c), each figure worked by hand beside it from the
 * catalogue's architectures (migrations/0006_models.sql) and the published runs the formulas cite. */
#include <check.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/perf/finetune_memory.h"
#include "engine/perf/model.h"
#include "engine/perf/training.h"
#include "engine/recommend/recommend.h"
#include "snapshot/catalog.h"
#include "support/check_support.h"
#include "support/recommend_support.h"
#include "support/seed_catalog.h"

#define near(a, b) ck_assert_double_eq_tol((a), (b), 1e-9 * fmax(1.0, fabs((double)(b))))

static const model_arch llama_3_1_8b = {
    .id = "llama-3.1-8b", .params_b = 8, .active_params_b = 8, .layers = 32, .hidden_size = 4096,
    .intermediate_size = 14336, .gated_mlp = true, .attention_heads = 32, .kv_heads = 8, .head_dim = 128,
    .attention = ATTENTION_GQA, .vocab_size = 128256, .max_context = 131072};
static const model_arch deepseek_v3 = {
    .id = "deepseek-v3", .params_b = 671, .active_params_b = 37, .layers = 61, .hidden_size = 7168,
    .intermediate_size = 18432, .moe_intermediate_size = 2048, .gated_mlp = true, .attention_heads = 128,
    .kv_heads = 128, .head_dim = 192, .attention = ATTENTION_MLA, .q_lora_rank = 1536, .kv_lora_rank = 512,
    .qk_nope_head_dim = 128, .qk_rope_head_dim = 64, .v_head_dim = 128, .experts = 256, .shared_experts = 1,
    .experts_per_token = 8, .dense_layers = 3, .vocab_size = 129280, .max_context = 131072};

START_TEST(attention_flops_by_hand)
{
    /* Llama 3.1 8B at 8,192 tokens: 2 x 32 layers x 8192 x (32 heads x 128) = 2.147e9 forward; GQA's 8 key/value
     * heads do not change it (every query head scores every key) */
    near(training_attention_forward_flops(&llama_3_1_8b, 8192), 2.0 * 32 * 8192 * 4096);
    model_arch mha = llama_3_1_8b;
    mha.kv_heads = 32;
    mha.attention = ATTENTION_MHA;
    near(training_attention_forward_flops(&mha, 8192), training_attention_forward_flops(&llama_3_1_8b, 8192));
    /* a training token: 6 x 8e9 + 3 x 2.147e9 = 5.444e10; NVIDIA's table counts 51.5e9 for Llama 3 8B at 8,192
     * (Megatron-Bridge 25.11, DGX-H100: 744 TFLOP/s at 14,451 tokens/s) with the exact 8.03 B and without the input
     * embedding: within 6 % */
    double per_token = training_flops_per_token(&llama_3_1_8b, true, 8192, false);
    near(per_token, 6 * 8e9 + 3 * 2.0 * 32 * 8192 * 4096);
    ck_assert(per_token / 51.5e9 > 1.0 && per_token / 51.5e9 < 1.06);
    /* frozen weights (LoRA): 4 N, the attention still 3 x forward; recomputation adds one forward of both */
    near(training_flops_per_token(&llama_3_1_8b, false, 8192, false), 4 * 8e9 + 3 * 2.0 * 32 * 8192 * 4096);
    near(training_flops_per_token(&llama_3_1_8b, true, 8192, true), 8 * 8e9 + 4 * 2.0 * 32 * 8192 * 4096);
    near(training_flops(&llama_3_1_8b, true, 15000, 8192, false), per_token * 15e12);
    /* no sequence, no attention term */
    near(training_flops_per_token(&llama_3_1_8b, true, 0, false), 6 * 8e9);
}
END_TEST

START_TEST(mla_and_sliding_window_attention_by_hand)
{
    /* DeepSeek-V3's MLA at 4,096 tokens: scores over 128 heads x (128 + 64) and values over 128 heads x 128, so
     * d_attn = 128 x 320 / 2 = 20,480: 2 x 61 x 4096 x 20480 = 1.0234e10; per token 6 x 37e9 + 3 x that = 2.527e11,
     * 14 % over the 6 N the report's active count gives alone */
    near(training_attention_forward_flops(&deepseek_v3, 4096), 2.0 * 61 * 4096 * 20480);
    near(training_flops_per_token(&deepseek_v3, true, 4096, false), 6 * 37e9 + 3 * 2.0 * 61 * 4096 * 20480);
    /* half the layers on a 4,096-token window at 8,192 tokens: (16 x 8192 + 16 x 4096) x 2 x 4096 */
    model_arch windowed = llama_3_1_8b;
    windowed.sliding_window = 4096;
    windowed.sliding_window_layers = 16;
    near(training_attention_forward_flops(&windowed, 8192), 2.0 * (16 * 8192 + 16 * 4096) * 4096);
    /* shorter than the window: the window changes nothing */
    near(training_attention_forward_flops(&windowed, 2048), 2.0 * 32 * 2048 * 4096);
}
END_TEST

START_TEST(fp8_and_experts_by_hand)
{
    /* FP8 on an H100 SXM (1,978.9 against 989.4 TFLOPS dense): 1.4 x 989.4 / 1978.9 = 0.69998 of the BF16
     * utilisation on the FP8 peak, i.e. 1.4x BF16's speed, not 2x */
    near(training_precision_factor(PRECISION_FP8, 1978.9, 989.4), 1.4 * 989.4 / 1978.9);
    near(training_precision_factor(PRECISION_FP8, 1978.9, 989.4) * 1978.9 / 989.4, 1.4);
    near(training_precision_factor(PRECISION_BF16, 989.4, 989.4), 1.0);
    near(training_precision_factor(PRECISION_FP8, 1978.9, 0), 1.0); /* no BF16 peak known: no claim */
    /* within the published FP8-against-BF16 runs: 1.13 (DeepSeek-V3, GB300) to 1.61 (TE GEMMs, delayed scaling) */
    ck_assert(TRAINING_FP8_SPEEDUP >= 1.13 && TRAINING_FP8_SPEEDUP <= 1.61);
    near(training_moe_factor(&deepseek_v3), 0.46);
    near(training_moe_factor(&llama_3_1_8b), 1.0);
}
END_TEST

/* Llama 3.1 8B QLoRA rank 32 (every linear layer): NF4 for all but the 2 x 128256 x 4096 embedding and output
 * weights, which stay 16-bit; adapters per layer 32 x ((4096 + 4096) + 2 x (4096 + 1024) + (4096 + 4096)) +
 * 3 x 32 x (4096 + 14336) = 2,621,440, x 32 layers = 83,886,080, x 16 bytes of AdamW state. */
static double qlora_8b_fixed_gb(double working_set_gb)
{
    double embeddings = 2.0 * 128256 * 4096;
    double weights = (8e9 - embeddings) * model_nf4_weight_bytes() + embeddings * 2.0;
    return (weights + 83886080.0 * 16) / 1e9 + working_set_gb;
}

START_TEST(transformers_qlora_fills_80_gb_at_28454_tokens)
{
    finetune_job job = {.trains_weights = false, .nf4_weights = true, .precision = PRECISION_BF16,
                        .adapter_params_b = model_lora_params_b(&llama_3_1_8b, 32), .batch = 1, .sequence = 28454,
                        .framework = FRAMEWORK_TRANSFORMERS};
    near(job.adapter_params_b * 1e9, 83886080);
    finetune_memory m;
    ck_assert_int_eq(finetune_memory_estimate(&llama_3_1_8b, &job, &m), 0);
    ck_assert(m.checkpointing); /* PEFT turns it on for QLoRA */
    /* per token: checkpoints 2 x 4096 x 32 + the rebuilt layer 34 x 4096 + logits and loss 16 x 128256 =
     * 262,144 + 139,264 + 2,052,096 = 2,453,504 bytes; x 28,454 = 69.81 GB */
    near(m.per_token_gb, 2453504 / 1e9);
    near(m.logits_gb, 16.0 * 128256 * 28454 / 1e9);
    near(m.total_gb, qlora_8b_fixed_gb(2.7) + 2453504.0 * 28454 / 1e9);
    /* the Unsloth README's "Hugging Face + FA2" column: 28,454 tokens is the longest that fits 80 GB */
    ck_assert(m.total_gb > 0.95 * 80 && m.total_gb <= 80);
    double longest = finetune_memory_longest_sequence(&m, 1, 80);
    ck_assert(longest >= 28454 && longest < 28454 * 1.02);
    /* a GPU too small for the weights: no length fits */
    ck_assert(finetune_memory_longest_sequence(&m, 1, 4) == 0);
}
END_TEST

START_TEST(unsloth_and_torchtune_profiles_by_hand)
{
    finetune_job job = {.trains_weights = false, .nf4_weights = true, .precision = PRECISION_BF16,
                        .adapter_params_b = 83886080 / 1e9, .batch = 1, .sequence = 342733,
                        .framework = FRAMEWORK_UNSLOTH};
    finetune_memory m;
    ck_assert_int_eq(finetune_memory_estimate(&llama_3_1_8b, &job, &m), 0);
    /* checkpoints offloaded, chunked loss: 51 x 4096 bytes a token, x 342,733 = 71.6 GB, on 0.4 GB of working set:
     * 79.0 GB against the README's 80 GB at 342,733 tokens */
    near(m.total_gb, qlora_8b_fixed_gb(0.4) + 51.0 * 4096 * 342733 / 1e9);
    ck_assert(m.total_gb / 80 > 0.95 && m.total_gb <= 80);
    /* torchtune LoRA (16-bit weights, rank 16 here), batch 2 x 2,048: checkpoints 262,144 a token, the rebuilt
     * layer's 139,264 below the chunked loss's (2 + 12 / 8) x 128256 = 448,896, which it reuses; no working set */
    job = (finetune_job){.trains_weights = false, .precision = PRECISION_BF16,
                         .adapter_params_b = model_lora_params_b(&llama_3_1_8b, 16), .batch = 2, .sequence = 2048,
                         .framework = FRAMEWORK_TORCHTUNE};
    ck_assert_int_eq(finetune_memory_estimate(&llama_3_1_8b, &job, &m), 0);
    near(m.per_token_gb, (262144 + 448896) / 1e9);
    near(m.total_gb, 16 + job.adapter_params_b * 16 + (262144 + 448896) * 4096.0 / 1e9);
    /* full fine-tuning in torchtune: bf16 weights + two 8-bit AdamW states, 4 bytes a parameter */
    job.trains_weights = true;
    ck_assert_int_eq(finetune_memory_estimate(&llama_3_1_8b, &job, &m), 0);
    near(m.weights_gb + m.trainable_gb, 32);
    /* the default stack trains all weights with 16 bytes a parameter */
    job.framework = FRAMEWORK_TRANSFORMERS;
    ck_assert_int_eq(finetune_memory_estimate(&llama_3_1_8b, &job, &m), 0);
    near(m.weights_gb + m.trainable_gb, 128);
    /* unusable input */
    job.batch = 0;
    ck_assert_int_eq(finetune_memory_estimate(&llama_3_1_8b, &job, &m), -1);
    ck_assert_str_eq(training_framework_name(FRAMEWORK_UNSLOTH), "unsloth");
    ck_assert_ptr_null(training_framework_name(FRAMEWORK_COUNT));
}
END_TEST

/* ---- the request's rules ------------------------------------------------------------------------------------- */

static catalog *seed;

static void setup_seed(void)
{
    seed = seed_catalog_load();
}

static void teardown_seed(void)
{
    catalog_release(seed);
    seed = NULL;
}

/* The answer (or problem) of body, parsed; *status its status. */
static json_t *ask(const char *body, int *status)
{
    static const recommend_options opts = {.now = 0, .stale_after_hours = 0};
    json_error_t err;
    json_t *request = json_loads(body, 0, &err);
    ck_assert_msg(request != NULL, "bad test body: %s", err.text);
    char *text = recommend_answer_text(seed, request, &opts, status);
    json_decref(request);
    json_t *doc = json_loads(text, 0, &err);
    free(text);
    ck_assert_ptr_nonnull(doc);
    return doc;
}

static bool names_field(const json_t *refusal, const char *field)
{
    char *text = json_dumps(refusal, JSON_COMPACT);
    bool found = text != NULL && strstr(text, field) != NULL;
    free(text);
    return found;
}

static bool warns(const json_t *answer, const char *words)
{
    const json_t *list = json_object_get(json_object_get(answer, "requirements"), "warnings");
    size_t i;
    const json_t *w;
    json_array_foreach(list, i, w) if (strstr(json_string_value(w), words) != NULL) return true;
    return false;
}

START_TEST(full_training_in_integers_is_refused)
{
    static const char *const bodies[] = {
        "{\"workload\": {\"kind\": \"training\", \"model\": \"llama-3.1-8b\", \"precision\": \"int4\", "
        "\"tokens_b\": 1}}",
        "{\"workload\": {\"kind\": \"training\", \"model\": \"llama-3.1-8b\", \"precision\": \"int8\"}}",
        "{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-3.1-8b\", \"precision\": \"int8\", "
        "\"fine_tuning_method\": \"full\"}}",
    };
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        int status;
        json_t *doc = ask(bodies[i], &status);
        ck_assert_msg(status == 422, "body %zu: %d", i, status);
        ck_assert_msg(names_field(doc, "workload.precision"), "body %zu does not name workload.precision", i);
        json_decref(doc);
    }
    /* QLoRA keeps 4-bit frozen weights and computes in bf16: accepted */
    int status;
    json_t *doc = ask("{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-3.1-8b\", \"precision\": "
                      "\"int4\", \"fine_tuning_method\": \"qlora\"}}",
                      &status);
    ck_assert_int_eq(status, 200);
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(doc, "requirements"), "compute_precision")),
                     "bf16");
    json_decref(doc);
    /* fp8 training on A100s only: none runs FP8, so none is recommended */
    doc = ask("{\"workload\": {\"kind\": \"training\", \"model\": \"llama-3.1-8b\", \"precision\": \"fp8\", "
              "\"tokens_b\": 1}, \"constraints\": {\"gpu_models\": [\"a100-sxm-80gb\"]}}",
              &status);
    ck_assert_int_eq(status, 200);
    ck_assert_uint_eq(json_array_size(json_object_get(doc, "recommendations")), 0);
    ck_assert(json_integer_value(json_object_get(json_object_get(doc, "rejected"), "precision_unsupported")) > 0);
    json_decref(doc);
}
END_TEST

START_TEST(framework_chooses_the_memory_profile)
{
    int status;
    const char *body = "{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-3.1-8b\", \"fine_tuning_method\": "
                       "\"qlora\", \"lora_rank\": 32, \"sequence_length\": 28454, \"framework\": \"%s\"}}";
    char text[512];
    snprintf(text, sizeof text, body, "transformers");
    json_t *hf = ask(text, &status);
    ck_assert_int_eq(status, 200);
    snprintf(text, sizeof text, body, "unsloth");
    json_t *unsloth = ask(text, &status);
    ck_assert_int_eq(status, 200);
    const json_t *hf_req = json_object_get(hf, "requirements"), *un_req = json_object_get(unsloth, "requirements");
    ck_assert_str_eq(json_string_value(json_object_get(hf_req, "framework")), "transformers");
    double hf_gb = json_number_value(json_object_get(hf_req, "gpu_memory_gb"));
    double un_gb = json_number_value(json_object_get(un_req, "gpu_memory_gb"));
    /* the README's two columns: 28,454 tokens fill 80 GB with Transformers + FA2, fit 12 GB with Unsloth */
    ck_assert_msg(hf_gb > 76 && hf_gb <= 80, "transformers %g GB", hf_gb);
    ck_assert_msg(un_gb > 9 && un_gb < 14, "unsloth %g GB", un_gb);
    ck_assert(json_number_value(json_object_get(hf_req, "logits_gb")) > 50);
    /* each pick says the longest sequence its GPUs hold */
    const json_t *pick = json_array_get(json_object_get(hf, "recommendations"), 0);
    ck_assert_ptr_nonnull(pick);
    ck_assert(json_integer_value(json_object_get(pick, "longest_sequence_tokens")) >= 28454);
    json_decref(hf);
    json_decref(unsloth);
    /* the framework goes with fine-tuning only, and must be one the engine knows */
    json_t *doc = ask("{\"workload\": {\"kind\": \"training\", \"model\": \"llama-3.1-8b\", \"framework\": "
                      "\"unsloth\"}}",
                      &status);
    ck_assert_int_eq(status, 422);
    ck_assert(names_field(doc, "workload.framework"));
    json_decref(doc);
    doc = ask("{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-3.1-8b\", \"framework\": \"axolotl\"}}",
              &status);
    ck_assert_int_eq(status, 422);
    ck_assert(names_field(doc, "workload.framework"));
    json_decref(doc);
    /* a training pick has no longest sequence */
    doc = ask("{\"workload\": {\"kind\": \"training\", \"model\": \"llama-3.1-8b\", \"tokens_b\": 1}}", &status);
    ck_assert_int_eq(status, 200);
    ck_assert(json_is_null(json_object_get(json_array_get(json_object_get(doc, "recommendations"), 0),
                                           "longest_sequence_tokens")));
    json_decref(doc);
}
END_TEST

START_TEST(what_no_published_run_supports_is_warned)
{
    int status;
    json_t *doc = ask("{\"workload\": {\"kind\": \"training\", \"model\": \"llama-3.1-8b\", \"tokens_b\": 1, "
                      "\"utilization\": 1.0}}",
                      &status);
    ck_assert_int_eq(status, 200);
    ck_assert(warns(doc, "above what any published training run reaches"));
    json_decref(doc);
    doc = ask("{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-3.1-8b\", \"lora_rank\": 4096}}", &status);
    ck_assert_int_eq(status, 200);
    ck_assert(warns(doc, "no longer low-rank"));
    json_decref(doc);
    doc = ask("{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-8b\", \"sequence_length\": 1000000}}",
              &status);
    ck_assert_int_eq(status, 200);
    ck_assert(warns(doc, "beyond the 131072 tokens llama-3.1-8b was trained for"));
    json_decref(doc);
    doc = ask("{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-2-7b\", \"prompt_tokens\": 32768}}", &status);
    ck_assert_int_eq(status, 200);
    ck_assert(warns(doc, "prompt_tokens + output_tokens"));
    json_decref(doc);
    /* an ordinary request warns of nothing */
    doc = ask("{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-3.1-8b\", \"lora_rank\": 64, "
              "\"sequence_length\": 4096}}",
              &status);
    ck_assert_int_eq(status, 200);
    ck_assert_uint_eq(json_array_size(json_object_get(json_object_get(doc, "requirements"), "warnings")), 0);
    json_decref(doc);
}
END_TEST

static Suite *training_suite(void)
{
    Suite *s = suite_create("training");
    TCase *tc = tcase_create("formulas");
    tcase_add_test(tc, attention_flops_by_hand);
    tcase_add_test(tc, mla_and_sliding_window_attention_by_hand);
    tcase_add_test(tc, fp8_and_experts_by_hand);
    tcase_add_test(tc, transformers_qlora_fills_80_gb_at_28454_tokens);
    tcase_add_test(tc, unsloth_and_torchtune_profiles_by_hand);
    suite_add_tcase(s, tc);
    TCase *rules = tcase_create("rules");
    tcase_add_unchecked_fixture(rules, setup_seed, teardown_seed);
    tcase_set_timeout(rules, 60);
    tcase_add_test(rules, full_training_in_integers_is_refused);
    tcase_add_test(rules, framework_chooses_the_memory_profile);
    tcase_add_test(rules, what_no_published_run_supports_is_warned);
    suite_add_tcase(s, rules);
    return s;
}

int main(void)
{
    return check_run_suite(training_suite());
}
