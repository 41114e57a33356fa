/* A fixed pseudo-random sequence for tests that draw many inputs: the same on every machine and every run, so a
 * failure repeats. xorshift64* (Vigna, "An experimental exploration of Marsaglia's xorshift generators", 2016). */
#ifndef GPUREC_TEST_RANDOM_H
#define GPUREC_TEST_RANDOM_H

#include <stdint.h>

/* Restarts the sequence from seed (not 0). Each test that draws calls it first. */
void test_random_seed(uint64_t seed);
/* The next 64 random bits. */
uint64_t test_random_next(void);
/* A double in [0, 1) with 53 random bits. */
double test_random_unit(void);

#endif
