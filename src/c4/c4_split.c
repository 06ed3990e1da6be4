/* The Connect 4 side of a split search (gts/c4_solver.h): the root's
 * probes done by someone else's window searches, and the children the
 * split walks. */
#include "c4/c4_prune.h"
#include "gts/c4_solver.h"

int c4_solve_by_windows(const c4_geom *g, const c4_pos *p, c4_window_fn window, void *arg, int *score)
{
    if (c4_final_score(g, p, score))
        return 0;
    if (c4_can_win_next(g, p)) {
        *score = c4_win_score(g, p->moves);
        return 0;
    }
    /* The serial root's probes (c4_search_solve), in its order. */
    int min = -(g->cells - p->moves) / 2, max = c4_win_score(g, p->moves);
    while (min < max) {
        const int med = c4_next_probe(g, min, max, p->moves);
        int r;
        if (window(arg, p, med, med + 1, &r) != 0)
            return -1;
        if (r <= med)
            max = r;
        else
            min = r;
    }
    *score = min;
    return 0;
}

int c4_split_children(const c4_geom *g, const c4_pos *p, c4_pos kids[C4_MAX_WIDTH])
{
    int score;
    if (c4_final_score(g, p, &score) || c4_can_win_next(g, p))
        return 0;
    /* The solver's order: moves that do not hand the opponent a win (none:
     * the position is lost, a task of no cost), most winning cells made
     * first, centre first on ties. */
    const uint64_t next = c4_non_losing_moves(g, p);
    int n = 0, rank[C4_MAX_WIDTH];
    for (int i = 0; i < g->width; i++) {
        const int col = c4_centre_column(g, i);
        const uint64_t m = next & c4_column_mask(g, col);
        if (!m)
            continue;
        const int r = c4_popcount(c4_winning_cells(g, p->cur | m, p->mask | m));
        int j = n++;
        for (; j > 0 && rank[j - 1] < r; j--)
            kids[j] = kids[j - 1], rank[j] = rank[j - 1];
        kids[j] = *p;
        c4_play(g, &kids[j], col);
        rank[j] = r;
    }
    return n;
}
