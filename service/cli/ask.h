/* The command line's questions, answered from the local database's catalog by the engine the HTTP handlers use
 * (local.c), or by a running service over HTTP (remote.c): both give the same answer, as status and document. */
#ifndef GPUREC_CLI_ASK_H
#define GPUREC_CLI_ASK_H

#include <jansson.h>

#include "base/config.h"
#include "snapshot/catalog.h"

typedef enum {
    ASK_RECOMMEND, /* POST /v1/recommend */
    ASK_ESTIMATE,  /* POST /v1/estimate */
    ASK_EXPORT,    /* POST /v1/export */
    ASK_MODELS,    /* GET /v1/models */
    ASK_GPUS,      /* GET /v1/gpus */
} cli_question;

/* The lists are asked for whole: the largest page the service gives (face/http/query.h QUERY_MAX_PAGE). */
#define CLI_LIST_LIMIT 500

typedef struct cli_answer {
    long status;    /* 200, a problem's 4xx or 5xx; 0 when no answer came (error says why) */
    json_t *json;   /* the JSON document answered (a problem unless 200), or NULL; owned */
    char *text;     /* a 200 answer that is text (export), NUL-terminated; owned */
    char error[512];
} cli_answer;

/* Asks snap (borrowed) the question. body is the request body, or for a list the query parameters as a JSON object
 * (strings, numbers, booleans, arrays of strings). Fills out; free it with cli_answer_free(). */
void cli_ask_local(const catalog *snap, const config *cfg, cli_question q, const json_t *body, cli_answer *out);
/* Asks the service at server ("http://host:port", an optional path prefix) the same; status 0 when it cannot be
 * reached or answers what is not HTTP JSON. */
void cli_ask_remote(const char *server, cli_question q, const json_t *body, cli_answer *out);
void cli_answer_free(cli_answer *answer);

/* A list's parameter as the text a query string carries (the service's checks read that text, here and over HTTP):
 * a string as it is, a number as JSON writes it, a boolean, a list of strings joined by commas. Caller frees. */
char *cli_param_text(const json_t *value);

#endif
