/* The command line's flags: one table per command, each row a field of the request the command sends (the body of
 * POST /v1/recommend, /v1/estimate, /v1/export, or a query parameter of GET /v1/models, /v1/gpus), so that every
 * field has a flag of the same name (`constraints.max_hourly_usd` is `--max-hourly-usd`) and the help, the request
 * and the names in error messages all come from the same rows. */
#ifndef GPUREC_CLI_FLAGS_H
#define GPUREC_CLI_FLAGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

#include "base/config.h"

/* How a flag's value becomes JSON. */
typedef enum {
    FLAG_TEXT,     /* a string */
    FLAG_NUMBER,   /* a finite number */
    FLAG_INTEGER,  /* a whole number */
    FLAG_SWITCH,   /* true with no value; --flag=true or --flag=false */
    FLAG_LIST,     /* a comma list of strings, an array */
    FLAG_JSON,     /* a JSON object, as written */
    FLAG_INSTANCE, /* PROVIDER/INSTANCE_TYPE: the field and its sibling "provider" */
} flag_kind;

typedef struct cli_flag {
    const char *field; /* the request's field: "workload.model_params_b", "items[0].count", "family" */
    const char *alias; /* another name ("--params"), or NULL; the flag's own name is made from the field */
    flag_kind kind;
    const char *help;
} cli_flag;

#define CLI_MAX_FLAGS 64

typedef struct cli_command {
    config_command id;
    const char *name;     /* "recommend" */
    const char *summary;  /* one line for the help */
    const char *usage;    /* the examples of the help */
    const cli_flag *flags;
    size_t flag_count;
    bool takes_request;   /* a JSON request may come from --request or standard input */
    bool lists;           /* answers a GET list (the fields are query parameters) */
} cli_command;

/* What the arguments asked for. */
typedef struct cli_args {
    json_t *request;         /* the request the flags made ({} when none); owned: cli_args_free() */
    bool any_field;          /* at least one request field came from a flag */
    bool given[CLI_MAX_FLAGS]; /* which rows of the command's table were given */
    bool by_alias[CLI_MAX_FLAGS]; /* ... by their alias (--top), which messages then use */
    bool json_out;           /* --json */
    bool table_out;          /* --table */
    bool help;               /* --help or -h */
    const char *server;      /* --server URL (borrowed from argv), or NULL for the local database */
    const char *request_path; /* --request FILE, "-" for standard input, or NULL */
    const char *export_format; /* recommend --export FORMAT, or NULL */
} cli_args;

/* The command of that id, or NULL when the id is not a command line command. */
const cli_command *cli_command_find(config_command id);

/* The flag's own name: "--" and the field's last member with '-' for '_' ("--max-hourly-usd"). */
void cli_flag_name(const cli_flag *flag, char *out, size_t out_len);

/* Reads argv[0..argc) (the arguments after the command word). A setting's flag (--db, --log-level, ...) goes to
 * config_apply_flag(cfg), so cfg may change. Returns 0, or -1 with a message that names the flag in err (without the
 * "gpurec <command>: " prefix); *out is then freed. */
int cli_parse(const cli_command *cmd, config *cfg, int argc, char **argv, cli_args *out, char *err, size_t err_len);
void cli_args_free(cli_args *args);

/* The flag the request field names ("workload.model" -> "--model"; "constraints.providers[2]" -> "--providers"),
 * by the name it was given with (--top, not --limit), preferring one that was given (the engine names "items[0].provider" for --instance as well as --provider). Writes
 * the name to out and returns true; false when no flag has the field. */
bool cli_flag_for_field(const cli_command *cmd, const cli_args *args, const char *field, char *out, size_t out_len);

/* text with each request field of the command's table it names ("constraints.max_hourly_usd") written as the flag
 * ("--max-hourly-usd"), into out (cut to out_len). */
void cli_flags_rewrite(const cli_command *cmd, const char *text, char *out, size_t out_len);

/* The command's help: its summary, usage and every flag of its table and the common ones. */
void cli_print_help(const cli_command *cmd, FILE *out);

#endif
