#include "face/http/answer_text.h"

#include <stdatomic.h>
#include <stdlib.h>

#include "base/util.h"

struct answer_text {
    atomic_uint refs; /* the holders: the cache slot and every response in flight */
    size_t size;
    char *bytes;         /* owned */
    char *cache_control; /* owned, may be NULL */
};

answer_text *answer_text_adopt(char *bytes, size_t len, const char *cache_control)
{
    answer_text *text = xmalloc(sizeof *text);
    atomic_init(&text->refs, 1);
    text->size = len;
    text->bytes = bytes;
    text->cache_control = cache_control != NULL ? xstrdup(cache_control) : NULL;
    return text;
}

answer_text *answer_text_hold(answer_text *text)
{
    /* A new holder is always made by one that already holds a reference, so the count cannot be at zero here and
     * nothing else needs ordering: relaxed is enough. */
    atomic_fetch_add_explicit(&text->refs, 1, memory_order_relaxed);
    return text;
}

void answer_text_release(answer_text *text)
{
    if (text == NULL)
        return;
    /* Release on the way down and acquire by the last holder, so every reader's use of the bytes happens before the
     * free. */
    if (atomic_fetch_sub_explicit(&text->refs, 1, memory_order_acq_rel) != 1)
        return;
    free(text->bytes);
    free(text->cache_control);
    free(text);
}

const char *answer_text_bytes(const answer_text *text, size_t *size_out)
{
    *size_out = text->size;
    return text->bytes;
}

const char *answer_text_cache_control(const answer_text *text)
{
    return text->cache_control;
}
