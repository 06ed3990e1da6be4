/* The tests' seeded random generator (splitmix64), the same everywhere. */
#ifndef GTS_TESTS_RNG_H
#define GTS_TESTS_RNG_H

#include <stdint.h>

/* splitmix64: small, seeded, the same everywhere. */
typedef struct test_rng {
    uint64_t s;
} test_rng;

static inline uint64_t rng_next(test_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, n). */
static inline int rng_below(test_rng *r, int n)
{
    return (int)(rng_next(r) % (uint64_t)n);
}

#endif
