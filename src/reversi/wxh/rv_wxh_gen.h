/*
 * Internal: the move generator's pieces on boards of two or more words
 * (rv_wxh_moves.c says how they fit), shared by the whole-board generator
 * and the incremental one of rv_wxh_frontier.c.  Inline, with the width a
 * constant at each use, so that the shifts are by constant steps.
 */
#ifndef GTS_RV_WXH_GEN_H
#define GTS_RV_WXH_GEN_H

#include <stdbool.h>
#include <stdint.h>

#define INLINE static inline __attribute__((always_inline))

/* Squares of column 0 in a word (one bit per row it holds). */
INLINE uint64_t first_column(int width)
{
    uint64_t m = 0;
    for (int i = 0; i < 64; i += width)
        m |= (uint64_t)1 << i;
    return m;
}

INLINE int log2i(int n)
{
    return __builtin_ctz((unsigned)n);
}

/* Word i of an array shifted by k <= 65 squares, towards higher squares
 * (hi) or lower, from word i itself (cur) and the word the bits come from
 * (from: i - 1 going up, i + 1 going down), and the direction's mask of
 * squares that the step reaches without wrapping.  At k = 65 a bit also
 * comes from two words away, but it lands on a column that the mask
 * drops.  The mask is applied to each part so that the compiler drops a
 * part it empties (at k = 63 on a 64-wide board, the bits that stay in
 * the word). */
INLINE uint64_t shift(uint64_t cur, uint64_t from, const int k, const uint64_t mask, const bool hi)
{
    if (k < 64)
        return hi ? ((cur << k) & mask) | ((from >> (64 - k)) & mask)
                  : ((cur >> k) & mask) | ((from << (64 - k)) & mask);
    return (hi ? from << (k - 64) : from >> (k - 64)) & mask;
}

/* The runs g grown through pro (opponent discs where the step does not
 * wrap) inside one word: Kogge-Stone, 2^steps squares. */
INLINE uint64_t spread(uint64_t g, uint64_t pro, const int k, const int steps, const bool hi)
{
    for (int s = 0; s < steps; s++) {
        const int d = k << s;
        g |= pro & (hi ? g << d : g >> d);
        pro &= hi ? pro << d : pro >> d;
    }
    return g;
}

/* One word of one direction (step k, wrap mask, in-word fill steps): the
 * opponent discs on runs from one of mine that enter the word from its
 * neighbour (from_me: my discs there; *run: the runs there, replaced by
 * this word's) or start inside it.  Returns the moves they end on here. */
INLINE uint64_t step(uint64_t me, uint64_t from_me, uint64_t opp, uint64_t empty, uint64_t *run, const int k,
                     const uint64_t mask, const int steps, const bool hi)
{
    const uint64_t pro = opp & mask;
    const uint64_t g = spread(shift(me, from_me | *run, k, mask, hi) & opp, pro, k, steps, hi);
    const uint64_t moves = shift(g, *run, k, mask, hi) & empty;
    *run = g;
    return moves;
}

/* The runs of the three row-crossing directions that point one way (hi:
 * towards higher squares) for one side, carried between words. */
typedef struct runs {
    uint64_t straight, plus, minus;   /* step width, width + 1, width - 1 */
} runs;

/* Word i's moves for one side in the three directions of one way. */
INLINE uint64_t cross_rows(uint64_t me, uint64_t from_me, uint64_t opp, uint64_t empty, runs *r, const int width,
                           const bool hi)
{
    const uint64_t col0 = first_column(width), not_first = ~col0, not_last = ~(col0 << (width - 1));
    /* Going up, +1 moves right (column 0 cannot be reached), -1 left. */
    const uint64_t plus_mask = hi ? not_first : not_last, minus_mask = hi ? not_last : not_first;
    const int steps = 6 - log2i(width);
    return step(me, from_me, opp, empty, &r->straight, width, ~0ULL, steps, hi) |
           step(me, from_me, opp, empty, &r->plus, width + 1, plus_mask, steps, hi) |
           step(me, from_me, opp, empty, &r->minus, width - 1, minus_mask, steps, hi);
}

/* Along the row, both ways, in one word.  Towards higher bits (east) the
 * carry of an addition runs through a run of opponent discs at once: it
 * enters at the run's first square, next to one of mine, and comes out
 * on the square after its last; opponent discs of column 0 are left out
 * so that it stops at the end of a row, and the square it comes out on
 * must be empty and not in column 0. */
INLINE uint64_t along_row(uint64_t me, uint64_t opp, const int width)
{
    const uint64_t col0 = first_column(width), not_first = ~col0, not_last = ~(col0 << (width - 1));
    const uint64_t empty = ~(me | opp), pro = opp & not_first;
    const uint64_t east = (pro + ((me << 1) & pro)) & empty & not_first;
    uint64_t west = 0;
    return east | step(me, 0, opp, empty, &west, 1, not_last, log2i(width), false);
}

#endif
