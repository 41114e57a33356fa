/* The command line's flags (cli/flags.h): arguments to the request JSON, every request field of openapi.yaml with a
 * flag, every error naming its flag, problem fields mapped back to flags; and the table renderer (cli/table.h). */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "base/config.h"
#include "cli/flags.h"
#include "cli/render.h"
#include "cli/table.h"
#include "support/check_support.h"

static config cfg;
static char err[1024];

/* Parses the NULL-terminated arguments for the command; returns cli_parse()'s status. */
static int parse(config_command id, cli_args *args, const char *const *argv_in)
{
    char *argv[64];
    int argc = 0;
    while (argv_in[argc] != NULL) {
        argv[argc] = (char *)argv_in[argc];
        argc++;
    }
    config_defaults(&cfg);
    err[0] = '\0';
    return cli_parse(cli_command_find(id), &cfg, argc, argv, args, err, sizeof err);
}

static void assert_request(config_command id, const char *const *argv, const char *expected_json)
{
    cli_args args;
    ck_assert_msg(parse(id, &args, argv) == 0, "refused: %s", err);
    json_t *expected = json_loads(expected_json, 0, NULL);
    ck_assert_ptr_nonnull(expected);
    char *got = json_dumps(args.request, JSON_SORT_KEYS);
    ck_assert_msg(json_equal(args.request, expected), "request %s", got);
    free(got);
    json_decref(expected);
    cli_args_free(&args);
}

START_TEST(recommend_flags_make_the_request)
{
    const char *argv[] = {"--model", "llama-3.1-70b", "--kind", "inference", "--precision", "fp8", "--provider",
                          "aws,gcp", "--top", "5", "--max-hourly-usd=120.5", "--latency-sensitive", "--params", "70",
                          "--require-ecc=false", "--architecture", "{\"layers\": 2}", NULL};
    assert_request(CMD_RECOMMEND, argv,
                   "{\"workload\": {\"model\": \"llama-3.1-70b\", \"kind\": \"inference\", \"precision\": \"fp8\","
                   " \"latency_sensitive\": true, \"model_params_b\": 70.0, \"architecture\": {\"layers\": 2}},"
                   " \"constraints\": {\"providers\": [\"aws\", \"gcp\"], \"max_hourly_usd\": 120.5,"
                   " \"require_ecc\": false}, \"limit\": 5}");
}
END_TEST

START_TEST(estimate_and_export_flags_make_the_request)
{
    const char *estimate[] = {"--instance", "aws/p5.48xlarge", "--region", "us-east-1", "--count", "4", "--months",
                              "3", "--pricing", "on_demand,spot", NULL};
    assert_request(CMD_ESTIMATE, estimate,
                   "{\"items\": [{\"provider\": \"aws\", \"instance_type\": \"p5.48xlarge\", \"region\": \"us-east-1\","
                   " \"count\": 4, \"months\": 3}], \"pricing\": [\"on_demand\", \"spot\"]}");
    const char *exported[] = {"--provider", "gcp", "--instance-type", "a3-highgpu-8g", "--region", "us-central1",
                              "--nodes", "2", "--format", "terraform", NULL};
    assert_request(CMD_EXPORT, exported,
                   "{\"recommendation\": {\"provider\": \"gcp\", \"instance_type\": \"a3-highgpu-8g\","
                   " \"region\": \"us-central1\", \"nodes\": 2}, \"format\": \"terraform\"}");
    const char *models[] = {"--family", "llama", "--moe=false", "--max-params-b", "80", NULL};
    assert_request(CMD_MODELS, models, "{\"family\": [\"llama\"], \"moe\": false, \"max_params_b\": 80.0}");
}
END_TEST

START_TEST(common_flags_and_settings_are_read)
{
    cli_args args;
    const char *argv[] = {"--json", "--server", "http://127.0.0.1:9", "--db", "/tmp/x.db", "--export", "kubernetes",
                          "--stale-after-hours", "7", NULL};
    ck_assert_msg(parse(CMD_RECOMMEND, &args, argv) == 0, "%s", err);
    ck_assert(args.json_out);
    ck_assert(!args.any_field);
    ck_assert_str_eq(args.server, "http://127.0.0.1:9");
    ck_assert_str_eq(args.export_format, "kubernetes");
    ck_assert_str_eq(cfg.db_path, "/tmp/x.db");
    ck_assert_uint_eq(cfg.stale_after_hours, 7);
    ck_assert_uint_eq(json_object_size(args.request), 0);
    cli_args_free(&args);
}
END_TEST

/* Each bad argument, and the start of the message it must get. */
static const struct {
    config_command command;
    const char *argv[4];
    const char *message;
} bad_arguments[] = {
    {CMD_RECOMMEND, {"--max-hourly-usd", "abc"}, "--max-hourly-usd: must be a number, not 'abc'"},
    {CMD_RECOMMEND, {"--max-hourly-usd", "nan"}, "--max-hourly-usd: must be a number"},
    {CMD_RECOMMEND, {"--top", "2.5"}, "--top: must be a whole number, not '2.5'"},
    {CMD_RECOMMEND, {"--batch-size", ""}, "--batch-size: must be a whole number"},
    {CMD_RECOMMEND, {"--model"}, "--model: needs a value"},
    {CMD_RECOMMEND, {"--color", "red"}, "--color: not a flag of gpurec recommend"},
    {CMD_RECOMMEND, {"llama"}, "unexpected argument 'llama'"},
    {CMD_RECOMMEND, {"--providers", "aws,,gcp"}, "--providers: an empty name in the list"},
    {CMD_RECOMMEND, {"--latency-sensitive=maybe"}, "--latency-sensitive: takes no value, or =true or =false"},
    {CMD_RECOMMEND, {"--architecture", "[1]"}, "--architecture: must be a JSON object"},
    {CMD_RECOMMEND, {"--kind", "training", "--kind"}, "--kind: given twice"},
    {CMD_RECOMMEND, {"--json", "--table"}, "--json: not together with --table"},
    {CMD_RECOMMEND, {"--server"}, "--server: needs a value"},
    {CMD_RECOMMEND, {"--db"}, "--db: needs a value"},
    {CMD_RECOMMEND, {"--log-level", "loud"}, "--log-level"},
    {CMD_ESTIMATE, {"--instance", "p5.48xlarge"}, "--instance: must be PROVIDER/INSTANCE_TYPE"},
    {CMD_ESTIMATE, {"--count", "four"}, "--count: must be a whole number, not 'four'"},
    {CMD_ESTIMATE, {"--export", "skypilot"}, "--export: not a flag of gpurec estimate"},
    {CMD_EXPORT, {"--nodes", "1e3"}, "--nodes: must be a whole number"},
    {CMD_MODELS, {"--request", "x.json"}, "--request: not a flag of gpurec models"},
    {CMD_GPUS, {"--min-memory-gb", "80GB"}, "--min-memory-gb: must be a number, not '80GB'"},
};

START_TEST(every_error_names_its_flag)
{
    cli_args args;
    ck_assert_int_eq(parse(bad_arguments[_i].command, &args, bad_arguments[_i].argv), -1);
    ck_assert_msg(strncmp(err, bad_arguments[_i].message, strlen(bad_arguments[_i].message)) == 0,
                  "case %d: '%s', want '%s...'", _i, err, bad_arguments[_i].message);
    ck_assert_ptr_null(args.request);
}
END_TEST

START_TEST(problem_fields_map_back_to_flags)
{
    const cli_command *rec = cli_command_find(CMD_RECOMMEND), *est = cli_command_find(CMD_ESTIMATE);
    char flag[64];
    ck_assert(cli_flag_for_field(rec, NULL, "workload.model", flag, sizeof flag));
    ck_assert_str_eq(flag, "--model");
    ck_assert(cli_flag_for_field(rec, NULL, "workload.model_params_b", flag, sizeof flag));
    ck_assert_str_eq(flag, "--model-params-b");
    ck_assert(cli_flag_for_field(rec, NULL, "constraints.providers[1]", flag, sizeof flag));
    ck_assert_str_eq(flag, "--providers");
    ck_assert(cli_flag_for_field(rec, NULL, "limit", flag, sizeof flag));
    ck_assert_str_eq(flag, "--limit");
    ck_assert(!cli_flag_for_field(rec, NULL, "workload", flag, sizeof flag));
    ck_assert(!cli_flag_for_field(rec, NULL, "body", flag, sizeof flag));
    /* items[0].provider is set by --provider or by --instance: the one given names it */
    cli_args args;
    const char *argv[] = {"--instance", "aws/p5", NULL};
    ck_assert_int_eq(parse(CMD_ESTIMATE, &args, argv), 0);
    ck_assert(cli_flag_for_field(est, &args, "items[0].provider", flag, sizeof flag));
    ck_assert_str_eq(flag, "--instance");
    ck_assert(cli_flag_for_field(est, &args, "items[0].instance_type", flag, sizeof flag));
    ck_assert_str_eq(flag, "--instance");
    ck_assert(cli_flag_for_field(est, NULL, "items[0].provider", flag, sizeof flag));
    ck_assert_str_eq(flag, "--provider");
    cli_args_free(&args);
    /* a flag given by its alias is named by it */
    const char *top[] = {"--top", "3", NULL};
    ck_assert_int_eq(parse(CMD_RECOMMEND, &args, top), 0);
    ck_assert(cli_flag_for_field(rec, &args, "limit", flag, sizeof flag));
    ck_assert_str_eq(flag, "--top");
    cli_args_free(&args);
}
END_TEST

START_TEST(hints_show_flags_for_fields)
{
    char out[256];
    cli_flags_rewrite(cli_command_find(CMD_RECOMMEND),
                      "Raise constraints.max_hourly_usd to 2; allow constraints.max_nodes, workload.model_params_b; "
                      "the limit stays",
                      out, sizeof out);
    ck_assert_str_eq(out, "Raise --max-hourly-usd to 2; allow --max-nodes, --model-params-b; the limit stays");
    cli_flags_rewrite(cli_command_find(CMD_RECOMMEND), "workload.modelx", out, sizeof out);
    ck_assert_str_eq(out, "workload.modelx");
}
END_TEST

/* The property names of one schema of openapi.yaml at one indentation (8: its own, 12: one level down). */
static size_t schema_properties(const char *yaml, const char *schema, int indent, char names[][64], size_t cap)
{
    char head[80];
    snprintf(head, sizeof head, "\n    %s:\n", schema);
    const char *at = strstr(yaml, head);
    ck_assert_msg(at != NULL, "openapi.yaml has no schema %s", schema);
    at += strlen(head);
    size_t count = 0;
    while (*at != '\0') {
        const char *end = strchr(at, '\n');
        size_t len = end != NULL ? (size_t)(end - at) : strlen(at);
        int spaces = (int)strspn(at, " ");
        if (len > (size_t)spaces && spaces <= 4)
            break; /* the next schema */
        if (spaces == indent && at[spaces] != '-' && count < cap) {
            size_t name_len = strcspn(at + spaces, ":");
            snprintf(names[count++], 64, "%.*s", (int)name_len, at + spaces);
        }
        at += len + (end != NULL);
    }
    return count;
}

static bool has_flag(const cli_command *cmd, const char *field)
{
    for (size_t i = 0; i < cmd->flag_count; i++)
        if (strcmp(cmd->flags[i].field, field) == 0)
            return true;
    return false;
}

START_TEST(every_request_field_of_the_contract_has_a_flag)
{
    static const struct {
        config_command command;
        const char *schema, *prefix, *skip;
        int indent;
    } schemas[] = {
        {CMD_RECOMMEND, "Workload", "workload.", "", 8},
        {CMD_RECOMMEND, "Constraints", "constraints.", "", 8},
        {CMD_RECOMMEND, "RecommendRequest", "", "workload constraints", 8},
        {CMD_ESTIMATE, "EstimateRequestItem", "items[0].", "", 8},
        {CMD_ESTIMATE, "EstimateRequest", "", "items", 8},
        {CMD_EXPORT, "ExportRequest", "recommendation.", "", 12},
        {CMD_EXPORT, "ExportRequest", "", "recommendation", 8},
    };
    FILE *f = fopen("openapi.yaml", "rb");
    ck_assert_msg(f != NULL, "run from the checkout's root");
    static char yaml[1 << 20];
    size_t len = fread(yaml, 1, sizeof yaml - 1, f);
    fclose(f);
    yaml[len] = '\0';
    size_t fields = 0;
    for (size_t s = 0; s < sizeof schemas / sizeof schemas[0]; s++) {
        char names[64][64];
        size_t count = schema_properties(yaml, schemas[s].schema, schemas[s].indent, names, 64);
        ck_assert_uint_gt(count, 0);
        for (size_t i = 0; i < count; i++) {
            if (strstr(schemas[s].skip, names[i]) != NULL)
                continue;
            char field[128];
            snprintf(field, sizeof field, "%s%s", schemas[s].prefix, names[i]);
            ck_assert_msg(has_flag(cli_command_find(schemas[s].command), field), "%s has no flag", field);
            fields++;
        }
    }
    ck_assert_uint_ge(fields, 40);
    /* and no flag names a field the contract does not have */
    const cli_command *rec = cli_command_find(CMD_RECOMMEND);
    for (size_t i = 0; i < rec->flag_count; i++) {
        const char *last = strrchr(rec->flags[i].field, '.');
        char needle[80];
        snprintf(needle, sizeof needle, "\n        %s:", last != NULL ? last + 1 : rec->flags[i].field);
        ck_assert_msg(strstr(yaml, needle) != NULL, "%s is not in openapi.yaml", rec->flags[i].field);
    }
}
END_TEST

START_TEST(help_lists_every_flag)
{
    config_command ids[] = {CMD_RECOMMEND, CMD_ESTIMATE, CMD_EXPORT, CMD_MODELS, CMD_GPUS};
    for (size_t c = 0; c < sizeof ids / sizeof ids[0]; c++) {
        const cli_command *cmd = cli_command_find(ids[c]);
        ck_assert_uint_le(cmd->flag_count, CLI_MAX_FLAGS); /* cli_args.given holds one per row */
        char *text = NULL;
        size_t size = 0;
        FILE *out = open_memstream(&text, &size);
        cli_print_help(cmd, out);
        fclose(out);
        for (size_t i = 0; i < cmd->flag_count; i++) {
            char name[64];
            cli_flag_name(&cmd->flags[i], name, sizeof name);
            ck_assert_msg(strstr(text, name) != NULL, "%s --help lacks %s", cmd->name, name);
        }
        ck_assert_ptr_nonnull(strstr(text, "--server URL"));
        ck_assert_ptr_nonnull(strstr(text, "Exit status: 0 found, 1 nothing fits, 2 bad input, 3"));
        free(text);
    }
    ck_assert_ptr_null(cli_command_find(CMD_SERVE));
}
END_TEST

START_TEST(table_aligns_columns)
{
    static const char *const headers[] = {"ID", "PRICE $", "NOTE"};
    cli_table t;
    table_init(&t, 3, headers, "lrl");
    table_add(&t, (const char *const[]){"h100", "55.04", "fast"});
    table_add(&t, (const char *const[]){"l4", "0.8050", NULL});
    table_add(&t, (const char *const[]){"gb200-é", "1234.00", "x"});
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    table_print(&t, out, "  ");
    fclose(out);
    ck_assert_str_eq(text, "  ID       PRICE $  NOTE\n"
                           "  h100       55.04  fast\n"
                           "  l4        0.8050  -\n"
                           "  gb200-é  1234.00  x\n");
    free(text);
    table_free(&t);
}
END_TEST

START_TEST(money_and_missing_numbers)
{
    char buf[32];
    json_t *cheap = json_real(0.12345), *dear = json_real(113.9328), *whole = json_integer(8);
    ck_assert_str_eq(table_usd(cheap, buf, sizeof buf), "0.1235");
    ck_assert_str_eq(table_usd(dear, buf, sizeof buf), "113.93");
    ck_assert_str_eq(table_number(whole, 0, buf, sizeof buf), "8");
    ck_assert_str_eq(table_number(NULL, 2, buf, sizeof buf), "-");
    ck_assert_str_eq(table_usd(json_null(), buf, sizeof buf), "-");
    json_decref(cheap);
    json_decref(dear);
    json_decref(whole);
}
END_TEST

START_TEST(recommend_table_shows_picks_or_hints)
{
    json_t *answer = json_loads(
        "{\"requirements\": {\"gpu_memory_gb\": 84.0, \"precision\": \"fp8\", \"bound\": \"memory_bandwidth\","
        " \"flops\": null, \"max_nodes\": 1, \"formula\": \"weights 70 GB\"}, \"objective\": \"cost\","
        " \"recommendations\": [{\"rank\": 1, \"provider\": \"aws\", \"instance_type\": \"p5.48xlarge\","
        " \"region\": \"us-east-1\", \"pricing\": \"spot\", \"nodes\": 2, \"gpu_count\": 8,"
        " \"gpu\": {\"id\": \"h100-sxm-80gb\"}, \"hourly_usd\": 67.8, \"estimated_hours\": 10.5,"
        " \"estimated_total_usd\": 711.9, \"reasons\": [\"cheapest\"], \"warnings\": []}],"
        " \"warnings\": [\"aws prices are 63 hours old\"], \"considered\": 805, \"catalog_version\": \"abc\"}",
        0, NULL);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    render_recommend(out, answer, NULL);
    fclose(out);
    ck_assert_msg(strstr(text, "Needs 84.0 GB of GPU memory at fp8, bound by memory bandwidth") != NULL, "%s", text);
    ck_assert_msg(strstr(text, "#  PROVIDER  INSTANCE TYPE  REGION     PRICING  NODES x GPUS  GPU              $/H"
                               "  HOURS  TOTAL $\n"
                               "1  aws       p5.48xlarge    us-east-1  spot     2 x 8         h100-sxm-80gb  67.80"
                               "   10.5   711.90\n") != NULL,
                  "%s", text);
    ck_assert_ptr_nonnull(strstr(text, "Why #1:\n  cheapest\n"));
    ck_assert_ptr_nonnull(strstr(text, "Warnings for the whole answer:\n  aws prices are 63 hours old\n805 offers "
                                       "considered; catalog abc\n"));
    free(text);
    json_decref(answer);

    answer = json_loads("{\"requirements\": {}, \"recommendations\": [], \"hints\": [\"Raise "
                        "constraints.max_hourly_usd to 4.36.\"], \"rejected\": {\"over_max_hourly_usd\": 3,"
                        " \"retired\": 2}, \"considered\": 5, \"catalog_version\": \"abc\"}",
                        0, NULL);
    out = open_memstream(&text, &size);
    render_recommend(out, answer, cli_command_find(CMD_RECOMMEND));
    fclose(out);
    ck_assert_msg(strstr(text, "No instance fits.\nHints:\n  Raise --max-hourly-usd to 4.36.\n"
                               "Rejected offers: over_max_hourly_usd 3, retired 2\n") != NULL,
                  "%s", text);
    free(text);
    json_decref(answer);
}
END_TEST

static Suite *cli_suite(void)
{
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("flags");
    tcase_add_test(tc, recommend_flags_make_the_request);
    tcase_add_test(tc, estimate_and_export_flags_make_the_request);
    tcase_add_test(tc, common_flags_and_settings_are_read);
    tcase_add_loop_test(tc, every_error_names_its_flag, 0, (int)(sizeof bad_arguments / sizeof bad_arguments[0]));
    tcase_add_test(tc, problem_fields_map_back_to_flags);
    tcase_add_test(tc, hints_show_flags_for_fields);
    tcase_add_test(tc, every_request_field_of_the_contract_has_a_flag);
    tcase_add_test(tc, help_lists_every_flag);
    suite_add_tcase(s, tc);
    TCase *render = tcase_create("render");
    tcase_add_test(render, table_aligns_columns);
    tcase_add_test(render, money_and_missing_numbers);
    tcase_add_test(render, recommend_table_shows_picks_or_hints);
    suite_add_tcase(s, render);
    return s;
}

int main(void)
{
    return check_run_suite(cli_suite());
}
