/* The walk of every offer (internal.h, "The walks"): each instance type checked, each of its offers priced, its best
 * region per pricing model offered to the heap. The reference the walk by shapes (rank.c) answers as, and the walk
 * that rank.c takes for a shape whose prices only its offers can tell. */
#include "engine/recommend/internal.h"

#include <stdbool.h>
#include <stddef.h>

unsigned recommend_region_preference(const rec_filters *f, const catalog *snap, const catalog_region *region)
{
    if (f->region_preference == NULL || region < snap->regions || region >= snap->regions + snap->region_count)
        return 0;
    return f->region_preference[region - snap->regions];
}

/* Prices one offer under every allowed pricing model; keeps, per model, the instance's best region in best[]. */
static void price_offer(const rec_request *r, const rec_filters *f, const catalog *snap, const catalog_offer *offer,
                        const fit *ft, candidate *best, bool *have, unsigned *passing, walk_state *st)
{
    unsigned preference = recommend_region_preference(f, snap, offer->region);
    bool any_allowed = false, any_passed = false;
    reject_reason first_failure = REJECT_NONE;
    for (int m = 0; m < PRICING_COUNT; m++) {
        const catalog_price *price = &offer->prices[m];
        if (!r->pricing_allowed[m] || !price->present || !(price->hourly_usd > 0) || !recommend_price_applies(offer, m, ft))
            continue;
        any_allowed = true;
        candidate c = {.offer = offer, .pricing = (pricing_model)m, .fit = *ft, .preference = preference};
        reject_reason failure = recommend_cost_at(r, ft, (pricing_model)m, price->hourly_usd,
                                                  offer->instance->provider->id, price->spot_interruption,
                                                  &c.hourly_usd, &c.total_usd);
        if (failure != REJECT_NONE) {
            recommend_note_refusal(st, failure, r, &c, price->spot_interruption);
            /* the hourly cap is judged first: any other refusal of another pricing model says more */
            if (first_failure == REJECT_NONE || (first_failure == REJECT_MAX_HOURLY && failure != REJECT_MAX_HOURLY))
                first_failure = failure;
            continue;
        }
        recommend_score_candidate(r, ft, &c);
        any_passed = true;
        passing[m]++;
        if (!have[m] || recommend_candidate_cmp(&c, &best[m]) < 0) {
            best[m] = c;
            have[m] = true;
        }
    }
    if (any_passed)
        return;
    st->rejected[any_allowed ? first_failure : REJECT_PRICING]++;
}

static bool region_allowed(const rec_filters *f, const catalog *snap, const catalog_region *region)
{
    if (f->region_ok == NULL)
        return true;
    if (region >= snap->regions && region < snap->regions + snap->region_count)
        return f->region_ok[region - snap->regions];
    return false;
}

void recommend_walk_instance(const rec_request *r, const rec_filters *f, const catalog *snap,
                             const sizing_requirements *req, const catalog_instance *inst,
                             const size_t *indexes, size_t first, size_t count, walk_state *st)
{
    fit ft;
    reject_reason inst_reason = recommend_instance_check(r, f, snap, req, inst, &ft);
    recommend_note_rejection(st, inst_reason, &ft);
    candidate best[PRICING_COUNT];
    bool have[PRICING_COUNT] = {false};
    unsigned passing[PRICING_COUNT] = {0};
    for (size_t k = first; k < first + count; k++) {
        const catalog_offer *offer = &snap->offers[indexes ? indexes[k] : k];
        if (inst_reason == REJECT_PROVIDER)
            st->rejected[REJECT_PROVIDER]++;
        else if (!region_allowed(f, snap, offer->region))
            st->rejected[REJECT_REGION]++;
        else if (inst_reason != REJECT_NONE)
            st->rejected[inst_reason]++;
        else
            price_offer(r, f, snap, offer, &ft, best, have, passing, st);
    }
    for (int m = 0; m < PRICING_COUNT; m++) {
        if (have[m]) {
            best[m].regions_passing = passing[m];
            topk_offer(&st->heap, &best[m]);
        }
    }
}

/* Walks only the offers of GPUs that can run the job (offers_by_gpu), one instance type at a time: an instance's
 * offers are contiguous there because offers are sorted by provider, instance, region. */
void recommend_walk_offers(const rec_request *r, const rec_filters *f, const catalog *snap,
                           const sizing_requirements *req, walk_state *st)
{
    for (size_t g = 0; g < snap->gpu_count && snap->offers_by_gpu != NULL; g++) {
        const catalog_index *index = &snap->offers_by_gpu[g];
        st->considered += index->count;
        reject_reason gpu_reason = recommend_gpu_check(r, f, snap, g);
        if (index->count > 0) /* as walk_shapes() notes them: only GPUs that are offered */
            recommend_note_gpu_check(st, gpu_reason, &snap->gpus[g]);
        if (gpu_reason != REJECT_NONE) {
            st->rejected[gpu_reason] += index->count;
            continue;
        }
        size_t i = 0;
        while (i < index->count) {
            const catalog_instance *inst = snap->offers[index->offers[i]].instance;
            size_t end = i;
            while (end < index->count && snap->offers[index->offers[end]].instance == inst)
                end++;
            recommend_walk_instance(r, f, snap, req, inst, index->offers, i, end - i, st);
            i = end;
        }
    }
}
