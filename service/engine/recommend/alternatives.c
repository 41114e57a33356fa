/* What-if alternatives: the same job changed one way (quantised, QLoRA, spot with checkpoints, a commitment, more
 * GPUs, or serving the trained model on its own fleet), each with its best offer and what it saves against the top
 * pick.
 *
 * Each alternative is a request delta, an RFC 7396 JSON Merge Patch on the request as sent (null removes a member),
 * and its best offer is found by running that changed request through the same parse, sizing and ranking as the
 * request itself (limit 1): applying the delta and asking again gives the same first pick. Only what the change
 * touches runs again, never the answer writer: a change of pricing alone is ranked inside the request's own walk
 * (walk_side), a change of precision or of the GPU count alone is sized and walked without a second parse, any
 * other change is merged and parsed. An alternative that cannot apply to the request (no lower precision, spot
 * already allowed, a job of unknown length) is not run at all. */
#include "engine/recommend/internal.h"

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "base/util.h"
#include "engine/pricing/cost.h"

/* RFC 7396 section 2: a patch object merges member by member, null deletes, anything else replaces. Returns a new
 * reference; target is borrowed. */
static json_t *merge_patch(json_t *target, const json_t *patch)
{
    if (!json_is_object(patch))
        return json_deep_copy(patch);
    json_t *result = json_is_object(target) ? json_incref(target) : json_object();
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)patch, key, value) {
        if (json_is_null(value))
            json_object_del(result, key);
        else
            json_object_set_new(result, key, merge_patch(json_object_get(result, key), value));
    }
    return result;
}

/* Sizes the parsed request r (its limit set to 1) and walks the catalog for its first pick, into alt->best: 0 when
 * one qualifies, 1 when none does, -1 when the workload cannot be sized. */
static int rank_alone(const catalog *snap, rec_request *r, const rec_filters *f, alternative *alt)
{
    sizing_requirements req;
    if (sizing_derive_figures(&r->workload, &req) != 0)
        return -1;
    r->compute_precision = req.compute_precision;
    r->limit = 1;
    walk_state st;
    memset(&st, 0, sizeof st);
    st.items = &alt->best;
    st.heap_only = true; /* an alternative is its best pick */
    if (snap->shapes != NULL && snap->shape_count > 0) /* hardware twins are judged once (rank.c) */
        st.fits = xmalloc(snap->shape_count * sizeof *st.fits);
    recommend_rank(r, f, snap, &req, &st);
    free(st.fits);
    if (st.heap.count == 0)
        return 1;
    alt->hours = recommend_candidate_hours(r, &alt->best);
    return 0;
}

/* Serving at another precision alone needs no parse: the request's parse reads workload.precision as a plain name
 * (request.c), and nothing else it parses for an inference request depends on it but the KV cache's
 * default precision, set again here as the parse sets it; so the parsed request with its precision replaced is what
 * parsing the changed request gives; its sizing and its walk are its own. */
static int run_requantised(const catalog *snap, const recommend_alternatives *alts, precision to, alternative *alt)
{
    rec_request r = *alts->request;
    r.workload.precision = to;
    if (!r.kv_cache_precision_given) {
        r.workload.kv_bytes = recommend_default_kv_bytes(to);
        recommend_serving_prepare(&r);
    }
    return rank_alone(snap, &r, alts->filters, alt);
}

/* The same for a given GPU count: parsing reads workload.gpus as a plain integer and checks it against
 * constraints.max_gpus alone (a changed request over it is invalid: -1), and sizing does not read it. */
static int run_with_gpus(const catalog *snap, const recommend_alternatives *alts, long long gpus, alternative *alt)
{
    rec_request r = *alts->request;
    if (r.max_gpus > 0 && gpus > r.max_gpus)
        return -1;
    r.gpus = gpus;
    return rank_alone(snap, &r, alts->filters, alt);
}

/* The changed request's first pick into alt->best; 0 when one qualifies, 1 when none does, -1 when the changed
 * request is invalid (*error set when error is not NULL). */
static int run_changed(const catalog *snap, const json_t *request, alternative *alt, problem **error)
{
    int rc = -1;
    rec_request r;
    rec_filters f = {NULL, NULL, NULL, NULL};
    problem *p = NULL;
    memset(&r, 0, sizeof r);
    json_t *base = json_deep_copy(request);
    json_t *changed = merge_patch(base, alt->delta);
    json_decref(base);
    if (recommend_parse(snap, changed, &r, &f, &p) != 0)
        goto out;
    rc = rank_alone(snap, &r, &f, alt);
out:
    if (error != NULL) {
        *error = p;
        p = NULL;
    }
    problem_free(p);
    recommend_filters_free(&f);
    json_decref(changed);
    return rc;
}

/* A change of pricing alone (and, for spot, checkpointing) needs no parse and no sizing: the request as parsed with
 * its pricing models replaced is what parsing the changed request gives (request.c parse_pricing). */
static void repriced_request(const rec_request *base, pricing_model model, rec_request *out)
{
    *out = *base;
    for (int m = 0; m < PRICING_COUNT; m++)
        out->pricing_allowed[m] = m == (int)model;
    out->pricing_given = true;
    if (vocab_pricing_models[model].interruptible)
        out->checkpointing = true;
    out->limit = 1;
}

/* Spot with checkpoints can apply: a job of known length that the request kept off spot or checkpoints. */
static bool spot_may_apply(const rec_request *r, const sizing_requirements *req)
{
    bool length_known = req->flops > 0 || r->job_hours > 0;
    return length_known && !workload_kind_of(r->workload.kind)->serves &&
           !(r->pricing_allowed[PRICING_SPOT] && r->checkpointing);
}

size_t recommend_alternatives_sides(const rec_request *r, const sizing_requirements *req, walk_side *sides,
                                    size_t room)
{
    static const pricing_model models[] = {PRICING_SPOT}; /* a commitment prices the pick's own offer instead */
    size_t count = 0;
    for (size_t i = 0; i < COUNT_OF(models) && count < room; i++) {
        if (models[i] == PRICING_SPOT && !spot_may_apply(r, req))
            continue;
        memset(&sides[count], 0, sizeof sides[count]);
        sides[count].model = models[i];
        repriced_request(r, models[i], &sides[count].request);
        count++;
    }
    return count;
}

/* The repriced request's first pick: from the request's own walk, which ranked that pricing as a side when the
 * snapshot has shapes (recommend_alternatives_sides() names every pricing asked for here), else by a walk of its own. */
static int run_repriced(const catalog *snap, const recommend_alternatives *alts, pricing_model model,
                        alternative *alt)
{
    for (size_t i = 0; i < alts->side_count && snap->shapes != NULL; i++) {
        const walk_side *side = &alts->sides[i];
        if (side->model != model)
            continue;
        if (side->state.heap.count == 0)
            return 1;
        alt->best = side->best;
        alt->hours = recommend_candidate_hours(&side->request, &alt->best);
        return 0;
    }
    rec_request r;
    repriced_request(alts->request, model, &r);
    walk_state st;
    memset(&st, 0, sizeof st);
    st.items = &alt->best;
    recommend_rank(&r, alts->filters, snap, alts->sizing, &st);
    if (st.heap.count == 0)
        return 1;
    alt->hours = recommend_candidate_hours(&r, &alt->best);
    return 0;
}

static void describe(alternative *alt, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void describe(alternative *alt, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    numfmt_vformat(alt->description, sizeof alt->description, fmt, args);
    va_end(args);
}

static alternative *next_slot(recommend_alternatives *alts, const char *change)
{
    if (alts->count >= RECOMMEND_MAX_ALTERNATIVES)
        return NULL;
    alternative *alt = &alts->items[alts->count];
    memset(alt, 0, sizeof *alt);
    alt->change = change;
    alt->hours = NAN;
    alt->break_even_hours = NAN;
    return alt;
}

/* The figure an alternative saves on against the top pick: the job's hours for more nodes (sooner, not cheaper), else
 * the job's total, else the price per million tokens served, else the hourly price; NULL for a serving fleet after
 * training (another job: nothing to compare). */
static const char *saving_basis(const recommend_alternatives *alts, const alternative *alt, double *top_figure,
                                double *alt_figure)
{
    const candidate *top = &alts->top, *best = &alt->best;
    *top_figure = *alt_figure = NAN;
    if (strcmp(alt->change, "serve_split") == 0)
        return NULL;
    if (strcmp(alt->change, "more_nodes") == 0) {
        *top_figure = alts->top_hours;
        *alt_figure = alt->hours;
        return "estimated_hours";
    }
    if (!isnan(top->total_usd) && !isnan(best->total_usd)) {
        *top_figure = top->total_usd;
        *alt_figure = best->total_usd;
        return "estimated_total_usd";
    }
    if (top->fit.serving && best->fit.serving) {
        *top_figure = recommend_usd_per_million_tokens(top);
        *alt_figure = recommend_usd_per_million_tokens(best);
        return "usd_per_million_tokens";
    }
    *top_figure = top->hourly_usd;
    *alt_figure = best->hourly_usd;
    return "hourly_usd";
}

/* An alternative is shown only when it saves on its basis (serve_split, another job, always is), by at least what
 * its saving_usd shows (write_saving(): a cent of a total, 0.0001 of another figure): a saving that rounds to
 * nothing is not one. */
static bool saves(const recommend_alternatives *alts, const alternative *alt)
{
    double top_figure, alt_figure;
    const char *basis = saving_basis(alts, alt, &top_figure, &alt_figure);
    if (basis == NULL)
        return true;
    double least = strcmp(basis, "estimated_total_usd") == 0 ? 0.005 : 0.00005;
    return isfinite(top_figure) && isfinite(alt_figure) && top_figure - alt_figure >= least;
}

/* Keeps the slot when its changed request found an offer worth showing (found 0) and says so; frees its delta
 * otherwise. A change run without a parse (a precision, pricing model or GPU count put into the parsed request)
 * needs no delta to run: its delta and description are made only once it is kept, since most changes tried are not
 * shown. */
static bool keep_if_worth(recommend_alternatives *alts, alternative *alt, int found,
                          bool (*worth)(const candidate *top, double top_hours, alternative *alt))
{
    const candidate *top = &alts->top;
    if (found == 0 && (worth == NULL || worth(top, alts->top_hours, alt)) && saves(alts, alt)) {
        alts->count++;
        return true;
    }
    json_decref(alt->delta);
    alt->delta = NULL;
    return false;
}

/* ---- the changes ---------------------------------------------------------------------------------------------- */

/* {outer: {inner: value}}, taking value: the shape of most deltas. */
static json_t *nested_delta(const char *outer, const char *inner, json_t *value)
{
    json_t *delta = json_object(), *member = json_object();
    json_object_set_new(member, inner, value);
    json_object_set_new(delta, outer, member);
    return delta;
}

/* constraints.pricing of a delta: the one pricing model m. */
static json_t *pricing_only(pricing_model m)
{
    json_t *list = json_array();
    json_array_append_new(list, json_string(pricing_model_name(m)));
    return list;
}

/* Serving at one step less precision: 16-bit (or fp32) to fp8, 8-bit to int4 (weights and the bytes read per token
 * halve each step; engine/perf/model.c). */
static void try_quantised(const catalog *snap, const rec_request *r, recommend_alternatives *alts)
{
    precision from = r->workload.precision, to;
    if (from == PRECISION_FP32 || from == PRECISION_TF32 || from == PRECISION_BF16 || from == PRECISION_FP16)
        to = PRECISION_FP8;
    else if (from == PRECISION_FP8 || from == PRECISION_INT8)
        to = PRECISION_INT4;
    else
        return;
    alternative *alt = next_slot(alts, "precision");
    if (alt == NULL)
        return;
    if (!keep_if_worth(alts, alt, run_requantised(snap, alts, to, alt), NULL))
        return;
    alt->delta = nested_delta("workload", "precision", json_string(precision_name(to)));
    describe(alt, "Serve the model at %s instead of %s.", precision_name(to), precision_name(from));
}

/* QLoRA (Dettmers et al., arXiv:2305.14314): the frozen weights in 4-bit NF4, adapters trained in bf16. */
static void try_qlora(const catalog *snap, const json_t *request, const rec_request *r, recommend_alternatives *alts)
{
    if (r->workload.method == FINE_TUNE_QLORA)
        return;
    alternative *alt = next_slot(alts, "qlora");
    if (alt == NULL)
        return;
    /* the precision given was the weights' for full or LoRA; QLoRA sets its own */
    alt->delta = nested_delta("workload", "fine_tuning_method", json_string("qlora"));
    json_object_set_new(json_object_get(alt->delta, "workload"), "precision", json_null());
    describe(alt, "Fine-tune with QLoRA (4-bit frozen weights, bf16 adapters) instead of %s.",
             fine_tune_method_name(r->workload.method));
    keep_if_worth(alts, alt, run_changed(snap, request, alt, NULL), NULL);
}

static bool cheaper_in_total(const candidate *top, double top_hours, alternative *alt)
{
    (void)top_hours;
    return !isnan(top->total_usd) && !isnan(alt->best.total_usd) && alt->best.total_usd < top->total_usd;
}

/* Spot with checkpoints: a job of known length that the request kept off spot. */
static void try_spot(const catalog *snap, const rec_request *r, const sizing_requirements *req,
                     recommend_alternatives *alts)
{
    if (!spot_may_apply(r, req) || vocab_pricing_models[alts->top.pricing].interruptible)
        return;
    alternative *alt = next_slot(alts, "spot");
    if (alt == NULL)
        return;
    if (!keep_if_worth(alts, alt, run_repriced(snap, alts, PRICING_SPOT, alt), cheaper_in_total))
        return;
    alt->delta = nested_delta("workload", "checkpointing", json_true());
    json_t *constraints = json_object();
    json_object_set_new(constraints, "pricing", pricing_only(PRICING_SPOT));
    json_object_set_new(alt->delta, "constraints", constraints);
    describe(alt, "Run on spot capacity, checkpointing every %.0f minutes; the hours include expected reclaims.",
             r->checkpoint_minutes);
}

/* A commitment pays when it costs less than the top pick over the job, or, for a deployment of no set length,
 * when it can pay within its term. Break-even: the hours of the top pick's use that cost as much as the whole term;
 * a served model compares per token (both at full load), since two picks serve different loads per hour. */
static bool commitment_pays(const candidate *top, double top_hours, alternative *alt)
{
    (void)top_hours;
    int64_t term_hours = cost_term_hours(alt->best.pricing);
    bool per_token = top->fit.serving && alt->best.fit.serving;
    double top_rate = per_token ? recommend_usd_per_million_tokens(top) : top->hourly_usd;
    double alt_rate = per_token ? recommend_usd_per_million_tokens(&alt->best) : alt->best.hourly_usd;
    if (term_hours <= 0 || !(top_rate > 0) || !(alt_rate > 0))
        return false;
    alt->break_even_hours = (double)term_hours * alt_rate / top_rate;
    if (!isnan(top->total_usd) && !isnan(alt->best.total_usd))
        return alt->best.total_usd < top->total_usd;
    return alt->break_even_hours < (double)term_hours;
}

/* The top pick itself, its instance type, region and nodes, under commitment m: 0 when its offer is priced so and the
 * price passes the request's caps, 1 otherwise. Another instance type would credit the commitment with what the
 * other type saves. */
static int price_committed(const recommend_alternatives *alts, pricing_model m, alternative *alt)
{
    const candidate *top = &alts->top;
    const catalog_price *price = &top->offer->prices[m];
    if (!price->present || !(price->hourly_usd > 0))
        return 1;
    candidate c = *top;
    c.pricing = m;
    c.regions_passing = 1;
    if (recommend_cost_at(alts->request, &top->fit, m, price->hourly_usd, top->offer->instance->provider->id,
                          price->spot_interruption, &c.hourly_usd, &c.total_usd) != REJECT_NONE)
        return 1;
    recommend_score_candidate(alts->request, &top->fit, &c);
    alt->best = c;
    alt->hours = recommend_candidate_hours(alts->request, &c);
    return 0;
}

/* The delta of a commitment: its pricing, and the pick's provider and region. */
static json_t *commitment_delta(const candidate *top, pricing_model m)
{
    json_t *constraints = json_object(), *delta = json_object();
    json_object_set_new(constraints, "pricing", pricing_only(m));
    json_t *providers = json_array(), *regions = json_array();
    json_array_append_new(providers, json_string(top->offer->instance->provider->id));
    json_array_append_new(regions, json_string(top->offer->region->id));
    json_object_set_new(constraints, "providers", providers);
    json_object_set_new(constraints, "regions", regions);
    json_object_set_new(delta, "constraints", constraints);
    return delta;
}

static void try_commitments(const catalog *snap, recommend_alternatives *alts)
{
    (void)snap;
    static const pricing_model terms[] = {PRICING_RESERVED_1Y, PRICING_RESERVED_3Y};
    for (size_t i = 0; i < COUNT_OF(terms); i++) {
        if (alts->top.pricing == terms[i])
            continue;
        alternative *alt = next_slot(alts, "commitment");
        if (alt == NULL)
            return;
        if (!keep_if_worth(alts, alt, price_committed(alts, terms[i], alt), commitment_pays))
            continue;
        alt->delta = commitment_delta(&alts->top, terms[i]);
        unsigned years = vocab_pricing_models[terms[i]].term_years;
        /* a month of use: 730 hours (8760 / 12), the hours a monthly price counts */
        describe(alt, "Commit for %u year%s (%s) to the same %u x %s in %s; it pays once used %.1f of its %u months.",
                 years, years == 1 ? "" : "s", vocab_pricing_models[terms[i]].display, alts->top.fit.nodes,
                 alts->top.offer->instance->id, alts->top.offer->region->id, alt->break_even_hours / 730.0,
                 12 * years);
    }
}

static bool finishes_sooner(const candidate *top, double top_hours, alternative *alt)
{
    (void)top;
    return !isnan(top_hours) && !isnan(alt->hours) && alt->hours < top_hours;
}

/* Twice the top pick's GPUs, planned with the same scaling model: sooner, at the price of lower utilisation. */
static void try_more_nodes(const catalog *snap, const rec_request *r, const sizing_requirements *req,
                           recommend_alternatives *alts)
{
    if (!(req->flops > 0) || workload_kind_of(r->workload.kind)->serves || alts->top.fit.total_gpus < 1)
        return;
    double gpus = 2.0 * ceil(alts->top.fit.total_gpus);
    if (gpus > MAX_GPUS)
        return;
    alternative *alt = next_slot(alts, "more_nodes");
    if (alt == NULL)
        return;
    if (!keep_if_worth(alts, alt, run_with_gpus(snap, alts, (long long)gpus, alt), finishes_sooner))
        return;
    alt->delta = nested_delta("workload", "gpus", json_integer((json_int_t)gpus));
    if (r->deadline_hours > 0)
        describe(alt, "Twice the GPUs (%.0f instead of %.0f), to beat the %.0f-hour deadline by more.", gpus,
                 ceil(alts->top.fit.total_gpus), r->deadline_hours);
    else
        describe(alt, "Twice the GPUs (%.0f instead of %.0f), to finish sooner.", gpus,
                 ceil(alts->top.fit.total_gpus));
}

/* workload.serve_after: the trained model served on a fleet of its own, sized as an inference request. */
static const char *const carried_over[] = {"model", "architecture", "model_params_b"};

static json_t *serving_delta(const json_t *workload, const json_t *serve_after)
{
    json_t *patch = json_object();
    const char *key;
    json_t *value;
    json_object_foreach((json_t *)workload, key, value) {
        bool keep = false;
        for (size_t i = 0; i < COUNT_OF(carried_over); i++)
            keep = keep || strcmp(key, carried_over[i]) == 0;
        if (!keep)
            json_object_set_new(patch, key, json_null());
    }
    json_object_set_new(patch, "kind", json_string(workload_kind_name(WORKLOAD_INFERENCE)));
    json_object_foreach((json_t *)serve_after, key, value) json_object_set(patch, key, value);
    json_t *delta = json_object();
    json_object_set_new(delta, "workload", patch);
    return delta;
}

/* The serving request is checked as strictly as the request itself: its problems name workload.serve_after. */
static int try_serve_split(const catalog *snap, const json_t *request, recommend_alternatives *alts, problem **error)
{
    const json_t *workload = json_object_get(request, "workload");
    const json_t *serve_after = json_object_get(workload, "serve_after");
    if (serve_after == NULL)
        return 0;
    alternative *alt = next_slot(alts, "serve_split");
    if (alt == NULL)
        return 0;
    alt->delta = serving_delta(workload, serve_after);
    describe(alt, "Serve the trained model on a fleet of its own, sized for workload.serve_after.");
    problem *invalid = NULL;
    int rc = run_changed(snap, request, alt, &invalid);
    if (rc < 0 && invalid != NULL) {
        *error = problem_new(422, "invalid-request", "Invalid request", "workload.serve_after is invalid");
        const char *field, *message;
        for (size_t i = 0; (field = problem_field_at(invalid, i, &message)) != NULL; i++) {
            char named[160];
            snprintf(named, sizeof named, "workload.serve_after.%s",
                     strncmp(field, "workload.", 9) == 0 ? field + 9 : field);
            problem_add_field(*error, named, "%s", message ? message : "is invalid");
        }
        problem_free(invalid);
        json_decref(alt->delta);
        alt->delta = NULL;
        return -1;
    }
    problem_free(invalid);
    keep_if_worth(alts, alt, rc, NULL);
    return 0;
}

/* ---- entry ---------------------------------------------------------------------------------------------------- */

int recommend_alternatives_find(const catalog *snap, const json_t *request, const rec_request *r,
                                const rec_filters *f, const sizing_requirements *req, const walk_state *st,
                                recommend_alternatives *alts, problem **error)
{
    memset(alts, 0, sizeof *alts);
    alts->request = r;
    alts->filters = f;
    alts->sizing = req;
    if (st->heap.count == 0)
        return 0; /* nothing to compare against: the hints say what to relax */
    alts->top = st->items[0];
    alts->sides = st->sides;
    alts->side_count = st->side_count;
    alts->top_hours = recommend_candidate_hours(r, &alts->top);
    if (try_serve_split(snap, request, alts, error) != 0)
        return -1;
    if (workload_kind_of(r->workload.kind)->serves && r->workload.has_model)
        try_quantised(snap, r, alts);
    if (r->workload.kind == WORKLOAD_FINE_TUNING)
        try_qlora(snap, request, r, alts);
    try_spot(snap, r, req, alts);
    try_commitments(snap, alts);
    try_more_nodes(snap, r, req, alts);
    return 0;
}

void recommend_alternatives_free(recommend_alternatives *alts)
{
    for (size_t i = 0; i < alts->count; i++)
        json_decref(alts->items[i].delta);
    alts->count = 0;
}

/* ---- the answer ----------------------------------------------------------------------------------------------- */

/* What an alternative saves against the top pick on its basis (saving_basis()): saving_usd is the money it saves
 * (negative: what it costs more; for more nodes the job's total, else null), saving_hours the job's hours it saves
 * (null when either length is unknown), saving_fraction the share of the basis figure saved. */
static void write_saving(jsonw *out, const recommend_alternatives *alts, const alternative *alt)
{
    const candidate *top = &alts->top, *best = &alt->best;
    double top_figure, alt_figure;
    const char *basis = saving_basis(alts, alt, &top_figure, &alt_figure);
    unsigned decimals = basis != NULL && strcmp(basis, "estimated_total_usd") == 0 ? 2 : 4; /* of the dollars */
    jsonw_member_string(out, "saving_basis", basis);
    bool known = basis != NULL && isfinite(top_figure) && isfinite(alt_figure) && top_figure > 0;
    double usd = NAN;
    if (basis != NULL && strcmp(basis, "estimated_hours") == 0) {
        decimals = 2;
        usd = top->total_usd - best->total_usd; /* NAN when either total is unknown */
    } else if (known) {
        usd = top_figure - alt_figure;
    }
    jsonw_member_rounded(out, "saving_usd", usd, decimals);
    double hours = basis != NULL ? alts->top_hours - alt->hours : NAN;
    jsonw_member_rounded(out, "saving_hours", hours, 4);
    jsonw_member_rounded(out, "saving_fraction", known ? (top_figure - alt_figure) / top_figure : NAN, 4);
}

static void write_pick(jsonw *out, const alternative *alt)
{
    const candidate *c = &alt->best;
    jsonw_object_begin(out);
    recommend_write_pick(out, c); /* the members POST /v1/export takes, as every recommendation's export link */
    jsonw_member_rounded(out, "gpus_total", c->fit.total_gpus, 3);
    jsonw_member_rounded(out, "hourly_usd", c->hourly_usd, 6);
    jsonw_member_rounded(out, "estimated_hours", alt->hours, 4);
    jsonw_member_rounded(out, "estimated_total_usd", c->total_usd, 2);
    jsonw_member_rounded(out, "usd_per_million_tokens", recommend_usd_per_million_tokens(c), 4);
    jsonw_object_end(out);
}

void recommend_alternatives_write(jsonw *out, const recommend_alternatives *alts)
{
    jsonw_array_begin(out);
    for (size_t i = 0; i < alts->count; i++) {
        const alternative *alt = &alts->items[i];
        jsonw_object_begin(out);
        jsonw_member_string(out, "change", alt->change);
        jsonw_member_string(out, "description", alt->description);
        jsonw_name(out, "request_delta");
        jsonw_value(out, alt->delta);
        jsonw_name(out, "recommendation");
        write_pick(out, alt);
        write_saving(out, alts, alt);
        jsonw_member_rounded(out, "break_even_hours", alt->break_even_hours, 1);
        jsonw_object_end(out);
    }
    jsonw_array_end(out);
}
