/* Cost arithmetic for fleet estimates (POST /v1/estimate): pure functions, no I/O, no allocation.
 *
 * Money is int64 micro-dollars (1 USD = 1 000 000) from the moment a catalog price enters until a figure leaves in a
 * reply: every product and sum is exact integer arithmetic, checked for overflow, and rounding to cents happens only
 * in cost_micros_to_cents(), at output. The only inexact step is the entry itself (cost_usd_to_micros): a catalog
 * price in USD, or converted to USD with an fx rate, is rounded to the nearest micro-dollar per instance-hour.
 *
 * Hours are whole hours. A month is COST_HOURS_PER_MONTH hours and commitment terms are whole years of
 * COST_HOURS_PER_YEAR hours (sources beside the constants). */
#ifndef GPUREC_COST_H
#define GPUREC_COST_H

#include <stdbool.h>
#include <stdint.h>

#include "base/vocab.h"

/* 8760 / 12: the month that the AWS Pricing Calculator and the Azure pricing calculator both use ("730 hours per
 * month"), and that instances.vantage.sh shows; using it keeps our monthly figures comparable with theirs. */
#define COST_HOURS_PER_MONTH 730
/* A 1-year term is 31 536 000 seconds = 365 days = 8760 hours and a 3-year term 94 608 000 seconds = 26 280 hours
 * (AWS EC2 API, DescribeReservedInstancesOfferings `Duration`); Azure prices reservations as a term total that
 * divides by 8760 x years (worker/providers/README.md, Azure). */
#define COST_HOURS_PER_YEAR 8760
#define COST_MICROS_PER_USD 1000000

/* Errors. */
#define COST_EINVAL (-1) /* a negative, zero or non-finite input where a positive one is needed */
#define COST_ERANGE (-2) /* the result does not fit in int64 micro-dollars (about 9.2 trillion USD) */

/* usd (per instance-hour) rounded half away from zero to whole micro-dollars. COST_EINVAL when usd is not finite or
 * negative, COST_ERANGE when it is too large. */
int cost_usd_to_micros(double usd, int64_t *out);
/* Micro-dollars to cents, half away from zero: 1 234 999 -> 123 cents, 1 235 000 -> 124, -1 235 000 -> -124. */
int64_t cost_micros_to_cents(int64_t micros);
/* Checked a * b and a + b. 0, or COST_ERANGE (then *out is untouched). */
int cost_mul(int64_t a, int64_t b, int64_t *out);
int cost_add(int64_t a, int64_t b, int64_t *out);

/* The length of a pricing model's commitment in hours: 0 for on_demand and spot (no commitment), 8760 for the
 * 1-year and 26280 for the 3-year reserved and savings-plan models. */
int64_t cost_term_hours(pricing_model model);

/* How a fleet line is used over the estimated period. */
typedef struct cost_usage {
    int64_t count;           /* instances, >= 1 */
    int64_t usage_hours;     /* hours each instance runs over the period (what on-demand and spot bill) */
    int64_t period_hours;    /* calendar hours the period spans (what a commitment bills, used or not) */
    int64_t hours_per_month; /* hours each instance runs per month: the monthly figure of usage-billed models */
} cost_usage;

/* A job of `hours` running hours back to back: usage = period = hours, 730 hours a month. */
int cost_usage_from_hours(int64_t count, int64_t hours, cost_usage *out);
/* `months` months with hours_per_month running hours each: usage = months x hours_per_month, period = months x 730.
 * hours_per_month must be 1..730. */
int cost_usage_from_months(int64_t count, int64_t months, int64_t hours_per_month, cost_usage *out);

/* One pricing model's cost for one fleet line (or a sum of lines, see cost_line_add). All in micro-dollars. */
typedef struct cost_line {
    int64_t hourly_micros;  /* count x the unit rate */
    int64_t monthly_micros; /* usage-billed: hourly x hours_per_month; committed: hourly x 730 */
    int64_t total_micros;   /* usage-billed: hourly x usage_hours; committed: hourly x period_hours */
    /* committed models only (term_hours > 0): */
    int64_t term_hours;              /* one term */
    int64_t terms;                   /* whole terms the period needs: ceil(period_hours / term_hours) */
    int64_t commitment_total_micros; /* what the terms commit to: hourly x term_hours x terms, >= total_micros */
} cost_line;

/* Computes one line for a unit rate (one instance-hour, micro-dollars, > 0) and a term (cost_term_hours(); 0 when
 * the model bills usage). 0, COST_EINVAL or COST_ERANGE. */
int cost_line_compute(int64_t unit_hourly_micros, int64_t term_hours, const cost_usage *usage, cost_line *out);
/* What a job of job_hours running hours (rounded up to whole hours) on count instances commits to under a term of
 * term_hours: whole terms, as many as the job needs, each billed in full (cost_line_compute's commitment_total_micros).
 * The recommendation engine prices commitments with it, so estimates and recommendations bill them alike. 0,
 * COST_EINVAL or COST_ERANGE. */
int cost_commitment_job_micros(int64_t unit_hourly_micros, int64_t count, int64_t term_hours, double job_hours,
                               int64_t *out);
/* sum += line, field by field: amounts are summed, term_hours is the first non-zero one, terms the largest. 0 or COST_ERANGE (then sum is unchanged). Start from a zeroed sum. */
int cost_line_add(cost_line *sum, const cost_line *line);

/* (baseline - amount) / baseline x 100: how much cheaper amount is than baseline, negative when dearer. NAN when
 * baseline is not positive. */
double cost_savings_pct(int64_t baseline_micros, int64_t amount_micros);
/* The share of hours above which a commitment beats on-demand: committed_unit / on_demand_unit x 100. A commitment
 * is paid for every hour of its term, so over T hours it costs c x T, while on-demand used for u x T of them costs
 * o x u x T; they are equal at u = c / o. Above 100 the commitment never pays off. NAN when on_demand_unit <= 0. */
double cost_break_even_pct(int64_t committed_unit_micros, int64_t on_demand_unit_micros);
/* value rounded half away from zero to 2 decimals, for percentages in replies. */
double cost_round2(double value);

#endif
