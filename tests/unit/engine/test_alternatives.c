/* The alternatives of a recommendation (service/engine/recommend/alternatives.c), on the seed catalog (every migration
 * applied to an in-memory database):
 *   - each request_delta, merged into the request (RFC 7396) and asked again, gives the alternative's offer as the
 *     first pick: the delta is a complete, reproducible request;
 *   - the savings are worked out from the two picks' own figures, and a commitment's break-even from its term;
 *   - which alternatives apply to which workload, and that workload.serve_after is checked like a request. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#include "base/util.h"
#include "engine/recommend/recommend.h"
#include "snapshot/catalog.h"
#include "support/check_support.h"
#include "support/recommend_support.h"
#include "support/seed_catalog.h"

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

/* The answer to request (borrowed), or the problem as JSON; *status 200 or the problem's. */
static json_t *ask(const json_t *request, int *status)
{
    recommend_options opts = {.now = 1748736000 /* 2025-06-01, the seed's prices' date */, .stale_after_hours = 1e6};
    char *text = recommend_answer_text(seed, request, &opts, status);
    json_t *result = json_loads(text, 0, NULL);
    ck_assert_ptr_nonnull(result);
    free(text);
    return result;
}

static json_t *ask_text(const char *body, int *status)
{
    json_t *request = json_loads(body, 0, NULL);
    ck_assert_msg(request != NULL, "bad test JSON: %s", body);
    json_t *answer = ask(request, status);
    json_decref(request);
    return answer;
}

/* RFC 7396 section 2, written out again here so that the test does not trust the engine's own. */
static json_t *merged(const json_t *target, const json_t *patch)
{
    if (!json_is_object(patch))
        return json_deep_copy(patch);
    json_t *result = json_is_object(target) ? json_deep_copy(target) : json_object();
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)patch, key, value) {
        if (json_is_null(value))
            json_object_del(result, key);
        else
            json_object_set_new(result, key, merged(json_object_get(result, key), value));
    }
    return result;
}

static const char *text_at(const json_t *obj, const char *key)
{
    return json_string_value(json_object_get(obj, key));
}

/* Every alternative of body's answer, asked again with its delta, comes back as that request's first pick. Returns
 * how many alternatives the answer had. */
static size_t check_reproducible(const char *body)
{
    int status = 0;
    json_t *request = json_loads(body, 0, NULL);
    ck_assert_ptr_nonnull(request);
    json_t *answer = ask(request, &status);
    ck_assert_int_eq(status, 200);
    const json_t *alternatives = json_object_get(answer, "alternatives");
    ck_assert_msg(json_is_array(alternatives), "no alternatives array for %s", body);
    size_t i;
    const json_t *alt;
    json_array_foreach(alternatives, i, alt) {
        json_t *changed = merged(request, json_object_get(alt, "request_delta"));
        json_t *again = ask(changed, &status);
        ck_assert_int_eq(status, 200);
        const json_t *first = json_array_get(json_object_get(again, "recommendations"), 0);
        const json_t *pick = json_object_get(alt, "recommendation");
        ck_assert_ptr_nonnull(first);
        const char *keys[] = {"provider", "instance_type", "region", "pricing"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            ck_assert_msg(strcmp(text_at(first, keys[k]), text_at(pick, keys[k])) == 0,
                          "%s alternative of %s: %s is %s asked again, %s in the alternative", text_at(alt, "change"),
                          body, keys[k], text_at(first, keys[k]), text_at(pick, keys[k]));
        ck_assert_int_eq(json_integer_value(json_object_get(first, "nodes")),
                         json_integer_value(json_object_get(pick, "nodes")));
        ck_assert_double_eq_tol(json_number_value(json_object_get(first, "hourly_usd")),
                                json_number_value(json_object_get(pick, "hourly_usd")), 1e-6);
        json_decref(again);
        json_decref(changed);
    }
    size_t count = json_array_size(alternatives);
    json_decref(answer);
    json_decref(request);
    return count;
}

static bool has_change(const json_t *answer, const char *change)
{
    size_t i;
    const json_t *alt;
    json_array_foreach(json_object_get(answer, "alternatives"), i, alt) if (strcmp(text_at(alt, "change"), change) == 0)
        return true;
    return false;
}

START_TEST(deltas_reproduce_their_pick)
{
    const char *bodies[] = {
        "{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-70b\", \"precision\": \"bf16\"}, "
        "\"objective\": \"cost\"}",
        "{\"workload\": {\"kind\": \"training\", \"model\": \"llama-2-70b\", \"tokens_b\": 2000, \"deadline_hours\": "
        "720, \"serve_after\": {\"precision\": \"fp8\", \"target_tokens_per_s\": 5000}}, \"objective\": \"cost\"}",
        "{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-2-70b\", \"tokens_b\": 0.1}, \"constraints\": "
        "{\"providers\": [\"aws\"]}}",
        "{\"workload\": {\"kind\": \"training\", \"model_params_b\": 7, \"tokens_b\": 50}, \"constraints\": "
        "{\"providers\": [\"aws\", \"gcp\"]}, \"objective\": \"time\"}",
        "{\"workload\": {\"kind\": \"inference\", \"model\": \"mixtral-8x7b\", \"precision\": \"bf16\", "
        "\"target_tokens_per_s\": 20000}, \"constraints\": {\"pricing\": [\"on_demand\"]}}",
    };
    size_t total = 0;
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++)
        total += check_reproducible(bodies[i]);
    /* the cases above make at least this many (precision; serve_split and more nodes; spot and more nodes; spot;
     * precision), with the serving model of engine/perf/serving.c and the training model of engine/perf/training.c,
     * showing only alternatives that save; none may be skipped silently */
    ck_assert_uint_ge(total, 7);
}
END_TEST

/* The saving is the top pick's figure less the alternative's, on the basis named; a commitment's break-even is its
 * term's hours times its hourly price over the top pick's. */
START_TEST(savings_from_the_two_picks)
{
    int status = 0;
    json_t *answer = ask_text("{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-2-70b\", \"tokens_b\": 0.1}, \"constraints\": "
        "{\"providers\": [\"aws\"]}}",
                              &status);
    ck_assert_int_eq(status, 200);
    const json_t *top = json_array_get(json_object_get(answer, "recommendations"), 0);
    double top_total = json_number_value(json_object_get(top, "estimated_total_usd"));
    size_t i;
    const json_t *alt;
    size_t checked = 0;
    json_array_foreach(json_object_get(answer, "alternatives"), i, alt) {
        if (strcmp(text_at(alt, "change"), "more_nodes") == 0) { /* sooner, not cheaper: it saves hours */
            ck_assert_str_eq(text_at(alt, "saving_basis"), "estimated_hours");
            ck_assert(json_number_value(json_object_get(alt, "saving_hours")) > 0);
            checked++;
            continue;
        }
        ck_assert_str_eq(text_at(alt, "saving_basis"), "estimated_total_usd");
        double alt_total = json_number_value(json_object_get(json_object_get(alt, "recommendation"),
                                                             "estimated_total_usd"));
        double saving = json_number_value(json_object_get(alt, "saving_usd"));
        ck_assert_double_eq_tol(saving, top_total - alt_total, 0.011);
        ck_assert_double_eq_tol(json_number_value(json_object_get(alt, "saving_fraction")), saving / top_total, 1e-3);
        checked++;
    }
    ck_assert_uint_ge(checked, 2);
    json_decref(answer);

    /* a served model of no set length: a commitment shows when it can pay within its term */
    answer = ask_text("{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-8b\"}, \"constraints\": "
                      "{\"providers\": [\"aws\"]}, \"objective\": \"cost\"}",
                      &status);
    ck_assert_int_eq(status, 200);
    top = json_array_get(json_object_get(answer, "recommendations"), 0);
    /* served at full load, per token: the two picks serve different loads per hour */
    double top_rate = json_number_value(json_object_get(json_object_get(top, "throughput"), "usd_per_million_tokens"));
    checked = 0;
    json_array_foreach(json_object_get(answer, "alternatives"), i, alt) {
        if (strcmp(text_at(alt, "change"), "commitment") != 0)
            continue;
        const json_t *pick = json_object_get(alt, "recommendation");
        double term = strcmp(text_at(pick, "pricing"), "reserved_1y") == 0 ? 8760 : 26280; /* cost.c's terms */
        double break_even = json_number_value(json_object_get(alt, "break_even_hours"));
        double alt_rate = json_number_value(json_object_get(pick, "usd_per_million_tokens"));
        ck_assert_double_eq_tol(break_even, term * alt_rate / top_rate, 0.002 * term);
        ck_assert_double_lt(break_even, term);
        ck_assert_double_gt(json_number_value(json_object_get(alt, "saving_usd")), 0);
        checked++;
    }
    ck_assert_uint_ge(checked, 1);
    json_decref(answer);
}
END_TEST

START_TEST(which_changes_apply)
{
    int status = 0;
    /* serving: quantised, never spot (a reclaim drops the service) nor more nodes */
    json_t *answer = ask_text("{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-70b\"}}", &status);
    ck_assert(has_change(answer, "precision"));
    ck_assert(!has_change(answer, "spot"));
    ck_assert(!has_change(answer, "more_nodes"));
    ck_assert(!has_change(answer, "qlora"));
    json_decref(answer);
    /* int4 has no lower step */
    answer = ask_text("{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-8b\", \"precision\": \"int4\"}}",
                      &status);
    ck_assert(!has_change(answer, "precision"));
    json_decref(answer);
    /* fine-tuning with LoRA: QLoRA; with QLoRA already: none of it */
    answer = ask_text("{\"workload\": {\"kind\": \"fine_tuning\", \"model\": \"llama-2-13b\", \"tokens_b\": 0.1, "
                      "\"fine_tuning_method\": \"qlora\"}}",
                      &status);
    ck_assert_int_eq(status, 200);
    ck_assert(!has_change(answer, "qlora"));
    json_decref(answer);
    /* spot already allowed with checkpoints: no spot alternative */
    answer = ask_text("{\"workload\": {\"kind\": \"training\", \"model\": \"llama-2-7b\", \"tokens_b\": 20, "
                      "\"checkpointing\": true}, \"constraints\": {\"pricing\": [\"on_demand\", \"spot\"]}}",
                      &status);
    ck_assert_int_eq(status, 200);
    ck_assert(!has_change(answer, "spot"));
    json_decref(answer);
    /* nothing fits: no alternatives, the hints speak */
    answer = ask_text("{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-3.1-405b\"}, \"constraints\": "
                      "{\"max_hourly_usd\": 0.5}}",
                      &status);
    ck_assert_int_eq(json_array_size(json_object_get(answer, "alternatives")), 0);
    ck_assert_int_gt(json_array_size(json_object_get(answer, "hints")), 0);
    json_decref(answer);
}
END_TEST

/* Twice the GPUs is offered only where some type can hold them within max_nodes. The seed's widest node is
 * a2-megagpu-16g (16 A100s, no cluster network) and its widest clustered nodes hold 8 GPUs: 16 GPUs on one node
 * doubles to 32, which one node cannot hold and asking for directly finds nothing; on up to 4 nodes, 32 GPUs are 4
 * clustered nodes of 8, and the alternative is there. */
START_TEST(more_nodes_only_where_a_type_holds_them)
{
    ck_assert_double_eq(seed->most_gpus_per_instance, 16);
    ck_assert_double_eq(seed->most_gpus_per_clustered_instance, 8);
    /* gpus and max_nodes of a 13 B training job; whether it has picks; whether twice the GPUs is offered */
    static const struct {
        int gpus, max_nodes;
        bool picks, more_nodes;
    } cases[] = {{16, 1, true, false}, {32, 1, false, false}, {16, 4, true, true}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char body[256];
        snprintf(body, sizeof body,
                 "{\"workload\": {\"kind\": \"training\", \"model_params_b\": 13, \"tokens_b\": 100, \"gpus\": %d}, "
                 "\"objective\": \"cost\", \"constraints\": {\"max_nodes\": %d}}",
                 cases[i].gpus, cases[i].max_nodes);
        int status = 0;
        json_t *answer = ask_text(body, &status);
        ck_assert_int_eq(status, 200);
        ck_assert_msg((json_array_size(json_object_get(answer, "recommendations")) > 0) == cases[i].picks, "%s", body);
        ck_assert_msg(has_change(answer, "more_nodes") == cases[i].more_nodes, "%s", body);
        json_decref(answer);
    }
}
END_TEST

START_TEST(serve_after_is_checked)
{
    int status = 0;
    json_t *answer = ask_text("{\"workload\": {\"kind\": \"training\", \"model\": \"llama-2-7b\", \"tokens_b\": 10, "
                              "\"serve_after\": {\"precision\": \"fp7\", \"bogus\": 1}}}",
                              &status);
    ck_assert_int_eq(status, 422);
    char *text = json_dumps(answer, 0);
    ck_assert_msg(strstr(text, "workload.serve_after.precision") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "workload.serve_after.bogus") != NULL, "%s", text);
    free(text);
    json_decref(answer);
    answer = ask_text("{\"workload\": {\"kind\": \"inference\", \"model\": \"llama-2-7b\", \"serve_after\": {}}}",
                      &status);
    ck_assert_int_eq(status, 422);
    json_decref(answer);
    answer = ask_text("{\"workload\": {\"kind\": \"training\", \"model\": \"llama-2-7b\", \"tokens_b\": 10, "
                      "\"serve_after\": {\"kind\": \"training\"}}}",
                      &status);
    ck_assert_int_eq(status, 422);
    json_decref(answer);
    /* a valid one: the split names an inference pick and compares no price (another job) */
    answer = ask_text("{\"workload\": {\"kind\": \"training\", \"model\": \"llama-2-7b\", \"tokens_b\": 10, "
                      "\"serve_after\": {\"precision\": \"fp8\"}}}",
                      &status);
    ck_assert_int_eq(status, 200);
    ck_assert(has_change(answer, "serve_split"));
    const json_t *split = json_array_get(json_object_get(answer, "alternatives"), 0);
    ck_assert_str_eq(text_at(split, "change"), "serve_split");
    ck_assert(json_is_null(json_object_get(split, "saving_usd")));
    ck_assert(json_is_null(json_object_get(json_object_get(split, "request_delta"), "workload")) == false);
    json_decref(answer);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("alternatives");
    TCase *tc = tcase_create("seed");
    tcase_add_unchecked_fixture(tc, load_seed, free_seed);
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, deltas_reproduce_their_pick);
    tcase_add_test(tc, savings_from_the_two_picks);
    tcase_add_test(tc, which_changes_apply);
    tcase_add_test(tc, serve_after_is_checked);
    tcase_add_test(tc, more_nodes_only_where_a_type_holds_them);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
