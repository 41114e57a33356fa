/* The hints of an empty answer from its rejection counts: every constraint that refused offers is relaxed at once,
 * the relaxed request is ranked for its best offer, and each constraint that best offer breaks gets one hint naming
 * the constraint and the value that admits it. A constraint the best offer already meets gets no hint, so no hint
 * asks for what the request already allows; when even the relaxed request admits nothing, no hint here says so and
 * the answer's own hints (answer.c) say what else stops every plan. */
#include "engine/recommend/internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

/* One empty answer's relaxation: the request as asked, and as lifted (lift()). */
typedef struct relaxation {
    const catalog *snap;
    const rec_request *orig;
    const rec_filters *forig;
    const sizing_requirements *req;
    rec_request lifted;
    rec_filters open;
} relaxation;

static void hint(recommend_relaxed *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void hint(recommend_relaxed *out, const char *fmt, ...)
{
    if (out->count >= RECOMMEND_MAX_RELAXED)
        return;
    va_list args;
    va_start(args, fmt);
    vsnprintf(out->text[out->count++], sizeof out->text[0], fmt, args);
    va_end(args);
}

static bool list_has(const json_t *list, const char *id)
{
    size_t i;
    const json_t *item;
    json_array_foreach(list, i, item) {
        const char *s = json_string_value(item);
        if (s != NULL && util_same_text(s, id))
            return true;
    }
    return false;
}

/* The request with every constraint that refused an offer lifted, into *r and *f (f's bitmaps borrowed from the
 * request's own, or NULL); false when nothing it can lift refused anything. */
static bool lift(const rec_request *orig, const rec_filters *forig, const walk_state *st, rec_request *r,
                 rec_filters *f)
{
    *r = *orig;
    *f = *forig;
    bool lifted = false;
#define LIFT(reason, action)                                                                                          \
    if (st->rejected[reason] > 0) {                                                                                   \
        action;                                                                                                       \
        lifted = true;                                                                                                \
    }
    LIFT(REJECT_PROVIDER, f->provider_ok = NULL);
    LIFT(REJECT_REGION, f->region_ok = NULL);
    LIFT(REJECT_GPU_MODEL, f->gpu_ok = NULL);
    LIFT(REJECT_NO_ECC, r->require_ecc = false);
    LIFT(REJECT_NO_NVLINK, r->require_nvlink = false);
    LIFT(REJECT_NO_FP64, r->require_fp64 = false);
    LIFT(REJECT_MAX_NODES, r->max_nodes = MAX_NODES);
    LIFT(REJECT_GPU_COUNT, (r->min_gpus = 0, r->max_gpus = 0, r->tensor_parallel = 0));
    /* without its deadline, the fastest plan within any node count: the deadline it meets is the one to ask for */
    LIFT(REJECT_DEADLINE, (r->deadline_hours = 0, r->objective = OBJECTIVE_TIME, r->max_nodes = MAX_NODES));
    /* an offer refused before it was priced never met the caps: they may block as well, uncounted */
    if (r->max_hourly_usd > 0 || r->max_total_usd > 0) {
        r->max_hourly_usd = r->max_total_usd = 0;
        lifted = true;
    }
    if (st->rejected[REJECT_PRICING] > 0) {
        for (int m = 0; m < PRICING_COUNT; m++)
            r->pricing_allowed[m] = true;
        lifted = true;
    }
#undef LIFT
    r->limit = 1;
    return lifted;
}

/* The first pick of r (limit 1) into *best: whether one qualifies. */
static bool rank_one(const catalog *snap, const rec_request *r, const rec_filters *f, const sizing_requirements *req,
                     candidate *best)
{
    walk_state st;
    memset(&st, 0, sizeof st);
    st.items = best;
    st.heap_only = true;
    if (snap->shapes != NULL && snap->shape_count > 0)
        st.fits = xmalloc(snap->shape_count * sizeof *st.fits);
    recommend_rank(r, f, snap, req, &st);
    free(st.fits);
    return st.heap.count > 0;
}

/* The whole hours of a deadline that admits a plan, from the fastest plan's hours: a deadline plans fewer nodes than
 * the fastest plan's, and spot's reclaims then take longer than the deadline, so it is tried and raised by a quarter
 * at a time (a few times at most) until a plan meets it; *admits says whether one did. */
static double deadline_that_admits(const relaxation *x, double fastest, bool *admits)
{
    double deadline = ceil(fastest);
    *admits = false;
    for (int attempt = 0; attempt < 6 && deadline <= MAX_JOB_HOURS; attempt++) {
        rec_request check = x->lifted;
        check.objective = x->orig->objective;
        check.deadline_hours = deadline;
        candidate best;
        if (rank_one(x->snap, &check, &x->open, x->req, &best)) {
            *admits = true;
            break;
        }
        deadline = ceil(deadline * 1.25);
    }
    return deadline;
}

/* A price cap, in whole cents, that admits usd. */
static double cents_at_least(double usd)
{
    double cents = ceil(usd * 100) / 100;
    return cents < usd ? cents + 0.01 : cents;
}

/* One hint per lifted constraint that the relaxed best offer c (fitted by the lifted request) breaks. */
static void name_what_admits(const relaxation *x, const candidate *c, recommend_relaxed *out)
{
    const catalog *snap = x->snap;
    const rec_request *orig = x->orig, *lifted = &x->lifted;
    const rec_filters *forig = x->forig;
    const catalog_instance *inst = c->offer->instance;
    const catalog_gpu *gpu = inst->gpu;
    size_t g = (size_t)(gpu - snap->gpus);
    if (forig->provider_ok != NULL && !forig->provider_ok[inst->provider - snap->providers])
        hint(out, "Add %s to constraints.providers: its %s is the best offer the constraints refuse.",
             inst->provider->id, inst->id);
    if (forig->region_ok != NULL && !forig->region_ok[c->offer->region - snap->regions]) {
        if (orig->regions != NULL && !list_has(orig->regions, c->offer->region->id))
            hint(out, "Add %s to constraints.regions: %s's %s there is the best offer the constraints refuse.",
                 c->offer->region->id, inst->provider->id, inst->id);
        if (orig->geographies != NULL && c->offer->region->geography != NULL &&
            !list_has(orig->geographies, c->offer->region->geography))
            hint(out, "Add %s to constraints.geographies: %s's %s in %s is the best offer the constraints refuse.",
                 c->offer->region->geography, inst->provider->id, inst->id, c->offer->region->id);
    }
    if (forig->gpu_ok != NULL && !forig->gpu_ok[g]) {
        if (orig->exclude_gpu_models != NULL && list_has(orig->exclude_gpu_models, gpu->id))
            hint(out, "Remove %s from constraints.exclude_gpu_models: %s's %s is the best offer it refuses.", gpu->id,
                 inst->provider->id, inst->id);
        else
            hint(out, "Add %s to constraints.gpu_models: %s's %s is the best offer the list refuses.", gpu->id,
                 inst->provider->id, inst->id);
    }
    if (orig->require_ecc && !gpu->ecc)
        hint(out, "Set constraints.require_ecc to false: the best offer without it, %s's %s, has no ECC.",
             inst->provider->id, inst->id);
    rec_request without_ecc = *orig;
    rec_filters open = {NULL, NULL, NULL, NULL};
    without_ecc.require_ecc = false;
    if (orig->require_fp64 && recommend_gpu_check(&without_ecc, &open, snap, g) == REJECT_NO_FP64)
        hint(out, "Set constraints.require_fp64 to false: the best offer without it, %s's %s, has no full-rate FP64.",
             inst->provider->id, inst->id);
    if (orig->require_nvlink && !recommend_has_nvlink(inst))
        hint(out, "Set constraints.require_nvlink to false: the best offer without it, %s's %s, has no NVLink.",
             inst->provider->id, inst->id);
    if (!orig->pricing_allowed[c->pricing])
        hint(out, "Add %s to constraints.pricing: the best offer the constraints refuse is priced so.",
             pricing_model_name(c->pricing));
    if (c->fit.nodes > (unsigned long long)orig->max_nodes)
        hint(out, "Raise constraints.max_nodes to at least %u: the best offer the constraints refuse, %s's %s, needs "
                  "that many nodes.",
             c->fit.nodes, inst->provider->id, inst->id);
    if (orig->max_gpus > 0 && c->fit.total_gpus > (double)orig->max_gpus)
        hint(out, "Raise constraints.max_gpus to at least %.0f: the best offer the constraints refuse needs that many.",
             ceil(c->fit.total_gpus));
    if (orig->tensor_parallel > 0 && c->fit.tensor_parallel != orig->tensor_parallel)
        hint(out, "Leave out workload.tensor_parallel (or set it to %d): the best offer it refuses, %s's %s, serves at "
                  "that degree.",
             c->fit.tensor_parallel, inst->provider->id, inst->id);
    if (orig->min_gpus > 0 && c->fit.total_gpus < (double)orig->min_gpus)
        hint(out, "Lower constraints.min_gpus to at most %.0f: the best offer the constraints refuse has that many.",
             floor(c->fit.total_gpus));
    double hours = recommend_candidate_hours(lifted, c);
    if (orig->deadline_hours > 0 && hours > orig->deadline_hours) {
        bool admits;
        double deadline = deadline_that_admits(x, hours, &admits);
        hint(out, "Raise workload.deadline_hours to at least %.0f: the fastest plan the constraints allow, %u x %s's "
                  "%s, takes %.0f hours.",
             deadline, c->fit.nodes, inst->provider->id, inst->id, ceil(hours));
        /* spot alone: the fewer nodes a later deadline plans are reclaimed for longer than it gives them */
        if (!admits && !orig->pricing_allowed[PRICING_ON_DEMAND] && c->pricing != PRICING_ON_DEMAND)
            hint(out, "Add on_demand to constraints.pricing: spot's reclaims keep every plan within these nodes past "
                      "the deadline.");
    }
    if (orig->max_hourly_usd > 0 && c->hourly_usd > orig->max_hourly_usd)
        hint(out, "Raise constraints.max_hourly_usd to at least %.2f: the best offer the constraints refuse costs that.",
             cents_at_least(c->hourly_usd));
    if (orig->max_total_usd > 0 && c->total_usd > orig->max_total_usd)
        hint(out, "Raise constraints.max_total_usd to at least %.2f: the best offer the constraints refuse costs that "
                  "for the job.",
             cents_at_least(c->total_usd));
}

/* The precisions the GPUs refused for the request's precision run (st->refused_gpus_precisions) at which the request,
 * its constraints as they are, admits an offer. */
static unsigned precisions_admitting(const catalog *snap, const rec_request *r, const rec_filters *f,
                                     const walk_state *st)
{
    unsigned admitting = 0;
    for (int p = 0; p < PRECISION_COUNT; p++) {
        if (!(st->refused_gpus_precisions & (1u << p)) || p == (int)r->workload.precision)
            continue;
        rec_request changed = *r;
        changed.workload.precision = (precision)p;
        sizing_requirements req;
        if (sizing_derive_figures(&changed.workload, &req) != 0)
            continue;
        changed.compute_precision = req.compute_precision;
        changed.limit = 1;
        candidate best;
        if (rank_one(snap, &changed, f, &req, &best))
            admitting |= 1u << p;
    }
    return admitting;
}

void recommend_relax(const catalog *snap, const rec_request *r, const rec_filters *f, const sizing_requirements *req,
                     const walk_state *st, recommend_relaxed *out)
{
    memset(out, 0, sizeof *out);
    if (st->heap.count > 0)
        return;
    if (st->rejected[REJECT_PRECISION] > 0 && !st->some_gpu_admitted)
        out->precisions_admitting = precisions_admitting(snap, r, f, st);
    relaxation x = {.snap = snap, .orig = r, .forig = f, .req = req};
    if (!lift(r, f, st, &x.lifted, &x.open))
        return;
    out->tried = true;
    candidate best;
    /* the fewest nodes a rejected plan needed, when they admit one: the least max_nodes to ask for */
    rec_request fewest = x.lifted;
    fewest.max_nodes = st->fewest_nodes_needed;
    if (st->fewest_nodes_needed > r->max_nodes && x.lifted.max_nodes > r->max_nodes &&
        rank_one(snap, &fewest, &x.open, req, &best))
        x.lifted = fewest;
    else if (!rank_one(snap, &x.lifted, &x.open, req, &best))
        return;
    out->found = true;
    name_what_admits(&x, &best, out);
}

/* ---- writing them ---------------------------------------------------------------------------------------------- */

/* At most two precisions the refused GPUs run that suit the job, nearest first, as "fp16 or fp32" into text (empty
 * when none): never fp64 (a refusal for fp64 is no_fp64), and for training and fine-tuning only floating point. */
static void suitable_precisions(const rec_request *r, unsigned runnable, char *text, size_t text_len)
{
    static const precision nearest_first[] = {PRECISION_BF16, PRECISION_FP16, PRECISION_FP8, PRECISION_INT8,
                                              PRECISION_INT4, PRECISION_TF32, PRECISION_FP32};
    bool trains = workload_kind_of(r->workload.kind)->trains;
    size_t used = 0, named = 0;
    text[0] = '\0';
    for (size_t i = 0; i < sizeof nearest_first / sizeof nearest_first[0] && named < 2; i++) {
        precision p = nearest_first[i];
        if (!(runnable & (1u << p)) || p == r->workload.precision ||
            (trains && (p == PRECISION_INT8 || p == PRECISION_INT4)))
            continue;
        int n = snprintf(text + used, text_len - used, "%s%s", named > 0 ? " or " : "", precision_name(p));
        if (n < 0 || (size_t)n >= text_len - used)
            break;
        used += (size_t)n;
        named++;
    }
}

/* What to relax when nothing qualified, from the least a rejected plan needed. */
void recommend_write_hints(jsonw *out, const rec_request *r, const sizing_requirements *req, const walk_state *st,
                        const recommend_relaxed *relaxed)
{
    notes hints = {out, 0};
    jsonw_name(out, "hints");
    jsonw_array_begin(out);
    if (relaxed->found && relaxed->count > 0) { /* the constraints alone stop every offer: each one's value */
        char others[64] = "";
        if (!st->some_gpu_admitted && st->rejected[REJECT_PRECISION] > 0 &&
            r->compute_precision == r->workload.precision)
            suitable_precisions(r, relaxed->precisions_admitting, others, sizeof others);
        if (others[0] != '\0') /* or the GPUs the constraints allow, at another precision */
            note(&hints, "Set workload.precision to %s: the GPUs allowed here do not run %s (%zu offers refused).",
                 others, precision_name(r->workload.precision), st->rejected[REJECT_PRECISION]);
        for (size_t i = 0; i < relaxed->count; i++)
            note(&hints, "%s", relaxed->text[i]);
    } else if (st->heap.count == 0) {
        /* lifting every constraint that refused offers admitted none: raising one of them cannot */
        bool lifted = relaxed->tried;
        if (lifted)
            note(&hints, "No change of the constraints alone admits an offer: with every constraint that refused "
                         "offers lifted, the job itself is refused (see rejected).");
        unsigned fewest_nodes = lifted ? 0 : st->fewest_nodes_needed; /* max_nodes was lifted: no hint raises it */
        if (fewest_nodes > 0 && r->gpus > 0) /* every type was refused the count asked for */
            note(&hints, "Raise constraints.max_nodes to at least %u: the %lld GPUs of workload.gpus need that many "
                         "nodes of the type with the most GPUs per node.",
                 fewest_nodes, r->gpus);
        else if (fewest_nodes > 0 && r->min_gpus > 0)
            note(&hints, "Raise constraints.max_nodes to at least %u: the smallest cluster that holds the job's %.0f GB "
                         "on at least %lld GPUs (constraints.min_gpus) needs that many nodes.",
                 fewest_nodes, req->gpu_memory_gb, r->min_gpus);
        else if (fewest_nodes > 0)
            note(&hints, "Raise constraints.max_nodes to at least %u: the smallest cluster that holds the job's %.0f GB "
                         "needs that many nodes.",
                 fewest_nodes, req->gpu_memory_gb);
        if (st->fastest_missed_hours > 0)
            note(&hints, "Raise workload.deadline_hours to at least %.0f (the fastest plan within max_nodes %lld), or "
                         "raise constraints.max_nodes.",
                 ceil(st->fastest_missed_hours), r->max_nodes);
        if (st->cheapest_over_hourly > 0 && !lifted)
            note(&hints, "Raise constraints.max_hourly_usd to at least %.2f: the cheapest plan that fits costs that.",
                 st->cheapest_over_hourly);
        if (st->cheapest_over_total > 0 && !lifted)
            note(&hints, "Raise constraints.max_total_usd to at least %.2f: the cheapest plan that fits costs that "
                         "for the job.",
                 ceil(st->cheapest_over_total * 100) / 100);
        if (st->likeliest_spot_hours > 0) {
            const plan_spot *s = &st->likeliest_spot;
            double exponent = s->fleet_rate_per_hour * st->likeliest_spot_hours;
            note(&hints, "Set workload.checkpointing to true, or allow on_demand pricing: spot plans cannot finish "
                         "(spot_cannot_finish). The likeliest, %.1f hours on %u nodes at %.4f reclaims per node-hour, "
                         "runs through uninterrupted with chance e^-(%u x %.4f x %.1f) = %.3g and expects %.3g "
                         "restarts from the beginning first.",
                 st->likeliest_spot_hours, st->likeliest_spot_nodes, s->rate_per_node_hour,
                 st->likeliest_spot_nodes, s->rate_per_node_hour, st->likeliest_spot_hours, exp(-exponent),
                 expm1(exponent));
        }
        if (st->shortest_too_long > 0)
            note(&hints, "No plan finishes within ten years (%.0f hours): the fastest that fits takes %.0f hours; "
                         "allow more nodes (constraints.max_nodes) or a smaller job.",
                 MAX_JOB_HOURS, st->shortest_too_long);
        if (st->rejected[REJECT_MEMORY] > 0 && st->fewest_nodes_needed == 0)
            note(&hints, "No instance type holds %.0f GB of GPU memory here: allow nodes (constraints.max_nodes) or "
                         "a lower precision.",
                 req->gpu_memory_gb);
        char others[64] = "";
        /* only when the precision is what stopped every GPU: not when the ones that run it failed for other reasons */
        if (!st->some_gpu_admitted && st->rejected[REJECT_PRECISION] > 0 &&
            r->compute_precision == r->workload.precision)
            suitable_precisions(r, relaxed->precisions_admitting, others, sizeof others);
        if (others[0] != '\0')
            note(&hints, "Set workload.precision to %s: the GPUs allowed here do not run %s (%zu offers refused).",
                 others, precision_name(r->workload.precision), st->rejected[REJECT_PRECISION]);
        if (st->rejected[REJECT_LATENCY] > 0)
            note(&hints, "Relax workload.max_ttft_ms or workload.min_tokens_per_s_per_sequence: %zu offers missed them.",
                 st->rejected[REJECT_LATENCY]);
        if (hints.count == 0)
            note(&hints, "No change of the constraints admits an offer: what the job itself needs refuses every one "
                         "(see rejected).");
    }
    jsonw_array_end(out);
}
