/* The walk over candidates: what fits, what it costs, and the best kept in a bounded heap (internal.h, "The
 * walks", says how the walks below make one design). */
#include "engine/recommend/internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "engine/pricing/cost.h"

const char *const recommend_reject_names[REJECT_COUNT] = {
    [REJECT_PROVIDER] = "provider_not_allowed",
    [REJECT_REGION] = "region_not_allowed",
    [REJECT_GPU_MODEL] = "gpu_model_not_allowed",
    [REJECT_NO_ECC] = "no_ecc",
    [REJECT_NO_FP64] = "no_fp64",
    [REJECT_PRECISION] = "precision_unsupported",
    [REJECT_NO_NVLINK] = "no_nvlink",
    [REJECT_MEMORY] = "insufficient_gpu_memory",
    [REJECT_NO_CLUSTER] = "no_cluster_network",
    [REJECT_MAX_NODES] = "exceeds_max_nodes",
    [REJECT_GPU_COUNT] = "gpu_count",
    [REJECT_PRICING] = "pricing_not_allowed",
    [REJECT_MAX_HOURLY] = "over_max_hourly_usd",
    [REJECT_MAX_TOTAL] = "over_max_total_usd",
    [REJECT_LATENCY] = "below_latency_floor",
    [REJECT_RETIRED] = "retired",
    [REJECT_DEADLINE] = "misses_deadline",
    [REJECT_SPOT_CANNOT_FINISH] = "spot_cannot_finish",
    [REJECT_TOO_LONG] = "longer_than_ten_years",
    [REJECT_NO_RATE] = "no_benchmark_rate",
};


/* The candidate of one instance type under model m in its best region, when every one of its regions passes the price
 * caps: the cheapest region (catalog_cheapest), or, where another region's price is within a rounding step, the
 * best of them compared one by one as walk_instance() would. Sets every member of out but its fit: the caller copies
 * that in only if the candidate enters the heap. */
static void cheapest_candidate(const rec_request *r, const rec_filters *f, const catalog *snap,
                               const catalog_cheapest *cheapest, pricing_model m, const fit *ft, candidate *out)
{
    const catalog_instance *inst = snap->offers[cheapest->offer].instance;
    /* the snapshot settles exact ties by its own region order; a preference of the request's can overturn it */
    bool every_region = cheapest->near_tie || f->region_preference != NULL;
    size_t first = every_region ? inst->first_offer : cheapest->offer;
    size_t end = every_region ? inst->first_offer + inst->offer_count : cheapest->offer + 1;
    candidate trial;
    bool have = false;
    out->offer = NULL;
    for (size_t k = first; k < end; k++) {
        const catalog_price *price = &snap->offers[k].prices[m];
        if (!price->present || !(price->hourly_usd > 0))
            continue;
        candidate *c = have ? &trial : out; /* the first region is scored in place, any near tie beside it */
        c->offer = &snap->offers[k];
        c->pricing = m;
        c->preference = recommend_region_preference(f, snap, snap->offers[k].region);
        recommend_cost_at(r, ft, m, price->hourly_usd, inst->provider->id, price->spot_interruption,
                          &c->hourly_usd, &c->total_usd);
        recommend_score_candidate(r, ft, c);
        if (have && recommend_candidate_cmp(&trial, out) < 0)
            *out = trial;
        have = true;
    }
    out->regions_passing = cheapest->regions;
}

/* The shape's offers in regions the request allows. */
static size_t offers_in_regions(const rec_filters *f, const catalog_shape *shape)
{
    size_t offers = 0;
    for (size_t i = 0; i < shape->region_offers_count; i++)
        if (f->region_ok[shape->region_offers[i].region])
            offers += shape->region_offers[i].offers;
    return offers;
}

static bool metric_worse(const candidate *a, const candidate *b)
{
    return a->metric > b->metric || (a->metric == b->metric && a->second > b->second);
}

/* Offers a shape's instance types under model m to the heap, cheapest first, while they can still enter it: within a
 * shape every instance type fits alike, so metric and tie-breaker rise with the price, and once one is worse than the
 * heap's worst on both, every dearer one is too. */
static void rank_shape(const rec_request *r, const rec_filters *f, const catalog *snap, const catalog_shape *shape,
                       pricing_model m, const fit *ft, walk_state *st)
{
    for (size_t i = 0; i < shape->cheapest_count[m]; i++) {
        candidate c;
        cheapest_candidate(r, f, snap, &shape->cheapest[m][i], m, ft, &c);
        const candidate *floor = topk_floor(&st->heap);
        if (floor != NULL && recommend_candidate_cmp(&c, floor) >= 0) {
            if (metric_worse(&c, floor))
                return;
            continue;
        }
        c.fit = *ft;
        topk_offer(&st->heap, &c);
    }
}

static void walk_shape_offers(const rec_request *r, const rec_filters *f, const catalog *snap,
                              const sizing_requirements *req, const catalog_shape *shape, walk_state *st)
{
    for (size_t i = 0; i < shape->instance_count; i++) {
        const catalog_instance *inst = &snap->instances[shape->instances[i]];
        recommend_walk_instance(r, f, snap, req, inst, NULL, inst->first_offer, inst->offer_count, st);
    }
}

/* The offers of a shape priced under none of the allowed models. */
static size_t unpriced_offers(const catalog_shape *shape, unsigned allowed)
{
    size_t unpriced = 0;
    for (size_t i = 0; i < shape->mix_count; i++)
        if (!(shape->mixes[i].models & allowed))
            unpriced += shape->mixes[i].offers;
    return unpriced;
}

/* Whether a shape's capacity blocks are allowed: then its offers are judged one by one (price_offer() holds a block
 * to the job's length), never from the shape's cheapest prices. */
static bool blocks_need_walk(unsigned allowed, const catalog_shape *shape)
{
    return (allowed & (1u << PRICING_CAPACITY_BLOCK)) && shape->cheapest_count[PRICING_CAPACITY_BLOCK] > 0;
}

/* Every candidate of a shape fitted by ft is ranked by a figure no less than its price times a factor the fit alone
 * sets (least_figure()): under the cost objective, its hourly price over all its nodes when the job's length is
 * unknown (recommend_cost_at() leaves the total NAN), or its total over the job's hours when it is known; a served
 * model, under the cost and the balanced objectives, by its price per million tokens at the load
 * (recommend_score_candidate(): balanced adds no penalty to a served fit). */
static bool ranked_by_price(const rec_request *r, const fit *ft)
{
    if (ft->serving)
        return (r->objective == OBJECTIVE_COST || r->objective == OBJECTIVE_BALANCED) && ft->nodes >= 1 &&
               ft->load_tokens_per_s > 0 && isfinite(ft->load_tokens_per_s);
    return r->objective == OBJECTIVE_COST && ft->nodes >= 1 &&
           (isnan(ft->hours) || (ft->hours > 0 && isfinite(ft->hours)));
}

/* The least figure a candidate under model m can have at a price of cheapest (an hourly price of one node) or
 * above, fitted by ft (ranked_by_price()): a served model's price per million tokens at that price, worked out as its
 * candidates' are (recommend_cost_at(), score.c). Else that price when the job's length is unknown (a fit has at least
 * one node). Over a known length, that price over its nodes and hours, multiplied in the order recommend_cost_at() multiplies:
 * an on-demand total is exactly that, a spot total runs over expected hours that are at least the job's, and a
 * commitment bills its nodes for whole terms that hold the job's whole hours, at the price rounded to a micro-dollar
 * (cost.c); a part in 10^12 is taken off for the rounding of each. */
static double least_figure(double cheapest, pricing_model m, const fit *ft)
{
    if (ft->serving)
        return recommend_usd_per_million_tokens_at(ft, cheapest * ft->nodes);
    if (isnan(ft->hours))
        return cheapest;
    int64_t term_hours = cost_term_hours(m);
    if (term_hours == 0)
        return cheapest * ft->nodes * ft->hours * (1.0 - 1e-12);
    double committed = (double)term_hours * ceil(ceil(ft->hours) / (double)term_hours);
    return (cheapest - 1e-6) * ft->nodes * committed * (1.0 - 1e-12);
}

/* Offers a shape's instance types under model m to the heap, each from the best of its regions whose price passes,
 * judged offer by offer as recommend_walk_instance() judges them, less the tallies and notes of refusals (the
 * caller's). Cheapest instance type first: when the shape is ranked by price, only while the least figure of its
 * candidates can still enter the heap. */
static void rank_shape_by_offers(const rec_request *r, const rec_filters *f, const catalog *snap,
                                 const catalog_shape *shape, pricing_model m, const fit *ft, walk_state *st)
{
    bool by_price = ranked_by_price(r, ft);
    /* the time objective ranks a plan by the hours it expects (candidate_hours(), score.c), never fewer than the fit's
     * uninterrupted hours (a part in 10^12 off for the division a spot plan's hours come from): at 100k offers the 70B
     * training body from 8.0M instructions a call to 2.6M */
    bool by_hours = r->objective == OBJECTIVE_TIME && !ft->serving && !isnan(ft->hours);
    double least_hours = ft->hours * (1.0 - 1e-12);
    /* without a price cap, a spot price's verdict and hours are its band's (recommend_spot_cost_at()) */
    bool from_band_plans = recommend_ranked_by_band(ft, m) && !(r->max_hourly_usd > 0) && !(r->max_total_usd > 0);
    band_plans plans = {.count = 0};
    for (size_t i = 0; i < shape->cheapest_count[m]; i++) {
        const catalog_cheapest *cheapest = &shape->cheapest[m][i];
        const candidate *floor = topk_floor(&st->heap);
        if (by_price && floor != NULL && least_figure(cheapest->hourly_usd, m, ft) > floor->metric)
            return; /* so is every dearer instance type's */
        if (by_hours && floor != NULL && least_hours > floor->metric)
            return; /* so is every other instance type's */
        const catalog_instance *inst = snap->offers[cheapest->offer].instance;
        candidate best, c = {.pricing = m}; /* its fit is copied in only if it enters the heap */
        unsigned passing = 0;
        for (size_t k = inst->first_offer; k < inst->first_offer + inst->offer_count; k++) {
            const catalog_offer *offer = &snap->offers[k];
            const catalog_price *price = &offer->prices[m];
            if (!price->present || !(price->hourly_usd > 0) || !recommend_price_applies(offer, m, ft))
                continue;
            c.offer = offer;
            c.preference = recommend_region_preference(f, snap, offer->region);
            const char *provider_id = inst->provider->id, *band = price->spot_interruption;
            reject_reason reason = from_band_plans ? recommend_spot_cost_at(r, ft, m, price->hourly_usd, provider_id,
                                                                            band, &plans, &c.hourly_usd, &c.total_usd)
                                                   : recommend_cost_at(r, ft, m, price->hourly_usd, provider_id, band,
                                                                       &c.hourly_usd, &c.total_usd);
            if (reason != REJECT_NONE)
                continue;
            recommend_score_candidate(r, ft, &c);
            if (passing++ == 0 || recommend_candidate_cmp(&c, &best) < 0)
                best = c;
        }
        if (passing > 0) {
            best.regions_passing = passing;
            best.fit = *ft;
            topk_offer(&st->heap, &best);
        }
    }
}

/* Ranks a shape whose prices the caps of r all pass or all fail (the hourly one): from each instance type's cheapest
 * region, or none; false, having done nothing, when the caps split the shape. */
static bool rank_within_caps(const rec_request *r, unsigned allowed, const rec_filters *f, const catalog *snap,
                             const catalog_shape *shape, const fit *ft, walk_state *st)
{
    size_t unpriced = unpriced_offers(shape, allowed), priced = shape->offer_count - unpriced;
    bool capped = recommend_price_capped(r);
    bool all_pass = true, all_over_hourly = capped;
    for (int m = 0; m < PRICING_COUNT && capped; m++) {
        if (!(allowed & (1u << m)) || shape->cheapest_count[m] == 0)
            continue;
        double hourly_usd, total_usd;
        /* no band: the cautious default rate, above every published one, so the dearest offer's cost bounds every
         * offer's */
        const char *provider_id = shape->example->provider->id;
        if (recommend_cost_at(r, ft, (pricing_model)m, shape->dearest_usd[m], provider_id, NULL, &hourly_usd,
                              &total_usd) != REJECT_NONE)
            all_pass = false;
        if (recommend_cost_at(r, ft, (pricing_model)m, shape->cheapest[m][0].hourly_usd, provider_id, NULL,
                              &hourly_usd, &total_usd) != REJECT_MAX_HOURLY)
            all_over_hourly = false;
    }
    if (all_pass) {
        st->rejected[REJECT_PRICING] += unpriced;
        for (int m = 0; m < PRICING_COUNT && (allowed >> m) != 0; m++) {
            if (!(allowed & (1u << m)))
                continue;
            if (recommend_ranked_by_band(ft, (pricing_model)m))
                rank_shape_by_offers(r, f, snap, shape, (pricing_model)m, ft, st);
            else
                rank_shape(r, f, snap, shape, (pricing_model)m, ft, st);
        }
    } else if (all_over_hourly) {
        /* every allowed price of every offer fails the hourly cap, which is judged before the total one */
        st->rejected[REJECT_PRICING] += unpriced;
        st->rejected[REJECT_MAX_HOURLY] += priced;
        double cheapest = 0;
        for (int m = 0; m < PRICING_COUNT; m++)
            if ((allowed & (1u << m)) && shape->cheapest_count[m] > 0 &&
                (cheapest == 0 || shape->cheapest[m][0].hourly_usd < cheapest))
                cheapest = shape->cheapest[m][0].hourly_usd;
        if (cheapest > 0)
            recommend_note_over_hourly(st, cheapest * ft->nodes);
    }
    return all_pass || all_over_hourly;
}

/* Ranks a shape for a request without price caps, whose prices are refused, if at all, for their plan
 * (recommend_price_verdicts()): under the models every price passes, from each instance type's cheapest region (spot
 * over a known length, offer by offer); under those only the offers can tell, offer by offer; under those that refuse
 * every price, not at all. When every priced offer has a price that passes, the tallies follow from the shape's
 * mixes, and its refusals need no note: the notes serve only the hints of an empty answer, and the shape's own
 * candidates leave the heap non-empty. A walk that reads only its heap needs neither. False, having done nothing,
 * when the tallies need the offers. */
static bool rank_by_verdicts(const rec_request *r, unsigned allowed, const rec_filters *f, const catalog *snap,
                             const catalog_shape *shape, const fit *ft, walk_state *st)
{
    if (r->max_hourly_usd > 0 || r->max_total_usd > 0)
        return false;
    price_verdicts verdicts;
    recommend_price_verdicts(r, ft, shape, allowed, &verdicts);
    for (size_t i = 0; i < shape->mix_count && !st->heap_only; i++)
        if ((shape->mixes[i].models & allowed) != 0 && (shape->mixes[i].models & verdicts.pass) == 0)
            return false;
    st->rejected[REJECT_PRICING] += unpriced_offers(shape, allowed);
    for (int m = 0; m < PRICING_COUNT; m++) {
        if ((verdicts.pass & (1u << m)) && !recommend_ranked_by_band(ft, (pricing_model)m))
            rank_shape(r, f, snap, shape, (pricing_model)m, ft, st);
        else if ((verdicts.pass | verdicts.split) & (1u << m))
            rank_shape_by_offers(r, f, snap, shape, (pricing_model)m, ft, st);
    }
    return true;
}

/* Ranks a shape that fits the job, all of whose in_regions offers the region allow-list keeps or takes, under r's
 * pricing: from each instance type's cheapest region when every price passes the caps or none has a cap to pass,
 * offer by offer when the caps, the allow-list, or prices only their offers can judge (a spot band, a capacity
 * block's durations) split the shape and the tallies need the offers. */
static void rank_fitting_shape(const rec_request *r, unsigned allowed, const rec_filters *f, const catalog *snap,
                               const sizing_requirements *req, const catalog_shape *shape, const fit *ft,
                               size_t in_regions, walk_state *st)
{
    allowed = recommend_models_that_apply(allowed, ft);
    if (in_regions < shape->offer_count) { /* a best region is then one of the allowed ones, which only offers tell */
        walk_shape_offers(r, f, snap, req, shape, st);
        return;
    }
    if (!blocks_need_walk(allowed, shape) && rank_within_caps(r, allowed, f, snap, shape, ft, st))
        return;
    if (!rank_by_verdicts(r, allowed, f, snap, shape, ft, st))
        walk_shape_offers(r, f, snap, req, shape, st);
}

/* A twin's judgement stands for a shape's, unless the twin's own provider or retirement refused it. */
static bool twin_speaks_for(const shape_fit *twin)
{
    return twin != NULL && twin->reason != REJECT_PROVIDER && twin->reason != REJECT_RETIRED;
}

/* Shape s's fit (its GPU passed): once its provider and type are admitted, its twin's of this walk (an earlier
 * shape, so already judged, unless the twin's own provider or retirement refused it): the hardware twin; else
 * checked, a served model's speed left to wait when speed_may_wait and recommend_hardware_admit_served() can tell
 * the fit without it. Remembered in st->fits when the walk has them (speed_may_wait only then). */
static reject_reason shape_fit_of(const rec_request *r, const rec_filters *f, const catalog *snap,
                                  const sizing_requirements *req, size_t s, serving_memo *memo, bool speed_may_wait,
                                  walk_state *st, fit *scratch, fit **ft)
{
    fit *into = st->fits != NULL ? &st->fits[s].ft : scratch; /* judged in place: no second copy */
    const catalog_shape *shape = &snap->shapes[s];
    bool speed_waits = false;
    reject_reason reason = recommend_instance_admit(f, snap, shape->example);
    if (reason == REJECT_NONE) {
        size_t twin_at = shape->hardware_twin;
        const shape_fit *twin = st->fits != NULL && twin_at < s ? &st->fits[twin_at] : NULL;
        if (twin_speaks_for(twin)) {
            reason = twin->reason;
            *into = twin->ft;
            speed_waits = twin->speed_waits;
        } else if (speed_may_wait && recommend_hardware_admit_served(r, shape->example, memo, into)) {
            speed_waits = true;
        } else {
            reason = recommend_hardware_fit(r, req, shape->example, memo, into);
        }
    }
    if (st->fits != NULL) {
        st->fits[s].reason = reason;
        st->fits[s].speed_waits = speed_waits;
    }
    *ft = into;
    return reason;
}

/* Works out the speed of shape s's fit if it waits (shape_fit_of()), as r, the request of the walk that judged it,
 * fits it: from its hardware twin's when that is worked out, else now. recommend_hardware_admit_served() said the
 * fit serves; false if the fit itself finds otherwise, which the tests would catch (its offers were tallied as
 * fitting). */
static bool settle_speed(const rec_request *r, const sizing_requirements *req, const catalog *snap, size_t s,
                         serving_memo *memo, shape_fit *fits)
{
    shape_fit *own = &fits[s];
    if (!own->speed_waits)
        return own->reason == REJECT_NONE;
    own->speed_waits = false;
    size_t twin_at = snap->shapes[s].hardware_twin;
    if (twin_at < s && twin_speaks_for(&fits[twin_at]) && !fits[twin_at].speed_waits) {
        own->reason = fits[twin_at].reason;
        own->ft = fits[twin_at].ft;
    } else {
        own->reason = recommend_hardware_fit(r, req, snap->shapes[s].example, memo, &own->ft);
    }
    return own->reason == REJECT_NONE;
}

/* Whether shape s waits in pending for the pass under model m: a capacity block only for a fit it can price. */
static bool waits_for(const unsigned char *pending, const shape_fit *fits, size_t s, pricing_model m)
{
    return pending[s] && recommend_models_that_apply(1u << m, &fits[s].ft) != 0;
}

/* Whether least, the least figure of a shape's candidates, is above the full heap's worst: then none of them can
 * enter it. */
static bool beyond_heap(const walk_state *st, double least)
{
    const candidate *floor = topk_floor(&st->heap);
    return floor != NULL && least > floor->metric;
}

/* The shapes a walk set aside for the pass ranked by price (rank_by_price()): pending[s] for those waiting, their
 * fits as the walk's request judged them, and what settle_speed() needs to work out the speed of those whose
 * speed waits (the walk's request, its sizing and its memo). */
typedef struct waiting_shapes {
    const unsigned char *pending;
    bool price_alone; /* no pending fit knows the job's length or serves */
    shape_fit *fits;
    const rec_request *judge;
    const sizing_requirements *req;
    serving_memo *memo;
} waiting_shapes;

/* The shapes set aside in pending (ranked_by_price(), every price passing, every offer in an allowed region: what
 * rank_shape() alone ranks), offered to st's heap under model m in the order of their least figures, until one's is
 * above the full heap's worst: then none of its candidates, nor any later shape's, can enter. By price alone the
 * least figure is the price itself, the order of shapes_by_price. A fit whose speed waits is ordered by the least
 * figure its bound allows; when its turn comes its speed is worked out, and it is offered if its own least figure
 * can still enter (the figure is no less than the bound's, so a shape passed over now could not have entered
 * later either). The heap keeps the best under a total order (recommend_candidate_cmp()), so the order shapes are
 * offered in does not change what it holds. */
static void rank_by_price(const rec_request *r, const rec_filters *f, const catalog *snap, const waiting_shapes *w,
                          pricing_model m, walk_state *st)
{
    const size_t *order = snap->shapes_by_price[m];
    shape_fit *fits = w->fits;
    if (w->price_alone) { /* the least figure is the price: shapes_by_price is their order */
        for (size_t i = 0; i < snap->shapes_by_price_count[m]; i++) {
            size_t s = order[i];
            if (!waits_for(w->pending, fits, s, m))
                continue;
            if (beyond_heap(st, least_figure(snap->shapes[s].cheapest[m][0].hourly_usd, m, &fits[s].ft)))
                return;
            rank_shape(r, f, snap, &snap->shapes[s], m, &fits[s].ft, st);
        }
        return;
    }
    shape_bound *bounds = xmalloc((snap->shapes_by_price_count[m] + 1) * sizeof *bounds);
    size_t count = 0;
    for (size_t i = 0; i < snap->shapes_by_price_count[m]; i++)
        if (waits_for(w->pending, fits, order[i], m))
            bounds[count++] = (shape_bound){least_figure(snap->shapes[order[i]].cheapest[m][0].hourly_usd, m, &fits[order[i]].ft), order[i]};
    recommend_bounds_heapify(bounds, count);
    while (count > 0) {
        shape_bound next = recommend_bounds_take_least(bounds, &count);
        if (beyond_heap(st, next.least))
            break;
        if (fits[next.shape].speed_waits) {
            if (!settle_speed(w->judge, w->req, snap, next.shape, w->memo, fits))
                continue;
            double least = least_figure(snap->shapes[next.shape].cheapest[m][0].hourly_usd, m, &fits[next.shape].ft);
            if (beyond_heap(st, least))
                continue;
        }
        rank_shape(r, f, snap, &snap->shapes[next.shape], m, &fits[next.shape].ft, st);
    }
    free(bounds);
}

/* Why one GPU model of snap cannot run the job (REJECT_NONE when it can), and whether a walk reached one of its
 * shapes: the GPU is noted once after the walk (recommend_note_gpu_check()), not once per shape. */
typedef struct gpu_judgement {
    reject_reason reason;
    bool walked;
} gpu_judgement;

/* Each GPU model of snap judged once (caller frees). */
static gpu_judgement *judge_gpus(const rec_request *r, const rec_filters *f, const catalog *snap)
{
    gpu_judgement *judged = xcalloc(snap->gpu_count + 1, sizeof *judged);
    for (size_t g = 0; g < snap->gpu_count; g++)
        judged[g].reason = recommend_gpu_check(r, f, snap, g);
    return judged;
}

/* The GPUs a walk reached, noted as walk_offers() notes them (the notes are alike for every shape of one GPU). */
static void note_walked_gpus(const catalog *snap, const gpu_judgement *judged, walk_state *st)
{
    for (size_t g = 0; g < snap->gpu_count; g++)
        if (judged[g].walked)
            recommend_note_gpu_check(st, judged[g].reason, &snap->gpus[g]);
}

/* Whether recommend_nodes_for_gpus() refuses r->gpus on every instance type: more GPUs than any one node holds, and
 * more than max_nodes of the clustered type with the most GPUs hold. */
static bool no_type_takes_gpus(const rec_request *r, const catalog *snap)
{
    double gpus = (double)r->gpus;
    return snap->most_gpus_per_instance > 0 && gpus > snap->most_gpus_per_instance &&
           gpus > (double)r->max_nodes * snap->most_gpus_per_clustered_instance;
}

/* The same judgement as walk_offers(), one shape at a time (catalog.h): the GPU and instance checks once per shape
 * (and once per hardware), the counts of rejected offers from the shape's tallies, and prices from each instance
 * type's cheapest region. Its cost grows with the number of shapes and the limit, not with the offers. A shape is
 * walked offer by offer only when its prices straddle a price cap, or when the region allow-list takes some of its
 * offers and leaves others (a best region is then one of the allowed ones, which only the offers tell). Each side
 * (walk_side) ranks every fitting shape under its own pricing. Shapes ranked by price alone are counted in this pass
 * and ranked after it, cheapest first, until the heaps are full of better offers (rank_by_price()); a served
 * replica's speed is estimated only for those ranked. Needs snap->shapes. */
static void walk_shapes(const rec_request *r, const rec_filters *f, const catalog *snap,
                        const sizing_requirements *req, walk_state *st)
{
    if (st->heap_only && r->gpus > 0 && no_type_takes_gpus(r, snap))
        return; /* the loop below would refuse every shape the count */
    gpu_judgement *judged = judge_gpus(r, f, snap);
    serving_memo memo_room, *memo = NULL; /* on the stack: a walk's memo lives as long as the walk */
    if (recommend_fit_serves(r)) {
        recommend_serving_memo_init(&memo_room);
        memo = &memo_room;
    }
    unsigned allowed = recommend_pricing_mask(r), side_allowed[RECOMMEND_MAX_SIDES];
    bool capped = recommend_price_capped(r); /* sides change pricing, never the caps, but spot's may not finish */
    for (size_t i = 0; i < st->side_count && i < RECOMMEND_MAX_SIDES; i++)
        capped = capped || recommend_price_capped(&st->sides[i].request);
    for (size_t i = 0; i < st->side_count && i < RECOMMEND_MAX_SIDES; i++)
        side_allowed[i] = recommend_pricing_mask(&st->sides[i].request);
    /* shapes ranked by price alone wait for the cheapest-first pass below; their fits stay in st->fits */
    unsigned char *pending = st->fits != NULL && !capped ? xcalloc(snap->shape_count, 1) : NULL;
    bool any_pending = false, price_alone = true;
    /* a served model ranked by its price per token may wait for that pass to work out its speed */
    bool speed_may_wait = pending != NULL && memo != NULL &&
                          (r->objective == OBJECTIVE_COST || r->objective == OBJECTIVE_BALANCED);
    for (size_t s = 0; s < snap->shape_count; s++) {
        const catalog_shape *shape = &snap->shapes[s];
        unsigned given_nodes;
        if (st->heap_only && r->gpus > 0 && recommend_nodes_for_gpus(r, shape->example, &given_nodes) != REJECT_NONE)
            continue; /* refused whatever else it is, and a walk that reads only its heap keeps no tallies; its
                       * twins, of the same GPU count and cluster network, are refused alike */
        st->considered += shape->offer_count;
        gpu_judgement *judgement = &judged[shape->example->gpu - snap->gpus];
        judgement->walked = true;
        reject_reason gpu_reason = judgement->reason;
        reject_reason reason = gpu_reason;
        fit scratch;
        fit *ft = &scratch;
        if (reason == REJECT_NONE)
            reason = shape_fit_of(r, f, snap, req, s, memo, speed_may_wait, st, &scratch, &ft);
        recommend_note_rejection(st, reason, ft);
        /* as in walk_instance(): the GPU and provider refusals count before the region one, the others after it */
        size_t in_regions = shape->offer_count;
        if (f->region_ok != NULL && gpu_reason == REJECT_NONE && reason != REJECT_PROVIDER)
            in_regions = offers_in_regions(f, shape);
        if (reason != REJECT_NONE) {
            st->rejected[REJECT_REGION] += shape->offer_count - in_regions;
            st->rejected[reason] += in_regions;
            continue;
        }
        if (in_regions == 0) {
            st->rejected[REJECT_REGION] += shape->offer_count;
            continue;
        }
        unsigned applying = recommend_models_that_apply(allowed, ft);
        if (pending != NULL && in_regions == shape->offer_count && ranked_by_price(r, ft) &&
            !blocks_need_walk(applying, shape)) {
            /* what rank_fitting_shape() tallies when every price passes; the ranking waits */
            st->rejected[REJECT_PRICING] += unpriced_offers(shape, applying);
            pending[s] = 1;
            any_pending = true;
            price_alone = price_alone && !ft->serving && isnan(ft->hours);
            continue;
        }
        if (st->fits != NULL && !settle_speed(r, req, snap, s, memo, st->fits))
            continue; /* not met: recommend_hardware_admit_served() and the fit agree */
        rank_fitting_shape(r, allowed, f, snap, req, shape, ft, in_regions, st);
        for (size_t i = 0; i < st->side_count && i < RECOMMEND_MAX_SIDES; i++) {
            walk_side *side = &st->sides[i];
            if (in_regions == shape->offer_count && !capped)
                /* what rank_fitting_shape() does for one pricing model without a price cap, less the tallies no
                 * one reads of a side */
                rank_shape(&side->request, f, snap, shape, side->model, ft, &side->state);
            else
                rank_fitting_shape(&side->request, side_allowed[i], f, snap, req, shape, ft, in_regions,
                                   &side->state);
        }
    }
    waiting_shapes waiting = {pending, price_alone, st->fits, r, req, memo};
    for (int m = 0; m < PRICING_COUNT && any_pending; m++)
        if (allowed & (1u << m))
            rank_by_price(r, f, snap, &waiting, (pricing_model)m, st);
    for (size_t i = 0; i < st->side_count && i < RECOMMEND_MAX_SIDES && any_pending; i++)
        rank_by_price(&st->sides[i].request, f, snap, &waiting, st->sides[i].model, &st->sides[i].state);
    free(pending);
    note_walked_gpus(snap, judged, st);
    free(judged);
}

void recommend_rank(const rec_request *r, const rec_filters *f, const catalog *snap, const sizing_requirements *req,
                    walk_state *st)
{
    topk_init(&st->heap, st->items, r->limit, sizeof *st->items, recommend_candidate_order, NULL);
    for (size_t i = 0; i < st->side_count; i++) {
        walk_side *side = &st->sides[i];
        side->state.items = &side->best;
        side->state.heap_only = true; /* only its best is read (alternatives.c) */
        topk_init(&side->state.heap, &side->best, 1, sizeof side->best, recommend_candidate_order, NULL);
    }
    if (snap->shapes != NULL)
        walk_shapes(r, f, snap, req, st);
    else
        recommend_walk_offers(r, f, snap, req, st);
    topk_sort(&st->heap);
    for (size_t i = 0; i < st->side_count && snap->shapes != NULL; i++)
        topk_sort(&st->sides[i].state.heap);
}
