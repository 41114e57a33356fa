#include "base/topk.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

void topk_init(topk *t, void *items, size_t capacity, size_t size, topk_cmp cmp, void *ctx)
{
    t->items = items;
    t->size = size;
    t->count = 0;
    t->capacity = capacity;
    t->cmp = cmp;
    t->ctx = ctx;
}

static void *at(const topk *t, size_t i)
{
    return t->items + i * t->size;
}

const void *topk_floor(const topk *t)
{
    return t->count == t->capacity && t->count > 0 ? t->items : NULL;
}

/* Places item (not in the heap's array) at position i of a heap of count items, or below it: each child worse than
 * item moves up into the hole, one copy a level, where swapping item down would make three. The comparisons are the
 * swaps', so the heap ends the same. */
static void sift_hole_down(const topk *t, size_t i, size_t count, const void *item)
{
    for (;;) {
        size_t worst = i, left = 2 * i + 1, right = left + 1;
        const void *worst_item = item;
        if (left < count && t->cmp(at(t, left), worst_item, t->ctx) > 0) {
            worst = left;
            worst_item = at(t, left);
        }
        if (right < count && t->cmp(at(t, right), worst_item, t->ctx) > 0)
            worst = right;
        if (worst == i)
            break;
        memcpy(at(t, i), at(t, worst), t->size);
        i = worst;
    }
    memcpy(at(t, i), item, t->size);
}

void topk_offer(topk *t, const void *item)
{
    if (t->count < t->capacity) {
        size_t i = t->count++;
        while (i > 0) {
            size_t parent = (i - 1) / 2;
            if (t->cmp(item, at(t, parent), t->ctx) <= 0)
                break;
            memcpy(at(t, i), at(t, parent), t->size);
            i = parent;
        }
        memcpy(at(t, i), item, t->size);
    } else if (t->capacity > 0 && t->cmp(item, t->items, t->ctx) < 0) {
        sift_hole_down(t, 0, t->count, item);
    }
}

/* Room on the stack for the item a sort holds aside: a ranked candidate and more; a larger item is held on the heap. */
#define TOPK_HOLD_BYTES 1024

void topk_sort(topk *t)
{
    /* heapsort: the worst goes to the end each time, leaving the array best first */
    unsigned char on_stack[TOPK_HOLD_BYTES];
    unsigned char *hold = t->size <= sizeof on_stack ? on_stack : xmalloc(t->size);
    for (size_t end = t->count; end > 1; end--) {
        /* the last item is held aside while the root takes its place, then goes in at the root */
        memcpy(hold, at(t, end - 1), t->size);
        memcpy(at(t, end - 1), t->items, t->size);
        sift_hole_down(t, 0, end - 1, hold);
    }
    if (hold != on_stack)
        free(hold);
}
