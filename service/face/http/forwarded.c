#include "face/http/forwarded.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>

#include <microhttpd.h>

#include "base/util.h"

/* The longest forwarding chain read: each hop's address is at most 64 bytes, and a gateway chain is short. */
#define FORWARDED_MAX_HOPS 32
#define FORWARDED_ADDR_BYTES 64

typedef struct hop_chain {
    char addr[FORWARDED_MAX_HOPS][FORWARDED_ADDR_BYTES];
    size_t count;
    bool overflow; /* more hops than kept: the oldest are dropped */
} hop_chain;

static void chain_push(hop_chain *chain, const char *start, size_t len)
{
    while (len > 0 && (*start == ' ' || *start == '\t')) {
        start++;
        len--;
    }
    while (len > 0 && (start[len - 1] == ' ' || start[len - 1] == '\t'))
        len--;
    if (chain->count == FORWARDED_MAX_HOPS) {
        memmove(chain->addr[0], chain->addr[1], sizeof chain->addr[0] * (FORWARDED_MAX_HOPS - 1));
        chain->count--;
        chain->overflow = true;
    }
    char *slot = chain->addr[chain->count++];
    if (len >= FORWARDED_ADDR_BYTES)
        len = FORWARDED_ADDR_BYTES - 1;
    memcpy(slot, start, len);
    slot[len] = '\0';
}

/* X-Forwarded-For: a comma-separated list of addresses, the nearest hop last; each header line adds to it. */
static void read_x_forwarded_for(hop_chain *chain, const char *value)
{
    while (*value != '\0') {
        size_t len = strcspn(value, ",");
        chain_push(chain, value, len);
        value += len + (value[len] == ',');
    }
}

/* Forwarded: elements separated by ',', each pairs separated by ';'; the for= pair of each element is one hop. */
static void read_forwarded(hop_chain *chain, const char *value)
{
    while (*value != '\0') {
        size_t element_len = strcspn(value, ",");
        const char *pair = value, *end = value + element_len;
        while (pair < end) {
            while (pair < end && (*pair == ' ' || *pair == '\t' || *pair == ';'))
                pair++;
            size_t pair_len = strcspn(pair, ";,");
            if (pair + pair_len > end)
                pair_len = (size_t)(end - pair);
            if (pair_len > 4 && strncasecmp(pair, "for=", 4) == 0)
                chain_push(chain, pair + 4, pair_len - 4);
            pair += pair_len;
        }
        value = end + (*end == ',');
    }
}

typedef struct header_read {
    hop_chain forwarded, x_forwarded_for;
} header_read;

static enum MHD_Result visit_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value)
{
    (void)kind;
    header_read *read = cls;
    if (value == NULL)
        return MHD_YES;
    if (strcasecmp(key, "Forwarded") == 0)
        read_forwarded(&read->forwarded, value);
    else if (strcasecmp(key, "X-Forwarded-For") == 0)
        read_x_forwarded_for(&read->x_forwarded_for, value);
    return MHD_YES;
}

/* A hop's address as a socket address: "192.0.2.1", "192.0.2.1:80", "2001:db8::1", "[2001:db8::1]:80", each maybe
 * in double quotes (Forwarded). Rewrites text to the bare address. False when it is none (e.g. "unknown"). */
static bool hop_address(char *text, struct sockaddr_storage *out)
{
    size_t len = strlen(text);
    if (len >= 2 && text[0] == '"' && text[len - 1] == '"') {
        memmove(text, text + 1, len - 2);
        text[len - 2] = '\0';
    }
    if (text[0] == '[') {
        char *close = strchr(text, ']');
        if (close == NULL)
            return false;
        *close = '\0';
        memmove(text, text + 1, strlen(text + 1) + 1);
    } else if (strchr(text, ':') == strrchr(text, ':') && strchr(text, ':') != NULL) {
        *strchr(text, ':') = '\0'; /* one colon: an IPv4 address with its port */
    }
    memset(out, 0, sizeof *out);
    struct sockaddr_in *v4 = (struct sockaddr_in *)out;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)out;
    if (inet_pton(AF_INET, text, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        return true;
    }
    if (inet_pton(AF_INET6, text, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        return true;
    }
    return false;
}

/* The rightmost hop that is not a trusted proxy (the leftmost when every hop is trusted); at a hop that is no
 * address, the nearest one believed so far (the peer, fallback, when it is the first). */
static void pick_client(const config *cfg, hop_chain *chain, const char *fallback, char *out, size_t out_len)
{
    util_copy(out, out_len, fallback);
    for (size_t i = chain->count; i-- > 0;) {
        struct sockaddr_storage addr;
        if (!hop_address(chain->addr[i], &addr))
            return; /* a hop that is no address ("unknown", an obfuscated name): the nearest believed one stands */
        util_copy(out, out_len, chain->addr[i]);
        if (!config_is_trusted_proxy(cfg, (const struct sockaddr *)&addr))
            return;
    }
}

/* The dotted quad of the four bytes at octets, as inet_ntop() writes it; glibc's goes through sprintf(), a large part
 * of an access line's cost. out holds at least INET_ADDRSTRLEN bytes. */
static void ipv4_text(const unsigned char *octets, char *out)
{
    for (int i = 0; i < 4; i++) {
        unsigned octet = octets[i];
        if (octet >= 100)
            *out++ = (char)('0' + octet / 100);
        if (octet >= 10)
            *out++ = (char)('0' + octet / 10 % 10);
        *out++ = (char)('0' + octet % 10);
        *out++ = i < 3 ? '.' : '\0';
    }
}

void forwarded_peer_text(const struct sockaddr *peer, char *out, size_t out_len)
{
    util_copy(out, out_len, "-");
    if (peer == NULL)
        return;
    const unsigned char *octets = NULL;
    if (peer->sa_family == AF_INET) {
        octets = (const unsigned char *)&((const struct sockaddr_in *)(const void *)peer)->sin_addr;
    } else if (peer->sa_family == AF_INET6) {
        const struct in6_addr *a6 = &((const struct sockaddr_in6 *)(const void *)peer)->sin6_addr;
        if (IN6_IS_ADDR_V4MAPPED(a6))
            octets = &a6->s6_addr[12];
        else
            inet_ntop(AF_INET6, a6, out, (socklen_t)out_len);
    }
    if (octets != NULL && out_len >= INET_ADDRSTRLEN)
        ipv4_text(octets, out);
    else if (octets != NULL)
        inet_ntop(AF_INET, octets, out, (socklen_t)out_len);
}

void forwarded_client(const config *cfg, struct MHD_Connection *connection, char *out, size_t out_len)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    const struct sockaddr *peer = info != NULL ? info->client_addr : NULL;
    forwarded_peer_text(peer, out, out_len);
    if (cfg->trusted_proxy_count == 0 || !config_is_trusted_proxy(cfg, peer))
        return;
    header_read *read = xcalloc(1, sizeof *read);
    MHD_get_connection_values(connection, MHD_HEADER_KIND, visit_header, read);
    hop_chain *chain = read->forwarded.count > 0 ? &read->forwarded : &read->x_forwarded_for;
    char peer_address[FORWARDED_ADDR_BYTES];
    util_copy(peer_address, sizeof peer_address, out);
    pick_client(cfg, chain, peer_address, out, out_len);
    free(read);
}
