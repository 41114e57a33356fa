#include "snapshot/arena.h"

#include <stdlib.h>
#include <string.h>

#include "base/util.h"

typedef struct arena_block {
    struct arena_block *next;
    size_t used, cap;
    _Alignas(max_align_t) unsigned char data[];
} arena_block;

struct arena {
    arena_block *blocks;
    /* string interning while loading: many prices share a source, a currency and a fetch time */
    const char **slots;
    size_t slot_count, slot_used;
};

arena *arena_new(void)
{
    return xcalloc(1, sizeof(arena));
}

void *arena_alloc(arena *a, size_t size)
{
    size = (size + 15) & ~(size_t)15;
    if (a->blocks == NULL || a->blocks->cap - a->blocks->used < size) {
        size_t cap = size > 256 * 1024 ? size : 256 * 1024;
        arena_block *block = xmalloc(sizeof *block + cap);
        block->next = a->blocks;
        block->used = 0;
        block->cap = cap;
        a->blocks = block;
    }
    void *p = a->blocks->data + a->blocks->used;
    a->blocks->used += size;
    memset(p, 0, size);
    return p;
}

void arena_free(arena *a)
{
    if (a == NULL)
        return;
    arena_block *block = a->blocks;
    while (block) {
        arena_block *next = block->next;
        free(block);
        block = next;
    }
    free(a->slots);
    free(a);
}

static void intern_grow(arena *a)
{
    size_t new_count = a->slot_count ? a->slot_count * 2 : 1024;
    const char **slots = xcalloc(new_count, sizeof *slots);
    for (size_t i = 0; i < a->slot_count; i++) {
        const char *s = a->slots[i];
        if (s == NULL)
            continue;
        size_t h = (size_t)util_fnv1a(UTIL_FNV_OFFSET, s, strlen(s)) & (new_count - 1);
        while (slots[h])
            h = (h + 1) & (new_count - 1);
        slots[h] = s;
    }
    free(a->slots);
    a->slots = slots;
    a->slot_count = new_count;
}

const char *arena_intern(arena *a, const char *s)
{
    if (s == NULL)
        return NULL;
    if (a->slot_used * 2 >= a->slot_count)
        intern_grow(a);
    size_t len = strlen(s);
    size_t h = (size_t)util_fnv1a(UTIL_FNV_OFFSET, s, len) & (a->slot_count - 1);
    while (a->slots[h]) {
        if (strcmp(a->slots[h], s) == 0)
            return a->slots[h];
        h = (h + 1) & (a->slot_count - 1);
    }
    char *copy = arena_alloc(a, len + 1);
    memcpy(copy, s, len + 1);
    a->slots[h] = copy;
    a->slot_used++;
    return copy;
}

void arena_intern_done(arena *a)
{
    free(a->slots);
    a->slots = NULL;
    a->slot_count = a->slot_used = 0;
}
