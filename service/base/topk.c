#include "base/topk.h"

#include <string.h>

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

/* Items are a few hundred bytes (a ranked candidate): swapped through a stack buffer by memcpy, a chunk at a time,
 * rather than byte by byte, which was most of a recommendation's ranking cost. */
static void swap(const topk *t, size_t i, size_t j)
{
    unsigned char *a = at(t, i), *b = at(t, j);
    unsigned char chunk[256];
    for (size_t done = 0; done < t->size; done += sizeof chunk) {
        size_t n = t->size - done < sizeof chunk ? t->size - done : sizeof chunk;
        memcpy(chunk, a + done, n);
        memcpy(a + done, b + done, n);
        memcpy(b + done, chunk, n);
    }
}

/* The heap's order is reversed against cmp: the root is the item that compares greatest (the worst kept). */
static void sift_down(const topk *t, size_t i, size_t count)
{
    for (;;) {
        size_t worst = i, left = 2 * i + 1, right = left + 1;
        if (left < count && t->cmp(at(t, left), at(t, worst), t->ctx) > 0)
            worst = left;
        if (right < count && t->cmp(at(t, right), at(t, worst), t->ctx) > 0)
            worst = right;
        if (worst == i)
            return;
        swap(t, i, worst);
        i = worst;
    }
}

const void *topk_floor(const topk *t)
{
    return t->count == t->capacity && t->count > 0 ? t->items : NULL;
}

void topk_offer(topk *t, const void *item)
{
    if (t->count < t->capacity) {
        size_t i = t->count++;
        memcpy(at(t, i), item, t->size);
        while (i > 0) {
            size_t parent = (i - 1) / 2;
            if (t->cmp(at(t, i), at(t, parent), t->ctx) <= 0)
                break;
            swap(t, i, parent);
            i = parent;
        }
    } else if (t->capacity > 0 && t->cmp(item, t->items, t->ctx) < 0) {
        memcpy(t->items, item, t->size);
        sift_down(t, 0, t->count);
    }
}

void topk_sort(topk *t)
{
    /* heapsort: the worst goes to the end each time, leaving the array best first */
    for (size_t end = t->count; end > 1; end--) {
        swap(t, 0, end - 1);
        sift_down(t, 0, end - 1);
    }
}
