/* Every thread solves the same root, sharing the lock-free table and a
 * table of the positions being searched (so that threads put off moves
 * another thread is on: ABDADA); the first to finish answers and raises
 * the pool's token, which every thread unwinds on (the caller's token is
 * passed on to it by the threads themselves: c4_negamax.c).  The helpers
 * sleep in a core pool (core/threads.h) between solves. */
#include "c4/c4_threads.h"

#include <stdlib.h>

#include "core/threads.h"

struct c4_pool {
    gts_pool *threads;
    c4_search *ctx;             /* one per helper */
    int helpers;
    gts_stop done;              /* a thread answered, or the caller stopped us */
    const gts_stop *outside;    /* the caller's token, or NULL */
    gts_busy *busy;             /* shared by all */
    atomic_int won;             /* a thread finished the current job */
    int score;                  /* its answer */
    c4_pos pos;
    bool weak;
    bool window;                /* a window search (alpha, beta), not a solve */
    int alpha, beta;
};

/* The pool's job on one thread. */
static int run_job(c4_pool *pool, c4_search *s)
{
    return pool->window ? c4_search_window(s, &pool->pos, pool->alpha, pool->beta)
                        : c4_search_solve(s, &pool->pos, pool->weak);
}

/* Records an answer unless another thread already did or the search was
 * stopped (then the answer may be garbage). */
static void offer(c4_pool *pool, int score)
{
    if (gts_stop_raised(&pool->done))
        return;
    int expected = 0;
    if (atomic_compare_exchange_strong(&pool->won, &expected, 1)) {
        pool->score = score;
        gts_stop_raise(&pool->done);
    }
}

/* Each helper searches with a copy of its context on its own stack, its
 * counts copied back after: with the contexts side by side in one array,
 * written at every node, 16 threads on the 16-core host solved the empty
 * board in 6.76 / 6.00 s, on their stacks in 5.24 / 4.84 s (Begin-Hard's
 * first 20: 4.41 -> 3.63 s), although no two contexts share a cache line:
 * docs/notes/c4_solver.md. */
static void helper_solve(void *arg, int index)
{
    c4_pool *pool = arg;
    c4_search own = pool->ctx[index];
    offer(pool, run_job(pool, &own));
    pool->ctx[index] = own;
}

c4_pool *c4_pool_create(int helpers, const c4_geom *g, tt_table *tt, tt_table *const *near, const c4_book *book,
                        const gts_stop *outside)
{
    c4_pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pool->ctx = aligned_alloc(_Alignof(c4_search), (size_t)helpers * sizeof *pool->ctx);
    pool->busy = gts_busy_create();
    pool->threads = pool->ctx && pool->busy ? gts_pool_create(helpers) : NULL;
    if (!pool->threads) {
        c4_pool_free(pool);
        return NULL;
    }
    /* Helpers the system would not start leave the others the work. */
    pool->helpers = gts_pool_helpers(pool->threads);
    pool->outside = outside;
    atomic_init(&pool->won, 0);
    for (int i = 0; i < pool->helpers; i++) {
        c4_search_init(&pool->ctx[i], g, tt, near[i], book, &pool->done);
        pool->ctx[i].outside = outside;
        pool->ctx[i].busy = pool->busy;
    }
    return pool;
}

int c4_pool_helpers(const c4_pool *pool)
{
    return pool->helpers;
}

void c4_pool_free(c4_pool *pool)
{
    if (!pool)
        return;
    gts_pool_free(pool->threads);
    free(pool->ctx);
    gts_busy_free(pool->busy);
    free(pool);
}

/* The calling thread searches alone for its first SOLO_NODES nodes, and
 * only a job not done by then wakes the helpers: a wake-up and the wait
 * for the helpers to unwind cost more than a small search (end-easy, 29
 * nodes a position: 4.3 us alone, 137 us on 2 threads and 3,884 us on 4
 * of a 2-core machine, each position waking the helpers; issue 41).  The
 * table keeps what the solo search proved; its nodes are at most a few
 * hundred microseconds of a search that then runs on every thread. */
#define SOLO_NODES 4096

/* The job on the calling thread alone, within SOLO_NODES; whether it
 * answered (in *score). */
static bool run_solo(c4_pool *pool, c4_search *main, int *score)
{
    gts_stop_reset(&pool->done);
    main->stop = &pool->done;
    main->busy = NULL;
    main->node_limit = main->nodes + SOLO_NODES;
    const int v = run_job(pool, main);
    main->node_limit = UINT64_MAX;
    if (gts_stop_raised(&pool->done))
        return false;
    *score = v;
    return true;
}

/* The job set in pool, on every thread. */
static int run_on_all(c4_pool *pool, c4_search *main, int *score)
{
    if (run_solo(pool, main, score))
        return 0;
    if (gts_stop_raised(pool->outside))
        return -1;
    atomic_store(&pool->won, 0);
    gts_stop_reset(&pool->done);
    for (int i = 0; i < pool->helpers; i++)
        pool->ctx[i].nodes = pool->ctx[i].tt_hits = pool->ctx[i].searched = 0;
    main->stop = &pool->done;
    main->outside = pool->outside;
    main->busy = pool->busy;
    gts_pool_start(pool->threads, helper_solve, pool);

    offer(pool, run_job(pool, main));
    /* Stop the helpers if the main thread was first, then wait for them so
     * that nothing touches the table after we return. */
    gts_stop_raise(&pool->done);
    gts_pool_wait(pool->threads);

    for (int i = 0; i < pool->helpers; i++) {
        main->nodes += pool->ctx[i].nodes;
        main->tt_hits += pool->ctx[i].tt_hits;
        main->searched += pool->ctx[i].searched;
    }
    if (!atomic_load(&pool->won))
        return -1;
    *score = pool->score;
    return 0;
}

int c4_pool_solve(c4_pool *pool, c4_search *main, const c4_pos *p, bool weak, int *score)
{
    pool->pos = *p;
    pool->weak = weak;
    pool->window = false;
    return run_on_all(pool, main, score);
}

int c4_pool_window(c4_pool *pool, c4_search *main, const c4_pos *p, int alpha, int beta, int *value)
{
    pool->pos = *p;
    pool->window = true;
    pool->alpha = alpha, pool->beta = beta;
    return run_on_all(pool, main, value);
}
