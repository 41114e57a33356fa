/* Serving speed under load (service/engine/perf/serving.c): each formula worked by hand in the comment beside its
 * check, and batch-1 steps against published measurements. GPU figures are the NVIDIA datasheets': A100 80GB SXM
 * 2039 GB/s, 312 dense BF16 TFLOPS, NVLink 600 GB/s (300 each way); H100 SXM 3350 GB/s, 1979 dense FP8 TFLOPS, NVLink
 * 900 GB/s (450 each way). Architectures are the models catalogue's rows (migrations/0006_models.sql). */
#include <check.h>
#include <math.h>

#include "engine/perf/model.h"
#include "engine/perf/serving.h"
#include "support/check_support.h"

#define near(a, b) ck_assert_double_eq_tol((a), (b), 1e-6 * fmax(1.0, fabs((double)(b))))
#define ratio_within(a, b, lo, hi)                                                                                     \
    do {                                                                                                               \
        double ratio_ = (a) / (b);                                                                                     \
        ck_assert_msg(ratio_ >= (lo) && ratio_ <= (hi), "%s / %s = %g, outside [%g, %g]", #a, #b, ratio_, (lo),       \
                      (hi));                                                                                           \
    } while (0)

static const model_arch llama_2_7b = {
    .id = "llama-2-7b", .params_b = 7, .active_params_b = 7, .layers = 32, .hidden_size = 4096,
    .intermediate_size = 11008, .gated_mlp = true, .attention_heads = 32, .kv_heads = 32, .head_dim = 128,
    .attention = ATTENTION_MHA, .vocab_size = 32000, .max_context = 4096};
static const model_arch llama_2_70b = {
    .id = "llama-2-70b", .params_b = 70, .active_params_b = 70, .layers = 80, .hidden_size = 8192,
    .intermediate_size = 28672, .gated_mlp = true, .attention_heads = 64, .kv_heads = 8, .head_dim = 128,
    .attention = ATTENTION_GQA, .vocab_size = 32000, .max_context = 4096};
static const model_arch mixtral_8x7b = {
    .id = "mixtral-8x7b", .params_b = 46.7, .active_params_b = 12.9, .layers = 32, .hidden_size = 4096,
    .moe_intermediate_size = 14336, .gated_mlp = true, .attention_heads = 32, .kv_heads = 8, .head_dim = 128,
    .attention = ATTENTION_GQA, .experts = 8, .experts_per_token = 2, .vocab_size = 32000, .max_context = 32768};
static const model_arch deepseek_v3 = {
    .id = "deepseek-v3", .params_b = 671, .active_params_b = 37, .layers = 61, .hidden_size = 7168,
    .intermediate_size = 18432, .moe_intermediate_size = 2048, .gated_mlp = true, .attention_heads = 128,
    .kv_heads = 128, .head_dim = 192, .attention = ATTENTION_MLA, .q_lora_rank = 1536, .kv_lora_rank = 512,
    .qk_nope_head_dim = 128, .qk_rope_head_dim = 64, .v_head_dim = 128, .experts = 256, .shared_experts = 1,
    .experts_per_token = 8, .dense_layers = 3, .vocab_size = 129280, .max_context = 131072};

static serving_hardware a100(void)
{
    serving_hardware hw = {.bandwidth_gb_per_s = 2039, .peak_tflops = 312, .memory_gb = 80, .link_gb_per_s = 300,
                           .link_switched = true};
    serving_efficiency_of("nvidia", "ampere", &hw.efficiency);
    return hw;
}

static serving_hardware h100(void)
{
    serving_hardware hw = {.bandwidth_gb_per_s = 3350, .peak_tflops = 1979, .memory_gb = 80, .link_gb_per_s = 450,
                           .link_switched = true, .fabric_gb_per_s = 400};
    serving_efficiency_of("nvidia", "hopper", &hw.efficiency);
    return hw;
}

static serving_layout tp(int degree)
{
    serving_layout l = {.tensor_parallel = degree, .pipeline_parallel = 1, .expert_parallel = 1, .nodes = 1};
    return l;
}

static serving_load load(double batch, double prompt, double output, double weight_bytes, double kv_bytes)
{
    serving_load s = {.prompt_tokens = prompt, .output_tokens = output, .batch = batch, .kv_bytes = kv_bytes,
                      .dense_weight_bytes = weight_bytes, .expert_weight_bytes = weight_bytes};
    return s;
}

START_TEST(experts_touched)
{
    /* Mixtral, 2 of 8: one token reads 8 x (1 - 0.75) = 2 experts; 64 tokens 8 x (1 - 0.75^64), all but 1e-8 */
    near(serving_experts_touched(&mixtral_8x7b, 1), 2.0);
    near(serving_experts_touched(&mixtral_8x7b, 64), 8.0 * (1.0 - pow(0.75, 64)));
    /* DeepSeek-V3, 8 of 256: one token 8; 100 tokens 256 x (1 - (248/256)^100) = 245.3 */
    near(serving_experts_touched(&deepseek_v3, 1), 8.0);
    ck_assert_double_eq_tol(serving_experts_touched(&deepseek_v3, 100), 245.30, 0.01);
    near(serving_experts_touched(&llama_2_7b, 100), 0.0); /* dense */
}
END_TEST

START_TEST(allreduce)
{
    /* 16 MB over 8 GPUs on 450 GB/s links: 2 x 6 us + 2 x 7/8 x 16e6 / 450e9 = 12 + 62.22 = 74.22 us */
    ck_assert_double_eq_tol(serving_allreduce_s(16e6, 8, 450, true), 74.222e-6, 1e-9);
    /* over PCIe the latency is 2 x 20 us: 16 KB on 32 GB/s, 40 + 2 x 1/2 x 16e3 / 32e9 = 40.5 us */
    ck_assert_double_eq_tol(serving_allreduce_s(16e3, 2, 32, false), 40.5e-6, 1e-9);
    near(serving_allreduce_s(16e6, 1, 450, true), 0.0);
}
END_TEST

START_TEST(memory_per_gpu)
{
    serving_load s = load(1, 1000, 1000, 1.0, 1.0);
    /* Llama 2 70B at 1 byte on TP 4: 17.5 GB of weights a GPU; its 8 KV heads split 4 ways: 80 x 2 x 8 x 128 = 163,840
     * bytes a token, 2000 tokens = 327.68 MB, 81.92 MB a GPU; at TP 8, 8 ways; at TP 16 still 8 (heads replicated) */
    serving_layout l = tp(4);
    near(serving_weights_gb_per_gpu(&llama_2_70b, &l, &s), 17.5);
    near(serving_kv_gb_per_gpu(&llama_2_70b, &l, 1.0, 2000), 0.08192);
    l = tp(16);
    near(serving_kv_gb_per_gpu(&llama_2_70b, &l, 1.0, 2000), 0.04096);
    /* DeepSeek-V3's MLA latent (512 + 64 values x 61 layers = 35,136 bytes a token at fp8) is whole on each of 8 GPUs
     * of a node; over 2 nodes of pipeline stages it halves */
    l = tp(8);
    near(serving_kv_gb_per_gpu(&deepseek_v3, &l, 1.0, 1000), 0.035136);
    serving_layout pp = {.tensor_parallel = 8, .pipeline_parallel = 2, .expert_parallel = 1, .nodes = 2};
    near(serving_kv_gb_per_gpu(&deepseek_v3, &pp, 1.0, 1000), 0.017568);
    /* expert parallel over 16 GPUs: each node keeps the dense part (split 8 ways), the experts are split 16 ways */
    serving_layout ep = {.tensor_parallel = 8, .pipeline_parallel = 1, .expert_parallel = 16, .nodes = 2};
    double routed = 671.0 * model_routed_share(&deepseek_v3);
    near(serving_weights_gb_per_gpu(&deepseek_v3, &ep, &s), (671.0 - routed) / 8 + routed / 16);
    near(serving_weights_gb_per_gpu(&deepseek_v3, &pp, &s), 671.0 / 16);
}
END_TEST

/* A kernel's time from its compute and memory times (serving.c, kernel_s: the 1.5-norm). */
static double kernel(double compute_s, double memory_s)
{
    return pow(pow(compute_s, 1.5) + pow(memory_s, 1.5), 1.0 / 1.5);
}

START_TEST(step_by_hand)
{
    /* Llama 2 7B bf16, batch 1, 128 in / 20 out, one A100. A step decodes 1 token and prefills 128/20 = 6.4.
     * Weights: 14 GB over 2039 x 0.685 = 1396.7 GB/s = 10.024 ms, against 2 x 7e9 x 7.4 = 103.6 GFLOP over
     * 312 x 0.49 = 152.88 TFLOPS = 0.678 ms: bound by reading, (10.024^1.5 + 0.678^1.5)^(1/1.5) = 10.141 ms. Attention:
     * the decoding token reads 138 tokens of KV cache, 32 x 2 x 32 x 128 x 2 = 524,288 bytes each, 72.35 MB =
     * 0.0518 ms, against 138 x 2 x 32 x 256 x 32 = 72.35 MFLOP, 0.47 us. No communication. */
    serving_hardware hw = a100();
    serving_layout l = tp(1);
    serving_load s = load(1, 128, 20, 2.0, 2.0);
    serving_point p;
    ck_assert_int_eq(serving_step(&llama_2_7b, &hw, &l, &s, &p), 0);
    double bw = 2039e9 * 0.685, flops = 312e12 * 0.49;
    near(p.tokens_per_step, 7.4);
    near(p.linear_s, kernel(2 * 7e9 * 7.4 / flops, 14e9 / bw));
    ck_assert_double_eq_tol(p.linear_s * 1000.0, 10.141, 0.001);
    near(p.attention_s, kernel(138 * 2.0 * 32 * 256 * 32 / flops, 524288.0 * 138 / bw));
    near(p.communication_s, 0.0);
    near(p.step_s, p.linear_s + p.attention_s);
    ck_assert(!p.compute_bound);
    near(p.output_tokens_per_s, 1.0 / p.step_s);
    near(p.prefill_tokens_per_s, 6.4 / p.step_s);
    near(p.time_per_output_token_ms, p.step_s * 1000.0);
    /* the first token: the whole 128-token prompt in one chunk (under 8,192), 2 x 7e9 x 128 = 1.79 TFLOP, 11.72 ms
     * at 152.88 TFLOPS, beside the weights' 10.02 ms: 17.29 ms; plus its attention, each token over half the prompt,
     * 128 x 2 x 32 x 256 x 32 x 64 = 4.29 GFLOP, 0.0281 ms, no KV cache read */
    double first_ms = serving_first_token_ms(&llama_2_7b, &hw, &l, &s);
    near(first_ms, (kernel(2 * 7e9 * 128 / flops, 14e9 / bw) + 128 * 2.0 * 32 * 256 * 32 * 64 / flops) * 1000.0);
    ck_assert_double_eq_tol(first_ms, 17.31, 0.01);

    /* at batch 512 of 1000/200 tokens the products are bound by arithmetic: 512 x 6 = 3072 tokens, 2 x 7e9 x 3072 =
     * 43.0 TFLOP, 281.3 ms at 152.88 TFLOPS, beside the weights' 10.02 ms */
    s = load(512, 1000, 200, 2.0, 2.0);
    ck_assert_int_eq(serving_step(&llama_2_7b, &hw, &l, &s, &p), 0);
    ck_assert(p.compute_bound);
    near(p.linear_s, kernel(2 * 7e9 * 3072 / flops, 14e9 / bw));
}
END_TEST

START_TEST(node_bound)
{
    /* Llama 2 7B bf16 at 1000/200 tokens on one A100. Per output token: the linear products 2 x 7e9 x (1 + 5) =
     * 84 GFLOP at 152.88 TFLOPS, 0.5494 ms; attention 2 x 32 x 256 x 32 x (1100 + 5 x 500) = 1.887 GFLOP, 12.3 us,
     * against the KV cache it reads, 524,288 bytes x 1100 = 576.7 MB at 1396.7 GB/s, 0.4129 ms: at most
     * 1 / 0.9623 ms = 1039 tokens/s, and 8 GPUs 8 times that */
    serving_hardware hw = a100();
    serving_load s = load(1, 1000, 200, 2.0, 2.0);
    double bw = 2039e9 * 0.685, flops = 312e12 * 0.49;
    double per_token = 2 * 7e9 * 6 / flops + fmax(2.0 * 32 * 256 * 32 * (1100 + 5 * 500) / flops, 524288.0 * 1100 / bw);
    near(serving_node_tokens_bound(&llama_2_7b, &hw, &s, 1), 1.0 / per_token);
    ck_assert_double_eq_tol(serving_node_tokens_bound(&llama_2_7b, &hw, &s, 1), 1039.2, 0.1);
    near(serving_node_tokens_bound(&llama_2_7b, &hw, &s, 8), 8.0 / per_token);

    /* no layout of an 8-GPU node, at any batch, serves more than the bound: dense, GQA, MoE and MLA models, decode-
     * and prefill-heavy mixes, 16- and 8-bit weights */
    const model_arch *models[] = {&llama_2_7b, &llama_2_70b, &mixtral_8x7b, &deepseek_v3};
    const double mixes[][2] = {{128, 2048}, {2048, 128}, {1000, 1000}};
    hw = h100();
    for (size_t m = 0; m < sizeof models / sizeof *models; m++)
        for (size_t x = 0; x < sizeof mixes / sizeof *mixes; x++)
            for (double bytes = 1.0; bytes <= 2.0; bytes += 1.0) {
                s = load(1, mixes[x][0], mixes[x][1], bytes, bytes);
                double bound = serving_node_tokens_bound(models[m], &hw, &s, 8);
                for (int degree = 1; degree <= 8; degree *= 2)
                    for (double batch = 1; batch <= SERVING_ENGINE_MAX_BATCH; batch *= 4) {
                        serving_layout l = tp(degree);
                        serving_point p;
                        s.batch = batch;
                        ck_assert_int_eq(serving_step(models[m], &hw, &l, &s, &p), 0);
                        double node = 8 / degree * p.output_tokens_per_s;
                        ck_assert_msg(node <= bound, "%s %g/%g at %g bytes, tp %d, batch %g: %g > bound %g",
                                      models[m]->id, mixes[x][0], mixes[x][1], bytes, degree, batch, node, bound);
                        /* and it is a bound, not a guess: within a few times of what the node serves at scale */
                        if (batch == 1024 && degree == 1 && models[m] == &llama_2_7b)
                            ck_assert_msg(bound < 3 * node, "bound %g, node %g", bound, node);
                    }
            }
}
END_TEST

START_TEST(step_moe_and_layouts)
{
    serving_hardware hw = h100();
    serving_point p;
    /* Mixtral fp8 at batch 1 on one H100 with 100/100 tokens: 2 tokens a step (1 decode, 1 prefill) read the dense
     * part and 8 x (1 - 0.75^2) = 3.5 of 8 experts */
    serving_layout l = tp(1);
    serving_load s = load(1, 100, 100, 1.0, 1.0);
    ck_assert_int_eq(serving_step(&mixtral_8x7b, &hw, &l, &s, &p), 0);
    /* the dense part and the experts are kernels of their own: the dense part computes 2 x (12.9e9 - the two experts
     * a token runs) FLOPs a token, the experts 2 x the two experts' weights */
    double routed = 46.7e9 * model_routed_share(&mixtral_8x7b), routed_active = routed * 2 / 8;
    double bw = 3350e9 * 0.685, flops = 1979e12 * 0.49;
    near(p.linear_s, kernel(2 * (12.9e9 - routed_active) * 2 / flops, (46.7e9 - routed) / bw) +
                         kernel(2 * routed_active * 2 / flops, routed * 3.5 / 8 / bw));
    /* tensor parallel 2: 2 all-reduces a layer, 64 of 2 tokens x 4096 x 2 bytes: 2 x 6 us + 2 x 1/2 x 16384 / 450e9 */
    l = tp(2);
    ck_assert_int_eq(serving_step(&mixtral_8x7b, &hw, &l, &s, &p), 0);
    near(p.communication_s, 64 * (12e-6 + 16384.0 / 450e9));
    /* DeepSeek-V3 with its experts over 16 GPUs of 2 nodes: 61 attention all-reduces and 3 dense MLP ones within a
     * node, and for each of 58 MoE layers a dispatch and a combine, of 8 copies a token */
    serving_layout ep = {.tensor_parallel = 8, .pipeline_parallel = 1, .expert_parallel = 16, .nodes = 2};
    s = load(1, 100, 100, 1.0, 1.0);
    ck_assert_int_eq(serving_step(&deepseek_v3, &hw, &ep, &s, &p), 0);
    double hidden = 7168 * 2.0;
    double allreduces = 64 * serving_allreduce_s(1.0 * hidden, 8, 450, true);
    double alltoall = 2 * 58 * serving_alltoall_s(2.0 * 8 * hidden, &ep, &hw);
    near(p.communication_s, allreduces + alltoall);
    ck_assert(serving_alltoall_s(2.0 * 8 * hidden, &ep, &hw) > 25e-6); /* the fabric's latency at least */
}
END_TEST

START_TEST(batch_one_published)
{
    serving_point p;
    /* NVIDIA NeMo Framework performance page (docs.nvidia.com/nemo-framework/user-guide/latest/performance/llama.html,
     * "Llama-2 Results", TensorRT-LLM bf16, 128 in / 20 out): Llama-2-7B at batch 1 on one A100 80GB SXM4, 234.0 ms.
     * gpurec: 17.3 ms first token + 19 x 10.19 ms = 211 ms (0.90x) */
    serving_hardware a = a100();
    serving_layout l = tp(1);
    serving_load s = load(1, 128, 20, 2.0, 2.0);
    ck_assert_int_eq(serving_step(&llama_2_7b, &a, &l, &s, &p), 0);
    double request_ms = serving_first_token_ms(&llama_2_7b, &a, &l, &s) + 19 * p.time_per_output_token_ms;
    ratio_within(request_ms, 234.0, 0.8, 0.95);
    /* gpt-fast (github.com/pytorch-labs/gpt-fast, README, "Tensor Parallelism"): Llama-2-70B fp16 on 8 x A100-80GB at
     * batch 1, 62.50 tokens/s. gpurec: 17.5 GB a GPU at 1396.7 GB/s = 12.53 ms + 160 all-reduces of about 12 us =
     * 14.5 ms, 69 tokens/s (1.10x) */
    l = tp(8);
    s = load(1, 5, 200, 2.0, 2.0);
    ck_assert_int_eq(serving_step(&llama_2_70b, &a, &l, &s, &p), 0);
    ratio_within(p.output_tokens_per_s, 62.50, 1.0, 1.2);
    /* NVIDIA NIM benchmark (docs.nvidia.com/nim/benchmarking/llm, Llama-3.3-70b-instruct, NIM 1.8.0, 2 x H100, fp8,
     * TP2, concurrency 1, 5000 in / 500 out): inter-token latency 18.58 ms, first token 406.77 ms. gpurec: 35 GB a GPU
     * at 2294.75 GB/s = 15.25 ms + 160 all-reduces = 17.4 ms (0.94x); the prompt in one chunk, 700 TFLOP at
     * 1979 TFLOPS plus attention and all-reduces of 5000 tokens = 401 ms (0.99x) */
    serving_hardware h = h100();
    l = tp(2);
    s = load(1, 5000, 500, 1.0, 1.0);
    ck_assert_int_eq(serving_step(&llama_2_70b, &h, &l, &s, &p), 0);
    ratio_within(p.time_per_output_token_ms, 18.58, 0.85, 1.05);
    ratio_within(serving_first_token_ms(&llama_2_70b, &h, &l, &s), 406.77, 0.9, 1.1);
}
END_TEST

START_TEST(rejects)
{
    serving_hardware hw = h100();
    serving_layout l = tp(1);
    serving_load s = load(1, 100, 100, 1.0, 1.0);
    serving_point p;
    ck_assert_int_eq(serving_step(&llama_2_7b, &hw, &l, &s, &p), 0);
    s.batch = 0;
    ck_assert_int_eq(serving_step(&llama_2_7b, &hw, &l, &s, &p), -1);
    near(p.output_tokens_per_s, 0.0);
    s = load(1, 100, 100, NAN, 1.0);
    ck_assert(!serving_valid(&llama_2_7b, &hw, &l, &s));
    s = load(1, 100, 100, 1.0, 1.0);
    l.tensor_parallel = 0;
    ck_assert_int_eq(serving_step(&llama_2_7b, &hw, &l, &s, &p), -1);
}
END_TEST

START_TEST(efficiencies_by_vendor)
{
    serving_efficiency e;
    serving_efficiency_of("nvidia", "hopper", &e);
    near(e.compute, 0.49);
    near(e.memory, 0.685);
    ck_assert_ptr_nonnull(e.source);
    serving_efficiency_of("amd", "cdna3", &e);
    near(e.compute, 0.15);
    serving_efficiency_of("nvidia", "blackwell", &e);
    near(e.compute, 0.35);
    serving_efficiency_of(NULL, NULL, &e);
    near(e.memory, 0.685);
}
END_TEST

static Suite *serving_suite(void)
{
    Suite *s = suite_create("serving");
    TCase *parts = tcase_create("parts");
    tcase_add_test(parts, experts_touched);
    tcase_add_test(parts, allreduce);
    tcase_add_test(parts, memory_per_gpu);
    tcase_add_test(parts, efficiencies_by_vendor);
    suite_add_tcase(s, parts);
    TCase *step = tcase_create("step");
    tcase_add_test(step, step_by_hand);
    tcase_add_test(step, step_moe_and_layouts);
    tcase_add_test(step, batch_one_published);
    tcase_add_test(step, rejects);
    tcase_add_test(step, node_bound);
    suite_add_tcase(s, step);
    return s;
}

int main(void)
{
    return check_run_suite(serving_suite());
}
