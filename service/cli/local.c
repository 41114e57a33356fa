/* The command line's questions answered from the catalog in this process: the engine functions behind the HTTP
 * handlers (recommend_run, estimate_run, export_run, snapshot/describe.h), with the statuses the handlers give. */
#include "cli/ask.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/util.h"
#include "base/vocab.h"
#include "engine/estimate/estimate.h"
#include "engine/export/request.h"
#include "engine/recommend/recommend.h"
#include "snapshot/describe.h"
#include "snapshot/listing.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

/* The problem becomes the answer (its status and document). */
static void answer_problem(cli_answer *out, problem *p)
{
    out->status = problem_status(p);
    out->json = problem_into_json(p);
}

static void ask_recommend(const catalog *snap, const config *cfg, const json_t *body, cli_answer *out)
{
    recommend_options options = {util_now(), cfg->stale_after_hours};
    jsonw answer;
    jsonw_init(&answer, 16384); /* as the service: a default answer is about 12.5 KB */
    problem *failure = NULL;
    if (recommend_run(snap, body, &options, &answer, &failure) != 0) {
        jsonw_discard(&answer);
        answer_problem(out, failure);
        return;
    }
    char *text = jsonw_finish(&answer, NULL);
    out->status = 200;
    out->json = json_loads(text, 0, NULL);
    free(text);
}

/* Prices judged against the same freshness limit as the service's (face/estimate.c), so a stale price warns here too. */
static void ask_estimate(const catalog *snap, const config *cfg, const json_t *body, cli_answer *out)
{
    estimate_options options = {.now = util_now(), .stale_after_hours = cfg->stale_after_hours};
    json_t *result = NULL;
    problem *failure = NULL;
    if (estimate_run_with(snap, body, &options, &result, &failure) != 0) {
        answer_problem(out, failure);
        return;
    }
    out->status = 200;
    out->json = result;
}

static void ask_export(const catalog *snap, const json_t *body, cli_answer *out)
{
    bytebuf text;
    buf_init(&text, 2048);
    export_format format;
    problem *failure = NULL;
    if (export_run(snap, body, &text, &format, &failure) != 0) {
        buf_free(&text);
        answer_problem(out, failure);
        return;
    }
    out->status = 200;
    out->text = buf_finish(&text, NULL);
}

char *cli_param_text(const json_t *value)
{
    bytebuf text;
    buf_init(&text, 64);
    if (json_is_array(value)) {
        for (size_t i = 0; i < json_array_size(value); i++)
            buf_printf(&text, "%s%s", i > 0 ? "," : "", json_string_value(json_array_get(value, i)));
    } else if (json_is_string(value)) {
        buf_append_str(&text, json_string_value(value));
    } else {
        char *dumped = json_dumps(value, JSON_ENCODE_ANY | JSON_REAL_PRECISION(17));
        buf_append_str(&text, dumped != NULL ? dumped : "");
        free(dumped);
    }
    return buf_finish(&text, NULL);
}

/* A list's parameters (a JSON object) as a parameter source of snapshot/listing.h: each value read as the text a
 * query string would carry, so the checks and their messages are the face's own. A value's text lives until the
 * next one is read, which is as long as the checks keep it. */
typedef struct json_params {
    const json_t *body;
    char *last;
} json_params;

static const char *json_param_text(const void *source, const char *name)
{
    json_params *params = (json_params *)(uintptr_t)source;
    free(params->last);
    params->last = NULL;
    const json_t *value = json_object_get(params->body, name);
    if (value == NULL)
        return NULL;
    params->last = cli_param_text(value);
    return params->last;
}

static void ask_list(const catalog *snap, cli_question q, const json_t *body, cli_answer *out)
{
    problem *p = problem_new(400, "invalid-query", "Invalid query parameter",
                             "One or more query parameters are invalid; see errors.");
    json_params source = {body, NULL};
    listing_params params = {json_param_text, &source};
    listing_list names;
    json_t *items = json_array();
    if (q == ASK_GPUS) {
        gpu_filter f;
        listing_gpu_filter(&params, &f, &names, p);
        for (size_t i = 0; i < snap->gpu_count && problem_field_count(p) == 0; i++)
            if (describe_gpu_matches(&snap->gpus[i], &f))
                json_array_append_new(items, describe_gpu(&snap->gpus[i]));
    } else {
        model_filter f;
        listing_model_filter(&params, &f, &names, p);
        for (size_t i = 0; i < snap->model_count && problem_field_count(p) == 0; i++)
            if (describe_model_matches(&snap->models[i], &f))
                json_array_append_new(items, describe_model(&snap->models[i]));
    }
    free(source.last);
    if (problem_field_count(p) > 0) {
        json_decref(items);
        answer_problem(out, p);
        return;
    }
    problem_free(p);
    size_t count = json_array_size(items);
    out->status = 200;
    out->json = listing_envelope(items, count, 0, count, snap);
}

void cli_ask_local(const catalog *snap, const config *cfg, cli_question q, const json_t *body, cli_answer *out)
{
    memset(out, 0, sizeof *out);
    switch (q) {
    case ASK_RECOMMEND: ask_recommend(snap, cfg, body, out); break;
    case ASK_ESTIMATE: ask_estimate(snap, cfg, body, out); break;
    case ASK_EXPORT: ask_export(snap, body, out); break;
    case ASK_MODELS:
    case ASK_GPUS: ask_list(snap, q, body, out); break;
    }
}

void cli_answer_free(cli_answer *answer)
{
    json_decref(answer->json);
    free(answer->text);
    answer->json = NULL;
    answer->text = NULL;
}
