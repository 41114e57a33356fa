#include "random.h"

static uint64_t state = 0x9E3779B97F4A7C15ULL; /* one test process draws from one thread */

void test_random_seed(uint64_t seed)
{
    state = seed ? seed : 0x9E3779B97F4A7C15ULL;
}

uint64_t test_random_next(void)
{
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
}

double test_random_unit(void)
{
    return (double)(test_random_next() >> 11) / 9007199254740992.0; /* / 2^53 */
}
