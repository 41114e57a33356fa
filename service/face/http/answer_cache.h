/* The per-version cache of catalog GET answers.
 *
 * Catalog reads (routes marked catalog_etag in routes.c) depend only on the snapshot and the query, and a published
 * snapshot never changes: the serialized body of such a 200 is kept, keyed by snapshot version, path and query, and
 * sent again without running the handler (building and serializing the JSON is most of a catalog read's cost). A
 * refresh publishes a new version, so older entries stop matching and get replaced. Direct-mapped, bounded in entries
 * and in body size, so memory stays bounded whatever clients ask. Any thread may use a cache (a lock guards it). A hit
 * copies nothing: the kept text is shared, by reference, with the responses that send it (answer_text.h). */
#ifndef GPUREC_ANSWER_CACHE_H
#define GPUREC_ANSWER_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "face/http/answer_text.h"
#include "face/http/reply.h"

typedef struct answer_cache answer_cache;

/* Caller owns the result; free with answer_cache_free() (accepts NULL). */
answer_cache *answer_cache_new(void);
void answer_cache_free(answer_cache *cache);

/* The key of req's answer: snapshot version, path and the query arguments in the order the client sent them, each
 * length-prefixed. Caller frees; *len_out and *hash_out are its length and hash. */
char *answer_cache_key(const http_request *req, const catalog *snap, const char *path, size_t *len_out,
                       uint64_t *hash_out);
/* On a hit, a held reference to the kept answer (release it with answer_text_release()); else NULL. */
answer_text *answer_cache_get(answer_cache *cache, const char *key, size_t key_len, uint64_t hash);
/* Keeps text (taking ownership of key and holding a reference of its own; the caller keeps its reference); an answer
 * over the size bound is not kept. */
void answer_cache_put(answer_cache *cache, char *key, uint64_t hash, answer_text *text);

#endif
