/* The tests' seeded random generators: splitmix64, and the session tests'
 * LCG. */
#ifndef GTS_TESTS_RNG_H
#define GTS_TESTS_RNG_H

#include <stdint.h>

#include "core/rng.h"

/* splitmix64: small, seeded, the same everywhere. */
typedef struct test_rng {
    uint64_t s;
} test_rng;

static inline uint64_t rng_next(test_rng *r)
{
    return gts_splitmix64(&r->s);
}

/* Uniform in [0, n). */
static inline int rng_below(test_rng *r, int n)
{
    return (int)(rng_next(r) % (uint64_t)n);
}

/* The session tests' generator (test_nboard, test_pbrain): a 64-bit LCG
 * (Knuth's MMIX constants), its high 31 bits.  Their scripts' random games
 * ("random 3 12 pass": the first seed from 3 on that reaches a pass), free
 * cells and junk bytes come from its sequences, so it stays as it is. */
static inline uint64_t lcg_next(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

#endif
