/* Sizing (service/engine/perf/sizing.c) of catalogued models, each result checked against a published figure or worked
 * by hand in the comments. The models come from the migrated catalogue (migrations/0006_models.sql), as a request
 * naming them gets them. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "engine/perf/model.h"
#include "engine/perf/sizing.h"
#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "store/migrate.h"
#include "support/check_support.h"

#define near(a, b) ck_assert_double_eq_tol((a), (b), 1e-9 * fmax(1.0, fabs((double)(b))))
#define within(a, b, rel) ck_assert_msg(fabs((a) / (b) - 1.0) <= (rel), "%g is not within %g of %g", (double)(a), \
                                        (double)(rel), (double)(b))

static catalog *snap;

static void load(void)
{
    sqlite3 *db = NULL;
    char err[512];
    int applied = 0;
    ck_assert_int_eq(sqlite3_open(":memory:", &db), SQLITE_OK);
    ck_assert_msg(migrate_apply(db, "migrations", &applied, err, sizeof err) == 0, "migrate: %s", err);
    ck_assert_msg(store_catalog_load(db, &snap, err, sizeof err) == 0, "load: %s", err);
    sqlite3_close(db);
}

static void unload(void)
{
    catalog_release(snap);
    snap = NULL;
}

static sizing_workload workload_of(const char *model_id, workload_kind kind, precision p)
{
    const catalog_model *m = catalog_find_model(snap, model_id);
    ck_assert_msg(m != NULL, "%s is not catalogued", model_id);
    sizing_workload w = {.kind = kind, .precision = p, .has_model = true, .arch = m->arch};
    if (kind == WORKLOAD_FINE_TUNING)
        w.method = FINE_TUNE_LORA;
    return w;
}

START_TEST(kv_cache_of_gqa_and_mha_models)
{
    sizing_requirements req;
    /* Llama 2 70B, GQA: 2 x 80 layers x 8 KV heads x 128 x 2 bytes = 327,680 B per token, the "0.33 MB" the issue
     * works by hand; Qwen2.5 72B's "327 KB" (Zhao et al., arXiv:2505.09343, table 1) has the same shape */
    sizing_workload w = workload_of("llama-2-70b", WORKLOAD_INFERENCE, PRECISION_BF16);
    w.batch_size = 8;
    w.sequence_length = 8192;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.kv_bytes_per_token, 327680);
    near(req.kv_cache_gb, 327680.0 * 8 * 8192 / 1e9);
    ck_assert_ptr_nonnull(strstr(req.formula, "gqa"));
    /* OPT-13B, MHA: "the KV cache of a single token demands 800 KB of space, calculated as 2 x 5120 x 40 x 2"
     * (Kwon et al., vLLM, arXiv:2309.06180, section 3) = 819,200 B, and 1.6 GB for one 2048-token request */
    w = workload_of("opt-13b", WORKLOAD_INFERENCE, PRECISION_FP16);
    w.batch_size = 1;
    w.sequence_length = 2048;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.kv_bytes_per_token, 819200);
    within(req.kv_cache_gb, 1.6e9 * 1.048576 / 1e9, 0.03); /* the paper's 1.6 "GB" is 1.6 x 2^30 bytes, rounded */
    /* DeepSeek-V3, MLA: 61 x (512 + 64) x 2 = 70,272 B, "only 70 KB per token" (arXiv:2505.09343) */
    w = workload_of("deepseek-v3", WORKLOAD_INFERENCE, PRECISION_BF16);
    w.batch_size = 1;
    w.sequence_length = 1000;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.kv_bytes_per_token, 70272);
    /* a 405B deployment at batch 8 x 8k fits one 8 x H100 node (640 GB) in fp8: 405 GB of weights + 20 % + KV
     * 2 x 126 x 8 x 128 x 2 B x 65,536 tokens = 33.8 GB: 520 GB */
    w = workload_of("llama-3.1-405b", WORKLOAD_INFERENCE, PRECISION_FP8);
    w.batch_size = 8;
    w.sequence_length = 8192;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    ck_assert(req.gpu_memory_gb < 640);
    within(req.gpu_memory_gb, 405 * 1.2 + 516096.0 * 65536 / 1e9, 0.01);
}
END_TEST

START_TEST(moe_training_compute_from_active_params)
{
    /* DeepSeek-V3: 6 x 37B per token from active parameters, plus MLA's attention at the default 2,048 tokens:
     * 2 x 61 layers x 2048 x 128 heads x (128 + 64 + 128) / 2 = 5.117e9 forward, x 3 = 1.535e10; (2.22e11 +
     * 1.535e10) x 14.8T = 3.513e24 (the report's 2.664M H800 GPU-hours of pre-training then mean 366 TFLOPS per GPU);
     * counted from all 671B it would be 17 x more */
    sizing_workload w = workload_of("deepseek-v3", WORKLOAD_TRAINING, PRECISION_BF16);
    w.tokens_b = 14800;
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    within(req.flops, (6 * 37e9 + 3 * 2.0 * 61 * 2048 * 128 * (128 + 64 + 128) / 2) * 14.8e12, 0.001);
    within(req.flops / (2.664e6 * 3600) / 1e12, 366, 0.01);
    /* memory from all parameters: 16 bytes x 671B of AdamW state */
    within(req.weights_gb + req.optimizer_gb, 16 * 671.0, 0.001);
}
END_TEST

START_TEST(llama2_gpu_hours)
{
    /* Llama 2 70B: 2T tokens in 1,720,320 A100-80GB GPU-hours (Touvron et al., arXiv:2307.09288, table 2). At the
     * paper's implied 43.5 % of the A100's 312 dense bf16 TFLOPS the engine's time matches it */
    sizing_workload w = workload_of("llama-2-70b", WORKLOAD_TRAINING, PRECISION_BF16);
    w.tokens_b = 2000;
    w.utilization = 0.435;
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    double gpu_hours = sizing_job_hours(req.flops, 1, 312, req.utilization);
    within(gpu_hours, 1720320, 0.03);
}
END_TEST

START_TEST(qlora_65b_fits_one_48gb_gpu)
{
    /* "finetune a 65B parameter model on a single 48GB GPU" (Dettmers et al., QLoRA, arXiv:2305.14314, abstract),
     * with NF4 weights, rank-64 adapters, gradient checkpointing, batch 1 x 512 tokens. LLaMA 65B is not catalogued:
     * its shape from the LLaMA paper (Touvron et al., arXiv:2302.13971, table 2): 80 layers, d 8192, 64 heads */
    model_arch llama65 = {.params_b = 65.2, .active_params_b = 65.2, .layers = 80, .hidden_size = 8192,
                          .intermediate_size = 22016, .gated_mlp = true, .attention_heads = 64, .kv_heads = 64,
                          .head_dim = 128, .attention = ATTENTION_MHA, .vocab_size = 32000};
    sizing_workload w = {.kind = WORKLOAD_FINE_TUNING, .precision = PRECISION_BF16, .has_model = true,
                         .arch = llama65, .method = FINE_TUNE_QLORA, .lora_rank = 64, .batch_size = 1,
                         .sequence_length = 512, .tokens_b = 0.01};
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    /* with the default stack (Transformers + PEFT, engine/perf/finetune_memory.c) it comes to 51 GB: NF4 weights
     * with 16-bit embeddings 34.4 GB, rank-64 adapters 0.80 B x 16 = 12.8 GB, 512 tokens x (2 x 8192 x 80 + 34 x
     * 8192 + 16 x 32000) = 0.97 GB, a working set of 2.7 GB. The paper fits 48 GB with paged optimizers, which move
     * the adapters' AdamW state to host memory when the GPU runs short: the estimate is 6 % over, within the band
     * the validation set holds estimates to */
    ck_assert_msg(req.gpu_memory_gb > 48 && req.gpu_memory_gb < 48 * 1.1, "QLoRA 65B needs %.1f GB",
                  req.gpu_memory_gb);
    ck_assert_int_eq(req.compute_precision, PRECISION_BF16); /* NF4 storage, bf16 arithmetic (section 3) */
    /* (65.2e9 - 2 x 32000 x 8192) x (4 + 0.127) / 8 bytes + 2 x 32000 x 8192 x 2 bytes = 34.4 GB of frozen weights */
    within(req.weights_gb, ((65.2e9 - 2 * 32000.0 * 8192) * 4.127 / 8 + 2 * 32000.0 * 8192 * 2) / 1e9, 0.01);
    ck_assert_ptr_nonnull(strstr(req.formula, "QLoRA"));
    /* the same model fully fine-tuned in 16-bit: "from >780GB" (section 1) */
    w.method = FINE_TUNE_FULL;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    ck_assert(req.gpu_memory_gb > 780);
    /* LoRA sits between: 16-bit frozen weights, 130 GB */
    w.method = FINE_TUNE_LORA;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    ck_assert(req.gpu_memory_gb > 130 && req.gpu_memory_gb < 200);
}
END_TEST

START_TEST(lora_adapter_from_projection_shapes)
{
    /* Llama 2 7B, rank 16 on q, k, v, o (4096 x 4096 each) and gate, up (4096 x 11008), down (11008 x 4096):
     * 32 layers x 16 x (4 x 8192 + 3 x 15104) = 39,976,960 adapter parameters */
    sizing_workload w = workload_of("llama-2-7b", WORKLOAD_FINE_TUNING, PRECISION_BF16);
    w.tokens_b = 1;
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.adapter_params_b * 1e9, 39976960);
    near(req.optimizer_gb, 39976960 * 16 / 1e9);
    /* 4 x active for LoRA (no weight gradients of the frozen weights), with the card's 7B, plus the attention at
     * the default 2,048 tokens, 3 x 2 x 32 x 2048 x 4096 = 1.61e9: (2.8e10 + 1.61e9) x 1e9 */
    within(req.flops, (4 * 7e9 + 3 * 2.0 * 32 * 2048 * 4096) * 1e9, 0.001);
}
END_TEST

START_TEST(estimated_shape_says_so)
{
    sizing_workload w = {.kind = WORKLOAD_INFERENCE, .precision = PRECISION_FP16, .has_model = true};
    model_arch_estimate(7, &w.arch);
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.weights_gb, 14.0);
    near(req.overhead_gb, 2.8);
    near(req.gpu_memory_gb, 16.8); /* no batch or sequence: weights and overhead only */
    ck_assert_ptr_nonnull(strstr(req.formula, "estimated from the parameter count"));
}
END_TEST

START_TEST(min_memory_and_defaults)
{
    sizing_requirements req;
    sizing_workload w = {.kind = WORKLOAD_INFERENCE, .precision = PRECISION_FP16, .has_model = true,
                         .min_gpu_memory_gb = 40};
    model_arch_estimate(7, &w.arch);
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 40.0);
    near(req.model_memory_gb, 16.8);
    w = (sizing_workload){.kind = WORKLOAD_HPC, .precision = PRECISION_FP64};
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 32.0);
    w.kind = WORKLOAD_GENERAL;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 8.0);
    w = (sizing_workload){.kind = WORKLOAD_TRAINING, .precision = PRECISION_BF16};
    ck_assert_int_eq(sizing_derive(&w, &req), -1);
    w.kind = WORKLOAD_INFERENCE;
    ck_assert_int_eq(sizing_derive(&w, &req), -1);
    w.min_gpu_memory_gb = 20;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
}
END_TEST

START_TEST(job_hours_and_nodes)
{
    /* 1.44e19 / (1 x 100e12 x 0.4) = 360 000 s = 100 h; eight GPUs an eighth, a half slice twice */
    near(sizing_job_hours(1.44e19, 1, 100, 0.4), 100.0);
    near(sizing_job_hours(1.44e19, 8, 100, 0.4), 12.5);
    near(sizing_job_hours(1.44e19, 0.5, 100, 0.4), 200.0);
    ck_assert(isnan(sizing_job_hours(0, 1, 100, 0.4)));
    ck_assert_uint_eq(sizing_nodes_for_memory(100, 80), 2);
    ck_assert_uint_eq(sizing_nodes_for_memory(80, 80), 1);
    ck_assert_uint_eq(sizing_nodes_for_memory(10, 0), 0);
    ck_assert_int_eq(workload_kind_of(WORKLOAD_FINE_TUNING)->default_precision, PRECISION_BF16);
    ck_assert_int_eq(workload_kind_of(WORKLOAD_INFERENCE)->default_precision, PRECISION_FP16);
    ck_assert_str_eq(fine_tune_method_name(FINE_TUNE_QLORA), "qlora");
    ck_assert_str_eq(workload_kind_name(WORKLOAD_FINE_TUNING), "fine_tuning");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sizing");
    TCase *tc = tcase_create("sizing");
    tcase_add_unchecked_fixture(tc, load, unload);
    tcase_add_test(tc, kv_cache_of_gqa_and_mha_models);
    tcase_add_test(tc, moe_training_compute_from_active_params);
    tcase_add_test(tc, llama2_gpu_hours);
    tcase_add_test(tc, qlora_65b_fits_one_48gb_gpu);
    tcase_add_test(tc, lora_adapter_from_projection_shapes);
    tcase_add_test(tc, estimated_shape_says_so);
    tcase_add_test(tc, min_memory_and_defaults);
    tcase_add_test(tc, job_hours_and_nodes);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
