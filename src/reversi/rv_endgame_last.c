/*
 * The last few empties of a Reversi endgame: no move lists, no table, no
 * ordering beyond parity.  The legal moves are tried in board order, those
 * in quadrants with an odd number of empties first: there the side to move
 * tends to get the region's last disc.  One function body is compiled for
 * each number of empties (3 to 5), each calling the next smaller straight
 * away; two empties and one are solved by the code the GPU batch solver
 * shares (rv_8x8_last.h: the last move counted, not played).
 */
#include "reversi/rv_endgame.h"
#include "reversi/rv_8x8_last.h"

/* Two empties: rv_last2, counted as a node. */
static inline int last2(rv_eg_thread *t, uint64_t me, uint64_t opp, int beta, int a, int b)
{
    t->nodes++;
    return rv_last2(me, opp, beta, a, b);
}

/* The squares of the quadrants with an odd number of empties, by the
 * quadrants' bits (so odd_squares[1 << q] is quadrant q). */
static const uint64_t odd_squares[16] = {
    0x0000000000000000ULL, 0x000000000f0f0f0fULL, 0x00000000f0f0f0f0ULL, 0x00000000ffffffffULL,
    0x0f0f0f0f00000000ULL, 0x0f0f0f0f0f0f0f0fULL, 0x0f0f0f0ff0f0f0f0ULL, 0x0f0f0f0fffffffffULL,
    0xf0f0f0f000000000ULL, 0xf0f0f0f00f0f0f0fULL, 0xf0f0f0f0f0f0f0f0ULL, 0xf0f0f0f0ffffffffULL,
    0xffffffff00000000ULL, 0xffffffff0f0f0f0fULL, 0xfffffffff0f0f0f0ULL, 0xffffffffffffffffULL,
};

static int solve3(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, unsigned odd);
static int solve4(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, unsigned odd);
static int solve5(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, unsigned odd);
_Static_assert(RV_EG_LAST_EMPTIES <= 5, "rv_eg_last solves at most 5 empties");

/* n empties (2 to 5); odd: the quadrants with an odd number of them, one
 * bit each, kept as squares are filled. */
static inline int solve_n(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, unsigned odd, int n)
{
    switch (n) {
    case 2: {
        const uint64_t empty = ~(me | opp);
        return last2(t, me, opp, beta, __builtin_ctzll(empty), 63 - __builtin_clzll(empty));
    }
    case 3:
        return solve3(t, me, opp, alpha, beta, odd);
    case 4:
        return solve4(t, me, opp, alpha, beta, odd);
    default:
        return solve5(t, me, opp, alpha, beta, odd);
    }
}

/* n (3 to 5) empties; one body compiled for each n, so that each call
 * goes straight to the next size.  The moves in odd quadrants come first,
 * in board order within each group. */
static inline __attribute__((always_inline)) int solve(rv_eg_thread *t, uint64_t me, uint64_t opp, uint64_t moves,
                                                       int alpha, int beta, unsigned odd, const int n)
{
    t->nodes++;
    if (!moves)
        return rv_moves_fast(opp, me) ? -solve_n(t, opp, me, -beta, -alpha, odd, n) : rv_eg_final(me, opp);
    int best = -65;
    const uint64_t group[2] = { moves & odd_squares[odd], moves & ~odd_squares[odd] };
    for (int g = 0; g < 2; g++)
        for (uint64_t m = group[g]; m; m &= m - 1) {
            const int s = __builtin_ctzll(m);
            const uint64_t flips = rv_flips_fast(me, opp, s);
            const int v = -solve_n(t, opp & ~flips, me | flips | (m & -m), -beta, -alpha, odd ^ 1u << rv_eg_quadrant(s),
                                   n - 1);
            if (v > best) {
                best = v;
                if (v >= beta)
                    return v;
                if (v > alpha)
                    alpha = v;
            }
        }
    return best;
}

static int solve3(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, unsigned odd)
{
    return solve(t, me, opp, rv_moves_fast(me, opp), alpha, beta, odd, 3);
}

static int solve4(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, unsigned odd)
{
    return solve(t, me, opp, rv_moves_fast(me, opp), alpha, beta, odd, 4);
}

static int solve5(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, unsigned odd)
{
    return solve(t, me, opp, rv_moves_fast(me, opp), alpha, beta, odd, 5);
}

int rv_eg_last(rv_eg_thread *t, uint64_t me, uint64_t opp, uint64_t moves, int alpha, int beta)
{
    const uint64_t empty = ~(me | opp);
    unsigned odd = 0;
    for (int q = 0; q < 4; q++)
        odd |= (__builtin_popcountll(empty & rv_eg_quadrant_squares(q)) & 1u) << q;
    /* Each node is counted once: here only where no solver below counts it. */
    switch (__builtin_popcountll(empty)) {
    case 0:
        t->nodes++;
        return rv_eg_final(me, opp);
    case 1:
        t->nodes++;
        return rv_last1(me, opp, __builtin_ctzll(empty));
    case RV_EG_LAST_EMPTIES:
        /* The usual case, a child of the search: the moves are known. */
        return solve(t, me, opp, moves, alpha, beta, odd, RV_EG_LAST_EMPTIES);
    default:
        return solve_n(t, me, opp, alpha, beta, odd, __builtin_popcountll(empty));
    }
}
