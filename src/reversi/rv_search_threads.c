/*
 * The depth-limited Reversi search's helper threads: they sleep in a core
 * pool (core/threads.h) between searches and, during a search, on the
 * split points' condition while there is nothing to share, over the
 * shared lock-free table.  YBWC and PV-split share the moves of split
 * points, which the search opens (rv_search.c); Lazy SMP is here:
 *
 * - Lazy SMP: every thread searches the root with the whole window, the
 *   helpers with moves ordered by noise of their own (rv_order_moves),
 *   sharing only through the table; the first to finish gives the result
 *   and stops the others.
 *
 * Why every design returns the serial score: a value is kept only from a
 * search that ended unstopped, with a window that makes it exact or a true
 * bound, and the table cuts with bounds of the same depth only, which hold
 * whoever wrote them.
 */
#include <stdlib.h>

#include "reversi/rv_search_split.h"

/* Lazy SMP: w searches the root of job; the first unstopped value is the
 * result.  Called and returns with the lock held. */
static void race(struct rv_pool *p, rv_ctx *w, rv_split *job)
{
    job->workers++;
    pthread_mutex_unlock(&p->lock);
    if (w != job->owner) {
        rvb_copy(&w->b[0], &job->owner->b[0]);
        w->wpc[0] = job->owner->wpc[0];
    }
    w->sp = job;
    w->stopped = false;
    const int32_t v = rv_node(w, 0, job->depth, -RV_INF, RV_INF, true);
    pthread_mutex_lock(&p->lock);
    if (!w->stopped && !atomic_load_explicit(&job->cut, memory_order_relaxed)) {
        job->best = v;
        job->best_index = w->root_move;
        atomic_store_explicit(&job->cut, 1, memory_order_relaxed);
    }
    w->sp = NULL;
    w->stopped = false;
    if (--job->workers == 0)
        pthread_cond_broadcast(&p->wake);
}

int32_t rv_pool_root(rv_ctx *c, int depth)
{
    struct rv_pool *p = c->pool;
    if (p->design != RV_PAR_LAZY)
        return rv_node(c, 0, depth, -RV_INF, RV_INF, true);
    rv_split job = { .owner = c, .depth = depth };
    pthread_mutex_lock(&p->lock);
    p->root = &job;
    pthread_cond_broadcast(&p->wake);
    race(p, c, &job);
    p->root = NULL;
    while (job.workers > 0)
        pthread_cond_wait(&p->wake, &p->lock);
    pthread_mutex_unlock(&p->lock);
    c->stopped = atomic_load(c->abort) != 0;
    c->root_move = job.best_index;
    return job.best;
}

/* A helper's part in one search: join whatever there is to share until
 * the search is over. */
static void helper_search(void *arg, int index)
{
    struct rv_pool *p = arg;
    rv_ctx *c = p->ctx[1 + index];
    pthread_mutex_lock(&p->lock);
    while (!p->over) {
        rv_split *q;
        if (p->root && !atomic_load_explicit(&p->root->cut, memory_order_relaxed) && !atomic_load(p->abort)) {
            race(p, c, p->root);
        } else if ((q = rv_split_find(p, NULL))) {
            rv_split_work(p, c, q);
        } else {
            atomic_fetch_add(&p->idle, 1);
            pthread_cond_wait(&p->wake, &p->lock);
            atomic_fetch_sub(&p->idle, 1);
        }
    }
    pthread_mutex_unlock(&p->lock);
}

struct rv_pool *rv_pool_create(rv_searcher *s)
{
    struct rv_pool *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->design = s->o.parallel;
    p->abort = &s->abort;
    p->ctx = s->ctx;
    if (pthread_mutex_init(&p->lock, NULL)) {
        free(p);
        return NULL;
    }
    pthread_cond_init(&p->wake, NULL);
    /* Helpers the system would not start leave the others the work. */
    if (!(p->threads = gts_pool_create(s->nctx - 1))) {
        rv_pool_free(p);
        return NULL;
    }
    return p;
}

void rv_pool_free(struct rv_pool *p)
{
    if (!p)
        return;
    gts_pool_free(p->threads);
    pthread_cond_destroy(&p->wake);
    pthread_mutex_destroy(&p->lock);
    free(p);
}

void rv_pool_begin(struct rv_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->over = false;
    pthread_mutex_unlock(&p->lock);
    gts_pool_start(p->threads, helper_search, p);
}

void rv_pool_end(struct rv_pool *p)
{
    pthread_mutex_lock(&p->lock);
    p->over = true;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
    gts_pool_wait(p->threads);
}
