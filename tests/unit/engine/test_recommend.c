/* The recommendation engine (service/engine/recommend/).
 *
 * "synthetic": a small catalog built by hand below, with invented providers and prices, so every ranking and figure
 * can be worked out on paper (the comments do). "golden": the scenarios under tests/golden/recommend/<name>/ that have
 * a checks.json run against the seed catalog (every migration applied to an in-memory database): the body of their
 * `request` (the HTTP form tests/system/test_golden.c sends) goes to the engine, and checks.json states the properties the
 * answer must have (matchers described at match_value()). test_golden.c compares the same cases' exact answers. */
#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


#include "snapshot/catalog.h"
#include "engine/didyoumean.h"
#include "engine/perf/plan.h"
#include "engine/recommend/recommend.h"
#include "support/check_support.h"
#include "support/recommend_support.h"
#include "support/seed_catalog.h"
#include "base/util.h"

/* ---- the synthetic catalog -------------------------------------------------------------------------------------- */

static catalog_provider providers[] = {
    {.id = "alpha", .name = "Alpha Cloud", .currency = "USD", .price_source = "test"},
    {.id = "beta", .name = "Beta Cloud", .currency = "USD", .price_source = "test"},
};

static catalog_region regions[] = {
    {.provider = &providers[0], .id = "eu-west", .name = "EU West", .geography = "eu"},
    {.provider = &providers[0], .id = "us-east", .name = "US East", .geography = "us"},
    {.provider = &providers[1], .id = "us-east", .name = "US East", .geography = "us"},
};

/* Figures as in the seed catalog's datasheets (dense), NAN where the part has no such rate. */
static catalog_gpu gpus[] = {
    {.id = "a100-sxm-80gb", .name = "A100 80GB", .architecture = "ampere", .memory_gb = 80, .memory_bandwidth_gb_per_s = 2039,
     .fp64_tflops = 9.7, .fp64_tensor_tflops = 19.5, .fp32_tflops = 19.5, .tf32_tflops = 156, .fp16_tflops = 312,
     .bf16_tflops = 312, .fp8_tflops = NAN, .int8_tops = 624, .tdp_watts = 400, .ecc = true},
    {.id = "h100-sxm-80gb", .name = "H100 80GB", .architecture = "hopper", .memory_gb = 80, .memory_bandwidth_gb_per_s = 3350,
     .fp64_tflops = 33.5, .fp64_tensor_tflops = 66.9, .fp32_tflops = 66.9, .tf32_tflops = 494.7,
     .fp16_tflops = 989.4, .bf16_tflops = 989.4, .fp8_tflops = 1978.9, .int8_tops = 1978.9, .tdp_watts = 700,
     .ecc = true},
    {.id = "l4", .name = "L4", .memory_gb = 24, .memory_bandwidth_gb_per_s = 300, .fp64_tflops = 0.47,
     .fp64_tensor_tflops = NAN, .fp32_tflops = 30.3, .tf32_tflops = 60, .fp16_tflops = 121, .bf16_tflops = 121,
     .fp8_tflops = 242.5, .int8_tops = 242.5, .tdp_watts = 72, .ecc = true},
    {.id = "rtx-4090", .name = "RTX 4090", .memory_gb = 24, .memory_bandwidth_gb_per_s = 1008, .fp64_tflops = 1.29,
     .fp64_tensor_tflops = NAN, .fp32_tflops = 82.6, .tf32_tflops = 82.6, .fp16_tflops = 165.2,
     .bf16_tflops = 165.2, .fp8_tflops = 330.3, .int8_tops = 660.6, .tdp_watts = 450, .ecc = false},
    {.id = "t4", .name = "T4", .memory_gb = 16, .memory_bandwidth_gb_per_s = 320, .fp64_tflops = 0.25,
     .fp64_tensor_tflops = NAN, .fp32_tflops = 8.1, .tf32_tflops = NAN, .fp16_tflops = 65, .bf16_tflops = NAN,
     .fp8_tflops = NAN, .int8_tops = 130, .tdp_watts = 70, .ecc = true},
};
enum { G_A100, G_H100, G_L4, G_RTX, G_T4, GPU_N };

/* A cluster network here is 8 x 400 Gbps, the reference node of the utilisation model (engine/plan.c). */
#define INST(prov_, name_, gpu_, count_, mem_, ic_, cn_, gbps_)                                                       \
    {.provider = &providers[prov_], .gpu = &gpus[gpu_], .id = name_, .gpu_count = count_, .gpu_memory_gb = mem_,      \
     .gpu_interconnect = ic_, .cluster_network = cn_, .cluster_network_gbps = gbps_}

static catalog_instance instances[] = {
    INST(0, "a100x8", G_A100, 8, 640, "nvswitch", "efa", 3200),
    INST(0, "h100x8", G_H100, 8, 640, "nvswitch", "efa", 3200),
    INST(0, "l4-half", G_L4, 0.5, 12, "none", "none", 0),
    INST(0, "l4x1", G_L4, 1, 24, "none", "none", 0),
    INST(0, "l4x4", G_L4, 4, 96, "pcie", "none", 0),
    INST(0, "t4x1", G_T4, 1, 16, "none", "none", 0),
    INST(1, "h100x1", G_H100, 1, 80, "none", "none", 0),
    INST(1, "h100x8-ib", G_H100, 8, 640, "nvswitch", "infiniband", 3200),
    INST(1, "rtx4090x1", G_RTX, 1, 24, "none", "none", 0),
};
enum { I_A100X8, I_H100X8, I_L4HALF, I_L4X1, I_L4X4, I_T4X1, I_H100X1, I_H100X8IB, I_RTX, INSTANCE_N };

#define FRESH "2025-06-01T00:00:00Z"
#define PRICE(usd) {.present = true, .hourly = usd, .hourly_usd = usd, .usd_per_unit = 1, .currency = "USD",         \
                    .source = "test", .fetched_at = FRESH, .effective_at = FRESH}
#define STALE_PRICE(usd) {.present = true, .hourly = usd, .hourly_usd = usd, .usd_per_unit = 1, .currency = "USD",   \
                          .source = "test", .fetched_at = "2025-01-01T00:00:00Z", .effective_at = FRESH}
#define OFFER(inst_, region_, ...)                                                                                    \
    {.instance = &instances[inst_], .region = &regions[region_], .prices = {__VA_ARGS__}}

/* Sorted by provider, instance, region, as store_catalog_load sorts them. */
static catalog_offer offers[] = {
    OFFER(I_A100X8, 0, [PRICING_ON_DEMAND] = PRICE(30.00), [PRICING_SPOT] = PRICE(12.00)),
    OFFER(I_A100X8, 1, [PRICING_ON_DEMAND] = PRICE(32.77), [PRICING_SPOT] = PRICE(10.00)),
    OFFER(I_H100X8, 0, [PRICING_ON_DEMAND] = PRICE(98.32)),
    OFFER(I_H100X8, 1, [PRICING_ON_DEMAND] = PRICE(55.04), [PRICING_SPOT] = PRICE(25.00)),
    OFFER(I_L4HALF, 1, [PRICING_ON_DEMAND] = PRICE(0.40)),
    OFFER(I_L4X1, 0, [PRICING_ON_DEMAND] = PRICE(0.90)),
    OFFER(I_L4X1, 1, [PRICING_ON_DEMAND] = PRICE(0.80), [PRICING_SPOT] = PRICE(0.30)),
    OFFER(I_L4X4, 1, [PRICING_ON_DEMAND] = PRICE(4.60)),
    OFFER(I_T4X1, 0, [PRICING_ON_DEMAND] = PRICE(0.60)),
    OFFER(I_T4X1, 1, [PRICING_ON_DEMAND] = PRICE(0.526), [PRICING_SPOT] = PRICE(0.20),
          [PRICING_RESERVED_1Y] = PRICE(0.33)),
    OFFER(I_H100X1, 2, [PRICING_ON_DEMAND] = PRICE(2.49)),
    OFFER(I_H100X8IB, 2, [PRICING_ON_DEMAND] = PRICE(23.92)),
    OFFER(I_RTX, 2, [PRICING_ON_DEMAND] = STALE_PRICE(0.44), [PRICING_SPOT] = STALE_PRICE(0.30)),
};
#define OFFER_N (sizeof offers / sizeof offers[0])

static catalog synthetic;
static catalog_index by_gpu[GPU_N];
static size_t by_gpu_offers[GPU_N][OFFER_N];

static void build_synthetic(void)
{
    memset(&synthetic, 0, sizeof synthetic);
    memset(by_gpu, 0, sizeof by_gpu);
    snprintf(synthetic.version, sizeof synthetic.version, "0123456789abcdef");
    synthetic.providers = providers;
    synthetic.provider_count = 2;
    synthetic.regions = regions;
    synthetic.region_count = 3;
    synthetic.gpus = gpus;
    synthetic.gpu_count = GPU_N;
    synthetic.instances = instances;
    synthetic.instance_count = INSTANCE_N;
    synthetic.offers = offers;
    synthetic.offer_count = OFFER_N;
    size_t counts[GPU_N] = {0};
    for (size_t i = 0; i < OFFER_N; i++) {
        size_t g = (size_t)(offers[i].instance->gpu - gpus);
        by_gpu_offers[g][counts[g]++] = i;
    }
    for (size_t g = 0; g < GPU_N; g++)
        by_gpu[g] = (catalog_index){.offers = by_gpu_offers[g], .count = counts[g]};
    synthetic.offers_by_gpu = by_gpu;
}

/* 2025-06-02T00:00:00Z: the fresh prices are a day old, the rtx4090x1 ones 152 days. */
static time_t test_now(void)
{
    time_t t;
    ck_assert_int_eq(util_parse_time("2025-06-02T00:00:00Z", &t), 0);
    return t;
}

/* Runs body against snap; returns the answer (success) or the problem as JSON, with *status. */
static json_t *run_on(const catalog *snap, const char *body, int *status)
{
    json_error_t error;
    json_t *request = json_loads(body, JSON_DECODE_ANY, &error);
    ck_assert_msg(request != NULL, "bad test JSON %s: %s", body, error.text);
    recommend_options opts = {.now = test_now(), .stale_after_hours = 48};
    char *text = recommend_answer_text(snap, request, &opts, status);
    json_decref(request);
    json_error_t parse_error;
    json_t *result = json_loads(text, JSON_REJECT_DUPLICATES, &parse_error);
    ck_assert_msg(result != NULL, "the answer is not JSON (%s): %s", parse_error.text, text);
    free(text);
    return result;
}

static json_t *run_ok(const char *body)
{
    int status;
    json_t *doc = run_on(&synthetic, body, &status);
    char *text = json_dumps(doc, JSON_COMPACT);
    ck_assert_msg(status == 200, "expected 200 for %s, got %d: %s", body, status, text);
    free(text);
    return doc;
}

static const json_t *rec(const json_t *doc, size_t i)
{
    return json_array_get(json_object_get(doc, "recommendations"), i);
}

static size_t rec_count(const json_t *doc)
{
    return json_array_size(json_object_get(doc, "recommendations"));
}

static const char *str_at(const json_t *obj, const char *key)
{
    const char *s = json_string_value(json_object_get(obj, key));
    ck_assert_msg(s != NULL, "missing string %s", key);
    return s;
}

static double num_at(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    ck_assert_msg(json_is_number(v), "missing number %s", key);
    return json_number_value(v);
}

static long long rejected_count(const json_t *doc, const char *reason)
{
    const json_t *v = json_object_get(json_object_get(doc, "rejected"), reason);
    return v ? json_integer_value(v) : 0;
}

static bool strings_contain(const json_t *array, const char *needle)
{
    size_t i;
    const json_t *s;
    json_array_foreach(array, i, s) {
        if (json_is_string(s) && strstr(json_string_value(s), needle) != NULL)
            return true;
    }
    return false;
}

#define assert_instance(doc, i, provider, instance)                                                                  \
    do {                                                                                                              \
        ck_assert_str_eq(str_at(rec(doc, i), "provider"), provider);                                                  \
        ck_assert_str_eq(str_at(rec(doc, i), "instance_type"), instance);                                             \
    } while (0)

/* ---- validation ------------------------------------------------------------------------------------------------- */

typedef struct bad_case {
    const char *body;
    int status;
    const char *field; /* a field the problem must name */
} bad_case;

static const bad_case bad_cases[] = {
    {"[]", 400, NULL},
    {"\"text\"", 400, NULL},
    {"{}", 422, "workload"},
    {"{\"workload\": []}", 422, "workload"},
    {"{\"workload\": {}}", 422, "workload.kind"},
    {"{\"workload\": {\"kind\": \"mining\"}}", 422, "workload.kind"},
    {"{\"workload\": {\"kind\": 3}}", 422, "workload.kind"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"precision\": \"fp12\"}}", 422,
     "workload.precision"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": -7}}", 422, "workload.model_params_b"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 0}}", 422, "workload.model_params_b"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 1e300}}", 422, "workload.model_params_b"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": \"7\"}}", 422, "workload.model_params_b"},
    {"{\"workload\": {\"kind\": \"inference\"}}", 422, "workload.model"},
    {"{\"workload\": {\"kind\": \"training\", \"tokens_b\": 10}}", 422, "workload.model"},
    /* the model, fine-tuning and serving members */
    {"{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-9-70b\"}}", 422, "workload.model"},
    {"{\"workload\": {\"kind\": \"inference\", \"model\": 70}}", 422, "workload.model"},
    {"{\"workload\": {\"kind\": \"inference\", \"model\": \"x\", \"architecture\": {}}}", 422,
     "workload.architecture"},
    {"{\"workload\": {\"kind\": \"inference\", \"architecture\": {\"params_b\": 7, \"layers\": 32}}}", 422,
     "workload.architecture.hidden_size"},
    {"{\"workload\": {\"kind\": \"inference\", \"architecture\": {\"params_b\": 7, \"layers\": 32, "
     "\"hidden_size\": 4096, \"attention_heads\": 32, \"kv_heads\": 5}}}", 422, "workload.architecture.kv_heads"},
    {"{\"workload\": {\"kind\": \"inference\", \"architecture\": {\"params_b\": 7, \"layers\": 32, "
     "\"hidden_size\": 4096, \"attention_heads\": 32, \"colour\": 1}}}", 422, "workload.architecture.colour"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"fine_tuning_method\": \"lora\"}}", 422,
     "workload.fine_tuning_method"},
    {"{\"workload\": {\"kind\": \"fine_tuning\", \"model_params_b\": 7, \"fine_tuning_method\": \"dora\"}}", 422,
     "workload.fine_tuning_method"},
    {"{\"workload\": {\"kind\": \"fine_tuning\", \"model_params_b\": 7, \"fine_tuning_method\": \"full\", "
     "\"lora_rank\": 8}}", 422, "workload.lora_rank"},
    {"{\"workload\": {\"kind\": \"fine_tuning\", \"model_params_b\": 7, \"lora_rank\": 0}}", 422,
     "workload.lora_rank"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"gradient_checkpointing\": true}}", 422,
     "workload.gradient_checkpointing"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"kv_cache_precision\": \"int4\"}}", 422,
     "workload.kv_cache_precision"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"target_tokens_per_s\": 100, "
     "\"requests_per_s\": 2}}", 422, "workload.requests_per_s"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"target_tokens_per_s\": 0}}", 422,
     "workload.target_tokens_per_s"},
    {"{\"workload\": {\"kind\": \"training\", \"model_params_b\": 7, \"max_ttft_ms\": 100}}", 422,
     "workload.max_ttft_ms"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"tokens_b\": 10}}", 422, "workload.tokens_b"},
    {"{\"workload\": {\"kind\": \"training\", \"model_params_b\": 7, \"tensor_parallel\": 2}}", 422,
     "workload.tensor_parallel"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"tensor_parallel\": 0}}", 422,
     "workload.tensor_parallel"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"tensor_parallel\": 73}}", 422,
     "workload.tensor_parallel"},
    {"{\"workload\": {\"kind\": \"inference\", \"architecture\": {\"params_b\": 7, \"layers\": 32, "
     "\"hidden_size\": 4096, \"attention_heads\": 32, \"kv_heads\": 8}, \"tensor_parallel\": 3}}", 422,
     "workload.tensor_parallel"},
    {"{\"workload\": {\"kind\": \"training\", \"model_params_b\": 7, \"tokens_b\": 10, \"hours\": 5}}", 422,
     "workload.hours"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"batch_size\": 1.5}}", 422,
     "workload.batch_size"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"sequence_length\": 0}}", 422,
     "workload.sequence_length"},
    {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"latency_sensitive\": \"yes\"}}", 422,
     "workload.latency_sensitive"},
    {"{\"workload\": {\"kind\": \"general\", \"gpus\": 0}}", 422, "workload.gpus"},
    {"{\"workload\": {\"kind\": \"general\", \"hours\": -1}}", 422, "workload.hours"},
    {"{\"workload\": {\"kind\": \"general\", \"utilization\": 1.5}}", 422, "workload.utilization"},
    {"{\"workload\": {\"kind\": \"general\", \"bound\": \"io\"}}", 422, "workload.bound"},
    {"{\"workload\": {\"kind\": \"general\", \"model\": \"llama\"}}", 422, "workload.model"},
    {"{\"workload\": {\"kind\": \"general\"}, \"extra\": 1}", 422, "extra"},
    {"{\"workload\": {\"kind\": \"general\"}, \"objective\": \"fastest\"}", 422, "objective"},
    {"{\"workload\": {\"kind\": \"general\"}, \"limit\": 0}", 422, "limit"},
    {"{\"workload\": {\"kind\": \"general\"}, \"limit\": 101}", 422, "limit"},
    {"{\"workload\": {\"kind\": \"general\"}, \"limit\": \"5\"}", 422, "limit"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": 5}", 422, "constraints"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"pricing\": [\"cheap\"]}}", 422,
     "constraints.pricing[0]"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"pricing\": []}}", 422, "constraints.pricing"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"pricing\": \"spot\"}}", 422, "constraints.pricing"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"providers\": [\"gamma\"]}}", 422,
     "constraints.providers[0]"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"providers\": [\"alpha\", 7]}}", 422,
     "constraints.providers[1]"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"providers\": []}}", 422, "constraints.providers"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"gpu_models\": []}}", 422, "constraints.gpu_models"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"regions\": [\"mars-1\"]}}", 422,
     "constraints.regions[0]"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"gpu_models\": [\"h200\"]}}", 422,
     "constraints.gpu_models[0]"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"exclude_gpu_models\": [\"x\"]}}", 422,
     "constraints.exclude_gpu_models[0]"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"max_hourly_usd\": 0}}", 422,
     "constraints.max_hourly_usd"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"max_total_usd\": 100}}", 422,
     "constraints.max_total_usd"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"min_gpus\": 8, \"max_gpus\": 4}}", 422,
     "constraints.min_gpus"},
    {"{\"workload\": {\"kind\": \"general\", \"gpus\": 16}, \"constraints\": {\"max_gpus\": 8}}", 422,
     "workload.gpus"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"max_nodes\": 0}}", 422, "constraints.max_nodes"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"require_ecc\": 1}}", 422,
     "constraints.require_ecc"},
    {"{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"gpu\": \"h100\"}}", 422, "constraints.gpu"},
};

static bool names_field(const json_t *problem_doc, const char *field)
{
    size_t i;
    const json_t *entry;
    json_array_foreach(json_object_get(problem_doc, "errors"), i, entry) {
        if (strcmp(json_string_value(json_object_get(entry, "field")), field) == 0)
            return true;
    }
    return false;
}

START_TEST(rejects_bad_input)
{
    const bad_case *c = &bad_cases[_i];
    int status;
    json_t *doc = run_on(&synthetic, c->body, &status);
    char *text = json_dumps(doc, JSON_COMPACT);
    ck_assert_msg(status == c->status, "%s: status %d, want %d: %s", c->body, status, c->status, text);
    if (c->field != NULL)
        ck_assert_msg(names_field(doc, c->field), "%s: field %s not named: %s", c->body, c->field, text);
    ck_assert_str_eq(json_string_value(json_object_get(doc, "type")), "urn:gpurec:problem:invalid-request");
    free(text);
    json_decref(doc);
}
END_TEST

START_TEST(reports_every_bad_field_at_once)
{
    int status;
    json_t *doc = run_on(&synthetic,
                         "{\"workload\": {\"kind\": \"inference\", \"model_params_b\": -1, \"precision\": \"x\"},"
                         " \"limit\": 1000, \"constraints\": {\"providers\": [\"nope\"]}}",
                         &status);
    ck_assert_int_eq(status, 422);
    ck_assert(names_field(doc, "workload.model_params_b"));
    ck_assert(names_field(doc, "workload.precision"));
    ck_assert(names_field(doc, "limit"));
    json_decref(doc);
}
END_TEST

/* ---- ranking on the synthetic catalog --------------------------------------------------------------------------- */

/* 7B fp16 serving: 14 GB of weights + 20 % overhead = 16.8 GB. t4x1 (16 GB, two offers) and l4-half (12 GB) do not
 * fit. With no batch given a replica serves as many 1,280-token sequences (1,024 prompt + 256 output) as its memory
 * holds: the shape estimated from 7B (33 layers of 4224, MHA) caches 2 x 33 x 4224 x 2 = 557,568 B per token, 0.7137 GB
 * per sequence, so an 80 GB GPU holds floor(63.2 / 0.7137) = 88 and the 24 GB RTX 4090 floor(7.2 / 0.7137) = 10.
 * Balanced is the price per million output tokens at that load, hourly / (tokens/s x 3600) x 1e6, prefill counted: a
 * bigger batch on the H100 reads its weights once for 88 sequences and beats the cheaper RTX 4090 per token, although
 * the old ranking by $/(GB/s) put the RTX 4090 first. The 8-GPU nodes serve one replica split eight ways: with an
 * eighth of the weights on each GPU the node holds 873 sequences (109 a GPU against 88 whole), and each GPU's share
 * of the products runs far from the ridge where reading and computing overlap worst (serving.c, kernel_s()), which
 * outweighs 66 all-reduces a step. */
START_TEST(inference_7b_balanced)
{
    json_t *doc = run_ok("{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"precision\": \"fp16\"}}");
    const json_t *req = json_object_get(doc, "requirements");
    ck_assert_double_eq_tol(num_at(req, "gpu_memory_gb"), 16.8, 1e-9);
    ck_assert_double_eq_tol(num_at(req, "kv_cache_bytes_per_token"), 557568, 1e-9);
    ck_assert_str_eq(str_at(req, "bound"), "memory_bandwidth");
    ck_assert_str_eq(str_at(req, "peak_metric"), "fp16_tflops");
    ck_assert(json_is_null(json_object_get(req, "flops")));
    ck_assert_uint_eq(rec_count(doc), 5);
    assert_instance(doc, 0, "beta", "h100x1");
    assert_instance(doc, 1, "beta", "h100x8-ib");
    assert_instance(doc, 2, "beta", "rtx4090x1");
    assert_instance(doc, 3, "alpha", "h100x8");
    assert_instance(doc, 4, "alpha", "a100x8");
    double previous = 0;
    for (size_t i = 0; i < rec_count(doc); i++) {
        const json_t *t = json_object_get(rec(doc, i), "throughput");
        ck_assert_int_eq(num_at(t, "tensor_parallel"), i == 0 || i == 2 ? 1 : 8);
        double per_million = num_at(rec(doc, i), "hourly_usd") / (num_at(t, "output_tokens_per_s") * 3600) * 1e6;
        ck_assert_double_eq_tol(num_at(t, "usd_per_million_tokens"), per_million, 1e-3);
        ck_assert(per_million >= previous);
        previous = per_million;
    }
    ck_assert_int_eq(num_at(json_object_get(rec(doc, 0), "throughput"), "batch_size"), 88);
    ck_assert_int_eq(num_at(json_object_get(rec(doc, 2), "throughput"), "batch_size"), 10);
    ck_assert_int_eq(num_at(json_object_get(rec(doc, 1), "throughput"), "replicas"), 1);
    ck_assert_int_eq(num_at(json_object_get(rec(doc, 1), "throughput"), "batch_size"), 873);
    ck_assert_str_eq(str_at(rec(doc, 4), "region"), "eu-west");
    ck_assert_str_eq(str_at(rec(doc, 2), "region"), "us-east");
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "score"), 100.0, 1e-9);
    const json_t *t0 = json_object_get(rec(doc, 0), "throughput"), *t1 = json_object_get(rec(doc, 1), "throughput");
    ck_assert_double_eq_tol(num_at(rec(doc, 1), "score"),
                            100.0 * num_at(t0, "usd_per_million_tokens") / num_at(t1, "usd_per_million_tokens"), 0.05);
    ck_assert_double_eq_tol(num_at(rec(doc, 2), "monthly_usd"), 0.44 * 730, 1e-9);
    ck_assert_int_eq(num_at(rec(doc, 0), "rank"), 1);
    ck_assert_int_eq(num_at(rec(doc, 4), "rank"), 5);
    /* rtx4090x1: no ECC on a serving job, and a price 152 days old against a 48-hour limit */
    const json_t *warnings = json_object_get(rec(doc, 2), "warnings");
    ck_assert(strings_contain(warnings, "no ECC"));
    ck_assert(strings_contain(warnings, "freshness limit"));
    ck_assert_uint_eq(json_array_size(json_object_get(rec(doc, 0), "warnings")), 0);
    ck_assert(strings_contain(json_object_get(rec(doc, 0), "reasons"), "16.8 GB"));
    ck_assert(strings_contain(json_object_get(rec(doc, 0), "reasons"), "per million tokens"));
    ck_assert_int_eq(num_at(doc, "considered"), OFFER_N);
    ck_assert_int_eq(rejected_count(doc, "insufficient_gpu_memory"), 3);
    ck_assert_str_eq(str_at(doc, "catalog_version"), "0123456789abcdef");
    json_decref(doc);
}
END_TEST

/* Spot only joins when the job checkpoints (or the request lists it); capacity blocks are always listed, and used
 * only for a job of known length. general fp32, 20 GB, cheapest hourly: rtx4090x1 spot 0.30 and l4x1 spot 0.30 tie
 * on price; the tie goes to the faster one (82.6 vs 30.3 TFLOPS). */
START_TEST(spot_needs_checkpointing)
{
    json_t *doc = run_ok("{\"workload\": {\"kind\": \"general\", \"min_gpu_memory_gb\": 20}, \"objective\": \"cost\"}");
    const json_t *pricing = json_object_get(json_object_get(doc, "requirements"), "pricing");
    ck_assert_uint_eq(json_array_size(pricing), 2);
    ck_assert_str_eq(json_string_value(json_array_get(pricing, 0)), "on_demand");
    ck_assert_str_eq(json_string_value(json_array_get(pricing, 1)), "capacity_block");
    for (size_t i = 0; i < rec_count(doc); i++)
        ck_assert_str_eq(str_at(rec(doc, i), "pricing"), "on_demand");
    assert_instance(doc, 0, "beta", "rtx4090x1");
    json_decref(doc);

    doc = run_ok("{\"workload\": {\"kind\": \"general\", \"min_gpu_memory_gb\": 20, \"checkpointing\": true},"
                 " \"objective\": \"cost\"}");
    assert_instance(doc, 0, "beta", "rtx4090x1");
    ck_assert_str_eq(str_at(rec(doc, 0), "pricing"), "spot");
    assert_instance(doc, 1, "alpha", "l4x1");
    ck_assert_str_eq(str_at(rec(doc, 1), "pricing"), "spot");
    ck_assert_double_eq_tol(num_at(rec(doc, 1), "hourly_usd"), 0.30, 1e-9);
    assert_instance(doc, 2, "beta", "rtx4090x1");
    ck_assert_str_eq(str_at(rec(doc, 2), "pricing"), "on_demand");
    ck_assert(strings_contain(json_object_get(rec(doc, 0), "reasons"), "checkpoints"));
    ck_assert(!strings_contain(json_object_get(rec(doc, 0), "warnings"), "reclaimed"));
    json_decref(doc);

    /* spot asked for explicitly without checkpointing: allowed, with the interruption warning on a 10-hour job */
    doc = run_ok("{\"workload\": {\"kind\": \"general\", \"min_gpu_memory_gb\": 20, \"hours\": 10},"
                 " \"constraints\": {\"pricing\": [\"spot\"]}, \"objective\": \"cost\"}");
    ck_assert_uint_eq(rec_count(doc), 4); /* a100x8, h100x8, l4x1 and rtx4090x1 have spot prices */
    for (size_t i = 0; i < rec_count(doc); i++) {
        ck_assert_str_eq(str_at(rec(doc, i), "pricing"), "spot");
        ck_assert(strings_contain(json_object_get(rec(doc, i), "warnings"), "reclaimed"));
    }
    /* no published band for these providers: 10 % a day, L = -ln(0.9) / 24 per hour, and without checkpoints a
     * reclaim restarts the job: (1/L + 0.25 h) x (e^(10 L) - 1) = 10.23 expected hours at $0.30 */
    double rate = -log(0.9) / 24, expected = (1 / rate + 0.25) * expm1(10 * rate);
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "estimated_hours"), expected, 1e-3);
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "estimated_total_usd"), 0.30 * expected, 0.006);
    ck_assert_double_eq_tol(num_at(json_object_get(rec(doc, 0), "spot"), "overhead_fraction"), expected / 10 - 1, 1e-4);
    ck_assert_int_eq(rejected_count(doc, "pricing_not_allowed"), 5);
    json_decref(doc);
}
END_TEST

/* 70B bf16 training on 10 B tokens: 16 x 70 = 1120 GB + activations 34 x 2048 x 1 x d_model x layers (the shape
 * estimated from 70B: cbrt(70e9 / 196608) = 70.9, so 71 layers of 71 x 128 = 9088) = 44.93 GB: 1164.9 GB, two 640 GB
 * nodes. Only the cluster-networked 8-GPU boxes can span nodes. FLOPs (6 x 70e9 + 3 x 2 x 71 x 2048 x 9088) x
 * 10e9 = 4.27929e21 (engine/perf/training.c: the attention at the default 2,048 tokens). Cheapest job:
 * h100x8-ib 2 x 23.92 = 47.84 $/h -> $8 814; h100x8 us-east 110.08 $/h -> $20 281; a100x8 eu-west 16 x 312 TFLOPS:
 * 584.27 h x 60 = $35 056. */
START_TEST(training_70b_two_nodes)
{
    json_t *doc = run_ok("{\"workload\": {\"kind\": \"training\", \"model_params_b\": 70, \"tokens_b\": 10},"
                         " \"objective\": \"cost\"}");
    const json_t *req = json_object_get(doc, "requirements");
    ck_assert_double_eq_tol(num_at(req, "gpu_memory_gb"), 1120 + 34.0 * 2048 * 9088 * 71 / 1e9, 0.01);
    double flops = (6 * 70e9 + 3 * 2.0 * 71 * 2048 * 9088) * 10e9;
    ck_assert_double_eq_tol(num_at(req, "flops") / flops, 1.0, 1e-9);
    ck_assert_str_eq(str_at(req, "peak_metric"), "bf16_tflops");
    ck_assert_int_eq(num_at(req, "max_nodes"), 4);
    ck_assert_uint_eq(rec_count(doc), 3);
    /* utilisation on 2 nodes of 8 (engine/plan.c): base x 1 (NVSwitch) x 1 (no cluster loss up to 256 nodes) x
     * (0.84 + 0.053 x log10(70 / 1.7)) x 1 (16 GPUs for 70B: far from many GPUs per parameter): Hopper 0.56 x 0.92548
     * = 0.5183, Ampere 0.50 x 0.92548 = 0.4627 */
    double size = 0.84 + 0.053 * log10(70 / 1.7);
    double hours_h100 = flops / (16 * 989.4e12 * 0.56 * size) / 3600.0;
    double hours_a100 = flops / (16 * 312e12 * 0.50 * size) / 3600.0;
    assert_instance(doc, 0, "beta", "h100x8-ib");
    ck_assert_int_eq(num_at(rec(doc, 0), "nodes"), 2);
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "hourly_usd"), 47.84, 1e-6);
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "estimated_hours"), hours_h100, 1e-3);
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "estimated_total_usd"), hours_h100 * 47.84, 0.01);
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "gpu_memory_gb"), 1280, 1e-9);
    assert_instance(doc, 1, "alpha", "h100x8");
    ck_assert_str_eq(str_at(rec(doc, 1), "region"), "us-east");
    ck_assert_double_eq_tol(num_at(rec(doc, 1), "estimated_total_usd"), hours_h100 * 110.08, 0.01);
    assert_instance(doc, 2, "alpha", "a100x8");
    ck_assert_double_eq_tol(num_at(rec(doc, 2), "estimated_total_usd"), hours_a100 * 60.0, 0.01);
    ck_assert(strings_contain(json_object_get(rec(doc, 0), "reasons"), "across 2 nodes"));
    ck_assert_int_eq(rejected_count(doc, "precision_unsupported"), 2); /* T4: no bf16 */
    ck_assert_int_eq(rejected_count(doc, "insufficient_gpu_memory"), 6);
    json_decref(doc);

    /* one node at most: nothing fits, and the answer says why */
    doc = run_ok("{\"workload\": {\"kind\": \"training\", \"model_params_b\": 70, \"tokens_b\": 10},"
                 " \"constraints\": {\"max_nodes\": 1}}");
    ck_assert_uint_eq(rec_count(doc), 0);
    ck_assert_int_eq(rejected_count(doc, "exceeds_max_nodes"), 5);
    json_decref(doc);

    /* a budget below the cheapest job (144.9 h x 47.84 $/h = $6,931) */
    doc = run_ok("{\"workload\": {\"kind\": \"training\", \"model_params_b\": 70, \"tokens_b\": 10},"
                 " \"constraints\": {\"max_total_usd\": 6000}}");
    ck_assert_uint_eq(rec_count(doc), 0);
    ck_assert_int_eq(rejected_count(doc, "over_max_total_usd"), 5);
    json_decref(doc);
}
END_TEST

START_TEST(time_objective_prefers_fastest)
{
    /* same job, fastest: both H100 pairs take 145 h; the tie goes to the cheaper job */
    json_t *doc = run_ok("{\"workload\": {\"kind\": \"training\", \"model_params_b\": 70, \"tokens_b\": 10},"
                         " \"objective\": \"time\"}");
    assert_instance(doc, 0, "beta", "h100x8-ib");
    assert_instance(doc, 1, "alpha", "h100x8");
    assert_instance(doc, 2, "alpha", "a100x8");
    json_decref(doc);
}
END_TEST

/* FP64: T4 (1/32), L4 and RTX 4090 (1/64) are not FP64 parts. */
START_TEST(fp64_needs_real_fp64)
{
    json_t *doc = run_ok("{\"workload\": {\"kind\": \"hpc\", \"min_gpu_memory_gb\": 40}, \"limit\": 100}");
    ck_assert_str_eq(str_at(json_object_get(doc, "requirements"), "precision"), "fp64");
    ck_assert_uint_eq(rec_count(doc), 4);
    for (size_t i = 0; i < rec_count(doc); i++) {
        const char *gpu = json_string_value(json_object_get(json_object_get(rec(doc, i), "gpu"), "id"));
        ck_assert(strcmp(gpu, "a100-sxm-80gb") == 0 || strcmp(gpu, "h100-sxm-80gb") == 0);
    }
    ck_assert_int_eq(rejected_count(doc, "no_fp64"), 7); /* 4 L4, 2 T4, 1 RTX 4090 offers */
    json_decref(doc);
    /* require_fp64 on an fp32 job filters the same way */
    doc = run_ok("{\"workload\": {\"kind\": \"general\", \"precision\": \"fp32\"}, \"constraints\": {\"require_fp64\": true}}");
    ck_assert_int_eq(rejected_count(doc, "no_fp64"), 7); /* 4 L4, 2 T4, 1 RTX 4090 offers */
    json_decref(doc);
}
END_TEST

typedef struct constraint_case {
    const char *constraints;
    const char *field;    /* a recommendation field every entry must satisfy */
    const char *values[4]; /* allowed string values (field is a string) */
    double max;           /* or an upper bound (field is a number), when values[0] is NULL */
    double min;
    const char *reason;   /* a rejection that must be counted */
    long long rejected;
} constraint_case;

static const constraint_case constraint_cases[] = {
    {"{\"providers\": [\"beta\"]}", "provider", {"beta"}, 0, 0, "provider_not_allowed", 10},
    {"{\"regions\": [\"eu-west\"]}", "region", {"eu-west"}, 0, 0, "region_not_allowed", 9},
    {"{\"regions\": [\"us-east\"]}", "region", {"us-east"}, 0, 0, "region_not_allowed", 4},
    {"{\"gpu_models\": [\"l4\"]}", "gpu.id", {"l4"}, 0, 0, "gpu_model_not_allowed", 9},
    {"{\"exclude_gpu_models\": [\"l4\", \"t4\", \"a100-sxm-80gb\"]}", "gpu.id", {"h100-sxm-80gb", "rtx-4090"}, 0, 0,
     "gpu_model_not_allowed", 8},
    {"{\"require_ecc\": true}", "gpu.id", {"a100-sxm-80gb", "h100-sxm-80gb", "l4", "t4"}, 0, 0, "no_ecc", 1},
    {"{\"require_nvlink\": true}", "instance_type", {"a100x8", "h100x8", "h100x8-ib"}, 0, 0, "no_nvlink", 8},
    {"{\"max_hourly_usd\": 0.5}", "hourly_usd", {NULL}, 0.5, 0, "over_max_hourly_usd", 11},
    {"{\"pricing\": [\"reserved_1y\"]}", "pricing", {"reserved_1y"}, 0, 0, "pricing_not_allowed", 12},
    {"{\"min_gpus\": 8, \"max_nodes\": 8}", "gpu_count", {NULL}, 1e9, 8, "no_cluster_network", 7},
    {"{\"min_gpus\": 8}", "gpu_count", {NULL}, 1e9, 8, "exceeds_max_nodes", 7},
    {"{\"max_gpus\": 1}", "gpu_count", {NULL}, 1, 0, "gpu_count", 6},
};

/* One step of a dotted path: a member of an object, or a number indexing an array ("alternatives.0.change"). */
static const json_t *step(const json_t *obj, const char *key)
{
    if (json_is_array(obj)) {
        char *end = NULL;
        unsigned long index = strtoul(key, &end, 10);
        return end != key && *end == '\0' ? json_array_get(obj, index) : NULL;
    }
    return json_object_get(obj, key);
}

static const json_t *get_path(const json_t *obj, const char *dotted)
{
    char key[64];
    const char *dot;
    while ((dot = strchr(dotted, '.')) != NULL && obj != NULL) {
        snprintf(key, sizeof key, "%.*s", (int)(dot - dotted), dotted);
        obj = step(obj, key);
        dotted = dot + 1;
    }
    return obj ? step(obj, dotted) : NULL;
}

START_TEST(constraints_respected)
{
    const constraint_case *c = &constraint_cases[_i];
    char body[512];
    snprintf(body, sizeof body,
             "{\"workload\": {\"kind\": \"general\", \"precision\": \"fp32\", \"hours\": 10}, \"limit\": 100,"
             " \"constraints\": %s}",
             c->constraints);
    json_t *doc = run_ok(body);
    ck_assert_msg(rec_count(doc) > 0, "%s: nothing recommended", c->constraints);
    for (size_t i = 0; i < rec_count(doc); i++) {
        const json_t *value = get_path(rec(doc, i), c->field);
        ck_assert_ptr_nonnull(value);
        if (c->values[0] != NULL) {
            bool found = false;
            for (size_t k = 0; k < 4 && c->values[k] != NULL; k++)
                found = found || strcmp(json_string_value(value), c->values[k]) == 0;
            ck_assert_msg(found, "%s: %s = %s", c->constraints, c->field, json_string_value(value));
        } else {
            double number = json_number_value(value);
            if (strcmp(c->field, "gpu_count") == 0)
                number *= json_number_value(json_object_get(rec(doc, i), "nodes"));
            ck_assert_msg(number <= c->max && number >= c->min, "%s: %s = %g", c->constraints, c->field, number);
        }
    }
    ck_assert_msg(rejected_count(doc, c->reason) == c->rejected, "%s: %s = %lld, want %lld", c->constraints,
                  c->reason, rejected_count(doc, c->reason), c->rejected);
    ck_assert_int_eq(num_at(doc, "considered"), OFFER_N);
    json_decref(doc);
}
END_TEST

/* A reserved price bills its whole term: t4x1 reserved_1y 0.33 x 8760 h = $2 890.80 for a 10-hour job. */
START_TEST(reserved_bills_the_term)
{
    json_t *doc = run_ok("{\"workload\": {\"kind\": \"general\", \"hours\": 10},"
                         " \"constraints\": {\"pricing\": [\"reserved_1y\"]}}");
    ck_assert_uint_eq(rec_count(doc), 1);
    assert_instance(doc, 0, "alpha", "t4x1");
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "estimated_total_usd"), 2890.80, 1e-6);
    ck_assert(strings_contain(json_object_get(rec(doc, 0), "warnings"), "8760 hours"));
    json_decref(doc);
}
END_TEST

/* A GPU slice carries its share: l4-half has 12 GB and half an L4's 30.3 FP32 TFLOPS, and is the cheapest fit for
 * 10 GB at $0.40/h. */
START_TEST(fractional_gpu)
{
    json_t *doc = run_ok("{\"workload\": {\"kind\": \"general\", \"min_gpu_memory_gb\": 10}, \"objective\": \"cost\"}");
    assert_instance(doc, 0, "alpha", "l4-half");
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "gpu_count"), 0.5, 1e-9);
    ck_assert_double_eq_tol(num_at(rec(doc, 0), "gpu_memory_gb"), 12, 1e-9);
    ck_assert(strings_contain(json_object_get(rec(doc, 0), "reasons"), "15.2 TFLOPS in total") ||
              strings_contain(json_object_get(rec(doc, 0), "reasons"), "15.1 TFLOPS in total"));
    json_decref(doc);
    /* an exact GPU count never lands on a slice, and counts whole nodes */
    doc = run_ok("{\"workload\": {\"kind\": \"general\", \"gpus\": 8}, \"limit\": 100}");
    ck_assert_uint_eq(rec_count(doc), 3);
    for (size_t i = 0; i < rec_count(doc); i++)
        ck_assert_double_eq_tol(num_at(rec(doc, i), "gpu_count") * num_at(rec(doc, i), "nodes"), 8, 1e-9);
    ck_assert_int_eq(rejected_count(doc, "no_cluster_network"), 7); /* l4x4 (2 nodes), 1-GPU types (8 nodes) */
    ck_assert_int_eq(rejected_count(doc, "gpu_count"), 1);          /* l4-half */
    json_decref(doc);
}
END_TEST

/* Latency-sensitive 70B fp16 serving: 168 GB, so only 640 GB boxes. The tensor-parallel degree is the one that serves
 * most tokens per node: the shape estimated from 70B caches 2.58 MB a token (MHA), so split 8 ways one replica holds
 * 142 sequences where two replicas split 4 ways hold 45 each, and the one replica stays inside its NVSwitch domain. */
START_TEST(latency_sensitive_70b)
{
    json_t *doc = run_ok("{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 70, \"latency_sensitive\": true}}");
    ck_assert_uint_eq(rec_count(doc), 3);
    assert_instance(doc, 0, "beta", "h100x8-ib");
    ck_assert(strings_contain(json_object_get(rec(doc, 0), "reasons"), "one nvswitch domain"));
    ck_assert(strings_contain(json_object_get(rec(doc, 0), "reasons"), "8 GPUs per replica, 1 replica"));
    ck_assert_int_eq(num_at(json_object_get(rec(doc, 0), "throughput"), "tensor_parallel"), 8);
    /* the latency floors of a latency-sensitive request: first token within 1 s, 10 tokens/s per sequence */
    ck_assert(num_at(json_object_get(rec(doc, 0), "throughput"), "time_to_first_token_ms") <= 1000);
    ck_assert(num_at(json_object_get(rec(doc, 0), "throughput"), "time_per_output_token_ms") <= 100);
    ck_assert_int_eq(rejected_count(doc, "exceeds_max_nodes"), 0);
    ck_assert_int_eq(rejected_count(doc, "insufficient_gpu_memory"), 8);
    json_decref(doc);
    /* allowed two nodes, l4x4 still cannot span them (no cluster network) */
    doc = run_ok("{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 70, \"latency_sensitive\": true},"
                 " \"constraints\": {\"max_nodes\": 2, \"gpu_models\": [\"l4\"]}}");
    ck_assert_uint_eq(rec_count(doc), 0);
    json_decref(doc);
}
END_TEST

/* The bounded heap keeps exactly what a full sort would: the first three of limit 100 equal limit 3, and two runs of
 * one request give the same bytes. */
START_TEST(top_k_matches_full_sort_and_is_deterministic)
{
    const char *objectives[] = {"cost", "time", "balanced", "efficiency"};
    for (size_t o = 0; o < 4; o++) {
        char full_body[256], top_body[256];
        snprintf(full_body, sizeof full_body,
                 "{\"workload\": {\"kind\": \"general\", \"hours\": 5, \"checkpointing\": true}, \"objective\": \"%s\","
                 " \"limit\": 100}",
                 objectives[o]);
        snprintf(top_body, sizeof top_body,
                 "{\"workload\": {\"kind\": \"general\", \"hours\": 5, \"checkpointing\": true}, \"objective\": \"%s\","
                 " \"limit\": 3}",
                 objectives[o]);
        json_t *full = run_ok(full_body), *top = run_ok(top_body), *again = run_ok(top_body);
        ck_assert_uint_eq(rec_count(top), 3);
        ck_assert_uint_gt(rec_count(full), 3);
        for (size_t i = 0; i < 3; i++) {
            ck_assert(json_equal(json_object_get(rec(full, i), "instance_type"),
                                 json_object_get(rec(top, i), "instance_type")));
            ck_assert(json_equal(json_object_get(rec(full, i), "pricing"), json_object_get(rec(top, i), "pricing")));
        }
        for (size_t i = 1; i < rec_count(full); i++)
            ck_assert_double_ge(num_at(rec(full, i - 1), "score"), num_at(rec(full, i), "score"));
        char *a = json_dumps(top, JSON_SORT_KEYS), *b = json_dumps(again, JSON_SORT_KEYS);
        ck_assert_str_eq(a, b);
        free(a);
        free(b);
        json_decref(full);
        json_decref(top);
        json_decref(again);
    }
}
END_TEST

/* Memory-bandwidth-bound work ranks by GB/s per dollar, compute-bound by TFLOPS per dollar. */
/* The number of strings of a JSON array that contain needle. */
static size_t strings_containing(const json_t *list, const char *needle)
{
    size_t count = 0, i;
    const json_t *item;
    json_array_foreach(list, i, item) count += strstr(json_string_value(item), needle) != NULL;
    return count;
}

START_TEST(price_age_said_once_when_every_pick_of_a_provider_has_it)
{
    /* Only beta's RTX 4090 fits: every beta pick has the 152-day-old price, so the answer says it once for beta */
    json_t *doc = run_ok("{\"workload\":{\"kind\":\"inference\",\"model_params_b\":7,\"precision\":\"fp16\"},"
                         "\"constraints\":{\"gpu_models\":[\"rtx-4090\"],\"pricing\":[\"on_demand\",\"spot\"]}}");
    ck_assert_uint_ge(rec_count(doc), 1);
    const json_t *answer_warnings = json_object_get(doc, "warnings");
    ck_assert_uint_eq(strings_containing(answer_warnings, "beta prices are 3648 hours old"), 1);
    ck_assert_uint_eq(strings_containing(answer_warnings, "prices are"), 1);
    for (size_t i = 0; i < rec_count(doc); i++)
        ck_assert_uint_eq(strings_containing(json_object_get(rec(doc, i), "warnings"), "freshness limit"), 0);
    json_decref(doc);

    /* beta's fresh H100 picks beside the stale RTX 4090: the old price is particular to its pick, said there */
    doc = run_ok("{\"workload\":{\"kind\":\"inference\",\"model_params_b\":7,\"precision\":\"fp16\"},"
                 "\"constraints\":{\"providers\":[\"beta\"]}}");
    ck_assert_uint_eq(strings_containing(json_object_get(doc, "warnings"), "prices are"), 0);
    size_t stale_picks = 0;
    for (size_t i = 0; i < rec_count(doc); i++) {
        bool stale = strcmp(str_at(rec(doc, i), "instance_type"), "rtx4090x1") == 0;
        stale_picks += stale;
        ck_assert_uint_eq(strings_containing(json_object_get(rec(doc, i), "warnings"), "freshness limit"), stale);
    }
    ck_assert_uint_ge(stale_picks, 1);
    json_decref(doc);
}
END_TEST

START_TEST(capacity_warned_past_one_capacity_block)
{
    /* 2 trillion tokens of a 70 B model in 10 days needs thousands of H100s in one region */
    json_t *doc = run_ok("{\"workload\":{\"kind\":\"training\",\"model_params_b\":70,\"tokens_b\":2000,"
                         "\"deadline_hours\":240},\"constraints\":{\"gpu_models\":[\"h100-sxm-80gb\"]}}");
    ck_assert_uint_ge(rec_count(doc), 1);
    for (size_t i = 0; i < rec_count(doc); i++) {
        double planned = num_at(json_object_get(rec(doc, i), "plan"), "total_gpus");
        ck_assert_msg(planned > 512, "pick %zu plans %g GPUs", i + 1, planned);
        ck_assert_uint_eq(strings_containing(json_object_get(rec(doc, i), "warnings"), "AWS Capacity Block"), 1);
    }
    json_decref(doc);
    /* a one-node plan gets no such warning */
    doc = run_ok("{\"workload\":{\"kind\":\"training\",\"model_params_b\":7,\"tokens_b\":1},"
                 "\"constraints\":{\"gpu_models\":[\"h100-sxm-80gb\"],\"max_nodes\":1}}");
    ck_assert_uint_ge(rec_count(doc), 1);
    for (size_t i = 0; i < rec_count(doc); i++)
        ck_assert_uint_eq(strings_containing(json_object_get(rec(doc, i), "warnings"), "Capacity Block"), 0);
    json_decref(doc);
}
END_TEST

START_TEST(bound_changes_ranking)
{
    /* bandwidth: rtx 0.44/1008 = 0.000437 < h100x1 2.49/3350 = 0.000743 < l4x1 0.80/300; compute (fp32):
     * rtx 0.44/82.6 = 0.00533 < l4-half 0.40/15.15 = 0.0264 < l4x1 0.80/30.3 = 0.0264 (l4x1 0.026403 vs l4-half
     * 0.026403: equal per TFLOPS, the cheaper hour first) < h100x1 2.49/66.9 = 0.0372 */
    json_t *doc = run_ok("{\"workload\": {\"kind\": \"general\", \"bound\": \"memory_bandwidth\"}}");
    assert_instance(doc, 0, "beta", "rtx4090x1");
    assert_instance(doc, 1, "beta", "h100x1");
    ck_assert_str_eq(str_at(doc, "score_metric"), "hourly_usd per GB/s of memory bandwidth, x fit penalty");
    json_decref(doc);
    doc = run_ok("{\"workload\": {\"kind\": \"general\", \"bound\": \"compute\"}}");
    assert_instance(doc, 0, "beta", "rtx4090x1");
    assert_instance(doc, 3, "beta", "h100x1");
    json_decref(doc);
}
END_TEST

START_TEST(empty_catalog_explains_itself)
{
    catalog empty;
    memset(&empty, 0, sizeof empty);
    snprintf(empty.version, sizeof empty.version, "0000000000000000");
    int status;
    json_t *doc = run_on(&empty, "{\"workload\": {\"kind\": \"general\"}}", &status);
    ck_assert_int_eq(status, 200);
    ck_assert_uint_eq(rec_count(doc), 0);
    ck_assert_int_eq(num_at(doc, "considered"), 0);
    json_decref(doc);
    /* ids that only a catalog can vouch for are errors against an empty one */
    doc = run_on(&empty, "{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"providers\": [\"aws\"]}}",
                 &status);
    ck_assert_int_eq(status, 422);
    json_decref(doc);
}
END_TEST

/* ---- golden scenarios on the seed catalog ----------------------------------------------------------------------- */

#define GOLDEN_DIR "tests/golden/recommend"

static catalog *seed;

static void load_seed(void)
{
    seed = seed_catalog_load();
}

static void free_seed(void)
{
    catalog_release(seed);
    seed = NULL;
}

/* checks.json: "status" (default 200), "error_fields" (fields the problem must name), "count" (a matcher on the
 * number of recommendations), "requirements" / "response" / "rejected" / "first" / "every" (dotted path, numbers index arrays -> matcher,
 * on the requirements, the whole answer, the rejected counts, rank 1, every recommendation), "any" (path -> matcher
 * that some recommendation satisfies), "every_total_gpus" (gpu_count x nodes of each), "ascending" (a field that never
 * decreases down the ranking).
 *
 * Matchers. A plain JSON value must equal (numbers by value). An object with any of these members is a
 * matcher: "min"/"max" (number bounds), "in"/"not_in" (arrays of allowed / forbidden values), "contains" /
 * "not_contains" (a substring that some / no string of an array, or the string itself, has), "null" (true: must be
 * null or absent; false: must be present and not null). */
static bool values_equal(const json_t *a, const json_t *b)
{
    if (json_is_number(a) && json_is_number(b))
        return fabs(json_number_value(a) - json_number_value(b)) <= 1e-9 * fmax(1.0, fabs(json_number_value(b)));
    return json_equal(a, b);
}

static bool text_has(const json_t *actual, const char *needle)
{
    if (json_is_string(actual))
        return strstr(json_string_value(actual), needle) != NULL;
    return json_is_array(actual) && strings_contain(actual, needle);
}

static bool match_value(const json_t *actual, const json_t *expected, char *why, size_t why_len)
{
    bool is_matcher = json_is_object(expected) &&
                      (json_object_get(expected, "min") || json_object_get(expected, "max") ||
                       json_object_get(expected, "in") || json_object_get(expected, "not_in") ||
                       json_object_get(expected, "contains") || json_object_get(expected, "not_contains") ||
                       json_object_get(expected, "null"));
    if (!is_matcher) {
        if (actual == NULL || !values_equal(actual, expected)) {
            snprintf(why, why_len, "not equal");
            return false;
        }
        return true;
    }
    const json_t *m;
    if ((m = json_object_get(expected, "null")) != NULL) {
        bool is_null = actual == NULL || json_is_null(actual);
        if (is_null != json_is_true(m)) {
            snprintf(why, why_len, json_is_true(m) ? "not null" : "null");
            return false;
        }
    }
    if ((m = json_object_get(expected, "min")) != NULL &&
        (!json_is_number(actual) || json_number_value(actual) < json_number_value(m))) {
        snprintf(why, why_len, "below min %g", json_number_value(m));
        return false;
    }
    if ((m = json_object_get(expected, "max")) != NULL &&
        (!json_is_number(actual) || json_number_value(actual) > json_number_value(m))) {
        snprintf(why, why_len, "above max %g", json_number_value(m));
        return false;
    }
    size_t i;
    const json_t *option;
    if ((m = json_object_get(expected, "in")) != NULL) {
        bool found = false;
        json_array_foreach(m, i, option) found = found || (actual != NULL && values_equal(actual, option));
        if (!found) {
            snprintf(why, why_len, "not in the allowed values");
            return false;
        }
    }
    if ((m = json_object_get(expected, "not_in")) != NULL) {
        json_array_foreach(m, i, option) {
            if (actual != NULL && values_equal(actual, option)) {
                snprintf(why, why_len, "a forbidden value");
                return false;
            }
        }
    }
    if ((m = json_object_get(expected, "contains")) != NULL && !text_has(actual, json_string_value(m))) {
        snprintf(why, why_len, "does not contain \"%s\"", json_string_value(m));
        return false;
    }
    if ((m = json_object_get(expected, "not_contains")) != NULL && text_has(actual, json_string_value(m))) {
        snprintf(why, why_len, "contains \"%s\"", json_string_value(m));
        return false;
    }
    return true;
}

/* Every member of expected (a dotted path -> matcher) must hold on obj. */
static void match_members(const char *scenario, const char *where, const json_t *obj, const json_t *expected)
{
    const char *path;
    const json_t *matcher;
    json_object_foreach((json_t *)expected, path, matcher) {
        char why[160];
        const json_t *actual = get_path(obj, path);
        if (!match_value(actual, matcher, why, sizeof why)) {
            char *text = actual ? json_dumps(actual, JSON_ENCODE_ANY | JSON_COMPACT) : NULL;
            ck_abort_msg("%s: %s.%s = %s: %s", scenario, where, path, text ? text : "(absent)", why);
        }
    }
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = xmalloc((size_t)size + 1);
    ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    return text;
}

/* The body of a golden `request` file: what follows its first empty line (line 1 is "METHOD PATH", then headers).
 * Caller frees. */
static char *request_body(const char *path)
{
    char *text = read_text(path);
    const char *blank = strstr(text, "\n\n");
    ck_assert_msg(blank != NULL, "%s: no empty line before a body", path);
    char *body = xstrdup(blank + 2);
    free(text);
    return body;
}

static void run_golden(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, GOLDEN_DIR "/%s/request", name);
    char *request = request_body(path);
    snprintf(path, sizeof path, GOLDEN_DIR "/%s/checks.json", name);
    json_error_t error;
    json_t *expect = json_load_file(path, 0, &error);
    ck_assert_msg(expect != NULL, "%s: %s", path, error.text);

    int status;
    json_t *doc = run_on(seed, request, &status);
    char *text = json_dumps(doc, JSON_COMPACT);
    long long want_status = json_integer_value(json_object_get(expect, "status"));
    ck_assert_msg(status == (want_status ? want_status : 200), "%s: status %d: %s", name, status, text);

    size_t i;
    const json_t *field;
    json_array_foreach(json_object_get(expect, "error_fields"), i, field) {
        ck_assert_msg(names_field(doc, json_string_value(field)), "%s: field %s not named: %s", name,
                      json_string_value(field), text);
    }
    const json_t *recs = json_object_get(doc, "recommendations");
    const json_t *m;
    if ((m = json_object_get(expect, "count")) != NULL) {
        char why[160];
        json_t *count = json_integer((json_int_t)json_array_size(recs));
        ck_assert_msg(match_value(count, m, why, sizeof why), "%s: %zu recommendations: %s", name,
                      json_array_size(recs), why);
        json_decref(count);
    }
    if ((m = json_object_get(expect, "requirements")) != NULL)
        match_members(name, "requirements", json_object_get(doc, "requirements"), m);
    if ((m = json_object_get(expect, "response")) != NULL)
        match_members(name, "response", doc, m);
    if ((m = json_object_get(expect, "rejected")) != NULL)
        match_members(name, "rejected", json_object_get(doc, "rejected"), m);
    if ((m = json_object_get(expect, "first")) != NULL) {
        ck_assert_msg(json_array_size(recs) > 0, "%s: no recommendations", name);
        match_members(name, "recommendations[0]", json_array_get(recs, 0), m);
    }
    if ((m = json_object_get(expect, "every")) != NULL) {
        const json_t *entry;
        json_array_foreach(recs, i, entry) match_members(name, "recommendations[*]", entry, m);
    }
    if ((m = json_object_get(expect, "every_total_gpus")) != NULL) {
        const json_t *entry;
        json_array_foreach(recs, i, entry) {
            double total = json_number_value(json_object_get(entry, "gpu_count")) *
                           json_number_value(json_object_get(entry, "nodes"));
            ck_assert_msg(fabs(total - json_number_value(m)) < 1e-9, "%s: recommendation %zu has %g GPUs", name, i,
                          total);
        }
    }
    if ((m = json_object_get(expect, "any")) != NULL) {
        /* each member must hold on at least one recommendation */
        const char *path_key;
        const json_t *matcher;
        json_object_foreach((json_t *)m, path_key, matcher) {
            bool found = false;
            const json_t *entry;
            json_array_foreach(recs, i, entry) {
                char why[160];
                found = found || match_value(get_path(entry, path_key), matcher, why, sizeof why);
            }
            ck_assert_msg(found, "%s: no recommendation has a matching %s", name, path_key);
        }
    }
    if ((m = json_object_get(expect, "ascending")) != NULL) {
        const char *key = json_string_value(m);
        for (i = 1; i < json_array_size(recs); i++)
            ck_assert_msg(json_number_value(get_path(json_array_get(recs, i - 1), key)) <=
                              json_number_value(get_path(json_array_get(recs, i), key)) + 1e-9,
                          "%s: %s not ascending at %zu", name, key, i);
    }
    if (status == 200) {
        ck_assert_int_eq(json_integer_value(json_object_get(doc, "considered")), (json_int_t)seed->offer_count);
        for (i = 0; i < json_array_size(recs); i++) {
            ck_assert_int_eq(json_integer_value(json_object_get(json_array_get(recs, i), "rank")), (json_int_t)i + 1);
            ck_assert(json_array_size(json_object_get(json_array_get(recs, i), "reasons")) > 0);
        }
    }
    free(text);
    free(request);
    json_decref(doc);
    json_decref(expect);
}

static int name_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

START_TEST(golden_scenarios)
{
    DIR *dir = opendir(GOLDEN_DIR);
    ck_assert_msg(dir != NULL, "cannot open " GOLDEN_DIR " (run from the repository root)");
    char *names[256];
    size_t count = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL && count < 256) {
        char checks[1024];
        snprintf(checks, sizeof checks, GOLDEN_DIR "/%s/checks.json", entry->d_name);
        if (entry->d_name[0] != '.' && access(checks, R_OK) == 0)
            names[count++] = xstrdup(entry->d_name);
    }
    closedir(dir);
    qsort(names, count, sizeof names[0], name_cmp);
    ck_assert_uint_ge(count, 12);
    for (size_t i = 0; i < count; i++) {
        run_golden(names[i]);
        free(names[i]);
    }
}
END_TEST

/* One request answered on the seed snapshot and on flat (the same without shapes) must be the same text; counts it in
 * *compared, and in *answered when it found something. */
static void compare_walks(const catalog *flat, const char *name, const json_t *request, size_t *compared,
                          size_t *answered)
{
    int by_shape_status, by_offer_status;
    recommend_options opts = {.now = test_now(), .stale_after_hours = 48};
    char *by_shape = recommend_answer_text(seed, request, &opts, &by_shape_status);
    char *by_offer = recommend_answer_text(flat, request, &opts, &by_offer_status);
    ck_assert_msg(by_shape_status == by_offer_status && strcmp(by_shape, by_offer) == 0,
                  "%s: by shape (%d) %.300s\nby offer (%d) %.300s", name, by_shape_status, by_shape, by_offer_status,
                  by_offer);
    (*compared)++;
    *answered += by_shape_status == 200;
    free(by_shape);
    free(by_offer);
}

/* compare_walks() for each of requests, each of which must find a plan; returns how many answers contain marker
 * (none when it is NULL). */
#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))
static size_t compare_planned(const catalog *flat, const char *const *requests, size_t count, size_t *compared,
                              const char *marker)
{
    size_t marked = 0;
    for (size_t i = 0; i < count; i++) {
        json_error_t error;
        json_t *request = json_loads(requests[i], 0, &error);
        ck_assert_msg(request != NULL, "%s: %s", requests[i], error.text);
        size_t planned = 0;
        compare_walks(flat, requests[i], request, compared, &planned);
        ck_assert_msg(planned == 1, "%s: no plan", requests[i]);
        if (marker != NULL) {
            int status;
            recommend_options opts = {.now = test_now(), .stale_after_hours = 48};
            char *text = recommend_answer_text(seed, request, &opts, &status);
            marked += strstr(text, marker) != NULL;
            free(text);
        }
        json_decref(request);
    }
    return marked;
}

/* Requests whose candidates are ranked by price alone (the cost objective, the job's length unknown), which the walk
 * by shapes offers to its heaps cheapest shape first and stops early: long and short lists, region preferences and
 * allow-lists that keep some shapes whole and split others, pricing models whose cheapest shapes differ. */
static const char *const ranked_by_price_requests[] = {
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-70b\"}, \"limit\": 20}",
    "{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 3}, \"limit\": 50}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-8b\"}, \"limit\": 1}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-8b\"}, \"limit\": 7,"
    " \"constraints\": {\"prefer_regions\": [\"europe\", \"us-east-1\"]}}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-8b\"},"
    " \"constraints\": {\"pricing\": [\"spot\", \"reserved_1y\"]}, \"limit\": 10}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"qwen2.5-7b\"},"
    " \"constraints\": {\"regions\": [\"us-east-1\", \"us-west-2\", \"eastus\", \"europe-west4\"]}}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-405b\", \"precision\": \"fp8\"}, \"limit\": 3,"
    " \"constraints\": {\"pricing\": [\"on_demand\", \"spot\", \"reserved_1y\", \"reserved_3y\"]}}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"mixtral-8x7b\"},"
    " \"constraints\": {\"geographies\": [\"europe\"], \"prefer_regions\": [\"europe-west4\"]}}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"gemma-2-9b\", \"hours\": 500}}",
    /* served models whose speed waits for the pass by price per token (rank.c settle_speed()), or cannot wait: a
     * pinned degree under the balanced objective, GPU-count limits, weights at 4 bits, a model that spans nodes */
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-8b\", \"precision\": \"fp8\","
    " \"tensor_parallel\": 2}, \"objective\": \"balanced\", \"limit\": 5}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-70b\"},"
    " \"constraints\": {\"min_gpus\": 4, \"max_gpus\": 8}, \"limit\": 5}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"mixtral-8x7b\", \"precision\": \"int4\"}, \"limit\": 4}",
    "{\"workload\": {\"kind\": \"inference\", \"model\": \"deepseek-v3\"}, \"limit\": 3}",
};

/* Training plans whose "twice the GPUs" alternative walks with a GPU count given, where the walk by shapes passes
 * over every shape whose GPU count cannot make it (rank.c): counts some shapes hold and others do not,
 * deadlines, the time objective and a small node limit. */
static const char *const given_gpus_requests[] = {
    "{\"workload\": {\"kind\": \"training\", \"model_params_b\": 70, \"tokens_b\": 100}, \"objective\": \"time\"}",
    "{\"workload\": {\"kind\": \"training\", \"model\": \"llama-2-70b\", \"tokens_b\": 2000, \"deadline_hours\": 720}}",
    "{\"workload\": {\"kind\": \"training\", \"model\": \"llama-2-7b\", \"tokens_b\": 200}, \"objective\": \"time\","
    " \"constraints\": {\"max_nodes\": 2}}",
    "{\"workload\": {\"kind\": \"training\", \"model_params_b\": 1.3, \"tokens_b\": 26, \"deadline_hours\": 3}}",
    "{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-3.1-70b\", \"tokens_b\": 5, \"deadline_hours\": 10,"
    " \"fine_tuning_method\": \"full\"}, \"objective\": \"time\"}",
};

/* Requests priced over a known job length under the cost objective, which the walk by shapes offers cheapest first
 * and passes over the shapes whose least total is above the heaps' worst (rank.c least_figure()): on
 * demand, spot with its expected reclaims, and commitments billed by whole terms, for jobs of hours and of years. */
static const char *const job_priced_requests[] = {
    "{\"objective\": \"cost\", \"workload\": {\"kind\": \"training\", \"model_params_b\": 7, \"tokens_b\": 20},"
    " \"constraints\": {\"pricing\": [\"on_demand\", \"spot\", \"reserved_1y\", \"reserved_3y\"]}, \"limit\": 8}",
    "{\"objective\": \"cost\", \"workload\": {\"kind\": \"training\", \"model_params_b\": 70, \"tokens_b\": 3000},"
    " \"constraints\": {\"pricing\": [\"reserved_1y\", \"reserved_3y\"], \"max_nodes\": 64}}",
    "{\"objective\": \"cost\", \"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-3.1-8b\", \"tokens_b\": 0.05},"
    " \"constraints\": {\"pricing\": [\"spot\", \"reserved_1y\"]}, \"limit\": 3}",
    "{\"objective\": \"cost\", \"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-8b\", \"hours\": 20000},"
    " \"constraints\": {\"pricing\": [\"on_demand\", \"reserved_1y\", \"reserved_3y\"]}}",
    /* spot plans that finish in some interruption bands and not in others, capacity blocks that fit the deadline or
     * not, and spot plans that finish in every band beside blocks: prices only each offer can judge */
    "{\"objective\": \"cost\", \"workload\": {\"kind\": \"training\", \"model\": \"llama-2-70b\", \"tokens_b\": 2000,"
    " \"deadline_hours\": 720}, \"limit\": 8}",
    "{\"objective\": \"time\", \"workload\": {\"kind\": \"training\", \"model\": \"llama-2-70b\", \"tokens_b\": 2000,"
    " \"deadline_hours\": 720}, \"constraints\": {\"pricing\": [\"spot\", \"capacity_block\"]}, \"limit\": 8}",
    "{\"objective\": \"cost\", \"workload\": {\"kind\": \"training\", \"model\": \"llama-3.1-8b\", \"tokens_b\": 10,"
    " \"checkpointing\": true}, \"constraints\": {\"pricing\": [\"spot\", \"capacity_block\"]}, \"limit\": 8}",
    /* by the time objective a spot plan that finishes in every band is ranked by the hours its region's band expects:
     * its best region is not always its cheapest (the picks, and the spot alternative of an on-demand answer) */
    "{\"objective\": \"time\", \"workload\": {\"kind\": \"training\", \"model\": \"llama-2-7b\", \"tokens_b\": 1,"
    " \"checkpointing\": true}, \"constraints\": {\"pricing\": [\"spot\"]}, \"limit\": 3}",
    "{\"objective\": \"time\", \"workload\": {\"kind\": \"training\", \"model\": \"llama-2-7b\", \"tokens_b\": 1},"
    " \"limit\": 1}",
};

/* The walk by shapes (one fit per shape, taken from a twin of the same hardware, pricing-only alternatives ranked in
 * the same walk, shapes ranked by price offered cheapest first) must answer exactly as the walk of every offer that a
 * snapshot without shapes takes (every instance checked, each alternative walked on its own): every golden request
 * and the requests above, byte for byte. */
START_TEST(shapes_walk_answers_as_every_offer)
{
    ck_assert_ptr_nonnull(seed->shapes);
    catalog flat;
    memcpy(&flat, seed, sizeof flat);
    flat.shapes = NULL;
    flat.shape_count = 0;
    DIR *dir = opendir(GOLDEN_DIR);
    ck_assert_msg(dir != NULL, "cannot open " GOLDEN_DIR " (run from the repository root)");
    size_t compared = 0, answered = 0;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        char path[1024];
        snprintf(path, sizeof path, GOLDEN_DIR "/%s/request", entry->d_name);
        if (entry->d_name[0] == '.' || access(path, R_OK) != 0)
            continue;
        char *body = request_body(path);
        json_error_t error;
        json_t *request = json_loads(body, 0, &error);
        free(body);
        if (json_is_object(request)) /* the malformed bodies never reach the engine */
            compare_walks(&flat, entry->d_name, request, &compared, &answered);
        json_decref(request);
    }
    closedir(dir);
    ck_assert_uint_ge(compared, 40);
    ck_assert_uint_ge(answered, 25);
    compare_planned(&flat, ranked_by_price_requests, COUNT_OF(ranked_by_price_requests), &compared, NULL);
    compare_planned(&flat, job_priced_requests, COUNT_OF(job_priced_requests), &compared, NULL);
    size_t more_nodes =
        compare_planned(&flat, given_gpus_requests, COUNT_OF(given_gpus_requests), &compared, "\"change\":\"more_nodes\"");
    /* the alternative is kept in some answers (a shape made the count) and not in others */
    ck_assert_uint_gt(more_nodes, 0);
    ck_assert_uint_lt(more_nodes, COUNT_OF(given_gpus_requests));
}
END_TEST

/* The hints of an unknown name: fewest edits first, then the longest beginning in common, then the order offered. */
START_TEST(closest_names_prefer_the_same_family)
{
    static const char *const ids[] = {"gemma-7b", "llama-2-7b", "llama-3.1-8b", "llama-3.2-1b", "qwen2.5-7b"};
    didyoumean hints = {{NULL}, {0}, 0};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++)
        didyoumean_offer(&hints, "llama-3-8b", ids[i]);
    char text[128];
    didyoumean_format(&hints, text, sizeof text);
    /* llama-2-7b and llama-3.1-8b are two edits away; llama-3.1-8b shares "llama-3" */
    ck_assert_str_eq(text, "llama-3.1-8b, llama-2-7b, llama-3.2-1b");

    didyoumean region_hints = {{NULL}, {0}, 0};
    static const char *const region_ids[] = {"sa-east-1", "us-west-1", "us-east-2", "us-east-1"};
    for (size_t i = 0; i < sizeof region_ids / sizeof region_ids[0]; i++)
        didyoumean_offer(&region_hints, "US-EAST-9", region_ids[i]);
    didyoumean_format(&region_hints, text, sizeof text);
    /* one edit each for the us-east ones (in the order offered), then us-west-1 over sa-east-1 by its beginning */
    ck_assert_str_eq(text, "us-east-2, us-east-1, us-west-1");
}
END_TEST

/* Each pick's utilisation reason is its own: picks of one GPU generation, fabric and cluster network but different
 * node counts (p4d.24xlarge and p4de.24xlarge, 40 and 80 GB A100s on 400 Gbps EFA) each name their own count. */
START_TEST(utilization_reason_names_each_picks_nodes)
{
    json_error_t error;
    json_t *request = json_loads("{\"objective\": \"cost\", \"workload\": {\"kind\": \"training\", \"model\": "
                                 "\"llama-3.1-405b\", \"tokens_b\": 50}, \"constraints\": {\"providers\": [\"aws\"], "
                                 "\"max_nodes\": 64}, \"limit\": 10}",
                                 0, &error);
    ck_assert_ptr_nonnull(request);
    recommend_options opts = {.now = test_now(), .stale_after_hours = 48};
    int status;
    char *text = recommend_answer_text(seed, request, &opts, &status);
    ck_assert_int_eq(status, 200);
    json_t *answer = json_loads(text, 0, &error);
    ck_assert_ptr_nonnull(answer);
    json_t *picks = json_object_get(answer, "recommendations");
    size_t same_fabric_other_nodes = 0;
    for (size_t i = 0; i < json_array_size(picks); i++) {
        json_t *pick = json_array_get(picks, i);
        long long nodes = json_integer_value(json_object_get(pick, "nodes"));
        const char *why = json_string_value(
            json_object_get(json_object_get(json_object_get(pick, "plan"), "utilization"), "why"));
        ck_assert_ptr_nonnull(why);
        char said[48];
        snprintf(said, sizeof said, " for %lld node%s ", nodes, nodes == 1 ? "" : "s");
        ck_assert_msg(strstr(why, said) != NULL, "pick %zu (%lld nodes): %s", i, nodes, why);
        const char *type = json_string_value(json_object_get(pick, "instance_type"));
        if (i > 0 && strcmp(type, "p4de.24xlarge") == 0 &&
            strcmp(json_string_value(json_object_get(json_array_get(picks, i - 1), "instance_type")),
                   "p4d.24xlarge") == 0)
            same_fabric_other_nodes++;
    }
    ck_assert_uint_eq(same_fabric_other_nodes, 1);
    json_decref(answer);
    free(text);
    json_decref(request);
}
END_TEST

/* The hours reason states the utilisation the pick's plan assumed, the one its hours are computed with: on 4 nodes
 * of B300 over EFA that is 56% x 0.93 = 52% (engine/plan.c), not the 40% default in requirements. */
START_TEST(hours_reason_states_the_plans_utilization)
{
    int status;
    json_t *answer = run_on(seed, "{\"objective\": \"time\", \"workload\": {\"kind\": \"training\", "
                                  "\"model_params_b\": 70, \"precision\": \"bf16\", \"tokens_b\": 100}}",
                            &status);
    ck_assert_int_eq(status, 200);
    json_t *picks = json_object_get(answer, "recommendations");
    ck_assert_uint_gt(json_array_size(picks), 1);
    size_t below_base = 0;
    for (size_t i = 0; i < json_array_size(picks); i++) {
        json_t *pick = json_array_get(picks, i);
        double used = json_real_value(get_path(pick, "plan.utilization.value"));
        ck_assert_double_gt(used, 0.0);
        below_base += fabs(used - 0.40) > 0.005;
        char said[48];
        snprintf(said, sizeof said, " FLOPs at %.0f%% utilisation: ", used * 100.0);
        ck_assert_msg(strings_contain(json_object_get(pick, "reasons"), said),
                      "pick %zu (utilization %g): no reason says \"%s\"", i, used, said);
    }
    ck_assert_uint_gt(below_base, 0); /* the case tells the plan's figure from the default one */
    json_decref(answer);
}
END_TEST

/* The utilisation model knows each generation by the catalog's own architecture ids: the seed's H100, A100 and V100
 * take their published bases (engine/plan.c), not the cautious default of a generation it does not know. */
START_TEST(catalog_generations_take_their_published_base)
{
    static const struct {
        const char *gpu;
        double base;
    } cases[] = {{"h100-sxm-80gb", 0.56}, {"a100-sxm-80gb", 0.50}, {"v100-sxm2-32gb", 0.30}, {"l40s", 0.40}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const catalog_gpu *gpu = catalog_find_gpu(seed, cases[i].gpu);
        ck_assert_msg(gpu != NULL, "no %s in the seed", cases[i].gpu);
        plan_fabric fabric = {gpu->architecture, "nvswitch", "efa", 3200};
        plan_utilization u;
        plan_utilization_estimate(&fabric, 1, 70, true, &u);
        ck_assert_msg(fabs(u.base - cases[i].base) < 1e-12, "%s (%s): base %g, want %g", cases[i].gpu,
                      gpu->architecture, u.base, cases[i].base);
    }
}
END_TEST

/* An empty answer whose GPUs do not run the asked precision names the ones they do, nearest first, and the advice
 * works: V100s run fp16 (and fp32) but not bf16 (V100 datasheet, migrations/0002); A100s run bf16 and fp16 but not
 * fp8; a T4 serves int8 (inference may quantise, training may not). */
START_TEST(precision_hint_names_what_the_gpus_run)
{
    static const struct {
        const char *body;
        const char *hint;
    } cases[] = {
        {"{\"workload\": {\"kind\": \"training\", \"model_params_b\": 1.3, \"tokens_b\": 26}, \"constraints\": "
         "{\"gpu_models\": [\"v100-sxm2-16gb\", \"v100-sxm2-32gb\"]}}",
         "Set workload.precision to fp16 or fp32: the GPUs allowed here do not run bf16"},
        {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"precision\": \"fp8\"}, \"constraints\": "
         "{\"gpu_models\": [\"a100-sxm-80gb\"]}}",
         "Set workload.precision to bf16 or fp16: the GPUs allowed here do not run fp8"},
        {"{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"precision\": \"bf16\"}, \"constraints\": "
         "{\"gpu_models\": [\"t4\"]}}",
         "Set workload.precision to fp16 or int8: the GPUs allowed here do not run bf16"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int status = 0;
        json_t *answer = run_on(seed, cases[i].body, &status);
        ck_assert_int_eq(status, 200);
        ck_assert_uint_eq(rec_count(answer), 0);
        const char *hint = json_string_value(json_array_get(json_object_get(answer, "hints"), 0));
        ck_assert_msg(hint != NULL && strncmp(hint, cases[i].hint, strlen(cases[i].hint)) == 0, "case %zu: hint %s",
                      i, hint ? hint : "(none)");
        json_decref(answer);
    }
    /* the first hint taken: fp16 on the V100s plans the job */
    int status = 0;
    json_t *answer = run_on(seed,
                            "{\"workload\": {\"kind\": \"training\", \"model_params_b\": 1.3, \"tokens_b\": 26, "
                            "\"precision\": \"fp16\"}, \"constraints\": {\"gpu_models\": [\"v100-sxm2-16gb\", "
                            "\"v100-sxm2-32gb\"]}}",
                            &status);
    ck_assert_int_eq(status, 200);
    ck_assert_uint_gt(rec_count(answer), 0);
    json_decref(answer);
}
END_TEST

/* A floor on GPUs that needs more nodes than max_nodes allows says how many it needs, and that many plan the job. */
/* Runs body on the seed, which must answer 200 with no recommendation and a first hint that starts with prefix; the
 * answer in *answer (caller frees), its first hint returned. */
static const char *empty_answer_hint(const char *body, const char *prefix, json_t **answer)
{
    int status = 0;
    *answer = run_on(seed, body, &status);
    ck_assert_int_eq(status, 200);
    ck_assert_uint_eq(rec_count(*answer), 0);
    const char *hint = json_string_value(json_array_get(json_object_get(*answer, "hints"), 0));
    ck_assert_msg(hint != NULL && strncmp(hint, prefix, strlen(prefix)) == 0, "hint %s", hint ? hint : "(none)");
    return hint;
}

START_TEST(min_gpus_hint_names_the_nodes_it_needs)
{
    static const char *const prefix = "Raise constraints.max_nodes to at least ";
    int status = 0;
    json_t *answer = NULL;
    const char *hint = empty_answer_hint("{\"workload\": {\"kind\": \"training\", \"model_params_b\": 7, "
                                         "\"tokens_b\": 140}, \"constraints\": {\"min_gpus\": 64, \"max_nodes\": 2}}",
                                         prefix, &answer);
    ck_assert_ptr_nonnull(strstr(hint, "needs that many nodes"));
    unsigned nodes = (unsigned)strtoul(hint + strlen(prefix), NULL, 10);
    ck_assert_uint_gt(nodes, 2);
    ck_assert_uint_le(nodes, 64);
    json_decref(answer);
    for (unsigned given = nodes - 1; given <= nodes; given++) {
        char body[256];
        snprintf(body, sizeof body,
                 "{\"workload\": {\"kind\": \"training\", \"model_params_b\": 7, \"tokens_b\": 140}, "
                 "\"constraints\": {\"min_gpus\": 64, \"max_nodes\": %u}}",
                 given);
        answer = run_on(seed, body, &status);
        ck_assert_int_eq(status, 200);
        /* one node fewer than the hint still plans nothing; the hint's count plans the job */
        ck_assert_msg((rec_count(answer) > 0) == (given == nodes), "max_nodes %u: %zu recommendations", given,
                      rec_count(answer));
        json_decref(answer);
    }
}
END_TEST

/* workload.tensor_parallel pins every pick's degree; a degree no node can take is refused with a hint that names it. */
START_TEST(tensor_parallel_pin_is_kept)
{
    static const char *const prefix = "Leave out workload.tensor_parallel";
    for (int degree = 1; degree <= 8; degree *= 2) {
        char body[256];
        snprintf(body, sizeof body,
                 "{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-70b\", \"precision\": \"fp8\", "
                 "\"tensor_parallel\": %d}, \"limit\": 5}",
                 degree);
        int status = 0;
        json_t *answer = run_on(seed, body, &status);
        ck_assert_int_eq(status, 200);
        ck_assert_uint_gt(rec_count(answer), 0);
        for (size_t i = 0; i < rec_count(answer); i++) {
            json_t *t = json_object_get(json_array_get(json_object_get(answer, "recommendations"), i), "throughput");
            ck_assert_int_eq(json_integer_value(json_object_get(t, "tensor_parallel")), degree);
        }
        json_decref(answer);
    }
    json_t *answer = NULL;
    empty_answer_hint("{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-70b\", "
                      "\"precision\": \"fp8\", \"tensor_parallel\": 32}}",
                      prefix, &answer);
    json_decref(answer);
}
END_TEST

static Suite *recommend_suite(void)
{
    Suite *s = suite_create("recommend");
    TCase *validation = tcase_create("validation");
    tcase_add_checked_fixture(validation, build_synthetic, NULL);
    tcase_add_loop_test(validation, rejects_bad_input, 0, (int)(sizeof bad_cases / sizeof bad_cases[0]));
    tcase_add_test(validation, reports_every_bad_field_at_once);
    tcase_add_test(validation, closest_names_prefer_the_same_family);
    suite_add_tcase(s, validation);

    TCase *synthetic_case = tcase_create("synthetic");
    tcase_add_checked_fixture(synthetic_case, build_synthetic, NULL);
    tcase_add_test(synthetic_case, inference_7b_balanced);
    tcase_add_test(synthetic_case, spot_needs_checkpointing);
    tcase_add_test(synthetic_case, training_70b_two_nodes);
    tcase_add_test(synthetic_case, time_objective_prefers_fastest);
    tcase_add_test(synthetic_case, fp64_needs_real_fp64);
    tcase_add_loop_test(synthetic_case, constraints_respected, 0,
                        (int)(sizeof constraint_cases / sizeof constraint_cases[0]));
    tcase_add_test(synthetic_case, reserved_bills_the_term);
    tcase_add_test(synthetic_case, fractional_gpu);
    tcase_add_test(synthetic_case, latency_sensitive_70b);
    tcase_add_test(synthetic_case, top_k_matches_full_sort_and_is_deterministic);
    tcase_add_test(synthetic_case, bound_changes_ranking);
    tcase_add_test(synthetic_case, price_age_said_once_when_every_pick_of_a_provider_has_it);
    tcase_add_test(synthetic_case, capacity_warned_past_one_capacity_block);
    tcase_add_test(synthetic_case, empty_catalog_explains_itself);
    suite_add_tcase(s, synthetic_case);

    TCase *golden = tcase_create("golden");
    tcase_add_checked_fixture(golden, load_seed, free_seed);
    tcase_set_timeout(golden, 60);
    tcase_add_test(golden, golden_scenarios);
    tcase_add_test(golden, shapes_walk_answers_as_every_offer);
    tcase_add_test(golden, utilization_reason_names_each_picks_nodes);
    tcase_add_test(golden, hours_reason_states_the_plans_utilization);
    tcase_add_test(golden, catalog_generations_take_their_published_base);
    tcase_add_test(golden, precision_hint_names_what_the_gpus_run);
    tcase_add_test(golden, min_gpus_hint_names_the_nodes_it_needs);
    tcase_add_test(golden, tensor_parallel_pin_is_kept);
    suite_add_tcase(s, golden);
    return s;
}

int main(void)
{
    return check_run_suite(recommend_suite());
}
