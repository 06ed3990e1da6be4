/*
 * The Gomoku search on several threads (OpenMP), three ways:
 *
 * - root: `omp parallel for` over the root moves, each searched with a
 *   full window and nothing shared, as in the Gomoku report;
 * - split: the moves of every node at a chosen ply are shared out with the
 *   running alpha and a cutoff flag that stops the node's other threads
 *   once one move refutes it, as in the Connect-5 report;
 * - shared (gts's own): the root's first move searched alone, then the
 *   rest in parallel with null windows against the best score so far,
 *   every thread reading and writing one lock-free table.
 *
 * Each returns the serial search's root score: only the work differs.
 */
#include <omp.h>
#include <string.h>

#include "gomoku/gm_search_internal.h"

static void set_schedule(gm_schedule s)
{
    omp_set_schedule(s == GM_SCHED_STATIC    ? omp_sched_static
                     : s == GM_SCHED_GUIDED ? omp_sched_guided
                                            : omp_sched_dynamic,
                     0);
}

static gm_ctx *worker(gm_searcher *s)
{
    return s->ctx[1 + omp_get_thread_num()];
}

/* Keeps the best (first in move order on ties, so that the chosen move
 * does not depend on timing). */
static void take(int32_t v, int i, int32_t *best, int *best_i)
{
    if (v > *best || (v == *best && i < *best_i)) {
        *best = v;
        *best_i = i;
    }
}

static void root_split(gm_searcher *s, gm_ctx *main, const gm_threats *t, int16_t *moves, int n, gm_result *r)
{
    const bool deepen = s->o.algo == GM_ALGO_PVS || s->o.time_ms > 0;
    for (int depth = deepen ? 1 : s->o.depth; depth <= s->o.depth; depth++) {
        if (s->o.algo == GM_ALGO_PVS)
            gm_order_moves(main, moves, n, r->move, 0);
        int32_t best = -GM_INF;
        int best_i = n;
#pragma omp parallel for schedule(runtime) num_threads(s->o.threads)
        for (int i = 0; i < n; i++) {
            gm_ctx *w = worker(s);
            const int32_t v = gm_move_value(w, moves[i], depth, -GM_INF, GM_INF, 0, t, true);
            if (!w->stopped) {
#pragma omp critical(gm_root_best)
                take(v, i, &best, &best_i);
            }
        }
        if (atomic_load(main->abort) || best_i == n || gm_record_depth(r, moves[best_i], best, depth))
            break;
    }
}

int32_t gm_split_loop(gm_ctx *c, int depth, int32_t alpha, int32_t beta, int ply, const gm_threats *t,
                      const int16_t *moves, int n, int *best_move)
{
    gm_searcher *s = c->searcher;
    atomic_int cutoff = 0;
    _Atomic int32_t shared_alpha = alpha;
    int32_t best = -GM_INF;
    int best_i = n;
#pragma omp parallel num_threads(s->o.threads)
    {
        /* Each thread searches from its own copy of this node's board. */
        gm_ctx *w = worker(s);
        gm_copy(&w->b, &c->b);
        w->cutoff = &cutoff;
#pragma omp for schedule(runtime)
        for (int i = 0; i < n; i++) {
            if (atomic_load_explicit(&cutoff, memory_order_relaxed) || atomic_load(c->abort))
                continue;
            w->stopped = false;
            const int32_t v = gm_move_value(w, moves[i], depth, atomic_load(&shared_alpha), beta, ply, t, true);
            if (w->stopped)
                continue;
#pragma omp critical(gm_split_best)
            {
                take(v, i, &best, &best_i);
                if (v > atomic_load(&shared_alpha))
                    atomic_store(&shared_alpha, v);
                if (v >= beta)
                    atomic_store(&cutoff, 1);
            }
        }
        w->cutoff = NULL;
        w->stopped = false;
    }
    if (atomic_load(c->abort)) {
        c->stopped = true;
        return 0;
    }
    *best_move = best_i < n ? moves[best_i] : GM_NO_MOVE;
    return best;
}

static void split(gm_searcher *s, gm_ctx *main, const gm_threats *t, gm_result *r)
{
    main->split_ply = s->o.split_depth - 1;
    const bool deepen = s->o.algo == GM_ALGO_PVS || s->o.time_ms > 0;
    for (int depth = deepen ? 1 : s->o.depth; depth <= s->o.depth; depth++) {
        const int32_t v = gm_node(main, depth, -GM_INF, GM_INF, 0, t);
        if (main->stopped || gm_record_depth(r, main->root_move, v, depth))
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
        int32_t best = gm_move_value(main, moves[0], depth, -GM_INF, GM_INF, 0, t, true);
        int best_i = 0;
        if (main->stopped)
            break;
        _Atomic int32_t alpha = best;
#pragma omp parallel for schedule(dynamic) num_threads(s->o.threads)
        for (int i = 1; i < n; i++) {
            gm_ctx *w = worker(s);
            const int32_t a = atomic_load(&alpha);
            const int32_t v = gm_move_value(w, moves[i], depth, a, GM_INF, 0, t, false);
            /* Only a value above the bound it was searched against is
             * exact; the others are upper bounds. */
            if (v > a && !w->stopped) {
#pragma omp critical(gm_shared_best)
                {
                    take(v, i, &best, &best_i);
                    if (v > atomic_load(&alpha))
                        atomic_store(&alpha, v);
                }
            }
        }
        if (atomic_load(main->abort) || gm_record_depth(r, moves[best_i], best, depth))
            break;
    }
}

void gm_search_parallel(gm_searcher *s, const gm_board *b, const gm_threats *t, gm_result *r, atomic_int *abort,
                        double deadline)
{
    for (int i = 0; i < s->nctx; i++)
        gm_ctx_reset(s->ctx[i], b, &s->o, s->tt, abort, deadline);
    set_schedule(s->o.schedule);
    gm_ctx *main = s->ctx[0];
    int16_t moves[GM_MAX_CELLS];
    const int n = gm_node_moves(b, t, moves);
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
