/* The command line's questions answered from the catalog in this process: the engine functions behind the HTTP
 * handlers (recommend_run, estimate_run, export_run, snapshot/describe.h), with the statuses the handlers give. */
#include "cli/ask.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/util.h"
#include "base/vocab.h"
#include "engine/estimate/estimate.h"
#include "engine/export/request.h"
#include "engine/recommend/recommend.h"
#include "snapshot/describe.h"
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

/* A list's query parameters, checked as the face checks them (face/query.c): each bad one is a field error. */
static const char *const *names_of(const json_t *list, const char **storage, size_t cap, size_t *count)
{
    *count = 0;
    if (list == NULL)
        return NULL;
    for (size_t i = 0; i < json_array_size(list) && *count < cap; i++)
        storage[(*count)++] = json_string_value(json_array_get(list, i));
    return storage;
}

static double number_param(const json_t *body, const char *name, double fallback, problem *p)
{
    const json_t *value = json_object_get(body, name);
    if (value == NULL)
        return fallback;
    double number = json_number_value(value);
    if (!json_is_number(value) || number < 0 || number > 1e6) {
        problem_add_field(p, name, "must be a number from 0 to 1e+06");
        return fallback;
    }
    return number;
}

/* {"items", "total", "next_cursor", "catalog_version"}: the envelope of a list answered on one page. */
static json_t *whole_page(json_t *items, const catalog *snap)
{
    return json_pack("{s:o, s:I, s:n, s:s}", "items", items, "total", (json_int_t)json_array_size(items),
                     "next_cursor", "catalog_version", snap->version);
}

static void ask_list(const catalog *snap, cli_question q, const json_t *body, cli_answer *out)
{
    problem *p = problem_new(400, "invalid-query", "Invalid query parameter",
                             "One or more query parameters are invalid; see errors.");
    const char *names[64];
    size_t count = 0;
    json_t *items = json_array();
    if (q == ASK_GPUS) {
        gpu_filter f = {names_of(json_object_get(body, "vendor"), names, 64, &count), count,
                        number_param(body, "min_memory_gb", 0, p), false, PRECISION_FP32};
        const char *wanted = json_string_value(json_object_get(body, "precision"));
        f.by_precision = wanted != NULL;
        if (wanted != NULL && precision_parse(wanted, &f.needed) != 0) {
            char list[256];
            problem_add_field(p, "precision", "must be one of %s", vocab_precision_list(list, sizeof list));
        }
        for (size_t i = 0; i < snap->gpu_count && problem_field_count(p) == 0; i++)
            if (describe_gpu_matches(&snap->gpus[i], &f))
                json_array_append_new(items, describe_gpu(&snap->gpus[i]));
    } else {
        model_filter f = {names_of(json_object_get(body, "family"), names, 64, &count), count,
                          number_param(body, "min_params_b", 0, p), number_param(body, "max_params_b", 1e9, p), -1};
        const json_t *moe = json_object_get(body, "moe");
        if (moe != NULL)
            f.moe = json_is_true(moe) ? 1 : 0;
        if (f.min_params_b > f.max_params_b)
            problem_add_field(p, "min_params_b", "must not exceed max_params_b");
        for (size_t i = 0; i < snap->model_count && problem_field_count(p) == 0; i++)
            if (describe_model_matches(&snap->models[i], &f))
                json_array_append_new(items, describe_model(&snap->models[i]));
    }
    if (problem_field_count(p) > 0) {
        json_decref(items);
        answer_problem(out, p);
        return;
    }
    problem_free(p);
    out->status = 200;
    out->json = whole_page(items, snap);
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
