/* POST /v1/estimate: the cost of a fleet on every pricing model it can use, in USD.
 *
 * REQUEST (application/json, an object; unknown members are field errors)
 *   items    array of 1..100 objects (ESTIMATE_MAX_ITEMS), required. Each item:
 *     provider        string, required: a provider id of the catalog (aws, azure, gcp, oci, lambda, alibaba, tencent)
 *     instance_type   string, required: an instance type id of that provider, exactly as GET /v1/instances spells it
 *     region          string, required: a region id of that provider where the instance type is offered
 *     count           integer 1..10000, required: instances running together
 *     hours           integer 1..87600: a job of this many hours, run back to back
 *     months          integer 1..120: a period of this many 730-hour months ...
 *     hours_per_month integer 1..730, default 730: ... in which each instance runs this many hours
 *     Exactly one of `hours` or `months` is required; `hours_per_month` only goes with `months`.
 *     Hours and months are whole numbers (a real without a fraction, like 3.0, is accepted).
 *   pricing  array of distinct pricing models to compare, optional; each one of on_demand, spot, reserved_1y,
 *            reserved_3y, savings_plan_1y, savings_plan_3y. Default: every model that at least one item has a price
 *            for. Each item lists every compared model, available or not.
 *
 * RESPONSE 200 (application/json)
 *   currency          "USD": every *_usd figure is US dollars
 *   hours_per_month   730: the month behind monthly figures of commitments and of items without hours_per_month
 *   pricing           array of the compared pricing models, in the order above
 *   items[]           one per request item, in order:
 *     provider, instance_type, region, count      as requested
 *     hours | months + hours_per_month            as requested (hours_per_month with its default filled in)
 *     gpu             {id, name, count}: the instance type's GPU and GPUs per instance (a fraction for a vGPU slice)
 *     usage_hours     integer: hours each instance runs over the period (hours, or months x hours_per_month)
 *     period_hours    integer: calendar hours the period spans (hours, or months x 730)
 *     utilisation_pct number: usage_hours / period_hours x 100, 2 decimals
 *     by_pricing      object, one member per compared model:
 *       available: false, reason (string)          the catalog has no such price for this offer; nothing is invented
 *       available: true and
 *         unit_hourly_usd   number: one instance-hour, to the micro-dollar (6 decimals)
 *         hourly_usd        number: count instances for one hour
 *         monthly_usd       number: usage models: hourly_usd x hours_per_month (730 for an item given in hours);
 *                           commitments: hourly_usd x 730
 *         total_usd         number: usage models: hourly_usd x usage_hours;
 *                           commitments: hourly_usd x period_hours (a commitment bills every hour, used or not)
 *         savings_vs_on_demand_pct number | null: (on-demand total_usd - total_usd) / on-demand total_usd x 100,
 *                           2 decimals, negative when dearer; null when the item has no on-demand price
 *         price             {hourly (one instance-hour in `currency`), currency (ISO 4217), usd_per_unit (the fx
 *                           rate used; 1 for USD), source, fetched_at (ISO 8601 UTC)}
 *         warnings          array of strings (may be empty)
 *         spot only:        interruption: string | null, the provider's interruption band such as "<5%"
 *         commitments (reserved_*, savings_plan_*) only:
 *           break_even_utilisation_pct number | null: unit rate / on-demand unit rate x 100, 2 decimals: the
 *                           utilisation above which the commitment is cheaper than on-demand (over 100: never);
 *                           null without an on-demand price
 *           commitment_term_hours      integer: 8760 (1 year) or 26280 (3 years)
 *           commitment_terms           integer: whole terms the period needs, ceil(period_hours / term)
 *           commitment_total_usd       number: what the terms owe, hourly_usd x term x terms (>= total_usd): a
 *                                      commitment cannot be cancelled, so a period shorter than a term still owes
 *                                      the whole term (a warning says so)
 *           commitment_savings_vs_on_demand_pct number | null: as savings_vs_on_demand_pct, from
 *                                      commitment_total_usd: the saving if the commitment were bought for this
 *                                      period alone
 *   totals
 *     count           integer: instances over all items
 *     by_pricing      object, one member per compared model:
 *       available: true, hourly_usd, monthly_usd, total_usd (sums over items), savings_vs_on_demand_pct (vs the
 *                       on-demand totals, null when on-demand is not available for every item), warnings; and for
 *                       commitments commitment_total_usd and commitment_savings_vs_on_demand_pct
 *       available: false, missing_items (array of item indexes without this model), reason: a model is summed only
 *                       when every item has it, so a total never silently leaves items out
 *   fx_rates[]        {currency, usd_per_unit, source, as_of} for every non-USD currency used
 *   catalog_version   string: the snapshot the prices came from
 *
 * WHY: a reservation or savings plan is an hourly commitment paid for every hour of its term whether the instances run
 * or not, so its cost follows calendar hours (period_hours) while on-demand and spot follow running hours
 * (usage_hours); that is what makes utilisation matter, and why break-even = committed rate / on-demand rate. Usage
 * models are on_demand and spot; "usage" vs "calendar" only differ for items given in months with hours_per_month
 * below 730. The month of 730 hours and the 8760-hour year are cited in cost.h.
 *
 * MONEY: each price enters as its USD value per instance-hour (a non-USD price times its fx rate) rounded to the
 * micro-dollar; from there every product and sum is exact int64 micro-dollar arithmetic (cost.h), and each *_usd
 * figure is rounded half away from zero to the cent only when written out. So totals are the exact sums of the items,
 * and may differ by a cent from the sum of the items' rounded figures. Percentages are rounded to 2 decimals.
 *
 * ERRORS (application/problem+json, RFC 9457, type urn:gpurec:problem:invalid-request)
 *   400 the body is not a JSON object (errors[0].field "body"); unparseable, oversize and wrongly typed bodies are
 *       answered by the HTTP layer before this handler.
 *   422 every invalid field, each in errors[] as {field, message}, the field named with its index:
 *       missing or wrongly typed members, out-of-range numbers, unknown members, items empty or over 100,
 *       hours with months or hours_per_month, neither hours nor months,
 *       items[i].provider unknown (the message lists the providers),
 *       items[i].instance_type unknown for that provider (the message names the 3 closest ids of that provider by
 *       edit distance, ignoring ASCII case),
 *       items[i].region unknown for that provider (up to 3 closest region ids), or known but without that instance
 *       type (the message lists regions that have it),
 *       items[i] not an object, pricing not an array or empty, pricing[i] not a pricing model or repeated,
 *       items[i] or items: one item's or the fleet's cost does not fit the arithmetic (beyond about 9.2 trillion
 *       USD; with the limits above only for prices far beyond any GPU instance's).
 *   503 no catalog loaded yet (the common problem of api_no_catalog()).
 */
#include "face/api_estimate.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "face/api.h"
#include "engine/cost.h"
#include "wire/jsonv.h"
#include "base/util.h"

#define PROVIDER_MAX_LEN 64
#define INSTANCE_MAX_LEN 128
#define REGION_MAX_LEN 64
#define HINT_COUNT 3
#define OFFERED_REGIONS_LISTED 8
#define FX_CURRENCIES_LISTED 16

typedef struct estimate_item {
    const char *provider_id;
    const char *instance_id;
    const char *region_id;
    long long count;
    long long hours;           /* 0 when the item gives months */
    long long months;          /* 0 when the item gives hours */
    long long hours_per_month; /* with months */
    const catalog_offer *offer;
    cost_usage usage;
    bool available[PRICING_COUNT];
    int64_t unit_micros[PRICING_COUNT];
    cost_line lines[PRICING_COUNT];
} estimate_item;

typedef struct estimate {
    const catalog *snap;
    estimate_item *items;
    size_t item_count;
    bool compared[PRICING_COUNT]; /* the models the reply shows */
    bool priced[PRICING_COUNT];   /* those and on_demand, the baseline of savings and break-even figures */
} estimate;

static bool is_commitment(pricing_model model)
{
    return cost_term_hours(model) > 0;
}

/* Levenshtein distance, ASCII case folded, over at most the first 127 bytes of each string: enough to rank names
 * that are a typo or a case slip away from the one meant. */
static size_t edit_distance(const char *a, const char *b)
{
    enum { MAX_LEN = 127 };
    size_t len_a = strlen(a), len_b = strlen(b);
    if (len_a > MAX_LEN)
        len_a = MAX_LEN;
    if (len_b > MAX_LEN)
        len_b = MAX_LEN;
    size_t previous[MAX_LEN + 1], current[MAX_LEN + 1];
    for (size_t j = 0; j <= len_b; j++)
        previous[j] = j;
    for (size_t i = 1; i <= len_a; i++) {
        current[0] = i;
        for (size_t j = 1; j <= len_b; j++) {
            size_t substitution = previous[j - 1] + (tolower((unsigned char)a[i - 1]) !=
                                                     tolower((unsigned char)b[j - 1]));
            size_t deletion = previous[j] + 1;
            size_t insertion = current[j - 1] + 1;
            size_t best = substitution < deletion ? substitution : deletion;
            current[j] = best < insertion ? best : insertion;
        }
        memcpy(previous, current, (len_b + 1) * sizeof previous[0]);
    }
    return previous[len_b];
}

/* The HINT_COUNT names closest to wanted, best first (ties keep catalog order). */
typedef struct closest {
    const char *names[HINT_COUNT];
    size_t distances[HINT_COUNT];
    size_t count;
} closest;

static void closest_offer(closest *c, const char *wanted, const char *name)
{
    size_t distance = edit_distance(wanted, name);
    size_t at = c->count;
    while (at > 0 && c->distances[at - 1] > distance)
        at--;
    if (at >= HINT_COUNT)
        return;
    size_t last = c->count < HINT_COUNT ? c->count : HINT_COUNT - 1;
    for (size_t k = last; k > at; k--) {
        c->names[k] = c->names[k - 1];
        c->distances[k] = c->distances[k - 1];
    }
    c->names[at] = name;
    c->distances[at] = distance;
    if (c->count < HINT_COUNT)
        c->count++;
}

static void closest_format(const closest *c, char *buf, size_t buf_len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < c->count && used < buf_len; k++) {
        int written = snprintf(buf + used, buf_len - used, "%s%s", k ? ", " : "", c->names[k]);
        if (written < 0)
            break;
        used += (size_t)written;
    }
}

static void report_unknown_provider(const catalog *snap, const char *path, const char *provider_id, problem *p)
{
    char known[512];
    size_t used = 0;
    known[0] = '\0';
    for (size_t i = 0; i < snap->provider_count && used < sizeof known; i++) {
        int written = snprintf(known + used, sizeof known - used, "%s%s", i ? ", " : "", snap->providers[i].id);
        if (written < 0)
            break;
        used += (size_t)written;
    }
    problem_add_field(p, path, "unknown provider '%s'; known providers: %s", provider_id, known);
}

static void report_unknown_instance(const catalog *snap, const char *path, const char *provider_id,
                                    const char *instance_id, problem *p)
{
    closest c = {0};
    for (size_t i = 0; i < snap->instance_count; i++) {
        const catalog_instance *instance = &snap->instances[i];
        if (strcmp(instance->provider->id, provider_id) == 0)
            closest_offer(&c, instance_id, instance->id);
    }
    char hint[512];
    closest_format(&c, hint, sizeof hint);
    if (c.count > 0)
        problem_add_field(p, path, "unknown instance type '%s' for %s; closest: %s", instance_id, provider_id, hint);
    else
        problem_add_field(p, path, "unknown instance type '%s': %s has no instance types in the catalog",
                          instance_id, provider_id);
}

static void report_unknown_region(const catalog *snap, const char *path, const char *provider_id,
                                  const char *region_id, problem *p)
{
    closest c = {0};
    for (size_t i = 0; i < snap->region_count; i++) {
        const catalog_region *region = &snap->regions[i];
        if (strcmp(region->provider->id, provider_id) == 0)
            closest_offer(&c, region_id, region->id);
    }
    char hint[512];
    closest_format(&c, hint, sizeof hint);
    if (c.count > 0)
        problem_add_field(p, path, "unknown region '%s' for %s; closest: %s", region_id, provider_id, hint);
    else
        problem_add_field(p, path, "unknown region '%s': %s has no regions in the catalog", region_id, provider_id);
}

static void report_not_offered(const catalog *snap, const char *path, const catalog_instance *instance,
                               const char *region_id, problem *p)
{
    char offered[512];
    size_t used = 0;
    offered[0] = '\0';
    size_t listed = 0;
    for (size_t k = 0; k < instance->offer_count && used < sizeof offered; k++) {
        const catalog_offer *offer = &snap->offers[instance->first_offer + k];
        if (listed == OFFERED_REGIONS_LISTED) {
            snprintf(offered + used, sizeof offered - used, ", and %zu more", instance->offer_count - listed);
            break;
        }
        int written = snprintf(offered + used, sizeof offered - used, "%s%s", listed ? ", " : "", offer->region->id);
        if (written < 0)
            break;
        used += (size_t)written;
        listed++;
    }
    if (listed > 0)
        problem_add_field(p, path, "%s is not offered in %s; it is offered in: %s", instance->id, region_id, offered);
    else
        problem_add_field(p, path, "%s has no prices in any region of the catalog", instance->id);
}

static bool has_member(const json_t *obj, const char *key)
{
    const json_t *value = json_object_get(obj, key);
    return value != NULL && !json_is_null(value);
}

/* Validates items[index] and resolves its offer; every problem goes to p. */
static void read_item(const catalog *snap, const json_t *item_json, size_t index, estimate_item *item, problem *p)
{
    static const char *const allowed[] = {"provider", "instance_type", "region", "count",
                                          "hours",    "months",        "hours_per_month"};
    char parent[64], path[128];
    jsonv_index_path(parent, sizeof parent, "items", index);
    if (!json_is_object(item_json)) {
        problem_add_field(p, parent, "must be an object, not %s", jsonv_type_name(item_json));
        return;
    }
    jsonv_reject_unknown(item_json, parent, allowed, sizeof allowed / sizeof allowed[0], p);

    bool have_provider = jsonv_string(item_json, parent, "provider", true, PROVIDER_MAX_LEN, &item->provider_id, p);
    bool have_instance =
        jsonv_string(item_json, parent, "instance_type", true, INSTANCE_MAX_LEN, &item->instance_id, p);
    bool have_region = jsonv_string(item_json, parent, "region", true, REGION_MAX_LEN, &item->region_id, p);
    bool have_count = jsonv_integer(item_json, parent, "count", true, 1, ESTIMATE_MAX_COUNT, &item->count, p);

    bool gives_hours = has_member(item_json, "hours");
    bool gives_months = has_member(item_json, "months");
    bool gives_hours_per_month = has_member(item_json, "hours_per_month");
    bool have_duration = false;
    if (gives_hours) {
        have_duration = jsonv_integer(item_json, parent, "hours", true, 1, ESTIMATE_MAX_HOURS, &item->hours, p);
        if (gives_months) {
            jsonv_path(path, sizeof path, parent, "months");
            problem_add_field(p, path, "cannot be combined with hours: give hours, or months with an optional "
                                       "hours_per_month");
            have_duration = false;
        }
        if (gives_hours_per_month) {
            jsonv_path(path, sizeof path, parent, "hours_per_month");
            problem_add_field(p, path, "cannot be combined with hours: hours_per_month goes with months");
            have_duration = false;
        }
    } else if (gives_months) {
        have_duration = jsonv_integer(item_json, parent, "months", true, 1, ESTIMATE_MAX_MONTHS, &item->months, p);
        item->hours_per_month = COST_HOURS_PER_MONTH;
        if (gives_hours_per_month &&
            !jsonv_integer(item_json, parent, "hours_per_month", true, 1, COST_HOURS_PER_MONTH,
                           &item->hours_per_month, p))
            have_duration = false;
    } else {
        jsonv_path(path, sizeof path, parent, "hours");
        problem_add_field(p, path, "is required: give hours (a job's length), or months with an optional "
                                   "hours_per_month");
    }

    if (have_provider && catalog_find_provider(snap, item->provider_id) == NULL) {
        jsonv_path(path, sizeof path, parent, "provider");
        report_unknown_provider(snap, path, item->provider_id, p);
        have_provider = false;
    }
    const catalog_instance *instance = NULL;
    if (have_provider && have_instance) {
        instance = catalog_find_instance(snap, item->provider_id, item->instance_id);
        if (instance == NULL) {
            jsonv_path(path, sizeof path, parent, "instance_type");
            report_unknown_instance(snap, path, item->provider_id, item->instance_id, p);
        }
    }
    if (have_provider && have_region) {
        jsonv_path(path, sizeof path, parent, "region");
        if (catalog_find_region(snap, item->provider_id, item->region_id) == NULL) {
            report_unknown_region(snap, path, item->provider_id, item->region_id, p);
        } else if (instance != NULL) {
            item->offer = catalog_find_offer(snap, item->provider_id, item->instance_id, item->region_id);
            if (item->offer == NULL)
                report_not_offered(snap, path, instance, item->region_id, p);
        }
    }

    if (have_count && have_duration) {
        int rc = item->hours > 0 ? cost_usage_from_hours(item->count, item->hours, &item->usage)
                                 : cost_usage_from_months(item->count, item->months, item->hours_per_month,
                                                          &item->usage);
        if (rc != 0) /* the ranges above make this unreachable; a client still gets a field, never a 500 */
            problem_add_field(p, parent, "count and duration do not describe a usable period");
    }
}

/* Fills compared[] from the optional "pricing" member; false after reporting a problem. */
static bool read_pricing(const json_t *request, bool compared[PRICING_COUNT], bool *explicit_list, problem *p)
{
    const json_t *list = NULL;
    *explicit_list = false;
    if (!has_member(request, "pricing"))
        return true;
    /* twice the model count, so that a repeated model is named as repeated rather than the list as too long */
    if (!jsonv_string_array(request, "", "pricing", 2 * PRICING_COUNT, 32, &list, p))
        return false;
    if (json_array_size(list) == 0) {
        problem_add_field(p, "pricing", "must name at least one pricing model, or be left out to compare all");
        return false;
    }
    bool ok = true;
    size_t index;
    const json_t *entry;
    json_array_foreach(list, index, entry) {
        char path[64];
        jsonv_index_path(path, sizeof path, "pricing", index);
        pricing_model model;
        if (pricing_model_parse(json_string_value(entry), &model) != 0) {
            char models[256];
            problem_add_field(p, path, "must be one of: %s", vocab_pricing_list(models, sizeof models));
            ok = false;
        } else if (compared[model]) {
            problem_add_field(p, path, "repeats %s", pricing_model_name(model));
            ok = false;
        } else {
            compared[model] = true;
        }
    }
    *explicit_list = true;
    return ok;
}

/* Prices every model in priced[] that the item's offer has. COST_ERANGE when a figure does not fit. */
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

static json_t *item_pricing_json(const estimate_item *item, pricing_model model)
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

    json_t *price_json = json_object();
    json_object_set_new(price_json, "hourly", json_real(price->hourly));
    json_object_set_new(price_json, "currency", json_string(price->currency));
    json_object_set_new(price_json, "usd_per_unit", json_real(price->usd_per_unit));
    json_object_set_new(price_json, "source", string_or_null(price->source));
    json_object_set_new(price_json, "fetched_at", string_or_null(price->fetched_at));
    json_object_set_new(out, "price", price_json);
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
                                item_pricing_json(item, (pricing_model)m));
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

int api_estimate_run(const catalog *snap, const json_t *request, json_t **result, problem **error)
{
    static const char *const allowed[] = {"items", "pricing"};
    estimate est = {.snap = snap};
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
    read_pricing(request, est.compared, &explicit_pricing, p);

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
            read_item(snap, json_array_get(items, i), i, &est.items[i], p);
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

int api_estimate(const http_request *req, http_reply *reply)
{
    if (req->snap == NULL) {
        http_reply_problem(reply, api_no_catalog());
        return 0;
    }
    json_t *result = NULL;
    problem *error = NULL;
    if (api_estimate_run(req->snap, req->body, &result, &error) != 0)
        http_reply_problem(reply, error);
    else
        http_reply_json(reply, 200, result);
    return 0;
}
