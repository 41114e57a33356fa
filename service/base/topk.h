/* The best k of a stream of items, kept in a bounded heap whose root is the worst of those kept: O(n log k) instead of
 * sorting all n. Used for a recommendation's ranked offers and for a page of /v1/instances.
 *
 * The caller owns the item array (room for capacity items of size bytes each) and the heap only orders it. Items are
 * compared by cmp(a, b, ctx): negative when a is better than b. One thread uses a heap at a time. */
#ifndef GPUREC_TOPK_H
#define GPUREC_TOPK_H

#include <stdbool.h>
#include <stddef.h>

typedef int (*topk_cmp)(const void *a, const void *b, void *ctx);

typedef struct topk {
    unsigned char *items; /* borrowed: capacity x size bytes */
    size_t size;
    size_t count;
    size_t capacity;
    topk_cmp cmp;
    void *ctx;
} topk;

void topk_init(topk *t, void *items, size_t capacity, size_t size, topk_cmp cmp, void *ctx);
/* The worst item kept when the heap is full (an item not better than it cannot enter), else NULL. */
const void *topk_floor(const topk *t);
/* Keeps item (copied) when the heap has room or it is better than the worst kept. */
void topk_offer(topk *t, const void *item);
/* Orders the kept items best first, in place; the heap is no longer a heap (count stays). */
void topk_sort(topk *t);

#endif
