/*
 * The Gomoku search on several threads, three ways:
 *
 * - root: a loop over the root moves, each searched with a full window
 *   and nothing shared, as in the Gomoku report;
 * - split: the moves of every node at a chosen ply are shared out with the
 *   running alpha and a cutoff flag that stops the node's other threads
 *   once one move refutes it, as in the Connect-5 report;
 * - shared (gts's own): the root's first move searched alone, then the
 *   rest in parallel with null windows against the best score so far,
 *   every thread reading and writing one lock-free table.
 *
 * Each returns the serial search's root score: only the work differs.
 *
 * The loops over a node's moves (gm_loop.c) run on the searcher's pool
 * (core/threads.h): the caller and helpers that sleep on a condition
 * variable between loops.  OpenMP's
 * helpers spun between loops, which made two threads 5-20 times slower
 * than one when another process wanted the cores (a manager's two engines
 * on one machine); a sleeping helper gives its core away.  The loops hand
 * out their moves as OpenMP's schedules did (--schedule).
 */
#include "gomoku/gm_search_internal.h"

static void root_split(gm_searcher *s, gm_ctx *main, const gm_threats *t, int16_t *moves, int n, gm_result *r)
{
    const bool deepen = s->o.algo == GM_ALGO_PVS || s->o.time_ms > 0;
    for (int depth = deepen ? 1 : s->o.depth; depth <= s->o.depth; depth++) {
        if (s->o.algo == GM_ALGO_PVS)
            gm_order_moves(main, moves, n, r->move, 0);
        gm_loop l = { .s = s, .kind = GM_LOOP_FULL_WINDOW, .value = gm_move_value, .moves = moves, .n = n,
                      .depth = depth, .beta = GM_INF, .t = t };
        atomic_init(&l.alpha, -GM_INF);
        gm_loop_run(&l);
        if (atomic_load(main->abort) || l.best_i == n || gm_record_depth(&s->o, r, moves[l.best_i], l.best, depth))
            break;
    }
}

static void split(gm_searcher *s, gm_ctx *main, const gm_threats *t, gm_result *r)
{
    main->split_ply = s->o.split_depth - 1;
    const bool deepen = s->o.algo == GM_ALGO_PVS || s->o.time_ms > 0;
    for (int depth = deepen ? 1 : s->o.depth; depth <= s->o.depth; depth++) {
        const int32_t v = gm_node(main, depth, -GM_INF, GM_INF, 0, t);
        if (main->stopped || gm_record_depth(&s->o, r, main->root_move, v, depth))
            break;
    }
}

static void shared(gm_searcher *s, gm_ctx *main, const gm_threats *t, int16_t *moves, int n, gm_result *r)
{
    const bool deepen = s->o.algo == GM_ALGO_PVS || s->o.time_ms > 0;
    for (int depth = deepen ? 1 : s->o.depth; depth <= s->o.depth; depth++) {
        if (s->o.algo == GM_ALGO_PVS)
            gm_order_moves(main, moves, n, r->move, 0);
        /* The first move alone sets the bound the others must beat. */
        const int32_t first = gm_move_value(main, moves[0], depth, -GM_INF, GM_INF, 0, t, true);
        if (main->stopped)
            break;
        /* The others, from the second on (their index one less). */
        gm_loop l = { .s = s, .kind = GM_LOOP_NULL_WINDOW, .value = gm_move_value, .moves = moves + 1, .n = n - 1,
                      .depth = depth, .beta = GM_INF, .t = t };
        atomic_init(&l.alpha, first);
        gm_loop_run(&l);
        const int best_i = l.best_i < n - 1 ? l.best_i + 1 : 0;
        if (atomic_load(main->abort) || gm_record_depth(&s->o, r, moves[best_i], best_i ? l.best : first, depth))
            break;
    }
}

void gm_search_parallel(gm_searcher *s, const gm_board *b, const gm_threats *t, gm_result *r, atomic_int *abort,
                        double deadline)
{
    for (int i = 0; i < s->nctx; i++)
        gm_ctx_reset(s->ctx[i], b, &s->o, s->tt, abort, deadline);
    gm_ctx *main = s->ctx[0];
    int16_t moves[GM_MAX_CELLS];
    const int n = gm_node_moves(&main->b, t, moves);
    switch (s->o.parallel) {
    case GM_PAR_ROOT:
        root_split(s, main, t, moves, n, r);
        break;
    case GM_PAR_SPLIT:
        split(s, main, t, r);
        break;
    default:
        shared(s, main, t, moves, n, r);
        break;
    }
    for (int i = 0; i < s->nctx; i++)
        r->nodes += s->ctx[i]->nodes;
}
