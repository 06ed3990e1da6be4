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
 * The loops run on the searcher's pool (core/threads.h): the caller and
 * helpers that sleep on a condition variable between loops.  OpenMP's
 * helpers spun between loops, which made two threads 5-20 times slower
 * than one when another process wanted the cores (a manager's two engines
 * on one machine); a sleeping helper gives its core away.  The loops hand
 * out their moves as OpenMP's schedules did (--schedule).
 */
#include <pthread.h>
#include <string.h>

#include "core/threads.h"
#include "gomoku/gm_search_internal.h"

/* What a loop's iteration searches, and what it keeps. */
typedef enum {
    FULL_WINDOW,   /* root: the whole window for every move, nothing shared */
    NODE_WINDOW,   /* split: the node's window, its alpha raised and a cutoff shared */
    NULL_WINDOW,   /* shared: a null window against the best so far, only better moves kept */
} loop_kind;

/* One loop over a node's moves, shared out over the searcher's threads. */
typedef struct loop {
    gm_searcher *s;
    loop_kind kind;
    const gm_ctx *from;          /* split: the node, whose board every worker copies; else NULL */
    const int16_t *moves;
    int n, depth, ply, workers;
    int32_t beta;
    const gm_threats *t;
    atomic_int next;             /* dynamic, guided: the first move not handed out */
    _Atomic int32_t alpha;       /* the bound the moves are searched against */
    atomic_int cutoff;           /* a move reached beta: the others stop */
    pthread_mutex_t lock;        /* guards best and best_i */
    int32_t best;
    int best_i;
} loop;

/* Keeps the best (first in move order on ties, so that the chosen move
 * does not depend on timing). */
static void take(int32_t v, int i, int32_t *best, int *best_i)
{
    if (v > *best || (v == *best && i < *best_i)) {
        *best = v;
        *best_i = i;
    }
}

static void iterate(loop *l, gm_ctx *w, int i)
{
    if (atomic_load_explicit(&l->cutoff, memory_order_relaxed) || atomic_load(w->abort))
        return;
    w->stopped = false;
    const int32_t a = l->kind == FULL_WINDOW ? -GM_INF : atomic_load(&l->alpha);
    const int32_t v = gm_move_value(w, l->moves[i], l->depth, a, l->beta, l->ply, l->t, l->kind != NULL_WINDOW);
    /* A null window's value is exact only above the bound it was searched
     * against; the others are upper bounds. */
    if (w->stopped || (l->kind == NULL_WINDOW && v <= a))
        return;
    pthread_mutex_lock(&l->lock);
    take(v, i, &l->best, &l->best_i);
    if (v > atomic_load(&l->alpha))
        atomic_store(&l->alpha, v);
    if (v >= l->beta)
        atomic_store(&l->cutoff, 1);
    pthread_mutex_unlock(&l->lock);
}

/* The next moves [*lo, *hi) for worker k by --schedule: static, one fixed
 * block a worker (*turn counts its chunks); dynamic, one move at a time
 * from a shared counter; guided, chunks of the moves left over the
 * workers, shrinking as they go.  False when none is left. */
static bool next_chunk(loop *l, gm_schedule schedule, int k, int *turn, int *lo, int *hi)
{
    if (schedule == GM_SCHED_STATIC) {
        *lo = (int)((long)l->n * k / l->workers);
        *hi = (int)((long)l->n * (k + 1) / l->workers);
        return (*turn)++ == 0 && *lo < *hi;
    }
    int at = atomic_load_explicit(&l->next, memory_order_relaxed), size;
    do {
        if (at >= l->n)
            return false;
        size = schedule == GM_SCHED_GUIDED ? (l->n - at + l->workers - 1) / l->workers : 1;
    } while (!atomic_compare_exchange_weak(&l->next, &at, at + size));
    *lo = at;
    *hi = at + size;
    return true;
}

/* Worker k's share of the loop, on context ctx[1 + k] (ctx[0] is the
 * serial part's, which may be the split node itself). */
static void work(loop *l, int k)
{
    gm_ctx *w = l->s->ctx[1 + k];
    if (l->from)
        gm_copy(&w->b, &l->from->b);
    w->cutoff = &l->cutoff;
    int turn = 0, lo, hi;
    while (next_chunk(l, l->s->o.schedule, k, &turn, &lo, &hi))
        for (int i = lo; i < hi; i++)
            iterate(l, w, i);
    w->cutoff = NULL;
    w->stopped = false;
}

static void helper_work(void *arg, int index)
{
    work(arg, index + 1);
}

/* Runs the loop on the caller and the pool's helpers; l->best and
 * l->best_i (n when no move was kept) hold the result. */
static void run_loop(loop *l)
{
    l->workers = 1 + gts_pool_helpers(l->s->pool);
    atomic_init(&l->next, 0);
    atomic_init(&l->cutoff, 0);
    l->best = -GM_INF;
    l->best_i = l->n;
    pthread_mutex_init(&l->lock, NULL);
    gts_pool_start(l->s->pool, helper_work, l);
    work(l, 0);
    gts_pool_wait(l->s->pool);
    pthread_mutex_destroy(&l->lock);
}

static void root_split(gm_searcher *s, gm_ctx *main, const gm_threats *t, int16_t *moves, int n, gm_result *r)
{
    const bool deepen = s->o.algo == GM_ALGO_PVS || s->o.time_ms > 0;
    for (int depth = deepen ? 1 : s->o.depth; depth <= s->o.depth; depth++) {
        if (s->o.algo == GM_ALGO_PVS)
            gm_order_moves(main, moves, n, r->move, 0);
        loop l = { .s = s, .kind = FULL_WINDOW, .moves = moves, .n = n, .depth = depth, .beta = GM_INF, .t = t };
        atomic_init(&l.alpha, -GM_INF);
        run_loop(&l);
        if (atomic_load(main->abort) || l.best_i == n || gm_record_depth(&s->o, r, moves[l.best_i], l.best, depth))
            break;
    }
}

int32_t gm_split_loop(gm_ctx *c, int depth, int32_t alpha, int32_t beta, int ply, const gm_threats *t,
                      const int16_t *moves, int n, int *best_move)
{
    loop l = { .s = c->searcher, .kind = NODE_WINDOW, .from = c, .moves = moves, .n = n, .depth = depth,
               .ply = ply, .beta = beta, .t = t };
    atomic_init(&l.alpha, alpha);
    run_loop(&l);
    if (atomic_load(c->abort)) {
        c->stopped = true;
        return 0;
    }
    *best_move = l.best_i < n ? moves[l.best_i] : GM_NO_MOVE;
    return l.best;
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
        loop l = { .s = s, .kind = NULL_WINDOW, .moves = moves + 1, .n = n - 1, .depth = depth, .beta = GM_INF,
                   .t = t };
        atomic_init(&l.alpha, first);
        run_loop(&l);
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
