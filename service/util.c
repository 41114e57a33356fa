#include "util.h"

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

int util_parse_time(const char *text, time_t *out)
{
    struct tm tm;
    memset(&tm, 0, sizeof tm);
    int consumed = 0;
    if (sscanf(text, "%4d-%2d-%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &consumed) != 3 || consumed != 10)
        return -1;
    const char *rest = text + consumed;
    if (*rest == 'T' || *rest == ' ') {
        int fields = 0;
        if (sscanf(rest + 1, "%2d:%2d:%2d%n", &tm.tm_hour, &tm.tm_min, &tm.tm_sec, &fields) != 3 || fields != 8)
            return -1;
        rest += 1 + fields;
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
