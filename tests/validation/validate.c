/* The validation runner: every case under tests/validation/cases/<category>/ (one published measurement each, see
 * tests/validation/README.md) is sent through recommend_run() on the seed catalog (every migration applied to an
 * in-memory database), the same engine POST /v1/recommend calls. It prints, per case, the measured and the predicted
 * figure and their ratio, and per category the share of expressible cases within 0.8-1.25 and the median |ln ratio|
 * of the answered ones. tests/validation/floors.json holds the least share and the largest median each category may
 * reach; below one the runner exits 1.
 *
 * Usage: validate [VALIDATION_DIR]   (default tests/validation, run from the checkout's root: the migrations are read
 *        from ./migrations). Exit 0 all floors met, 1 a floor missed, 2 a case, the floors or the catalog unreadable.
 *
 * Single-threaded; everything is owned by main() or the function that allocates it. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <sqlite3.h>

#include "engine/recommend/recommend.h"
#include "snapshot/catalog.h"
#include "store/catalog_load.h"
#include "store/migrate.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

#define BAND_LOW 0.8
#define BAND_HIGH 1.25
#define MAX_CASES 1024

static const char *const categories[] = {"serving", "training", "finetune_memory"};
#define CATEGORY_COUNT (sizeof categories / sizeof categories[0])

/* What one case came to. */
typedef struct outcome {
    int expressible; /* 0: kept for later, not run */
    int answered;    /* 1: the engine gave a figure to compare */
    double ratio;    /* predicted / measured, when answered */
} outcome;

typedef struct tally {
    int cases, expressible, answered, within;
    double abs_logs[MAX_CASES];
} tally;

static catalog *load_seed_catalog(void)
{
    sqlite3 *db = NULL;
    catalog *snap = NULL;
    char err[512] = "";
    int applied = 0;
    if (sqlite3_open(":memory:", &db) != SQLITE_OK || sqlite3_exec(db, "PRAGMA foreign_keys=ON", NULL, NULL, NULL) != 0) {
        fprintf(stderr, "validate: cannot open an in-memory database\n");
        goto out;
    }
    if (migrate_apply(db, "migrations", &applied, err, sizeof err) != 0) {
        fprintf(stderr, "validate: migrations: %s\n", err);
        goto out;
    }
    if (store_catalog_load(db, &snap, err, sizeof err) != 0) {
        fprintf(stderr, "validate: catalog: %s\n", err);
        snap = NULL;
    }
out:
    sqlite3_close(db);
    return snap;
}

/* A number at a dotted path under root (borrowed), or NAN when absent or not a number. */
static double number_at(const json_t *root, const char *path)
{
    char key[128];
    const json_t *node = root;
    while (node != NULL && *path != '\0') {
        size_t len = strcspn(path, ".");
        if (len >= sizeof key)
            return NAN;
        memcpy(key, path, len);
        key[len] = '\0';
        node = json_object_get(node, key);
        path += len + (path[len] == '.');
    }
    return json_is_number(node) ? json_number_value(node) : NAN;
}

/* GPU-hours of the first recommendation: the plan's, else hours x GPUs. */
static double gpu_hours_of(const json_t *pick)
{
    double hours = number_at(pick, "plan.gpu_hours");
    if (!isnan(hours))
        return hours;
    return number_at(pick, "estimated_hours") * number_at(pick, "gpu_count") * number_at(pick, "nodes");
}

/* The predicted figure of metric from answer (borrowed), in the unit the measured one is compared in; NAN when the
 * answer has none. gpus is the case's GPU count (the per-GPU comparisons divide by it). */
static double predicted_figure(const char *metric, const json_t *answer, const json_t *request, double gpus)
{
    const json_t *pick = json_array_get(json_object_get(answer, "recommendations"), 0);
    if (strcmp(metric, "peak_memory_gb_per_gpu") == 0)
        return number_at(answer, "requirements.gpu_memory_gb") / gpus;
    if (pick == NULL)
        return NAN;
    if (strcmp(metric, "output_tokens_per_s") == 0) {
        double total = number_at(pick, "throughput.output_tokens_per_s");
        if (isnan(total))
            total = number_at(pick, "throughput.decode_tokens_per_s");
        return total / (number_at(pick, "gpu_count") * number_at(pick, "nodes"));
    }
    double gpu_seconds = gpu_hours_of(pick) * 3600.0;
    if (strcmp(metric, "gpu_hours") == 0)
        return gpu_seconds / 3600.0;
    if (strcmp(metric, "training_tokens_per_s_per_gpu") == 0)
        return number_at(request, "workload.tokens_b") * 1e9 / gpu_seconds;
    if (strcmp(metric, "model_tflops_per_gpu") == 0)
        return number_at(answer, "requirements.flops") / gpu_seconds / 1e12;
    return NAN;
}

/* The measured figure in the compared unit: serving rates are compared per GPU. */
static double measured_figure(const char *metric, double value, double gpus)
{
    return strcmp(metric, "output_tokens_per_s") == 0 ? value / gpus : value;
}

static int known_metric(const char *metric)
{
    static const char *const metrics[] = {"output_tokens_per_s", "training_tokens_per_s_per_gpu", "gpu_hours",
                                          "model_tflops_per_gpu", "peak_memory_gb_per_gpu"};
    for (size_t i = 0; i < sizeof metrics / sizeof metrics[0]; i++)
        if (strcmp(metric, metrics[i]) == 0)
            return 1;
    return 0;
}

/* Runs request through the engine; returns the parsed answer (caller decrefs) or NULL, having printed why. */
static json_t *ask_engine(const catalog *snap, const json_t *request)
{
    static const recommend_options opts = {.now = 0, .stale_after_hours = 0};
    jsonw w;
    problem *error = NULL;
    jsonw_init(&w, 4096);
    if (recommend_run(snap, request, &opts, &w, &error) != 0) {
        jsonw_discard(&w);
        json_t *doc = problem_into_json(error);
        char *text = json_dumps(doc, JSON_COMPACT | JSON_SORT_KEYS);
        printf("    refused: %s\n", text ? text : "(problem)");
        free(text);
        json_decref(doc);
        return NULL;
    }
    size_t len = 0;
    char *text = jsonw_finish(&w, &len);
    json_error_t jerr;
    json_t *answer = json_loadb(text, len, 0, &jerr);
    free(text);
    return answer;
}

/* The case's fields that every case must have; returns a message naming the first missing one, or NULL. */
static const char *malformed(const json_t *c, const char *category, const char *stem)
{
    const char *id = json_string_value(json_object_get(c, "id"));
    if (id == NULL || strcmp(id, stem) != 0)
        return "id must equal the file name without .json";
    const char *cat = json_string_value(json_object_get(c, "category"));
    if (cat == NULL || strcmp(cat, category) != 0)
        return "category must equal the folder name";
    if (!json_is_string(json_object_get(json_object_get(c, "source"), "url")))
        return "source.url is missing";
    if (!json_is_object(json_object_get(c, "setup")) || !(number_at(c, "setup.gpus") >= 1))
        return "setup.gpus must be a number of at least 1";
    const char *metric = json_string_value(json_object_get(json_object_get(c, "measured"), "metric"));
    if (metric == NULL || !known_metric(metric))
        return "measured.metric must be one the runner knows (README)";
    if (!(number_at(c, "measured.value") > 0))
        return "measured.value must be a positive number";
    if (!json_is_boolean(json_object_get(c, "expressible")))
        return "expressible must be true or false";
    if (json_is_false(json_object_get(c, "expressible")) &&
        !json_is_string(json_object_get(c, "not_expressible_because")))
        return "a case that is not expressible says why in not_expressible_because";
    if (!json_is_object(json_object_get(c, "request")))
        return "request must be an object";
    return NULL;
}

/* Prints the time-to-first-token and time-per-output-token pair when the case published them. */
static void print_latency(const json_t *c, const json_t *answer)
{
    const json_t *pick = json_array_get(json_object_get(answer, "recommendations"), 0);
    double ttft = number_at(c, "measured.ttft_ms"), tpot = number_at(c, "measured.tpot_ms");
    if (isnan(ttft) && isnan(tpot))
        return;
    double p_ttft = number_at(pick, "throughput.time_to_first_token_ms");
    double p_tpot = number_at(pick, "throughput.time_per_output_token_ms");
    if (isnan(p_tpot))
        p_tpot = 1000.0 / number_at(pick, "throughput.decode_tokens_per_s_per_sequence");
    printf("    ttft ms %.1f / %.1f, tpot ms %.2f / %.2f (measured / predicted)\n", ttft, p_ttft, tpot, p_tpot);
}

/* With VALIDATE_PLAN set in the environment, the first pick's instance, nodes and utilisation with its reason: what
 * a fit of the utilisation model reads. */
static void print_plan(const json_t *answer)
{
    if (getenv("VALIDATE_PLAN") == NULL)
        return;
    const json_t *pick = json_array_get(json_object_get(answer, "recommendations"), 0);
    const char *why = json_string_value(json_object_get(json_object_get(json_object_get(pick, "plan"), "utilization"), "why"));
    printf("    plan %s x %g nodes, flops %.4g, utilization %.4f: %s\n",
           json_string_value(json_object_get(pick, "instance_type")), number_at(pick, "nodes"),
           number_at(answer, "requirements.flops"), number_at(pick, "plan.utilization.value"), why ? why : "-");
}

/* Runs one case file; fills *o. Returns 0, or -1 when the case is malformed (already printed). */
static int run_case(const catalog *snap, const char *dir, const char *category, const char *file, outcome *o)
{
    char path[1024], stem[256];
    int rc = -1;
    json_t *c = NULL, *answer = NULL;
    json_error_t jerr;
    memset(o, 0, sizeof *o);
    int path_len = snprintf(path, sizeof path, "%s/%s", dir, file);
    int stem_len = snprintf(stem, sizeof stem, "%.*s", (int)(strlen(file) - 5), file);
    if (path_len < 0 || (size_t)path_len >= sizeof path || stem_len < 0 || (size_t)stem_len >= sizeof stem) {
        fprintf(stderr, "validate: %s/%s: the path is too long\n", dir, file);
        goto out;
    }
    c = json_load_file(path, 0, &jerr);
    const char *bad = c == NULL ? jerr.text : malformed(c, category, stem);
    if (bad != NULL) {
        fprintf(stderr, "validate: %s: %s\n", path, bad);
        goto out;
    }
    const char *metric = json_string_value(json_object_get(json_object_get(c, "measured"), "metric"));
    double gpus = number_at(c, "setup.gpus");
    double measured = measured_figure(metric, number_at(c, "measured.value"), gpus);
    rc = 0;
    if (json_is_false(json_object_get(c, "expressible"))) {
        printf("%-16s %-72s %-30s %12.5g %12s %7s  not expressible: %s\n", category, stem, metric, measured, "-", "-",
               json_string_value(json_object_get(c, "not_expressible_because")));
        goto out;
    }
    o->expressible = 1;
    const json_t *request = json_object_get(c, "request");
    answer = ask_engine(snap, request);
    double predicted = answer ? predicted_figure(metric, answer, request, gpus) : NAN;
    if (isnan(predicted) || !(predicted > 0)) {
        printf("%-16s %-72s %-30s %12.5g %12s %7s  no answer\n", category, stem, metric, measured, "-", "-");
        goto out;
    }
    o->answered = 1;
    o->ratio = predicted / measured;
    int within = o->ratio >= BAND_LOW && o->ratio <= BAND_HIGH;
    printf("%-16s %-72s %-30s %12.5g %12.5g %7.3f  %s\n", category, stem, metric, measured, predicted, o->ratio,
           within ? "within" : o->ratio < BAND_LOW ? "low" : "high");
    print_latency(c, answer);
    print_plan(answer);
out:
    json_decref(answer);
    json_decref(c);
    return rc;
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int name_is_case(const struct dirent *e)
{
    size_t len = strlen(e->d_name);
    return len > 5 && strcmp(e->d_name + len - 5, ".json") == 0;
}

/* Runs every case of one category into t. Returns 0, or -1 when a case or the folder is unreadable. */
static int run_category(const catalog *snap, const char *root, const char *category, tally *t)
{
    char dir[1024];
    struct dirent **names = NULL;
    int rc = 0;
    snprintf(dir, sizeof dir, "%s/cases/%s", root, category);
    int n = scandir(dir, &names, name_is_case, alphasort);
    if (n < 0) {
        fprintf(stderr, "validate: cannot read %s\n", dir);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        outcome o;
        if (t->cases >= MAX_CASES || run_case(snap, dir, category, names[i]->d_name, &o) != 0)
            rc = -1;
        else {
            t->cases++;
            t->expressible += o.expressible;
            if (o.answered) {
                t->abs_logs[t->answered++] = fabs(log(o.ratio));
                t->within += o.ratio >= BAND_LOW && o.ratio <= BAND_HIGH;
            }
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

static double median(double *values, int n)
{
    if (n == 0)
        return NAN;
    qsort(values, (size_t)n, sizeof values[0], compare_doubles);
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

/* Prints one category's line and checks it against its floors (borrowed); returns 1 when a floor is missed, 0 when
 * met, -1 when the floors lack the category. */
static int judge(const char *category, tally *t, const json_t *floors)
{
    const json_t *f = json_object_get(json_object_get(floors, "categories"), category);
    double min_share = number_at(f, "min_share_within"), max_median = number_at(f, "max_median_abs_log_ratio");
    double share = t->expressible ? (double)t->within / t->expressible : 0.0;
    double med = median(t->abs_logs, t->answered);
    printf("%-16s cases %3d, expressible %3d, answered %3d, within %.2f-%.2f %3d (share %.4f, floor %.3f), "
           "median |ln ratio| %.4f (ceiling %.3f)\n",
           category, t->cases, t->expressible, t->answered, BAND_LOW, BAND_HIGH, t->within, share, min_share, med,
           max_median);
    if (isnan(min_share) || isnan(max_median)) {
        fprintf(stderr, "validate: floors.json has no min_share_within and max_median_abs_log_ratio for %s\n",
                category);
        return -1;
    }
    /* a hair of slack, so a floor written as the decimal it was measured at is met by that same figure */
    int missed = share < min_share - 1e-9 || !(med <= max_median + 1e-9);
    if (missed)
        printf("%-16s BELOW ITS FLOOR\n", category);
    return missed;
}

int main(int argc, char **argv)
{
    const char *root = argc > 1 ? argv[1] : "tests/validation";
    char floors_path[1024];
    int status = 0;
    json_error_t jerr;
    static tally tallies[CATEGORY_COUNT];
    snprintf(floors_path, sizeof floors_path, "%s/floors.json", root);
    json_t *floors = json_load_file(floors_path, 0, &jerr);
    catalog *snap = floors ? load_seed_catalog() : NULL;
    if (floors == NULL)
        fprintf(stderr, "validate: %s: %s\n", floors_path, jerr.text);
    if (snap == NULL) {
        status = 2;
        goto out;
    }
    printf("%-16s %-72s %-30s %12s %12s %7s  band %.2f-%.2f\n", "CATEGORY", "CASE", "METRIC", "MEASURED", "PREDICTED",
           "RATIO", BAND_LOW, BAND_HIGH);
    for (size_t i = 0; i < CATEGORY_COUNT; i++)
        if (run_category(snap, root, categories[i], &tallies[i]) != 0)
            status = 2;
    printf("\n");
    for (size_t i = 0; i < CATEGORY_COUNT; i++) {
        int verdict = judge(categories[i], &tallies[i], floors);
        if (verdict < 0)
            status = 2;
        else if (verdict > 0 && status == 0)
            status = 1;
    }
    printf("validate: %s\n", status == 0 ? "every floor met" : status == 1 ? "a floor missed" : "unreadable input");
out:
    catalog_release(snap);
    json_decref(floors);
    return status;
}
