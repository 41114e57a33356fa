#include "base/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t size)
{
    fprintf(stderr, "gpurec: out of memory allocating %zu bytes\n", size);
    abort();
}

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL)
        out_of_memory(size);
    return p;
}

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (p == NULL)
        out_of_memory(count * size);
    return p;
}

void *xrealloc(void *ptr, size_t size)
{
    void *p = realloc(ptr, size ? size : 1);
    if (p == NULL)
        out_of_memory(size);
    return p;
}

char *xstrdup(const char *s)
{
    size_t len = strlen(s) + 1;
    char *copy = xmalloc(len);
    memcpy(copy, s, len);
    return copy;
}

/* n decimal digits at text as a number, or -1 when any of them is not a digit. */
static int fixed_digits(const char *text, int n)
{
    int value = 0;
    for (int i = 0; i < n; i++) {
        if (text[i] < '0' || text[i] > '9')
            return -1;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

/* Days from 1970-01-01 to year-month-day of the proleptic Gregorian calendar (H. Hinnant, "chrono-Compatible Low-Level
 * Date Algorithms", days_from_civil). Linear in day, so a day past its month's end runs into the next month, as
 * timegm() normalises it; a price's fetch time is parsed for every pick of an answer, and timegm() costs more than the
 * rest of the parse. */
static long long days_from_civil(long long year, unsigned month, unsigned day)
{
    year -= month <= 2;
    long long era = (year >= 0 ? year : year - 399) / 400;
    unsigned year_of_era = (unsigned)(year - era * 400);                                /* [0, 399] */
    unsigned day_of_year = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1; /* from March 1 */
    unsigned day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    return era * 146097 + (long long)day_of_era - 719468;
}

/* The proleptic Gregorian date of the day days after 1970-01-01 (H. Hinnant, civil_from_days): days_from_civil()
 * undone. */
static void civil_from_days(long long days, long long *year, unsigned *month, unsigned *day)
{
    days += 719468;
    long long era = (days >= 0 ? days : days - 146096) / 146097;
    unsigned day_of_era = (unsigned)(days - era * 146097); /* [0, 146096] */
    unsigned year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
    unsigned day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100); /* from March 1 */
    unsigned month_from_march = (5 * day_of_year + 2) / 153;
    *day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    *month = month_from_march < 10 ? month_from_march + 3 : month_from_march - 9;
    *year = (long long)year_of_era + era * 400 + (*month <= 2);
}

/* value (< 10^width) as width decimal digits with leading zeros at out; returns the end. */
static char *put_digits(char *out, unsigned value, int width)
{
    for (int i = width - 1; i >= 0; i--) {
        out[i] = (char)('0' + value % 10);
        value /= 10;
    }
    return out + width;
}

/* By hand rather than with gmtime_r() and strftime(): the access log stamps every request's line, and those two took
 * a lock and more time than the rest of the line. */
size_t util_format_utc(time_t t, int millis, char *buf, size_t buf_len)
{
    long long seconds = (long long)t;
    long long days = seconds / 86400 - (seconds % 86400 < 0);
    unsigned of_day = (unsigned)(seconds - days * 86400);
    long long year;
    unsigned month, day;
    civil_from_days(days, &year, &month, &day);
    size_t needed = millis >= 0 ? UTIL_UTC_TEXT_MAX : UTIL_UTC_TEXT_MAX - 4; /* no ".123" */
    if (year < 1000 || year > 9999 || millis > 999 || buf_len < needed) { /* strftime's %Y pads no year */
        struct tm tm;
        if (buf_len == 0)
            return 0;
        buf[0] = '\0';
        if (gmtime_r(&t, &tm) == NULL)
            return 0;
        size_t used = strftime(buf, buf_len, "%Y-%m-%dT%H:%M:%S", &tm);
        if (millis >= 0)
            snprintf(buf + used, buf_len - used, ".%03dZ", millis);
        else
            snprintf(buf + used, buf_len - used, "Z");
        return strlen(buf);
    }
    char *out = put_digits(buf, (unsigned)year, 4);
    *out++ = '-';
    out = put_digits(out, month, 2);
    *out++ = '-';
    out = put_digits(out, day, 2);
    *out++ = 'T';
    out = put_digits(out, of_day / 3600, 2);
    *out++ = ':';
    out = put_digits(out, of_day / 60 % 60, 2);
    *out++ = ':';
    out = put_digits(out, of_day % 60, 2);
    if (millis >= 0) {
        *out++ = '.';
        out = put_digits(out, (unsigned)millis, 3);
    }
    *out++ = 'Z';
    *out = '\0';
    return (size_t)(out - buf);
}

void util_format_time(time_t t, char *buf, size_t buf_len)
{
    util_format_utc(t, -1, buf, buf_len);
}

/* Read by hand rather than with sscanf: every recommendation judges its prices' fetch times, and sscanf's generality
 * (locales, widths, white space) cost more than the rest of the check. */
int util_parse_time(const char *text, time_t *out)
{
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    if (strnlen(text, 10) < 10 || text[4] != '-' || text[7] != '-')
        return -1;
    tm.tm_year = fixed_digits(text, 4);
    tm.tm_mon = fixed_digits(text + 5, 2);
    tm.tm_mday = fixed_digits(text + 8, 2);
    if (tm.tm_year < 0 || tm.tm_mon < 0 || tm.tm_mday < 0)
        return -1;
    const char *rest = text + 10;
    if (*rest == 'T' || *rest == ' ') {
        if (strnlen(rest + 1, 8) < 8 || rest[3] != ':' || rest[6] != ':')
            return -1;
        tm.tm_hour = fixed_digits(rest + 1, 2);
        tm.tm_min = fixed_digits(rest + 4, 2);
        tm.tm_sec = fixed_digits(rest + 7, 2);
        if (tm.tm_hour < 0 || tm.tm_min < 0 || tm.tm_sec < 0)
            return -1;
        rest += 9;
        if (*rest == '.') {
            rest++;
            while (*rest >= '0' && *rest <= '9')
                rest++;
        }
        if (*rest == 'Z')
            rest++;
        else if (strcmp(rest, "+00:00") == 0)
            rest += 6;
    }
    if (*rest != '\0')
        return -1;
    if (tm.tm_mon < 1 || tm.tm_mon > 12 || tm.tm_mday < 1 || tm.tm_mday > 31 || tm.tm_hour > 23 || tm.tm_min > 59 ||
        tm.tm_sec > 60)
        return -1;
    *out = (time_t)(days_from_civil(tm.tm_year, (unsigned)tm.tm_mon, (unsigned)tm.tm_mday) * 86400 +
                    tm.tm_hour * 3600 + tm.tm_min * 60 + tm.tm_sec);
    return 0;
}

int64_t util_monotonic_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

uint64_t util_fnv1a(uint64_t hash, const void *data, size_t len)
{
    const unsigned char *bytes = data;
    for (size_t i = 0; i < len; i++)
        hash = (hash ^ bytes[i]) * 1099511628211ULL; /* FNV-1a 64-bit prime */
    return hash;
}

int util_copy(char *dst, size_t dst_len, const char *src)
{
    size_t len = strlen(src);
    if (len >= dst_len) {
        if (dst_len > 0) {
            memcpy(dst, src, dst_len - 1);
            dst[dst_len - 1] = '\0';
        }
        return -1;
    }
    memcpy(dst, src, len + 1);
    return 0;
}

/* Configuration, not state: written once by main before the daemon's threads start, read-only after. */
static time_t pinned_clock;

void util_pin_clock(time_t pinned)
{
    pinned_clock = pinned;
}

time_t util_now(void)
{
    return pinned_clock != 0 ? pinned_clock : time(NULL);
}

int util_read_all(FILE *in, size_t limit, char **out, size_t *size)
{
    size_t cap = 65536, len = 0, got;
    char *data = xmalloc(cap + 1);
    int rc = 0;
    *out = NULL;
    *size = 0;
    while ((got = fread(data + len, 1, cap - len, in)) > 0) {
        len += got;
        if (len > limit) {
            rc = UTIL_READ_TOO_LARGE;
            goto out;
        }
        if (len == cap) {
            cap *= 2;
            data = xrealloc(data, cap + 1);
        }
    }
    if (ferror(in))
        rc = UTIL_READ_FAILED;
out:
    if (rc != 0) {
        free(data);
        return rc;
    }
    data[len] = '\0';
    *out = data;
    *size = len;
    return 0;
}
