#include "cli/cli.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "base/util.h"
#include "cli/ask.h"
#include "cli/clean.h"
#include "cli/flags.h"
#include "cli/render.h"
#include "snapshot/catalog.h"
#include "store/prepare.h"

/* jansson's dump of a document: indented, reals to 15 significant digits as the service writes them (jsonw.h). */
#define CLI_JSON_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(15))

/* Everything one run holds; released once at its end. */
typedef struct run {
    const cli_command *cmd;
    cli_args args;
    bool json_in;  /* the request came as JSON (a file or standard input), so its fields keep their JSON names */
    bool json_out; /* print the answer's JSON */
    json_t *request;
    catalog *snap;     /* local mode */
    const config *cfg;
} run;

/* Reads the whole stream (at most limit bytes) as one JSON document; NULL with err. */
static json_t *read_json(FILE *in, const char *name, size_t limit, char *err, size_t err_len)
{
    char *data = NULL;
    size_t len = 0;
    int rc = util_read_all(in, limit, &data, &len);
    if (rc != 0) {
        if (rc == UTIL_READ_TOO_LARGE)
            snprintf(err, err_len, "%s: larger than %zu bytes (GPUREC_MAX_BODY_BYTES)", name, limit);
        else
            snprintf(err, err_len, "%s: cannot read it", name);
        return NULL;
    }
    json_error_t parsed;
    json_t *doc = json_loadb(data, len, JSON_REJECT_DUPLICATES, &parsed);
    if (doc == NULL)
        snprintf(err, err_len, "%s: not valid JSON: %s (line %d, column %d)", name, parsed.text, parsed.line,
                 parsed.column);
    free(data);
    return doc;
}

/* The request: from the flags, or as JSON from --request FILE, or from standard input when no request flag is given
 * and it is not a terminal (`gpurec recommend < request.json`). 0, or -1 with err. */
static int obtain_request(run *r, char *err, size_t err_len)
{
    const cli_args *a = &r->args;
    const char *path = a->request_path;
    if (path != NULL && a->any_field) {
        snprintf(err, err_len, "--request: not together with the request's flags (the request is the file's)");
        return -1;
    }
    if (path == NULL && r->cmd->takes_request && !a->any_field && !isatty(STDIN_FILENO))
        path = "-";
    if (path == NULL) {
        r->request = json_incref(a->request);
        return 0;
    }
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *in = is_stdin ? stdin : fopen(path, "rb");
    if (in == NULL) {
        snprintf(err, err_len, "--request: %.400s: cannot open it", path);
        return -1;
    }
    r->request = read_json(in, is_stdin ? "the request on standard input" : path, r->cfg->max_body_bytes, err,
                           err_len);
    if (!is_stdin)
        fclose(in);
    r->json_in = true;
    return r->request != NULL ? 0 : -1;
}

/* The answer, whoever gave it, cleaned of what a terminal would obey (clean.h) before anything of it is printed. */
static void ask(const run *r, cli_question q, const json_t *body, cli_answer *answer)
{
    if (r->args.server != NULL)
        cli_ask_remote(r->args.server, q, body, answer);
    else
        cli_ask_local(r->snap, r->cfg, q, body, answer);
    clean_answer(answer);
}

/* A 4xx problem's field errors, each named by the flag that sets the field (or by the field, for a JSON request). */
static void report_problem(const run *r, const json_t *problem, const char *flag_of_all)
{
    const json_t *errors = json_object_get(problem, "errors");
    if (r->json_out) {
        json_dumpf(problem, stderr, CLI_JSON_FLAGS);
        fputc('\n', stderr);
        return;
    }
    if (json_array_size(errors) == 0)
        fprintf(stderr, "gpurec %s: %s\n", r->cmd->name, json_string_value(json_object_get(problem, "detail")));
    for (size_t i = 0; i < json_array_size(errors); i++) {
        const json_t *e = json_array_get(errors, i);
        const char *field = json_string_value(json_object_get(e, "field"));
        const char *message = json_string_value(json_object_get(e, "message"));
        char flag[64];
        if (flag_of_all != NULL)
            fprintf(stderr, "gpurec %s: %s: %s: %s\n", r->cmd->name, flag_of_all, field, message);
        else if (!r->json_in && cli_flag_for_field(r->cmd, &r->args, field, flag, sizeof flag))
            fprintf(stderr, "gpurec %s: %s: %s\n", r->cmd->name, flag, message);
        else
            fprintf(stderr, "gpurec %s: %s: %s\n", r->cmd->name, field != NULL ? field : "request", message);
    }
}

/* The exit status an answer that is not a 200 gets, with its message on stderr. */
static int report_failure(const run *r, const cli_answer *answer, const char *flag_of_all)
{
    if (answer->status == 0) {
        fprintf(stderr, "gpurec %s: could not reach the server: %s\n", r->cmd->name, answer->error);
        return CLI_EXIT_UNAVAILABLE;
    }
    if (answer->status >= 500 || answer->status < 400) {
        fprintf(stderr, "gpurec %s: the service answered %ld: %s\n", r->cmd->name, answer->status,
                json_string_value(json_object_get(answer->json, "detail")));
        return CLI_EXIT_UNAVAILABLE;
    }
    report_problem(r, answer->json, flag_of_all);
    return CLI_EXIT_BAD_INPUT;
}

/* recommend --export FORMAT: the top pick's export request (its `export.body`) in that format, printed as text. */
static int export_top_pick(const run *r, const json_t *recommendation)
{
    json_t *body = json_deep_copy(json_object_get(json_object_get(recommendation, "export"), "body"));
    if (!json_is_object(body)) {
        json_decref(body);
        fprintf(stderr, "gpurec recommend: --export: the answer carries no export request\n");
        return CLI_EXIT_UNAVAILABLE;
    }
    json_object_set_new(body, "format", json_string(r->args.export_format));
    cli_answer answer;
    ask(r, ASK_EXPORT, body, &answer);
    int rc = CLI_EXIT_FOUND;
    if (answer.status == 200 && answer.text != NULL)
        fputs(answer.text, stdout);
    else
        rc = report_failure(r, &answer, "--export");
    cli_answer_free(&answer);
    json_decref(body);
    return rc;
}

static const cli_question questions[] = {
    [CMD_RECOMMEND] = ASK_RECOMMEND, [CMD_ESTIMATE] = ASK_ESTIMATE, [CMD_EXPORT] = ASK_EXPORT,
    [CMD_MODELS] = ASK_MODELS,       [CMD_GPUS] = ASK_GPUS,
};

/* Prints a 200 answer and says what it found. */
static int report_answer(const run *r, const cli_answer *answer)
{
    const json_t *doc = answer->json;
    if (answer->text != NULL) { /* an export's text is the answer, in either mode */
        fputs(answer->text, stdout);
        return CLI_EXIT_FOUND;
    }
    if (doc == NULL) {
        fprintf(stderr, "gpurec %s: the answer is empty\n", r->cmd->name);
        return CLI_EXIT_UNAVAILABLE;
    }
    const json_t *recs = json_object_get(doc, "recommendations");
    bool found = r->cmd->id == CMD_RECOMMEND ? json_array_size(recs) > 0
                 : r->cmd->lists            ? json_array_size(json_object_get(doc, "items")) > 0
                                            : true;
    if (found && r->args.export_format != NULL)
        return export_top_pick(r, json_array_get(recs, 0));
    if (r->json_out) {
        json_dumpf(doc, stdout, CLI_JSON_FLAGS);
        fputc('\n', stdout);
    } else if (r->cmd->id == CMD_RECOMMEND) {
        render_recommend(stdout, doc, r->json_in ? NULL : r->cmd);
    } else if (r->cmd->id == CMD_ESTIMATE) {
        render_estimate(stdout, doc);
    } else if (r->cmd->id == CMD_MODELS) {
        render_models(stdout, doc);
    } else {
        render_gpus(stdout, doc);
    }
    return found ? CLI_EXIT_FOUND : CLI_EXIT_NOTHING;
}

int cli_main(config *cfg, int argc, char **argv)
{
    run r = {.cmd = cli_command_find(cfg->command), .cfg = cfg};
    char err[1024];
    cli_answer answer = {0};
    int rc = CLI_EXIT_BAD_INPUT;
    if (r.cmd == NULL) {
        fprintf(stderr, "gpurec: not a command of the command line\n");
        return CLI_EXIT_BAD_INPUT;
    }
    if (cli_parse(r.cmd, cfg, argc, argv, &r.args, err, sizeof err) != 0) {
        fprintf(stderr, "gpurec %s: %s\n", r.cmd->name, err);
        return CLI_EXIT_BAD_INPUT;
    }
    if (r.args.help) {
        cli_print_help(r.cmd, stdout);
        rc = CLI_EXIT_FOUND;
        goto out;
    }
    if (obtain_request(&r, err, sizeof err) != 0) {
        fprintf(stderr, "gpurec %s: %s\n", r.cmd->name, err);
        goto out;
    }
    r.json_out = r.args.json_out || (r.json_in && !r.args.table_out);
    if (r.args.server == NULL && store_prepare(cfg, &r.snap, err, sizeof err) != 0) {
        fprintf(stderr, "gpurec %s: %s\n", r.cmd->name, err);
        rc = CLI_EXIT_UNAVAILABLE;
        goto out;
    }
    ask(&r, questions[r.cmd->id], r.request, &answer);
    rc = answer.status == 200 ? report_answer(&r, &answer) : report_failure(&r, &answer, NULL);
out:
    cli_answer_free(&answer);
    json_decref(r.request);
    catalog_release(r.snap);
    cli_args_free(&r.args);
    return rc;
}
