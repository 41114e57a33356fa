/* The built binary's command line (service/cli/) on a migrated database: each command with its table and its --json,
 * the exit statuses 0 (found), 1 (nothing fits), 2 (bad input, the message naming the flag) and 3 (no database, no
 * server), and --server against a daemon on 127.0.0.1 answering exactly what the local database answers. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <jansson.h>

#include "support/check_support.h"
#include "support/harness.h"

typedef struct outcome {
    int status;
    char *out, *err; /* NUL-terminated, owned */
} outcome;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    static char chunk[1 << 16];
    size_t cap = 1, len = 0, got;
    char *text = calloc(1, 1);
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        text = realloc(text, cap += got);
        memcpy(text + len, chunk, got);
        len += got;
        text[len] = '\0';
    }
    fclose(f);
    return text;
}

/* Runs `gpurec <args>` on the daemon's database (stdin from /dev/null unless args redirect it). */
static outcome run_cli(const char *args)
{
    const char *bin = getenv("GPUREC_BIN");
    if (bin == NULL)
        bin = "build/gpurec";
    ck_assert_msg(access(bin, X_OK) == 0, "%s is not built (set GPUREC_BIN)", bin);
    char out_path[] = "/tmp/gpurec-cli-out-XXXXXX", err_path[] = "/tmp/gpurec-cli-err-XXXXXX";
    close(mkstemp(out_path));
    close(mkstemp(err_path));
    char command[4096];
    snprintf(command, sizeof command,
             "GPUREC_DB='%s' GPUREC_LOG_LEVEL=error '%s' %s < /dev/null > '%s' 2> '%s'",
             harness_db_path(harness_daemon), bin, args, out_path, err_path);
    int raw = system(command);
    ck_assert_msg(WIFEXITED(raw), "%s did not exit", command);
    outcome o = {WEXITSTATUS(raw), slurp(out_path), slurp(err_path)};
    unlink(out_path);
    unlink(err_path);
    return o;
}

static void outcome_free(outcome *o)
{
    free(o->out);
    free(o->err);
}

static void assert_status(const outcome *o, int status, const char *args)
{
    ck_assert_msg(o->status == status, "%s: status %d, want %d\nstdout: %s\nstderr: %s", args, o->status, status,
                  o->out, o->err);
}

#define LLAMA "recommend --kind inference --model llama-3.1-70b --precision fp8 --provider aws,gcp --top 3"
#define ESTIMATE "estimate --instance aws/p5.48xlarge --region us-east-1 --count 4 --months 3"
#define EXPORT "export --instance aws/p5.48xlarge --region us-east-1 --pricing spot --nodes 2 --format skypilot"

START_TEST(recommend_prints_a_table_and_its_json)
{
    outcome o = run_cli(LLAMA);
    assert_status(&o, 0, LLAMA);
    ck_assert_msg(strstr(o.out, "Needs 84.0 GB of GPU memory at fp8") != NULL, "%s", o.out);
    ck_assert_msg(strstr(o.out, "#  PROVIDER  INSTANCE TYPE") != NULL, "%s", o.out);
    ck_assert_ptr_nonnull(strstr(o.out, "\n1  aws"));
    ck_assert_ptr_nonnull(strstr(o.out, "$/MTOK"));
    outcome_free(&o);

    o = run_cli(LLAMA " --json");
    assert_status(&o, 0, LLAMA " --json");
    json_t *doc = json_loads(o.out, 0, NULL);
    ck_assert_msg(doc != NULL, "not JSON: %s", o.out);
    const json_t *recs = json_object_get(doc, "recommendations");
    ck_assert_uint_eq(json_array_size(recs), 3);
    for (size_t i = 0; i < 3; i++) {
        const char *provider = json_string_value(json_object_get(json_array_get(recs, i), "provider"));
        ck_assert(strcmp(provider, "aws") == 0 || strcmp(provider, "gcp") == 0);
    }
    ck_assert_str_eq(json_string_value(json_object_get(json_object_get(doc, "requirements"), "precision")), "fp8");
    json_decref(doc);
    outcome_free(&o);
}
END_TEST

START_TEST(other_commands_print_tables_and_json)
{
    static const struct {
        const char *args, *table_text, *json_member;
    } cases[] = {
        {ESTIMATE, "aws p5.48xlarge in us-east-1, 4 instance(s)", "totals"},
        {"models --family llama", "llama-3.1-70b", "items"},
        {"gpus --vendor nvidia --min-memory-gb 80", "h100-sxm-80gb", "items"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        outcome o = run_cli(cases[c].args);
        assert_status(&o, 0, cases[c].args);
        ck_assert_msg(strstr(o.out, cases[c].table_text) != NULL, "%s: %s", cases[c].args, o.out);
        outcome_free(&o);
        char args[512];
        snprintf(args, sizeof args, "%s --json", cases[c].args);
        o = run_cli(args);
        assert_status(&o, 0, args);
        json_t *doc = json_loads(o.out, 0, NULL);
        ck_assert_msg(json_object_get(doc, cases[c].json_member) != NULL, "%s: %s", args, o.out);
        json_decref(doc);
        outcome_free(&o);
    }
    outcome o = run_cli(EXPORT);
    assert_status(&o, 0, EXPORT);
    ck_assert_msg(strstr(o.out, "num_nodes: 2\n") != NULL && strstr(o.out, "use_spot: true\n") != NULL, "%s", o.out);
    outcome_free(&o);
    o = run_cli("recommend --kind training --params 7 --tokens-b 10 --provider aws --export terraform");
    assert_status(&o, 0, "--export terraform");
    ck_assert_msg(strstr(o.out, "terraform {") != NULL, "%s", o.out);
    outcome_free(&o);
}
END_TEST

START_TEST(nothing_fits_is_status_1_with_hints)
{
    const char *args = "recommend --kind inference --model llama-3.1-70b --max-hourly-usd 0.01";
    outcome o = run_cli(args);
    assert_status(&o, 1, args);
    ck_assert_msg(strstr(o.out, "No instance fits.\nHints:\n") != NULL, "%s", o.out);
    ck_assert_msg(strstr(o.out, "--max-hourly-usd") != NULL, "the hint names the flag: %s", o.out);
    outcome_free(&o);
    o = run_cli("models --family no-such-family --json");
    assert_status(&o, 1, "models --family no-such-family");
    outcome_free(&o);
}
END_TEST

START_TEST(bad_input_is_status_2_naming_the_flag)
{
    static const struct {
        const char *args, *message;
    } cases[] = {
        {"recommend --kind inference --max-hourly-usd abc", "gpurec recommend: --max-hourly-usd: must be a number"},
        {"recommend --kind inference --model llama-9", "gpurec recommend: --model: 'llama-9' is not a model"},
        {"recommend --kind cooking --params 7", "gpurec recommend: --kind: "},
        {"recommend --kind inference --params 7 --provider aws,nimbus", "gpurec recommend: --provider: is not a provider"},
        {"recommend --kind inference --params 7 --top 1000", "gpurec recommend: --top: "},
        {"recommend --bogus", "gpurec recommend: --bogus: not a flag of gpurec recommend"},
        {"estimate --instance aws/p9.mega --region us-east-1 --count 1 --hours 5", "gpurec estimate: --instance: "},
        {"estimate --instance aws/p5.48xlarge --region us-east-1 --count 1", "gpurec estimate: --hours: "},
        {"export --instance aws/p5.48xlarge --region us-east-1 --format yaml", "gpurec export: --format: "},
        {"gpus --precision fp9", "gpurec gpus: --precision: must be one of"},
        {"recommend", "gpurec recommend: the request on standard input: not valid JSON"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        outcome o = run_cli(cases[c].args);
        assert_status(&o, 2, cases[c].args);
        ck_assert_msg(strstr(o.err, cases[c].message) != NULL, "%s: stderr '%s', want '%s'", cases[c].args, o.err,
                      cases[c].message);
        ck_assert_str_eq(o.out, "");
        outcome_free(&o);
    }
}
END_TEST

/* A port on 127.0.0.1 that nothing listens on: bound, then closed. */
static unsigned closed_port(void)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    ck_assert_int_eq(bind(fd, (struct sockaddr *)&addr, sizeof addr), 0);
    socklen_t len = sizeof addr;
    getsockname(fd, (struct sockaddr *)&addr, &len);
    close(fd);
    return ntohs(addr.sin_port);
}

START_TEST(unavailable_is_status_3)
{
    char args[256];
    snprintf(args, sizeof args, "models --server http://127.0.0.1:%u", closed_port());
    outcome o = run_cli(args);
    assert_status(&o, 3, args);
    ck_assert_msg(strstr(o.err, "gpurec models: could not reach the server: ") != NULL, "%s", o.err);
    outcome_free(&o);
    o = run_cli("gpus --db /dev/null/gpurec.db");
    assert_status(&o, 3, "gpus --db /dev/null/gpurec.db");
    ck_assert_msg(strstr(o.err, "gpurec gpus: ") != NULL, "%s", o.err);
    outcome_free(&o);
}
END_TEST

/* Each command asked of the daemon with --server prints what the same command prints from its database. */
START_TEST(server_and_local_answers_agree)
{
    static const char *const commands[] = {
        LLAMA " --json",
        LLAMA,
        "recommend --kind training --model llama-2-70b --tokens-b 200 --deadline-hours 720 --checkpointing --json",
        "recommend --kind inference --model llama-3.1-70b --max-hourly-usd 0.01",
        ESTIMATE " --json",
        ESTIMATE " --pricing on_demand,spot",
        EXPORT,
        "models --json --moe",
        "models --min-params-b 7 --max-params-b 80",
        "gpus --json --precision fp8",
        "gpus",
        "recommend --kind inference --model llama-9",
        "gpus --precision fp9",
        /* the lists' checks are the face's own (snapshot/listing.h), limits and messages alike */
        "gpus --vendor a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q",
        "models --min-params-b 9 --max-params-b 2",
        "models --min-params-b 0x10",
    };
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++) {
        char remote_args[1024];
        snprintf(remote_args, sizeof remote_args, "%s --server %s", commands[c], harness_url(harness_daemon));
        outcome local = run_cli(commands[c]), remote = run_cli(remote_args);
        ck_assert_msg(local.status == remote.status, "%s: status %d local, %d server", commands[c], local.status,
                      remote.status);
        ck_assert_msg(strcmp(local.out, remote.out) == 0, "%s: stdout differs\nlocal:\n%s\nserver:\n%s", commands[c],
                      local.out, remote.out);
        ck_assert_msg(strcmp(local.err, remote.err) == 0, "%s: stderr differs\nlocal: %s\nserver: %s", commands[c],
                      local.err, remote.err);
        outcome_free(&local);
        outcome_free(&remote);
    }
}
END_TEST

/* The local estimate judges a price's age as the service does (GPUREC_STALE_AFTER_HOURS, default 48): the seed's
 * prices were fetched at 2026-12-01T00:00:00Z, so with the clock pinned an hour later no price is stale, and 100 hours
 * later each one is. */
START_TEST(a_local_estimate_warns_of_stale_prices)
{
    static const time_t seed_fetched_at = 1796083200; /* 2026-12-01T00:00:00Z */
    static const struct {
        time_t clock;
        bool stale;
    } cases[] = {{seed_fetched_at + 3600, false}, {seed_fetched_at + 100 * 3600, true}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char clock[32];
        snprintf(clock, sizeof clock, "%lld", (long long)cases[i].clock);
        ck_assert_int_eq(setenv("GPUREC_TEST_CLOCK", clock, 1), 0);
        outcome o = run_cli(ESTIMATE " --json");
        assert_status(&o, 0, ESTIMATE " --json");
        bool warned = strstr(o.out, "hours ago (2026-12-01T00:00:00Z), more than the 48-hour freshness limit") != NULL;
        ck_assert_msg(warned == cases[i].stale, "clock %s: expected %s stale-price warning:\n%s", clock,
                      cases[i].stale ? "a" : "no", o.out);
        outcome_free(&o);
    }
    unsetenv("GPUREC_TEST_CLOCK");
}
END_TEST

START_TEST(a_json_request_on_stdin_still_answers_json)
{
    char request_path[] = "/tmp/gpurec-cli-request-XXXXXX";
    int fd = mkstemp(request_path);
    const char *body = "{\"workload\": {\"kind\": \"inference\", \"model_params_b\": 7}, \"limit\": 2}";
    ck_assert_int_eq(write(fd, body, strlen(body)), (ssize_t)strlen(body));
    close(fd);
    char args[512];
    snprintf(args, sizeof args, "recommend --request '%s'", request_path);
    outcome o = run_cli(args);
    assert_status(&o, 0, args);
    json_t *doc = json_loads(o.out, 0, NULL);
    ck_assert_uint_eq(json_array_size(json_object_get(doc, "recommendations")), 2);
    json_decref(doc);
    outcome_free(&o);
    snprintf(args, sizeof args, "recommend --table --request '%s'", request_path);
    o = run_cli(args);
    assert_status(&o, 0, args);
    ck_assert_msg(strstr(o.out, "#  PROVIDER") != NULL, "%s", o.out);
    outcome_free(&o);
    snprintf(args, sizeof args, "recommend --kind inference --request '%s'", request_path);
    o = run_cli(args);
    assert_status(&o, 2, args);
    ck_assert_msg(strstr(o.err, "--request: not together with") != NULL, "%s", o.err);
    outcome_free(&o);
    unlink(request_path);
}
END_TEST

START_TEST(each_command_has_its_help)
{
    static const char *const commands[] = {"recommend", "estimate", "export", "models", "gpus"};
    for (size_t c = 0; c < sizeof commands / sizeof commands[0]; c++) {
        char args[64], title[64];
        snprintf(args, sizeof args, "%s --help", commands[c]);
        snprintf(title, sizeof title, "gpurec %s: ", commands[c]);
        outcome o = run_cli(args);
        assert_status(&o, 0, args);
        ck_assert_msg(strncmp(o.out, title, strlen(title)) == 0, "%s", o.out);
        outcome_free(&o);
    }
    outcome o = run_cli("--help");
    assert_status(&o, 0, "--help");
    ck_assert_ptr_nonnull(strstr(o.out, "  estimate "));
    ck_assert_ptr_nonnull(strstr(o.out, "3 database or server unavailable"));
    outcome_free(&o);
}
END_TEST

static Suite *cli_suite(void)
{
    Suite *s = suite_create("cli_system");
    TCase *tc = tcase_create("binary");
    tcase_add_checked_fixture(tc, harness_daemon_start, harness_daemon_stop);
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, recommend_prints_a_table_and_its_json);
    tcase_add_test(tc, other_commands_print_tables_and_json);
    tcase_add_test(tc, nothing_fits_is_status_1_with_hints);
    tcase_add_test(tc, bad_input_is_status_2_naming_the_flag);
    tcase_add_test(tc, unavailable_is_status_3);
    tcase_add_test(tc, server_and_local_answers_agree);
    tcase_add_test(tc, a_local_estimate_warns_of_stale_prices);
    tcase_add_test(tc, a_json_request_on_stdin_still_answers_json);
    tcase_add_test(tc, each_command_has_its_help);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(cli_suite());
}
