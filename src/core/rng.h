/* splitmix64: the seeded generator of every game's random play (Gomoku
 * openings, Reversi positions, the tests), our own so that a seed gives
 * the same sequence with every C library. */
#ifndef GTS_CORE_RNG_H
#define GTS_CORE_RNG_H

#include <stdint.h>

/* The next number of the sequence *state holds (any value is a seed). */
static inline uint64_t gts_splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

#endif
