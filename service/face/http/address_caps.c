#include "face/http/address_caps.h"

#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "base/util.h"

#define BUCKETS 1024
#define LOG_EVERY_US (10 * 1000000LL)

typedef struct peer {
    unsigned char addr[16]; /* IPv4 in its IPv4-mapped IPv6 form */
    unsigned open;
    struct peer *next;
} peer;

struct address_caps {
    unsigned per_address;
    pthread_mutex_t lock; /* guards buckets and the log clocks */
    peer *buckets[BUCKETS];
    atomic_ullong refused[CAP_COUNT];
    unsigned long long logged[CAP_COUNT]; /* refused[cap] when its last line was logged */
    int64_t last_log_us[CAP_COUNT];
};

static const char *const cap_names[CAP_COUNT] = {"per_address", "total"};

address_caps *address_caps_new(unsigned per_address)
{
    address_caps *caps = xcalloc(1, sizeof *caps);
    caps->per_address = per_address;
    pthread_mutex_init(&caps->lock, NULL);
    for (int i = 0; i < CAP_COUNT; i++)
        atomic_init(&caps->refused[i], 0);
    return caps;
}

void address_caps_free(address_caps *caps)
{
    if (caps == NULL)
        return;
    for (size_t i = 0; i < BUCKETS; i++) {
        for (peer *p = caps->buckets[i], *next = NULL; p != NULL; p = next) {
            next = p->next;
            free(p);
        }
    }
    pthread_mutex_destroy(&caps->lock);
    free(caps);
}

/* The address of addr as 16 bytes; false for another family. */
static bool key_of(const struct sockaddr *addr, unsigned char key[16])
{
    if (addr == NULL)
        return false;
    if (addr->sa_family == AF_INET6) {
        memcpy(key, &((const struct sockaddr_in6 *)(const void *)addr)->sin6_addr, 16);
        return true;
    }
    if (addr->sa_family == AF_INET) {
        static const unsigned char mapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xFF, 0xFF};
        memcpy(key, mapped, 12);
        memcpy(key + 12, &((const struct sockaddr_in *)(const void *)addr)->sin_addr, 4);
        return true;
    }
    return false;
}

/* The peer entry of key, made when create; caller holds the lock. */
static peer **find(address_caps *caps, const unsigned char key[16])
{
    size_t bucket = (size_t)(util_fnv1a(UTIL_FNV_OFFSET, key, 16) % BUCKETS);
    peer **at = &caps->buckets[bucket];
    while (*at != NULL && memcmp((*at)->addr, key, 16) != 0)
        at = &(*at)->next;
    return at;
}

/* Logs a cap's refusals at warn, at most every 10 s. */
static void count_refusal(address_caps *caps, connection_cap cap)
{
    unsigned long long total = atomic_fetch_add(&caps->refused[cap], 1) + 1;
    int64_t now_us = util_monotonic_us();
    pthread_mutex_lock(&caps->lock);
    bool log_now = caps->last_log_us[cap] == 0 || now_us - caps->last_log_us[cap] >= LOG_EVERY_US;
    unsigned long long since = total - caps->logged[cap];
    if (log_now) {
        caps->last_log_us[cap] = now_us;
        caps->logged[cap] = total;
    }
    pthread_mutex_unlock(&caps->lock);
    if (!log_now)
        return;
    char count[32], limit[32];
    snprintf(count, sizeof count, "%llu", since);
    snprintf(limit, sizeof limit, "%u", caps->per_address);
    log_msg(LOG_WARN,
            cap == CAP_PER_ADDRESS ? "connections refused: GPUREC_MAX_CONNECTIONS_PER_IP reached (behind a proxy or "
                                     "gateway every client has its address: set 0 and limit clients there)"
                                   : "connections refused: GPUREC_MAX_CONNECTIONS reached",
            "cap", cap_names[cap], "refused", count, "per_address_limit", limit, NULL);
}

bool caps_admit(address_caps *caps, const struct sockaddr *addr)
{
    unsigned char key[16];
    if (caps->per_address == 0 || !key_of(addr, key))
        return true;
    pthread_mutex_lock(&caps->lock);
    peer *p = *find(caps, key);
    bool admit = p == NULL || p->open < caps->per_address;
    pthread_mutex_unlock(&caps->lock);
    if (!admit)
        count_refusal(caps, CAP_PER_ADDRESS);
    return admit;
}

void caps_opened(address_caps *caps, const struct sockaddr *addr)
{
    unsigned char key[16];
    if (caps->per_address == 0 || !key_of(addr, key))
        return;
    pthread_mutex_lock(&caps->lock);
    peer **at = find(caps, key);
    if (*at == NULL) {
        *at = xcalloc(1, sizeof **at);
        memcpy((*at)->addr, key, 16);
    }
    (*at)->open++;
    pthread_mutex_unlock(&caps->lock);
}

void caps_closed(address_caps *caps, const struct sockaddr *addr)
{
    unsigned char key[16];
    if (caps->per_address == 0 || !key_of(addr, key))
        return;
    pthread_mutex_lock(&caps->lock);
    peer **at = find(caps, key);
    if (*at != NULL && --(*at)->open == 0) {
        peer *gone = *at;
        *at = gone->next;
        free(gone);
    }
    pthread_mutex_unlock(&caps->lock);
}

void caps_note_library_message(address_caps *caps, const char *message)
{
    if (strstr(message, "reached connection limit") != NULL)
        count_refusal(caps, CAP_TOTAL);
}

unsigned long long caps_refused(const address_caps *caps, connection_cap cap)
{
    return atomic_load(&caps->refused[cap]);
}
