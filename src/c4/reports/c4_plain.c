/*
 * The plain reference algorithms of the published reports: minimax without
 * pruning, and negamax alpha-beta with no table and no move ordering (the
 * sequential baseline of the CUDA report).  They exist to be measured
 * against and to check the solver: same scores, far more nodes.
 */
#include "c4/c4_search.h"

static int alphabeta(c4_search *s, const c4_pos *p, int alpha, int beta)
{
    const c4_geom *g = s->g;
    s->nodes++;
    if (p->moves == g->cells)
        return 0;
    for (int col = 0; col < g->width; col++)
        if (c4_can_play(g, p, col) && c4_is_winning_move(g, p, col))
            return c4_win_score(g, p->moves);
    const int max = (g->cells - 1 - p->moves) / 2;
    if (beta > max) {
        beta = max;
        if (alpha >= beta)
            return beta;
    }
    for (int col = 0; col < g->width; col++) {
        if (!c4_can_play(g, p, col))
            continue;
        c4_pos q = *p;
        c4_play(g, &q, col);
        const int v = -alphabeta(s, &q, -beta, -alpha);
        if (c4_stopped(s))
            return 0;
        if (v >= beta)
            return v;
        if (v > alpha)
            alpha = v;
    }
    return alpha;
}

static int minimax(c4_search *s, const c4_pos *p)
{
    const c4_geom *g = s->g;
    s->nodes++;
    if (p->moves == g->cells)
        return 0;
    int best = -g->cells;
    for (int col = 0; col < g->width; col++) {
        if (!c4_can_play(g, p, col))
            continue;
        int v;
        if (c4_is_winning_move(g, p, col)) {
            v = c4_win_score(g, p->moves);
        } else {
            c4_pos q = *p;
            c4_play(g, &q, col);
            v = -minimax(s, &q);
            if (c4_stopped(s))
                return 0;
        }
        if (v > best)
            best = v;
    }
    return best;
}

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

int c4_alphabeta_solve(c4_search *s, const c4_pos *p, bool weak)
{
    int score;
    if (c4_final_score(s->g, p, &score))
        return weak ? sign(score) : score;
    if (weak)
        return sign(alphabeta(s, p, -1, 1));
    return alphabeta(s, p, -s->g->cells / 2, s->g->cells / 2);
}

int c4_minimax_solve(c4_search *s, const c4_pos *p, bool weak)
{
    int score;
    if (!c4_final_score(s->g, p, &score))
        score = minimax(s, p);
    return weak ? sign(score) : score;
}
