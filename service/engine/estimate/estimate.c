/* Pricing a read estimate request and writing its answer: per item and in total, every pricing model compared. */
#include "engine/estimate/internal.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "wire/jsonv.h"
#include "wire/jsonw.h"

static bool is_commitment(pricing_model model)
{
    return cost_term_hours(model) > 0;
}

static int price_item(estimate_item *item, const bool priced[PRICING_COUNT])
{
    for (int m = 0; m < PRICING_COUNT; m++) {
        const catalog_price *price = &item->offer->prices[m];
        if (!priced[m] || !price->present)
            continue;
        int64_t unit;
        int rc = cost_usd_to_micros(price->hourly_usd, &unit);
        if (rc == COST_EINVAL || (rc == 0 && unit == 0))
            continue; /* a price below half a micro-dollar an hour is not one we can estimate with: unavailable */
        if (rc != 0)
            return rc;
        rc = cost_line_compute(unit, cost_term_hours((pricing_model)m), &item->usage, &item->lines[m]);
        if (rc != 0)
            return rc;
        item->unit_micros[m] = unit;
        item->available[m] = true;
    }
    return 0;
}

/* A money figure in USD, rounded to the cent only here (cost.h). */
static void write_usd(jsonw *out, int64_t micros)
{
    jsonw_real(out, (double)cost_micros_to_cents(micros) / 100.0);
}

/* A member named in the source whose value is a money figure. */
#define member_usd(out, name, micros) (jsonw_name((out), name), write_usd((out), (micros)))

/* A percentage to 2 decimals; null when it has no value. */
static void write_pct(jsonw *out, double pct)
{
    jsonw_real(out, isfinite(pct) ? cost_round2(pct) : NAN);
}

/* The money of one line (an item's, or the fleet's sum): hourly, monthly and total USD, and the saving against the
 * on-demand total when there is one (has_on_demand). */
static void write_line_money(jsonw *out, const cost_line *line, bool has_on_demand, int64_t on_demand_total)
{
    member_usd(out, "hourly_usd", line->hourly_micros);
    member_usd(out, "monthly_usd", line->monthly_micros);
    member_usd(out, "total_usd", line->total_micros);
    jsonw_name(out, "savings_vs_on_demand_pct");
    write_pct(out, has_on_demand ? cost_savings_pct(on_demand_total, line->total_micros) : NAN);
}

/* What whole commitment terms owe (a line's or the fleet's), and the saving that would be against the on-demand total
 * when there is one (has_on_demand). */
static void write_commitment_money(jsonw *out, const cost_line *line, bool has_on_demand, int64_t on_demand_total)
{
    member_usd(out, "commitment_total_usd", line->commitment_total_micros);
    jsonw_name(out, "commitment_savings_vs_on_demand_pct");
    write_pct(out, has_on_demand ? cost_savings_pct(on_demand_total, line->commitment_total_micros) : NAN);
}

/* The longest sentence an estimate writes, with its NUL. */
#define SENTENCE_BYTES 512

static const char SPOT_CAVEAT[] =
    "spot instances can be reclaimed by the provider at short notice; total_usd assumes they run uninterrupted at "
    "today's spot price, which moves with demand";

/* An item's figures on one pricing model: the members of its by_pricing entry, in the order the contract shows them,
 * then the price itself and the warnings that go with it. */
static void write_item_pricing(jsonw *out, const estimate *est, const estimate_item *item, pricing_model model)
{
    const char *name = pricing_model_name(model);
    jsonw_object_begin(out);
    if (!item->available[model]) {
        jsonw_member_bool(out, "available", false);
        jsonw_name(out, "reason");
        jsonw_stringf(out, SENTENCE_BYTES, "the catalog has no %s price for %s %s in %s", name, item->provider_id,
                      item->instance_id, item->region_id);
        jsonw_object_end(out);
        return;
    }
    const cost_line *line = &item->lines[model];
    const catalog_price *price = &item->offer->prices[model];
    bool has_on_demand = item->available[PRICING_ON_DEMAND];
    const cost_line *on_demand = &item->lines[PRICING_ON_DEMAND];
    double break_even = NAN;

    jsonw_member_bool(out, "available", true);
    jsonw_member_real(out, "unit_hourly_usd", (double)item->unit_micros[model] / COST_MICROS_PER_USD);
    write_line_money(out, line, has_on_demand, on_demand->total_micros);
    if (model == PRICING_SPOT)
        jsonw_member_string(out, "interruption", price->spot_interruption);
    if (is_commitment(model)) {
        if (has_on_demand)
            break_even = cost_break_even_pct(item->unit_micros[model], item->unit_micros[PRICING_ON_DEMAND]);
        jsonw_name(out, "break_even_utilisation_pct");
        write_pct(out, break_even);
        jsonw_member_integer(out, "commitment_term_hours", line->term_hours);
        jsonw_member_integer(out, "commitment_terms", line->terms);
        write_commitment_money(out, line, has_on_demand, on_demand->total_micros);
    }
    jsonw_name(out, "price");
    estimate_write_price(out, est->snap, price);

    jsonw_name(out, "warnings");
    jsonw_array_begin(out);
    if (model == PRICING_SPOT) {
        if (price->spot_interruption)
            jsonw_stringf(out, SENTENCE_BYTES, "%s (interruption frequency %s)", SPOT_CAVEAT,
                          price->spot_interruption);
        else
            jsonw_string(out, SPOT_CAVEAT);
    }
    if (is_commitment(model)) {
        if (line->commitment_total_micros > line->total_micros)
            jsonw_stringf(out, SENTENCE_BYTES,
                          "a %s commitment cannot be cancelled: %lld term(s) of %lld hours are owed "
                          "(commitment_total_usd) for a period of %lld hours; total_usd is only the period's share",
                          name, (long long)line->terms, (long long)line->term_hours,
                          (long long)item->usage.period_hours);
        if (has_on_demand && line->total_micros > on_demand->total_micros)
            jsonw_stringf(out, SENTENCE_BYTES,
                          "at %.1f%% utilisation, below the %.2f%% break-even, on_demand costs less than %s",
                          (double)item->usage.usage_hours * 100.0 / (double)item->usage.period_hours,
                          cost_round2(break_even), name);
    }
    estimate_write_price_warnings(out, est, item, price, model);
    jsonw_array_end(out);
    jsonw_object_end(out);
}

static void write_item(jsonw *out, const estimate *est, const estimate_item *item)
{
    jsonw_object_begin(out);
    jsonw_member_string(out, "provider", item->provider_id);
    jsonw_member_string(out, "instance_type", item->instance_id);
    jsonw_member_string(out, "region", item->region_id);
    jsonw_member_integer(out, "count", item->count);
    if (item->hours > 0) {
        jsonw_member_integer(out, "hours", item->hours);
    } else {
        jsonw_member_integer(out, "months", item->months);
        jsonw_member_integer(out, "hours_per_month", item->hours_per_month);
    }
    const catalog_instance *instance = item->offer->instance;
    jsonw_name(out, "gpu");
    jsonw_object_begin(out);
    jsonw_member_string(out, "id", instance->gpu ? instance->gpu->id : NULL);
    jsonw_member_string(out, "name", instance->gpu ? instance->gpu->name : NULL);
    jsonw_member_real(out, "count", instance->gpu_count);
    jsonw_object_end(out);
    jsonw_member_integer(out, "usage_hours", item->usage.usage_hours);
    jsonw_member_integer(out, "period_hours", item->usage.period_hours);
    jsonw_member_real(out, "utilisation_pct",
                      cost_round2((double)item->usage.usage_hours * 100.0 / (double)item->usage.period_hours));
    jsonw_name(out, "by_pricing");
    jsonw_object_begin(out);
    for (int m = 0; m < PRICING_COUNT; m++) {
        if (!est->compared[m])
            continue;
        jsonw_key(out, pricing_model_name((pricing_model)m));
        write_item_pricing(out, est, item, (pricing_model)m);
    }
    jsonw_object_end(out);
    jsonw_object_end(out);
}

/* The fleet's sums per model, worked out before anything is written: complete[m] when every item has model m (only
 * those are shown). Every item that has a model is summed even when another lacks it, so a fleet whose costs do not fit
 * is refused whichever models it has. COST_ERANGE when a sum does not fit. */
static int sum_models(const estimate *est, cost_line sums[PRICING_COUNT], bool complete[PRICING_COUNT])
{
    for (int m = 0; m < PRICING_COUNT; m++) {
        complete[m] = false;
        if (!est->priced[m])
            continue;
        sums[m] = (cost_line){0};
        complete[m] = true;
        for (size_t i = 0; i < est->item_count; i++) {
            const estimate_item *item = &est->items[i];
            if (!item->available[m])
                complete[m] = false;
            else if (cost_line_add(&sums[m], &item->lines[m]) != 0)
                return COST_ERANGE;
        }
    }
    return 0;
}

static void write_totals(jsonw *out, const estimate *est, const cost_line sums[PRICING_COUNT],
                         const bool complete[PRICING_COUNT])
{
    long long instances = 0;
    for (size_t i = 0; i < est->item_count; i++)
        instances += est->items[i].count;
    jsonw_object_begin(out);
    jsonw_member_integer(out, "count", instances);
    jsonw_name(out, "by_pricing");
    jsonw_object_begin(out);
    bool has_on_demand = complete[PRICING_ON_DEMAND];
    for (int m = 0; m < PRICING_COUNT; m++) {
        if (!est->compared[m])
            continue;
        const char *name = pricing_model_name((pricing_model)m);
        jsonw_key(out, name);
        jsonw_object_begin(out);
        if (!complete[m]) {
            jsonw_member_bool(out, "available", false);
            jsonw_name(out, "missing_items");
            jsonw_array_begin(out);
            for (size_t i = 0; i < est->item_count; i++)
                if (!est->items[i].available[m])
                    jsonw_integer(out, (long long)i);
            jsonw_array_end(out);
            jsonw_name(out, "reason");
            jsonw_stringf(out, SENTENCE_BYTES, "not every item has a %s price; see missing_items", name);
            jsonw_object_end(out);
            continue;
        }
        const cost_line *sum = &sums[m];
        const int64_t on_demand_total = has_on_demand ? sums[PRICING_ON_DEMAND].total_micros : 0;
        jsonw_member_bool(out, "available", true);
        write_line_money(out, sum, has_on_demand, on_demand_total);
        if (is_commitment((pricing_model)m))
            write_commitment_money(out, sum, has_on_demand, on_demand_total);
        jsonw_name(out, "warnings");
        jsonw_array_begin(out);
        if (m == PRICING_SPOT)
            jsonw_string(out, SPOT_CAVEAT);
        if (is_commitment((pricing_model)m) && sum->commitment_total_micros > sum->total_micros)
            jsonw_stringf(out, SENTENCE_BYTES,
                          "commitments cannot be cancelled: whole %s terms owe commitment_total_usd, more "
                          "than total_usd for the estimated periods",
                          name);
        jsonw_array_end(out);
        jsonw_object_end(out);
    }
    jsonw_object_end(out);
    jsonw_object_end(out);
}

static void write_fx_rates(jsonw *out, const estimate *est)
{
    const char *seen[FX_CURRENCIES_LISTED];
    size_t seen_count = 0;
    jsonw_array_begin(out);
    for (size_t i = 0; i < est->item_count; i++) {
        const estimate_item *item = &est->items[i];
        for (int m = 0; m < PRICING_COUNT; m++) {
            if (!est->compared[m] || !item->available[m])
                continue;
            const char *currency = item->offer->prices[m].currency;
            if (currency == NULL || strcmp(currency, "USD") == 0)
                continue;
            bool listed = false;
            for (size_t k = 0; k < seen_count && !listed; k++)
                listed = strcmp(seen[k], currency) == 0;
            if (listed || seen_count == sizeof seen / sizeof seen[0])
                continue;
            seen[seen_count++] = currency;
            const catalog_fx *fx = catalog_find_fx(est->snap, currency);
            jsonw_object_begin(out);
            jsonw_member_string(out, "currency", currency);
            jsonw_member_real(out, "usd_per_unit", item->offer->prices[m].usd_per_unit);
            jsonw_member_string(out, "source", fx ? fx->source : NULL);
            jsonw_member_string(out, "as_of", fx ? fx->as_of : NULL);
            jsonw_object_end(out);
        }
    }
    jsonw_array_end(out);
}

static problem *invalid_request(int status)
{
    return problem_new(status, "invalid-request", "Invalid request",
                       "The estimate request has invalid fields; each is named in errors.");
}

int estimate_write(const catalog *snap, const json_t *request, const estimate_options *opts, jsonw *out,
                   problem **error)
{
    static const char *const allowed[] = {"items", "pricing"};
    estimate est = {.snap = snap, .opts = opts};
    problem *p = NULL;
    cost_line sums[PRICING_COUNT];
    bool complete[PRICING_COUNT];
    int rc = -1;
    *error = NULL;

    if (request == NULL || !json_is_object(request)) {
        p = invalid_request(400);
        problem_add_field(p, "body", "the body must be a JSON object, not %s",
                          request ? jsonv_type_name(request) : "empty");
        goto out;
    }
    p = invalid_request(422);
    jsonv_reject_unknown(request, "", allowed, sizeof allowed / sizeof allowed[0], p);
    bool explicit_pricing = false;
    estimate_read_pricing(request, est.compared, &explicit_pricing, p);

    const json_t *items = json_object_get(request, "items");
    if (items == NULL || json_is_null(items)) {
        problem_add_field(p, "items", "is required: an array of 1 to %d fleet items", ESTIMATE_MAX_ITEMS);
    } else if (!json_is_array(items)) {
        problem_add_field(p, "items", "must be an array of objects, not %s", jsonv_type_name(items));
    } else if (json_array_size(items) == 0) {
        problem_add_field(p, "items", "must have at least 1 item");
    } else if (json_array_size(items) > ESTIMATE_MAX_ITEMS) {
        problem_add_field(p, "items", "must have at most %d items, not %zu", ESTIMATE_MAX_ITEMS,
                          json_array_size(items));
    } else {
        est.item_count = json_array_size(items);
        est.items = xcalloc(est.item_count, sizeof est.items[0]);
        for (size_t i = 0; i < est.item_count; i++)
            estimate_read_item(snap, json_array_get(items, i), i, &est.items[i], p);
    }
    if (problem_field_count(p) > 0)
        goto out;

    if (!explicit_pricing)
        for (size_t i = 0; i < est.item_count; i++)
            for (int m = 0; m < PRICING_COUNT; m++)
                est.compared[m] = est.compared[m] || est.items[i].offer->prices[m].present;
    for (int m = 0; m < PRICING_COUNT; m++)
        est.priced[m] = est.compared[m] || m == PRICING_ON_DEMAND;
    for (size_t i = 0; i < est.item_count; i++) {
        if (price_item(&est.items[i], est.priced) != 0) {
            char path[64];
            jsonv_index_path(path, sizeof path, "items", i);
            problem_add_field(p, path, "this item's cost is beyond what the service computes (about 9.2 trillion "
                                       "USD); lower count or hours");
        }
    }
    if (problem_field_count(p) > 0)
        goto out;
    if (sum_models(&est, sums, complete) != 0) {
        problem_add_field(p, "items", "the fleet's total cost is beyond what the service computes (about 9.2 "
                                      "trillion USD); split the estimate");
        goto out;
    }

    /* everything is known to fit: from here the answer is only written */
    jsonw_object_begin(out);
    jsonw_member_fixed(out, "currency", "USD");
    jsonw_member_integer(out, "hours_per_month", COST_HOURS_PER_MONTH);
    jsonw_name(out, "pricing");
    jsonw_array_begin(out);
    for (int m = 0; m < PRICING_COUNT; m++)
        if (est.compared[m])
            jsonw_string(out, pricing_model_name((pricing_model)m));
    jsonw_array_end(out);
    jsonw_name(out, "items");
    jsonw_array_begin(out);
    for (size_t i = 0; i < est.item_count; i++)
        write_item(out, &est, &est.items[i]);
    jsonw_array_end(out);
    jsonw_name(out, "totals");
    write_totals(out, &est, sums, complete);
    jsonw_name(out, "fx_rates");
    write_fx_rates(out, &est);
    jsonw_member_string(out, "catalog_version", snap->version);
    jsonw_object_end(out);
    rc = 0;

out:
    if (rc == 0)
        problem_free(p);
    else
        *error = p;
    free(est.items);
    return rc;
}

int estimate_run(const catalog *snap, const json_t *request, json_t **result, problem **error)
{
    return estimate_run_with(snap, request, NULL, result, error);
}

int estimate_run_with(const catalog *snap, const json_t *request, const estimate_options *opts, json_t **result,
                      problem **error)
{
    *result = NULL;
    jsonw text;
    jsonw_init(&text, 4096);
    if (estimate_write(snap, request, opts, &text, error) != 0) {
        jsonw_discard(&text);
        return -1;
    }
    size_t len;
    char *written = jsonw_finish(&text, &len);
    *result = json_loadb(written, len, 0, NULL); /* the writer's own output: cannot fail but for memory */
    free(written);
    if (*result == NULL) {
        *error = problem_new(500, "internal", "Internal Server Error", "the estimate could not be read back");
        return -1;
    }
    return 0;
}
