/* Number text without printf (service/base/numfmt.c) against glibc's snprintf, which it must match byte for byte: "%.*f" and
 * "%.*g" over values of every kind (the answer's prices, hours and ratios; exact ties such as 0.125 and 2.5, which
 * round to even; near-ties one ulp away; random bit patterns; zeros, infinities, NaN), and whole formats like the
 * recommendation reasons', including truncation. A fixed seed keeps every run the same. */
#include <check.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/numfmt.h"
#include "support/check_support.h"
#include "support/random.h"


/* A value of one of the kinds the service prints. */
static double random_value(void)
{
    uint64_t bits;
    double value;
    switch (test_random_next() % 6) {
    case 0: /* rounded like an answer: 1 to 1e-6 steps, 1e-4 to 1e8 */
        value = round(test_random_unit() * pow(10.0, (double)(test_random_next() % 13) - 4.0) * 1e6) / 1e6;
        break;
    case 1: /* an exact tie at some decimal: k + 0.5 scaled down */
        value = ((double)(test_random_next() % 100000) + 0.5) / pow(2.0, (double)(test_random_next() % 4));
        break;
    case 2: /* a near-tie: one ulp either side of a decimal midpoint */
        value = nextafter((double)(test_random_next() % 10000) / 1000.0 + 0.0005, test_random_next() & 1 ? INFINITY : -INFINITY);
        break;
    case 3: /* random bits */
        bits = test_random_next();
        memcpy(&value, &bits, sizeof value);
        break;
    case 4: /* ordinary magnitude, random mantissa; or a short decimal of up to 10^37 (FLOPs, token counts) */
        if (test_random_next() & 1) {
            value = (double)(test_random_next() % 100000) * pow(10.0, (double)(test_random_next() % 33));
            break;
        }
        value = ldexp(test_random_unit() + 0.5, (int)(test_random_next() % 120) - 60);
        break;
    default: /* small integers and halves: GPU counts, slices */
        value = (double)(test_random_next() % 64) / (double)(1u << (test_random_next() % 4));
        break;
    }
    return test_random_next() & 1 ? -value : value;
}

static void assert_fixed(double value, unsigned decimals)
{
    char expected[NUMFMT_MAX], actual[NUMFMT_MAX];
    int expected_len = snprintf(expected, sizeof expected, "%.*f", (int)decimals, value);
    if (expected_len < 0 || expected_len >= (int)sizeof expected)
        return; /* beyond the buffer (e.g. 1e308): numfmt.h promises NUMFMT_MAX only for what fits */
    size_t len = numfmt_fixed(value, decimals, actual);
    ck_assert_msg(strcmp(expected, actual) == 0, "%%.%uf of %a: printf %s, numfmt %s", decimals, value, expected,
                  actual);
    ck_assert_uint_eq(len, (size_t)expected_len);
}

static void assert_general(double value, unsigned precision)
{
    char expected[NUMFMT_MAX], actual[NUMFMT_MAX];
    int expected_len = snprintf(expected, sizeof expected, "%.*g", (int)precision, value);
    size_t len = numfmt_general(value, precision, actual);
    ck_assert_msg(strcmp(expected, actual) == 0, "%%.%ug of %a: printf %s, numfmt %s", precision, value, expected,
                  actual);
    ck_assert_uint_eq(len, (size_t)expected_len);
}

START_TEST(fixed_by_hand)
{
    /* the tie cases: exactly representable halves round to even, as glibc does */
    char text[NUMFMT_MAX];
    numfmt_fixed(0.125, 2, text);
    ck_assert_str_eq(text, "0.12");
    numfmt_fixed(0.375, 2, text);
    ck_assert_str_eq(text, "0.38");
    numfmt_fixed(2.5, 0, text);
    ck_assert_str_eq(text, "2");
    numfmt_fixed(3.5, 0, text);
    ck_assert_str_eq(text, "4");
    numfmt_fixed(1.005, 2, text); /* 1.00499999999999989... */
    ck_assert_str_eq(text, "1.00");
    numfmt_fixed(-0.01, 1, text);
    ck_assert_str_eq(text, "-0.0");
    numfmt_fixed(98.32 * 730, 2, text);
    ck_assert_str_eq(text, "71773.60");
    static const double fixed[] = {0.0, -0.0, 0.5, 1.5, 0.05, 0.15, 0.25, 0.35, 1e-7, 123456.789, 4503599627370495.5,
                                   4503599627370496.0, 1e15, 1e16, 1e22, 1e300, DBL_MAX, DBL_MIN, 5e-324, INFINITY,
                                   -INFINITY, NAN, 0.1 + 0.2, 2.675, 1.0 / 3.0};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        for (unsigned decimals = 0; decimals <= 9; decimals++)
            assert_fixed(fixed[i], decimals);
}
END_TEST

START_TEST(fixed_random)
{
    test_random_seed(0x2545F4914F6CDD1DULL);
    for (int i = 0; i < 300000; i++)
        assert_fixed(random_value(), (unsigned)(test_random_next() % 8));
}
END_TEST

START_TEST(general_by_hand)
{
    static const double fixed[] = {0.0,   -0.0,  1.0,    8.0,     0.5,   0.25,  0.125, 1e-4,     9.9e-5, 123456.0,
                                   1e6,   999999.5, 1234567.0, 5.6e23, 1.26e24, 1e15, 8.4e23, 1e25, 1.5e16, 123456789012345678.0, 9.99e22, 1e-300, DBL_MAX, 5e-324,
                                   INFINITY, -INFINITY, NAN, 0.1 + 0.2, 100.0, 730.0, 0.000123456789012345};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        for (unsigned precision = 0; precision <= 17; precision++)
            assert_general(fixed[i], precision);
}
END_TEST

START_TEST(general_random)
{
    test_random_seed(0x2545F4914F6CDD1DULL);
    static const unsigned precisions[] = {1, 3, 6, 15, 17};
    for (int i = 0; i < 300000; i++)
        assert_general(random_value(), precisions[test_random_next() % 5]);
}
END_TEST

START_TEST(real15_like_jansson)
{
    char text[NUMFMT_MAX];
    numfmt_real15(14.0, text);
    ck_assert_str_eq(text, "14.0");
    numfmt_real15(-0.0, text);
    ck_assert_str_eq(text, "-0.0");
    numfmt_real15(1e15, text);
    ck_assert_str_eq(text, "1e15");
    numfmt_real15(1e-5, text);
    ck_assert_str_eq(text, "1e-5");
    numfmt_real15(5.6e23, text);
    ck_assert_str_eq(text, "5.6e23");
    numfmt_real15(16.8, text);
    ck_assert_str_eq(text, "16.8");
}
END_TEST

/* jansson's text of a real at 15 digits (its strconv.c): "%.15g", ".0" when that reads as an integer, no '+' and no
 * leading zeros in the exponent. */
static void jansson_real15(double value, char *out, size_t size)
{
    char text[64];
    snprintf(text, sizeof text, "%.15g", value);
    if (strchr(text, '.') == NULL && strchr(text, 'e') == NULL)
        strcat(text, ".0");
    char *exponent = strchr(text, 'e');
    if (exponent != NULL) {
        char *from = exponent + 1, *to = exponent + 1;
        if (*from == '+')
            from++;
        else if (*from == '-')
            *to++ = *from++;
        while (*from == '0' && from[1] != '\0')
            from++;
        memmove(to, from, strlen(from) + 1);
    }
    snprintf(out, size, "%s", text);
}

START_TEST(real15_random)
{
    test_random_seed(0x9E3779B97F4A7C15ULL);
    for (int i = 0; i < 300000; i++) {
        double value = random_value();
        if (!isfinite(value))
            continue;
        char expected[64], actual[NUMFMT_MAX];
        jansson_real15(value, expected, sizeof expected);
        size_t len = numfmt_real15(value, actual);
        ck_assert_msg(strcmp(expected, actual) == 0 && len == strlen(expected), "%.17g: jansson %s, numfmt %s",
                      value, expected, actual);
    }
}
END_TEST

/* vsnprintf and numfmt_vformat on the same arguments must agree, as must their return values. */
static void assert_format(size_t size, const char *fmt, ...)
{
    char expected[1024], actual[1024];
    va_list args, copy;
    va_start(args, fmt);
    va_copy(copy, args);
    int expected_len = vsnprintf(expected, size, fmt, args);
    memset(actual, 'x', sizeof actual);
    int len = numfmt_vformat(actual, size, fmt, copy);
    va_end(copy);
    va_end(args);
    ck_assert_int_eq(len, expected_len);
    if (size > 0)
        ck_assert_msg(strcmp(expected, actual) == 0, "format %s (size %zu): vsnprintf %s, numfmt %s", fmt, size,
                      expected, actual);
    else
        ck_assert_int_eq(actual[0], 'x'); /* size 0 writes nothing */
}

START_TEST(formats)
{
    test_random_seed(0x2545F4914F6CDD1DULL);
    for (int i = 0; i < 20000; i++) {
        double a = random_value(), b = random_value(), c = random_value();
        unsigned u = (unsigned)test_random_next();
        size_t size = test_random_next() % 4 == 0 ? test_random_next() % 40 : 256;
        assert_format(size, "Fits %.1f GB of GPU memory across %u nodes x %g %s (%.0f GB per node, %.0f GB in total) "
                            "over %s.", a, u, b, "H100", c, a, "EFA");
        assert_format(size, "%s at %.1f %s dense per GPU, %.1f %s %s, $%.4f per %s-hour.", "fp16", a, "TFLOPS", b,
                      "TFLOPS", "in total", c, "TFLOPS");
        assert_format(size, "About %.1f hours for %.3g FLOPs at %.0f%% utilisation: $%.2f for the job.", a, b, c, a);
        assert_format(size, "$%.2f for the %g-hour job at $%.4f/hour.", a, b, c);
        assert_format(size, "%zu items, %d left, %u%%", (size_t)u, (int)u, u);
        assert_format(size, "%s", test_random_next() & 1 ? "text" : NULL);
    }
    /* what it does not do itself still comes out right */
    assert_format(64, "%5d|%-4s|%x|%e|%lld", 42, "ab", 255u, 1.5, 1234567890123LL);
    assert_format(64, "%.2s|%.3zu", "abcdef", (size_t)7);
    assert_format(0, "anything %d", 1);
    assert_format(1, "anything %d", 1);
    assert_format(64, "no conversions at all");
    assert_format(64, "");
}
END_TEST

static Suite *numfmt_suite(void)
{
    Suite *s = suite_create("numfmt");
    TCase *tc = tcase_create("same as printf");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, fixed_by_hand);
    tcase_add_test(tc, fixed_random);
    tcase_add_test(tc, general_by_hand);
    tcase_add_test(tc, general_random);
    tcase_add_test(tc, real15_like_jansson);
    tcase_add_test(tc, real15_random);
    tcase_add_test(tc, formats);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(numfmt_suite());
}
