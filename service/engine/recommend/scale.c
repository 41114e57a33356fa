/* Planning a recommendation at scale (engine/perf/plan.h): the node count a deadline or the time objective asks for,
 * the utilisation the cluster reaches, and what spot interruptions cost. */
#include "engine/recommend/internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/perf/plan.h"
#include "engine/perf/training.h"

/* The factors of inst's utilisation for the job of r and req. Training and fine-tuning add what the precision (FP8
 * against BF16) and a mixture of experts cost (engine/perf/training.h); other kinds of job keep those at 1. */
static void factors_of(const rec_request *r, const sizing_requirements *req, const catalog_instance *inst,
                       bool tensor_parallel, plan_factors *out)
{
    plan_fabric fabric = {inst->gpu->architecture, inst->gpu_interconnect, inst->cluster_network,
                          inst->cluster_network_gbps};
    plan_factors_of(&fabric, req->utilization_size_factor, tensor_parallel, out);
    bool trains = r->workload.kind == WORKLOAD_TRAINING || r->workload.kind == WORKLOAD_FINE_TUNING;
    if (!trains || !r->workload.has_model)
        return;
    double bf16 = catalog_gpu_peak(inst->gpu, PRECISION_BF16);
    plan_factors_set_job(out, inst->gpu_count, bf16, req->active_params_b,
                         training_precision_factor(r->compute_precision,
                                                   catalog_gpu_peak(inst->gpu, r->compute_precision), bf16),
                         training_moe_factor(&r->workload.arch));
}

reject_reason recommend_plan_nodes(const rec_request *r, const sizing_requirements *req, const catalog_instance *inst,
                                   unsigned *nodes, fit *out)
{
    double memory_per_gpu = inst->gpu_count >= 1.0 ? inst->gpu_memory_gb / inst->gpu_count : inst->gpu_memory_gb;
    bool tensor_parallel = req->gpu_memory_gb > memory_per_gpu;
    plan_factors factors;
    factors_of(r, req, inst, tensor_parallel, &factors);
    double peak = catalog_gpu_peak(inst->gpu, r->compute_precision);
    unsigned most = catalog_instance_clusters(inst) ? (unsigned)r->max_nodes : 1;
    if (req->flops > 0 && r->gpus == 0 && peak > 0) {
        double node_peak = peak * inst->gpu_count;
        if (r->deadline_hours > 0) {
            unsigned needed =
                plan_factors_nodes_for_deadline(&factors, req->flops, node_peak, r->deadline_hours, *nodes, most);
            if (needed == 0) {
                /* the fastest this shape allows, for the hint of what deadline it can meet */
                out->hours = plan_job_hours(req->flops, most, node_peak, plan_factors_utilization(&factors, most));
                out->nodes = most;
                return REJECT_DEADLINE;
            }
            *nodes = needed;
        } else if (r->objective == OBJECTIVE_TIME && most > *nodes) {
            *nodes = plan_factors_nodes_while_scaling_pays(&factors, *nodes, most);
        }
    }
    out->tensor_parallel_planned = tensor_parallel;
    out->utilization = r->workload.utilization > 0 ? r->workload.utilization
                                                   : plan_factors_utilization(&factors, *nodes);
    return REJECT_NONE;
}

void recommend_utilization_why(const rec_request *r, const sizing_requirements *req, const catalog_instance *inst,
                                const fit *ft, char *why, size_t why_len)
{
    if (r->workload.utilization > 0) {
        snprintf(why, why_len, "as the request gives it (workload.utilization)");
        return;
    }
    plan_factors factors;
    factors_of(r, req, inst, ft->tensor_parallel_planned, &factors);
    plan_factors_why(&factors, ft->nodes, req->active_params_b > 0 ? req->active_params_b : req->params_b, why, why_len);
}

double recommend_spot_hours(const rec_request *r, const fit *ft, const char *provider_id, const char *band,
                            plan_spot *out, const char **source)
{
    const char *why = NULL;
    double rate = plan_spot_rate(provider_id, band, &why);
    if (source != NULL)
        *source = why;
    /* checkpoints only when the job says it takes them; otherwise a reclaim restarts it from the beginning */
    double checkpoint_hours = r->checkpointing ? r->checkpoint_minutes / 60.0 : 0.0;
    if (plan_spot_overhead(rate, ft->nodes, ft->hours, checkpoint_hours, PLAN_DEFAULT_RESTART_MINUTES / 60.0, out) !=
        0)
        return ft->hours;
    return out->expected_hours;
}

/* Remembers the least a rejected plan needed, for the hints of an empty answer. */
void recommend_note_rejection(walk_state *st, reject_reason reason, const fit *ft)
{
    if (reason == REJECT_MAX_NODES && ft->nodes > 0 &&
        (st->fewest_nodes_needed == 0 || ft->nodes < st->fewest_nodes_needed))
        st->fewest_nodes_needed = ft->nodes;
    if (reason == REJECT_TOO_LONG && ft->hours > 0 && (st->shortest_too_long == 0 || ft->hours < st->shortest_too_long))
        st->shortest_too_long = ft->hours;
    if (reason == REJECT_DEADLINE && ft->hours > 0 &&
        (st->fastest_missed_hours == 0 || ft->hours < st->fastest_missed_hours))
        st->fastest_missed_hours = ft->hours;
}

static void note_unfinishable(walk_state *st, reject_reason reason, const rec_request *r, const fit *ft,
                              pricing_model m, const char *provider_id, const char *band)
{
    if (reason == REJECT_TOO_LONG || reason == REJECT_DEADLINE) {
        double hours = recommend_spot_hours(r, ft, provider_id, band, &(plan_spot){0}, NULL);
        if (reason == REJECT_TOO_LONG && (st->shortest_too_long == 0 || hours < st->shortest_too_long))
            st->shortest_too_long = hours;
        if (reason == REJECT_DEADLINE && (st->fastest_missed_hours == 0 || hours < st->fastest_missed_hours))
            st->fastest_missed_hours = hours;
        return;
    }
    if (reason != REJECT_SPOT_CANNOT_FINISH || !vocab_pricing_models[m].interruptible)
        return;
    plan_spot spot;
    recommend_spot_hours(r, ft, provider_id, band, &spot, NULL);
    double exponent = spot.fleet_rate_per_hour * ft->hours;
    double nearest = st->likeliest_spot.fleet_rate_per_hour * st->likeliest_spot_hours;
    if (st->likeliest_spot_hours == 0 || exponent < nearest) {
        st->likeliest_spot = spot;
        st->likeliest_spot_hours = ft->hours;
        st->likeliest_spot_nodes = ft->nodes;
    }
}

void recommend_note_refusal(walk_state *st, reject_reason reason, const rec_request *r, const candidate *c,
                            const char *band)
{
    if (reason == REJECT_MAX_HOURLY)
        recommend_note_over_hourly(st, c->hourly_usd);
    else if (reason == REJECT_MAX_TOTAL && c->total_usd > 0 &&
             (st->cheapest_over_total == 0 || c->total_usd < st->cheapest_over_total))
        st->cheapest_over_total = c->total_usd;
    else if (reason != REJECT_MAX_TOTAL)
        note_unfinishable(st, reason, r, &c->fit, c->pricing, c->offer->instance->provider->id, band);
}

void recommend_note_over_hourly(walk_state *st, double hourly_usd)
{
    if (st->cheapest_over_hourly == 0 || hourly_usd < st->cheapest_over_hourly)
        st->cheapest_over_hourly = hourly_usd;
}

void recommend_note_gpu_check(walk_state *st, reject_reason reason, const catalog_gpu *gpu)
{
    st->some_gpu_admitted |= reason == REJECT_NONE;
    if (reason != REJECT_PRECISION)
        return;
    for (int p = 0; p < PRECISION_COUNT; p++)
        if (catalog_gpu_peak(gpu, (precision)p) > 0)
            st->refused_gpus_precisions |= 1u << p;
}
