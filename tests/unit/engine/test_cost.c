/* Cost arithmetic, checked against figures worked out by hand (each case shows its working). */
#include <check.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

#include "engine/pricing/cost.h"
#include "support/check_support.h"

#define USD(x) ((int64_t)(x) * COST_MICROS_PER_USD)

START_TEST(usd_enters_as_rounded_micros)
{
    int64_t micros = -1;
    ck_assert_int_eq(cost_usd_to_micros(98.32, &micros), 0);
    ck_assert_int_eq(micros, 98320000);
    ck_assert_int_eq(cost_usd_to_micros(0.526, &micros), 0);
    ck_assert_int_eq(micros, 526000);
    /* 232 CNY at 0.1383 USD per CNY = 32.0856 USD */
    ck_assert_int_eq(cost_usd_to_micros(232.0 * 0.1383, &micros), 0);
    ck_assert_int_eq(micros, 32085600);
    /* below a micro-dollar: nearest micro */
    ck_assert_int_eq(cost_usd_to_micros(1.2345674, &micros), 0);
    ck_assert_int_eq(micros, 1234567);
    ck_assert_int_eq(cost_usd_to_micros(1.2345676, &micros), 0);
    ck_assert_int_eq(micros, 1234568);
    ck_assert_int_eq(cost_usd_to_micros(0.0, &micros), 0);
    ck_assert_int_eq(micros, 0);

    micros = 42;
    ck_assert_int_eq(cost_usd_to_micros(-0.01, &micros), COST_EINVAL);
    ck_assert_int_eq(cost_usd_to_micros(NAN, &micros), COST_EINVAL);
    ck_assert_int_eq(cost_usd_to_micros(INFINITY, &micros), COST_EINVAL);
    ck_assert_int_eq(cost_usd_to_micros(1e13, &micros), COST_ERANGE);
    ck_assert_int_eq(micros, 42);
}
END_TEST

START_TEST(cents_round_half_away_from_zero_at_output)
{
    ck_assert_int_eq(cost_micros_to_cents(0), 0);
    ck_assert_int_eq(cost_micros_to_cents(4999), 0);
    ck_assert_int_eq(cost_micros_to_cents(5000), 1);
    ck_assert_int_eq(cost_micros_to_cents(1234999), 123);
    ck_assert_int_eq(cost_micros_to_cents(1235000), 124);
    ck_assert_int_eq(cost_micros_to_cents(-1234999), -123);
    ck_assert_int_eq(cost_micros_to_cents(-1235000), -124);
    /* INT64_MAX = 922337203685477 cents and 5807 micros: rounds up without overflowing */
    ck_assert_int_eq(cost_micros_to_cents(INT64_MAX), 922337203685478LL);
    ck_assert_int_eq(cost_micros_to_cents(INT64_MIN), -922337203685478LL);
}
END_TEST

START_TEST(checked_arithmetic_reports_overflow)
{
    int64_t out = 7;
    ck_assert_int_eq(cost_mul(3037000499LL, 3037000499LL, &out), 0); /* floor(sqrt(INT64_MAX)) squared fits */
    ck_assert_int_eq(out, 9223372030926249001LL);
    ck_assert_int_eq(cost_mul(3037000500LL, 3037000500LL, &out), COST_ERANGE);
    ck_assert_int_eq(out, 9223372030926249001LL);
    ck_assert_int_eq(cost_add(INT64_MAX - 1, 1, &out), 0);
    ck_assert_int_eq(out, INT64_MAX);
    ck_assert_int_eq(cost_add(INT64_MAX, 1, &out), COST_ERANGE);
}
END_TEST

START_TEST(terms_are_whole_years_of_8760_hours)
{
    ck_assert_int_eq(cost_term_hours(PRICING_ON_DEMAND), 0);
    ck_assert_int_eq(cost_term_hours(PRICING_SPOT), 0);
    ck_assert_int_eq(cost_term_hours(PRICING_RESERVED_1Y), 8760);
    ck_assert_int_eq(cost_term_hours(PRICING_SAVINGS_PLAN_1Y), 8760);
    ck_assert_int_eq(cost_term_hours(PRICING_RESERVED_3Y), 26280);
    ck_assert_int_eq(cost_term_hours(PRICING_SAVINGS_PLAN_3Y), 26280);
}
END_TEST

START_TEST(usage_from_hours_and_months)
{
    cost_usage u;
    ck_assert_int_eq(cost_usage_from_hours(2, 100, &u), 0);
    ck_assert_int_eq(u.count, 2);
    ck_assert_int_eq(u.usage_hours, 100);
    ck_assert_int_eq(u.period_hours, 100);
    ck_assert_int_eq(u.hours_per_month, 730);

    /* 12 months of 200 running hours: 2400 hours used over 12 x 730 = 8760 calendar hours */
    ck_assert_int_eq(cost_usage_from_months(1, 12, 200, &u), 0);
    ck_assert_int_eq(u.usage_hours, 2400);
    ck_assert_int_eq(u.period_hours, 8760);
    ck_assert_int_eq(u.hours_per_month, 200);

    ck_assert_int_eq(cost_usage_from_hours(0, 100, &u), COST_EINVAL);
    ck_assert_int_eq(cost_usage_from_hours(1, 0, &u), COST_EINVAL);
    ck_assert_int_eq(cost_usage_from_hours(-1, 5, &u), COST_EINVAL);
    ck_assert_int_eq(cost_usage_from_months(1, 0, 730, &u), COST_EINVAL);
    ck_assert_int_eq(cost_usage_from_months(1, 3, 0, &u), COST_EINVAL);
    ck_assert_int_eq(cost_usage_from_months(1, 3, 731, &u), COST_EINVAL);
    ck_assert_int_eq(cost_usage_from_months(1, INT64_MAX, 730, &u), COST_ERANGE);
}
END_TEST

/* 4 x 98.32 USD/h on demand for 3 months of 730 hours:
 *   hourly  4 x 98.32            =    393.28
 *   monthly 393.28 x 730          = 287 094.40
 *   total   393.28 x 3 x 730      = 861 283.20
 * the same at a 1-year commitment of 57.63 USD/h:
 *   hourly  4 x 57.63            =    230.52
 *   monthly 230.52 x 730          = 168 279.60
 *   total   230.52 x 2190         = 504 838.80 (the 3 months' share)
 *   commitment 230.52 x 8760 x 1  = 2 019 355.20 (one whole year, owed whatever is used)
 *   savings (861 283.20 - 504 838.80) / 861 283.20 = 1 - 57.63 / 98.32 = 41.385...%
 *   break-even 57.63 / 98.32 = 58.6147...% */
START_TEST(fleet_for_three_months_on_demand_and_reserved)
{
    cost_usage u;
    cost_line od, ri;
    ck_assert_int_eq(cost_usage_from_months(4, 3, 730, &u), 0);
    ck_assert_int_eq(cost_line_compute(98320000, 0, &u, &od), 0);
    ck_assert_int_eq(cost_micros_to_cents(od.hourly_micros), 39328);
    ck_assert_int_eq(cost_micros_to_cents(od.monthly_micros), 28709440);
    ck_assert_int_eq(cost_micros_to_cents(od.total_micros), 86128320);
    ck_assert_int_eq(od.term_hours, 0);
    ck_assert_int_eq(od.terms, 0);
    ck_assert_int_eq(od.commitment_total_micros, 0);

    ck_assert_int_eq(cost_line_compute(57630000, cost_term_hours(PRICING_RESERVED_1Y), &u, &ri), 0);
    ck_assert_int_eq(cost_micros_to_cents(ri.hourly_micros), 23052);
    ck_assert_int_eq(cost_micros_to_cents(ri.monthly_micros), 16827960);
    ck_assert_int_eq(cost_micros_to_cents(ri.total_micros), 50483880);
    ck_assert_int_eq(ri.term_hours, 8760);
    ck_assert_int_eq(ri.terms, 1);
    ck_assert_int_eq(cost_micros_to_cents(ri.commitment_total_micros), 201935520);

    ck_assert_double_eq(cost_round2(cost_savings_pct(od.total_micros, ri.total_micros)), 41.39);
    ck_assert_double_eq(cost_round2(cost_break_even_pct(57630000, 98320000)), 58.61);
}
END_TEST

/* 1 instance, 200 of 730 hours a month for 12 months; on demand 2.00 USD/h, 1-year commitment 1.20 USD/h:
 *   on demand: monthly 2 x 200 = 400, total 2 x 2400 = 4800
 *   committed: monthly 1.2 x 730 = 876, total 1.2 x 8760 = 10 512, one term of 10 512
 *   savings (4800 - 10 512) / 4800 = -119%: at 27.4% utilisation, below the 60% break-even, the commitment loses */
START_TEST(part_time_use_makes_a_commitment_dearer)
{
    cost_usage u;
    cost_line od, ri;
    ck_assert_int_eq(cost_usage_from_months(1, 12, 200, &u), 0);
    ck_assert_int_eq(cost_line_compute(USD(2), 0, &u, &od), 0);
    ck_assert_int_eq(od.monthly_micros, USD(400));
    ck_assert_int_eq(od.total_micros, USD(4800));
    ck_assert_int_eq(cost_line_compute(1200000, 8760, &u, &ri), 0);
    ck_assert_int_eq(ri.monthly_micros, USD(876));
    ck_assert_int_eq(ri.total_micros, USD(10512));
    ck_assert_int_eq(ri.terms, 1);
    ck_assert_int_eq(ri.commitment_total_micros, USD(10512));
    ck_assert_double_eq(cost_round2(cost_savings_pct(od.total_micros, ri.total_micros)), -119.0);
    ck_assert_double_eq(cost_round2(cost_break_even_pct(1200000, USD(2))), 60.0);
}
END_TEST

/* A job of 100 hours on 2 instances: on demand 1.50 USD/h -> hourly 3.00, monthly 3 x 730 = 2190, total 300.
 * A 3-year commitment at 0.90 USD/h: total 1.80 x 100 = 180 for the job, but one whole term is owed:
 * 1.80 x 26 280 = 47 304. */
START_TEST(short_job_owes_the_whole_term)
{
    cost_usage u;
    cost_line od, ri;
    ck_assert_int_eq(cost_usage_from_hours(2, 100, &u), 0);
    ck_assert_int_eq(cost_line_compute(1500000, 0, &u, &od), 0);
    ck_assert_int_eq(od.hourly_micros, USD(3));
    ck_assert_int_eq(od.monthly_micros, USD(2190));
    ck_assert_int_eq(od.total_micros, USD(300));
    ck_assert_int_eq(cost_line_compute(900000, 26280, &u, &ri), 0);
    ck_assert_int_eq(ri.total_micros, USD(180));
    ck_assert_int_eq(ri.terms, 1);
    ck_assert_int_eq(ri.commitment_total_micros, USD(47304));
}
END_TEST

/* 12 months fill one 1-year term exactly; 13 months (9490 hours) need a second; 8761 hours too. */
START_TEST(terms_round_up_to_whole_terms)
{
    cost_usage u;
    cost_line ri;
    ck_assert_int_eq(cost_usage_from_months(1, 12, 730, &u), 0);
    ck_assert_int_eq(cost_line_compute(USD(1), 8760, &u, &ri), 0);
    ck_assert_int_eq(ri.terms, 1);
    ck_assert_int_eq(ri.commitment_total_micros, USD(8760));
    ck_assert_int_eq(ri.total_micros, USD(8760));

    ck_assert_int_eq(cost_usage_from_months(1, 13, 730, &u), 0);
    ck_assert_int_eq(cost_line_compute(USD(1), 8760, &u, &ri), 0);
    ck_assert_int_eq(ri.terms, 2);
    ck_assert_int_eq(ri.total_micros, USD(9490));
    ck_assert_int_eq(ri.commitment_total_micros, USD(17520));

    ck_assert_int_eq(cost_usage_from_hours(1, 8761, &u), 0);
    ck_assert_int_eq(cost_line_compute(USD(1), 8760, &u, &ri), 0);
    ck_assert_int_eq(ri.terms, 2);

    ck_assert_int_eq(cost_usage_from_months(1, 36, 730, &u), 0);
    ck_assert_int_eq(cost_line_compute(USD(1), 26280, &u, &ri), 0);
    ck_assert_int_eq(ri.terms, 1);
}
END_TEST

/* Three lines of 0.004 USD each: rounded one by one they would be 0.00 each and sum to 0.00; summed exactly they are
 * 0.012 USD, which rounds to 0.01 at output. */
START_TEST(sums_are_exact_and_rounded_once)
{
    cost_usage u;
    cost_line line, sum = {0};
    ck_assert_int_eq(cost_usage_from_hours(1, 1, &u), 0);
    ck_assert_int_eq(cost_line_compute(4000, 0, &u, &line), 0);
    ck_assert_int_eq(cost_micros_to_cents(line.total_micros), 0);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(cost_line_add(&sum, &line), 0);
    ck_assert_int_eq(sum.total_micros, 12000);
    ck_assert_int_eq(cost_micros_to_cents(sum.total_micros), 1);

    /* 0.1 added ten times in binary floating point is 0.9999999999999999; in micros it is exactly 1 USD */
    cost_line tenth, tenths = {0};
    ck_assert_int_eq(cost_line_compute(100000, 0, &u, &tenth), 0);
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(cost_line_add(&tenths, &tenth), 0);
    ck_assert_int_eq(tenths.total_micros, USD(1));
}
END_TEST

START_TEST(summing_commitments_keeps_term_and_largest_count)
{
    cost_usage one_year, two_years;
    cost_line a, b, sum = {0};
    ck_assert_int_eq(cost_usage_from_months(1, 12, 730, &one_year), 0);
    ck_assert_int_eq(cost_usage_from_months(1, 24, 730, &two_years), 0);
    ck_assert_int_eq(cost_line_compute(USD(1), 8760, &one_year, &a), 0);
    ck_assert_int_eq(cost_line_compute(USD(2), 8760, &two_years, &b), 0);
    ck_assert_int_eq(cost_line_add(&sum, &a), 0);
    ck_assert_int_eq(cost_line_add(&sum, &b), 0);
    ck_assert_int_eq(sum.term_hours, 8760);
    ck_assert_int_eq(sum.terms, 2);
    ck_assert_int_eq(sum.hourly_micros, USD(3));
    /* 1 x 8760 + 2 x 17 520 */
    ck_assert_int_eq(sum.commitment_total_micros, USD(43800));
}
END_TEST

/* The largest line the estimate accepts (10 000 instances x 87 600 hours) at 1000 USD/h is 8.76e17 micros and fits;
 * at 20 000 USD/h it would be 1.75e19 and does not. */
START_TEST(overflow_is_an_error_not_a_wrong_figure)
{
    cost_usage u;
    cost_line line = {0}, sum = {0};
    ck_assert_int_eq(cost_usage_from_hours(10000, 87600, &u), 0);
    ck_assert_int_eq(cost_line_compute(USD(1000), 0, &u, &line), 0);
    ck_assert_int_eq(line.total_micros, 876000000000000000LL);
    ck_assert_int_eq(cost_line_compute(USD(20000), 0, &u, &line), COST_ERANGE);
    ck_assert_int_eq(line.total_micros, 876000000000000000LL); /* untouched on failure */

    /* 3-year terms: 87 600 hours need 4 terms = 105 120 committed hours x 1e13 micros = 1.05e18 per line, so the
     * ninth line added overflows int64 (9.22e18) */
    ck_assert_int_eq(cost_line_compute(USD(1000), 26280, &u, &line), 0);
    ck_assert_int_eq(line.commitment_total_micros, 1051200000000000000LL);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(cost_line_add(&sum, &line), 0);
    cost_line before = sum;
    ck_assert_int_eq(cost_line_add(&sum, &line), COST_ERANGE);
    ck_assert_int_eq(sum.total_micros, before.total_micros); /* unchanged on failure */
    ck_assert_int_eq(sum.commitment_total_micros, 8 * 1051200000000000000LL);

    ck_assert_int_eq(cost_line_compute(0, 0, &u, &line), COST_EINVAL);
    ck_assert_int_eq(cost_line_compute(-5, 0, &u, &line), COST_EINVAL);
    ck_assert_int_eq(cost_line_compute(5, -1, &u, &line), COST_EINVAL);
}
END_TEST

START_TEST(percentages)
{
    ck_assert(isnan(cost_savings_pct(0, 5)));
    ck_assert(isnan(cost_break_even_pct(5, 0)));
    ck_assert_double_eq(cost_savings_pct(USD(10), USD(7)), 30.0);
    ck_assert_double_eq(cost_savings_pct(USD(10), USD(10)), 0.0);
    /* 1/3 off: 33.333... -> 33.33; 2/3 off: 66.666... -> 66.67 */
    ck_assert_double_eq(cost_round2(cost_savings_pct(USD(3), USD(2))), 33.33);
    ck_assert_double_eq(cost_round2(cost_savings_pct(USD(3), USD(1))), 66.67);
    ck_assert_double_eq(cost_round2(-66.666), -66.67);
    /* a commitment dearer than on demand never breaks even: above 100 */
    ck_assert_double_eq(cost_round2(cost_break_even_pct(USD(5), USD(4))), 125.0);
    ck_assert(isnan(cost_round2(NAN)));
}
END_TEST

static Suite *cost_suite(void)
{
    Suite *s = suite_create("cost");
    TCase *tc = tcase_create("arithmetic");
    tcase_add_test(tc, usd_enters_as_rounded_micros);
    tcase_add_test(tc, cents_round_half_away_from_zero_at_output);
    tcase_add_test(tc, checked_arithmetic_reports_overflow);
    tcase_add_test(tc, terms_are_whole_years_of_8760_hours);
    tcase_add_test(tc, usage_from_hours_and_months);
    tcase_add_test(tc, fleet_for_three_months_on_demand_and_reserved);
    tcase_add_test(tc, part_time_use_makes_a_commitment_dearer);
    tcase_add_test(tc, short_job_owes_the_whole_term);
    tcase_add_test(tc, terms_round_up_to_whole_terms);
    tcase_add_test(tc, sums_are_exact_and_rounded_once);
    tcase_add_test(tc, summing_commitments_keeps_term_and_largest_count);
    tcase_add_test(tc, overflow_is_an_error_not_a_wrong_figure);
    tcase_add_test(tc, percentages);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(cost_suite());
}
