#include "face/http/answer_cache.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/numfmt.h"
#include "base/util.h"

#define ANSWER_CACHE_SLOTS 64
#define ANSWER_CACHE_MAX_BODY ((size_t)256 * 1024)

typedef struct cached_answer {
    uint64_t hash;
    char *key;         /* owned: see answer_cache_key() */
    answer_text *text; /* a held reference */
} cached_answer;

struct answer_cache {
    pthread_mutex_t lock; /* guards slots */
    cached_answer slots[ANSWER_CACHE_SLOTS];
};

answer_cache *answer_cache_new(void)
{
    answer_cache *cache = xcalloc(1, sizeof *cache);
    pthread_mutex_init(&cache->lock, NULL);
    return cache;
}

void answer_cache_free(answer_cache *cache)
{
    if (cache == NULL)
        return;
    for (size_t i = 0; i < ANSWER_CACHE_SLOTS; i++) {
        free(cache->slots[i].key);
        answer_text_release(cache->slots[i].text);
    }
    pthread_mutex_destroy(&cache->lock);
    free(cache);
}

/* Each part length-prefixed, so no byte a client sends can make two different requests share a key. */
static void key_append_part(bytebuf *key, const char *part)
{
    size_t len = strlen(part);
    char *at = buf_reserve(key, 24 + len);
    size_t used = numfmt_integer((long long)len, at);
    at[used++] = ':';
    memcpy(at + used, part, len);
    buf_commit(key, used + len);
}

/* "pretty" is left out: the cache keeps the compact text, and a ?pretty answer is indented from it on the way out,
 * so both spellings share one entry (and no value of pretty makes a new one). */
static void key_add_argument(void *ctx, const char *name, const char *value)
{
    if (strcmp(name, "pretty") == 0)
        return;
    key_append_part(ctx, name);
    key_append_part(ctx, value);
}

char *answer_cache_key(const http_request *req, const catalog *snap, const char *path, size_t *len_out,
                       uint64_t *hash_out)
{
    bytebuf key;
    buf_init(&key, 256);
    key_append_part(&key, snap->version);
    key_append_part(&key, path);
    http_query_each(req, key_add_argument, &key);
    char *text = buf_finish(&key, len_out);
    *hash_out = util_fnv1a(UTIL_FNV_OFFSET, text, *len_out);
    return text;
}

answer_text *answer_cache_get(answer_cache *cache, const char *key, size_t key_len, uint64_t hash)
{
    cached_answer *slot = &cache->slots[hash % ANSWER_CACHE_SLOTS];
    answer_text *hit = NULL;
    pthread_mutex_lock(&cache->lock);
    if (slot->key != NULL && slot->hash == hash && memcmp(slot->key, key, key_len + 1) == 0)
        hit = answer_text_hold(slot->text);
    pthread_mutex_unlock(&cache->lock);
    return hit;
}

void answer_cache_put(answer_cache *cache, char *key, uint64_t hash, answer_text *text)
{
    size_t size = 0;
    answer_text_bytes(text, &size);
    if (size > ANSWER_CACHE_MAX_BODY) {
        free(key);
        return;
    }
    answer_text_hold(text);
    cached_answer *slot = &cache->slots[hash % ANSWER_CACHE_SLOTS];
    pthread_mutex_lock(&cache->lock);
    char *old_key = slot->key;
    answer_text *old_text = slot->text;
    slot->hash = hash;
    slot->key = key;
    slot->text = text;
    pthread_mutex_unlock(&cache->lock);
    free(old_key);
    answer_text_release(old_text);
}
