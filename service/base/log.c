#include "base/log.h"

#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "base/numfmt.h"
#include "base/util.h"

/* Set once at start, before any thread runs; read by every thread afterwards. */
static atomic_int configured_format = LOG_TEXT;
static atomic_int configured_level = LOG_INFO;

static const char *const level_names[] = {"debug", "info", "warn", "error"};

void log_setup(log_format format, log_level level)
{
    atomic_store(&configured_format, (int)format);
    atomic_store(&configured_level, (int)level);
}

int log_level_parse(const char *name, log_level *out)
{
    for (int i = LOG_DEBUG; i <= LOG_ERROR; i++) {
        if (strcmp(name, level_names[i]) == 0) {
            *out = (log_level)i;
            return 0;
        }
    }
    return -1;
}

int log_format_parse(const char *name, log_format *out)
{
    if (strcmp(name, "text") == 0)
        *out = LOG_TEXT;
    else if (strcmp(name, "json") == 0)
        *out = LOG_JSON;
    else
        return -1;
    return 0;
}

static void timestamp(char *buf, size_t len)
{
    struct timeval tv;
    gettimeofday(&tv, NULL);
    util_format_utc(tv.tv_sec, (int)(tv.tv_usec / 1000), buf, len);
}

/* The length of the well-formed UTF-8 sequence at p (RFC 3629, section 4: no overlong forms, no surrogates, nothing
 * past U+10FFFF), or 0 when the bytes there are not one. */
static size_t utf8_sequence(const unsigned char *p)
{
    if (p[0] < 0x80)
        return 1;
    size_t len = p[0] >= 0xC2 && p[0] <= 0xDF ? 2 : p[0] >= 0xE0 && p[0] <= 0xEF ? 3 : p[0] >= 0xF0 && p[0] <= 0xF4 ? 4 : 0;
    for (size_t i = 1; i < len; i++)
        if ((p[i] & 0xC0) != 0x80)
            return 0;
    if ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] > 0x9F) || (p[0] == 0xF0 && p[1] < 0x90) ||
        (p[0] == 0xF4 && p[1] > 0x8F))
        return 0;
    return len;
}

/* Appends a value to a line: quoted and escaped as a JSON string for JSON logs; as it is for text logs, quoted when it
 * has spaces. Control characters are escaped either way so a value can never forge a second log line, and a byte
 * that is not UTF-8 becomes U+FFFD (JSON) or \xNN (text), so every line is valid UTF-8 whatever a client sent. */
static size_t append_value(char *line, size_t used, size_t cap, const char *value, bool json)
{
    bool quote = json || strpbrk(value, " \t\"=") != NULL || value[0] == '\0';
    if (quote && used < cap)
        line[used++] = '"';
    const unsigned char *c = (const unsigned char *)value;
    while (*c && used + 7 < cap) {
        size_t len = utf8_sequence(c);
        if (len == 0) {
            used += (size_t)snprintf(line + used, cap - used, json ? "\\ufffd" : "\\x%02x", *c);
            c++;
        } else if (len > 1) {
            memcpy(line + used, c, len);
            used += len;
            c += len;
        } else if (*c == '"' || *c == '\\') {
            line[used++] = '\\';
            line[used++] = (char)*c++;
        } else if (*c < 0x20 || *c == 0x7f) {
            used += (size_t)snprintf(line + used, cap - used, "\\u%04x", *c++);
        } else {
            line[used++] = (char)*c++;
        }
    }
    if (quote && used < cap)
        line[used++] = '"';
    return used;
}

static size_t append_raw(char *line, size_t used, size_t cap, const char *text)
{
    size_t len = strlen(text);
    if (used + len >= cap)
        len = used < cap ? cap - used - 1 : 0;
    memcpy(line + used, text, len);
    return used + len;
}

/* The punctuation of a line in each format, around the time stamp, level, message and key/value pairs. */
typedef struct line_format {
    const char *before_ts, *before_level, *before_msg, *before_pair, *between_key_value, *after_pairs;
} line_format;

static const line_format line_formats[] = {
    [LOG_TEXT] = {"", " ", " ", " ", "=", ""},
    [LOG_JSON] = {"{\"ts\":\"", "\",\"level\":\"", "\",\"msg\":", ",", ":", "}"},
};

static void emit(log_level level, const char *msg, const char *const *pairs, size_t pair_count)
{
    bool json = atomic_load(&configured_format) == LOG_JSON;
    const line_format *f = &line_formats[json ? LOG_JSON : LOG_TEXT];
    char line[2048];
    size_t cap = sizeof line - 2;
    char ts[40];
    timestamp(ts, sizeof ts);
    size_t used = append_raw(line, 0, cap, f->before_ts);
    used = append_raw(line, used, cap, ts);
    used = append_raw(line, used, cap, f->before_level);
    used = append_raw(line, used, cap, level_names[level]);
    used = append_raw(line, used, cap, f->before_msg);
    used = append_value(line, used, cap, msg, json);
    for (size_t i = 0; i + 1 < pair_count; i += 2) {
        used = append_raw(line, used, cap, f->before_pair);
        used = append_value(line, used, cap, pairs[i], json);
        used = append_raw(line, used, cap, f->between_key_value);
        used = append_value(line, used, cap, pairs[i + 1] ? pairs[i + 1] : "", json);
    }
    used = append_raw(line, used, cap, f->after_pairs);
    line[used++] = '\n';
    /* one write call per line keeps lines from different threads whole */
    fwrite(line, 1, used, stderr);
}

bool log_enabled(log_level level)
{
    return (int)level >= atomic_load(&configured_level);
}

void log_msg(log_level level, const char *msg, ...)
{
    if (!log_enabled(level))
        return;
    const char *pairs[32];
    size_t count = 0;
    va_list args;
    va_start(args, msg);
    const char *item;
    while (count < 32 && (item = va_arg(args, const char *)) != NULL)
        pairs[count++] = item;
    va_end(args);
    emit(level, msg, pairs, count);
}

void log_access(const char *method, const char *route, const char *path, int status, long long duration_us,
                const char *request_id, const char *client)
{
    if (!log_enabled(LOG_INFO))
        return;
    char status_text[24], duration_text[24];
    numfmt_integer(status, status_text);
    numfmt_integer(duration_us, duration_text);
    const char *pairs[] = {"method", method, "route", route, "path", path, "status", status_text,
                           "duration_us", duration_text, "request_id", request_id, "client", client};
    emit(LOG_INFO, "request", pairs, sizeof pairs / sizeof pairs[0]);
}
