/* Small helpers (service/base/util.c): the time-stamp reader every price's freshness check uses. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support/check_support.h"
#include "base/util.h"

START_TEST(parse_time_accepts)
{
    time_t t;
    ck_assert_int_eq(util_parse_time("2025-06-02T00:00:00Z", &t), 0);
    ck_assert_int_eq((long long)t, 1748822400LL); /* date -u -d 2025-06-02 +%s */
    ck_assert_int_eq(util_parse_time("2025-06-02 00:00:00", &t), 0);
    ck_assert_int_eq((long long)t, 1748822400LL);
    ck_assert_int_eq(util_parse_time("2025-06-02", &t), 0);
    ck_assert_int_eq((long long)t, 1748822400LL);
    ck_assert_int_eq(util_parse_time("2025-06-02T12:34:56.789Z", &t), 0);
    ck_assert_int_eq((long long)t, 1748822400LL + 12 * 3600 + 34 * 60 + 56);
    ck_assert_int_eq(util_parse_time("2024-02-29T23:59:60+00:00", &t), 0); /* a leap second is allowed through */
    ck_assert_int_eq(util_parse_time("1970-01-01T00:00:00Z", &t), 0);
    ck_assert_int_eq((long long)t, 0);
}
END_TEST

START_TEST(parse_time_refuses)
{
    static const char *bad[] = {
        "",           "2025",       "2025-06",          "2025-6-02",            "2025-06-2",
        "2025/06/02", "20250602",   "2025-13-01",       "2025-00-10",           "2025-06-32",
        "2025-06-00", "+025-06-02", "2025- 6-02",       "2025-06-02T",          "2025-06-02T24:00:00Z",
        "2025-06-02T12:60:00Z",     "2025-06-02T12:00:61Z", "2025-06-02T12:00", "2025-06-02T12:00:00+01:00",
        "2025-06-02T12:00:00Zjunk", "2025-06-02x", "abcd-ef-gh",   "2025-06-02T1a:00:00Z",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        time_t t = 12345;
        ck_assert_msg(util_parse_time(bad[i], &t) == -1, "accepted \"%s\"", bad[i]);
        ck_assert_int_eq((long long)t, 12345); /* untouched */
    }
}
END_TEST

/* The calendar arithmetic against the C library's timegm() (its definition of the same instant): the first, middle
 * and last days of every month from 1600 to 2400, leap years and century rules included, at a time of day that
 * differs from date to date; and the days past a month's end the reader lets through (the 31st of a 30-day month,
 * February's 29th to 31st), which both run into the next month. */
START_TEST(parse_time_agrees_with_timegm)
{
    static const int days[] = {1, 15, 28, 29, 30, 31};
    long checked = 0;
    for (int year = 1600; year <= 2400; year++) {
        for (int month = 1; month <= 12; month++) {
            for (size_t d = 0; d < sizeof days / sizeof days[0]; d++) {
                int day = days[d];
                int hour = (year + day) % 24, minute = (month * 7 + day) % 60, second = (year * 3 + day) % 61;
                char text[80]; /* room for any int in each field, as the compiler counts it */
                snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02dZ", year, month, day, hour, minute, second);
                time_t parsed;
                ck_assert_msg(util_parse_time(text, &parsed) == 0, "refused %s", text);
                struct tm tm = {.tm_year = year - 1900, .tm_mon = month - 1, .tm_mday = day, .tm_hour = hour,
                                .tm_min = minute, .tm_sec = second};
                time_t expected = timegm(&tm);
                ck_assert_msg(parsed == expected, "%s: %lld, timegm %lld", text, (long long)parsed,
                              (long long)expected);
                checked++;
            }
        }
    }
    ck_assert_int_eq(checked, 801L * 12 * 6);
}
END_TEST

START_TEST(format_time_round_trip)
{
    char text[32];
    util_format_time(1748822400, text, sizeof text);
    ck_assert_str_eq(text, "2025-06-02T00:00:00Z");
    time_t back;
    ck_assert_int_eq(util_parse_time(text, &back), 0);
    ck_assert_int_eq((long long)back, 1748822400LL);
}
END_TEST

/* A stream read whole: its bytes NUL-terminated; past the limit nothing is kept. */
START_TEST(read_all_keeps_to_the_limit)
{
    static char big[200000];
    memset(big, 'x', sizeof big);
    FILE *in = fmemopen(big, sizeof big, "rb");
    char *data = NULL;
    size_t size = 0;
    ck_assert_int_eq(util_read_all(in, sizeof big, &data, &size), 0);
    ck_assert_uint_eq(size, sizeof big);
    ck_assert_uint_eq(strlen(data), sizeof big);
    free(data);
    rewind(in);
    ck_assert_int_eq(util_read_all(in, sizeof big - 1, &data, &size), UTIL_READ_TOO_LARGE);
    ck_assert_ptr_null(data);
    fclose(in);
}
END_TEST

static Suite *util_suite(void)
{
    Suite *s = suite_create("util");
    TCase *tc = tcase_create("time");
    tcase_add_test(tc, parse_time_accepts);
    tcase_add_test(tc, parse_time_refuses);
    tcase_add_test(tc, parse_time_agrees_with_timegm);
    tcase_add_test(tc, format_time_round_trip);
    tcase_add_test(tc, read_all_keeps_to_the_limit);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(util_suite());
}
