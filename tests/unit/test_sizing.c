/* Sizing formulas (service/engine/sizing.c), each against figures computed by hand in the comments.
 * A model of 196.608 B parameters is used where the transformer shape matters: 196.608e9 / (12 x 128^2) = 1e6 = 100^3,
 * so it has exactly 100 layers and d_model 12 800. */
#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/sizing.h"
#include "support/check_support.h"

#define EXACT_PARAMS_B 196.608
#define near(a, b) ck_assert_double_eq_tol((a), (b), 1e-9 * fmax(1.0, fabs(b)))

START_TEST(bytes_per_param_by_precision)
{
    near(sizing_bytes_per_param(PRECISION_FP64), 8.0);
    near(sizing_bytes_per_param(PRECISION_FP32), 4.0);
    near(sizing_bytes_per_param(PRECISION_TF32), 4.0);
    near(sizing_bytes_per_param(PRECISION_BF16), 2.0);
    near(sizing_bytes_per_param(PRECISION_FP16), 2.0);
    near(sizing_bytes_per_param(PRECISION_FP8), 1.0);
    near(sizing_bytes_per_param(PRECISION_INT8), 1.0);
    near(sizing_bytes_per_param(PRECISION_INT4), 0.5);
    ck_assert(isnan(sizing_bytes_per_param(PRECISION_COUNT)));
}
END_TEST

START_TEST(weights)
{
    near(sizing_weights_gb(7, PRECISION_FP16), 14.0);  /* 7e9 x 2 B */
    near(sizing_weights_gb(13, PRECISION_INT8), 13.0); /* 13e9 x 1 B */
    near(sizing_weights_gb(70, PRECISION_INT4), 35.0); /* 70e9 x 0.5 B */
    near(sizing_weights_gb(70, PRECISION_FP32), 280.0);
}
END_TEST

START_TEST(transformer_shape)
{
    double layers, d_model;
    sizing_transformer_shape(EXACT_PARAMS_B, &layers, &d_model);
    near(layers, 100.0);
    near(d_model, 12800.0);
    /* 7B: cbrt(7e9 / 196608) = 32.89 layers: Llama 2 7B has 32 layers of 4096 */
    sizing_transformer_shape(7, &layers, &d_model);
    ck_assert_double_eq_tol(layers, 32.89, 0.01);
    ck_assert_double_eq_tol(d_model, 4210.5, 1.0);
}
END_TEST

START_TEST(kv_cache)
{
    /* 2 x 100 layers x 12800 x (1 x 1000 tokens) x 2 B = 5.12e9 B */
    near(sizing_kv_cache_gb(EXACT_PARAMS_B, PRECISION_FP16, 1, 1000), 5.12);
    /* int8 weights keep 16-bit KV; fp8 caches 1 byte; fp32 4 bytes; batch 4 x 500 tokens is the same 2000 tokens */
    near(sizing_kv_cache_gb(EXACT_PARAMS_B, PRECISION_INT8, 1, 1000), 5.12);
    near(sizing_kv_cache_gb(EXACT_PARAMS_B, PRECISION_FP8, 1, 1000), 2.56);
    near(sizing_kv_cache_gb(EXACT_PARAMS_B, PRECISION_FP32, 4, 500), 20.48);
    near(sizing_kv_cache_gb(EXACT_PARAMS_B, PRECISION_FP16, 0, 1000), 0.0);
    near(sizing_kv_cache_gb(EXACT_PARAMS_B, PRECISION_FP16, 8, 0), 0.0);
}
END_TEST

START_TEST(inference_memory)
{
    near(sizing_inference_gb(7, PRECISION_FP16, 0, 0), 16.8);  /* 1.2 x 14 */
    near(sizing_inference_gb(13, PRECISION_INT8, 0, 0), 15.6); /* 1.2 x 13 */
    /* 1.2 x 393.216 + 5.12 = 476.9792 */
    near(sizing_inference_gb(EXACT_PARAMS_B, PRECISION_FP16, 1, 1000), 476.9792);
}
END_TEST

START_TEST(activations)
{
    /* 34 x 1000 x 1 x 12800 x 100 = 43.52e9 B; 32-bit activations double it */
    near(sizing_activations_gb(EXACT_PARAMS_B, PRECISION_BF16, 1, 1000), 43.52);
    near(sizing_activations_gb(EXACT_PARAMS_B, PRECISION_FP32, 1, 1000), 87.04);
    near(sizing_activations_gb(EXACT_PARAMS_B, PRECISION_BF16, 2, 1000), 87.04);
}
END_TEST

START_TEST(training_memory)
{
    /* 16 x 196.608 = 3145.728 GB + 43.52 */
    near(sizing_training_gb(EXACT_PARAMS_B, PRECISION_BF16, 1, 1000), 3189.248);
}
END_TEST

START_TEST(lora_memory)
{
    /* weights 393.216 + adapter 0.01 x 196.608 x 16 = 31.45728 + activations 43.52 = 468.19328 */
    near(sizing_lora_gb(EXACT_PARAMS_B, PRECISION_BF16, 1, 1000), 468.19328);
    /* QLoRA-style int4: 98.304 + 31.45728 + 43.52 */
    near(sizing_lora_gb(EXACT_PARAMS_B, PRECISION_INT4, 1, 1000), 173.28128);
}
END_TEST

START_TEST(flops)
{
    near(sizing_training_flops(7, 1000), 4.2e22); /* 6 x 7e9 x 1e12 */
    near(sizing_lora_flops(7, 1000), 2.8e22);     /* 4 x 7e9 x 1e12 */
    near(sizing_training_flops(175, 300), 3.15e23);
}
END_TEST

START_TEST(job_hours)
{
    /* 1.44e19 / (1 x 100e12 x 0.4) = 360 000 s = 100 h */
    near(sizing_job_hours(1.44e19, 1, 100, 0.4), 100.0);
    /* eight GPUs: an eighth; a half GPU slice: twice */
    near(sizing_job_hours(1.44e19, 8, 100, 0.4), 12.5);
    near(sizing_job_hours(1.44e19, 0.5, 100, 0.4), 200.0);
    ck_assert(isnan(sizing_job_hours(0, 1, 100, 0.4)));
    ck_assert(isnan(sizing_job_hours(1e18, 1, NAN, 0.4)));
    ck_assert(isnan(sizing_job_hours(1e18, 1, 100, 0)));
}
END_TEST

START_TEST(job_cost)
{
    near(sizing_job_cost_usd(100, 2.5, 4), 1000.0);
    near(sizing_job_cost_usd(0.5, 98.32, 1), 49.16);
}
END_TEST

START_TEST(nodes_for_memory)
{
    ck_assert_uint_eq(sizing_nodes_for_memory(100, 80), 2);
    ck_assert_uint_eq(sizing_nodes_for_memory(80, 80), 1);
    ck_assert_uint_eq(sizing_nodes_for_memory(160.1, 80), 3);
    ck_assert_uint_eq(sizing_nodes_for_memory(0.5, 80), 1);
    ck_assert_uint_eq(sizing_nodes_for_memory(1166, 640), 2);
    ck_assert_uint_eq(sizing_nodes_for_memory(10, 0), 0);
}
END_TEST

START_TEST(decode_speed)
{
    /* 3350 GB/s / 14 GB of fp16 7B weights = 239.29 tokens/s */
    ck_assert_double_eq_tol(sizing_decode_tokens_per_s(7, PRECISION_FP16, 3350), 239.2857, 1e-3);
    ck_assert(isnan(sizing_decode_tokens_per_s(7, PRECISION_FP16, 0)));
}
END_TEST

START_TEST(default_precision)
{
    ck_assert_int_eq(sizing_default_precision(WORKLOAD_TRAINING), PRECISION_BF16);
    ck_assert_int_eq(sizing_default_precision(WORKLOAD_FINE_TUNING), PRECISION_BF16);
    ck_assert_int_eq(sizing_default_precision(WORKLOAD_INFERENCE), PRECISION_FP16);
    ck_assert_int_eq(sizing_default_precision(WORKLOAD_HPC), PRECISION_FP64);
    ck_assert_int_eq(sizing_default_precision(WORKLOAD_RENDERING), PRECISION_FP32);
    ck_assert_int_eq(sizing_default_precision(WORKLOAD_GENERAL), PRECISION_FP32);
}
END_TEST

START_TEST(names)
{
    ck_assert_str_eq(workload_kind_name(WORKLOAD_FINE_TUNING), "fine_tuning");
    ck_assert_ptr_null(workload_kind_name(WORKLOAD_KIND_COUNT));
    ck_assert_str_eq(workload_bound_name(BOUND_MEMORY_BANDWIDTH), "memory_bandwidth");
    ck_assert_ptr_null(workload_bound_name(BOUND_COUNT));
}
END_TEST

START_TEST(derive_training_with_tokens)
{
    sizing_workload w = {.kind = WORKLOAD_TRAINING, .precision = PRECISION_BF16, .model_params_b = EXACT_PARAMS_B,
                         .tokens_b = 100, .sequence_length = 1000, .batch_size = 1};
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 3189.248);
    near(req.weights_gb, 393.216);
    near(req.flops, 6.0 * 196.608e9 * 100e9);
    near(req.utilization, 0.4);
    ck_assert_ptr_nonnull(strstr(req.formula, "16 bytes"));
    ck_assert_ptr_nonnull(strstr(req.formula, "FLOPs"));
}
END_TEST

START_TEST(derive_training_defaults_sequence)
{
    /* batch 1 and sequence 2048 by default: activations 34 x 2048 x 12800 x 100 = 89.12896e9 B */
    sizing_workload w = {.kind = WORKLOAD_TRAINING, .precision = PRECISION_BF16, .model_params_b = EXACT_PARAMS_B};
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 3145.728 + 89.12896);
    near(req.flops, 0.0);
}
END_TEST

START_TEST(derive_lora)
{
    sizing_workload w = {.kind = WORKLOAD_FINE_TUNING, .precision = PRECISION_BF16, .model_params_b = EXACT_PARAMS_B,
                         .tokens_b = 1, .sequence_length = 1000, .batch_size = 1, .utilization = 0.5};
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 468.19328);
    near(req.flops, 4.0 * 196.608e9 * 1e9);
    near(req.utilization, 0.5);
}
END_TEST

START_TEST(derive_inference)
{
    sizing_workload w = {.kind = WORKLOAD_INFERENCE, .precision = PRECISION_FP16, .model_params_b = 7};
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 16.8);
    near(req.flops, 0.0);
    ck_assert_ptr_nonnull(strstr(req.formula, "1.2 x weights"));
    /* with KV */
    w = (sizing_workload){.kind = WORKLOAD_INFERENCE, .precision = PRECISION_FP16, .model_params_b = EXACT_PARAMS_B,
                          .batch_size = 1, .sequence_length = 1000};
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 476.9792);
    ck_assert_ptr_nonnull(strstr(req.formula, "KV cache"));
}
END_TEST

START_TEST(derive_min_memory_raises)
{
    sizing_workload w = {.kind = WORKLOAD_INFERENCE, .precision = PRECISION_FP16, .model_params_b = 7,
                         .min_gpu_memory_gb = 40};
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 40.0);
    near(req.model_memory_gb, 16.8);
    /* a smaller minimum does not lower the derived figure */
    w.min_gpu_memory_gb = 10;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 16.8);
}
END_TEST

START_TEST(derive_defaults_without_model)
{
    sizing_workload w = {.kind = WORKLOAD_HPC, .precision = PRECISION_FP64};
    sizing_requirements req;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 32.0);
    w.kind = WORKLOAD_RENDERING;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 16.0);
    w.kind = WORKLOAD_GENERAL;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 8.0);
    w.min_gpu_memory_gb = 48;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 48.0);
}
END_TEST

START_TEST(derive_refuses_unsizable)
{
    sizing_requirements req;
    sizing_workload w = {.kind = WORKLOAD_TRAINING, .precision = PRECISION_BF16};
    ck_assert_int_eq(sizing_derive(&w, &req), -1);
    w.kind = WORKLOAD_INFERENCE;
    ck_assert_int_eq(sizing_derive(&w, &req), -1);
    w.min_gpu_memory_gb = 20;
    ck_assert_int_eq(sizing_derive(&w, &req), 0);
    near(req.gpu_memory_gb, 20.0);
}
END_TEST

static Suite *sizing_suite(void)
{
    Suite *s = suite_create("sizing");
    TCase *tc = tcase_create("formulas");
    tcase_add_test(tc, bytes_per_param_by_precision);
    tcase_add_test(tc, weights);
    tcase_add_test(tc, transformer_shape);
    tcase_add_test(tc, kv_cache);
    tcase_add_test(tc, inference_memory);
    tcase_add_test(tc, activations);
    tcase_add_test(tc, training_memory);
    tcase_add_test(tc, lora_memory);
    tcase_add_test(tc, flops);
    tcase_add_test(tc, job_hours);
    tcase_add_test(tc, job_cost);
    tcase_add_test(tc, nodes_for_memory);
    tcase_add_test(tc, decode_speed);
    tcase_add_test(tc, default_precision);
    tcase_add_test(tc, names);
    suite_add_tcase(s, tc);
    TCase *derive = tcase_create("derive");
    tcase_add_test(derive, derive_training_with_tokens);
    tcase_add_test(derive, derive_training_defaults_sequence);
    tcase_add_test(derive, derive_lora);
    tcase_add_test(derive, derive_inference);
    tcase_add_test(derive, derive_min_memory_raises);
    tcase_add_test(derive, derive_defaults_without_model);
    tcase_add_test(derive, derive_refuses_unsizable);
    suite_add_tcase(s, derive);
    return s;
}

int main(void)
{
    return check_run_suite(sizing_suite());
}
