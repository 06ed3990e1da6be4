/*
 * Internal: the last two empties of an 8x8 game, written once for the CPU
 * endgame solver (rv_endgame_last.c) and the GPU batch solver's lanes
 * (gpu/rv8_solve_core.h), which nvcc compiles for the device and the C
 * compiler for its CPU executor.  The last move is counted, not played.
 *
 * Only how a move's flips are found differs.  On the host: rv_flips_fast,
 * a move skipped at once when no opponent's disc is next to it (a table
 * of neighbours), and the last empty's flips counted from line tables
 * (rv_8x8_last.c; rv_last_init must have run).  On the device, flips by
 * shifts alone: a table would be read at divergent addresses by a warp's
 * lanes (rv_8x8_bits.h).  Shared, the host lost no speed (fforum-20-39,
 * one thread: median CPU time 4.83 s before, 4.86 s after, within the
 * runs' noise; 0.7% fewer instructions where last2 is inlined:
 * docs/notes/reversi_endgame.md).
 */
#ifndef GTS_RV_8X8_LAST_H
#define GTS_RV_8X8_LAST_H

#include <stdbool.h>

#include "reversi/rv_8x8_bits.h"

/* The score when neither side can move: disc difference, the empty
 * squares to the winner. */
RV_INLINE int rv_last_final(uint64_t me, uint64_t opp)
{
    const int m = rv_popcount(me), o = rv_popcount(opp), e = 64 - m - o;
    return m > o ? m - o + e : m < o ? m - o - e : 0;
}

#ifdef __CUDA_ARCH__
RV_INLINE bool rv_last_near(uint64_t discs, int sq)
{
    (void)discs, (void)sq;
    return true;
}

RV_INLINE uint64_t rv_last_flips(uint64_t me, uint64_t opp, int sq)
{
    return rv_flips_shift(me, opp, sq);
}

RV_INLINE int rv_last_count(uint64_t me, uint64_t opp, int sq)
{
    return rv_popcount(rv_flips_shift(me, opp, sq));
}
#else
/* The tables are the library's own (hidden): read at a fixed offset from
 * the code, as when they were static in rv_endgame_last.c, not through
 * the global offset table that the position-independent library goes
 * through for an extern table.  Instructions (callgrind, fforum-1-19, one
 * thread): 510.67 M before the sharing, 509.83 M shared through the
 * table, 510.67 M hidden; wall times on the device host alike within its
 * noise (bench/ab_speed.sh, 9 rounds: fforum-20-39 minimum 4,395 ms
 * before, 4,284 ms after).
 *
 * The squares around each square (rv_8x8_last.c). */
#define RV_LAST_TABLE __attribute__((visibility("hidden")))
extern RV_LAST_TABLE const uint64_t rv_last_neighbours[64];

/* [i][line]: how many discs a move at square i of an 8-square line flips
 * when `line` holds the mover's discs and every other square but i is the
 * opponent's: with one empty left, the board is full around it.  A
 * diagonal's squares are indexed by file; the squares off the diagonal
 * read as the opponent's, past its end, where no disc of the mover can
 * close a run.  Filled by rv_last_init (idempotent, thread-safe). */
extern RV_LAST_TABLE uint8_t rv_last_line_count[8][256];
void rv_last_init(void);

/* Whether discs has one next to sq: a move there may flip some. */
static inline bool rv_last_near(uint64_t discs, int sq)
{
    return rv_last_neighbours[sq] & discs;
}

static inline uint64_t rv_last_flips(uint64_t me, uint64_t opp, int sq)
{
    return rv_flips_fast(me, opp, sq);
}

/* The discs that `me` flips by playing sq, the last empty square (the
 * other squares all taken, so opp is the rest): the four lines' contents
 * gathered into bytes (a row by a shift, a column and diagonals by a
 * multiply) count them. */
static inline int rv_last_count(uint64_t me, uint64_t opp, int sq)
{
    const int file = sq & 7, rank = sq >> 3;
    const unsigned row = (unsigned)(me >> (sq & 56)) & 255;
    const unsigned col = (unsigned)((((me >> file) & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56);
    const uint64_t *above = rv_half_lines[sq][0], *below = rv_half_lines[sq][1];
    const unsigned diag = (unsigned)(((me & (above[2] | below[2])) * 0x0101010101010101ULL) >> 56);
    const unsigned anti = (unsigned)(((me & (above[3] | below[3])) * 0x0101010101010101ULL) >> 56);
    (void)opp;
    return rv_last_line_count[file][row] + rv_last_line_count[rank][col] + rv_last_line_count[file][diag] +
           rv_last_line_count[file][anti];
}
#endif

/* One empty square sq: I play it if I can, else the opponent does, else
 * the game ends with it going to the winner.  My discs are 63 minus the
 * opponent's, so the difference before the move is 2 * mine - 63. */
RV_INLINE int rv_last1(uint64_t me, uint64_t opp, int sq)
{
    const int diff = 2 * rv_popcount(me) - 63;
    int n = rv_last_count(me, opp, sq);
    if (n)
        return diff + 1 + 2 * n;
    n = rv_last_count(opp, me, sq);
    if (n)
        return diff - 1 - 2 * n;
    return diff > 0 ? diff + 1 : diff - 1;
}

/* Two empties, a and b: the one left after each move is counted by
 * rv_last1.  The opponent's moves after my pass are scored from my side. */
RV_INLINE int rv_last2(uint64_t me, uint64_t opp, int beta, int a, int b)
{
    const uint64_t bit_a = (uint64_t)1 << a, bit_b = (uint64_t)1 << b;
    int best = -65;
    uint64_t f;
    if (rv_last_near(opp, a) && (f = rv_last_flips(me, opp, a))) {
        best = -rv_last1(opp & ~f, me | f | bit_a, b);
        if (best >= beta)
            return best;
    }
    if (rv_last_near(opp, b) && (f = rv_last_flips(me, opp, b))) {
        const int v = -rv_last1(opp & ~f, me | f | bit_b, a);
        return v > best ? v : best;
    }
    if (best > -65)
        return best;
    /* I pass: the opponent takes the lower of its two moves' results. */
    int worst = 65;
    if (rv_last_near(me, a) && (f = rv_last_flips(opp, me, a)))
        worst = rv_last1(me & ~f, opp | f | bit_a, b);
    if (rv_last_near(me, b) && (f = rv_last_flips(opp, me, b))) {
        const int v = rv_last1(me & ~f, opp | f | bit_b, a);
        worst = v < worst ? v : worst;
    }
    return worst < 65 ? worst : rv_last_final(me, opp);
}

#endif
