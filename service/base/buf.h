/* One growable byte buffer, NUL-terminated at all times, for every text the service builds piece by piece (JSON
 * answers, metrics text, request bodies, downloads). A buffer belongs to one thread; it owns its bytes until
 * buf_finish() hands them over. Out of memory is fatal (util.h). */
#ifndef GPUREC_BUF_H
#define GPUREC_BUF_H

#include <stddef.h>

typedef struct bytebuf {
    char *data; /* owned; NULL until the first byte or buf_init */
    size_t len;
    size_t cap;
} bytebuf;

/* Starts an empty buffer with room for about initial bytes (0: allocate on first use). */
void buf_init(bytebuf *b, size_t initial);
/* Makes room for extra more bytes (and the terminating NUL) and returns where they go; the caller writes them and
 * calls buf_commit(). */
char *buf_reserve(bytebuf *b, size_t extra);
void buf_commit(bytebuf *b, size_t written);
void buf_append(bytebuf *b, const void *bytes, size_t len);
void buf_append_str(bytebuf *b, const char *text);
/* Appends printf-style text. */
void buf_printf(bytebuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text (NUL-terminated, caller frees; an empty string when nothing was written) and its length; the buffer is
 * left empty. */
char *buf_finish(bytebuf *b, size_t *len_out);
/* Frees the bytes; the buffer is left empty and may be used again. */
void buf_free(bytebuf *b);

#endif
