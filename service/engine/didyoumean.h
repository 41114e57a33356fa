/* "Did you mean": the few known names closest to one a client mistyped, for the hints of a 4xx problem. Pure: no
 * allocation, names are borrowed from the caller (the snapshot's strings) and must outlive the finder. */
#ifndef GPUREC_DIDYOUMEAN_H
#define GPUREC_DIDYOUMEAN_H

#include <stddef.h>

#define DIDYOUMEAN_HINTS 3

/* The DIDYOUMEAN_HINTS names closest to the one wanted, best first: fewest edits, then the longest beginning in
 * common (ids are named family first, so "llama-3-8b" is nearer "llama-3.1-8b" than "llama-2-7b"), then the order
 * they were offered in. Start from a zeroed finder. */
typedef struct didyoumean {
    const char *names[DIDYOUMEAN_HINTS];
    size_t ranks[DIDYOUMEAN_HINTS]; /* lower is closer */
    size_t count;
} didyoumean;

/* Considers one known name for a client's wanted one. */
void didyoumean_offer(didyoumean *c, const char *wanted, const char *name);
/* The names found, joined by ", " into buf (cut when it does not fit). */
void didyoumean_format(const didyoumean *c, char *buf, size_t buf_len);

#endif
