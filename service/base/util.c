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

void util_format_time(time_t t, char *buf, size_t buf_len)
{
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, buf_len, "%Y-%m-%dT%H:%M:%SZ", &tm);
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
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    *out = timegm(&tm);
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
