/* The Reversi side of a split search (gts/reversi.h): the children the
 * split walks, in the order its young-brothers-wait wants, the likely
 * best first. */
#include "gts/reversi.h"

int rv_split_children(const rv_pos *p, rv_pos kids[RV_MAX_MOVES], int moves[RV_MAX_MOVES])
{
    uint64_t legal = rv_moves(p->me, p->opp);
    if (!legal) {
        if (!rv_moves(p->opp, p->me))
            return 0;
        kids[0] = (rv_pos){ p->opp, p->me };
        moves[0] = RV_PASS;
        return 1;
    }
    int n = 0, key[RV_MAX_MOVES];
    for (; legal; legal &= legal - 1) {
        const int sq = __builtin_ctzll(legal);
        rv_pos q = *p;
        rv_play(&q, sq, rv_flips(p->me, p->opp, sq));
        /* Fastest first: the opponent's replies, a corner a reply less. */
        const int k = 2 * __builtin_popcountll(rv_moves(q.me, q.opp)) - (((0x8100000000000081ULL >> sq) & 1) ? 2 : 0);
        int i = n++;
        for (; i > 0 && key[i - 1] > k; i--)
            kids[i] = kids[i - 1], moves[i] = moves[i - 1], key[i] = key[i - 1];
        kids[i] = q, moves[i] = sq, key[i] = k;
    }
    return n;
}
