/* A byte-at-a-time reader of JSON's structure (json_items.h). It tracks the open containers and what may come next,
 * and copies out the bytes of each item of the wanted array (and of small top-level members) for jansson to parse. */
#include "worker/providers/json_items.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

#define MAX_KEY 256
#define MAX_TOKEN 64

enum expect { E_VALUE, E_VALUE_OR_END, E_KEY, E_KEY_OR_END, E_COLON, E_COMMA_OR_END, E_DONE };
enum capture { CAP_NONE, CAP_ITEM, CAP_MEMBER, CAP_DROPPED };

struct json_items {
    const char *array_key;
    bool top_array;
    json_items_fn fn;
    void *ctx;
    enum expect expect;
    char stack[JSON_ITEMS_MAX_DEPTH]; /* '{' or '[' per open container */
    size_t depth;
    size_t target_depth; /* depth of the open wanted array, 0 when not inside it */
    bool found;
    bool in_string, string_is_key, escape;
    int hex_left;
    char key[MAX_KEY + 1]; /* the last top-level key, raw (escapes kept) */
    size_t key_len;
    bool key_escaped, key_too_long;
    char token[MAX_TOKEN + 1];
    size_t token_len;
    bool in_token;
    enum capture capture;
    size_t capture_depth;
    char *buf;
    size_t len, cap;
    char member_key[MAX_KEY + 1];
    json_t *members;
    size_t items;
    size_t offset;
    bool failed;
    char error[256];
};

json_items *json_items_new(const char *array_key, bool top_array, json_items_fn fn, void *ctx)
{
    json_items *p = xcalloc(1, sizeof *p);
    p->array_key = array_key;
    p->top_array = top_array;
    p->fn = fn;
    p->ctx = ctx;
    p->expect = E_VALUE;
    p->members = json_object();
    return p;
}

void json_items_free(json_items *p)
{
    if (p == NULL)
        return;
    json_decref(p->members);
    free(p->buf);
    free(p);
}

const char *json_items_error(const json_items *p)
{
    return p->error;
}

const json_t *json_items_member(const json_items *p, const char *key)
{
    return json_object_get(p->members, key);
}

static int fail(json_items *p, const char *what)
{
    if (!p->failed)
        snprintf(p->error, sizeof p->error, "malformed JSON at byte %zu: %s", p->offset, what);
    p->failed = true;
    return -1;
}

static int append(json_items *p, char c)
{
    size_t limit = p->capture == CAP_ITEM ? JSON_ITEMS_MAX_ITEM : JSON_ITEMS_MAX_MEMBER;
    if (p->len + 1 > limit) {
        if (p->capture == CAP_MEMBER) {
            p->capture = CAP_DROPPED; /* too long to keep; still checked */
            return 0;
        }
        snprintf(p->error, sizeof p->error, "%s[%zu] is longer than %zu bytes", p->array_key, p->items, limit);
        p->failed = true;
        return -1;
    }
    if (p->len + 1 > p->cap) {
        p->cap = p->cap ? p->cap * 2 : 4096;
        p->buf = xrealloc(p->buf, p->cap);
    }
    p->buf[p->len++] = c;
    return 0;
}

/* The decoded form of the last top-level key into out (false when it cannot be a wanted key). */
static bool decoded_key(const json_items *p, char *out, size_t out_len)
{
    if (p->key_too_long)
        return false;
    if (!p->key_escaped) {
        util_copy(out, out_len, p->key);
        return true;
    }
    char quoted[MAX_KEY + 3];
    snprintf(quoted, sizeof quoted, "\"%s\"", p->key);
    json_t *s = json_loads(quoted, JSON_DECODE_ANY, NULL);
    bool ok = json_is_string(s) && strlen(json_string_value(s)) < out_len;
    if (ok)
        util_copy(out, out_len, json_string_value(s));
    json_decref(s);
    return ok;
}

static int finish_capture(json_items *p)
{
    enum capture kind = p->capture;
    p->capture = CAP_NONE;
    if (kind == CAP_DROPPED)
        return 0;
    json_error_t jerr;
    json_t *value = json_loadb(p->buf, p->len, JSON_DECODE_ANY, &jerr);
    p->len = 0;
    if (value == NULL) {
        if (kind == CAP_ITEM)
            snprintf(p->error, sizeof p->error, "malformed JSON in %s[%zu] (at byte %d of it)", p->array_key, p->items,
                     jerr.position);
        else
            snprintf(p->error, sizeof p->error, "malformed JSON in the member \"%.64s\"", p->member_key);
        p->failed = true;
        return -1;
    }
    int rc = 0;
    if (kind == CAP_MEMBER) {
        json_object_set_new(p->members, p->member_key, value);
        return 0;
    }
    char why[256] = "";
    if (p->fn(p->ctx, value, p->items, why, sizeof why) != 0) {
        util_copy(p->error, sizeof p->error, why[0] ? why : "an item was refused");
        p->failed = true;
        rc = -1;
    }
    p->items++;
    json_decref(value);
    return rc;
}

/* A value ended at the current depth. */
static int value_done(json_items *p)
{
    p->expect = p->depth == 0 ? E_DONE : E_COMMA_OR_END;
    if (p->capture != CAP_NONE && p->depth == p->capture_depth)
        return finish_capture(p);
    return 0;
}

/* A value starts with byte c at the current depth: start a capture, or find the wanted array. */
static int value_start(json_items *p, char c)
{
    if (p->capture != CAP_NONE)
        return 0;
    if (p->depth == 0) {
        if (c == '[' && p->top_array) {
            p->found = true;
            p->target_depth = 1;
        } else if (c != '{') {
            snprintf(p->error, sizeof p->error, "no %s array (the document is not a JSON object)", p->array_key);
            p->failed = true;
            return -1;
        }
        return 0;
    }
    if (p->depth == 1 && p->stack[0] == '{') {
        char key[MAX_KEY + 1];
        if (decoded_key(p, key, sizeof key) && strcmp(key, p->array_key) == 0) {
            if (c != '[' || p->found) {
                snprintf(p->error, sizeof p->error, c != '[' ? "no %s array (it is not an array)"
                                                             : "no %s array (it appears twice)", p->array_key);
                p->failed = true;
                return -1;
            }
            p->found = true;
            p->target_depth = 2;
            return 0;
        }
        p->capture = decoded_key(p, p->member_key, sizeof p->member_key) ? CAP_MEMBER : CAP_DROPPED;
        p->capture_depth = 1;
        p->len = 0;
        return 0;
    }
    if (p->target_depth != 0 && p->depth == p->target_depth) {
        p->capture = CAP_ITEM;
        p->capture_depth = p->depth;
        p->len = 0;
    }
    return 0;
}

static bool token_char(char c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '-' || c == '+' || c == '.' || c == 'E';
}

static int end_token(json_items *p)
{
    p->in_token = false;
    if (p->capture != CAP_ITEM) { /* an item's own tokens are checked by jansson */
        p->token[p->token_len] = '\0';
        json_t *v = json_loads(p->token, JSON_DECODE_ANY, NULL);
        bool ok = v != NULL && !json_is_object(v) && !json_is_array(v) && !json_is_string(v);
        json_decref(v);
        if (!ok)
            return fail(p, "not a number or literal");
    }
    return value_done(p);
}

static int in_string(json_items *p, char c)
{
    if (p->capture != CAP_NONE && append(p, c) != 0)
        return -1;
    bool top_key = p->string_is_key && p->depth == 1;
    if ((unsigned char)c < 0x20)
        return fail(p, "a control character in a string");
    if (p->hex_left > 0) {
        bool hex = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
        if (!hex)
            return fail(p, "a bad \\u escape");
        p->hex_left--;
    } else if (p->escape) {
        if (strchr("\"\\/bfnrtu", c) == NULL)
            return fail(p, "a bad escape");
        p->escape = false;
        p->hex_left = c == 'u' ? 4 : 0;
    } else if (c == '\\') {
        p->escape = true;
        if (top_key)
            p->key_escaped = true;
    } else if (c == '"') {
        p->in_string = false;
        if (!p->string_is_key)
            return value_done(p);
        p->expect = E_COLON;
        if (top_key)
            p->key[p->key_len] = '\0';
        return 0;
    }
    if (top_key) {
        if (p->key_len < MAX_KEY)
            p->key[p->key_len++] = c;
        else
            p->key_too_long = true;
    }
    return 0;
}

static int open_container(json_items *p, char c)
{
    if (p->depth >= JSON_ITEMS_MAX_DEPTH)
        return fail(p, "nested too deeply");
    p->stack[p->depth++] = c;
    p->expect = c == '{' ? E_KEY_OR_END : E_VALUE_OR_END;
    return 0;
}

static int close_container(json_items *p, char c)
{
    if (p->depth == 0 || p->stack[p->depth - 1] != (c == '}' ? '{' : '['))
        return fail(p, "a mismatched bracket");
    if (p->depth == p->target_depth)
        p->target_depth = 0;
    p->depth--;
    return value_done(p);
}

static int step(json_items *p, char c)
{
    if (p->in_string)
        return in_string(p, c);
    if (p->in_token) {
        if (token_char(c)) {
            if (p->token_len >= MAX_TOKEN)
                return fail(p, "a number or literal too long");
            p->token[p->token_len++] = c;
            return p->capture != CAP_NONE ? append(p, c) : 0;
        }
        if (end_token(p) != 0)
            return -1;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r')
        return p->capture != CAP_NONE ? append(p, c) : 0;
    switch (p->expect) {
    case E_VALUE_OR_END:
        if (c == ']')
            break;
        /* fall through */
    case E_VALUE:
        if (c != '{' && c != '[' && c != '"' && !token_char(c))
            return fail(p, "a value expected");
        if (value_start(p, c) != 0 || (p->capture != CAP_NONE && append(p, c) != 0))
            return -1;
        if (c == '{' || c == '[')
            return open_container(p, c);
        if (c == '"') {
            p->in_string = true;
            p->string_is_key = false;
        } else {
            p->in_token = true;
            p->token_len = 0;
            p->token[p->token_len++] = c;
        }
        return 0;
    case E_KEY_OR_END:
        if (c == '}')
            break;
        /* fall through */
    case E_KEY:
        if (c != '"')
            return fail(p, "a member name expected");
        if (p->capture != CAP_NONE && append(p, c) != 0)
            return -1;
        p->in_string = true;
        p->string_is_key = true;
        if (p->depth == 1) {
            p->key_len = 0;
            p->key_escaped = p->key_too_long = false;
        }
        return 0;
    case E_COLON:
        if (c != ':')
            return fail(p, "':' expected");
        p->expect = E_VALUE;
        return p->capture != CAP_NONE ? append(p, c) : 0;
    case E_COMMA_OR_END:
        if (c == ',') {
            p->expect = p->stack[p->depth - 1] == '{' ? E_KEY : E_VALUE;
            return p->capture != CAP_NONE ? append(p, c) : 0;
        }
        if (c != ']' && c != '}')
            return fail(p, "',' or the end of a container expected");
        break;
    case E_DONE:
        return fail(p, "text after the document");
    }
    /* c closes a container. */
    if (p->capture != CAP_NONE && append(p, c) != 0)
        return -1;
    return close_container(p, c);
}

int json_items_feed(json_items *p, const char *data, size_t len)
{
    if (p->failed)
        return -1;
    if (p->offset + len > JSON_ITEMS_MAX_DOCUMENT) {
        snprintf(p->error, sizeof p->error, "the JSON document is larger than %zu bytes", JSON_ITEMS_MAX_DOCUMENT);
        p->failed = true;
        return -1;
    }
    for (size_t i = 0; i < len; i++, p->offset++)
        if (step(p, data[i]) != 0)
            return -1;
    return 0;
}

int json_items_sink(void *ctx, const char *data, size_t len)
{
    return json_items_feed(ctx, data, len) != 0;
}

int json_items_finish(json_items *p)
{
    if (p->failed)
        return -1;
    if (p->in_token && end_token(p) != 0)
        return -1;
    if (p->expect != E_DONE || p->in_string) {
        if (p->offset == 0 || p->depth > 0 || p->in_string)
            return fail(p, "the document ends early");
        return fail(p, "no document");
    }
    if (!p->found) {
        snprintf(p->error, sizeof p->error, "no %s array", p->array_key);
        p->failed = true;
        return -1;
    }
    return 0;
}
