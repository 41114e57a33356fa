/* The per-address connection cap (GPUREC_MAX_CONNECTIONS_PER_IP), kept by the service instead of libmicrohttpd, and
 * the count of connections refused by each cap.
 *
 * libmicrohttpd refuses a connection over its per-address limit and over its total limit with the same message and
 * no other sign, so neither could be told apart, counted or logged. Here the library keeps only the total
 * (GPUREC_MAX_CONNECTIONS and the probes' reserve): its refusals are counted from its log line
 * (caps_note_library_message), and the accept policy asks caps_admit() about the address. A refusal is counted
 * (/metrics: gpurec_connections_refused_total{cap}) and logged at warn, at most once per 10 s per cap with the count
 * since the last line. Any thread may call these; a lock guards the table. Two connections from one address that
 * arrive on two pool threads at once may both pass the check: the cap can be passed by at most one connection per
 * thread. */
#ifndef GPUREC_ADDRESS_CAPS_H
#define GPUREC_ADDRESS_CAPS_H

#include <stdbool.h>
#include <sys/socket.h>

typedef struct address_caps address_caps;

typedef enum { CAP_PER_ADDRESS, CAP_TOTAL, CAP_COUNT } connection_cap;

/* per_address 0 = no per-address cap. Caller frees with address_caps_free() (accepts NULL). */
address_caps *address_caps_new(unsigned per_address);
void address_caps_free(address_caps *caps);

/* Whether a new connection from addr stays within the per-address cap; a refusal is counted. */
bool caps_admit(address_caps *caps, const struct sockaddr *addr);
/* A connection from addr opened, or closed (each once per connection). */
void caps_opened(address_caps *caps, const struct sockaddr *addr);
void caps_closed(address_caps *caps, const struct sockaddr *addr);
/* Counts the library's refusal when its log message says it reached the connection limit. */
void caps_note_library_message(address_caps *caps, const char *message);
/* Connections refused by a cap since start. */
unsigned long long caps_refused(const address_caps *caps, connection_cap cap);

#endif
