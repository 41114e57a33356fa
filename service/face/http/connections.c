#include "face/http/connections.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#include "base/util.h"

/* How often the watchdog looks for heads past their deadline: a head outlives its deadline by at most this. */
#define CONN_WATCH_INTERVAL_MS 250

/* head_started_us of a connection between the end of a request's head and the end of the request */
#define NOT_IN_HEAD INT64_MIN

struct conn_entry {
    int fd;
    /* written under the table's lock (at open, or when an ordinary connection closes and this one takes its place);
     * read by the connection's own pool thread for each request */
    atomic_bool reserve;
    /* when the current head began, or NOT_IN_HEAD: written by the connection's pool thread twice a request without
     * the table's lock, read by the watchdog (a head that ends as the watchdog judges it had run past its deadline) */
    _Atomic int64_t head_started_us;
    bool shut; /* the watchdog's, under the table's lock */
    conn_entry *prev, *next;
};

struct conn_table {
    pthread_mutex_t lock; /* guards the list, the counts and stopping */
    pthread_cond_t wake;
    pthread_t watchdog;
    bool stopping;
    int64_t head_timeout_us;
    unsigned ordinary_limit, ordinary_open, reserve_open;
    conn_entry *first;
};

/* Shuts down every connection whose head began before the deadline. The table's lock is held, and a listed entry's
 * descriptor is still open: the library reports a connection closed (conn_closed) before it closes the descriptor. */
static void shut_overdue(conn_table *table, int64_t now_us)
{
    for (conn_entry *e = table->first; e != NULL; e = e->next) {
        int64_t head_started_us = atomic_load(&e->head_started_us);
        if (head_started_us != NOT_IN_HEAD && !e->shut && now_us - head_started_us > table->head_timeout_us) {
            shutdown(e->fd, SHUT_RDWR);
            e->shut = true;
        }
    }
}

static void *watch(void *arg)
{
    conn_table *table = arg;
    pthread_mutex_lock(&table->lock);
    while (!table->stopping) {
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += CONN_WATCH_INTERVAL_MS * 1000000L;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&table->wake, &table->lock, &until);
        shut_overdue(table, util_monotonic_us());
    }
    pthread_mutex_unlock(&table->lock);
    return NULL;
}

conn_table *conn_table_new(unsigned head_timeout_s, unsigned ordinary_limit)
{
    conn_table *table = xcalloc(1, sizeof *table);
    pthread_mutex_init(&table->lock, NULL);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&table->wake, &attr);
    pthread_condattr_destroy(&attr);
    table->head_timeout_us = (int64_t)head_timeout_s * 1000000;
    table->ordinary_limit = ordinary_limit;
    if (pthread_create(&table->watchdog, NULL, watch, table) != 0) {
        pthread_cond_destroy(&table->wake);
        pthread_mutex_destroy(&table->lock);
        free(table);
        return NULL;
    }
    return table;
}

void conn_table_free(conn_table *table)
{
    if (table == NULL)
        return;
    pthread_mutex_lock(&table->lock);
    table->stopping = true;
    pthread_cond_signal(&table->wake);
    pthread_mutex_unlock(&table->lock);
    pthread_join(table->watchdog, NULL);
    while (table->first != NULL) {
        conn_entry *e = table->first;
        table->first = e->next;
        free(e);
    }
    pthread_cond_destroy(&table->wake);
    pthread_mutex_destroy(&table->lock);
    free(table);
}

conn_entry *conn_opened(conn_table *table, int fd)
{
    conn_entry *e = xcalloc(1, sizeof *e);
    e->fd = fd;
    atomic_init(&e->head_started_us, util_monotonic_us());
    pthread_mutex_lock(&table->lock);
    bool reserve = table->ordinary_open >= table->ordinary_limit;
    atomic_init(&e->reserve, reserve);
    if (reserve)
        table->reserve_open++;
    else
        table->ordinary_open++;
    e->next = table->first;
    if (table->first != NULL)
        table->first->prev = e;
    table->first = e;
    pthread_mutex_unlock(&table->lock);
    return e;
}

/* Whether a connection is reserve is decided when it opens, and pool threads open connections concurrently: one
 * accepted first can be counted after one accepted later, so it can hold a reserve place while an ordinary one is
 * free. An ordinary place that frees is therefore given to the oldest reserve connection (the list is newest first),
 * so the ordinary connections fill the limit whenever enough are open. The table's lock is held. */
static void promote_reserve(conn_table *table)
{
    if (table->reserve_open == 0 || table->ordinary_open >= table->ordinary_limit)
        return;
    conn_entry *oldest = NULL;
    for (conn_entry *e = table->first; e != NULL; e = e->next)
        if (atomic_load(&e->reserve))
            oldest = e;
    if (oldest == NULL)
        return;
    atomic_store(&oldest->reserve, false);
    table->reserve_open--;
    table->ordinary_open++;
}

void conn_closed(conn_table *table, conn_entry *entry)
{
    if (entry == NULL)
        return;
    pthread_mutex_lock(&table->lock);
    if (atomic_load(&entry->reserve))
        table->reserve_open--;
    else
        table->ordinary_open--;
    if (entry->prev != NULL)
        entry->prev->next = entry->next;
    else
        table->first = entry->next;
    if (entry->next != NULL)
        entry->next->prev = entry->prev;
    promote_reserve(table);
    pthread_mutex_unlock(&table->lock);
    free(entry);
}

bool conn_is_reserve(const conn_entry *entry)
{
    return entry != NULL && atomic_load(&entry->reserve);
}

void conn_head_ended(conn_entry *entry)
{
    if (entry != NULL)
        atomic_store(&entry->head_started_us, NOT_IN_HEAD);
}

void conn_head_begins(conn_entry *entry, int64_t now_us)
{
    if (entry != NULL)
        atomic_store(&entry->head_started_us, now_us);
}
