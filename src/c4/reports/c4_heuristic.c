/* Depth-limited negamax alpha-beta with the heuristic evaluation: the CPU
 * player the brute-force GPU player is measured against. */
#include "c4/reports/c4_eval.h"
#include "gts/c4_play.h"

static int negamax(const c4_geom *g, const c4_windows *w, const c4_pos *p, int depth, int alpha, int beta,
                   uint64_t *nodes)
{
    (*nodes)++;
    if (c4_can_win_next(g, p))
        return C4_EVAL_WIN + depth;     /* sooner is better */
    if (p->moves == g->cells)
        return 0;
    if (depth == 0)
        return c4_eval(w, p->cur, p->cur ^ p->mask);
    int best = -2 * C4_EVAL_WIN;
    for (int i = 0; i < g->width; i++) {
        const int col = c4_centre_column(g, i);
        if (!c4_can_play(g, p, col))
            continue;
        c4_pos q = *p;
        c4_play(g, &q, col);
        const int v = -negamax(g, w, &q, depth - 1, -beta, -alpha, nodes);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

int c4_heuristic_best(const c4_geom *g, const c4_pos *p, int depth, int *value, uint64_t *nodes)
{
    c4_windows w;
    c4_windows_init(g, &w);
    *nodes = 0;
    int best_col = -1, alpha = -2 * C4_EVAL_WIN;
    for (int i = 0; i < g->width; i++) {
        const int col = c4_centre_column(g, i);
        if (!c4_can_play(g, p, col))
            continue;
        int v;
        if (c4_is_winning_move(g, p, col)) {
            v = C4_EVAL_WIN + depth;
        } else {
            c4_pos q = *p;
            c4_play(g, &q, col);
            (*nodes)++;
            v = depth > 1 ? -negamax(g, &w, &q, depth - 1, -2 * C4_EVAL_WIN, -alpha, nodes)
                          : -c4_eval(&w, q.cur, q.cur ^ q.mask);
        }
        if (best_col < 0 || v > alpha) {
            alpha = v;
            best_col = col;
        }
    }
    *value = alpha;
    return best_col;
}
