#include "base/buf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void buf_init(bytebuf *b, size_t initial)
{
    b->data = NULL;
    b->len = b->cap = 0;
    if (initial > 0) {
        b->cap = initial < 64 ? 64 : initial;
        b->data = xmalloc(b->cap);
        b->data[0] = '\0';
    }
}

char *buf_reserve(bytebuf *b, size_t extra)
{
    if (b->len + extra + 1 > b->cap) {
        /* doubling keeps appends amortised O(1); the +1 is the terminating NUL */
        size_t cap = b->cap ? b->cap : 256;
        while (b->len + extra + 1 > cap)
            cap *= 2;
        b->data = xrealloc(b->data, cap);
        b->cap = cap;
        b->data[b->len] = '\0'; /* a first allocation holds no text yet */
    }
    return b->data + b->len;
}

void buf_commit(bytebuf *b, size_t written)
{
    b->len += written;
    b->data[b->len] = '\0';
}

void buf_append(bytebuf *b, const void *bytes, size_t len)
{
    char *at = buf_reserve(b, len);
    if (len > 0)
        memcpy(at, bytes, len);
    buf_commit(b, len);
}

void buf_append_str(bytebuf *b, const char *text)
{
    buf_append(b, text, strlen(text));
}

void buf_printf(bytebuf *b, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    va_list again;
    va_copy(again, args);
    char *at = buf_reserve(b, 0);
    int written = vsnprintf(at, b->cap - b->len, fmt, args);
    if (written > 0 && (size_t)written >= b->cap - b->len) {
        at = buf_reserve(b, (size_t)written);
        vsnprintf(at, b->cap - b->len, fmt, again);
    }
    va_end(again);
    va_end(args);
    if (written > 0)
        buf_commit(b, (size_t)written);
}

char *buf_finish(bytebuf *b, size_t *len_out)
{
    buf_reserve(b, 0);
    char *text = b->data;
    if (len_out != NULL)
        *len_out = b->len;
    b->data = NULL;
    b->len = b->cap = 0;
    return text;
}

void buf_free(bytebuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}
