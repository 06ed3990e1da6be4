/*
 * Move generation on boards of two or more words (one word is rv_moves).
 *
 * A move ends a run of opponent discs that starts next to one of mine, in
 * one of eight directions.  On large boards runs are long (a full 64x64
 * board has runs of dozens of squares), so growing them one square per
 * round over the whole array costs many passes.  Instead the words are
 * visited once in each order:
 *
 *  - along a row, runs never leave their word: each word on its own, west
 *    by an occluded (Kogge-Stone) fill in log2(width) steps, east by the
 *    carry of an addition, a loop over independent words that the
 *    compiler vectorises;
 *  - the six other directions step by width - 1, width or width + 1
 *    squares, at most one word and a bit, so a run entering word i comes
 *    from word i - 1 only (going towards higher squares; i + 1 going
 *    down): one ascending pass carries the three downward-moving runs from
 *    word to word, one descending pass the other three, each word's own
 *    rows being filled in log2(rows per word) steps.
 *
 * Both sides' moves are made in the same passes when both are wanted (the
 * leaf evaluation's mobility): twice the independent work per word, which
 * the processor overlaps.
 */
#include <string.h>

#include "gts/reversi_board.h"

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

/* The moves of a (against b) in words lo..hi into ma, and when both, of
 * b against a into mb; returns a's count, *nb b's. */
INLINE int generate(const uint64_t *a, const uint64_t *b, int lo, int hi, uint64_t *ma, uint64_t *mb, int *nb,
                    const int width, const bool both)
{
    for (int i = lo; i <= hi; i++) {
        ma[i] = along_row(a[i], b[i], width);
        if (both)
            mb[i] = along_row(b[i], a[i], width);
    }
    runs ra = { 0, 0, 0 }, rb = { 0, 0, 0 };
    uint64_t from_a = 0, from_b = 0;
    for (int i = lo; i <= hi; i++) {
        const uint64_t empty = ~(a[i] | b[i]);
        ma[i] |= cross_rows(a[i], from_a, b[i], empty, &ra, width, true);
        if (both)
            mb[i] |= cross_rows(b[i], from_b, a[i], empty, &rb, width, true);
        from_a = a[i];
        from_b = b[i];
    }
    ra = rb = (runs){ 0, 0, 0 };
    from_a = from_b = 0;
    int na = 0;
    *nb = 0;
    for (int i = hi; i >= lo; i--) {
        const uint64_t empty = ~(a[i] | b[i]);
        ma[i] |= cross_rows(a[i], from_a, b[i], empty, &ra, width, false);
        na += __builtin_popcountll(ma[i]);
        if (both) {
            mb[i] |= cross_rows(b[i], from_b, a[i], empty, &rb, width, false);
            *nb += __builtin_popcountll(mb[i]);
        }
        from_a = a[i];
        from_b = b[i];
    }
    return na;
}

/* The words a move can be in: those with discs and one more each side (a
 * move touches a disc, at most width + 1 <= 65 squares away). */
static void move_span(const rvb *b, int *lo, int *hi)
{
    rvb_span(b, lo, hi);
    if (*lo > *hi)
        return;
    if (*lo > 0)
        --*lo;
    if (*hi < b->words - 1)
        ++*hi;
}

/* generate() with the width a constant: shifts by constant steps. */
static int moves_of(const uint64_t *a, const uint64_t *b, int width, int lo, int hi, uint64_t *ma, uint64_t *mb,
                    int *nb, bool both)
{
    switch (width * 2 + both) {
    case 16: return generate(a, b, lo, hi, ma, mb, nb, 8, false);
    case 17: return generate(a, b, lo, hi, ma, mb, nb, 8, true);
    case 32: return generate(a, b, lo, hi, ma, mb, nb, 16, false);
    case 33: return generate(a, b, lo, hi, ma, mb, nb, 16, true);
    case 64: return generate(a, b, lo, hi, ma, mb, nb, 32, false);
    case 65: return generate(a, b, lo, hi, ma, mb, nb, 32, true);
    case 128: return generate(a, b, lo, hi, ma, mb, nb, 64, false);
    default: return generate(a, b, lo, hi, ma, mb, nb, 64, true);
    }
}

int rvb_moves(const rvb *b, uint64_t *moves)
{
    if (b->words == 1) {
        moves[0] = rv_moves(b->me[0], b->opp[0]);
        return __builtin_popcountll(moves[0]);
    }
    memset(moves, 0, (size_t)b->words * sizeof *moves);
    int lo, hi, unused;
    move_span(b, &lo, &hi);
    return moves_of(b->me, b->opp, b->width, lo, hi, moves, NULL, &unused, false);
}

void rvb_mobilities(const rvb *b, int *mine, int *theirs)
{
    if (b->words == 1) {
        *mine = __builtin_popcountll(rv_moves(b->me[0], b->opp[0]));
        *theirs = __builtin_popcountll(rv_moves(b->opp[0], b->me[0]));
        return;
    }
    uint64_t ma[RVB_MAX_WORDS], mb[RVB_MAX_WORDS];
    int lo, hi;
    move_span(b, &lo, &hi);
    *mine = moves_of(b->me, b->opp, b->width, lo, hi, ma, mb, theirs, true);
}

int rvb_mobility(const rvb *b, bool of_opponent)
{
    const uint64_t *me = of_opponent ? b->opp : b->me, *opp = of_opponent ? b->me : b->opp;
    if (b->words == 1)
        return __builtin_popcountll(rv_moves(me[0], opp[0]));
    uint64_t moves[RVB_MAX_WORDS];
    int lo, hi, unused;
    move_span(b, &lo, &hi);
    return moves_of(me, opp, b->width, lo, hi, moves, NULL, &unused, false);
}

int rvb_move_list(const rvb *b, int *out)
{
    uint64_t moves[RVB_MAX_WORDS];
    rvb_moves(b, moves);
    int n = 0;
    for (int i = 0; i < b->words; i++)
        for (uint64_t m = moves[i]; m; m &= m - 1)
            out[n++] = i * 64 + __builtin_ctzll(m);
    return n;
}
