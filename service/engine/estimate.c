/* Pricing a read estimate request and writing its answer: per item and in total, every pricing model compared. */
#include "engine/estimate_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "wire/jsonv.h"

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

static json_t *usd_json(int64_t micros)
{
    return json_real((double)cost_micros_to_cents(micros) / 100.0);
}

static json_t *pct_json(double pct)
{
    return isfinite(pct) ? json_real(cost_round2(pct)) : json_null();
}

static const catalog_fx *find_fx(const catalog *snap, const char *currency)
{
    for (size_t i = 0; i < snap->fx_count; i++)
        if (strcmp(snap->fx[i].currency, currency) == 0)
            return &snap->fx[i];
    return NULL;
}

static json_t *string_or_null(const char *text)
{
    return text ? json_string(text) : json_null();
}

static void add_warning(json_t *warnings, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add_warning(json_t *warnings, const char *fmt, ...)
{
    char text[512];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    json_array_append_new(warnings, json_string(text));
}

static const char SPOT_CAVEAT[] =
    "spot instances can be reclaimed by the provider at short notice; total_usd assumes they run uninterrupted at "
    "today's spot price, which moves with demand";

static json_t *item_pricing_json(const estimate *est, const estimate_item *item, pricing_model model)
{
    const char *name = pricing_model_name(model);
    json_t *out = json_object();
    if (!item->available[model]) {
        char reason[512];
        snprintf(reason, sizeof reason, "the catalog has no %s price for %s %s in %s", name, item->provider_id,
                 item->instance_id, item->region_id);
        json_object_set_new(out, "available", json_false());
        json_object_set_new(out, "reason", json_string(reason));
        return out;
    }
    const cost_line *line = &item->lines[model];
    const catalog_price *price = &item->offer->prices[model];
    bool has_on_demand = item->available[PRICING_ON_DEMAND];
    const cost_line *on_demand = &item->lines[PRICING_ON_DEMAND];
    json_t *warnings = json_array();

    json_object_set_new(out, "available", json_true());
    json_object_set_new(out, "unit_hourly_usd", json_real((double)item->unit_micros[model] / COST_MICROS_PER_USD));
    json_object_set_new(out, "hourly_usd", usd_json(line->hourly_micros));
    json_object_set_new(out, "monthly_usd", usd_json(line->monthly_micros));
    json_object_set_new(out, "total_usd", usd_json(line->total_micros));
    json_object_set_new(out, "savings_vs_on_demand_pct",
                        has_on_demand ? pct_json(cost_savings_pct(on_demand->total_micros, line->total_micros))
                                      : json_null());
    if (model == PRICING_SPOT) {
        json_object_set_new(out, "interruption", string_or_null(price->spot_interruption));
        if (price->spot_interruption)
            add_warning(warnings, "%s (interruption frequency %s)", SPOT_CAVEAT, price->spot_interruption);
        else
            add_warning(warnings, "%s", SPOT_CAVEAT);
    }
    if (is_commitment(model)) {
        double break_even = has_on_demand ? cost_break_even_pct(item->unit_micros[model],
                                                                item->unit_micros[PRICING_ON_DEMAND])
                                          : NAN;
        json_object_set_new(out, "break_even_utilisation_pct", pct_json(break_even));
        json_object_set_new(out, "commitment_term_hours", json_integer(line->term_hours));
        json_object_set_new(out, "commitment_terms", json_integer(line->terms));
        json_object_set_new(out, "commitment_total_usd", usd_json(line->commitment_total_micros));
        json_object_set_new(out, "commitment_savings_vs_on_demand_pct",
                            has_on_demand
                                ? pct_json(cost_savings_pct(on_demand->total_micros, line->commitment_total_micros))
                                : json_null());
        if (line->commitment_total_micros > line->total_micros)
            add_warning(warnings,
                        "a %s commitment cannot be cancelled: %lld term(s) of %lld hours are owed "
                        "(commitment_total_usd) for a period of %lld hours; total_usd is only the period's share",
                        name, (long long)line->terms, (long long)line->term_hours,
                        (long long)item->usage.period_hours);
        if (has_on_demand && line->total_micros > on_demand->total_micros)
            add_warning(warnings,
                        "at %.1f%% utilisation, below the %.2f%% break-even, on_demand costs less than %s",
                        (double)item->usage.usage_hours * 100.0 / (double)item->usage.period_hours,
                        cost_round2(break_even), name);
    }

    json_object_set_new(out, "price", estimate_price_json(est->snap, price));
    estimate_price_warnings(est, item, price, model, warnings);
    json_object_set_new(out, "warnings", warnings);
    return out;
}

static json_t *item_json(const estimate *est, const estimate_item *item)
{
    json_t *out = json_object();
    json_object_set_new(out, "provider", json_string(item->provider_id));
    json_object_set_new(out, "instance_type", json_string(item->instance_id));
    json_object_set_new(out, "region", json_string(item->region_id));
    json_object_set_new(out, "count", json_integer(item->count));
    if (item->hours > 0) {
        json_object_set_new(out, "hours", json_integer(item->hours));
    } else {
        json_object_set_new(out, "months", json_integer(item->months));
        json_object_set_new(out, "hours_per_month", json_integer(item->hours_per_month));
    }
    const catalog_instance *instance = item->offer->instance;
    json_t *gpu = json_object();
    json_object_set_new(gpu, "id", string_or_null(instance->gpu ? instance->gpu->id : NULL));
    json_object_set_new(gpu, "name", string_or_null(instance->gpu ? instance->gpu->name : NULL));
    json_object_set_new(gpu, "count", json_real(instance->gpu_count));
    json_object_set_new(out, "gpu", gpu);
    json_object_set_new(out, "usage_hours", json_integer(item->usage.usage_hours));
    json_object_set_new(out, "period_hours", json_integer(item->usage.period_hours));
    json_object_set_new(out, "utilisation_pct",
                        json_real(cost_round2((double)item->usage.usage_hours * 100.0 /
                                              (double)item->usage.period_hours)));
    json_t *by_pricing = json_object();
    for (int m = 0; m < PRICING_COUNT; m++)
        if (est->compared[m])
            json_object_set_new(by_pricing, pricing_model_name((pricing_model)m),
                                item_pricing_json(est, item, (pricing_model)m));
    json_object_set_new(out, "by_pricing", by_pricing);
    return out;
}

/* Sums one model over every item into *sum; false (with the items lacking it in missing[]) when some item lacks it.
 * COST_ERANGE through *rc when the sum does not fit. */
static bool sum_model(const estimate *est, pricing_model model, cost_line *sum, json_t *missing, int *rc)
{
    bool complete = true;
    *sum = (cost_line){0};
    for (size_t i = 0; i < est->item_count; i++) {
        const estimate_item *item = &est->items[i];
        if (!item->available[model]) {
            json_array_append_new(missing, json_integer((json_int_t)i));
            complete = false;
        } else if (*rc == 0) {
            *rc = cost_line_add(sum, &item->lines[model]);
        }
    }
    return complete;
}

/* The totals object; COST_ERANGE when a sum does not fit. Caller owns *out. */
static int totals_json(const estimate *est, json_t **out)
{
    int rc = 0;
    cost_line sums[PRICING_COUNT];
    bool complete[PRICING_COUNT] = {false};
    json_t *missing[PRICING_COUNT] = {NULL};
    long long instances = 0;
    json_t *totals = NULL;

    for (size_t i = 0; i < est->item_count; i++)
        instances += est->items[i].count;
    for (int m = 0; m < PRICING_COUNT && rc == 0; m++) {
        if (!est->priced[m])
            continue;
        missing[m] = json_array();
        complete[m] = sum_model(est, (pricing_model)m, &sums[m], missing[m], &rc);
    }
    if (rc != 0)
        goto out;

    totals = json_object();
    json_object_set_new(totals, "count", json_integer(instances));
    json_t *by_pricing = json_object();
    bool has_on_demand = complete[PRICING_ON_DEMAND];
    for (int m = 0; m < PRICING_COUNT; m++) {
        if (!est->compared[m])
            continue;
        const char *name = pricing_model_name((pricing_model)m);
        json_t *entry = json_object();
        if (!complete[m]) {
            json_object_set_new(entry, "available", json_false());
            json_object_set_new(entry, "missing_items", missing[m]);
            missing[m] = NULL;
            char reason[160];
            snprintf(reason, sizeof reason, "not every item has a %s price; see missing_items", name);
            json_object_set_new(entry, "reason", json_string(reason));
            json_object_set_new(by_pricing, name, entry);
            continue;
        }
        const cost_line *sum = &sums[m];
        json_t *warnings = json_array();
        json_object_set_new(entry, "available", json_true());
        json_object_set_new(entry, "hourly_usd", usd_json(sum->hourly_micros));
        json_object_set_new(entry, "monthly_usd", usd_json(sum->monthly_micros));
        json_object_set_new(entry, "total_usd", usd_json(sum->total_micros));
        json_object_set_new(entry, "savings_vs_on_demand_pct",
                            has_on_demand ? pct_json(cost_savings_pct(sums[PRICING_ON_DEMAND].total_micros,
                                                                      sum->total_micros))
                                          : json_null());
        if (m == PRICING_SPOT)
            add_warning(warnings, "%s", SPOT_CAVEAT);
        if (is_commitment((pricing_model)m)) {
            json_object_set_new(entry, "commitment_total_usd", usd_json(sum->commitment_total_micros));
            json_object_set_new(entry, "commitment_savings_vs_on_demand_pct",
                                has_on_demand ? pct_json(cost_savings_pct(sums[PRICING_ON_DEMAND].total_micros,
                                                                          sum->commitment_total_micros))
                                              : json_null());
            if (sum->commitment_total_micros > sum->total_micros)
                add_warning(warnings, "commitments cannot be cancelled: whole %s terms owe commitment_total_usd, "
                                      "more than total_usd for the estimated periods", name);
        }
        json_object_set_new(entry, "warnings", warnings);
        json_object_set_new(by_pricing, name, entry);
    }
    json_object_set_new(totals, "by_pricing", by_pricing);

out:
    for (int m = 0; m < PRICING_COUNT; m++)
        json_decref(missing[m]);
    *out = totals;
    return rc;
}

static json_t *fx_rates_json(const estimate *est)
{
    json_t *rates = json_array();
    const char *seen[FX_CURRENCIES_LISTED];
    size_t seen_count = 0;
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
            const catalog_fx *fx = find_fx(est->snap, currency);
            json_t *rate = json_object();
            json_object_set_new(rate, "currency", json_string(currency));
            json_object_set_new(rate, "usd_per_unit", json_real(item->offer->prices[m].usd_per_unit));
            json_object_set_new(rate, "source", string_or_null(fx ? fx->source : NULL));
            json_object_set_new(rate, "as_of", string_or_null(fx ? fx->as_of : NULL));
            json_array_append_new(rates, rate);
        }
    }
    return rates;
}

static problem *invalid_request(int status)
{
    return problem_new(status, "invalid-request", "Invalid request",
                       "The estimate request has invalid fields; each is named in errors.");
}

int estimate_run(const catalog *snap, const json_t *request, json_t **result, problem **error)
{
    return estimate_run_with(snap, request, NULL, result, error);
}

int estimate_run_with(const catalog *snap, const json_t *request, const estimate_options *opts, json_t **result,
                      problem **error)
{
    static const char *const allowed[] = {"items", "pricing"};
    estimate est = {.snap = snap, .opts = opts};
    problem *p = NULL;
    json_t *doc = NULL;
    json_t *totals = NULL;
    int rc = -1;
    *result = NULL;
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
    if (totals_json(&est, &totals) != 0) {
        problem_add_field(p, "items", "the fleet's total cost is beyond what the service computes (about 9.2 "
                                      "trillion USD); split the estimate");
        goto out;
    }

    doc = json_object();
    json_object_set_new(doc, "currency", json_string("USD"));
    json_object_set_new(doc, "hours_per_month", json_integer(COST_HOURS_PER_MONTH));
    json_t *pricing = json_array();
    for (int m = 0; m < PRICING_COUNT; m++)
        if (est.compared[m])
            json_array_append_new(pricing, json_string(pricing_model_name((pricing_model)m)));
    json_object_set_new(doc, "pricing", pricing);
    json_t *items_out = json_array();
    for (size_t i = 0; i < est.item_count; i++)
        json_array_append_new(items_out, item_json(&est, &est.items[i]));
    json_object_set_new(doc, "items", items_out);
    json_object_set_new(doc, "totals", totals);
    totals = NULL;
    json_object_set_new(doc, "fx_rates", fx_rates_json(&est));
    json_object_set_new(doc, "catalog_version", json_string(snap->version));
    *result = doc;
    doc = NULL;
    rc = 0;

out:
    if (rc == 0) {
        problem_free(p);
    } else {
        *error = p;
    }
    json_decref(totals);
    json_decref(doc);
    free(est.items);
    return rc;
}
