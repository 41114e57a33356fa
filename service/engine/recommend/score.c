/* What a candidate costs and how candidates rank (internal.h): the objective's figures, the total order,
 * the price of a plan under one pricing model and the hours it is expected to take. */
#include "engine/recommend/internal.h"

#include <math.h>
#include <string.h>

#include "engine/perf/plan.h"
#include "engine/pricing/cost.h"

/* The job's expected hours on a candidate: a spot plan's include its expected interruptions (its total is the hourly
 * price over those hours, recommend_cost_at()). */
static double candidate_hours(const fit *ft, const candidate *c)
{
    if (isnan(ft->hours) || !vocab_pricing_models[c->pricing].interruptible || !(c->hourly_usd > 0))
        return ft->hours;
    return c->total_usd / c->hourly_usd;
}

/* A served model is judged by what users of it get: cost per million output tokens at the load (cost; with a load
 * given, the replicas that carry it over that load; balanced, with the fit's drawbacks), the time one request takes
 * (time). */
static bool score_served(const rec_request *r, const fit *ft, candidate *c)
{
    if (!ft->serving)
        return false;
    switch (r->objective) {
    case OBJECTIVE_COST:
        c->metric = recommend_usd_per_million_tokens_at(ft, c->hourly_usd);
        c->second = c->hourly_usd;
        return true;
    case OBJECTIVE_BALANCED:
        c->metric = recommend_usd_per_million_tokens_at(ft, c->hourly_usd) * ft->penalty;
        c->second = c->hourly_usd;
        return true;
    case OBJECTIVE_TIME:
        c->metric = recommend_request_seconds(r, ft);
        c->second = c->hourly_usd;
        return true;
    case OBJECTIVE_EFFICIENCY:
    case OBJECTIVE_COUNT: break;
    }
    return false;
}

void recommend_score_candidate(const rec_request *r, const fit *ft, candidate *c)
{
    if (score_served(r, ft, c))
        return;
    switch (r->objective) {
    case OBJECTIVE_COST:
        c->metric = isnan(c->total_usd) ? c->hourly_usd : c->total_usd;
        c->second = isnan(ft->hours) ? 1.0 / ft->throughput : candidate_hours(ft, c);
        break;
    case OBJECTIVE_TIME:
        c->metric = isnan(ft->hours) ? 1.0 / ft->throughput : candidate_hours(ft, c);
        c->second = isnan(c->total_usd) ? c->hourly_usd : c->total_usd;
        break;
    case OBJECTIVE_BALANCED:
        c->metric = c->hourly_usd / ft->throughput * ft->penalty;
        c->second = c->hourly_usd;
        break;
    case OBJECTIVE_EFFICIENCY:
        /* the geometric mean of watts per unit of throughput and dollars per unit of throughput */
        c->metric = sqrt(ft->watts / ft->throughput * c->hourly_usd / ft->throughput) * ft->penalty;
        c->second = c->hourly_usd;
        break;
    case OBJECTIVE_COUNT: break;
    }
}

int recommend_candidate_cmp(const candidate *a, const candidate *b)
{
    if (a->metric != b->metric)
        return a->metric < b->metric ? -1 : 1;
    if (a->second != b->second)
        return a->second < b->second ? -1 : 1;
    if (a->preference != b->preference) /* constraints.prefer_regions: among equals, the earlier entry */
        return a->preference < b->preference ? -1 : 1;
    /* the snapshot holds each provider, type and region once: the same one needs no comparison of names */
    const catalog_instance *ia = a->offer->instance, *ib = b->offer->instance;
    int diff = ia->provider == ib->provider ? 0 : strcmp(ia->provider->id, ib->provider->id);
    if (diff == 0 && ia != ib)
        diff = strcmp(ia->id, ib->id);
    const catalog_region *ra = a->offer->region, *rb = b->offer->region;
    if (diff == 0 && ra->tie_rank != rb->tie_rank) /* the snapshot's tie order */
        diff = ra->tie_rank < rb->tie_rank ? -1 : 1;
    if (diff == 0 && ra != rb)
        diff = strcmp(ra->id, rb->id);
    if (diff == 0)
        diff = (int)a->pricing - (int)b->pricing;
    return diff;
}

int recommend_candidate_order(const void *a, const void *b, void *ctx)
{
    (void)ctx;
    return recommend_candidate_cmp(a, b);
}

reject_reason recommend_plan_check(const rec_request *r, const fit *ft, pricing_model m, const char *provider_id,
                                   const char *band)
{
    if (isnan(ft->hours))
        return REJECT_NONE;
    if (ft->hours > MAX_JOB_HOURS)
        return REJECT_TOO_LONG;
    if (!vocab_pricing_models[m].interruptible)
        return REJECT_NONE;
    plan_spot spot;
    double hours = recommend_spot_hours(r, ft, provider_id, band, &spot, NULL);
    /* without checkpoints every reclaim restarts the job: e^(L T) - 1 restarts expected before one run goes through */
    if (!r->checkpointing && spot.fleet_rate_per_hour > 0 && spot.fleet_rate_per_hour * ft->hours >= M_LN2)
        return REJECT_SPOT_CANNOT_FINISH;
    if (r->deadline_hours > 0 && hours > r->deadline_hours)
        return REJECT_DEADLINE; /* the reclaims push it past the deadline its nodes were planned for */
    return hours > MAX_JOB_HOURS || !isfinite(hours) ? REJECT_TOO_LONG : REJECT_NONE;
}

reject_reason recommend_cost_at(const rec_request *r, const fit *ft, pricing_model m, double price_hourly_usd,
                                const char *provider_id, const char *band, double *hourly_usd, double *total_usd)
{
    *hourly_usd = price_hourly_usd * ft->nodes;
    *total_usd = NAN;
    reject_reason unfinishable = recommend_plan_check(r, ft, m, provider_id, band);
    if (unfinishable != REJECT_NONE)
        return unfinishable;
    if (r->max_hourly_usd > 0 && *hourly_usd > r->max_hourly_usd)
        return REJECT_MAX_HOURLY;
    if (!isnan(ft->hours)) {
        int64_t term_hours = cost_term_hours(m);
        int64_t unit_micros, total_micros;
        if (vocab_pricing_models[m].interruptible) {
            /* reclaims cost the work since the last checkpoint and a restart: the job runs longer (plan.c) */
            plan_spot spot;
            *total_usd = *hourly_usd * recommend_spot_hours(r, ft, provider_id, band, &spot, NULL);
        } else if (term_hours == 0) {
            *total_usd = *hourly_usd * ft->hours;
        } else if (cost_usd_to_micros(price_hourly_usd, &unit_micros) == 0 &&
                   cost_commitment_job_micros(unit_micros, ft->nodes, term_hours, ft->hours, &total_micros) == 0) {
            /* a commitment bills whole terms whether the job uses them or not, in cost.c's exact arithmetic */
            *total_usd = (double)total_micros / COST_MICROS_PER_USD;
        } else {
            *total_usd = INFINITY; /* beyond what int64 micro-dollars hold: past any budget */
        }
    }
    if (r->max_total_usd > 0 && !isnan(*total_usd) && *total_usd > r->max_total_usd)
        return REJECT_MAX_TOTAL;
    return REJECT_NONE;
}

reject_reason recommend_spot_cost_at(const rec_request *r, const fit *ft, pricing_model m, double price_hourly_usd,
                                     const char *provider_id, const char *band, band_plans *plans, double *hourly_usd,
                                     double *total_usd)
{
    const band_plan *plan = NULL;
    for (size_t i = 0; i < plans->count && plan == NULL; i++) {
        const band_plan *p = &plans->known[i];
        if (p->provider_id == provider_id && (p->band == band || (p->band && band && strcmp(p->band, band) == 0)))
            plan = p;
    }
    if (plan == NULL && plans->count == BAND_PLANS)
        return recommend_cost_at(r, ft, m, price_hourly_usd, provider_id, band, hourly_usd, total_usd);
    if (plan == NULL) {
        band_plan *judged = &plans->known[plans->count++];
        *judged = (band_plan){provider_id, band, recommend_plan_check(r, ft, m, provider_id, band), NAN};
        if (judged->reason == REJECT_NONE) {
            plan_spot spot;
            judged->hours = recommend_spot_hours(r, ft, provider_id, band, &spot, NULL);
        }
        plan = judged;
    }
    /* as recommend_cost_at() works them out */
    *hourly_usd = price_hourly_usd * ft->nodes;
    *total_usd = plan->reason == REJECT_NONE ? *hourly_usd * plan->hours : NAN;
    return plan->reason;
}

bool recommend_ranked_by_band(const fit *ft, pricing_model m)
{
    return vocab_pricing_models[m].interruptible && !isnan(ft->hours);
}

double recommend_candidate_hours(const rec_request *r, const candidate *c)
{
    double hours = c->fit.hours;
    if (vocab_pricing_models[c->pricing].interruptible && !isnan(hours)) {
        plan_spot spot; /* a spot plan's hours include its expected interruptions */
        hours = recommend_spot_hours(r, &c->fit, c->offer->instance->provider->id,
                                     c->offer->prices[c->pricing].spot_interruption, &spot, NULL);
    }
    return hours;
}

/* Whether the offer may be priced under model m for the job: a capacity block only for a job of known length that
 * fits the block's durations (a shorter job would pay for hours it does not use); a type sold only by reservation
 * never on-demand or spot. */
bool recommend_price_applies(const catalog_offer *offer, int m, const fit *ft)
{
    if (offer->instance->reservation_only && (m == PRICING_ON_DEMAND || m == PRICING_SPOT))
        return false;
    const catalog_price *price = &offer->prices[m];
    return m != PRICING_CAPACITY_BLOCK ||
           (!isnan(ft->hours) && !(ft->hours < price->min_hours) && !(ft->hours > price->max_hours));
}

unsigned recommend_pricing_mask(const rec_request *r)
{
    unsigned allowed = 0;
    for (int m = 0; m < PRICING_COUNT; m++)
        if (r->pricing_allowed[m])
            allowed |= 1u << m;
    return allowed;
}

bool recommend_price_capped(const rec_request *r)
{
    bool length_known = r->job_hours > 0 || r->workload.tokens_b > 0;
    return r->max_hourly_usd > 0 || r->max_total_usd > 0 || (length_known && r->pricing_allowed[PRICING_SPOT]);
}

unsigned recommend_models_that_apply(unsigned allowed, const fit *ft)
{
    return isnan(ft->hours) ? allowed & ~(1u << PRICING_CAPACITY_BLOCK) : allowed;
}

void recommend_price_verdicts(const rec_request *r, const fit *ft, const catalog_shape *shape, unsigned models,
                              price_verdicts *out)
{
    *out = (price_verdicts){0, 0, 0};
    const char *provider_id = shape->example->provider->id;
    for (int m = 0; m < PRICING_COUNT; m++) {
        unsigned bit = 1u << m;
        if (!(models & bit) || shape->cheapest_count[m] == 0)
            continue;
        if (m == PRICING_CAPACITY_BLOCK && !isnan(ft->hours)) { /* each block has durations of its own */
            out->split |= bit;
            continue;
        }
        /* the cautious default's rate is above every band's: a plan it lets finish, every band lets finish */
        reject_reason cautious = recommend_plan_check(r, ft, (pricing_model)m, provider_id, NULL);
        if (cautious == REJECT_NONE)
            out->pass |= bit;
        /* each condition of the check only grows with the rate: one that holds at the mildest band holds at every
         * band, one that fails at the cautious default fails at every band, so the same first refusal at both is
         * every band's */
        else if (!vocab_pricing_models[m].interruptible ||
                 recommend_plan_check(r, ft, (pricing_model)m, provider_id, plan_spot_mildest_band()) == cautious)
            out->refused |= bit;
        else
            out->split |= bit;
    }
}
