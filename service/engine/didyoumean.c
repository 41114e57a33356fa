#include "engine/didyoumean.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* Levenshtein distance, ASCII case folded, over at most the first 127 bytes of each string: enough to rank names
 * that are a typo or a case slip away from the one meant. */
static size_t edit_distance(const char *a, const char *b)
{
    enum { MAX_LEN = 127 };
    size_t len_a = strlen(a), len_b = strlen(b);
    if (len_a > MAX_LEN)
        len_a = MAX_LEN;
    if (len_b > MAX_LEN)
        len_b = MAX_LEN;
    size_t previous[MAX_LEN + 1], current[MAX_LEN + 1];
    for (size_t j = 0; j <= len_b; j++)
        previous[j] = j;
    for (size_t i = 1; i <= len_a; i++) {
        current[0] = i;
        for (size_t j = 1; j <= len_b; j++) {
            size_t substitution = previous[j - 1] + (tolower((unsigned char)a[i - 1]) !=
                                                     tolower((unsigned char)b[j - 1]));
            size_t deletion = previous[j] + 1;
            size_t insertion = current[j - 1] + 1;
            size_t best = substitution < deletion ? substitution : deletion;
            current[j] = best < insertion ? best : insertion;
        }
        memcpy(previous, current, (len_b + 1) * sizeof previous[0]);
    }
    return previous[len_b];
}


void didyoumean_offer(didyoumean *c, const char *wanted, const char *name)
{
    size_t distance = edit_distance(wanted, name);
    size_t at = c->count;
    while (at > 0 && c->distances[at - 1] > distance)
        at--;
    if (at >= DIDYOUMEAN_HINTS)
        return;
    size_t last = c->count < DIDYOUMEAN_HINTS ? c->count : DIDYOUMEAN_HINTS - 1;
    for (size_t k = last; k > at; k--) {
        c->names[k] = c->names[k - 1];
        c->distances[k] = c->distances[k - 1];
    }
    c->names[at] = name;
    c->distances[at] = distance;
    if (c->count < DIDYOUMEAN_HINTS)
        c->count++;
}

void didyoumean_format(const didyoumean *c, char *buf, size_t buf_len)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t k = 0; k < c->count && used < buf_len; k++) {
        int written = snprintf(buf + used, buf_len - used, "%s%s", k ? ", " : "", c->names[k]);
        if (written < 0)
            break;
        used += (size_t)written;
    }
}
