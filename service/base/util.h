/* Small helpers every module uses: allocation that treats out-of-memory as fatal in one place, time stamps. */
#ifndef GPUREC_UTIL_H
#define GPUREC_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* Allocate or abort: a service that cannot allocate a few bytes cannot answer anyway. Caller frees with free(). */
void *xmalloc(size_t size);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *ptr, size_t size);
char *xstrdup(const char *s);

/* Writes t as "2025-06-01T12:00:00Z" into buf (at least 21 bytes). */
void util_format_time(time_t t, char *buf, size_t buf_len);
/* Room for util_format_utc()'s text of a year 1000 to 9999, with milliseconds and the NUL. */
#define UTIL_UTC_TEXT_MAX 25
/* t in UTC as "2025-06-01T12:00:00.123Z" (millis 0 to 999) or "2025-06-01T12:00:00Z" (millis < 0) into buf: the text
 * gmtime_r() and strftime() give; returns its length. */
size_t util_format_utc(time_t t, int millis, char *buf, size_t buf_len);
/* Parses "YYYY-MM-DDTHH:MM:SSZ" (also with fractional seconds, or a date alone) into *out; 0 or -1. */
int util_parse_time(const char *text, time_t *out);
/* Wall clock in seconds. A test pins it (GPUREC_TEST_CLOCK, set once at start before any thread runs) so answers
 * that name a price's age can be recorded and compared byte for byte; otherwise it is time(NULL). */
time_t util_now(void);
void util_pin_clock(time_t pinned);
/* Monotonic clock in microseconds. */
int64_t util_monotonic_us(void);
/* 64-bit FNV-1a over bytes, continuing from hash (start with UTIL_FNV_OFFSET). */
#define UTIL_FNV_OFFSET 1469598103934665603ULL
uint64_t util_fnv1a(uint64_t hash, const void *data, size_t len);
/* Reads the rest of the stream, at most limit bytes, into *out (NUL-terminated; caller frees) and *size. Returns 0,
 * UTIL_READ_TOO_LARGE past limit, or UTIL_READ_FAILED on a read error (*out is then NULL). */
#define UTIL_READ_TOO_LARGE (-1)
#define UTIL_READ_FAILED (-2)
int util_read_all(FILE *in, size_t limit, char **out, size_t *size);
/* strcmp(a, b) == 0 without a call when the first bytes differ, as they do for most of the catalog's names the
 * request path tests per instance type (interconnects, networks, GPU generations). */
static inline bool util_same_text(const char *a, const char *b)
{
    return a[0] == b[0] && strcmp(a, b) == 0;
}
/* Copies src into dst of dst_len bytes, always terminated; returns -1 when src did not fit. */
int util_copy(char *dst, size_t dst_len, const char *src);

#endif
