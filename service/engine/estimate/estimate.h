/* The estimate engine behind POST /v1/estimate: the cost of a fleet on every pricing model it can use, in USD.
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
 *         price             the price as the catalog's instances show it (snapshot/price_write.h): hourly_usd,
 *                           hourly (one instance-hour in `currency`), currency (ISO 4217), usd_per_unit (the fx
 *                           rate used; 1 for USD), fx_as_of (that rate's date, non-USD only), source, fetched_at and
 *                           effective_at (ISO 8601 UTC), estimated (true: derived by the rule its source states, not
 *                           published), spot_interruption (when known)
 *         warnings          array of strings (may be empty); among them one when the price is estimated, and one
 *                           when it was fetched longer ago than the freshness limit (estimate_options)
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
 *   503 no catalog loaded yet (answered by the face before the engine runs).
 */
#ifndef GPUREC_ESTIMATE_H
#define GPUREC_ESTIMATE_H

#include <time.h>

#include <jansson.h>

#include "snapshot/catalog.h"
#include "wire/jsonw.h"
#include "wire/problem.h"

#define ESTIMATE_MAX_ITEMS 100
#define ESTIMATE_MAX_COUNT 10000
#define ESTIMATE_MAX_HOURS 87600
#define ESTIMATE_MAX_MONTHS 120

/* What the prices are judged against. */
typedef struct estimate_options {
    time_t now;                 /* the moment a price's age is taken at */
    unsigned stale_after_hours; /* a price fetched longer ago than this gets a warning; 0 = never */
} estimate_options;

/* Estimates one request against snap (borrowed; must not be NULL), with the prices judged against opts (borrowed;
 * NULL: no freshness limit), and writes the response document to out. On success returns 0. On a client error
 * returns -1 with nothing written and sets *error to a problem naming every invalid field (status 400 when the body
 * is not an object, else 422; caller owns it: hand it to http_reply_problem() or problem_free()). Reads nothing but
 * its arguments. */
int estimate_write(const catalog *snap, const json_t *request, const estimate_options *opts, jsonw *out,
                   problem **error);
/* As estimate_write(), the document read into *result (caller owns the reference: json_decref) for callers that walk
 * it (the command line); judging no price stale. Reading its own text back fails only when memory runs out: then a
 * 500 problem. */
int estimate_run(const catalog *snap, const json_t *request, json_t **result, problem **error);
/* As estimate_run(), with the prices judged against opts (borrowed; NULL: no freshness limit). */
int estimate_run_with(const catalog *snap, const json_t *request, const estimate_options *opts, json_t **result,
                      problem **error);

#endif
