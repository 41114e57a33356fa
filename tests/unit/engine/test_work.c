/* Benchmark jobs (engine/work.h): measured rates per GPU, the estimate rule, and its validation: each measured rate
 * left out in turn and estimated from the others, the share within 0.8-1.25 printed with every case. */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "engine/perf/work.h"
#include "support/check_support.h"
#include "support/seed_catalog.h"

/* How many left-out measurements the rule estimates within 0.8-1.25: a floor that may only rise (82 of 106 today, with
 * the A100 training rows of 0023, the H200 and L40S inference rows of 0024, the 19 Blender Open Data rows of 0026, 14
 * of them within, the MLPerf Inference, MLPerf Training and HPL rows of 0027 and the A100 HPCG row of 0029, whose
 * A100 and V100 systems estimate each other at 0.57 and 1.77). */
#define LOO_FLOOR_WITHIN 82
#define LOO_CASES 106

START_TEST(measured_rate_is_per_gpu)
{
    catalog *snap = seed_catalog_load();
    work_rate rate;
    ck_assert(work_gpu_rate(snap, "resnet50-offline", catalog_find_gpu(snap, "l4"), NULL, &rate));
    ck_assert(rate.measured);
    ck_assert_double_eq_tol(rate.per_gpu, 12881.7, 1e-6);
    ck_assert(work_gpu_rate(snap, "resnet50-offline", catalog_find_gpu(snap, "h100-sxm-80gb"), NULL, &rate));
    ck_assert_double_eq_tol(rate.per_gpu, 704412.0 / 8, 1e-6); /* the 8-GPU system's rate over its GPUs */
    catalog_release(snap);
}
END_TEST

START_TEST(estimate_scales_the_nearest_by_the_bound)
{
    catalog *snap = seed_catalog_load();
    work_rate rate;
    const catalog_gpu *l40s = catalog_find_gpu(snap, "l40s"), *ada = catalog_find_gpu(snap, "rtx-6000-ada");
    ck_assert(work_gpu_rate(snap, "zprize23-plonk-merkle15", l40s, NULL, &rate));
    ck_assert(!rate.measured);
    ck_assert_str_eq(rate.row->gpu->id, "rtx-6000-ada");
    ck_assert_double_eq_tol(rate.per_gpu, 0.10672825 * l40s->fp32_tflops / ada->fp32_tflops, 1e-9);
    catalog_release(snap);
}
END_TEST

START_TEST(no_rate_far_from_every_measurement_or_of_another_vendor)
{
    catalog *snap = seed_catalog_load();
    work_rate rate;
    /* a T4's FP64 is a thirtieth of the least HPL-measured GPU's: too far to scale */
    ck_assert(!work_gpu_rate(snap, "hpl", catalog_find_gpu(snap, "t4"), NULL, &rate));
    /* MLPerf Inference rows are NVIDIA's: an AMD part gets none */
    ck_assert(!work_gpu_rate(snap, "resnet50-offline", catalog_find_gpu(snap, "mi300x"), NULL, &rate));
    ck_assert(!work_gpu_rate(snap, "no-such-benchmark", catalog_find_gpu(snap, "l4"), NULL, &rate));
    catalog_release(snap);
}
END_TEST

START_TEST(leave_one_out)
{
    catalog *snap = seed_catalog_load();
    size_t cases = 0, within = 0;
    printf("%-40s %-16s %-16s %12s %12s %7s\n", "left out", "estimated from", "bound", "measured/GPU",
           "estimate", "ratio");
    for (size_t i = 0; i < snap->benchmark_count; i++) {
        const catalog_benchmark *row = &snap->benchmarks[i];
        work_rate rate;
        if (!work_gpu_rate(snap, row->benchmark, row->gpu, row, &rate))
            continue;
        ck_assert(!rate.measured && rate.row != row);
        double measured = row->rate / row->gpu_count, ratio = rate.per_gpu / measured;
        cases++;
        if (ratio >= 0.8 && ratio <= 1.25)
            within++;
        printf("%-40s %-16s %-16.16s %12.4g %12.4g %7.3f\n", row->id, rate.row->gpu->id, work_bound_name(row->suite),
               measured, rate.per_gpu, ratio);
    }
    printf("leave-one-out: %zu of %zu estimates within 0.8-1.25 (%.0f%%)\n", within, cases,
           cases > 0 ? 100.0 * (double)within / (double)cases : 0.0);
    ck_assert_uint_ge(cases, LOO_CASES);
    ck_assert_uint_ge(within, LOO_FLOOR_WITHIN);
    catalog_release(snap);
}
END_TEST

static Suite *work_suite(void)
{
    Suite *s = suite_create("work");
    TCase *tc = tcase_create("rates");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, measured_rate_is_per_gpu);
    tcase_add_test(tc, estimate_scales_the_nearest_by_the_bound);
    tcase_add_test(tc, no_rate_far_from_every_measurement_or_of_another_vendor);
    tcase_add_test(tc, leave_one_out);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(work_suite());
}
