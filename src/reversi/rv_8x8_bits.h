/*
 * Internal: the 8x8 move generator and flipper, inline for the hot loops
 * (perft, the endgame solver).  rv_moves and rv_flips in gts/reversi.h are
 * these behind a call.  The RV_INLINE functions are compiled by nvcc for
 * the 8x8 kernels too (src/reversi/gpu/), and by the C compiler for their
 * CPU executor.
 */
#ifndef GTS_RV_BITS_H
#define GTS_RV_BITS_H

#include <stdint.h>
#include <string.h>

#ifdef __CUDACC__
#define RV_INLINE static inline __host__ __device__
#else
#define RV_INLINE static inline
#endif

RV_INLINE int rv_popcount(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return __popcll(x);
#else
    return __builtin_popcountll(x);
#endif
}

/* The lowest set square of x (not 0). */
RV_INLINE int rv_first_square(uint64_t x)
{
#ifdef __CUDA_ARCH__
    return __ffsll((long long)x) - 1;
#else
    return __builtin_ctzll(x);
#endif
}

/* The four lines through each square, its row, column, diagonal (a1-h8
 * direction) and anti-diagonal (h1-a8 direction), in two halves without
 * the square: [0] the squares above it (towards bit 63), [1] below. */
extern const uint64_t rv_half_lines[64][2][4];

/* The runs of o next to seed along a direction pair d (1, 8, 7 or 9
 * squares apart): towards bit 63 into *up, towards bit 0 into *down.  A
 * parallel prefix: runs grow by 1, 1, 2 and 2 squares (at most six in a
 * row on 8x8), in four steps instead of six; o is masked by the caller so
 * that a run cannot wrap from file H to file A. */
RV_INLINE void rv_runs(uint64_t seed, uint64_t o, int d, uint64_t *up, uint64_t *down)
{
    uint64_t u = o & (seed << d), w = o & (seed >> d);
    u |= o & (u << d);
    w |= o & (w >> d);
    const uint64_t pair_up = o & (o << d), pair_down = pair_up >> d;
    u |= pair_up & (u << 2 * d);
    w |= pair_down & (w >> 2 * d);
    u |= pair_up & (u << 2 * d);
    w |= pair_down & (w >> 2 * d);
    *up = u;
    *down = w;
}

/* Legal moves: the squares past each run of opponent discs next to mine. */
RV_INLINE uint64_t rv_moves_line(uint64_t me, uint64_t o, int d)
{
    uint64_t up, down;
    rv_runs(me, o, d, &up, &down);
    return (up << d) | (down >> d);
}

RV_INLINE uint64_t rv_moves_scalar(uint64_t me, uint64_t opp)
{
    const uint64_t inner = opp & 0x7e7e7e7e7e7e7e7eULL;
    const uint64_t moves = rv_moves_line(me, inner, 1) | rv_moves_line(me, opp, 8) | rv_moves_line(me, inner, 7) |
                           rv_moves_line(me, inner, 9);
    return moves & ~(me | opp);
}

/* The discs a move at the empty square sq flips, without rv_half_lines
 * (a table the device would read at divergent addresses): the runs of
 * opponent discs next to sq flip where my disc ends them. */
RV_INLINE uint64_t rv_flips_run(uint64_t me, uint64_t o, uint64_t x, int d)
{
    uint64_t up, down;
    rv_runs(x, o, d, &up, &down);
    return (me & (up << d) ? up : 0) | (me & (down >> d) ? down : 0);
}

RV_INLINE uint64_t rv_flips_shift(uint64_t me, uint64_t opp, int sq)
{
    const uint64_t x = (uint64_t)1 << sq, inner = opp & 0x7e7e7e7e7e7e7e7eULL;
    return rv_flips_run(me, inner, x, 1) | rv_flips_run(me, opp, x, 8) | rv_flips_run(me, inner, x, 7) |
           rv_flips_run(me, inner, x, 9);
}

#if defined(__AVX2__) && !defined(__CUDACC__)
/* The same with the four direction pairs in the four lanes of a vector
 * (GCC/Clang vector extensions: one AVX2 instruction per step). */
typedef uint64_t rv_v4 __attribute__((vector_size(32)));

static inline uint64_t rv_moves_vector(uint64_t me, uint64_t opp)
{
    const rv_v4 step = { 1, 8, 7, 9 }, step2 = { 2, 16, 14, 18 };
    const rv_v4 mask = { 0x7e7e7e7e7e7e7e7eULL, ~0ULL, 0x7e7e7e7e7e7e7e7eULL, 0x7e7e7e7e7e7e7e7eULL };
    const rv_v4 m = { me, me, me, me };
    const rv_v4 o = (rv_v4){ opp, opp, opp, opp } & mask;
    rv_v4 up = o & (m << step), down = o & (m >> step);
    up |= o & (up << step);
    down |= o & (down >> step);
    const rv_v4 pair_up = o & (o << step), pair_down = pair_up >> step;
    up |= pair_up & (up << step2);
    down |= pair_down & (down >> step2);
    up |= pair_up & (up << step2);
    down |= pair_down & (down >> step2);
    const rv_v4 t = (up << step) | (down >> step);
    return (t[0] | t[1] | t[2] | t[3]) & ~(me | opp);
}
#endif

/* The discs a move at the empty square sq flips.  Along each half-line
 * from sq, the nearest square that is not the opponent's ends the run: if
 * it is mine, the squares before it flip.  Upwards (towards bit 63) it is
 * the lowest bit of the half-line's non-opponent squares, downwards the
 * highest. */
static inline uint64_t rv_flips_scalar(uint64_t me, uint64_t opp, int sq)
{
    uint64_t flips = 0;
    for (int i = 0; i < 4; i++) {
        const uint64_t hi = rv_half_lines[sq][0][i], lo = rv_half_lines[sq][1][i];
        const uint64_t up_end = hi & ~opp;
        const uint64_t up = up_end & -up_end & me;
        flips |= (up - (up != 0)) & hi;
        /* The "| 1" keeps clz defined; bit 0 is never mine on an all-opponent
         * half-line that reaches it, and is masked off by lo otherwise. */
        const uint64_t down = (0x8000000000000000ULL >> __builtin_clzll((lo & ~opp) | 1)) & me & lo;
        flips |= -(down << 1) & lo;
    }
    return flips;
}

#if defined(__AVX2__) && !defined(__CUDACC__)
/* The same with the four lines in the four lanes.  With no leading-zero
 * count on AVX2 lanes, the highest non-opponent square below sq is found
 * by smearing it down the line (steps of 1, 2 and 4 squares cover the
 * seven a line can have) and keeping the one square whose neighbour above
 * is not in the smear. */
static inline uint64_t rv_flips_vector(uint64_t me, uint64_t opp, int sq)
{
    const rv_v4 step = { 1, 8, 9, 7 }, step2 = { 2, 16, 18, 14 }, step4 = { 4, 32, 36, 28 };
    rv_v4 hi, lo;
    memcpy(&hi, rv_half_lines[sq][0], sizeof hi);
    memcpy(&lo, rv_half_lines[sq][1], sizeof lo);
    const rv_v4 not_opp = ~(rv_v4){ opp, opp, opp, opp }, mine = { me, me, me, me };
    const rv_v4 up_end = hi & not_opp;
    const rv_v4 up = up_end & -up_end & mine;
    /* (up != 0) is -1 in the lanes where the run ends on my disc. */
    const rv_v4 up_flips = (up + (rv_v4)(up != 0)) & hi;
    rv_v4 smear = lo & not_opp;
    smear |= smear >> step;
    smear |= smear >> step2;
    smear |= smear >> step4;
    const rv_v4 down = smear & ~(smear >> step) & mine;
    const rv_v4 f = up_flips | (lo & ~smear & (rv_v4)(down != 0));
    return f[0] | f[1] | f[2] | f[3];
}
#define rv_moves_fast rv_moves_vector
#define rv_flips_fast rv_flips_vector
#else
#define rv_moves_fast rv_moves_scalar
#define rv_flips_fast rv_flips_scalar
#endif

#endif
