/* Architecture-aware sizing (service/engine/perf/model.c), each formula against a published figure worked by hand in the
 * comment beside it. The architectures are the models catalogue's rows (migrations/0006_models.sql, from each model's
 * config.json); GPU figures are the NVIDIA datasheets': A100 80GB SXM 2039 GB/s and 312 dense BF16 TFLOPS, H100 SXM
 * 3350 GB/s, 989 dense BF16 and 1979 dense FP8 TFLOPS (the H800 has the H100 SXM's compute). */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/perf/model.h"
#include "engine/perf/sizing.h"
#include "support/check_support.h"

#define near(a, b) ck_assert_double_eq_tol((a), (b), 1e-9 * fmax(1.0, fabs((double)(b))))
/* a / b within [lo, hi] */
#define ratio_within(a, b, lo, hi)                                                                                     \
    do {                                                                                                               \
        double ratio_ = (a) / (b);                                                                                     \
        ck_assert_msg(ratio_ >= (lo) && ratio_ <= (hi), "%s / %s = %g, outside [%g, %g]", #a, #b, ratio_, (lo),       \
                      (hi));                                                                                           \
    } while (0)
#define within_3_percent(a, b) ratio_within((a), (b), 0.97, 1.03)

#define A100_GB_PER_S 2039.0
#define A100_BF16_TFLOPS 312.0
#define H100_GB_PER_S 3350.0
#define H100_BF16_TFLOPS 989.0
#define H100_FP8_TFLOPS 1979.0

/* Catalogue rows (0006_models.sql). */
static const model_arch llama_2_7b = {
    .id = "llama-2-7b", .params_b = 7, .active_params_b = 7, .layers = 32, .hidden_size = 4096,
    .intermediate_size = 11008, .gated_mlp = true, .attention_heads = 32, .kv_heads = 32, .head_dim = 128,
    .attention = ATTENTION_MHA, .vocab_size = 32000, .max_context = 4096};
static const model_arch llama_2_70b = {
    .id = "llama-2-70b", .params_b = 70, .active_params_b = 70, .layers = 80, .hidden_size = 8192,
    .intermediate_size = 28672, .gated_mlp = true, .attention_heads = 64, .kv_heads = 8, .head_dim = 128,
    .attention = ATTENTION_GQA, .vocab_size = 32000, .max_context = 4096};
static const model_arch llama_3_1_70b = {
    .id = "llama-3.1-70b", .params_b = 70, .active_params_b = 70, .layers = 80, .hidden_size = 8192,
    .intermediate_size = 28672, .gated_mlp = true, .attention_heads = 64, .kv_heads = 8, .head_dim = 128,
    .attention = ATTENTION_GQA, .vocab_size = 128256, .max_context = 131072};
static const model_arch mistral_7b = {
    .id = "mistral-7b", .params_b = 7.3, .active_params_b = 7.3, .layers = 32, .hidden_size = 4096,
    .intermediate_size = 14336, .gated_mlp = true, .attention_heads = 32, .kv_heads = 8, .head_dim = 128,
    .attention = ATTENTION_GQA, .vocab_size = 32000, .max_context = 8192, .sliding_window = 4096,
    .sliding_window_layers = 32};
static const model_arch mixtral_8x7b = {
    .id = "mixtral-8x7b", .params_b = 46.7, .active_params_b = 12.9, .layers = 32, .hidden_size = 4096,
    .moe_intermediate_size = 14336, .gated_mlp = true, .attention_heads = 32, .kv_heads = 8, .head_dim = 128,
    .attention = ATTENTION_GQA, .experts = 8, .experts_per_token = 2, .vocab_size = 32000, .max_context = 32768};
static const model_arch qwen3_30b_a3b = {
    .id = "qwen3-30b-a3b", .params_b = 30.5, .active_params_b = 3.3, .layers = 48, .hidden_size = 2048,
    .moe_intermediate_size = 768, .gated_mlp = true, .attention_heads = 32, .kv_heads = 4, .head_dim = 128,
    .attention = ATTENTION_GQA, .experts = 128, .experts_per_token = 8, .vocab_size = 151936,
    .max_context = 131072};
static const model_arch deepseek_v3 = {
    .id = "deepseek-v3", .params_b = 671, .active_params_b = 37, .layers = 61, .hidden_size = 7168,
    .intermediate_size = 18432, .moe_intermediate_size = 2048, .gated_mlp = true, .attention_heads = 128,
    .kv_heads = 128, .head_dim = 192, .attention = ATTENTION_MLA, .q_lora_rank = 1536, .kv_lora_rank = 512,
    .qk_nope_head_dim = 128, .qk_rope_head_dim = 64, .v_head_dim = 128, .experts = 256, .shared_experts = 1,
    .experts_per_token = 8, .dense_layers = 3, .vocab_size = 129280, .max_context = 131072};
static const model_arch deepseek_v2_lite = {
    .id = "deepseek-v2-lite", .params_b = 15.7, .active_params_b = 2.4, .layers = 27, .hidden_size = 2048,
    .intermediate_size = 10944, .moe_intermediate_size = 1408, .gated_mlp = true, .attention_heads = 16,
    .kv_heads = 16, .head_dim = 192, .attention = ATTENTION_MLA, .kv_lora_rank = 512, .qk_nope_head_dim = 128,
    .qk_rope_head_dim = 64, .v_head_dim = 128, .experts = 64, .shared_experts = 2, .experts_per_token = 6,
    .dense_layers = 1, .vocab_size = 102400, .max_context = 32768};
static const model_arch gpt_oss_120b = {
    .id = "gpt-oss-120b", .params_b = 117, .active_params_b = 5.1, .layers = 36, .hidden_size = 2880,
    .moe_intermediate_size = 2880, .gated_mlp = true, .attention_heads = 64, .kv_heads = 8, .head_dim = 64,
    .attention = ATTENTION_GQA, .experts = 128, .experts_per_token = 4, .vocab_size = 201088,
    .max_context = 131072, .sliding_window = 128, .sliding_window_layers = 18};
static const model_arch gemma_2_9b = {
    .id = "gemma-2-9b", .params_b = 9.24, .active_params_b = 9.24, .layers = 42, .hidden_size = 3584,
    .intermediate_size = 14336, .gated_mlp = true, .attention_heads = 16, .kv_heads = 8, .head_dim = 256,
    .attention = ATTENTION_GQA, .tied_embeddings = true, .vocab_size = 256000, .max_context = 8192,
    .sliding_window = 4096, .sliding_window_layers = 21};
static const model_arch opt_13b = {
    .id = "opt-13b", .params_b = 13, .active_params_b = 13, .layers = 40, .hidden_size = 5120,
    .intermediate_size = 20480, .gated_mlp = false, .attention_heads = 40, .kv_heads = 40, .head_dim = 128,
    .attention = ATTENTION_MHA, .tied_embeddings = true, .vocab_size = 50272, .max_context = 2048};
static const model_arch falcon_7b = {
    .id = "falcon-7b", .params_b = 7, .active_params_b = 7, .layers = 32, .hidden_size = 4544,
    .intermediate_size = 18176, .gated_mlp = false, .attention_heads = 71, .kv_heads = 1, .head_dim = 64,
    .attention = ATTENTION_MQA, .tied_embeddings = true, .vocab_size = 65024, .max_context = 2048};
/* LLaMA 65B, not in the catalogue: Touvron et al., "LLaMA" (arXiv:2302.13971), table 2: 65.2B parameters, dimension
 * 8192, 64 heads, 80 layers; SwiGLU width 22016 and vocabulary 32000 from the converted config.json
 * (huggingface.co/huggyllama/llama-65b/blob/main/config.json). */
static const model_arch llama_65b = {
    .params_b = 65.2, .active_params_b = 65.2, .layers = 80, .hidden_size = 8192, .intermediate_size = 22016,
    .gated_mlp = true, .attention_heads = 64, .kv_heads = 64, .head_dim = 128, .attention = ATTENTION_MHA,
    .vocab_size = 32000, .max_context = 2048};

static const model_arch *const catalogue[] = {
    &llama_2_7b, &llama_2_70b, &llama_3_1_70b, &mistral_7b, &mixtral_8x7b,  &qwen3_30b_a3b, &deepseek_v3,
    &deepseek_v2_lite, &gpt_oss_120b, &gemma_2_9b, &opt_13b, &falcon_7b, &llama_65b,
};

START_TEST(attention_names)
{
    for (int k = 0; k < ATTENTION_COUNT; k++) {
        attention_kind parsed = ATTENTION_COUNT;
        ck_assert_int_eq(attention_kind_parse(attention_kind_name((attention_kind)k), &parsed), 0);
        ck_assert_int_eq(parsed, k);
    }
    ck_assert_str_eq(attention_kind_name(ATTENTION_GQA), "gqa");
    ck_assert_str_eq(attention_kind_name(ATTENTION_MLA), "mla");
    ck_assert_ptr_null(attention_kind_name(ATTENTION_COUNT));
    attention_kind out;
    ck_assert_int_eq(attention_kind_parse("GQA", &out), -1);
    ck_assert_int_eq(attention_kind_parse("", &out), -1);
    ck_assert_int_eq(attention_kind_parse(NULL, &out), -1);
}
END_TEST

START_TEST(estimate_shape)
{
    /* 196.608e9 / (12 x 128^2) = 1e6 = 100^3: 100 layers of d_model 12800, 100 heads of 128, MLP 4 x 12800 */
    model_arch a;
    model_arch_estimate(196.608, &a);
    ck_assert_int_eq(a.layers, 100);
    ck_assert_int_eq(a.hidden_size, 12800);
    ck_assert_int_eq(a.attention_heads, 100);
    ck_assert_int_eq(a.kv_heads, 100);
    ck_assert_int_eq(a.head_dim, 128);
    ck_assert_int_eq(a.intermediate_size, 51200);
    ck_assert(!a.gated_mlp);
    ck_assert_int_eq(a.attention, ATTENTION_MHA);
    ck_assert_int_eq(a.vocab_size, 32000);
    ck_assert(a.estimated);
    ck_assert_ptr_null(a.id);
    near(a.params_b, 196.608);
    near(a.active_params_b, 196.608);
    const char *field = NULL;
    ck_assert_int_eq(model_arch_check(&a, &field), 0);
    /* the same KV cache as sizing.c's MHA estimate: 2 x 100 x 12800 x 2 B = 5.12 MB per token */
    near(model_kv_bytes_per_token(&a, 2), 5.12e6);
    near(model_kv_cache_gb(&a, 2, 1, 1000), 5.12e6 * 1000 / 1e9);
    /* 7B: cbrt(7e9 / 196608) = 32.89 -> 33 layers of 4224 (Llama 2 7B has 32 of 4096) */
    model_arch_estimate(7, &a);
    ck_assert_int_eq(a.layers, 33);
    ck_assert_int_eq(a.hidden_size, 4224);
    ck_assert_int_eq(model_arch_check(&a, &field), 0);
    model_arch_estimate(0.001, &a); /* cbrt(5.09) = 1.72 -> 2 layers */
    ck_assert_int_eq(a.layers, 2);
    ck_assert_int_eq(model_arch_check(&a, &field), 0);
}
END_TEST

static const char *broken_field(model_arch a)
{
    const char *field = NULL;
    ck_assert_int_eq(model_arch_check(&a, &field), -1);
    ck_assert_ptr_nonnull(field);
    return field;
}

START_TEST(arch_check)
{
    for (size_t i = 0; i < sizeof catalogue / sizeof *catalogue; i++) {
        const char *field = NULL;
        ck_assert_msg(model_arch_check(catalogue[i], &field) == 0, "%s: %s", catalogue[i]->id ? catalogue[i]->id : "?",
                      field ? field : "");
    }
    model_arch a = llama_2_70b;
    a.kv_heads = 7; /* does not divide 64 */
    ck_assert_str_eq(broken_field(a), "kv_heads");
    a = llama_2_70b;
    a.attention = ATTENTION_MHA; /* MHA with 8 of 64 KV heads */
    ck_assert_str_eq(broken_field(a), "kv_heads");
    a = llama_2_7b;
    a.layers = 0;
    ck_assert_str_eq(broken_field(a), "layers");
    a = llama_2_7b;
    a.active_params_b = 3; /* dense, yet fewer active than total */
    ck_assert_str_eq(broken_field(a), "active_params_b");
    a = deepseek_v3;
    a.kv_lora_rank = 0;
    ck_assert_str_eq(broken_field(a), "kv_lora_rank");
    a = llama_2_7b;
    a.kv_lora_rank = 512; /* MLA ranks on an MHA model */
    ck_assert_str_eq(broken_field(a), "kv_lora_rank");
    a = mixtral_8x7b;
    a.moe_intermediate_size = 0;
    ck_assert_str_eq(broken_field(a), "moe_intermediate_size");
    a = mixtral_8x7b;
    a.experts_per_token = 9;
    ck_assert_str_eq(broken_field(a), "experts_per_token");
    a = deepseek_v3;
    a.intermediate_size = 0; /* three dense layers without a width */
    ck_assert_str_eq(broken_field(a), "intermediate_size");
    a = mistral_7b;
    a.sliding_window = 0; /* sliding layers without a window */
    ck_assert_str_eq(broken_field(a), "sliding_window_layers");
    a = gemma_2_9b;
    a.sliding_window_layers = 43;
    ck_assert_str_eq(broken_field(a), "sliding_window_layers");
    a = llama_2_7b;
    a.attention = ATTENTION_COUNT;
    ck_assert_str_eq(broken_field(a), "attention");
    ck_assert_int_eq(model_arch_check(NULL, NULL), -1);
}
END_TEST

START_TEST(param_counts)
{
    /* Llama-2-7b-hf model.safetensors.index.json: total_size 13,476,839,424 bytes at fp16 = 6.738B parameters */
    within_3_percent(model_param_count_b(&llama_2_7b, false), 6.738);
    /* Llama-2-70b-hf model.safetensors.index.json (15 shards): total_size 137,953,316,864 bytes = 68.98B; card "70B" */
    within_3_percent(model_param_count_b(&llama_2_70b, false), 68.98);
    within_3_percent(model_param_count_b(&llama_2_70b, false), llama_2_70b.params_b);
    /* Llama 3.1 70B card: 70B (the 128256-token vocabulary adds 2 x 0.79B over Llama 2 70B) */
    within_3_percent(model_param_count_b(&llama_3_1_70b, false), llama_3_1_70b.params_b);
    /* Mixtral announcement (mistral.ai/news/mixtral-of-experts): 46.7B total, 12.9B per token */
    within_3_percent(model_param_count_b(&mixtral_8x7b, false), 46.7);
    within_3_percent(model_param_count_b(&mixtral_8x7b, true), 12.9);
    /* DeepSeek-V3 report (arXiv:2412.19437), abstract: 671B total, 37B activated per token */
    within_3_percent(model_param_count_b(&deepseek_v3, false), 671);
    within_3_percent(model_param_count_b(&deepseek_v3, true), 37);
    /* Qwen3-30B-A3B card: 30.5B total, 3.3B activated */
    within_3_percent(model_param_count_b(&qwen3_30b_a3b, false), 30.5);
    within_3_percent(model_param_count_b(&qwen3_30b_a3b, true), 3.3);
    /* gpt-oss model card (arXiv:2508.10925), table 1: 116.83B total and 5.13B active, the active count leaving out the
     * input embedding table (201088 x 2880 = 0.579B) */
    within_3_percent(model_param_count_b(&gpt_oss_120b, false), 116.83);
    within_3_percent(model_param_count_b(&gpt_oss_120b, true) - 201088.0 * 2880 / 1e9, 5.13);
    /* LLaMA paper, table 2: 65.2B; Gemma 2 paper: 917,504,000 + 8,324,201,984 = 9.24B; OPT-13B, Falcon-7B: 13B, 7B */
    within_3_percent(model_param_count_b(&llama_65b, false), 65.2);
    within_3_percent(model_param_count_b(&gemma_2_9b, false), 9.2417);
    within_3_percent(model_param_count_b(&opt_13b, false), 13);
    within_3_percent(model_param_count_b(&falcon_7b, false), 7);
    /* DeepSeek-V2-Lite card (queries not compressed, q_lora_rank 0): 15.7B total */
    within_3_percent(model_param_count_b(&deepseek_v2_lite, false), 15.7);
    /* a dense model's active count is its total */
    near(model_param_count_b(&llama_2_70b, true), model_param_count_b(&llama_2_70b, false));
    /* Llama 2 7B by hand: embeddings 2 x 32000 x 4096 = 262,144,000; per layer 4 x 4096^2 + 3 x 4096 x 11008
     * + 2 x 4096 = 202,383,360, x 32 = 6,476,267,520; final norm 4096: 6,738,415,616 */
    near(model_param_count_b(&llama_2_7b, false), 6.738415616);
}
END_TEST

START_TEST(weight_bytes)
{
    near(model_weight_bytes(PRECISION_FP64), 8.0);
    near(model_weight_bytes(PRECISION_FP32), 4.0);
    near(model_weight_bytes(PRECISION_TF32), 4.0);
    near(model_weight_bytes(PRECISION_BF16), 2.0);
    near(model_weight_bytes(PRECISION_FP16), 2.0);
    near(model_weight_bytes(PRECISION_FP8), 1.0);
    near(model_weight_bytes(PRECISION_INT8), 1.0);
    /* 4 bits + (16-bit scale + 4-bit zero) / 128 weights = 4.15625 bits */
    near(model_weight_bytes(PRECISION_INT4), 4.15625 / 8.0);
    ck_assert(isnan(model_weight_bytes(PRECISION_COUNT)));
    /* QLoRA, section 3: 4 + 0.127 bits (8/64 + 32/(64 x 256) = 0.126953) */
    near(model_nf4_weight_bytes(), (4.0 + 0.126953125) / 8.0);
    /* Llama 2 70B at bf16: 70 x 2 = 140 GB from the card's 70B; the released checkpoint is 137.95 GB (above) */
    near(model_weights_gb(&llama_2_70b, PRECISION_BF16), 140.0);
    ratio_within(model_weights_gb(&llama_2_70b, PRECISION_BF16), 137.953316864, 0.98, 1.02);
    near(model_weights_gb(&llama_2_70b, PRECISION_INT4), 70 * 0.51953125);
}
END_TEST

START_TEST(kv_per_token)
{
    /* vLLM paper (Kwon et al., SOSP'23, arXiv:2309.06180), section 3: OPT-13B caches 2 x 5120 x 40 x 2 bytes =
     * 819,200 B = 800 KB per token */
    near(model_kv_bytes_per_token(&opt_13b, 2), 819200.0);
    /* Llama 2 70B, GQA: 2 x 80 layers x 8 KV heads x 128 x 2 bytes = 327,680 B (0.33 MB; MHA would be 2.6 MB) */
    near(model_kv_bytes_per_token(&llama_2_70b, 2), 327680.0);
    near(model_kv_bytes_per_token(&llama_2_70b, 1), 163840.0); /* fp8 KV */
    /* DeepSeek-V3, MLA (DeepSeek-V2 paper, table 1: (d_c + d_h^R) x l elements): 61 x (512 + 64) x 2 = 70,272 B */
    near(model_kv_bytes_per_token(&deepseek_v3, 2), 70272.0);
    /* Falcon-7B, MQA: 2 x 32 x 1 x 64 x 2 = 8,192 B */
    near(model_kv_bytes_per_token(&falcon_7b, 2), 8192.0);
}
END_TEST

START_TEST(kv_cache_windows)
{
    /* Mistral 7B paper (arXiv:2310.06825), section 2: the rolling buffer cache of W = 4096 "on a sequence length of
     * 32k tokens ... reduces the cache memory usage by 8x" */
    model_arch full = mistral_7b;
    full.sliding_window = 0;
    full.sliding_window_layers = 0;
    near(model_kv_cache_gb(&full, 2, 1, 32768) / model_kv_cache_gb(&mistral_7b, 2, 1, 32768), 8.0);
    /* 32 layers x 8 x 128 x 2 x 2 B = 131,072 B per token x 4096 = 0.536870912 GB, for each of 4 sequences */
    near(model_kv_cache_gb(&mistral_7b, 2, 4, 32768), 4 * 0.536870912);
    near(model_kv_cache_gb(&mistral_7b, 2, 1, 1000), 0.131072); /* under the window nothing is capped */
    /* Gemma 2 9B at its 8192 context: 21 global layers x 8192 + 21 local x 4096 tokens, 2 x 8 x 256 x 2 = 8192 B per
     * layer-token: 258,048 x 8192 = 2.113929216 GB (3/4 of the uncapped 2.818572288) */
    near(model_kv_cache_gb(&gemma_2_9b, 2, 1, 8192), 2.113929216);
    /* gpt-oss-120b at 131072: (18 x 131072 + 18 x 128) x 2 x 8 x 64 x 2 B = 2,361,600 x 2048 = 4.8365568 GB */
    near(model_kv_cache_gb(&gpt_oss_120b, 2, 1, 131072), 4.8365568);
    /* Llama 2 70B at batch 8 x 4096: 327,680 x 32768 = 10.737418240 GB; DeepSeek-V3 at 8 x 128k */
    near(model_kv_cache_gb(&llama_2_70b, 2, 8, 4096), 10.73741824);
    near(model_kv_cache_gb(&deepseek_v3, 2, 8, 131072), 70272.0 * 8 * 131072 / 1e9);
    near(model_kv_cache_gb(&llama_2_70b, 2, 0, 4096), 0.0);
    near(model_kv_cache_gb(&llama_2_70b, 2, 8, 0), 0.0);
}
END_TEST

START_TEST(activations)
{
    /* LLaMA 65B, 512 tokens: 34 x 512 x 8192 x 80 = 11,408,506,880 B; checkpointed 2 x 512 x 8192 x 80 + one layer's
     * 34 x 512 x 8192 = 671,088,640 + 142,606,336 = 813,694,976 B */
    near(model_activations_gb(&llama_65b, 1, 512, false), 11.40850688);
    near(model_activations_gb(&llama_65b, 1, 512, true), 0.813694976);
    near(model_activations_gb(&llama_65b, 4, 128, true), 0.813694976);
    near(model_activations_gb(&llama_65b, 0, 512, true), 0.0);
}
END_TEST

START_TEST(lora_params)
{
    /* LLaMA 65B, rank 64: q, k, v, o 4 x 64 x (8192 + 8192) = 4,194,304; gate, up, down 3 x 64 x (8192 + 22016) =
     * 5,799,936; x 80 layers = 799,539,200 */
    near(model_lora_params_b(&llama_65b, 64), 0.7995392);
    /* Mixtral, rank 16, experts frozen: q 16 x 8192, k and v 16 x 5120, o 16 x 8192 = 425,984 x 32 = 13,631,488 */
    near(model_lora_params_b(&mixtral_8x7b, 16), 0.013631488);
    /* DeepSeek-V3, rank 8. MLA per layer: q_a 7168 + 1536, q_b 1536 + 128 x 192, kv_a 7168 + 576, kv_b 512 + 128 x 256,
     * o 16384 + 7168 = 8704 + 26112 + 7744 + 33280 + 23552 = 99,392 x 8 = 795,136, x 61 = 48,503,296; 3 dense MLPs
     * 3 x 3 x 8 x (7168 + 18432) = 1,843,200; 58 shared experts 58 x 3 x 8 x (7168 + 2048) = 12,828,672 */
    near(model_lora_params_b(&deepseek_v3, 8), (48503296.0 + 1843200.0 + 12828672.0) / 1e9);
    /* OPT-13B, plain MLP: 40 x 16 x (4 x 10240 + 2 x 25600) = 58,982,400 */
    near(model_lora_params_b(&opt_13b, 16), 0.0589824);
    near(model_lora_params_b(&opt_13b, 0), 0.0);
}
END_TEST

/* QLoRA (arXiv:2305.14314), abstract: "finetune a 65B parameter model on a single 48GB GPU"; section 4 uses rank-64
 * adapters on every linear layer. NF4 weights 65.2B x 0.515875 B = 33.64 GB, adapters 0.80B x 16 B of mixed-precision
 * AdamW state (ZeRO, arXiv:1910.02054, section 3.1) = 12.79 GB, checkpointed activations of 1 x 512 tokens 0.81 GB:
 * 47.24 GB. The same paper puts a full 16-bit fine-tune of 65B at ">780GB". */
START_TEST(qlora_65b_fits_48gb)
{
    double weights = llama_65b.params_b * model_nf4_weight_bytes();
    double adapters = model_lora_params_b(&llama_65b, 64) * 16.0;
    double activation_gb = model_activations_gb(&llama_65b, 1, 512, true);
    double total = weights + adapters + activation_gb;
    ck_assert_msg(total < 48.0, "QLoRA 65B needs %.2f GB", total);
    ck_assert_msg(total > 40.0, "QLoRA 65B needs %.2f GB", total);
    double full = 16.0 * llama_65b.params_b + model_activations_gb(&llama_65b, 1, 512, false);
    ck_assert_msg(full > 780.0, "full fine-tune %.0f GB", full);
    /* the LoRA step is 4 N per token, checkpointing 6 N */
    near(model_lora_flops(&llama_65b, 1, false), 4 * 65.2e18);
    near(model_lora_flops(&llama_65b, 1, true), 6 * 65.2e18);
}
END_TEST

START_TEST(training_compute)
{
    /* DeepSeek-V3 report (arXiv:2412.19437): 14.8T tokens, 37B activated; 6 x 37e9 x 14.8e12 = 3.2856e24 FLOPs. Its
     * 2.788M H800 GPU hours (2.664M of them pre-training) at 989 dense BF16 TFLOPS are 9.93e24 FLOPs of peak: an
     * implied MFU of 33.1 % (34.6 % of the pre-training hours). Priced as dense (671B) it would be 18x more. */
    double v3 = model_training_flops(&deepseek_v3, 14800, false);
    near(v3, 3.2856e24);
    double v3_mfu = v3 / (2.788e6 * 3600.0 * H100_BF16_TFLOPS * 1e12);
    ck_assert_double_eq_tol(v3_mfu, 0.331, 0.001);
    /* gpurec's hours at its default utilisation 0.4: 2.307M, 0.83x the published 2.788M */
    ratio_within(sizing_job_hours(v3, 1, H100_BF16_TFLOPS, SIZING_DEFAULT_UTILIZATION), 2.788e6, 0.8, 0.9);
    /* Llama 2 paper (arXiv:2307.09288), table 2: 70B on 2T tokens, 1,720,320 A100-80GB GPU hours. 6 x 70e9 x 2e12 =
     * 8.4e23 FLOPs over 1,720,320 x 3600 x 312e12 = 1.932e24: implied MFU 43.5 %; at 0.4 gpurec says 1.87M hours */
    double l70 = model_training_flops(&llama_2_70b, 2000, false);
    near(l70, 8.4e23);
    ck_assert_double_eq_tol(l70 / (1720320.0 * 3600.0 * A100_BF16_TFLOPS * 1e12), 0.435, 0.001);
    ratio_within(sizing_job_hours(l70, 1, A100_BF16_TFLOPS, SIZING_DEFAULT_UTILIZATION), 1720320.0, 1.05, 1.12);
    /* Llama 2 7B: 184,320 GPU hours for 6 x 7e9 x 2e12 = 8.4e22: MFU 40.6 % */
    double l7 = model_training_flops(&llama_2_7b, 2000, false);
    ratio_within(sizing_job_hours(l7, 1, A100_BF16_TFLOPS, SIZING_DEFAULT_UTILIZATION), 184320.0, 0.98, 1.06);
    /* checkpointing adds a forward pass: 8 N */
    near(model_training_flops(&llama_2_70b, 2000, true), 8 * 70e9 * 2e12);
}
END_TEST

static model_speed speed(const model_arch *a, precision p, double batch, double prompt, double output, int tp,
                         double gb_per_s, double tflops)
{
    model_serving s = {.weight_precision = p, .kv_bytes = 2, .batch = batch, .prompt_tokens = prompt,
                       .output_tokens = output, .tensor_parallel = tp, .bandwidth_gb_per_s = gb_per_s,
                       .peak_tflops = tflops};
    model_speed out;
    ck_assert_int_eq(model_speed_estimate(a, &s, &out), 0);
    return out;
}

/* A request's latency: the first token at time_to_first_token, then one decode step per further token. */
static double request_ms(const model_speed *sp, double output)
{
    return sp->time_to_first_token_ms + (output - 1) * 1000.0 / sp->decode_tokens_per_s_per_sequence;
}

START_TEST(decode_speed_published)
{
    /* NVIDIA NeMo Framework performance page (docs.nvidia.com/nemo-framework/user-guide/latest/performance/llama.html,
     * "Llama-2 Results", TensorRT-LLM at bfloat16, 128 input / 20 output tokens): Llama-2-7B at batch 1 on one A100
     * 80GB SXM4 234.0 ms, on one H100 80GB HBM3 153.8 ms. gpurec: 13.4 ms prefill + 19 x 10.1 ms = 205 ms (0.88x);
     * 6.1 + 19 x 6.1 = 123 ms (0.80x). */
    model_speed a100 = speed(&llama_2_7b, PRECISION_BF16, 1, 128, 20, 1, A100_GB_PER_S, A100_BF16_TFLOPS);
    ck_assert(a100.bandwidth_bound);
    ratio_within(request_ms(&a100, 20), 234.0, 0.8, 1.0);
    model_speed h100 = speed(&llama_2_7b, PRECISION_BF16, 1, 128, 20, 1, H100_GB_PER_S, H100_BF16_TFLOPS);
    ratio_within(request_ms(&h100, 20), 153.8, 0.75, 0.9);
    /* NVIDIA NIM benchmark (docs.nvidia.com/nim/benchmarking/llm, Llama-3.3-70b-instruct, NIM 1.8.0, 2 x H100 80G,
     * fp8, TP2, concurrency 1): 5000 in / 500 out, inter-token latency 18.58 ms = 53.8 tokens/s; 500 in / 2000 out,
     * 18.91 ms and time to first token 47.77 ms. gpurec: 70 GB / (2 x 3350 x 0.685 GB/s) + KV = 15.7 ms (63.9 tokens/s,
     * 1.19x); TTFT 2 x 70e9 x 500 / (2 x 1979e12 x 0.43) = 41.1 ms (0.86x). (The 5000-token TTFT of the same table,
     * 406.77 ms, is where MODEL_COMPUTE_EFFICIENCY comes from: gpurec 411 ms.) */
    model_speed nim = speed(&llama_3_1_70b, PRECISION_FP8, 1, 5000, 500, 2, H100_GB_PER_S, H100_FP8_TFLOPS);
    ratio_within(nim.decode_tokens_per_s_per_sequence, 1000.0 / 18.58, 1.1, 1.25);
    ratio_within(nim.time_to_first_token_ms, 406.77, 0.98, 1.03);
    model_speed nim_short = speed(&llama_3_1_70b, PRECISION_FP8, 1, 500, 2000, 2, H100_GB_PER_S, H100_FP8_TFLOPS);
    ratio_within(nim_short.decode_tokens_per_s_per_sequence, 1000.0 / 18.91, 1.1, 1.25);
    ratio_within(nim_short.time_to_first_token_ms, 47.77, 0.8, 0.95);
    /* gpt-fast (github.com/pytorch-labs/gpt-fast, README, "Tensor Parallelism"): Llama-2-70B fp16 on 8 x A100-80GB at
     * batch 1, 62.50 tokens/s. gpurec 140 GB / (8 x 2039 x 0.685 GB/s) = 12.5 ms, 79.8 tokens/s (1.28x: the
     * all-reduces gpurec neglects cost most at TP 8). Its TP 1 Llama-2-7B row, 104.9 tokens/s, is the calibration of
     * MODEL_DECODE_BANDWIDTH_EFFICIENCY: gpurec 99.6 (0.95x, from the card's 7B rather than 6.74B). */
    model_speed tp8 = speed(&llama_2_70b, PRECISION_FP16, 1, 5, 200, 8, A100_GB_PER_S, A100_BF16_TFLOPS);
    ratio_within(tp8.decode_tokens_per_s_per_sequence, 62.50, 1.2, 1.35);
    model_speed tp1 = speed(&llama_2_7b, PRECISION_FP16, 1, 5, 200, 1, A100_GB_PER_S, A100_BF16_TFLOPS);
    ratio_within(tp1.decode_tokens_per_s_per_sequence, 104.9, 0.9, 1.0);
}
END_TEST

START_TEST(decode_speed_formula)
{
    /* Llama 2 70B bf16 on 4 H100 at batch 1: 140 GB weights + 327,680 B x (1000 + 100) KV = 140.360448 GB per step,
     * over 4 x 3350 x 0.685 = 9179 GB/s: 15.29 ms, 65.4 tokens/s */
    model_speed s = speed(&llama_2_70b, PRECISION_BF16, 1, 1000, 200, 4, H100_GB_PER_S, H100_BF16_TFLOPS);
    near(s.bytes_per_step, 140e9 + 327680.0 * 1100);
    near(s.decode_tokens_per_s_per_sequence, 4 * H100_GB_PER_S * 1e9 * MODEL_DECODE_BANDWIDTH_EFFICIENCY /
                                                 (140e9 + 327680.0 * 1100));
    near(s.decode_tokens_per_s, s.decode_tokens_per_s_per_sequence);
    ck_assert(s.bandwidth_bound);
    /* prefill 2 x 70e9 per token at 4 x 989 x 0.43 TFLOPS = 12,152 tokens/s; 1000 tokens in 82.3 ms */
    near(s.prefill_tokens_per_s, 4 * 989e12 * MODEL_COMPUTE_EFFICIENCY / 140e9);
    near(s.time_to_first_token_ms, 1000 * 1000.0 / s.prefill_tokens_per_s);
    /* at batch 512 the step computes 2 x 70e9 x 512 = 7.17e13 FLOPs, 42.1 ms, slower than its 140 + 184.5 GB read */
    model_speed big = speed(&llama_2_70b, PRECISION_BF16, 512, 1000, 200, 4, H100_GB_PER_S, H100_BF16_TFLOPS);
    ck_assert(!big.bandwidth_bound);
    near(big.decode_tokens_per_s, 512 / (140e9 * 512 / (4 * 989e12 * MODEL_COMPUTE_EFFICIENCY)));
    /* Mixtral at batch 1 reads the non-expert 3.43 % of 46.7B and 2 of 8 experts (uniform routing): 46.7 x 2 x
     * (0.0343 + 0.9657 x 0.25) = 25.75 GB, about the 12.9B active x 2 bytes; at batch 64, 1 - 0.75^64 = all of them */
    model_speed m1 = speed(&mixtral_8x7b, PRECISION_BF16, 1, 100, 100, 2, H100_GB_PER_S, H100_BF16_TFLOPS);
    double kv1 = model_kv_cache_gb(&mixtral_8x7b, 2, 1, 150) * 1e9;
    ratio_within(m1.bytes_per_step - kv1, 12.9 * 2 * 1e9, 0.97, 1.03);
    double routed = 32.0 * 8 * 3 * 4096 * 14336 / (model_param_count_b(&mixtral_8x7b, false) * 1e9);
    near(m1.bytes_per_step - kv1, 46.7e9 * 2 * ((1 - routed) + routed * 0.25));
    model_speed m64 = speed(&mixtral_8x7b, PRECISION_BF16, 64, 100, 100, 2, H100_GB_PER_S, H100_BF16_TFLOPS);
    double kv64 = model_kv_cache_gb(&mixtral_8x7b, 2, 64, 150) * 1e9;
    near(m64.bytes_per_step - kv64, 46.7e9 * 2 * ((1 - routed) + routed * (1 - pow(0.75, 64))));
    /* DeepSeek-V3 fp8 at batch 1 reads (dense part + 8/256 of the experts) of 671 GB, about 37 GB */
    model_speed v3 = speed(&deepseek_v3, PRECISION_FP8, 1, 100, 100, 8, H100_GB_PER_S, H100_FP8_TFLOPS);
    ratio_within(v3.bytes_per_step, 37e9, 0.95, 1.1);
}
END_TEST

START_TEST(speed_rejects)
{
    model_serving s = {.weight_precision = PRECISION_BF16, .kv_bytes = 2, .batch = 1, .prompt_tokens = 100,
                       .output_tokens = 100, .tensor_parallel = 1, .bandwidth_gb_per_s = 2039, .peak_tflops = 312};
    model_speed out;
    ck_assert_int_eq(model_speed_estimate(&llama_2_7b, &s, &out), 0);
    model_serving bad = s;
    bad.batch = 0;
    ck_assert_int_eq(model_speed_estimate(&llama_2_7b, &bad, &out), -1);
    near(out.decode_tokens_per_s, 0.0);
    bad = s;
    bad.tensor_parallel = 0;
    ck_assert_int_eq(model_speed_estimate(&llama_2_7b, &bad, &out), -1);
    bad = s;
    bad.bandwidth_gb_per_s = NAN;
    ck_assert_int_eq(model_speed_estimate(&llama_2_7b, &bad, &out), -1);
    bad = s;
    bad.weight_precision = PRECISION_COUNT;
    ck_assert_int_eq(model_speed_estimate(&llama_2_7b, &bad, &out), -1);
    ck_assert_int_eq(model_speed_estimate(NULL, &s, &out), -1);
}
END_TEST

static Suite *model_suite(void)
{
    Suite *s = suite_create("model");
    TCase *shape = tcase_create("shape");
    tcase_add_test(shape, attention_names);
    tcase_add_test(shape, estimate_shape);
    tcase_add_test(shape, arch_check);
    tcase_add_test(shape, param_counts);
    suite_add_tcase(s, shape);
    TCase *memory = tcase_create("memory");
    tcase_add_test(memory, weight_bytes);
    tcase_add_test(memory, kv_per_token);
    tcase_add_test(memory, kv_cache_windows);
    tcase_add_test(memory, activations);
    tcase_add_test(memory, lora_params);
    tcase_add_test(memory, qlora_65b_fits_48gb);
    suite_add_tcase(s, memory);
    TCase *compute = tcase_create("compute");
    tcase_add_test(compute, training_compute);
    tcase_add_test(compute, decode_speed_published);
    tcase_add_test(compute, decode_speed_formula);
    tcase_add_test(compute, speed_rejects);
    suite_add_tcase(s, compute);
    return s;
}

int main(void)
{
    return check_run_suite(model_suite());
}
