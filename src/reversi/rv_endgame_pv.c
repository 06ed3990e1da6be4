/*
 * The principal variation of a solved position (rv_solver_pv): at each
 * ply the table's move when a search proves that it keeps the score,
 * else the first legal move that does.  Each proof is one search in the
 * window (v - 1, v + 1) around the child's score, on the table the solve
 * left: mostly settled by the entries at once near the root, a small
 * exact search where the table has none (the last empties never enter it).
 */
#include "reversi/rv_endgame.h"
#include "reversi/rv_endgame_pv.h"

/* Whether the side to move in p scores exactly v (fail-soft: a value
 * strictly inside the window is exact). */
static bool scores(rv_eg_thread *t, const rv_pos *p, int v)
{
    int best;
    return rv_eg_search(t, p->me, p->opp, v - 1, v + 1, &best) == v;
}

/* A move of p (moves: its legal ones) after which the opponent scores
 * -score, the table's first; RV_NO_MOVE if none (score is not p's). */
static int keeping(rv_eg_thread *t, const rv_pos *p, uint64_t moves, int score)
{
    const int first = rv_eg_table_move(t, p->me, p->opp);
    uint64_t tried = 0;
    if (first >= 0 && first < 64 && (moves >> first & 1)) {
        rv_pos c = *p;
        rv_play(&c, first, rv_flips(p->me, p->opp, first));
        if (scores(t, &c, -score))
            return first;
        tried = (uint64_t)1 << first;
    }
    for (uint64_t m = moves & ~tried; m; m &= m - 1) {
        const int sq = __builtin_ctzll(m);
        rv_pos c = *p;
        rv_play(&c, sq, rv_flips(p->me, p->opp, sq));
        if (scores(t, &c, -score))
            return sq;
    }
    return RV_NO_MOVE;
}

int rv_eg_pv(rv_eg_thread *t, const rv_pos *root, int score, int *pv, int max)
{
    rv_pos p = *root;
    int n = 0;
    while (n < max) {
        const uint64_t moves = rv_moves(p.me, p.opp);
        int sq = RV_PASS;
        if (moves)
            sq = keeping(t, &p, moves, score);
        else if (!rv_moves(p.opp, p.me))
            return rv_final_score(&p) == score ? n : -1;
        if (gts_stop_raised(t->stop) || sq == RV_NO_MOVE)
            return -1;
        if (sq == RV_PASS)
            rv_pass(&p);
        else
            rv_play(&p, sq, rv_flips(p.me, p.opp, sq));
        pv[n++] = sq;
        score = -score;
    }
    return n;
}
