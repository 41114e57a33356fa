/* The client address of a request for the access log: the peer's own address, or, when the peer is one of the
 * configured trusted proxies (GPUREC_TRUSTED_PROXIES), the address its forwarding headers name. Of the chain in
 * Forwarded "for=" (RFC 7239) or else X-Forwarded-For, the rightmost address that is not itself a trusted proxy is
 * the client: the ones left of it were written by whoever the first untrusted hop was, so they prove nothing. */
#ifndef GPUREC_FORWARDED_H
#define GPUREC_FORWARDED_H

#include <stddef.h>

#include "base/config.h"

struct MHD_Connection;
struct sockaddr;

/* The client's address as text into out ("-" when unknown). */
void forwarded_client(const config *cfg, struct MHD_Connection *connection, char *out, size_t out_len);
/* The peer's own address as inet_ntop() writes it (an IPv4-mapped IPv6 address as its IPv4 part) into out, "-" for
 * NULL or another family. */
void forwarded_peer_text(const struct sockaddr *peer, char *out, size_t out_len);

#endif
