#include "engine/pricing/cost.h"

#include <math.h>

/* Checked arithmetic: GCC and Clang builtins, so an overflow is reported instead of being undefined behaviour. */
int cost_mul(int64_t a, int64_t b, int64_t *out)
{
    int64_t result;
    if (__builtin_mul_overflow(a, b, &result))
        return COST_ERANGE;
    *out = result;
    return 0;
}

int cost_add(int64_t a, int64_t b, int64_t *out)
{
    int64_t result;
    if (__builtin_add_overflow(a, b, &result))
        return COST_ERANGE;
    *out = result;
    return 0;
}

int cost_usd_to_micros(double usd, int64_t *out)
{
    if (!isfinite(usd) || usd < 0)
        return COST_EINVAL;
    double scaled = usd * COST_MICROS_PER_USD;
    /* 9.2e18 is just under INT64_MAX (9.22e18); doubles that large are spaced 1024 apart, so stop well short */
    if (scaled >= 9.2e18)
        return COST_ERANGE;
    *out = (int64_t)llround(scaled);
    return 0;
}

int64_t cost_micros_to_cents(int64_t micros)
{
    const int64_t micros_per_cent = COST_MICROS_PER_USD / 100;
    /* split before adding the half, so values near INT64_MAX cannot overflow */
    int64_t cents = micros / micros_per_cent;
    int64_t rest = micros % micros_per_cent; /* same sign as micros in C */
    if (rest >= micros_per_cent / 2)
        cents++;
    else if (rest <= -(micros_per_cent / 2))
        cents--;
    return cents;
}

int64_t cost_term_hours(pricing_model model)
{
    return (unsigned)model < PRICING_COUNT ? (int64_t)vocab_pricing_models[model].term_years * COST_HOURS_PER_YEAR : 0;
}

static void usage_set(cost_usage *out, int64_t count, int64_t usage_hours, int64_t period_hours,
                      int64_t hours_per_month)
{
    out->count = count;
    out->usage_hours = usage_hours;
    out->period_hours = period_hours;
    out->hours_per_month = hours_per_month;
}

int cost_usage_from_hours(int64_t count, int64_t hours, cost_usage *out)
{
    if (count <= 0 || hours <= 0)
        return COST_EINVAL;
    usage_set(out, count, hours, hours, COST_HOURS_PER_MONTH);
    return 0;
}

int cost_usage_from_months(int64_t count, int64_t months, int64_t hours_per_month, cost_usage *out)
{
    if (count <= 0 || months <= 0 || hours_per_month <= 0 || hours_per_month > COST_HOURS_PER_MONTH)
        return COST_EINVAL;
    int64_t usage_hours, period_hours;
    if (cost_mul(months, hours_per_month, &usage_hours) != 0 ||
        cost_mul(months, COST_HOURS_PER_MONTH, &period_hours) != 0)
        return COST_ERANGE;
    usage_set(out, count, usage_hours, period_hours, hours_per_month);
    return 0;
}

int cost_line_compute(int64_t unit_hourly_micros, int64_t term_hours, const cost_usage *usage, cost_line *out)
{
    if (unit_hourly_micros <= 0 || term_hours < 0 || usage->count <= 0 || usage->usage_hours <= 0 ||
        usage->period_hours <= 0 || usage->hours_per_month <= 0)
        return COST_EINVAL;
    cost_line line = {0};
    if (cost_mul(unit_hourly_micros, usage->count, &line.hourly_micros) != 0)
        return COST_ERANGE;
    if (term_hours == 0) {
        if (cost_mul(line.hourly_micros, usage->hours_per_month, &line.monthly_micros) != 0 ||
            cost_mul(line.hourly_micros, usage->usage_hours, &line.total_micros) != 0)
            return COST_ERANGE;
    } else {
        /* a commitment bills every hour of the period, whether the instances run or not */
        int64_t committed_hours;
        line.term_hours = term_hours;
        line.terms = (usage->period_hours + term_hours - 1) / term_hours;
        if (cost_mul(line.hourly_micros, COST_HOURS_PER_MONTH, &line.monthly_micros) != 0 ||
            cost_mul(line.hourly_micros, usage->period_hours, &line.total_micros) != 0 ||
            cost_mul(term_hours, line.terms, &committed_hours) != 0 ||
            cost_mul(line.hourly_micros, committed_hours, &line.commitment_total_micros) != 0)
            return COST_ERANGE;
    }
    *out = line;
    return 0;
}

int cost_line_add(cost_line *sum, const cost_line *line)
{
    cost_line next = *sum;
    if (cost_add(next.hourly_micros, line->hourly_micros, &next.hourly_micros) != 0 ||
        cost_add(next.monthly_micros, line->monthly_micros, &next.monthly_micros) != 0 ||
        cost_add(next.total_micros, line->total_micros, &next.total_micros) != 0 ||
        cost_add(next.commitment_total_micros, line->commitment_total_micros, &next.commitment_total_micros) != 0)
        return COST_ERANGE;
    if (next.term_hours == 0)
        next.term_hours = line->term_hours;
    if (line->terms > next.terms)
        next.terms = line->terms;
    *sum = next;
    return 0;
}

double cost_savings_pct(int64_t baseline_micros, int64_t amount_micros)
{
    if (baseline_micros <= 0)
        return NAN;
    /* long double keeps the difference exact for any pair of int64 amounts on x86-64 (64-bit mantissa) */
    return (double)(((long double)baseline_micros - (long double)amount_micros) * 100.0L /
                    (long double)baseline_micros);
}

double cost_break_even_pct(int64_t committed_unit_micros, int64_t on_demand_unit_micros)
{
    if (on_demand_unit_micros <= 0)
        return NAN;
    return (double)committed_unit_micros * 100.0 / (double)on_demand_unit_micros;
}

double cost_round2(double value)
{
    if (!isfinite(value))
        return value;
    return round(value * 100.0) / 100.0;
}

int cost_commitment_job_micros(int64_t unit_hourly_micros, int64_t count, int64_t term_hours, double job_hours,
                               int64_t *out)
{
    if (!(job_hours > 0) || job_hours > (double)INT32_MAX || term_hours <= 0)
        return COST_EINVAL;
    cost_usage usage;
    cost_line line;
    int rc = cost_usage_from_hours(count, (int64_t)ceil(job_hours), &usage);
    if (rc == 0)
        rc = cost_line_compute(unit_hourly_micros, term_hours, &usage, &line);
    if (rc == 0)
        *out = line.commitment_total_micros;
    return rc;
}
