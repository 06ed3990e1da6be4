/*
 * A loop over a node's moves shared out over the searcher's threads: the
 * caller and the pool's helpers (core/threads.h) take moves by --schedule
 * and search each with the loop's value function (gm_move_value), which is
 * handed in rather than called by name so that the node function, whose
 * split nodes run such a loop, and this file do not call each other.
 */
#include <pthread.h>

#include "core/threads.h"
#include "gomoku/gm_search_internal.h"

/* Keeps the best (first in move order on ties, so that the chosen move
 * does not depend on timing). */
static void take(int32_t v, int i, int32_t *best, int *best_i)
{
    if (v > *best || (v == *best && i < *best_i)) {
        *best = v;
        *best_i = i;
    }
}

static void iterate(gm_loop *l, gm_ctx *w, int i)
{
    if (atomic_load_explicit(&l->cutoff, memory_order_relaxed) || atomic_load(w->abort))
        return;
    w->stopped = false;
    const int32_t a = l->kind == GM_LOOP_FULL_WINDOW ? -GM_INF : atomic_load(&l->alpha);
    const int32_t v = l->value(w, l->moves[i], l->depth, a, l->beta, l->ply, l->t, l->kind != GM_LOOP_NULL_WINDOW);
    /* A null window's value is exact only above the bound it was searched
     * against; the others are upper bounds. */
    if (w->stopped || (l->kind == GM_LOOP_NULL_WINDOW && v <= a))
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
static bool next_chunk(gm_loop *l, gm_schedule schedule, int k, int *turn, int *lo, int *hi)
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
static void work(gm_loop *l, int k)
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

/* A loop whose moves are searched this shallow runs on the caller alone:
 * the helpers' wake-up and the wait for them cost more than its work
 * (depth 2 from four openings: 35 us a position alone, 300 us on 2
 * threads and 430 us on 4 of a 2-core machine; issue 41).  The deeper
 * iterations of the same search still share their loops. */
#define GM_LOOP_ALONE_DEPTH 3

/* Runs the loop on the caller and the pool's helpers; l->best and
 * l->best_i (n when no move was kept) hold the result. */
void gm_loop_run(gm_loop *l)
{
    const bool alone = l->depth <= GM_LOOP_ALONE_DEPTH;
    l->workers = alone ? 1 : 1 + gts_pool_helpers(l->s->pool);
    atomic_init(&l->next, 0);
    atomic_init(&l->cutoff, 0);
    l->best = -GM_INF;
    l->best_i = l->n;
    pthread_mutex_init(&l->lock, NULL);
    if (!alone)
        gts_pool_start(l->s->pool, helper_work, l);
    work(l, 0);
    if (!alone)
        gts_pool_wait(l->s->pool);
    pthread_mutex_destroy(&l->lock);
}
