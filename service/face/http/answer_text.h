/* A kept answer's compact JSON, shared without copying between the answer cache and the responses sending it.
 *
 * The text never changes once made. Whoever holds a reference may read it from any thread; the last release frees
 * it, so the cache can replace an entry while a connection is still sending the old text. */
#ifndef GPUREC_ANSWER_TEXT_H
#define GPUREC_ANSWER_TEXT_H

#include <stddef.h>

typedef struct answer_text answer_text;

/* Takes ownership of bytes (malloc'ed, len long) and copies cache_control (may be NULL); the caller holds the one
 * reference. */
answer_text *answer_text_adopt(char *bytes, size_t len, const char *cache_control);
/* Another reference to text, for a new holder; returns text. */
answer_text *answer_text_hold(answer_text *text);
/* Gives up one reference (accepts NULL). */
void answer_text_release(answer_text *text);

/* The compact JSON (not NUL-terminated) and, into *size_out, its length. */
const char *answer_text_bytes(const answer_text *text, size_t *size_out);
/* The Cache-Control the answer was kept with, or NULL. */
const char *answer_text_cache_control(const answer_text *text);

#endif
