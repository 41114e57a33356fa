/* A streaming JSON writer: compact text, ASCII only (\uXXXX escapes), reals with 15 significant digits. Its output is
 * byte for byte what json_dumps(value, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(15)) gives for the same
 * values (tests/unit/wire/test_jsonw.c compares them), at a fraction of the cost: answers are written straight into one growing
 * buffer, and reals are printed without printf (numfmt.h).
 *
 * A writer belongs to one thread. Calls go in document order: in an object, jsonw_key() before each value; the writer
 * does not check the nesting (its callers are this service's own answer builders). */
#ifndef GPUREC_JSONW_H
#define GPUREC_JSONW_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include <jansson.h>

#include "base/buf.h"

/* A comma is due before a key or a value unless the text so far is empty or ends in '{', '[' or ':', so the writer
 * keeps no stack and nests as deep as the caller goes. */
typedef struct jsonw {
    bytebuf text; /* owned; NUL-terminated at all times */
} jsonw;

/* Starts an empty writer with room for about initial bytes. */
void jsonw_init(jsonw *w, size_t initial);
/* Frees the buffer (after an abandoned document); jsonw_finish() hands it over instead. */
void jsonw_discard(jsonw *w);
/* The finished text (NUL-terminated, caller frees) and its length; the writer is left empty. */
char *jsonw_finish(jsonw *w, size_t *len_out);

void jsonw_object_begin(jsonw *w);
void jsonw_object_end(jsonw *w);
void jsonw_array_begin(jsonw *w);
void jsonw_array_end(jsonw *w);
/* A member's name (ASCII or UTF-8, escaped as a string is); the next call writes its value. */
void jsonw_key(jsonw *w, const char *key);
/* A member's name fixed in the source: name is a string literal of ASCII letters, digits and '_' (tests/layers.sh
 * checks every one in service/), which the compiler quotes and measures, so it is written in one copy. Joining the
 * quotes on fails to compile for anything but a literal. */
#define jsonw_name(w, name) jsonw_quoted_name((w), "\"" name "\":", sizeof("\"" name "\":") - 1)
/* Writes quoted, a name with its quotes and colon (len bytes), as it is: for jsonw_name(). */
static inline void jsonw_quoted_name(jsonw *w, const char *quoted, size_t len);

void jsonw_string(jsonw *w, const char *text); /* NULL writes null */
void jsonw_stringn(jsonw *w, const char *text, size_t len);
/* A string formatted as numfmt_vformat() formats it into a buffer of limit bytes (at most limit - 1 bytes of text,
 * limit >= 1), escaped as jsonw_stringn() escapes: formatted in place, so an answer's sentences are not copied. */
void jsonw_vstringf(jsonw *w, size_t limit, const char *fmt, va_list args) __attribute__((format(printf, 3, 0)));
/* jsonw_vstringf() with its arguments in the call. */
void jsonw_stringf(jsonw *w, size_t limit, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void jsonw_integer(jsonw *w, long long value);
/* A finite real as "%.15g", with ".0" added when that reads as an integer; a non-finite one writes null (JSON has no
 * NaN; jansson cannot hold one either). */
void jsonw_real(jsonw *w, double value);
/* value rounded half away from zero to decimals digits after the point, round(value x 10^decimals) / 10^decimals,
 * as jsonw_real() writes that (null when it is not finite); up to 15 decimals without a division per digit. */
void jsonw_rounded(jsonw *w, double value, unsigned decimals);
void jsonw_bool(jsonw *w, bool value);
void jsonw_null(jsonw *w);
/* A member named in the source (jsonw_name()) and its value in one statement. */
#define jsonw_member_string(w, name, text) (jsonw_name((w), name), jsonw_string((w), (text)))
#define jsonw_member_integer(w, name, value) (jsonw_name((w), name), jsonw_integer((w), (value)))
#define jsonw_member_real(w, name, value) (jsonw_name((w), name), jsonw_real((w), (value)))
#define jsonw_member_bool(w, name, value) (jsonw_name((w), name), jsonw_bool((w), (value)))
#define jsonw_member_rounded(w, name, value, decimals) (jsonw_name((w), name), jsonw_rounded((w), (value), (decimals)))
/* A member whose name and string value are both fixed in the source: the value a literal of printable ASCII without
 * '"' or '\\' (tests/layers.sh checks every one), written with its name in one copy. */
#define jsonw_member_fixed(w, name, value)                                                                             \
    jsonw_quoted_name((w), "\"" name "\":\"" value "\"", sizeof("\"" name "\":\"" value "\"") - 1)
/* Any jansson value, members in insertion order (jansson's own order for dumps). NULL writes null. */
void jsonw_value(jsonw *w, const json_t *value);

/* The compact text of a jansson value (caller frees), as jsonw_value() writes it. */
char *jsonw_dump(const json_t *value, size_t *len_out);

/* ---- inline parts: not for callers ---------------------------------------------------------------------------- */

/* A comma is due after last, the text's last byte, unless nothing is written yet at this level. */
static inline bool jsonw_comma_due(char last)
{
    return last != '{' && last != '[' && last != ':';
}

/* jsonw_quoted_name() for the first text of a document or a buffer that must grow. */
void jsonw_quoted_name_slow(jsonw *w, const char *quoted, size_t len);

/* A name is an answer's most frequent call: inline, the copy of a literal's known length is a few moves, and the
 * comma is written in the same pass. */
static inline void jsonw_quoted_name(jsonw *w, const char *quoted, size_t len)
{
    bytebuf *b = &w->text;
    if (b->len == 0 || b->len + len + 2 > b->cap) {
        jsonw_quoted_name_slow(w, quoted, len);
        return;
    }
    char *at = b->data + b->len;
    if (jsonw_comma_due(at[-1]))
        *at++ = ',';
    memcpy(at, quoted, len);
    at[len] = '\0';
    b->len = (size_t)(at + len - b->data);
}

#endif
