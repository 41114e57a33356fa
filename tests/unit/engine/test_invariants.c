/* Invariants every recommendation answer keeps, checked over thousands of generated requests on the seed catalog.
 *
 * A seeded generator (support/random.h) draws requests over the workload kinds, catalogued models and bare parameter
 * counts, sizes, precisions, pricing models, constraints and objectives; each one goes through recommend_run() as the
 * service sends it, and every 200 answer is checked against the invariants below. A failure prints the request that
 * broke it (the first one per invariant) and what broke; the summary line of each invariant says how many answers it
 * judged.
 *
 * How many requests: INVARIANT_REQUESTS from the environment, else 6000, else 1200 under AddressSanitizer (several
 * times slower per request), so the suite stays within about a minute in either build. */
#include <check.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/recommend/recommend.h"
#include "snapshot/catalog.h"
#include "support/check_support.h"
#include "support/random.h"
#include "support/recommend_support.h"
#include "support/seed_catalog.h"
#include "base/util.h"

#define TEN_YEARS_HOURS 87600.0
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__SANITIZE_ADDRESS__)
#define DEFAULT_REQUESTS 1200
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DEFAULT_REQUESTS 1200
#endif
#endif
#ifndef DEFAULT_REQUESTS
#define DEFAULT_REQUESTS 6000
#endif

typedef enum {
    INV_FINITE,        /* every figure finite and physically possible, no plan past ten years */
    INV_DEADLINE,      /* a pick that misses the deadline never ranks above one that meets it */
    INV_ORDER,         /* scores and the objective's figure ordered as the objective says */
    INV_ALT_SAVES,     /* every alternative saves on its stated basis */
    INV_ALT_SCOPE,     /* a commitment alternative prices the pick's own instance, region and count */
    INV_HINT_NEEDED,   /* no hint the request already satisfies */
    INV_HINT_ADMITS,   /* the hints applied to the request admit an offer, or the answer says no change can */
    INV_COUNT
} invariant;

static const char *const invariant_names[INV_COUNT] = {
    [INV_FINITE] = "figures finite and possible (no plan past ten years)",
    [INV_DEADLINE] = "deadline misses never above deadline meets",
    [INV_ORDER] = "scores and the objective's figure in order",
    [INV_ALT_SAVES] = "alternatives save on their basis",
    [INV_ALT_SCOPE] = "commitment alternatives keep the pick's instance, region and nodes",
    [INV_HINT_NEEDED] = "no hint the request already satisfies",
    [INV_HINT_ADMITS] = "hints applied admit an offer, or the answer says none can",
};

typedef struct tally {
    size_t checked[INV_COUNT];
    size_t failed[INV_COUNT];
    char first[INV_COUNT][1536]; /* the first failure of each: what broke and the request */
} tally;

static catalog *seed;
static tally counts;
static const char *current_request; /* the request being judged, for the failure messages */

static void broke(invariant inv, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void broke(invariant inv, const char *fmt, ...)
{
    char what[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(what, sizeof what, fmt, args);
    va_end(args);
    if (getenv("INVARIANT_VERBOSE") != NULL) /* every failure, for a closer look */
        printf("[%d] %s\n    request: %s\n", (int)inv, what, current_request);
    if (counts.failed[inv]++ > 0)
        return;
    snprintf(counts.first[inv], sizeof counts.first[inv], "%s\n    request: %s", what, current_request);
}

/* ---- the generator ---------------------------------------------------------------------------------------------- */

static size_t draw(size_t n)
{
    return (size_t)(test_random_next() % n);
}

static bool chance(double p)
{
    return test_random_unit() < p;
}

/* Log-uniform in [lo, hi], to three significant figures. */
static double log_uniform(double lo, double hi)
{
    double v = exp(log(lo) + test_random_unit() * (log(hi) - log(lo)));
    double scale = pow(10, 2 - floor(log10(v)));
    return round(v * scale) / scale;
}

static json_t *some_ids(const char *(*id_at)(size_t), size_t n, size_t most)
{
    json_t *list = json_array();
    size_t count = 1 + draw(most);
    for (size_t i = 0; i < count; i++)
        json_array_append_new(list, json_string(id_at(draw(n))));
    return list;
}

static const char *gpu_id_at(size_t i) { return seed->gpus[i].id; }
static const char *provider_id_at(size_t i) { return seed->providers[i].id; }
static const char *model_id_at(size_t i) { return seed->models[i].id; }

static const char *const kinds[] = {"training", "fine_tuning", "inference", "hpc", "rendering", "general"};
static const char *const precisions[] = {"fp64", "fp32", "tf32", "bf16", "fp16", "fp8", "int8", "int4"};
static const char *const pricings[] = {"on_demand", "spot", "reserved_1y", "reserved_3y"};
static const char *const objectives[] = {"cost", "time", "balanced", "efficiency"};
static const char *const methods[] = {"full", "lora", "qlora"};

static void draw_model(json_t *w)
{
    if (chance(0.6))
        json_object_set_new(w, "model", json_string(model_id_at(draw(seed->model_count))));
    else
        json_object_set_new(w, "model_params_b", json_real(log_uniform(0.1, 2000)));
}

static void draw_workload(json_t *w, const char *kind)
{
    bool trains = strcmp(kind, "training") == 0 || strcmp(kind, "fine_tuning") == 0;
    bool infers = strcmp(kind, "inference") == 0;
    if (trains || (infers && chance(0.9)))
        draw_model(w);
    else if (chance(0.5))
        json_object_set_new(w, "min_gpu_memory_gb", json_real(log_uniform(1, 2000)));
    if (chance(0.5))
        json_object_set_new(w, "precision", json_string(precisions[draw(COUNT(precisions))]));
    if (trains && chance(0.8)) {
        json_object_set_new(w, "tokens_b", json_real(log_uniform(0.01, 20000)));
        if (chance(0.35))
            json_object_set_new(w, "deadline_hours", json_real(log_uniform(1, 20000)));
    } else if (chance(0.5)) {
        json_object_set_new(w, "hours", json_real(log_uniform(0.1, 20000)));
    }
    if (strcmp(kind, "fine_tuning") == 0 && chance(0.7))
        json_object_set_new(w, "fine_tuning_method", json_string(methods[draw(COUNT(methods))]));
    if (chance(0.3))
        json_object_set_new(w, "checkpointing", json_boolean(chance(0.5)));
    if (chance(0.15))
        json_object_set_new(w, "gpus", json_integer((json_int_t)1 << draw(9)));
    if (infers && chance(0.4))
        json_object_set_new(w, "target_tokens_per_s", json_real(log_uniform(10, 1e8)));
    if (infers && chance(0.3)) {
        json_object_set_new(w, "prompt_tokens", json_integer((json_int_t)log_uniform(16, 32000)));
        json_object_set_new(w, "output_tokens", json_integer((json_int_t)log_uniform(16, 4000)));
    }
    if (infers && chance(0.15))
        json_object_set_new(w, "max_ttft_ms", json_real(log_uniform(10, 10000)));
}

static void draw_constraints(json_t *c)
{
    if (chance(0.5)) {
        json_t *list = json_array();
        for (size_t i = 0; i < COUNT(pricings); i++)
            if (chance(0.5))
                json_array_append_new(list, json_string(pricings[i]));
        if (json_array_size(list) == 0)
            json_array_append_new(list, json_string(pricings[draw(COUNT(pricings))]));
        json_object_set_new(c, "pricing", list);
    }
    if (chance(0.2))
        json_object_set_new(c, "max_hourly_usd", json_real(log_uniform(0.1, 1e5)));
    if (chance(0.2))
        json_object_set_new(c, "max_total_usd", json_real(log_uniform(10, 1e8)));
    if (chance(0.15))
        json_object_set_new(c, "providers", some_ids(provider_id_at, seed->provider_count, 3));
    if (chance(0.15))
        json_object_set_new(c, "gpu_models", some_ids(gpu_id_at, seed->gpu_count, 4));
    if (chance(0.2))
        json_object_set_new(c, "max_nodes", json_integer((json_int_t)(1 + draw(64))));
    if (chance(0.1))
        json_object_set_new(c, "require_ecc", json_true());
    if (chance(0.1))
        json_object_set_new(c, "require_nvlink", json_true());
}

static json_t *draw_request(void)
{
    json_t *request = json_object(), *w = json_object(), *c = json_object();
    const char *kind = kinds[draw(COUNT(kinds))];
    json_object_set_new(w, "kind", json_string(kind));
    draw_workload(w, kind);
    draw_constraints(c);
    json_object_set_new(request, "workload", w);
    if (json_object_size(c) > 0)
        json_object_set_new(request, "constraints", c);
    else
        json_decref(c);
    if (chance(0.8))
        json_object_set_new(request, "objective", json_string(objectives[draw(COUNT(objectives))]));
    json_object_set_new(request, "limit", json_integer((json_int_t)(1 + draw(8))));
    return request;
}

/* ---- asking -------------------------------------------------------------------------------------------------- */

static time_t seed_now(void)
{
    time_t t;
    ck_assert_int_eq(util_parse_time("2026-01-01T00:00:00Z", &t), 0);
    return t;
}

/* The answer document of request on the seed catalog, with *status. */
static json_t *ask(const json_t *request, int *status)
{
    recommend_options opts = {.now = seed_now(), .stale_after_hours = 48};
    char *text = recommend_answer_text(seed, request, &opts, status);
    json_error_t error;
    json_t *doc = json_loads(text, JSON_REJECT_DUPLICATES, &error);
    ck_assert_msg(doc != NULL, "the answer is not JSON (%s): %s", error.text, text);
    free(text);
    return doc;
}

static double num(const json_t *obj, const char *key)
{
    const json_t *v = json_object_get(obj, key);
    return json_is_number(v) ? json_number_value(v) : NAN;
}

static const char *str(const json_t *obj, const char *key)
{
    const char *s = json_string_value(json_object_get(obj, key));
    return s != NULL ? s : "";
}

/* ---- the invariants -------------------------------------------------------------------------------------------- */

/* A figure the answer gives (null is allowed: not applicable) lies in (lo, hi]. */
static bool figure_ok(const json_t *obj, const char *key, double lo, double hi)
{
    const json_t *v = json_object_get(obj, key);
    if (v == NULL || json_is_null(v))
        return true;
    double x = json_number_value(v);
    return json_is_number(v) && isfinite(x) && x > lo && x <= hi;
}

static void check_finite(const json_t *recs, const json_t *alts)
{
    counts.checked[INV_FINITE]++;
    size_t i;
    const json_t *rec;
    json_array_foreach(recs, i, rec) {
        const json_t *plan = json_object_get(rec, "plan");
        if (!figure_ok(rec, "hourly_usd", 0, 1e12) || !figure_ok(rec, "estimated_total_usd", -1e-9, 1e15) ||
            !figure_ok(rec, "estimated_hours", 0, TEN_YEARS_HOURS) || !figure_ok(rec, "nodes", 0, 100000) ||
            !figure_ok(rec, "score", -1, 100) || !figure_ok(plan, "wall_clock_hours", 0, TEN_YEARS_HOURS)) {
            broke(INV_FINITE, "recommendation %zu: hourly %g, total %g, hours %g, nodes %g, score %g", i + 1,
                 num(rec, "hourly_usd"), num(rec, "estimated_total_usd"), num(rec, "estimated_hours"),
                 num(rec, "nodes"), num(rec, "score"));
            return;
        }
    }
    json_array_foreach(alts, i, rec) {
        const json_t *pick = json_object_get(rec, "recommendation");
        if (!figure_ok(pick, "estimated_hours", 0, TEN_YEARS_HOURS) ||
            !figure_ok(pick, "estimated_total_usd", -1e-9, 1e15) || !figure_ok(pick, "hourly_usd", 0, 1e12)) {
            broke(INV_FINITE, "alternative %s: hourly %g, hours %g, total %g", str(rec, "change"),
                 num(pick, "hourly_usd"), num(pick, "estimated_hours"), num(pick, "estimated_total_usd"));
            return;
        }
    }
}

static bool meets(const json_t *rec, bool *known)
{
    const json_t *v = json_object_get(json_object_get(rec, "plan"), "meets_deadline");
    *known = json_is_boolean(v);
    return json_is_true(v);
}

static void check_deadline(const json_t *recs)
{
    bool any = false;
    size_t i;
    const json_t *rec;
    json_array_foreach(recs, i, rec) {
        bool known;
        meets(rec, &known);
        any |= known;
    }
    if (!any)
        return;
    counts.checked[INV_DEADLINE]++;
    bool missed_before = false;
    json_array_foreach(recs, i, rec) {
        bool known, met = meets(rec, &known);
        if (met && missed_before) {
            broke(INV_DEADLINE, "recommendation %zu meets the deadline below one that misses it", i + 1);
            return;
        }
        missed_before |= known && !met;
    }
}

/* The member that holds the score metric's figure in a recommendation, when the metric is one of them (a served
 * model's cost: its throughput's price per million tokens). */
static const char *metric_member(const char *metric)
{
    static const char *const members[] = {"estimated_total_usd", "estimated_hours", "hourly_usd"};
    for (size_t i = 0; i < COUNT(members); i++)
        if (strcmp(metric, members[i]) == 0)
            return members[i];
    if (strcmp(metric, "usd_per_million_tokens at the load priced") == 0)
        return "usd_per_million_tokens";
    return NULL;
}

static void check_order(const json_t *doc, const json_t *recs)
{
    if (json_array_size(recs) < 2)
        return;
    counts.checked[INV_ORDER]++;
    const char *member = metric_member(str(doc, "score_metric"));
    for (size_t i = 1; i < json_array_size(recs); i++) {
        const json_t *a = json_array_get(recs, i - 1), *b = json_array_get(recs, i);
        if (num(a, "score") < num(b, "score")) {
            broke(INV_ORDER, "recommendation %zu scores %g, below %zu's %g", i, num(a, "score"), i + 1,
                 num(b, "score"));
            return;
        }
        bool known_a, known_b, met_a = meets(a, &known_a), met_b = meets(b, &known_b);
        if (member == NULL || (known_a && known_b && met_a != met_b))
            continue; /* deadline meets rank first (check_deadline) */
        bool per_token = strcmp(member, "usd_per_million_tokens") == 0; /* a served model's, in its throughput */
        double fa = per_token ? num(json_object_get(a, "throughput"), member) : num(a, member);
        double fb = per_token ? num(json_object_get(b, "throughput"), member) : num(b, member);
        if (fa > fb * (1 + 1e-9) + 1e-9) {
            broke(INV_ORDER, "objective %s by %s: recommendation %zu has %g, %zu has %g", str(doc, "objective"),
                 member, i, fa, i + 1, fb);
            return;
        }
    }
}

static void check_alternatives(const json_t *recs, const json_t *alts)
{
    const json_t *top = json_array_get(recs, 0);
    size_t i;
    const json_t *alt;
    json_array_foreach(alts, i, alt) {
        const char *change = str(alt, "change");
        const json_t *pick = json_object_get(alt, "recommendation");
        if (strcmp(change, "serve_split") != 0) {
            counts.checked[INV_ALT_SAVES]++;
            double saving = num(alt, "saving_usd");
            if (!(saving > 0) && strcmp(change, "more_nodes") != 0)
                broke(INV_ALT_SAVES, "alternative %s saves %g on %s", change, saving, str(alt, "saving_basis"));
            if (strcmp(change, "more_nodes") == 0 && !(num(pick, "estimated_hours") < num(top, "estimated_hours")))
                broke(INV_ALT_SAVES, "alternative more_nodes takes %g hours, the pick %g", num(pick, "estimated_hours"),
                     num(top, "estimated_hours"));
        }
        if (strcmp(change, "commitment") == 0) {
            counts.checked[INV_ALT_SCOPE]++;
            if (strcmp(str(pick, "instance_type"), str(top, "instance_type")) != 0 ||
                strcmp(str(pick, "provider"), str(top, "provider")) != 0 ||
                strcmp(str(pick, "region"), str(top, "region")) != 0 || num(pick, "nodes") != num(top, "nodes"))
                broke(INV_ALT_SCOPE, "commitment prices %s %s x%g, the pick is %s %s x%g", str(pick, "instance_type"),
                     str(pick, "region"), num(pick, "nodes"), str(top, "instance_type"), str(top, "region"),
                     num(top, "nodes"));
        }
    }
}

/* A hint "Raise <section>.<field> to at least <value>" or "Set workload.precision to <p>", as a change of request
 * (applied in place); false when the hint names no value to set. *already: the request already allows it. */
static bool apply_hint(json_t *request, const char *hint, bool *already)
{
    char section[32], field[64], value[64];
    *already = false;
    if (sscanf(hint, "Raise %31[a-z_].%63[a-z_] to at least %63[0-9.e+]", section, field, value) == 3) {
        json_t *owner = json_object_get(request, section);
        if (owner == NULL) {
            owner = json_object();
            json_object_set_new(request, section, owner);
        }
        double wanted = strtod(value, NULL);
        const json_t *now = json_object_get(owner, field);
        if (json_is_number(now) && json_number_value(now) >= wanted)
            *already = true;
        json_object_set_new(owner, field, strcmp(field, "max_nodes") == 0 ? json_integer((json_int_t)ceil(wanted))
                                                                           : json_real(wanted));
        return true;
    }
    if (sscanf(hint, "Add %63[a-z0-9._-] to %31[a-z_].%63[a-z_]", value, section, field) == 3 ||
        sscanf(hint, "Remove %63[a-z0-9._-] from %31[a-z_].%63[a-z_]", value, section, field) == 3) {
        json_t *owner = json_object_get(request, section);
        json_t *list = json_object_get(owner, field);
        if (list == NULL && hint[0] == 'A') {
            list = json_array();
            json_object_set_new(owner, field, list);
        }
        bool has = false;
        for (size_t i = 0; i < json_array_size(list); i++) {
            if (strcmp(json_string_value(json_array_get(list, i)), value) == 0) {
                has = true;
                if (hint[0] == 'R')
                    json_array_remove(list, i--);
            }
        }
        *already = hint[0] == 'A' ? has : !has;
        if (hint[0] == 'A' && !has)
            json_array_append_new(list, json_string(value));
        return true;
    }
    if (sscanf(hint, "Set constraints.%63[a-z_] to false", field) == 1) {
        const json_t *now = json_object_get(json_object_get(request, "constraints"), field);
        *already = !json_is_true(now);
        json_object_set_new(json_object_get(request, "constraints"), field, json_false());
        return true;
    }
    if (sscanf(hint, "Set workload.precision to %63[a-z0-9]", value) == 1) {
        json_object_set_new(json_object_get(request, "workload"), "precision", json_string(value));
        return true;
    }
    return false;
}

static void check_hints(const json_t *request, const json_t *doc, const json_t *recs)
{
    const json_t *hints = json_object_get(doc, "hints");
    if (json_array_size(recs) > 0)
        return;
    counts.checked[INV_HINT_NEEDED]++;
    counts.checked[INV_HINT_ADMITS]++;
    json_t *changed = json_deep_copy(request);
    size_t applied = 0, i;
    const json_t *hint;
    json_array_foreach(hints, i, hint) {
        bool already;
        if (apply_hint(changed, json_string_value(hint), &already))
            applied++;
        if (already)
            broke(INV_HINT_NEEDED, "hint already satisfied: %s", json_string_value(hint));
    }
    if (json_array_size(hints) == 0) {
        char *rejected = json_dumps(json_object_get(doc, "rejected"), JSON_COMPACT | JSON_SORT_KEYS);
        broke(INV_HINT_ADMITS, "no recommendation and no hint; rejected: %s", rejected);
        free(rejected);
    }
    bool none_can = json_array_size(hints) > 0 && strncmp(json_string_value(json_array_get(hints, 0)), "No change", 9) == 0;
    if (applied > 0 && !none_can) {
        int status;
        json_t *again = ask(changed, &status);
        if (status == 200 && json_array_size(json_object_get(again, "recommendations")) == 0) {
            char *hints_text = json_dumps(hints, JSON_COMPACT);
            broke(INV_HINT_ADMITS, "the hints applied admit nothing: %s", hints_text);
            free(hints_text);
        }
        json_decref(again);
    }
    json_decref(changed);
}

static void judge(const json_t *request, const json_t *doc)
{
    const json_t *recs = json_object_get(doc, "recommendations");
    const json_t *alts = json_object_get(doc, "alternatives");
    check_finite(recs, alts);
    check_deadline(recs);
    check_order(doc, recs);
    check_alternatives(recs, alts);
    check_hints(request, doc, recs);
}

static size_t requests_to_draw(void)
{
    const char *env = getenv("INVARIANT_REQUESTS");
    long n = env != NULL ? strtol(env, NULL, 10) : 0;
    return n > 0 ? (size_t)n : DEFAULT_REQUESTS;
}

START_TEST(generated_answers_keep_the_invariants)
{
    seed = seed_catalog_load();
    memset(&counts, 0, sizeof counts);
    test_random_seed(0x36A11CE5ULL);
    size_t total = requests_to_draw(), answered = 0;
    for (size_t n = 0; n < total; n++) {
        json_t *request = draw_request();
        char *text = json_dumps(request, JSON_COMPACT);
        current_request = text;
        int status;
        json_t *doc = ask(request, &status);
        ck_assert_msg(status == 200 || status == 422, "status %d for %s", status, text);
        if (status == 200) {
            answered++;
            judge(request, doc);
        }
        json_decref(doc);
        json_decref(request);
        free(text);
    }
    current_request = NULL;
    printf("%zu generated requests, %zu answered 200\n", total, answered);
    size_t failures = 0;
    for (int i = 0; i < INV_COUNT; i++) {
        printf("  %-70s checked %6zu, failed %zu\n", invariant_names[i], counts.checked[i], counts.failed[i]);
        if (counts.failed[i] > 0)
            printf("    first: %s\n", counts.first[i]);
        failures += counts.failed[i];
    }
    fflush(stdout);
    ck_assert_msg(answered * 10 >= total * 6, "only %zu of %zu generated requests were valid", answered, total);
    ck_assert_msg(failures == 0, "%zu invariant failures (printed above)", failures);
    catalog_release(seed);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("invariants");
    TCase *tc = tcase_create("generated");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, generated_answers_keep_the_invariants);
    suite_add_tcase(s, tc);
    return check_run_suite(s);
}
