/*
 * Move generation on boards of two or more words (one word is rv_moves),
 * and the mobility counts and game's end made from it.
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
#include "reversi/wxh/rv_wxh_gen.h"

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

bool rvb_game_over(const rvb *b)
{
    return rvb_mobility(b, false) == 0 && rvb_mobility(b, true) == 0;
}
