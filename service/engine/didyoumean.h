/* "Did you mean": the few known names closest to one a client mistyped, for the hints of a 4xx problem. Pure: no
 * allocation, names are borrowed from the caller (the snapshot's strings) and must outlive the finder. */
#ifndef GPUREC_DIDYOUMEAN_H
#define GPUREC_DIDYOUMEAN_H

#include <stddef.h>

#define DIDYOUMEAN_HINTS 3

/* The DIDYOUMEAN_HINTS names closest to the one wanted, best first (ties keep the order they were offered in). Start
 * from a zeroed finder. */
typedef struct didyoumean {
    const char *names[DIDYOUMEAN_HINTS];
    size_t distances[DIDYOUMEAN_HINTS];
    size_t count;
} didyoumean;

/* Considers one known name for a client's wanted one. */
void didyoumean_offer(didyoumean *c, const char *wanted, const char *name);
/* The names found, joined by ", " into buf (cut when it does not fit). */
void didyoumean_format(const didyoumean *c, char *buf, size_t buf_len);

#endif
