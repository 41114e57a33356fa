/* Small helpers (service/base/util.c): the time-stamp reader every price's freshness check uses. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "support/check_support.h"
#include "base/util.h"
#include "support/random.h"

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

/* The hand-written UTC text against gmtime_r() and strftime() (the C library's rendering of the same instant): every
 * day from 1600 to 2400 at a time of day that moves from day to day, random instants from year 0 to 9999 with and
 * without milliseconds, the instants before 1970, and a buffer too small for the short path. */
static void assert_utc_text(time_t t, int millis)
{
    struct tm tm;
    ck_assert_ptr_nonnull(gmtime_r(&t, &tm));
    char expected[64], actual[64];
    size_t used = strftime(expected, sizeof expected, "%Y-%m-%dT%H:%M:%S", &tm);
    if (millis >= 0)
        snprintf(expected + used, sizeof expected - used, ".%03dZ", millis);
    else
        snprintf(expected + used, sizeof expected - used, "Z");
    size_t len = util_format_utc(t, millis, actual, sizeof actual);
    ck_assert_msg(strcmp(actual, expected) == 0, "%lld: %s, strftime %s", (long long)t, actual, expected);
    ck_assert_uint_eq(len, strlen(expected));
}

START_TEST(format_utc_agrees_with_strftime)
{
    for (long long day = -135140; day <= 156941; day++) /* 1600-01-01 to 2399-09-01 */
        assert_utc_text((time_t)(day * 86400 + (day * 7919) % 86400), (int)(day % 1000));
    test_random_seed(0x2545F4914F6CDD1DULL);
    for (int i = 0; i < 200000; i++) {
        long long t = (long long)(test_random_next() % 315537897600ULL) - 62167219200LL; /* years 0 to 9999 */
        assert_utc_text((time_t)t, i % 2 ? (int)(test_random_next() % 1000) : -1);
    }
    assert_utc_text(-1, 999);
    assert_utc_text(0, 0);
    char small[21];
    ck_assert_uint_eq(util_format_utc(1748822400, 5, small, sizeof small), strlen(small));
    ck_assert_str_eq(small, "2025-06-02T00:00:00.");
    ck_assert_uint_eq(util_format_utc(1748822400, -1, small, sizeof small), 20);
    ck_assert_str_eq(small, "2025-06-02T00:00:00Z");
    ck_assert_uint_eq(util_format_utc(1748822400, 5, small, 0), 0); /* no room: nothing written */
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
    tcase_add_test(tc, format_utc_agrees_with_strftime);
    tcase_add_test(tc, read_all_keeps_to_the_limit);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return check_run_suite(util_suite());
}
