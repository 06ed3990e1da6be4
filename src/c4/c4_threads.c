/* Every thread solves the same root, sharing the lock-free table and a
 * table of the positions being searched (so that threads put off moves
 * another thread is on: ABDADA); the first to finish answers. */
#include "c4/c4_threads.h"

#include <pthread.h>
#include <stdlib.h>

struct c4_pool {
    pthread_mutex_t mu;
    pthread_cond_t wake, idle;
    pthread_t *tids;
    c4_search *ctx;             /* one per helper */
    int helpers;
    int working;                /* helpers still on the current job */
    unsigned long job;          /* bumped for each solve */
    bool quit;
    atomic_int *stop;
    gts_busy *busy;             /* shared by all */
    atomic_int won;             /* a thread finished the current job */
    int score;                  /* its answer */
    c4_pos pos;
    bool weak;
};

typedef struct helper_arg {
    c4_pool *pool;
    int index;
} helper_arg;

/* Records an answer unless another thread already did or the search was
 * stopped (then the answer may be garbage). */
static void offer(c4_pool *pool, int score)
{
    if (atomic_load(pool->stop))
        return;
    int expected = 0;
    if (atomic_compare_exchange_strong(&pool->won, &expected, 1)) {
        pool->score = score;
        atomic_store(pool->stop, 1);
    }
}

static void *helper_main(void *argp)
{
    helper_arg *arg = argp;
    c4_pool *pool = arg->pool;
    c4_search *s = &pool->ctx[arg->index];
    unsigned long seen = 0;
    pthread_mutex_lock(&pool->mu);
    for (;;) {
        while (!pool->quit && pool->job == seen)
            pthread_cond_wait(&pool->wake, &pool->mu);
        if (pool->quit)
            break;
        seen = pool->job;
        const c4_pos pos = pool->pos;
        const bool weak = pool->weak;
        pthread_mutex_unlock(&pool->mu);

        const int score = c4_search_solve(s, &pos, weak);
        offer(pool, score);

        pthread_mutex_lock(&pool->mu);
        if (--pool->working == 0)
            pthread_cond_signal(&pool->idle);
    }
    pthread_mutex_unlock(&pool->mu);
    free(arg);
    return NULL;
}

c4_pool *c4_pool_create(int helpers, const c4_geom *g, tt_table *tt, tt_table *const *near, const c4_book *book,
                        atomic_int *stop)
{
    c4_pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pool->tids = calloc((size_t)helpers, sizeof *pool->tids);
    pool->ctx = aligned_alloc(_Alignof(c4_search), (size_t)helpers * sizeof *pool->ctx);
    pool->busy = gts_busy_create();
    if (!pool->tids || !pool->ctx || !pool->busy) {
        free(pool->tids);
        free(pool->ctx);
        gts_busy_free(pool->busy);
        free(pool);
        return NULL;
    }
    pthread_mutex_init(&pool->mu, NULL);
    pthread_cond_init(&pool->wake, NULL);
    pthread_cond_init(&pool->idle, NULL);
    pool->stop = stop;
    atomic_init(&pool->won, 0);
    for (int i = 0; i < helpers; i++) {
        c4_search_init(&pool->ctx[i], g, tt, near[i], book, stop);
        pool->ctx[i].busy = pool->busy;
        helper_arg *arg = malloc(sizeof *arg);
        if (arg) {
            arg->pool = pool;
            arg->index = i;
        }
        if (!arg || pthread_create(&pool->tids[i], NULL, helper_main, arg) != 0) {
            free(arg);
            pool->helpers = i;
            c4_pool_free(pool);
            return NULL;
        }
        pool->helpers = i + 1;
    }
    return pool;
}

void c4_pool_free(c4_pool *pool)
{
    if (!pool)
        return;
    pthread_mutex_lock(&pool->mu);
    pool->quit = true;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->mu);
    for (int i = 0; i < pool->helpers; i++)
        pthread_join(pool->tids[i], NULL);
    pthread_mutex_destroy(&pool->mu);
    pthread_cond_destroy(&pool->wake);
    pthread_cond_destroy(&pool->idle);
    free(pool->tids);
    free(pool->ctx);
    gts_busy_free(pool->busy);
    free(pool);
}

int c4_pool_solve(c4_pool *pool, c4_search *main, const c4_pos *p, bool weak, int *score)
{
    pthread_mutex_lock(&pool->mu);
    atomic_store(&pool->won, 0);
    pool->pos = *p;
    pool->weak = weak;
    pool->working = pool->helpers;
    for (int i = 0; i < pool->helpers; i++)
        pool->ctx[i].nodes = pool->ctx[i].tt_hits = 0;
    main->busy = pool->busy;
    pool->job++;
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->mu);

    offer(pool, c4_search_solve(main, p, weak));
    /* Stop the helpers if the main thread was first, then wait for them so
     * that nothing touches the table after we return. */
    atomic_store(pool->stop, 1);
    pthread_mutex_lock(&pool->mu);
    while (pool->working > 0)
        pthread_cond_wait(&pool->idle, &pool->mu);
    pthread_mutex_unlock(&pool->mu);

    for (int i = 0; i < pool->helpers; i++) {
        main->nodes += pool->ctx[i].nodes;
        main->tt_hits += pool->ctx[i].tt_hits;
    }
    if (!atomic_load(&pool->won))
        return -1;
    *score = pool->score;
    return 0;
}
