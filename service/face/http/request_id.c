#include "face/http/request_id.h"

#include <ctype.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void request_id_choose(const char *given, char id[REQUEST_ID_SIZE])
{
    if (given != NULL) {
        size_t len = strlen(given);
        bool valid = len > 0 && len < REQUEST_ID_SIZE;
        for (size_t i = 0; valid && i < len; i++)
            valid = isalnum((unsigned char)given[i]) || given[i] == '-' || given[i] == '_' || given[i] == '.';
        if (valid) {
            memcpy(id, given, len + 1);
            return;
        }
    }
    /* unique per process run: start time, then a counter */
    static atomic_uint_fast64_t counter;
    static atomic_uint_fast64_t process_tag;
    uint64_t tag = atomic_load(&process_tag);
    if (tag == 0) {
        uint64_t fresh = ((uint64_t)time(NULL) << 20) ^ (uint64_t)getpid();
        uint_fast64_t expected = 0;
        atomic_compare_exchange_strong(&process_tag, &expected, fresh);
        tag = atomic_load(&process_tag);
    }
    /* "%012llx-%08llx" by hand: every request pays for it */
    static const char hex[] = "0123456789abcdef";
    uint64_t process_part = tag & 0xffffffffffffULL, count = atomic_fetch_add(&counter, 1);
    for (int i = 11; i >= 0; i--, process_part >>= 4)
        id[i] = hex[process_part & 0xF];
    id[12] = '-';
    int count_digits = 8;
    for (uint64_t rest = count >> 32; rest != 0; rest >>= 4)
        count_digits++;
    for (int i = 12 + count_digits; i > 12; i--, count >>= 4)
        id[i] = hex[count & 0xF];
    id[13 + count_digits] = '\0';
}
