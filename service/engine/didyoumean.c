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


/* The length of the beginning a and b share, ASCII case folded, up to limit. */
static size_t common_prefix(const char *a, const char *b, size_t limit)
{
    size_t n = 0;
    while (n < limit && a[n] != '\0' && tolower((unsigned char)a[n]) == tolower((unsigned char)b[n]))
        n++;
    return n;
}

void didyoumean_offer(didyoumean *c, const char *wanted, const char *name)
{
    enum { PREFIX_LIMIT = 255 };
    size_t rank = edit_distance(wanted, name) * (PREFIX_LIMIT + 1) +
                  (PREFIX_LIMIT - common_prefix(wanted, name, PREFIX_LIMIT));
    size_t at = c->count;
    while (at > 0 && c->ranks[at - 1] > rank)
        at--;
    if (at >= DIDYOUMEAN_HINTS)
        return;
    size_t last = c->count < DIDYOUMEAN_HINTS ? c->count : DIDYOUMEAN_HINTS - 1;
    for (size_t k = last; k > at; k--) {
        c->names[k] = c->names[k - 1];
        c->ranks[k] = c->ranks[k - 1];
    }
    c->names[at] = name;
    c->ranks[at] = rank;
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
