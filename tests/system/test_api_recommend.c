/* POST /v1/recommend through the real daemon (seed catalog), and `gpurec recommend < request.json` giving the same
 * answer from the same database. The engine's figures are tested in test_recommend.c; here: the wiring, the HTTP
 * statuses and media types, and that nothing a client sends yields a 500. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "snapshot/catalog.h"
#include "support/check_support.h"
#include "support/harness.h"

static void assert_problem(const harness_response *r, long status)
{
    ck_assert_msg(r->status == status, "status %ld, want %ld: %s", r->status, status, r->body);
    char type[128] = "";
    ck_assert_int_eq(harness_response_header(r, "Content-Type", type, sizeof type), 0);
    ck_assert_msg(strncmp(type, "application/problem+json", 24) == 0, "Content-Type %s", type);
    ck_assert_ptr_nonnull(r->json);
    ck_assert_int_eq(json_integer_value(json_object_get(r->json, "status")), status);
}

static bool names_field(const json_t *doc, const char *field)
{
    size_t i;
    const json_t *entry;
    json_array_foreach(json_object_get(doc, "errors"), i, entry) {
        if (strcmp(json_string_value(json_object_get(entry, "field")), field) == 0)
            return true;
    }
    return false;
}

#define SEVEN_B "{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7, \"precision\": \"fp16\"}, \"limit\": 3}"

START_TEST(recommends_over_http)
{
    harness_response *r = harness_post_json(harness_daemon, "/v1/recommend", SEVEN_B);
    ck_assert_msg(r->status == 200, "%ld: %s", r->status, r->body);
    char type[128] = "";
    ck_assert_int_eq(harness_response_header(r, "Content-Type", type, sizeof type), 0);
    ck_assert_msg(strncmp(type, "application/json", 16) == 0, "Content-Type %s", type);
    const json_t *recs = json_object_get(r->json, "recommendations");
    ck_assert_uint_eq(json_array_size(recs), 3);
    ck_assert_double_eq_tol(
        json_number_value(json_object_get(json_object_get(r->json, "requirements"), "gpu_memory_gb")), 16.8, 1e-9);
    /* printed at 15 significant digits, not as a 17-digit binary fraction */
    ck_assert_ptr_nonnull(strstr(r->body, "16.8"));
    ck_assert_ptr_null(strstr(r->body, "16.800000000000001"));

    /* the catalog version is the one the catalog endpoints use as their ETag */
    harness_response *gpus = harness_get(harness_daemon, "/v1/gpus");
    char etag[64] = "";
    ck_assert_int_eq(harness_response_header(gpus, "ETag", etag, sizeof etag), 0);
    const char *version = json_string_value(json_object_get(r->json, "catalog_version"));
    ck_assert_ptr_nonnull(version);
    ck_assert_msg(strstr(etag, version) != NULL, "ETag %s, catalog_version %s", etag, version);
    harness_response_free(gpus);
    harness_response_free(r);
}
END_TEST

/* The answer is written as compact text; ?pretty indents the same document. */
START_TEST(pretty_gives_the_same_document_indented)
{
    harness_response *compact = harness_post_json(harness_daemon, "/v1/recommend", SEVEN_B);
    harness_response *pretty = harness_post_json(harness_daemon, "/v1/recommend?pretty=1", SEVEN_B);
    ck_assert_int_eq(compact->status, 200);
    ck_assert_int_eq(pretty->status, 200);
    ck_assert_ptr_null(strchr(compact->body, '\n'));
    ck_assert_ptr_nonnull(strstr(pretty->body, "{\n  \"requirements\": {\n    \"kind\": \"inference\""));
    ck_assert_int_eq(pretty->body[strlen(pretty->body) - 1], '\n');
    ck_assert(json_equal(compact->json, pretty->json));
    char type[128] = "";
    ck_assert_int_eq(harness_response_header(pretty, "Content-Type", type, sizeof type), 0);
    ck_assert_msg(strncmp(type, "application/json", 16) == 0, "Content-Type %s", type);
    harness_response_free(compact);
    harness_response_free(pretty);
}
END_TEST

START_TEST(bad_input_is_a_problem_naming_the_field)
{
    harness_response *r = harness_post_json(harness_daemon, "/v1/recommend",
                                            "{\"workload\": {\"kind\": \"quantum\"}, \"limit\": 0}");
    assert_problem(r, 422);
    ck_assert(names_field(r->json, "workload.kind"));
    ck_assert(names_field(r->json, "limit"));
    harness_response_free(r);

    r = harness_post_json(harness_daemon, "/v1/recommend",
                          "{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7},"
                          " \"constraints\": {\"gpu_models\": [\"h100\"]}}");
    assert_problem(r, 422);
    ck_assert(names_field(r->json, "constraints.gpu_models[0]"));
    harness_response_free(r);

    r = harness_post_json(harness_daemon, "/v1/recommend", "[1, 2]");
    assert_problem(r, 400);
    harness_response_free(r);

    /* malformed, trailing, empty */
    r = harness_post_json(harness_daemon, "/v1/recommend", "{\"workload\": {\"kind\": ");
    assert_problem(r, 400);
    harness_response_free(r);
    r = harness_post_json(harness_daemon, "/v1/recommend", "{\"workload\": {\"kind\": \"general\"}} {}");
    assert_problem(r, 400);
    harness_response_free(r);
    r = harness_request(harness_daemon, "POST", "/v1/recommend", NULL, NULL);
    assert_problem(r, 400);
    harness_response_free(r);

    /* not JSON at all */
    const char *const text_plain[] = {"Content-Type: text/plain", NULL};
    r = harness_request(harness_daemon, "POST", "/v1/recommend", SEVEN_B, text_plain);
    assert_problem(r, 415);
    harness_response_free(r);

    r = harness_get(harness_daemon, "/v1/recommend");
    ck_assert_int_eq(r->status, 405);
    char allow[64] = "";
    ck_assert_int_eq(harness_response_header(r, "Allow", allow, sizeof allow), 0);
    ck_assert_ptr_nonnull(strstr(allow, "POST"));
    harness_response_free(r);
}
END_TEST

/* Hostile but well-formed bodies: every one is a 4xx or a 200, never a 5xx. */
static const char *const hostile_bodies[] = {
    "{\"workload\": {\"kind\": \"training\", \"model_params_b\": 100000, \"tokens_b\": 1000000}}",
    "{\"workload\": {\"kind\": \"training\", \"model_params_b\": 0.001, \"tokens_b\": 0.000001}, \"limit\": 100}",
    "{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 1e308}}",
    "{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 70, \"batch_size\": 1000000,"
    " \"sequence_length\": 100000000}}",
    "{\"workload\": {\"kind\": \"general\", \"gpus\": 100000}, \"constraints\": {\"max_nodes\": 1024}}",
    "{\"workload\": {\"kind\": \"general\", \"min_gpu_memory_gb\": 10000000},"
    " \"constraints\": {\"max_nodes\": 1024}}",
    "{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"providers\": [], \"regions\": [],"
    " \"gpu_models\": []}}",
    "{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"providers\": [\"\"]}}",
    "{\"workload\": {\"kind\": \"general\"}, \"constraints\": {\"pricing\": [null]}}",
    "{\"workload\": {\"kind\": \"general\", \"hours\": 87600}, \"constraints\": {\"pricing\": [\"reserved_3y\","
    " \"savings_plan_3y\", \"spot\", \"on_demand\", \"reserved_1y\", \"savings_plan_1y\", \"spot\"]}}",
    "{\"workload\": null}",
    "{\"workload\": {\"kind\": null}}",
    "{\"workload\": {\"kind\": \"general\", \"kind\": \"hpc\"}}",
    "{\"workload\": {\"kind\": \"general\\u0000x\"}}",
    "{\"workload\": {\"kind\": \"general\"}, \"limit\": 1e400}",
    "{\"workload\": {\"kind\": \"general\"}, \"limit\": -9223372036854775808}",
    "{\"workload\": {\"kind\": \"general\"}, \"objective\": {}}",
    "{\"\\u00e9\": 1, \"workload\": {\"kind\": \"general\"}}",
    "0",
    "null",
};

START_TEST(never_a_server_error)
{
    harness_response *r = harness_post_json(harness_daemon, "/v1/recommend", hostile_bodies[_i]);
    ck_assert_msg(r->status == 200 || (r->status >= 400 && r->status < 500), "%s -> %ld: %s", hostile_bodies[_i],
                  r->status, r->body);
    ck_assert_ptr_nonnull(r->json);
    harness_response_free(r);
}
END_TEST

START_TEST(impossible_request_is_an_empty_answer)
{
    harness_response *r = harness_post_json(harness_daemon, "/v1/recommend",
                                            "{\"workload\": {\"kind\": \"training\", \"model_params_b\": 70,"
                                            " \"tokens_b\": 1400}, \"constraints\": {\"max_total_usd\": 100}}");
    ck_assert_int_eq(r->status, 200);
    ck_assert_uint_eq(json_array_size(json_object_get(r->json, "recommendations")), 0);
    ck_assert_int_gt(json_integer_value(json_object_get(json_object_get(r->json, "rejected"), "over_max_total_usd")),
                     0);
    harness_response_free(r);
}
END_TEST

START_TEST(without_a_catalog_answers_503)
{
    catalog_publish(NULL);
    harness_response *r = harness_post_json(harness_daemon, "/v1/recommend", SEVEN_B);
    assert_problem(r, 503);
    harness_response_free(r);
    harness_reload_catalog(harness_daemon);
    r = harness_post_json(harness_daemon, "/v1/recommend", SEVEN_B);
    ck_assert_int_eq(r->status, 200);
    harness_response_free(r);
}
END_TEST

/* The command line prints the same recommendations as the daemon, from the same database. */
START_TEST(command_line_gives_the_same_answer)
{
    const char *bin = getenv("GPUREC_BIN");
    if (bin == NULL)
        bin = "build/gpurec";
    ck_assert_msg(access(bin, X_OK) == 0, "%s is not built (set GPUREC_BIN)", bin);
    char request_path[] = "/tmp/gpurec-recommend-XXXXXX";
    int fd = mkstemp(request_path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, SEVEN_B, strlen(SEVEN_B)), (ssize_t)strlen(SEVEN_B));
    close(fd);
    char command[2048];
    snprintf(command, sizeof command, "GPUREC_DB='%s' GPUREC_LOG_LEVEL=error '%s' recommend < '%s'",
             harness_db_path(harness_daemon), bin, request_path);
    FILE *pipe = popen(command, "r");
    ck_assert_ptr_nonnull(pipe);
    json_error_t error;
    json_t *cli = json_loadf(pipe, 0, &error);
    int rc = pclose(pipe);
    unlink(request_path);
    ck_assert_msg(cli != NULL, "command output is not JSON: %s", error.text);
    ck_assert_int_eq(rc, 0);

    harness_response *r = harness_post_json(harness_daemon, "/v1/recommend", SEVEN_B);
    ck_assert_int_eq(r->status, 200);
    const json_t *a = json_object_get(cli, "recommendations"), *b = json_object_get(r->json, "recommendations");
    ck_assert_uint_eq(json_array_size(a), json_array_size(b));
    ck_assert_uint_gt(json_array_size(a), 0);
    for (size_t i = 0; i < json_array_size(a); i++) {
        const char *keys[] = {"provider", "instance_type", "region", "pricing", "hourly_usd", "score"};
        for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++)
            ck_assert_msg(json_equal(json_object_get(json_array_get(a, i), keys[k]),
                                     json_object_get(json_array_get(b, i), keys[k])),
                          "recommendation %zu differs in %s", i, keys[k]);
    }
    ck_assert(json_equal(json_object_get(cli, "requirements"), json_object_get(r->json, "requirements")));
    ck_assert(json_equal(json_object_get(cli, "catalog_version"), json_object_get(r->json, "catalog_version")));
    harness_response_free(r);
    json_decref(cli);
}
END_TEST

static Suite *api_recommend_suite(void)
{
    Suite *s = suite_create("api_recommend");
    TCase *tc = tcase_create("daemon");
    tcase_add_checked_fixture(tc, harness_daemon_start, harness_daemon_stop);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, recommends_over_http);
    tcase_add_test(tc, pretty_gives_the_same_document_indented);
    tcase_add_test(tc, bad_input_is_a_problem_naming_the_field);
    tcase_add_loop_test(tc, never_a_server_error, 0, (int)(sizeof hostile_bodies / sizeof hostile_bodies[0]));
    tcase_add_test(tc, impossible_request_is_an_empty_answer);
    tcase_add_test(tc, without_a_catalog_answers_503);
    tcase_add_test(tc, command_line_gives_the_same_answer);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(api_recommend_suite());
}
