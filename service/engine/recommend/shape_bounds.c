/* The shapes waiting for the pass ranked by price, as a heap of their least figures (internal.h, shape_bound). */
#include "engine/recommend/internal.h"

static void sift_down(shape_bound *bounds, size_t count, size_t at)
{
    for (;;) {
        size_t least = at, left = 2 * at + 1, right = left + 1;
        if (left < count && bounds[left].least < bounds[least].least)
            least = left;
        if (right < count && bounds[right].least < bounds[least].least)
            least = right;
        if (least == at)
            return;
        shape_bound swap = bounds[at];
        bounds[at] = bounds[least];
        bounds[least] = swap;
        at = least;
    }
}

void recommend_bounds_heapify(shape_bound *bounds, size_t count)
{
    for (size_t i = count / 2; i > 0; i--)
        sift_down(bounds, count, i - 1);
}

shape_bound recommend_bounds_take_least(shape_bound *bounds, size_t *count)
{
    shape_bound least = bounds[0];
    bounds[0] = bounds[--*count];
    sift_down(bounds, *count, 0);
    return least;
}
