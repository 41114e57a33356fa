/* The training and fine-tuning rules of a recommendation request: which stack's memory profile applies
 * (workload.framework), the precisions a job that updates every weight cannot train in, and the warnings for what no
 * published run supports (a utilisation above the best measured, a LoRA rank that is no longer low, a sequence longer
 * than the model was trained for, serving included). Also the answer's members that come of them. */
#include "engine/recommend/internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "base/numfmt.h"
#include "wire/jsonv.h"

/* The highest model FLOPs utilisation among the runs this project cites: torchtitan's Llama 2 13B on 64 A100s, 61.1 %
 * without activation checkpointing (github.com/pytorch/torchtitan, docs/performance.md, "Llama 2 performance
 * numbers"); MegaScale reaches 55.2 % on 12,288 GPUs (Jiang et al., arXiv:2402.15627) and Llama 3 405B 38-43 %
 * (arXiv:2407.21783, table 4). A utilisation above this is a figure nobody has measured. */
#define PUBLISHED_MAX_UTILIZATION 0.611

static void warn(rec_request *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void warn(rec_request *r, const char *fmt, ...)
{
    if (r->sanity_warning_count >= RECOMMEND_MAX_SANITY_WARNINGS)
        return;
    va_list args;
    va_start(args, fmt);
    numfmt_vformat(r->sanity_warnings[r->sanity_warning_count], sizeof r->sanity_warnings[0], fmt, args);
    va_end(args);
    r->sanity_warning_count++;
}

static void parse_framework(const json_t *w, rec_request *r, problem *p)
{
    const char *names[FRAMEWORK_COUNT];
    for (int f = 0; f < FRAMEWORK_COUNT; f++)
        names[f] = training_framework_name((training_framework)f);
    int framework = FRAMEWORK_TRANSFORMERS;
    if (json_object_get(w, "framework") != NULL && r->workload.kind != WORKLOAD_FINE_TUNING)
        problem_add_field(p, "workload.framework", "only goes with kind fine_tuning (it chooses the stack's memory "
                                                   "profile)");
    jsonv_enum(w, "workload", "framework", false, names, FRAMEWORK_COUNT, &framework, p);
    r->workload.framework = (training_framework)framework;
}

/* int8 and int4 store frozen weights; a job that updates every weight needs a format gradients and optimizer steps
 * can be applied in. */
static void check_precision(rec_request *r, problem *p)
{
    workload_kind k = r->workload.kind;
    precision prec = r->workload.precision;
    bool updates_every_weight = k == WORKLOAD_TRAINING || (k == WORKLOAD_FINE_TUNING && r->workload.method ==
                                                                                          FINE_TUNE_FULL);
    if (updates_every_weight && (prec == PRECISION_INT8 || prec == PRECISION_INT4))
        problem_add_field(p, "workload.precision",
                          "%s cannot be trained in %s: every weight is updated, so it needs bf16, fp16, fp32, tf32 or "
                          "fp8 (quantised weights train as frozen weights under adapters: fine_tuning_method qlora "
                          "or lora)",
                          k == WORKLOAD_TRAINING ? "training" : "full fine-tuning", precision_name(prec));
}

static void check_context(rec_request *r)
{
    const model_arch *a = &r->workload.arch;
    if (!r->workload.has_model || a->max_context <= 0)
        return;
    double asked = r->workload.sequence_length;
    const char *what = "workload.sequence_length";
    if (r->workload.kind == WORKLOAD_INFERENCE && !(asked > 0)) {
        asked = r->prompt_tokens + r->output_tokens;
        what = "prompt_tokens + output_tokens";
    }
    if (asked > (double)a->max_context)
        warn(r, "%s (%.0f tokens) is beyond the %ld tokens %s was trained for: quality past it is not known, and "
                "serving engines refuse it unless the context is extended (RoPE scaling).",
             what, asked, a->max_context, r->model_id != NULL ? r->model_id : "the model");
}

void recommend_parse_training_rules(const json_t *w, rec_request *r, problem *p)
{
    parse_framework(w, r, p);
    check_precision(r, p);
    if (r->workload.utilization > PUBLISHED_MAX_UTILIZATION)
        warn(r, "workload.utilization %.2f is above what any published training run reaches (%.1f %%, torchtitan's "
                "Llama 2 13B on 64 A100s): the time and cost here are optimistic.",
             r->workload.utilization, PUBLISHED_MAX_UTILIZATION * 100.0);
    if (r->workload.lora_rank > 0 && r->workload.has_model && r->workload.lora_rank >= r->workload.arch.hidden_size)
        warn(r, "workload.lora_rank %d is at or above the hidden size %d: the adapters are no longer low-rank (each "
                "holds as many weights as the matrix it adapts); full fine-tuning does the same with less.",
             r->workload.lora_rank, r->workload.arch.hidden_size);
    check_context(r);
}

void recommend_write_training_requirements(jsonw *out, const rec_request *r, const sizing_requirements *req)
{
    bool fine_tuning = r->workload.kind == WORKLOAD_FINE_TUNING && r->workload.has_model;
    jsonw_member_string(out, "framework", fine_tuning ? training_framework_name(r->workload.framework) : NULL);
    jsonw_key(out, "logits_gb");
    if (fine_tuning && req->logits_gb > 0)
        jsonw_rounded(out, req->logits_gb, 2);
    else
        jsonw_null(out);
    jsonw_key(out, "working_set_gb");
    if (fine_tuning && req->working_set_gb > 0)
        jsonw_rounded(out, req->working_set_gb, 2);
    else
        jsonw_null(out);
    jsonw_name(out, "warnings");
    jsonw_array_begin(out);
    for (int i = 0; i < r->sanity_warning_count; i++)
        jsonw_string(out, r->sanity_warnings[i]);
    jsonw_array_end(out);
}

void recommend_write_longest_sequence(jsonw *out, const rec_request *r, const sizing_requirements *req,
                                      double gpu_memory_gb)
{
    jsonw_key(out, "longest_sequence_tokens");
    double batch = r->workload.batch_size > 0 ? r->workload.batch_size : SIZING_DEFAULT_TRAIN_BATCH;
    finetune_memory m = {.fixed_gb = req->fixed_gb, .per_token_gb = req->per_token_gb};
    double longest = finetune_memory_longest_sequence(&m, batch, gpu_memory_gb);
    if (r->workload.kind == WORKLOAD_FINE_TUNING && longest >= 1)
        jsonw_integer(out, (long long)longest);
    else
        jsonw_null(out);
}
