/* The answer of a recommendation: requirements, ranked offers with reasons and warnings, counts. */
#include "engine/recommend/internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "base/util.h"
#include "engine/pricing/cost.h"

/* A count that may be fractional (GPU slices): an integer when whole, else rounded to 1/1000. */
static void write_count(jsonw *out, double value)
{
    if (value == floor(value) && fabs(value) < 9e15)
        jsonw_integer(out, (long long)value);
    else
        jsonw_rounded(out, value, 3);
}

/* A figure the answer gives only when known (> 0), else null. */
static void write_positive_or_null(jsonw *out, double value, unsigned decimals)
{
    if (value > 0)
        jsonw_rounded(out, value, decimals);
    else
        jsonw_null(out);
}

static const char *throughput_unit(precision p)
{
    return p == PRECISION_INT8 || p == PRECISION_INT4 ? "TOPS" : "TFLOPS";
}

static const char *score_metric_name(const rec_request *r, bool length_known)
{
    if (recommend_fit_serves(r)) {
        if (r->objective == OBJECTIVE_COST)
            return "usd_per_million_tokens at the load priced";
        if (r->objective == OBJECTIVE_BALANCED)
            return "usd_per_million_tokens at the load priced, x fit penalty";
        if (r->objective == OBJECTIVE_TIME)
            return "seconds per request: time to first token + output tokens at the per-sequence speed";
    }
    bool bw = r->bound == BOUND_MEMORY_BANDWIDTH;
    switch (r->objective) {
    case OBJECTIVE_COST: return length_known ? "estimated_total_usd" : "hourly_usd";
    case OBJECTIVE_TIME: return length_known ? "estimated_hours" : (bw ? "1 / memory_bandwidth" : "1 / peak");
    case OBJECTIVE_BALANCED:
        return bw ? "hourly_usd per GB/s of memory bandwidth, x fit penalty"
                  : "hourly_usd per effective peak TFLOPS, x fit penalty";
    case OBJECTIVE_EFFICIENCY:
        return bw ? "sqrt(watts per GB/s x hourly_usd per GB/s), x fit penalty"
                  : "sqrt(watts per TFLOPS x hourly_usd per TFLOPS), x fit penalty";
    case OBJECTIVE_COUNT: break;
    }
    return "";
}

/* A figure the sizing found, or null when it does not apply (zero). */
static void member_figure(jsonw *out, const char *key, double value, unsigned decimals)
{
    jsonw_key(out, key);
    write_positive_or_null(out, value, decimals);
}

static void write_model(jsonw *out, const rec_request *r, const sizing_requirements *req)
{
    jsonw_name(out, "model");
    if (!r->workload.has_model) {
        jsonw_null(out);
        return;
    }
    const model_arch *a = &r->workload.arch;
    jsonw_object_begin(out);
    jsonw_member_string(out, "id", r->model_id); /* null for a custom or estimated shape */
    jsonw_member_string(out, "source",
                        r->model_id != NULL ? "catalog" : a->estimated ? "estimated_from_params" : "architecture");
    member_figure(out, "params_b", req->params_b, 4);
    member_figure(out, "active_params_b", req->active_params_b, 4);
    jsonw_member_integer(out, "layers", a->layers);
    jsonw_member_integer(out, "hidden_size", a->hidden_size);
    jsonw_member_string(out, "attention", attention_kind_name(a->attention));
    jsonw_member_integer(out, "kv_heads", a->kv_heads);
    jsonw_member_integer(out, "experts", a->experts);
    jsonw_member_integer(out, "experts_per_token", a->experts_per_token);
    jsonw_object_end(out);
}

static void write_requirements(jsonw *out, const rec_request *r, const sizing_requirements *req)
{
    jsonw_object_begin(out);
    jsonw_member_string(out, "kind", workload_kind_name(r->workload.kind));
    write_model(out, r, req);
    jsonw_member_rounded(out, "gpu_memory_gb", req->gpu_memory_gb, 2);
    member_figure(out, "weights_gb", req->weights_gb, 2);
    member_figure(out, "optimizer_gb", req->optimizer_gb, 2);
    member_figure(out, "activations_gb", req->activations_gb, 2);
    member_figure(out, "kv_cache_bytes_per_token", req->kv_bytes_per_token, 0);
    member_figure(out, "kv_cache_gb", req->kv_cache_gb, 2);
    member_figure(out, "overhead_gb", req->overhead_gb, 2);
    member_figure(out, "adapter_params_b", req->adapter_params_b, 6);
    recommend_write_training_requirements(out, r, req);
    jsonw_member_string(out, "fine_tuning_method", r->workload.kind == WORKLOAD_FINE_TUNING
                                                       ? fine_tune_method_name(r->workload.method)
                                                       : NULL);
    jsonw_member_string(out, "precision", precision_name(r->workload.precision));
    jsonw_member_real(out, "bytes_per_param", model_weight_bytes(r->workload.precision));
    jsonw_member_string(out, "compute_precision", precision_name(req->compute_precision));
    jsonw_member_string(out, "peak_metric", (unsigned)req->compute_precision < PRECISION_COUNT
                                                ? vocab_precisions[req->compute_precision].peak_metric
                                                : "fp32_tflops");
    jsonw_member_string(out, "bound", workload_bound_name(r->bound));
    jsonw_name(out, "flops");
    if (req->flops > 0)
        jsonw_real(out, req->flops);
    else
        jsonw_null(out);
    jsonw_member_real(out, "utilization", req->utilization);
    jsonw_name(out, "job_hours");
    if (r->job_hours > 0)
        jsonw_real(out, r->job_hours);
    else
        jsonw_null(out);
    jsonw_member_integer(out, "max_nodes", r->max_nodes);
    jsonw_name(out, "pricing");
    jsonw_array_begin(out);
    for (int m = 0; m < PRICING_COUNT; m++)
        if (r->pricing_allowed[m])
            jsonw_string(out, pricing_model_name((pricing_model)m));
    jsonw_array_end(out);
    jsonw_member_string(out, "formula", req->formula);
    jsonw_object_end(out);
}

static void write_plan(jsonw *out, const rec_request *r, const sizing_requirements *req, const candidate *c,
                       double hours)
{
    const fit *ft = &c->fit;
    jsonw_name(out, "plan");
    jsonw_object_begin(out);
    jsonw_member_integer(out, "nodes", ft->nodes);
    jsonw_name(out, "total_gpus");
    write_count(out, ft->total_gpus);
    jsonw_member_rounded(out, "wall_clock_hours", hours, 4);
    jsonw_member_rounded(out, "gpu_hours", hours * ft->total_gpus, 1);
    jsonw_name(out, "utilization");
    if (ft->utilization > 0) {
        jsonw_object_begin(out);
        jsonw_member_rounded(out, "value", ft->utilization, 4);
        char why[512];
        recommend_utilization_why(r, req, c->offer->instance, ft, why, sizeof why);
        jsonw_member_string(out, "why", why);
        jsonw_object_end(out);
    } else {
        jsonw_null(out);
    }
    jsonw_name(out, "deadline_hours");
    write_positive_or_null(out, r->deadline_hours, 4);
    jsonw_name(out, "meets_deadline");
    if (r->deadline_hours > 0 && !isnan(hours))
        jsonw_bool(out, hours <= r->deadline_hours);
    else
        jsonw_null(out);
    jsonw_object_end(out);
}

/* A spot plan's expected interruptions and the time they add (plan.c); null for other pricing models or when the
 * job's length is unknown. */
static void write_spot(jsonw *out, const rec_request *r, const candidate *c)
{
    const fit *ft = &c->fit;
    jsonw_name(out, "spot");
    if (!vocab_pricing_models[c->pricing].interruptible || isnan(ft->hours)) {
        jsonw_null(out);
        return;
    }
    plan_spot spot;
    const char *source = NULL;
    recommend_spot_hours(r, ft, c->offer->instance->provider->id, c->offer->prices[c->pricing].spot_interruption, &spot,
                         &source);
    jsonw_object_begin(out);
    jsonw_member_rounded(out, "interruption_rate_per_hour", spot.rate_per_node_hour, 8);
    jsonw_member_rounded(out, "fleet_interruption_rate_per_hour", spot.fleet_rate_per_hour, 8);
    jsonw_member_rounded(out, "expected_interruptions", spot.expected_interruptions, 2);
    jsonw_member_rounded(out, "overhead_fraction", spot.overhead_fraction, 4);
    jsonw_name(out, "checkpoint_interval_minutes");
    write_positive_or_null(out, r->checkpointing ? r->checkpoint_minutes : 0, 2);
    jsonw_member_real(out, "restart_minutes", PLAN_DEFAULT_RESTART_MINUTES);
    jsonw_member_string(out, "rate_source", source);
    jsonw_object_end(out);
}

/* A served candidate's speed and price per token. */
static void write_throughput(jsonw *out, const rec_request *r, const candidate *c)
{
    const fit *ft = &c->fit;
    jsonw_name(out, "throughput");
    if (!ft->serving) {
        jsonw_null(out);
        return;
    }
    jsonw_object_begin(out);
    jsonw_member_integer(out, "tensor_parallel", ft->layout.tensor_parallel);
    jsonw_member_integer(out, "pipeline_parallel", ft->layout.pipeline_parallel);
    jsonw_member_integer(out, "expert_parallel", ft->layout.expert_parallel);
    jsonw_member_integer(out, "nodes_per_replica", ft->layout.nodes);
    jsonw_name(out, "replicas");
    write_count(out, ft->replicas);
    jsonw_name(out, "batch_size");
    write_count(out, ft->batch);
    jsonw_member_integer(out, "prompt_tokens", (long long)r->prompt_tokens);
    jsonw_member_integer(out, "output_tokens", (long long)r->output_tokens);
    jsonw_member_rounded(out, "output_tokens_per_s", ft->speed.output_tokens_per_s * ft->replicas, 1);
    jsonw_member_rounded(out, "prefill_tokens_per_s", ft->speed.prefill_tokens_per_s * ft->replicas, 1);
    jsonw_member_rounded(out, "time_to_first_token_ms", recommend_first_token_ms(r, c->offer->instance, ft), 1);
    jsonw_member_rounded(out, "time_per_output_token_ms", ft->speed.time_per_output_token_ms, 2);
    jsonw_member_rounded(out, "usd_per_million_tokens", recommend_usd_per_million_tokens(c), 4);
    jsonw_member_rounded(out, "load_tokens_per_s", ft->load_tokens_per_s, 1);
    jsonw_member_string(out, "bound", ft->speed.compute_bound ? "compute" : "memory_bandwidth");
    jsonw_name(out, "efficiencies");
    jsonw_object_begin(out);
    jsonw_member_rounded(out, "compute", ft->efficiency.compute, 3);
    jsonw_member_rounded(out, "memory_bandwidth", ft->efficiency.memory, 3);
    jsonw_member_string(out, "source", ft->efficiency.source);
    jsonw_object_end(out);
    jsonw_object_end(out);
}

void note(notes *n, const char *fmt, ...)
{
    if (n->count >= NOTES_MAX)
        return;
    n->count++;
    va_list args;
    va_start(args, fmt);
    jsonw_vstringf(n->out, NOTE_BYTES, fmt, args);
    va_end(args);
}

/* A spot job shorter than this loses little when reclaimed, so it gets no warning. */
#define SPOT_LONG_JOB_HOURS 1.0

/* GPUs of one type in one region past which a plan gets a capacity warning: 64 instances of 8 GPUs, the most one AWS
 * Capacity Block holds ("Each Capacity Block can have up to 64 instances", Amazon EC2 User Guide, Find and purchase
 * Capacity Blocks, https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/capacity-blocks-purchase.html). No provider
 * publishes a larger unit it promises to find on demand; past it, capacity is arranged with the provider. */
#define CAPACITY_WARNING_GPUS 512

/* Whether a latency-sensitive served model crosses GPUs outside one NVLink domain: a warning, not a reason. */
static bool latency_split(const rec_request *r, const fit *ft)
{
    return workload_kind_of(r->workload.kind)->serves && r->latency_sensitive && !ft->model_on_one_gpu &&
           !ft->one_nvlink_domain;
}

/* Why c was picked: its memory, speed, length, price and place. */
static void explain_reasons(const rec_request *r, const sizing_requirements *req, const candidate *c, notes *reasons)
{
    const catalog_instance *inst = c->offer->instance;
    const catalog_gpu *gpu = inst->gpu;
    const fit *ft = &c->fit;
    const char *unit = throughput_unit(r->compute_precision);
    const char *pricing = pricing_model_name(c->pricing);

    if (ft->nodes > 1)
        note(reasons, "Fits %.1f GB of GPU memory across %u nodes x %g %s (%.0f GB per node, %.0f GB in total) over %s.",
             req->gpu_memory_gb, ft->nodes, inst->gpu_count, gpu->name, inst->gpu_memory_gb, ft->total_memory_gb,
             inst->cluster_network);
    else
        note(reasons, "Fits %.1f GB of GPU memory in %g x %s (%.0f GB in total).", req->gpu_memory_gb,
             inst->gpu_count, gpu->name, ft->total_memory_gb);
    /* a served model's speed and price per token are said with the serving figures below */
    if (ft->work.on) /* a benchmark job: its rate is in units of work, not TFLOPS */
        note(reasons, "%s: %.4g %s per second (%s), $%.4g per %s.", r->work.benchmark, ft->work.rate_per_s, r->work.unit,
             ft->work.rate.measured ? "measured" : "estimated", c->hourly_usd / (ft->work.rate_per_s * 3600.0),
             r->work.unit);
    else if (!ft->serving) {
        char used[64] = "in total";
        if (ft->useful_gpus < ft->total_gpus)
            numfmt_format(used, sizeof used, "on the %g of %g GPUs one replica uses", ft->useful_gpus,
                          ft->total_gpus);
        if (r->bound == BOUND_MEMORY_BANDWIDTH)
            note(reasons, "Memory-bandwidth-bound: %.0f GB/s per GPU, %.0f GB/s %s, $%.4f per GB/s-hour.",
                 gpu->memory_bandwidth_gb_per_s, ft->throughput, used, c->hourly_usd / ft->throughput);
        else
            note(reasons, "%s at %.1f %s dense per GPU, %.1f %s %s, $%.4f per %s-hour.",
                 precision_name(r->compute_precision), ft->peak_per_gpu, unit, ft->throughput, unit, used,
                 c->hourly_usd / ft->throughput, unit);
    }
    if (req->flops > 0) /* the utilisation the plan assumed for this fabric and scale, which the hours use */
        note(reasons, "About %.1f hours for %.3g FLOPs at %.0f%% utilisation: $%.2f for the job.", ft->hours,
             req->flops, (ft->utilization > 0 ? ft->utilization : req->utilization) * 100.0, c->total_usd);
    else if (!isnan(c->total_usd))
        note(reasons, "$%.2f for the %g-hour job at $%.4f/hour.", c->total_usd, ft->hours, c->hourly_usd);
    if (c->regions_passing > 1)
        note(reasons, "$%.4f/hour %s in %s, the best of %u regions that meet the constraints.", c->hourly_usd, pricing,
             c->offer->region->id, c->regions_passing);
    else
        note(reasons, "$%.4f/hour %s in %s.", c->hourly_usd, pricing, c->offer->region->id);
    if (r->prefer_regions != NULL && c->preference < json_array_size(r->prefer_regions))
        note(reasons, "In %s, entry %u of constraints.prefer_regions (%s): preferred among equal offers.",
             c->offer->region->id, c->preference + 1,
             json_string_value(json_array_get(r->prefer_regions, c->preference)));
    if (c->pricing == PRICING_SPOT && !r->pricing_given)
        note(reasons, "Spot considered because the job checkpoints and can resume after a reclaim.");
    if (c->pricing == PRICING_CAPACITY_BLOCK) /* price_offer() admits a block only for a job of known length */
        note(reasons, "A Capacity Block: capacity reserved ahead for the job's %.1f hours at a fixed hourly rate, paid "
                      "for the whole block (sold for %g to %g hours).",
             ft->hours, c->offer->prices[c->pricing].min_hours, c->offer->prices[c->pricing].max_hours);
    if (inst->reservation_only)
        note(reasons, "%s is sold only through reservations and Capacity Blocks, never on-demand or spot.", inst->id);
    if (ft->serving)
        note(reasons, "%d GPU%s per replica, %g replica%s at batch %g: %.0f output tokens/s in all with prefill "
                      "counted, %.1f per sequence (%s-bound), first token in %.0f ms; $%.4f per million tokens.",
             ft->layout.tensor_parallel * ft->layout.nodes, ft->layout.tensor_parallel * ft->layout.nodes == 1 ? "" : "s",
             ft->replicas, ft->replicas == 1 ? "" : "s", ft->batch, ft->speed.output_tokens_per_s * ft->replicas,
             1000.0 / ft->speed.time_per_output_token_ms, ft->speed.compute_bound ? "compute" : "bandwidth",
             recommend_first_token_ms(r, inst, ft), recommend_usd_per_million_tokens(c));
    bool latency_sensitive = workload_kind_of(r->workload.kind)->serves && r->latency_sensitive;
    if (latency_sensitive && ft->model_on_one_gpu)
        note(reasons, "The model fits on one GPU: no inter-GPU traffic per token.");
    else if (latency_sensitive && ft->one_nvlink_domain) /* else a warning (latency_split()) */
        note(reasons, "The model stays inside one %s domain of %g GPUs.", inst->gpu_interconnect,
             ft->serving ? (double)ft->tensor_parallel : inst->gpu_count);
}

/* Hours since c's price was last confirmed: its fetch, or its provider's last successful refresh when that came later
 * and the price is the provider's own (a refresh that finds a price unchanged leaves its fetched_at, so that the catalog
 * version stays, but confirms it). NAN when the price has no valid fetch time. */
static double price_age_hours(const recommend_options *opts, const candidate *c)
{
    const catalog_price *price = &c->offer->prices[c->pricing];
    const catalog_provider *provider = c->offer->instance->provider;
    time_t fetched, confirmed;
    if (price->fetched_at == NULL || util_parse_time(price->fetched_at, &fetched) != 0)
        return NAN;
    if (provider->last_success_at != NULL && util_parse_time(provider->last_success_at, &confirmed) == 0 &&
        confirmed > fetched && strncmp(price->source, provider->id, strlen(provider->id)) == 0)
        fetched = confirmed;
    return difftime(opts->now, fetched) / 3600.0;
}

/* Whether a price age_hours old (price_age_hours()) is older than the freshness limit (never, without a limit or a
 * valid fetch time). */
static bool price_is_stale(const recommend_options *opts, double age_hours)
{
    return opts->stale_after_hours > 0 && !isnan(age_hours) && age_hours > (double)opts->stale_after_hours;
}

/* Whether every pick of provider has a stale price: the answer then says so once for the provider instead of on each
 * of its picks, since a provider's prices age together (one refresh fetches them all). */
static bool every_pick_of_provider_stale(const recommend_options *opts, const walk_state *st, const double *ages,
                                         const catalog_provider *provider)
{
    for (size_t i = 0; i < st->heap.count; i++)
        if (st->items[i].offer->instance->provider == provider && !price_is_stale(opts, ages[i]))
            return false;
    return true;
}

/* Once per provider whose every pick has a stale price: how old its prices are (the range, when they differ) and the
 * oldest fetch time. */
static void write_provider_price_ages(jsonw *out, const recommend_options *opts, const walk_state *st,
                                      const double *ages)
{
    for (size_t i = 0; i < st->heap.count; i++) {
        const catalog_provider *provider = st->items[i].offer->instance->provider;
        bool seen = false;
        for (size_t j = 0; j < i && !seen; j++)
            seen = st->items[j].offer->instance->provider == provider;
        if (seen || !every_pick_of_provider_stale(opts, st, ages, provider))
            continue;
        double youngest = INFINITY, oldest = 0;
        const char *oldest_fetch = NULL;
        for (size_t j = i; j < st->heap.count; j++) {
            if (st->items[j].offer->instance->provider != provider)
                continue;
            double age = ages[j];
            youngest = fmin(youngest, age);
            if (age >= oldest) {
                oldest = age;
                oldest_fetch = st->items[j].offer->prices[st->items[j].pricing].fetched_at;
            }
        }
        char how_old[96], text[320];
        if (lround(youngest) == lround(oldest))
            snprintf(how_old, sizeof how_old, "%.0f hours old (fetched %s)", oldest, oldest_fetch);
        else
            snprintf(how_old, sizeof how_old, "%.0f-%.0f hours old (the oldest fetched %s)", youngest, oldest,
                     oldest_fetch);
        snprintf(text, sizeof text, "%s prices are %s, past the %u-hour freshness limit, for every %s pick below.",
                 provider->id, how_old, opts->stale_after_hours, provider->id);
        jsonw_string(out, text);
    }
}

/* What to know before renting c: a slow split, a reclaim, an estimated or old price, a China region, a long run, a
 * term longer than the job, no ECC. */
static void explain_warnings(const catalog *snap, const rec_request *r, const recommend_options *opts,
                             const walk_state *st, const double *ages, const candidate *c, double age_hours,
                             notes *warnings)
{
    const catalog_instance *inst = c->offer->instance;
    const catalog_gpu *gpu = inst->gpu;
    const catalog_price *price = &c->offer->prices[c->pricing];
    const fit *ft = &c->fit;
    const char *pricing = pricing_model_name(c->pricing);

    if (ft->serving && ft->tensor_parallel_on_pcie)
        note(warnings, "Each replica is split across %d GPUs joined only by PCIe: every layer's all-reduce crosses "
                       "it (counted in the speed), so each token waits on the bus.",
             ft->tensor_parallel);
    if (latency_split(r, ft))
        note(warnings, "The model is split across %g GPUs over %s: every token crosses it, adding latency.",
             ft->total_gpus, ft->nodes > 1 ? "the cluster network" : "PCIe");
    if (c->pricing == PRICING_SPOT && !r->checkpointing && (isnan(ft->hours) || ft->hours > SPOT_LONG_JOB_HOURS)) {
        char length[48] = "a long-running job";
        if (!isnan(ft->hours))
            numfmt_format(length, sizeof length, "a %.0f-hour job", ft->hours);
        note(warnings, "Spot capacity can be reclaimed (interruption frequency %s) and checkpointing is off: %s "
                       "would restart from the beginning.",
             price->spot_interruption ? price->spot_interruption : "not published", length);
    }
    if (price->estimated)
        note(warnings, "The %s price is estimated, not published: %s.", pricing, price->source);
    if (c->offer->region->geography != NULL && strcmp(c->offer->region->geography, "cn") == 0) {
        const catalog_fx *fx = catalog_find_fx(snap, price->currency);
        note(warnings, "%s is in mainland China: it needs a China-region account with real-name verification, and "
                       "a public service there an ICP filing; the price is in %s at %g USD each (rate of %s).",
             c->offer->region->id, price->currency, price->usd_per_unit, fx != NULL && fx->as_of ? fx->as_of : "?");
    }
    if (!isnan(ft->hours) && ft->hours > 30 * 24 && r->deadline_hours == 0)
        note(warnings, "This plan runs about %.0f days: give workload.deadline_hours to size the cluster to a date.",
             ft->hours / 24);
    double term = (double)cost_term_hours(c->pricing);
    if (term > 0 && !isnan(ft->hours) && ft->hours < term)
        note(warnings, "%s bills %.0f hours whether used or not; the job needs about %.0f.", pricing, term, ft->hours);
    if (opts->stale_after_hours > 0 && isnan(age_hours))
        note(warnings, "The price has no valid fetch time; it may be out of date.");
    else if (price_is_stale(opts, age_hours) && !every_pick_of_provider_stale(opts, st, ages, inst->provider))
        note(warnings, "The price was fetched %.0f hours ago (%s), more than the %u-hour freshness limit.",
             age_hours, price->fetched_at, opts->stale_after_hours);
    if (ft->total_gpus > CAPACITY_WARNING_GPUS)
        note(warnings, "This plan needs %.0f %s GPUs in %s: more than %d, the most one AWS Capacity Block reserves "
                       "(64 instances of 8 GPUs). A fleet this size is arranged with the provider ahead of time, or "
                       "split across regions.",
             ft->total_gpus, gpu->name, c->offer->region->id, CAPACITY_WARNING_GPUS);
    if (!gpu->ecc && workload_kind_of(r->workload.kind)->needs_ecc)
        note(warnings, "%s has no ECC memory: a bit flip can silently corrupt a %s job.", gpu->name,
             workload_kind_name(r->workload.kind));
}

static void write_recommendation(jsonw *out, const catalog *snap, const rec_request *r, const sizing_requirements *req,
                                 const recommend_options *opts, const walk_state *st, const double *ages, size_t rank)
{
    const candidate *c = &st->items[rank - 1];
    double best_metric = st->items[0].metric;
    const catalog_instance *inst = c->offer->instance;
    jsonw_object_begin(out);
    jsonw_member_integer(out, "rank", (long long)rank);
    jsonw_member_string(out, "provider", inst->provider->id);
    jsonw_member_string(out, "instance_type", inst->id);
    jsonw_member_string(out, "region", c->offer->region->id);
    jsonw_name(out, "gpu");
    jsonw_object_begin(out);
    jsonw_member_string(out, "id", inst->gpu->id);
    jsonw_member_string(out, "name", inst->gpu->name);
    jsonw_name(out, "memory_gb");
    write_count(out, inst->gpu->memory_gb);
    jsonw_object_end(out);
    jsonw_name(out, "gpu_count");
    write_count(out, inst->gpu_count);
    jsonw_name(out, "gpu_memory_gb");
    write_count(out, c->fit.total_memory_gb);
    recommend_write_longest_sequence(out, r, req, c->fit.total_memory_gb);
    jsonw_member_integer(out, "nodes", c->fit.nodes);
    jsonw_member_string(out, "pricing", pricing_model_name(c->pricing));
    jsonw_member_rounded(out, "hourly_usd", c->hourly_usd, 6);
    jsonw_member_rounded(out, "monthly_usd", c->hourly_usd * COST_HOURS_PER_MONTH, 2);
    double hours = recommend_candidate_hours(r, c); /* NAN when the job's length is unknown: written as null */
    jsonw_member_rounded(out, "estimated_hours", hours, 4);
    jsonw_member_rounded(out, "estimated_total_usd", c->total_usd, 2);
    jsonw_member_rounded(out, "score", c->metric > 0 ? 100.0 * best_metric / c->metric : 100.0, 2);
    write_throughput(out, r, c);
    if (r->work.benchmark != NULL)
        work_write(out, &r->work, &c->fit.work, c->hourly_usd, recommend_candidate_hours(r, c));
    if (r->seats > 0)
        recommend_seats_write(out, r, c);
    write_plan(out, r, req, c, hours);
    write_spot(out, r, c);
    recommend_write_export_link(out, c);
    notes reasons = {out, 0}, warnings = {out, 0};
    jsonw_name(out, "reasons");
    jsonw_array_begin(out);
    explain_reasons(r, req, c, &reasons);
    jsonw_array_end(out);
    jsonw_name(out, "warnings");
    jsonw_array_begin(out);
    explain_warnings(snap, r, opts, st, ages, c, ages[rank - 1], &warnings);
    jsonw_array_end(out);
    jsonw_object_end(out);
}

void recommend_write(jsonw *out, const rec_request *r, const sizing_requirements *req, const recommend_options *opts,
                     const catalog *snap, const walk_state *st, const recommend_alternatives *alts,
                     const recommend_relaxed *relaxed)
{
    jsonw_object_begin(out);
    jsonw_name(out, "requirements");
    write_requirements(out, r, req);
    jsonw_member_string(out, "objective", recommend_objective_names[r->objective]);
    bool length_known = req->flops > 0 || r->job_hours > 0;
    jsonw_member_string(out, "score_metric", score_metric_name(r, length_known));
    /* each pick's price age, worked out once: every pick's warnings ask whether all picks of its provider are stale */
    double *ages = xmalloc((st->heap.count + 1) * sizeof *ages);
    for (size_t i = 0; i < st->heap.count; i++)
        ages[i] = price_age_hours(opts, &st->items[i]);
    jsonw_name(out, "recommendations");
    jsonw_array_begin(out);
    for (size_t i = 0; i < st->heap.count; i++)
        write_recommendation(out, snap, r, req, opts, st, ages, i + 1);
    jsonw_array_end(out);
    jsonw_name(out, "alternatives");
    recommend_alternatives_write(out, alts);
    recommend_write_hints(out, r, req, st, relaxed);
    jsonw_name(out, "warnings"); /* what holds for the whole answer, said once */
    jsonw_array_begin(out);
    if (r->workload.has_model && r->workload.arch.estimated && req->kv_bytes_per_token > 0)
        jsonw_string(out, "The model's shape is estimated from model_params_b alone: its KV cache assumes full "
                          "multi-head attention, several times what a grouped-query model holds. Name the model "
                          "(workload.model) or give its shape (workload.architecture) to size it.");
    write_provider_price_ages(out, opts, st, ages);
    free(ages);
    jsonw_array_end(out);
    jsonw_member_integer(out, "considered", (long long)st->considered);
    jsonw_name(out, "rejected");
    jsonw_object_begin(out);
    for (int i = 0; i < REJECT_COUNT; i++)
        if (st->rejected[i] > 0) {
            jsonw_key(out, recommend_reject_names[i]);
            jsonw_integer(out, (long long)st->rejected[i]);
        }
    jsonw_object_end(out);
    jsonw_member_string(out, "catalog_version", snap->version);
    jsonw_object_end(out);
}
