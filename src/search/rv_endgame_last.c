/*
 * The last few empties of a Reversi endgame: no move lists, no table, no
 * ordering beyond parity.  The empty squares are a short list; each is
 * tried in turn (those without an opponent neighbour skipped at once), the
 * ones in quadrants with an odd number of empties first: there the side to
 * move tends to get the region's last disc.  With one empty the score is
 * counted from the flips without playing the move.
 */
#include "rv_endgame.h"
#include "../games/reversi/rv_bits.h"

/* The squares around each square. */
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

/* The quadrant (a1-d4 0, e1-h4 1, a5-d8 2, e5-h8 3) of a square. */
static inline int quadrant(int sq)
{
    return ((sq >> 4) & 2) | ((sq >> 2) & 1);
}

/* One empty square: I play it if I can, else the opponent does, else the
 * game ends with it going to the winner.  My discs are 63 minus the
 * opponent's, so the difference before the move is 2 * mine - 63. */
static int last1(uint64_t me, uint64_t opp, int sq)
{
    const int diff = 2 * __builtin_popcountll(me) - 63;
    int n = __builtin_popcountll(rv_flips_fast(me, opp, sq));
    if (n)
        return diff + 1 + 2 * n;
    n = __builtin_popcountll(rv_flips_fast(opp, me, sq));
    if (n)
        return diff - 1 - 2 * n;
    return diff > 0 ? diff + 1 : diff - 1;
}

/* Two empties, a and b: the one left after each move is counted by
 * last1.  The opponent's moves after my pass are scored from my side. */
static int last2(rv_eg_thread *t, uint64_t me, uint64_t opp, int beta, int a, int b)
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

static bool can_move(uint64_t me, uint64_t opp, const uint8_t *sq, int n)
{
    for (int i = 0; i < n; i++)
        if ((neighbours[sq[i]] & opp) && rv_flips_fast(me, opp, sq[i]))
            return true;
    return false;
}

/* odd: the quadrants with an odd number of empties, one bit each; kept as
 * squares are filled. */
static int solve(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, const uint8_t *sq, int n,
                 unsigned odd)
{
    if (n == 2)
        return last2(t, me, opp, beta, sq[0], sq[1]);
    t->nodes++;
    int best = -65;
    uint8_t rest[RV_EG_LAST_EMPTIES];
    /* Pass 0 tries the squares of odd quadrants, pass 1 the others. */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < n; i++) {
            const int s = sq[i];
            if (((odd >> quadrant(s)) & 1) == (unsigned)pass || !(neighbours[s] & opp))
                continue;
            const uint64_t flips = rv_flips_fast(me, opp, s);
            if (!flips)
                continue;
            for (int j = 0, k = 0; j < n; j++)
                if (j != i)
                    rest[k++] = sq[j];
            const int v = -solve(t, opp & ~flips, me | flips | ((uint64_t)1 << s), -beta, -alpha, rest, n - 1,
                                 odd ^ 1u << quadrant(s));
            if (v > best) {
                best = v;
                if (v >= beta)
                    return v;
                if (v > alpha)
                    alpha = v;
            }
        }
    if (best > -65)
        return best;
    if (can_move(opp, me, sq, n))
        return -solve(t, opp, me, -beta, -alpha, sq, n, odd);
    return rv_eg_final(me, opp);
}

int rv_eg_last(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta)
{
    uint8_t sq[64];
    int n = 0;
    unsigned odd = 0;
    for (uint64_t e = ~(me | opp); e; e &= e - 1) {
        sq[n] = (uint8_t)__builtin_ctzll(e);
        odd ^= 1u << quadrant(sq[n++]);
    }
    t->nodes++;
    if (n == 0)
        return rv_eg_final(me, opp);
    if (n == 1)
        return last1(me, opp, sq[0]);
    return solve(t, me, opp, alpha, beta, sq, n, odd);
}
