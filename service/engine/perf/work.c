/* Benchmark jobs (work.h): the suites' rules, a GPU's measured or estimated rate, parsing and writing. */
#include "engine/perf/work.h"

#include <math.h>
#include <string.h>

#include "wire/jsonv.h"

typedef enum { BOUND_INT8, BOUND_BF16, BOUND_FP64, BOUND_FP32, BOUND_BANDWIDTH } bound_figure;

/* One suite's rule. per_units: the work a price is quoted for ("per million images"). */
typedef struct suite_rule {
    const char *suite;
    bound_figure bound;
    const char *bound_name;
    workload_kind kind;
    precision precision;
    double per_units;
    const char *per_label; /* the word of per_units: "million", "thousand", "" for one */
    const char *scaling;
} suite_rule;

static const suite_rule rules[] = {
    {"mlperf-inference", BOUND_INT8, "INT8 TOPS", WORKLOAD_INFERENCE, PRECISION_INT8, 1e6, "million",
     "independent copies, one per GPU: the rate is the measured rate per GPU times the GPUs"},
    {"mlperf-training", BOUND_BF16, "BF16 TFLOPS", WORKLOAD_TRAINING, PRECISION_BF16, 1, "",
     "data parallel within the measured node size: the rate per GPU of the measured 8-GPU system times the GPUs"},
    {"hpl", BOUND_FP64, "FP64 TFLOPS", WORKLOAD_HPC, PRECISION_FP64, 1e3, "thousand",
     "weak scaling as the TOP500 run: the system's Rmax per GPU times the GPUs"},
    {"hpcg", BOUND_BANDWIDTH, "memory bandwidth GB/s", WORKLOAD_HPC, PRECISION_FP64, 1e3, "thousand",
     "weak scaling as the HPCG run: the system's score per GPU times the GPUs"},
    {"amber", BOUND_FP32, "FP32 TFLOPS", WORKLOAD_HPC, PRECISION_FP32, 1e3, "thousand",
     "one simulation per GPU (pmemd.cuda): more GPUs run more independent copies, not one faster"},
    {"zprize", BOUND_FP32, "FP32 TFLOPS (the catalog holds no integer multiply rate)", WORKLOAD_GENERAL,
     PRECISION_FP32, 1, "", "one proof per GPU at a time: more GPUs prove more proofs at once"},
    {"zprize-msm", BOUND_FP32, "FP32 TFLOPS (the catalog holds no integer multiply rate)", WORKLOAD_GENERAL,
     PRECISION_FP32, 1, "", "one MSM per GPU at a time: more GPUs compute more MSMs at once"},
    /* GROMACS and NAMD keep their pair forces and PME in FP32 on the GPU (mixed precision), as AMBER does; their rows
     * are one node of several GPUs running one simulation (0029_seed_benchmarks_md_zk_hpcg.sql). */
    {"gromacs", BOUND_FP32, "FP32 TFLOPS", WORKLOAD_HPC, PRECISION_FP32, 1e3, "thousand",
     "one simulation over the GPUs of one node as measured (domain decomposition, PME on a GPU): the node's rate per "
     "GPU times the GPUs; a node of other size scales less than that"},
    {"namd", BOUND_FP32, "FP32 TFLOPS", WORKLOAD_HPC, PRECISION_FP32, 1e3, "thousand",
     "one GPU-resident simulation over the GPUs of one node as measured: the node's rate per GPU times the GPUs; a "
     "node of other size scales less than that"},
    {"ssb", BOUND_BANDWIDTH, "memory bandwidth GB/s (the measured run was bound by its NVMe drives)", WORKLOAD_GENERAL,
     PRECISION_FP32, 1e3, "thousand", "scans partitioned over the GPUs: the rate per GPU times the GPUs"},
    /* Cycles path tracing runs on the CUDA cores, so FP32 bounds it: the project's rule, no source read says so; on
     * OPTIX the RT cores also count, which FP32 does not see (0026_seed_benchmarks_blender.sql). */
    {"blender", BOUND_FP32, "FP32 TFLOPS", WORKLOAD_RENDERING, PRECISION_FP32, 1e6, "million",
     "one frame per GPU: more GPUs render more frames at once (Cycles also splits one frame over several GPUs, but "
     "independent frames scale best)"},
};

static const suite_rule *rule_of(const char *suite)
{
    for (size_t i = 0; suite != NULL && i < sizeof rules / sizeof rules[0]; i++)
        if (strcmp(rules[i].suite, suite) == 0)
            return &rules[i];
    return NULL;
}

const char *work_bound_name(const char *suite)
{
    const suite_rule *rule = rule_of(suite);
    return rule != NULL ? rule->bound_name : NULL;
}

/* The GPU's figure that bounds the suite; NAN when it has none. */
static double bound_of(const catalog_gpu *gpu, bound_figure bound)
{
    switch (bound) {
    case BOUND_INT8: return gpu->int8_tops;
    case BOUND_BF16: return gpu->bf16_tflops;
    case BOUND_FP64: return catalog_gpu_peak(gpu, PRECISION_FP64);
    case BOUND_FP32: return gpu->fp32_tflops;
    case BOUND_BANDWIDTH: return gpu->memory_bandwidth_gb_per_s;
    }
    return NAN;
}

bool work_gpu_rate(const catalog *snap, const char *benchmark, const catalog_gpu *gpu,
                   const catalog_benchmark *leave_out, work_rate *out)
{
    const catalog_benchmark *best = NULL;
    double best_distance = INFINITY, best_ratio = NAN;
    for (size_t i = 0; i < snap->benchmark_count; i++) {
        const catalog_benchmark *row = &snap->benchmarks[i];
        if (row == leave_out || strcmp(row->benchmark, benchmark) != 0)
            continue;
        if (row->gpu == gpu) {
            *out = (work_rate){row->rate / row->gpu_count, true, row, 1.0};
            return true;
        }
        const suite_rule *rule = rule_of(row->suite);
        if (rule == NULL || strcmp(row->gpu->vendor, gpu->vendor) != 0)
            continue;
        double ratio = bound_of(gpu, rule->bound) / bound_of(row->gpu, rule->bound);
        double distance = fabs(log(ratio));
        if (isfinite(distance) && ratio > 0 && distance < best_distance) {
            best = row;
            best_distance = distance;
            best_ratio = ratio;
        }
    }
    if (best == NULL || best_distance > log(WORK_NEAR_RATIO))
        return false;
    *out = (work_rate){best->rate / best->gpu_count * best_ratio, false, best, best_ratio};
    return true;
}

/* The first row of benchmark name, or NULL. */
static const catalog_benchmark *first_row(const catalog *snap, const char *name)
{
    for (size_t i = 0; i < snap->benchmark_count; i++)
        if (strcmp(snap->benchmarks[i].benchmark, name) == 0)
            return &snap->benchmarks[i];
    return NULL;
}

void work_parse(const catalog *snap, const json_t *w, workload_kind kind, work_request *out,
                precision *default_precision, double *min_gpu_memory_gb, problem *p)
{
    *out = (work_request){.snap = snap};
    const char *name = NULL;
    if (!jsonv_string(w, "workload", "benchmark", false, 128, &name, p) || name == NULL) {
        if (json_object_get(w, "work") != NULL || json_object_get(w, "target_rate") != NULL)
            problem_add_field(p, json_object_get(w, "work") != NULL ? "workload.work" : "workload.target_rate",
                              "needs workload.benchmark (GET /v1/benchmarks lists them)");
        return;
    }
    const catalog_benchmark *row = first_row(snap, name);
    if (row == NULL) {
        problem_add_field(p, "workload.benchmark", "'%s' is not a benchmark in the catalog (GET /v1/benchmarks)", name);
        return;
    }
    const suite_rule *rule = rule_of(row->suite);
    if (rule == NULL)
        return;
    if (rule->kind != kind)
        problem_add_field(p, "workload.kind", "benchmark %s (%s) is priced for kind %s, not %s", name, row->suite,
                          workload_kind_name(rule->kind), workload_kind_name(kind));
    jsonv_number(w, "workload", "work", false, 1e-9, 1e18, &out->work, p);
    jsonv_number(w, "workload", "target_rate", false, 1e-9, 1e15, &out->target_rate, p);
    bool has_work = json_object_get(w, "work") != NULL, has_target = json_object_get(w, "target_rate") != NULL;
    if (has_work == has_target)
        problem_add_field(p, "workload.work", "give either work (%ss in all) or target_rate (%ss per second) with "
                          "workload.benchmark", row->unit, row->unit);
    if (has_work && json_object_get(w, "hours") != NULL)
        problem_add_field(p, "workload.hours", "the work and each instance's rate give the hours; give one of them");
    if (json_object_get(w, "tokens_b") != NULL || json_object_get(w, "deadline_hours") != NULL)
        problem_add_field(p, json_object_get(w, "tokens_b") != NULL ? "workload.tokens_b" : "workload.deadline_hours",
                          "does not apply to a benchmark job");
    out->benchmark = row->benchmark;
    out->suite = row->suite;
    out->unit = row->unit;
    if (json_object_get(w, "precision") == NULL)
        *default_precision = rule->precision;
    bool named = json_object_get(w, "model") != NULL || json_object_get(w, "model_params_b") != NULL ||
                 json_object_get(w, "architecture") != NULL;
    if (!(*min_gpu_memory_gb > 0) && !named)
        for (size_t i = 0; i < snap->benchmark_count; i++) {
            const catalog_benchmark *b = &snap->benchmarks[i];
            if (strcmp(b->benchmark, name) == 0 && (!(*min_gpu_memory_gb > 0) || b->gpu->memory_gb < *min_gpu_memory_gb))
                *min_gpu_memory_gb = b->gpu->memory_gb;
        }
}

/* What a price is quoted for: "million images", "proof", "thousand ns" (abbreviated units take no plural). */
static void write_unit(jsonw *out, const char *word, const char *unit, double count)
{
    bool abbreviated = strcmp(unit, "ns") == 0 || strcmp(unit, "TFLOP") == 0 || strcmp(unit, "GB") == 0;
    jsonw_stringf(out, 96, "%s%s%s%s", word, word[0] != '\0' ? " " : "", unit, count == 1 || abbreviated ? "" : "s");
}

void work_write(jsonw *out, const work_request *w, const work_fit *f, double hourly_usd, double hours)
{
    const suite_rule *rule = rule_of(w->suite);
    jsonw_name(out, "work");
    if (w->benchmark == NULL || !f->on || rule == NULL) {
        jsonw_null(out);
        return;
    }
    jsonw_object_begin(out);
    jsonw_member_string(out, "benchmark", w->benchmark);
    jsonw_member_string(out, "suite", w->suite);
    jsonw_member_string(out, "unit", w->unit);
    jsonw_member_rounded(out, "rate_per_s", f->rate_per_s, 4);
    jsonw_member_rounded(out, "rate_per_gpu_per_s", f->rate.per_gpu, 4);
    if (w->work > 0)
        jsonw_member_rounded(out, "work", w->work, 4);
    else
        jsonw_member_rounded(out, "target_rate_per_s", w->target_rate, 4);
    jsonw_name(out, "hours");
    if (isnan(hours))
        jsonw_null(out);
    else
        jsonw_rounded(out, hours, 4);
    double usd_per_unit = hourly_usd / (f->rate_per_s * 3600.0);
    jsonw_member_rounded(out, "usd_per_unit", usd_per_unit, 10);
    jsonw_name(out, "price_unit");
    write_unit(out, rule->per_label, w->unit, rule->per_units);
    jsonw_member_rounded(out, "usd_per_price_unit", usd_per_unit * rule->per_units, 4);
    jsonw_member_string(out, "rate_is", f->rate.measured ? "measured" : "estimated");
    jsonw_name(out, "rule");
    if (f->rate.measured)
        jsonw_stringf(out, 320, "the measured rate of %s over its %d GPU%s; %s", f->rate.row->id,
                      f->rate.row->gpu_count, f->rate.row->gpu_count == 1 ? "" : "s", rule->scaling);
    else
        jsonw_stringf(out, 400, "estimated: the rate per GPU of %s (%s) x %.3f, the ratio of %s; %s",
                      f->rate.row->id, f->rate.row->gpu->id, f->rate.bound_ratio, rule->bound_name, rule->scaling);
    jsonw_name(out, "sources");
    jsonw_array_begin(out);
    jsonw_object_begin(out);
    jsonw_member_string(out, "id", f->rate.row->id);
    jsonw_member_string(out, "url", f->rate.row->url);
    jsonw_object_end(out);
    jsonw_array_end(out);
    jsonw_object_end(out);
}
