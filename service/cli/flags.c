#include "cli/flags.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/workload_kind.h"

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* POST /v1/recommend: every member of workload and constraints (engine/recommend/request.c, openapi.yaml Workload and
 * Constraints), the objective and the limit. tests/unit/cli/test_cli.c checks the rows against openapi.yaml. */
static const cli_flag recommend_flags[] = {
    {"workload.kind", NULL, FLAG_TEXT, "(required)"}, /* after the kinds' names: flag_help() */
    {"workload.model", NULL, FLAG_TEXT, "a catalogued model's id (gpurec models), e.g. llama-3.1-70b"},
    {"workload.architecture", NULL, FLAG_JSON, "a model's architecture as a JSON object (openapi.yaml)"},
    {"workload.serve_after", NULL, FLAG_JSON, "training: the serving that follows, as a JSON object"},
    {"workload.model_params_b", "--params", FLAG_NUMBER, "billions of parameters"},
    {"workload.precision", NULL, FLAG_TEXT, "fp64 | fp32 | tf32 | bf16 | fp16 | fp8 | int8 | int4"},
    {"workload.kv_cache_precision", NULL, FLAG_TEXT, "precision of the KV cache when it differs"},
    {"workload.tokens_b", NULL, FLAG_NUMBER, "billions of training tokens (training, fine_tuning)"},
    {"workload.hours", NULL, FLAG_NUMBER, "job length in hours, when known"},
    {"workload.deadline_hours", NULL, FLAG_NUMBER, "finish within this many hours (sizes the cluster)"},
    {"workload.checkpoint_interval_minutes", NULL, FLAG_NUMBER, "minutes between checkpoints (spot plans)"},
    {"workload.checkpointing", NULL, FLAG_SWITCH, "the job checkpoints, so spot is considered"},
    {"workload.batch_size", NULL, FLAG_INTEGER, "sequences per batch"},
    {"workload.sequence_length", NULL, FLAG_INTEGER, "tokens per sequence"},
    {"workload.prompt_tokens", NULL, FLAG_INTEGER, "serving: prompt tokens per request"},
    {"workload.output_tokens", NULL, FLAG_INTEGER, "serving: output tokens per request"},
    {"workload.target_tokens_per_s", NULL, FLAG_NUMBER, "serving: tokens per second to sustain"},
    {"workload.requests_per_s", NULL, FLAG_NUMBER, "serving: requests per second to sustain"},
    {"workload.latency_sensitive", NULL, FLAG_SWITCH, "serving: keep the model on one GPU or NVLink domain"},
    {"workload.max_ttft_ms", NULL, FLAG_NUMBER, "serving: longest time to first token, ms"},
    {"workload.min_tokens_per_s_per_sequence", NULL, FLAG_NUMBER, "serving: slowest decode per sequence"},
    {"workload.tensor_parallel", NULL, FLAG_INTEGER, "serving: the tensor-parallel degree a replica must use"},
    {"workload.fine_tuning_method", NULL, FLAG_TEXT, "full | lora | qlora"},
    {"workload.lora_rank", NULL, FLAG_INTEGER, "rank of the LoRA adapters"},
    {"workload.framework", NULL, FLAG_TEXT, "fine-tuning stack: transformers | unsloth | torchtune"},
    {"workload.gradient_checkpointing", NULL, FLAG_SWITCH, "recompute activations instead of keeping them"},
    {"workload.utilization", NULL, FLAG_NUMBER, "share of dense peak sustained, 0.01-1 (default 0.4)"},
    {"workload.bound", NULL, FLAG_TEXT, "compute | memory_bandwidth"},
    {"workload.min_gpu_memory_gb", NULL, FLAG_NUMBER, "GPU memory the job needs in all, GB"},
    {"workload.gpus", NULL, FLAG_INTEGER, "exact total GPU count"},
    {"workload.benchmark", NULL, FLAG_TEXT, "price per unit of work from a benchmark (GET /v1/benchmarks), e.g. hpl"},
    {"workload.work", NULL, FLAG_NUMBER, "with --benchmark: units of its work (images, ns, TFLOP, proofs...)"},
    {"workload.target_rate", NULL, FLAG_NUMBER, "with --benchmark: units per second to sustain"},
    {"workload.seats", NULL, FLAG_INTEGER, "rendering/general: interactive seats sharing GPUs, priced per seat-hour"},
    {"workload.seat_memory_gb", NULL, FLAG_NUMBER, "with --seats: GPU frame buffer of one seat, GB"},
    {"constraints.providers", "--provider", FLAG_LIST, "provider ids, e.g. aws,gcp"},
    {"constraints.regions", "--region", FLAG_LIST, "region ids, e.g. us-east-1"},
    {"constraints.geographies", "--geography", FLAG_LIST, "only these geographies, e.g. us,europe"},
    {"constraints.prefer_regions", "--prefer-region", FLAG_LIST, "region ids or geographies, most preferred first"},
    {"constraints.pricing", NULL, FLAG_LIST, "pricing models allowed, e.g. on_demand,spot"},
    {"constraints.max_hourly_usd", NULL, FLAG_NUMBER, "cap on the hourly price of all nodes, USD"},
    {"constraints.max_total_usd", NULL, FLAG_NUMBER, "cap on the job's total, USD"},
    {"constraints.require_ecc", NULL, FLAG_SWITCH, "only GPUs with ECC memory"},
    {"constraints.require_nvlink", NULL, FLAG_SWITCH, "only GPUs joined by NVLink or NVSwitch"},
    {"constraints.require_fp64", NULL, FLAG_SWITCH, "only GPUs with real FP64"},
    {"constraints.gpu_models", "--gpu", FLAG_LIST, "only these GPU ids (gpurec gpus)"},
    {"constraints.exclude_gpu_models", NULL, FLAG_LIST, "never these GPU ids"},
    {"constraints.min_gpus", NULL, FLAG_INTEGER, "at least this many GPUs in all"},
    {"constraints.max_gpus", NULL, FLAG_INTEGER, "at most this many GPUs in all"},
    {"constraints.max_nodes", NULL, FLAG_INTEGER, "at most this many nodes"},
    {"objective", NULL, FLAG_TEXT, "cost | time | balanced | efficiency (default balanced)"},
    {"limit", "--top", FLAG_INTEGER, "recommendations to show, 1-100 (default 5)"},
};

/* POST /v1/estimate with one item (engine/estimate/estimate.h); a request of several items comes from --request. */
static const cli_flag estimate_flags[] = {
    {"items[0].instance_type", "--instance", FLAG_INSTANCE, "PROVIDER/INSTANCE_TYPE, e.g. aws/p5.48xlarge"},
    {"items[0].provider", NULL, FLAG_TEXT, "provider id (or give --instance PROVIDER/TYPE)"},
    {"items[0].instance_type", NULL, FLAG_TEXT, "instance type id (or give --instance PROVIDER/TYPE)"},
    {"items[0].region", NULL, FLAG_TEXT, "region id, e.g. us-east-1 (required)"},
    {"items[0].count", NULL, FLAG_INTEGER, "instances running together (required)"},
    {"items[0].hours", NULL, FLAG_INTEGER, "a job of this many hours"},
    {"items[0].months", NULL, FLAG_INTEGER, "a period of this many 730-hour months"},
    {"items[0].hours_per_month", NULL, FLAG_INTEGER, "hours each instance runs per month (default 730)"},
    {"pricing", NULL, FLAG_LIST, "pricing models to compare (default every one priced)"},
};

/* POST /v1/export (engine/export/request.h). */
static const cli_flag export_flags[] = {
    {"recommendation.instance_type", "--instance", FLAG_INSTANCE, "PROVIDER/INSTANCE_TYPE, e.g. aws/p5.48xlarge"},
    {"recommendation.provider", NULL, FLAG_TEXT, "provider id (or give --instance PROVIDER/TYPE)"},
    {"recommendation.instance_type", NULL, FLAG_TEXT, "instance type id (or give --instance PROVIDER/TYPE)"},
    {"recommendation.region", NULL, FLAG_TEXT, "region id (required)"},
    {"recommendation.pricing", NULL, FLAG_TEXT, "pricing model (default on_demand)"},
    {"recommendation.nodes", NULL, FLAG_INTEGER, "instances (default 1)"},
    {"recommendation.disk_gb", NULL, FLAG_INTEGER, "boot disk, GB"},
    {"recommendation.job_name", NULL, FLAG_TEXT, "name of the job and its resources"},
    {"format", NULL, FLAG_TEXT, "skypilot | terraform | kubernetes (required)"},
};

/* GET /v1/models and GET /v1/gpus: their query parameters (snapshot/describe.h). */
static const cli_flag models_flags[] = {
    {"family", NULL, FLAG_LIST, "model families, e.g. llama,qwen"},
    {"min_params_b", NULL, FLAG_NUMBER, "at least this many billion parameters"},
    {"max_params_b", NULL, FLAG_NUMBER, "at most this many billion parameters"},
    {"moe", NULL, FLAG_SWITCH, "only mixture-of-experts models (--moe=false: only dense ones)"},
};
static const cli_flag gpus_flags[] = {
    {"vendor", NULL, FLAG_LIST, "vendors, e.g. nvidia,amd"},
    {"min_memory_gb", NULL, FLAG_NUMBER, "at least this much memory per GPU, GB"},
    {"precision", NULL, FLAG_TEXT, "only GPUs with a figure for this precision"},
};

static const cli_command commands[] = {
    {CMD_RECOMMEND, "recommend", "rank cloud instances for a workload (the engine of POST /v1/recommend)",
     "gpurec recommend --kind inference --model llama-3.1-70b --precision fp8 --provider aws,gcp --top 5\n"
     "  gpurec recommend --kind training --params 7 --tokens-b 100 --deadline-hours 48 --export skypilot\n"
     "  gpurec recommend < request.json     (a JSON request; its answer is JSON unless --table)",
     recommend_flags, COUNT_OF(recommend_flags), true, false},
    {CMD_ESTIMATE, "estimate", "price a fleet on every pricing model (the engine of POST /v1/estimate)",
     "gpurec estimate --instance aws/p5.48xlarge --region us-east-1 --count 4 --months 3\n"
     "  gpurec estimate --request fleet.json   (several items; its answer is JSON unless --table)",
     estimate_flags, COUNT_OF(estimate_flags), true, false},
    {CMD_EXPORT, "export", "write a pick as deployable text (the engine of POST /v1/export)",
     "gpurec export --instance aws/p5.48xlarge --region us-east-1 --pricing spot --nodes 2 --format skypilot",
     export_flags, COUNT_OF(export_flags), true, false},
    {CMD_MODELS, "models", "list the open models the sizing knows (GET /v1/models)",
     "gpurec models --family llama,qwen --max-params-b 80", models_flags, COUNT_OF(models_flags), false, true},
    {CMD_GPUS, "gpus", "list the catalog's GPUs (GET /v1/gpus)", "gpurec gpus --vendor nvidia --precision fp8",
     gpus_flags, COUNT_OF(gpus_flags), false, true},
};

const cli_command *cli_command_find(config_command id)
{
    for (size_t i = 0; i < COUNT_OF(commands); i++)
        if (commands[i].id == id)
            return &commands[i];
    return NULL;
}

void cli_flag_name(const cli_flag *flag, char *out, size_t out_len)
{
    const char *last = strrchr(flag->field, '.');
    last = last != NULL ? last + 1 : flag->field;
    if (flag->kind == FLAG_INSTANCE) {
        snprintf(out, out_len, "%s", flag->alias); /* the pair is no one field: only its alias names it */
        return;
    }
    snprintf(out, out_len, "--%s", last);
    for (char *c = out + 2; *c != '\0'; c++)
        if (*c == '_')
            *c = '-';
}

/* The object at the member (or the one object of the array "name[0]") that a field's path goes through, made when
 * missing. Borrowed from parent. */
static json_t *path_step(json_t *parent, const char *segment, size_t len)
{
    char name[64];
    bool indexed = len > 3 && strncmp(segment + len - 3, "[0]", 3) == 0;
    size_t name_len = indexed ? len - 3 : len;
    snprintf(name, sizeof name, "%.*s", (int)name_len, segment);
    json_t *child = json_object_get(parent, name);
    if (child == NULL) {
        child = indexed ? json_array() : json_object();
        json_object_set_new(parent, name, child);
    }
    if (indexed) {
        if (json_array_size(child) == 0)
            json_array_append_new(child, json_object());
        child = json_array_get(child, 0);
    }
    return child;
}

/* Sets the field's path in request to value (taking the reference). */
static void set_field(json_t *request, const char *field, json_t *value)
{
    json_t *at = request;
    const char *segment = field;
    const char *dot;
    while ((dot = strchr(segment, '.')) != NULL) {
        at = path_step(at, segment, (size_t)(dot - segment));
        segment = dot + 1;
    }
    json_object_set_new(at, segment, value);
}

/* The sibling "provider" of an instance flag's field: "items[0].instance_type" -> "items[0].provider". */
static void provider_field(const cli_flag *flag, char *out, size_t out_len)
{
    const char *dot = strrchr(flag->field, '.');
    snprintf(out, out_len, "%.*sprovider", dot != NULL ? (int)(dot - flag->field + 1) : 0, flag->field);
}

/* The JSON of one flag's value, or NULL with the reason in err. */
static json_t *flag_value(const cli_flag *flag, const char *value, char *err, size_t err_len)
{
    char *end = NULL;
    switch (flag->kind) {
    case FLAG_TEXT: return json_string(value);
    case FLAG_NUMBER: {
        errno = 0;
        double number = strtod(value, &end);
        if (end == value || *end != '\0' || errno == ERANGE || !isfinite(number))
            break;
        return json_real(number);
    }
    case FLAG_INTEGER: {
        errno = 0;
        long long whole = strtoll(value, &end, 10);
        if (end == value || *end != '\0' || errno == ERANGE) {
            snprintf(err, err_len, "must be a whole number, not '%.64s'", value);
            return NULL;
        }
        return json_integer(whole);
    }
    case FLAG_SWITCH:
        if (strcmp(value, "true") == 0 || strcmp(value, "false") == 0)
            return json_boolean(strcmp(value, "true") == 0);
        snprintf(err, err_len, "takes no value, or =true or =false, not '%.64s'", value);
        return NULL;
    case FLAG_LIST: {
        json_t *list = json_array();
        const char *start = value;
        for (;;) {
            const char *comma = strchr(start, ',');
            size_t len = comma != NULL ? (size_t)(comma - start) : strlen(start);
            if (len == 0) {
                json_decref(list);
                snprintf(err, err_len, "an empty name in the list '%.64s' (names are separated by commas)", value);
                return NULL;
            }
            json_array_append_new(list, json_stringn(start, len));
            if (comma == NULL)
                return list;
            start = comma + 1;
        }
    }
    case FLAG_JSON: {
        json_error_t parsed;
        json_t *object = json_loads(value, JSON_REJECT_DUPLICATES, &parsed);
        if (json_is_object(object))
            return object;
        json_decref(object);
        snprintf(err, err_len, "must be a JSON object%s%.100s", object == NULL ? ": " : "",
                 object == NULL ? parsed.text : "");
        return NULL;
    }
    case FLAG_INSTANCE: {
        const char *slash = strchr(value, '/');
        if (slash == NULL || slash == value || slash[1] == '\0' || strchr(slash + 1, '/') != NULL) {
            snprintf(err, err_len, "must be PROVIDER/INSTANCE_TYPE, e.g. aws/p5.48xlarge, not '%.64s'", value);
            return NULL;
        }
        return json_pack("[s#s]", value, (int)(slash - value), slash + 1);
    }
    }
    snprintf(err, err_len, "must be a number, not '%.64s'", value);
    return NULL;
}

/* The row of the command's table named by the flag name, or -1. */
static long find_flag(const cli_command *cmd, const char *name)
{
    char own[64];
    for (size_t i = 0; i < cmd->flag_count; i++) {
        cli_flag_name(&cmd->flags[i], own, sizeof own);
        if (strcmp(own, name) == 0 || (cmd->flags[i].alias != NULL && strcmp(cmd->flags[i].alias, name) == 0))
            return (long)i;
    }
    return -1;
}

/* Applies one row of the table; 0, or -1 with err naming the flag. */
static int apply_flag(const cli_command *cmd, size_t row, const char *name, const char *value, cli_args *out,
                      char *err, size_t err_len)
{
    const cli_flag *flag = &cmd->flags[row];
    char why[256];
    if (out->given[row]) {
        snprintf(err, err_len, "%s: given twice", name);
        return -1;
    }
    if (value == NULL && flag->kind != FLAG_SWITCH) {
        snprintf(err, err_len, "%s: needs a value", name);
        return -1;
    }
    json_t *json = value == NULL ? json_true() : flag_value(flag, value, why, sizeof why);
    if (json == NULL) {
        snprintf(err, err_len, "%s: %s", name, why);
        return -1;
    }
    if (flag->kind == FLAG_INSTANCE) {
        char sibling[96];
        provider_field(flag, sibling, sizeof sibling);
        set_field(out->request, sibling, json_incref(json_array_get(json, 0)));
        set_field(out->request, flag->field, json_incref(json_array_get(json, 1)));
        json_decref(json);
    } else {
        set_field(out->request, flag->field, json);
    }
    out->given[row] = true;
    out->by_alias[row] = flag->alias != NULL && strcmp(name, flag->alias) == 0;
    out->any_field = true;
    return 0;
}

/* The options every command has, or the setting flags of config; 0 taken, 1 not one of them, -1 an error. */
static int common_flag(const cli_command *cmd, config *cfg, const char *name, const char *value, cli_args *out,
                       char *err, size_t err_len)
{
    if (strcmp(name, "--json") == 0 || strcmp(name, "--table") == 0 || strcmp(name, "--help") == 0 ||
        strcmp(name, "-h") == 0) {
        bool *target = name[2] == 'j' ? &out->json_out : name[2] == 't' ? &out->table_out : &out->help;
        *target = true;
        return 0;
    }
    const char **text = strcmp(name, "--server") == 0                              ? &out->server
                        : cmd->takes_request && strcmp(name, "--request") == 0      ? &out->request_path
                        : cmd->id == CMD_RECOMMEND && strcmp(name, "--export") == 0 ? &out->export_format
                                                                                    : NULL;
    if (text != NULL) {
        if (value == NULL || value[0] == '\0') {
            snprintf(err, err_len, "%s: needs a value", name);
            return -1;
        }
        *text = value;
        return 0;
    }
    return config_apply_flag(cfg, name, value, err, err_len);
}

static bool takes_separate_value(const cli_command *cmd, const char *name)
{
    long row = find_flag(cmd, name);
    if (row >= 0)
        return cmd->flags[row].kind != FLAG_SWITCH;
    return strcmp(name, "--json") != 0 && strcmp(name, "--table") != 0 && strcmp(name, "--help") != 0 &&
           strcmp(name, "-h") != 0;
}

int cli_parse(const cli_command *cmd, config *cfg, int argc, char **argv, cli_args *out, char *err, size_t err_len)
{
    memset(out, 0, sizeof *out);
    out->request = json_object();
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        if (strncmp(arg, "--", 2) != 0 && strcmp(arg, "-h") != 0) {
            snprintf(err, err_len, "unexpected argument '%.64s' (flags start with --; see gpurec %s --help)", arg,
                     cmd->name);
            goto fail;
        }
        char name[64];
        const char *eq = strchr(arg, '=');
        snprintf(name, sizeof name, "%.*s", eq != NULL ? (int)(eq - arg) : (int)strlen(arg), arg);
        const char *value = eq != NULL ? eq + 1 : NULL;
        bool separate = eq == NULL && takes_separate_value(cmd, name);
        if (separate && i + 1 < argc)
            value = argv[i + 1];
        long row = find_flag(cmd, name);
        int rc = row >= 0 ? apply_flag(cmd, (size_t)row, name, value, out, err, err_len)
                          : common_flag(cmd, cfg, name, value, out, err, err_len);
        if (rc < 0)
            goto fail;
        if (rc > 0) {
            snprintf(err, err_len, "%s: not a flag of gpurec %s (see gpurec %s --help)", name, cmd->name, cmd->name);
            goto fail;
        }
        if (separate && value != NULL)
            i++;
    }
    if (out->json_out && out->table_out) {
        snprintf(err, err_len, "--json: not together with --table");
        goto fail;
    }
    if (config_validate(cfg, err, err_len) != 0)
        goto fail;
    return 0;
fail:
    cli_args_free(out);
    return -1;
}

void cli_args_free(cli_args *args)
{
    json_decref(args->request);
    args->request = NULL;
}

/* Whether field is the flag's field, or an entry of it ("constraints.providers[2]"). */
static bool names(const char *flag_field, const char *field)
{
    size_t len = strlen(flag_field);
    return strncmp(flag_field, field, len) == 0 && (field[len] == '\0' || field[len] == '[' || field[len] == '.');
}

bool cli_flag_for_field(const cli_command *cmd, const cli_args *args, const char *field, char *out, size_t out_len)
{
    long best = -1;
    int best_score = -1;
    for (size_t i = 0; i < cmd->flag_count && field != NULL; i++) {
        const cli_flag *flag = &cmd->flags[i];
        char sibling[96] = "";
        if (flag->kind == FLAG_INSTANCE)
            provider_field(flag, sibling, sizeof sibling);
        bool own = names(flag->field, field) && flag->kind != FLAG_INSTANCE;
        if (!own && !names(flag->field, field) && !(sibling[0] != '\0' && names(sibling, field)))
            continue;
        /* a flag given beats one not given; then a flag of that very field beats --instance, which sets two */
        int score = (args != NULL && args->given[i] ? 2 : 0) + (own ? 1 : 0);
        if (score > best_score) {
            best = (long)i;
            best_score = score;
        }
    }
    if (best < 0)
        return false;
    if (args != NULL && args->by_alias[best])
        snprintf(out, out_len, "%s", cmd->flags[best].alias);
    else
        cli_flag_name(&cmd->flags[best], out, out_len);
    return true;
}

void cli_flags_rewrite(const cli_command *cmd, const char *text, char *out, size_t out_len)
{
    size_t used = 0;
    while (*text != '\0' && used + 1 < out_len) {
        const cli_flag *best = NULL;
        size_t best_len = 0;
        for (size_t i = 0; i < cmd->flag_count; i++) {
            size_t len = strlen(cmd->flags[i].field);
            /* only dotted paths: a bare field ("limit") is also an English word */
            if (len <= best_len || cmd->flags[i].kind == FLAG_INSTANCE || strchr(cmd->flags[i].field, '.') == NULL ||
                strncmp(text, cmd->flags[i].field, len) != 0)
                continue;
            char after = text[len]; /* the field is a whole name, not the start of a longer one */
            if (!(after == '_' || (after >= 'a' && after <= 'z') || (after >= '0' && after <= '9'))) {
                best = &cmd->flags[i];
                best_len = len;
            }
        }
        if (best == NULL) {
            out[used++] = *text++;
            continue;
        }
        char name[64];
        cli_flag_name(best, name, sizeof name);
        used += (size_t)snprintf(out + used, out_len - used, "%s", name);
        used = used < out_len ? used : out_len - 1;
        text += best_len;
    }
    out[used] = '\0';
}

/* A row's help: its own text, after the values a registry gives the field (the workload kinds of
 * engine/workload_kind.h) where one does; in buf when made. */
static const char *flag_help(const cli_flag *flag, char *buf, size_t buf_len)
{
    if (strcmp(flag->field, "workload.kind") != 0)
        return flag->help;
    char kinds[128];
    snprintf(buf, buf_len, "%s %s", workload_kind_list(kinds, sizeof kinds, " | "), flag->help);
    return buf;
}

void cli_print_help(const cli_command *cmd, FILE *out)
{
    static const char *const value_names[] = {"TEXT", "NUMBER", "N", "", "A,B,...", "JSON", "P/TYPE"};
    fprintf(out, "gpurec %s: %s\n\nUsage:\n  %s\n\nFlags (each sets the request field named in brackets):\n",
            cmd->name, cmd->summary, cmd->usage);
    for (size_t i = 0; i < cmd->flag_count; i++) {
        const cli_flag *flag = &cmd->flags[i];
        char name[64], left[96];
        cli_flag_name(flag, name, sizeof name);
        if (flag->alias != NULL && flag->kind != FLAG_INSTANCE)
            snprintf(left, sizeof left, "%s, %s %s", flag->alias, name, value_names[flag->kind]);
        else
            snprintf(left, sizeof left, "%s %s", name, value_names[flag->kind]);
        char help[256];
        fprintf(out, "  %-42s %s [%s]\n", left, flag_help(flag, help, sizeof help), flag->field);
    }
    fprintf(out, "\nCommon flags:\n"
                 "  %-42s %s\n  %-42s %s\n  %-42s %s\n",
            "--json", "print the answer's JSON, as the service sends it (indented)", "--table",
            "print the table even for a JSON request", "--server URL",
            "ask a running service (e.g. http://127.0.0.1:8080) instead of the local database");
    if (cmd->takes_request)
        fprintf(out, "  %-42s %s\n", "--request FILE", "the JSON request from a file (- for standard input)");
    if (cmd->id == CMD_RECOMMEND)
        fprintf(out, "  %-42s %s\n", "--export FORMAT", "write the top pick as skypilot, terraform or kubernetes");
    fprintf(out, "  %-42s %s\n\nThe database and other settings: the flags and variables of gpurec --help (--db, "
                 "GPUREC_DB, ...).\nExit status: 0 found, 1 nothing fits, 2 bad input, 3 database or server "
                 "unavailable.\n",
            "--help", "show this text");
}
