#include "engine/perf/sizing.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/numfmt.h"
#include "engine/perf/model.h"
#include "engine/perf/plan.h"
#include "engine/perf/training.h"

static const char *const fine_tune_method_names[FINE_TUNE_METHOD_COUNT] = {
    [FINE_TUNE_FULL] = "full", [FINE_TUNE_LORA] = "lora", [FINE_TUNE_QLORA] = "qlora"};

const char *fine_tune_method_name(fine_tune_method method)
{
    return (unsigned)method < FINE_TUNE_METHOD_COUNT ? fine_tune_method_names[method] : NULL;
}

/* time = FLOPs / (GPUs x peak x utilisation). The default utilisation 0.4 is the model FLOPs utilisation of
 * well-tuned large training runs: Chowdhery et al., "PaLM" (arXiv:2204.02311), table 3, reports 46.2% for PaLM 540B,
 * 30.2% for Megatron-Turing NLG and 21.3% for GPT-3. */
double sizing_job_hours(double flops, double gpus, double peak_tflops, double utilization)
{
    if (!(flops > 0) || !(gpus > 0) || !(peak_tflops > 0) || !(utilization > 0))
        return NAN;
    return flops / (gpus * peak_tflops * 1e12 * utilization) / 3600.0;
}

unsigned sizing_nodes_for_memory(double required_gb, double per_node_gb)
{
    if (!(per_node_gb > 0))
        return 0;
    if (!(required_gb > per_node_gb))
        return 1;
    double nodes = ceil(required_gb / per_node_gb);
    return nodes > 4096.0 ? 4097u : (unsigned)nodes;
}

/* EleutherAI, "Transformer Math 101" (Anthony, Biderman, Schoelkopf, 2023, blog.eleuther.ai/transformer-math):
 * "Total Inference Memory ~= 1.2 x Model Memory", the 20% covering activations and framework buffers. Shown as its
 * own figure, overhead_gb. */
#define SIZING_INFERENCE_OVERHEAD_FRACTION 0.2

/* Rajbhandari et al., "ZeRO: Memory Optimizations Toward Training Trillion Parameter Models" (SC20,
 * arXiv:1910.02054), section 3.1: mixed-precision Adam holds 16-bit weights and gradients (2 + 2 bytes) and an FP32
 * master copy, momentum and variance (12 bytes): 16 bytes per trained parameter. Pure FP32 AdamW (4 + 4 + 8) is also
 * 16. LoRA adapters train the same way (Hu et al., arXiv:2106.09685; QLoRA keeps them in bf16 with a paged AdamW,
 * Dettmers et al., arXiv:2305.14314, section 3). */
#define SIZING_ADAMW_BYTES_PER_PARAM 16.0
#define BYTES_PER_GB 1e9
#define PARAMS_PER_BILLION 1e9

static bool wide(precision p)
{
    return p == PRECISION_FP64 || p == PRECISION_FP32 || p == PRECISION_TF32;
}

double sizing_serving_gb(const sizing_workload *w, const sizing_requirements *req, double batch, double context)
{
    double kv = batch > 0 && context > 0 ? model_kv_cache_gb(&w->arch, w->kv_bytes > 0 ? w->kv_bytes : 2.0, batch,
                                                             context)
                                         : 0.0;
    return req->weights_gb + req->overhead_gb + kv;
}

/* The text of the derivation, appended piece by piece. */
typedef struct formula {
    char *text;
    size_t len;
    size_t used; /* strlen(text) */
} formula;

static void say(formula *f, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(formula *f, const char *fmt, ...)
{
    if (f->used + 1 >= f->len)
        return;
    va_list args;
    va_start(args, fmt);
    int wrote = numfmt_vformat(f->text + f->used, f->len - f->used, fmt, args);
    va_end(args);
    if (wrote > 0)
        f->used += (size_t)wrote < f->len - f->used ? (size_t)wrote : f->len - f->used - 1;
}

static void say_model(formula *f, const sizing_workload *w, const sizing_requirements *out)
{
    if (w->arch.estimated)
        say(f, "%g B params (shape estimated from the parameter count: %d layers, hidden %d)", out->params_b,
            w->arch.layers, w->arch.hidden_size);
    else if (out->active_params_b < out->params_b)
        say(f, "%s: %g B params, %g B active per token", w->arch.id ? w->arch.id : "custom model", out->params_b,
            out->active_params_b);
    else
        say(f, "%s: %g B params", w->arch.id ? w->arch.id : "custom model", out->params_b);
}

static void derive_inference(const sizing_workload *w, sizing_requirements *out, formula *f)
{
    double kv_bytes = w->kv_bytes > 0 ? w->kv_bytes : 2.0;
    out->overhead_gb = SIZING_INFERENCE_OVERHEAD_FRACTION * out->weights_gb;
    out->kv_bytes_per_token = model_kv_bytes_per_token(&w->arch, kv_bytes);
    if (w->batch_size > 0 && w->sequence_length > 0)
        out->kv_cache_gb = model_kv_cache_gb(&w->arch, kv_bytes, w->batch_size, w->sequence_length);
    out->model_memory_gb = out->weights_gb + out->overhead_gb + out->kv_cache_gb;
    say(f, "inference of ");
    say_model(f, w, out);
    say(f, ": weights at %s %.1f GB + runtime overhead 20%% of weights %.1f GB", precision_name(w->precision),
        out->weights_gb, out->overhead_gb);
    if (out->kv_cache_gb > 0)
        say(f, " + KV cache %.0f bytes per token (%s, %d layers) x batch %g x seq %g = %.1f GB",
            out->kv_bytes_per_token, attention_kind_name(w->arch.attention), w->arch.layers, w->batch_size,
            w->sequence_length, out->kv_cache_gb);
}

/* Fine-tuning memory as the stack lays it out (finetune_memory.h): replaces the weights, trainable state, activations
 * and total of out, and adds the logits and the stack's working set. 0, or -1 when the profile cannot size it. */
static int fine_tuning_memory(const sizing_workload *w, sizing_requirements *out, double batch, double sequence,
                              finetune_memory *m)
{
    finetune_job job = {.trains_weights = w->method == FINE_TUNE_FULL,
                        .nf4_weights = w->method == FINE_TUNE_QLORA,
                        .precision = w->precision,
                        .adapter_params_b = out->adapter_params_b,
                        .batch = batch,
                        .sequence = sequence,
                        .gradient_checkpointing = w->gradient_checkpointing,
                        .framework = w->framework};
    if (finetune_memory_estimate(&w->arch, &job, m) != 0)
        return -1;
    out->weights_gb = m->weights_gb;
    out->optimizer_gb = m->trainable_gb;
    out->activations_gb = m->activations_gb;
    out->logits_gb = m->logits_gb;
    out->working_set_gb = m->working_set_gb;
    out->fixed_gb = m->fixed_gb;
    out->per_token_gb = m->per_token_gb;
    out->model_memory_gb = m->total_gb;
    return 0;
}

static void derive_training(const sizing_workload *w, sizing_requirements *out, formula *f, double batch,
                            double sequence)
{
    bool full = w->kind == WORKLOAD_TRAINING || w->method == FINE_TUNE_FULL;
    bool fine_tuning = w->kind == WORKLOAD_FINE_TUNING;
    bool checkpointing = w->gradient_checkpointing || (!full && w->method == FINE_TUNE_QLORA) ||
                         (fine_tuning && w->framework != FRAMEWORK_TRANSFORMERS);
    int rank = w->lora_rank > 0 ? w->lora_rank : SIZING_DEFAULT_LORA_RANK;
    out->activations_gb = model_activations_gb(&w->arch, batch, sequence, checkpointing) * (wide(w->precision) ? 2 : 1);
    if (full) {
        out->optimizer_gb = SIZING_ADAMW_BYTES_PER_PARAM * out->params_b * PARAMS_PER_BILLION / BYTES_PER_GB -
                            out->weights_gb;
    } else {
        out->adapter_params_b = model_lora_params_b(&w->arch, rank);
        out->optimizer_gb = SIZING_ADAMW_BYTES_PER_PARAM * out->adapter_params_b * PARAMS_PER_BILLION / BYTES_PER_GB;
    }
    out->model_memory_gb = out->weights_gb + out->optimizer_gb + out->activations_gb;
    finetune_memory m = {0};
    bool profiled = fine_tuning && fine_tuning_memory(w, out, batch, sequence, &m) == 0;
    if (full) {
        say(f, "%s of ", w->kind == WORKLOAD_TRAINING ? "training" : "full fine-tuning");
        say_model(f, w, out);
        double adamw_gb = SIZING_ADAMW_BYTES_PER_PARAM * out->params_b * PARAMS_PER_BILLION / BYTES_PER_GB;
        if (fabs(out->weights_gb + out->optimizer_gb - adamw_gb) < 1e-6 * adamw_gb)
            say(f, " with mixed-precision AdamW: 16 bytes x %g B params = %.1f GB", out->params_b, adamw_gb);
        else
            say(f, " with %s's optimizer: weights %.1f GB + optimizer %.1f GB", training_framework_name(w->framework),
                out->weights_gb, out->optimizer_gb);
    } else {
        say(f, "%s fine-tuning of ", w->method == FINE_TUNE_QLORA ? "QLoRA" : "LoRA");
        say_model(f, w, out);
        say(f, ": frozen weights %s %.1f GB + rank-%d adapters %.3g B params x 16 bytes = %.2f GB",
            w->method == FINE_TUNE_QLORA ? "in NF4 (embeddings 16-bit)" : precision_name(w->precision),
            out->weights_gb, rank, out->adapter_params_b, out->optimizer_gb);
    }
    say(f, " + activations (seq %g x batch %g%s) %.1f GB", sequence, batch,
        checkpointing ? ", gradient checkpointing" : "", out->activations_gb);
    if (profiled)
        say(f, " + logits and loss (vocabulary %d x %g tokens) %.1f GB + %s working set %.1f GB",
            w->arch.vocab_size, sequence * batch, m.logits_gb, training_framework_name(w->framework),
            m.working_set_gb);
    if (w->tokens_b > 0) {
        out->flops = training_flops(&w->arch, full, w->tokens_b, sequence, checkpointing);
        say(f, "; compute (%d x %g B active params + %.3g attention FLOPs at seq %g) x %g B tokens = %.3g FLOPs at %s",
            (full ? 6 : 4) + (checkpointing ? 2 : 0), out->active_params_b,
            (checkpointing ? 4.0 : 3.0) * training_attention_forward_flops(&w->arch, sequence), sequence,
            w->tokens_b, out->flops, precision_name(out->compute_precision));
    }
}

/* with_formula false leaves the formula empty: say() writes nothing into a formula of no room. */
static int derive(const sizing_workload *w, sizing_requirements *out, bool with_formula)
{
    memset(out, 0, sizeof *out);
    out->utilization = w->utilization > 0 ? w->utilization : SIZING_DEFAULT_UTILIZATION;
    out->compute_precision = w->precision;
    const workload_kind_info *kind = workload_kind_of(w->kind);
    if ((kind->trains || kind->serves) && !w->has_model && !(w->min_gpu_memory_gb > 0))
        return -1;

    formula f = {out->formula, with_formula ? sizeof out->formula : 0, 0};
    if (w->has_model) {
        out->params_b = w->arch.params_b;
        out->active_params_b = w->arch.active_params_b > 0 ? w->arch.active_params_b : w->arch.params_b;
        bool qlora = w->kind == WORKLOAD_FINE_TUNING && w->method == FINE_TUNE_QLORA;
        /* QLoRA stores the frozen weights in NF4 and computes in bf16 (Dettmers et al., section 3); LoRA over
         * integer weights dequantises them the same way */
        out->weights_gb = qlora ? out->params_b * PARAMS_PER_BILLION * model_nf4_weight_bytes() / BYTES_PER_GB
                                : model_weights_gb(&w->arch, w->precision);
        if (w->kind == WORKLOAD_FINE_TUNING && w->method != FINE_TUNE_FULL &&
            (qlora || w->precision == PRECISION_INT8 || w->precision == PRECISION_INT4))
            out->compute_precision = PRECISION_BF16;
        if (kind->trains) {
            double batch = w->batch_size > 0 ? w->batch_size : SIZING_DEFAULT_TRAIN_BATCH;
            double sequence = w->sequence_length > 0 ? w->sequence_length : SIZING_DEFAULT_TRAIN_SEQUENCE;
            derive_training(w, out, &f, batch, sequence);
        } else {
            /* a served model, and any other kind that names a model: serve it */
            derive_inference(w, out, &f);
        }
        out->gpu_memory_gb = out->model_memory_gb;
    } else if (w->min_gpu_memory_gb > 0) {
        say(&f, "%s: the requested min_gpu_memory_gb", workload_kind_name(w->kind));
    } else {
        out->gpu_memory_gb = kind->default_memory_gb;
        say(&f, "%s: default of %g GB GPU memory (no model or memory size given)", workload_kind_name(w->kind),
            out->gpu_memory_gb);
    }
    if (w->min_gpu_memory_gb > out->gpu_memory_gb) {
        if (w->has_model)
            say(&f, "; raised to the requested min_gpu_memory_gb %g GB", w->min_gpu_memory_gb);
        out->gpu_memory_gb = w->min_gpu_memory_gb;
    }
    out->utilization_size_factor = plan_size_factor(out->active_params_b > 0 ? out->active_params_b : out->params_b);
    return 0;
}

int sizing_derive(const sizing_workload *w, sizing_requirements *out)
{
    return derive(w, out, true);
}

int sizing_derive_figures(const sizing_workload *w, sizing_requirements *out)
{
    return derive(w, out, false);
}
