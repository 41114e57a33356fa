/* See clean.h. */
#include "cli/clean.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/util.h"

static const char REPLACEMENT[] = "\xEF\xBF\xBD"; /* U+FFFD */

/* The length of the well-formed UTF-8 sequence at s (1-4), or 0 when s starts none (RFC 3629, section 4). */
static size_t utf8_length(const unsigned char *s)
{
    unsigned char c = s[0];
    size_t n = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    for (size_t i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] > 0x9F) || (c == 0xF0 && s[1] < 0x90) ||
        (c == 0xF4 && s[1] > 0x8F))
        return 0; /* overlong, a surrogate, or past U+10FFFF */
    return n;
}

/* How many bytes at s print safely as they are (0: replace one byte, or the control sequence of *bad bytes). */
static size_t safe_run(const unsigned char *s, bool keep_layout, size_t *bad)
{
    size_t n = utf8_length(s);
    *bad = n > 0 ? n : 1;
    if (n == 0)
        return 0;
    if (n == 1 && (s[0] < 0x20 || s[0] == 0x7F))
        return keep_layout && (s[0] == '\n' || s[0] == '\t') ? 1 : 0;
    if (n == 2 && s[0] == 0xC2 && s[1] <= 0x9F)
        return 0; /* C1 */
    return n;
}

bool clean_text_is_safe(const char *s, bool keep_layout)
{
    const unsigned char *p = (const unsigned char *)s;
    size_t bad;
    while (*p != '\0') {
        size_t n = safe_run(p, keep_layout, &bad);
        if (n == 0)
            return false;
        p += n;
    }
    return true;
}

char *clean_text(const char *s, bool keep_layout)
{
    bytebuf out;
    buf_init(&out, strlen(s) + 1);
    const unsigned char *p = (const unsigned char *)s;
    size_t bad;
    while (*p != '\0') {
        size_t n = safe_run(p, keep_layout, &bad);
        if (n > 0) {
            buf_append(&out, (const char *)p, n);
            p += n;
        } else {
            buf_append_str(&out, REPLACEMENT);
            p += bad;
        }
    }
    return buf_finish(&out, NULL);
}

static void clean_object(json_t *object)
{
    /* Keys to rename are collected first: an object is not changed while it is walked. */
    const char *key;
    json_t *member;
    size_t dirty = 0, at = 0;
    json_object_foreach(object, key, member) {
        clean_json(member);
        dirty += !clean_text_is_safe(key, false);
    }
    if (dirty == 0)
        return;
    char **keys = xcalloc(dirty, sizeof *keys);
    json_object_foreach(object, key, member)
        if (!clean_text_is_safe(key, false))
            keys[at++] = xstrdup(key);
    for (size_t i = 0; i < dirty; i++) {
        char *clean = clean_text(keys[i], false);
        json_object_set(object, clean, json_object_get(object, keys[i]));
        json_object_del(object, keys[i]);
        free(clean);
        free(keys[i]);
    }
    free(keys);
}

void clean_json(json_t *value)
{
    if (json_is_string(value)) {
        if (!clean_text_is_safe(json_string_value(value), false)) {
            char *clean = clean_text(json_string_value(value), false);
            json_string_set(value, clean);
            free(clean);
        }
    } else if (json_is_array(value)) {
        for (size_t i = 0; i < json_array_size(value); i++)
            clean_json(json_array_get(value, i));
    } else if (json_is_object(value)) {
        clean_object(value);
    }
}

void clean_answer(cli_answer *answer)
{
    clean_json(answer->json);
    if (answer->text != NULL && !clean_text_is_safe(answer->text, true)) {
        char *clean = clean_text(answer->text, true);
        free(answer->text);
        answer->text = clean;
    }
    if (!clean_text_is_safe(answer->error, false)) {
        char *clean = clean_text(answer->error, false);
        snprintf(answer->error, sizeof answer->error, "%s", clean);
        free(clean);
    }
}
