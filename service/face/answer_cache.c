#include "face/answer_cache.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/util.h"

#define ANSWER_CACHE_SLOTS 64
#define ANSWER_CACHE_MAX_BODY ((size_t)256 * 1024)

typedef struct cached_answer {
    uint64_t hash;
    char *key;           /* owned: see answer_cache_key() */
    char *body;          /* owned: the serialized JSON */
    size_t body_size;
    char *cache_control; /* owned */
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
        free(cache->slots[i].body);
        free(cache->slots[i].cache_control);
    }
    pthread_mutex_destroy(&cache->lock);
    free(cache);
}

/* Each part length-prefixed, so no byte a client sends can make two different requests share a key. */
static void key_append_part(bytebuf *key, const char *part)
{
    size_t len = strlen(part);
    buf_printf(key, "%zu:", len);
    buf_append(key, part, len);
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

bool answer_cache_get(answer_cache *cache, const char *key, size_t key_len, uint64_t hash, http_reply *reply,
                      char **cache_control)
{
    cached_answer *slot = &cache->slots[hash % ANSWER_CACHE_SLOTS];
    bool hit = false;
    pthread_mutex_lock(&cache->lock);
    if (slot->key != NULL && slot->hash == hash && memcmp(slot->key, key, key_len + 1) == 0) {
        reply->json_text = xmalloc(slot->body_size + 1);
        memcpy(reply->json_text, slot->body, slot->body_size);
        reply->json_text[slot->body_size] = '\0';
        reply->json_text_size = slot->body_size;
        *cache_control = xstrdup(slot->cache_control);
        hit = true;
    }
    pthread_mutex_unlock(&cache->lock);
    return hit;
}

void answer_cache_put(answer_cache *cache, char *key, uint64_t hash, const char *body, size_t body_size,
                      const char *cache_control)
{
    if (body_size > ANSWER_CACHE_MAX_BODY) {
        free(key);
        return;
    }
    char *body_copy = xmalloc(body_size + 1);
    memcpy(body_copy, body, body_size);
    char *control_copy = xstrdup(cache_control);
    cached_answer *slot = &cache->slots[hash % ANSWER_CACHE_SLOTS];
    pthread_mutex_lock(&cache->lock);
    char *old_key = slot->key, *old_body = slot->body, *old_control = slot->cache_control;
    slot->hash = hash;
    slot->key = key;
    slot->body = body_copy;
    slot->body_size = body_size;
    slot->cache_control = control_copy;
    pthread_mutex_unlock(&cache->lock);
    free(old_key);
    free(old_body);
    free(old_control);
}
