/* The memory of one snapshot (inside snapshot/ only): every string and array of a catalog lives in its arena, freed
 * with it. While a snapshot is built, equal strings are stored once (arena_intern). */
#ifndef GPUREC_ARENA_H
#define GPUREC_ARENA_H

#include <stddef.h>

typedef struct arena arena;

arena *arena_new(void);
/* Zeroed memory that lives as long as the arena. */
void *arena_alloc(arena *a, size_t size);
/* A copy of text owned by the arena, shared with equal strings; NULL stays NULL. */
const char *arena_intern(arena *a, const char *text);
/* Ends interning (the strings stay): the table is freed. */
void arena_intern_done(arena *a);
/* Accepts NULL. */
void arena_free(arena *a);

#endif
