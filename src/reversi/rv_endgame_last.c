/*
 * The last few empties of a Reversi endgame: no move lists, no table, no
 * ordering beyond parity.  The legal moves are tried in board order, those
 * in quadrants with an odd number of empties first: there the side to move
 * tends to get the region's last disc.  One function body is compiled for
 * each number of empties (3 to 5), each calling the next smaller straight
 * away; two empties are solved by hand (last2), and with one the score is
 * counted from line tables without playing the move (last1).
 */
#include <pthread.h>

#include "reversi/rv_endgame.h"
#include "reversi/rv_8x8_bits.h"

/* The squares around each square: last2 skips a move with no opponent's
 * disc next to it before computing its flips. */
static const uint64_t neighbours[64] = {
    0x0000000000000302ULL, 0x0000000000000705ULL, 0x0000000000000e0aULL, 0x0000000000001c14ULL,
    0x0000000000003828ULL, 0x0000000000007050ULL, 0x000000000000e0a0ULL, 0x000000000000c040ULL,
    0x0000000000030203ULL, 0x0000000000070507ULL, 0x00000000000e0a0eULL, 0x00000000001c141cULL,
    0x0000000000382838ULL, 0x0000000000705070ULL, 0x0000000000e0a0e0ULL, 0x0000000000c040c0ULL,
    0x0000000003020300ULL, 0x0000000007050700ULL, 0x000000000e0a0e00ULL, 0x000000001c141c00ULL,
    0x0000000038283800ULL, 0x0000000070507000ULL, 0x00000000e0a0e000ULL, 0x00000000c040c000ULL,
    0x0000000302030000ULL, 0x0000000705070000ULL, 0x0000000e0a0e0000ULL, 0x0000001c141c0000ULL,
    0x0000003828380000ULL, 0x0000007050700000ULL, 0x000000e0a0e00000ULL, 0x000000c040c00000ULL,
    0x0000030203000000ULL, 0x0000070507000000ULL, 0x00000e0a0e000000ULL, 0x00001c141c000000ULL,
    0x0000382838000000ULL, 0x0000705070000000ULL, 0x0000e0a0e0000000ULL, 0x0000c040c0000000ULL,
    0x0003020300000000ULL, 0x0007050700000000ULL, 0x000e0a0e00000000ULL, 0x001c141c00000000ULL,
    0x0038283800000000ULL, 0x0070507000000000ULL, 0x00e0a0e000000000ULL, 0x00c040c000000000ULL,
    0x0302030000000000ULL, 0x0705070000000000ULL, 0x0e0a0e0000000000ULL, 0x1c141c0000000000ULL,
    0x3828380000000000ULL, 0x7050700000000000ULL, 0xe0a0e00000000000ULL, 0xc040c00000000000ULL,
    0x0203000000000000ULL, 0x0507000000000000ULL, 0x0a0e000000000000ULL, 0x141c000000000000ULL,
    0x2838000000000000ULL, 0x5070000000000000ULL, 0xa0e0000000000000ULL, 0x40c0000000000000ULL,
};

/* [i][line]: how many discs a move at square i of an 8-square line flips
 * when `line` holds the mover's discs and every other square but i is the
 * opponent's: with one empty left, the board is full around it.  A
 * diagonal's squares are indexed by file; the squares off the diagonal
 * read as the opponent's, past its end, where no disc of the mover can
 * close a run. */
static uint8_t line_count[8][256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void init_line_count(void)
{
    for (int i = 0; i < 8; i++)
        for (int line = 0; line < 256; line++) {
            int n = 0;
            for (int d = -1; d <= 1; d += 2) {
                int j = i + d;
                while (j >= 0 && j < 8 && !((line >> j) & 1))
                    j += d;
                if (j >= 0 && j < 8)
                    n += (j - i) * d - 1;
            }
            line_count[i][line] = (uint8_t)n;
        }
}

void rv_eg_last_init(void)
{
    pthread_once(&once, init_line_count);
}

/* The discs that `me` flips by playing sq, the last empty square (the
 * other squares all taken): the four lines' contents gathered into bytes
 * (a row by a shift, a column and diagonals by a multiply) count them. */
static inline int last_flips(uint64_t me, int sq)
{
    const int file = sq & 7, rank = sq >> 3;
    const unsigned row = (unsigned)(me >> (sq & 56)) & 255;
    const unsigned col = (unsigned)((((me >> file) & 0x0101010101010101ULL) * 0x0102040810204080ULL) >> 56);
    const uint64_t *above = rv_half_lines[sq][0], *below = rv_half_lines[sq][1];
    const unsigned diag = (unsigned)(((me & (above[2] | below[2])) * 0x0101010101010101ULL) >> 56);
    const unsigned anti = (unsigned)(((me & (above[3] | below[3])) * 0x0101010101010101ULL) >> 56);
    return line_count[file][row] + line_count[rank][col] + line_count[file][diag] + line_count[file][anti];
}

/* One empty square: I play it if I can, else the opponent does, else the
 * game ends with it going to the winner.  My discs are 63 minus the
 * opponent's, so the difference before the move is 2 * mine - 63. */
static inline int last1(uint64_t me, uint64_t opp, int sq)
{
    const int diff = 2 * __builtin_popcountll(me) - 63;
    int n = last_flips(me, sq);
    if (n)
        return diff + 1 + 2 * n;
    n = last_flips(opp, sq);
    if (n)
        return diff - 1 - 2 * n;
    return diff > 0 ? diff + 1 : diff - 1;
}

/* Two empties, a and b: the one left after each move is counted by
 * last1.  The opponent's moves after my pass are scored from my side. */
static inline int last2(rv_eg_thread *t, uint64_t me, uint64_t opp, int beta, int a, int b)
{
    t->nodes++;
    const uint64_t bit_a = (uint64_t)1 << a, bit_b = (uint64_t)1 << b;
    int best = -65;
    uint64_t f;
    if ((neighbours[a] & opp) && (f = rv_flips_fast(me, opp, a))) {
        best = -last1(opp & ~f, me | f | bit_a, b);
        if (best >= beta)
            return best;
    }
    if ((neighbours[b] & opp) && (f = rv_flips_fast(me, opp, b))) {
        const int v = -last1(opp & ~f, me | f | bit_b, a);
        return v > best ? v : best;
    }
    if (best > -65)
        return best;
    /* I pass: the opponent takes the lower of its two moves' results. */
    int worst = 65;
    if ((neighbours[a] & me) && (f = rv_flips_fast(opp, me, a)))
        worst = last1(me & ~f, opp | f | bit_a, b);
    if ((neighbours[b] & me) && (f = rv_flips_fast(opp, me, b))) {
        const int v = last1(me & ~f, opp | f | bit_b, a);
        worst = v < worst ? v : worst;
    }
    return worst < 65 ? worst : rv_eg_final(me, opp);
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
    t->nodes++;
    switch (__builtin_popcountll(empty)) {
    case 0:
        return rv_eg_final(me, opp);
    case 1:
        return last1(me, opp, __builtin_ctzll(empty));
    case RV_EG_LAST_EMPTIES:
        /* The usual case, a child of the search: the moves are known. */
        return solve(t, me, opp, moves, alpha, beta, odd, RV_EG_LAST_EMPTIES);
    default:
        return solve_n(t, me, opp, alpha, beta, odd, __builtin_popcountll(empty));
    }
}
