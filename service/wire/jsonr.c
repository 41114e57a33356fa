/* The request-body reader (see jsonr.h). It follows RFC 8259's grammar the way jansson 2.14's load.c reads it:
 * whitespace is space, tab, LF and CR; a number is -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?, an integer when it
 * has neither fraction nor exponent (strtoll, a range error refused) and a real otherwise (strtod in the C locale);
 * a top-level value must be an object or an array, with nothing but whitespace after it. Whatever it declines (a
 * backslash, a byte outside printable ASCII, a number strtoll or strtod reports out of range, deeper nesting, a
 * repeated member, any syntax error) makes the whole document go to json_loadb(), so what it does accept it reads as
 * jansson does. */
#include "wire/jsonr.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    const char *at, *end;
} reader;

static void skip_space(reader *rd)
{
    while (rd->at < rd->end && (*rd->at == ' ' || *rd->at == '\t' || *rd->at == '\n' || *rd->at == '\r'))
        rd->at++;
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

/* A string's text without its quotes, or false for one the reader leaves to jansson (escapes, control characters,
 * bytes above ASCII, no closing quote). */
static bool string_span(reader *rd, const char **start, size_t *len)
{
    const char *p = rd->at + 1; /* past the opening quote */
    while (p < rd->end) {
        unsigned char c = (unsigned char)*p;
        if (c == '"') {
            *start = rd->at + 1;
            *len = (size_t)(p - *start);
            rd->at = p + 1;
            return true;
        }
        if (c < 0x20 || c >= 0x7F || c == '\\')
            return false;
        p++;
    }
    return false;
}

static bool digits(reader *rd)
{
    const char *from = rd->at;
    while (rd->at < rd->end && is_digit(*rd->at))
        rd->at++;
    return rd->at > from;
}

/* A number token as jansson's lexer takes it, converted as it converts it. */
static json_t *read_number(reader *rd)
{
    const char *from = rd->at;
    bool real = false;
    if (*rd->at == '-')
        rd->at++;
    if (rd->at < rd->end && *rd->at == '0')
        rd->at++;
    else if (!digits(rd))
        return NULL;
    if (rd->at < rd->end && *rd->at == '.') {
        rd->at++;
        if (!digits(rd))
            return NULL;
        real = true;
    }
    if (rd->at < rd->end && (*rd->at == 'e' || *rd->at == 'E')) {
        rd->at++;
        if (rd->at < rd->end && (*rd->at == '+' || *rd->at == '-'))
            rd->at++;
        if (!digits(rd))
            return NULL;
        real = true;
    }
    char text[64];
    size_t len = (size_t)(rd->at - from);
    if (len >= sizeof text) /* long numbers: jansson's own conversion */
        return NULL;
    memcpy(text, from, len);
    text[len] = '\0';
    char *stop = NULL;
    errno = 0;
    if (real) {
        double value = strtod(text, &stop);
        return errno == 0 && stop == text + len ? json_real(value) : NULL;
    }
    long long value = strtoll(text, &stop, 10);
    return errno == 0 && stop == text + len ? json_integer(value) : NULL;
}

static json_t *read_value(reader *rd, int depth);

static bool literal(reader *rd, const char *word, size_t len)
{
    if ((size_t)(rd->end - rd->at) < len || memcmp(rd->at, word, len) != 0)
        return false;
    rd->at += len;
    return true;
}

enum { ITEM_NEXT, ITEM_CLOSED, ITEM_DECLINED };

/* After a member or an element: the container's closing byte (taken: ITEM_CLOSED), a comma and the space after it
 * (ITEM_NEXT), or anything else (ITEM_DECLINED). */
static int after_item(reader *rd, char close)
{
    skip_space(rd);
    if (rd->at >= rd->end)
        return ITEM_DECLINED;
    if (*rd->at == close) {
        rd->at++;
        return ITEM_CLOSED;
    }
    if (*rd->at != ',')
        return ITEM_DECLINED;
    rd->at++;
    skip_space(rd);
    return ITEM_NEXT;
}

static json_t *read_object(reader *rd, int depth)
{
    json_t *object = json_object();
    rd->at++; /* '{' */
    skip_space(rd);
    if (rd->at < rd->end && *rd->at == '}') {
        rd->at++;
        return object;
    }
    for (;;) {
        const char *key;
        size_t key_len;
        if (rd->at >= rd->end || *rd->at != '"' || !string_span(rd, &key, &key_len) ||
            json_object_getn(object, key, key_len) != NULL)
            goto declined;
        skip_space(rd);
        if (rd->at >= rd->end || *rd->at != ':')
            goto declined;
        rd->at++;
        skip_space(rd);
        json_t *value = read_value(rd, depth + 1);
        if (value == NULL || json_object_setn_new_nocheck(object, key, key_len, value) != 0)
            goto declined;
        int next = after_item(rd, '}');
        if (next == ITEM_CLOSED)
            return object;
        if (next == ITEM_DECLINED)
            goto declined;
    }
declined:
    json_decref(object);
    return NULL;
}

static json_t *read_array(reader *rd, int depth)
{
    json_t *array = json_array();
    rd->at++; /* '[' */
    skip_space(rd);
    if (rd->at < rd->end && *rd->at == ']') {
        rd->at++;
        return array;
    }
    for (;;) {
        json_t *value = read_value(rd, depth + 1);
        if (value == NULL || json_array_append_new(array, value) != 0)
            goto declined;
        int next = after_item(rd, ']');
        if (next == ITEM_CLOSED)
            return array;
        if (next == ITEM_DECLINED)
            goto declined;
    }
declined:
    json_decref(array);
    return NULL;
}

/* The value at rd->at (no whitespace before it), or NULL when the reader declines it. */
static json_t *read_value(reader *rd, int depth)
{
    if (rd->at >= rd->end || depth > JSONR_MAX_DEPTH)
        return NULL;
    switch (*rd->at) {
    case '{': return read_object(rd, depth);
    case '[': return read_array(rd, depth);
    case '"': {
        const char *text;
        size_t len;
        return string_span(rd, &text, &len) ? json_stringn_nocheck(text, len) : NULL;
    }
    case 't': return literal(rd, "true", 4) ? json_true() : NULL;
    case 'f': return literal(rd, "false", 5) ? json_false() : NULL;
    case 'n': return literal(rd, "null", 4) ? json_null() : NULL;
    default: return *rd->at == '-' || is_digit(*rd->at) ? read_number(rd) : NULL;
    }
}

json_t *jsonr_read(const char *text, size_t len)
{
    reader rd = {text, text + len};
    skip_space(&rd);
    if (rd.at >= rd.end || (*rd.at != '{' && *rd.at != '['))
        return NULL;
    json_t *doc = read_value(&rd, 1);
    if (doc == NULL)
        return NULL;
    skip_space(&rd);
    if (rd.at == rd.end)
        return doc;
    json_decref(doc);
    return NULL;
}

json_t *jsonr_load(const char *text, size_t len, json_error_t *error)
{
    json_t *doc = jsonr_read(text, len);
    return doc != NULL ? doc : json_loadb(text, len, JSON_REJECT_DUPLICATES, error);
}
