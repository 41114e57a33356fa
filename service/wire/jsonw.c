/* The JSON writer (see jsonw.h). Escapes follow RFC 8259 section 7 the way jansson's dumper writes them: the two-char
 * forms for \" \\ \b \f \n \r \t, \u00XX for other control characters, \uXXXX (upper-case hex) for every code point
 * above 0x7F, as a UTF-16 surrogate pair above 0xFFFF. */
#include "wire/jsonw.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "base/numfmt.h"
#include "base/util.h"

/* An answer is written in a few thousand small appends: the ones that fit the buffer are written here directly, and
 * only a growth goes through buf_append. */
static void append(jsonw *w, const char *bytes, size_t len)
{
    bytebuf *b = &w->text;
    if (b->len + len + 1 > b->cap) {
        buf_append(b, bytes, len);
        return;
    }
    memcpy(b->data + b->len, bytes, len);
    b->len += len;
    b->data[b->len] = '\0';
}

static void append_char(jsonw *w, char c)
{
    bytebuf *b = &w->text;
    if (b->len + 2 > b->cap) {
        buf_append(b, &c, 1);
        return;
    }
    b->data[b->len++] = c;
    b->data[b->len] = '\0';
}

/* The comma between members or elements. */
static void separate(jsonw *w)
{
    if (w->text.len > 0 && jsonw_comma_due(w->text.data[w->text.len - 1]))
        append_char(w, ',');
}

void jsonw_init(jsonw *w, size_t initial)
{
    buf_init(&w->text, initial < 64 ? 64 : initial);
}

void jsonw_discard(jsonw *w)
{
    buf_free(&w->text);
}

char *jsonw_finish(jsonw *w, size_t *len_out)
{
    return buf_finish(&w->text, len_out);
}

void jsonw_object_begin(jsonw *w)
{
    separate(w);
    append_char(w, '{');
}

void jsonw_object_end(jsonw *w)
{
    append_char(w, '}');
}

void jsonw_array_begin(jsonw *w)
{
    separate(w);
    append_char(w, '[');
}

void jsonw_array_end(jsonw *w)
{
    append_char(w, ']');
}

static const char hex_digits[] = "0123456789ABCDEF";

/* Writes \uXXXX for one UTF-16 unit at out; returns the end. */
static char *put_u_escape(char *out, unsigned unit)
{
    out[0] = '\\';
    out[1] = 'u';
    out[2] = hex_digits[(unit >> 12) & 0xF];
    out[3] = hex_digits[(unit >> 8) & 0xF];
    out[4] = hex_digits[(unit >> 4) & 0xF];
    out[5] = hex_digits[unit & 0xF];
    return out + 6;
}

/* 1 for the bytes a string cannot carry as they are: control characters, '"', '\\' and every byte above ASCII. */
static const unsigned char escape_needed[256] = {
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};

/* Decodes the UTF-8 sequence at text (len bytes left, text[0] >= 0x80). Returns its length and sets *code_point, or
 * returns 0 for a byte that does not start a valid, shortest-form sequence of a Unicode scalar value. */
static size_t decode_utf8(const unsigned char *text, size_t len, uint32_t *code_point)
{
    unsigned char lead = text[0];
    size_t need;
    uint32_t cp, min;
    if (lead >= 0xC2 && lead <= 0xDF) {
        need = 2, cp = lead & 0x1F, min = 0x80;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        need = 3, cp = lead & 0x0F, min = 0x800;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        need = 4, cp = lead & 0x07, min = 0x10000;
    } else {
        return 0;
    }
    if (len < need)
        return 0;
    for (size_t i = 1; i < need; i++) {
        if ((text[i] & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (text[i] & 0x3F);
    }
    if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    *code_point = cp;
    return need;
}

/* True when none of the 8 bytes at p needs escaping, tested a word at a time: (x - k x 0x01..) & ~x & 0x80.. is
 * non-zero exactly when some byte of x is below k (k <= 0x80; S. E. Anderson, "Bit Twiddling Hacks", "Determine if a
 * word has a byte less than n"), and a byte equal to c is a byte below 1 of x ^ (c x 0x01..). */
static bool plain_eight(const unsigned char *p)
{
    const uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    uint64_t x;
    memcpy(&x, p, sizeof x);
    uint64_t quote = x ^ (ones * '"'), backslash = x ^ (ones * '\\');
    uint64_t control = (x - ones * 0x20) & ~x & highs;
    uint64_t is_quote = (quote - ones) & ~quote & highs;
    uint64_t is_backslash = (backslash - ones) & ~backslash & highs;
    return ((x & highs) | control | is_quote | is_backslash) == 0;
}

#if defined(__SSE2__)
/* Bit k set when byte k of the 16 at p needs escaping. x86-64 always has SSE2: a signed compare below 0x20 catches the
 * control characters and, as negative numbers, every byte above ASCII. */
static unsigned escape_mask16(const unsigned char *p)
{
    const __m128i space = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    __m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i bad = _mm_or_si128(_mm_cmplt_epi8(x, space),
                               _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)));
    return (unsigned)_mm_movemask_epi8(bad);
}
#endif

/* How many leading bytes of p[0 .. len) need no escaping: 16 at a time where SSE2 is (a tail shorter than 16 is the
 * last 16 bytes again, its bytes already judged masked off), else 8 at a time, then byte by byte. */
static size_t plain_prefix(const unsigned char *p, size_t len)
{
    size_t i = 0;
#if defined(__SSE2__)
    if (len >= 16) {
        for (; i + 16 <= len; i += 16) {
            unsigned mask = escape_mask16(p + i);
            if (mask != 0)
                return i + (size_t)__builtin_ctz(mask);
        }
        if (i == len)
            return len;
        unsigned mask = escape_mask16(p + len - 16) >> (i - (len - 16));
        return mask == 0 ? len : i + (size_t)__builtin_ctz(mask);
    }
#endif
    while (i + 8 <= len && plain_eight(p + i))
        i += 8;
    while (i < len && !escape_needed[p[i]])
        i++;
    return i;
}

/* Whether no byte of p[0 .. len) needs escaping: under 16 bytes, an 8-byte tail is judged by one more word that
 * overlaps the first instead of byte by byte. */
static bool all_plain(const unsigned char *p, size_t len)
{
    if (len < 8) {
        for (size_t i = 0; i < len; i++)
            if (escape_needed[p[i]])
                return false;
        return true;
    }
    if (len < 16)
        return plain_eight(p) && plain_eight(p + len - 8);
    return plain_prefix(p, len) == len;
}

/* A short string that needs no escaping, checked and then written with its comma and quotes when the buffer has room
 * (most strings of an answer: ids, names, units); false, writing nothing, otherwise. */
static bool short_plain_string(jsonw *w, const char *text, size_t len)
{
    bytebuf *b = &w->text;
    if (len > 48 || b->len == 0 || b->len + len + 4 > b->cap)
        return false;
    const unsigned char *bytes = (const unsigned char *)text;
    if (!all_plain(bytes, len))
        return false;
    char *at = b->data + b->len;
    char *to = at + (jsonw_comma_due(at[-1]) ? 2 : 1);
    memcpy(to, bytes, len);
    if (to - at == 2)
        *at++ = ',';
    *at++ = '"';
    at += len;
    *at++ = '"';
    *at = '\0';
    b->len = (size_t)(at - b->data);
    return true;
}

/* A byte that is not valid UTF-8 becomes U+FFFD: jansson never holds such a string, and an answer must stay valid
 * JSON whatever a caller passes. Room for the worst case (a control byte grows to 6) is reserved once, so the loop
 * writes without checks. */
void jsonw_stringn(jsonw *w, const char *text, size_t len)
{
    if (text == NULL) {
        jsonw_null(w);
        return;
    }
    if (short_plain_string(w, text, len))
        return;
    separate(w);
    char *start = buf_reserve(&w->text, len * 6 + 2), *out = start;
    *out++ = '"';
    const unsigned char *bytes = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        size_t run = i + plain_prefix(bytes + i, len - i);
        memcpy(out, bytes + i, run - i);
        out += run - i;
        i = run;
        if (i == len)
            break;
        unsigned char c = bytes[i];
        if (c < 0x80) {
            char named = c == '"' ? '"' : c == '\\' ? '\\' : c == '\b' ? 'b' : c == '\f' ? 'f' : c == '\n' ? 'n'
                       : c == '\r' ? 'r' : c == '\t' ? 't' : 0;
            if (named) {
                *out++ = '\\';
                *out++ = named;
            } else {
                out = put_u_escape(out, c);
            }
            i++;
            continue;
        }
        uint32_t cp = 0xFFFD;
        size_t used = decode_utf8(bytes + i, len - i, &cp);
        if (used == 0) {
            cp = 0xFFFD;
            used = 1;
        }
        if (cp >= 0x10000) { /* 4 bytes in, 12 out */
            uint32_t offset = cp - 0x10000;
            out = put_u_escape(out, 0xD800 | (offset >> 10));
            out = put_u_escape(out, 0xDC00 | (offset & 0x3FF));
        } else {
            out = put_u_escape(out, cp);
        }
        i += used;
    }
    *out++ = '"';
    buf_commit(&w->text, (size_t)(out - start));
}

void jsonw_vstringf(jsonw *w, size_t limit, const char *fmt, va_list args)
{
    bytebuf *b = &w->text;
    size_t lead = b->len > 0 && jsonw_comma_due(b->data[b->len - 1]) ? 2 : 1; /* [','] '"' */
    char *at = buf_reserve(b, lead + limit + 1);
    char *text = at + lead;
    int written = numfmt_vformat(text, limit, fmt, args);
    size_t len = written >= 0 && (size_t)written < limit ? (size_t)written : strnlen(text, limit - 1);
    if (!all_plain((const unsigned char *)text, len)) {
        /* escaped from a copy: the escaping write may move the buffer it reads from */
        char *copy = xmalloc(len + 1);
        memcpy(copy, text, len + 1);
        jsonw_stringn(w, copy, len);
        free(copy);
        return;
    }
    if (lead == 2)
        at[0] = ',';
    at[lead - 1] = '"';
    text[len] = '"';
    buf_commit(b, lead + len + 1);
}

void jsonw_stringf(jsonw *w, size_t limit, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    jsonw_vstringf(w, limit, fmt, args);
    va_end(args);
}

void jsonw_string(jsonw *w, const char *text)
{
    jsonw_stringn(w, text, text ? strlen(text) : 0);
}

/* Keys are nearly always plain ASCII names: those are written in one piece, anything else through jsonw_stringn. */
void jsonw_key(jsonw *w, const char *key)
{
    size_t len = strlen(key);
    if (len > 64 || !all_plain((const unsigned char *)key, len)) {
        jsonw_stringn(w, key, len);
        append_char(w, ':');
        return;
    }
    separate(w);
    char text[68];
    text[0] = '"';
    memcpy(text + 1, key, len);
    text[len + 1] = '"';
    text[len + 2] = ':';
    append(w, text, len + 3);
}

void jsonw_quoted_name_slow(jsonw *w, const char *quoted, size_t len)
{
    separate(w);
    append(w, quoted, len);
}

/* Numbers are written in place: room for the longest text is reserved, and numfmt writes into the buffer. */
void jsonw_integer(jsonw *w, long long value)
{
    separate(w);
    char *at = buf_reserve(&w->text, 24);
    buf_commit(&w->text, numfmt_integer(value, at));
}

void jsonw_real(jsonw *w, double value)
{
    if (!isfinite(value)) {
        jsonw_null(w);
        return;
    }
    separate(w);
    char *at = buf_reserve(&w->text, NUMFMT_MAX);
    buf_commit(&w->text, numfmt_real15(value, at));
}

/* Why the digits give jsonw_real()'s text: the rounded value is digits / 10^decimals, one correctly rounded division
 * of two exact doubles (digits < 10^15 < 2^53, 10^decimals <= 10^15), so it is the double nearest that decimal of at
 * most 15 significant digits, which "%.15g" prints exactly, without trailing zeros (numfmt.c's first argument); inside
 * [1e-4, 10^15) in positional notation, with jansson's ".0" for a whole number. Anything else goes the long way. */
void jsonw_rounded(jsonw *w, double value, unsigned decimals)
{
    static const double scales[] = {1e0, 1e1, 1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                    1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15};
    if (decimals >= sizeof scales / sizeof scales[0]) {
        double scale = pow(10.0, (double)decimals);
        jsonw_real(w, round(value * scale) / scale);
        return;
    }
    double scale = scales[decimals];
    double digits = round(value * scale);
    double rounded = digits / scale;
    double magnitude = fabs(digits);
    if (!(magnitude >= 1.0 && magnitude < 1e15 && fabs(rounded) >= 1e-4)) { /* NaN, 0, -0, tiny and huge too */
        jsonw_real(w, rounded);
        return;
    }
    unsigned long long whole = (unsigned long long)magnitude;
    while (decimals > 0 && whole % 10 == 0) {
        whole /= 10;
        decimals--;
    }
    separate(w);
    char *at = buf_reserve(&w->text, NUMFMT_MAX);
    size_t len = numfmt_decimal(digits < 0, whole, decimals, at);
    if (decimals == 0) {
        memcpy(at + len, ".0", 3);
        len += 2;
    }
    buf_commit(&w->text, len);
}

void jsonw_bool(jsonw *w, bool value)
{
    separate(w);
    if (value)
        append(w, "true", 4);
    else
        append(w, "false", 5);
}

void jsonw_null(jsonw *w)
{
    separate(w);
    append(w, "null", 4);
}


void jsonw_value(jsonw *w, const json_t *value)
{
    switch (value ? json_typeof(value) : JSON_NULL) {
    case JSON_OBJECT: {
        jsonw_object_begin(w);
        for (void *iter = json_object_iter((json_t *)value); iter != NULL;
             iter = json_object_iter_next((json_t *)value, iter)) {
            jsonw_stringn(w, json_object_iter_key(iter), json_object_iter_key_len(iter));
            append_char(w, ':');
            jsonw_value(w, json_object_iter_value(iter));
        }
        jsonw_object_end(w);
        break;
    }
    case JSON_ARRAY:
        jsonw_array_begin(w);
        for (size_t i = 0; i < json_array_size(value); i++)
            jsonw_value(w, json_array_get(value, i));
        jsonw_array_end(w);
        break;
    case JSON_STRING: jsonw_stringn(w, json_string_value(value), json_string_length(value)); break;
    case JSON_INTEGER: jsonw_integer(w, json_integer_value(value)); break;
    case JSON_REAL: jsonw_real(w, json_real_value(value)); break;
    case JSON_TRUE: jsonw_bool(w, true); break;
    case JSON_FALSE: jsonw_bool(w, false); break;
    case JSON_NULL: jsonw_null(w); break;
    }
}

char *jsonw_dump(const json_t *value, size_t *len_out)
{
    jsonw w;
    jsonw_init(&w, 1024);
    jsonw_value(&w, value);
    return jsonw_finish(&w, len_out);
}
