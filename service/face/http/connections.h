/* The daemon's open connections, as the service sees them beside libmicrohttpd: a deadline for each request's whole
 * head, and a small reserve of connections past the ordinary limit that only the probes (/healthz, /readyz) may use.
 *
 * libmicrohttpd's own connection timeout is an idle timeout: a client that sends one header line every few seconds
 * keeps a connection for ever. Here every connection carries the time its current head began (when it opened, or
 * when its previous request completed); a watchdog thread shuts down (shutdown(2), never close(2): the library
 * still owns the descriptor) each connection whose head has not ended within the timeout, and the library then
 * closes it as a connection the client dropped. */
#ifndef GPUREC_CONNECTIONS_H
#define GPUREC_CONNECTIONS_H

#include <stdbool.h>
#include <stdint.h>

typedef struct conn_table conn_table;
typedef struct conn_entry conn_entry;

/* A table whose heads must end within head_timeout_s, with ordinary_limit connections before the reserve. Starts
 * the watchdog thread. NULL when the thread cannot start. */
conn_table *conn_table_new(unsigned head_timeout_s, unsigned ordinary_limit);
/* Stops the watchdog and frees the table (every connection must have closed). Accepts NULL. */
void conn_table_free(conn_table *table);

/* A connection opened on descriptor fd; its head begins now. Caller keeps the entry until conn_closed(). */
conn_entry *conn_opened(conn_table *table, int fd);
void conn_closed(conn_table *table, conn_entry *entry);
/* Whether the connection holds a place past the ordinary limit (it may only ask the probes): decided when it opens,
 * and given up when an ordinary connection closes and this is the oldest reserve one. */
bool conn_is_reserve(const conn_entry *entry);
/* The head of the connection's request has ended (its deadline no longer applies). Takes no lock. */
void conn_head_ended(conn_entry *entry);
/* The connection's request completed: the head of its next request begins at now_us (util_monotonic_us()). Takes no
 * lock. */
void conn_head_begins(conn_entry *entry, int64_t now_us);

#endif
