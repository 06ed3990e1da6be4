/*
 * The depth-limited Reversi search on several threads: helper threads that
 * sleep in a core pool (core/threads.h) between searches and, during a
 * search, on the split points' condition while there is nothing to share,
 * over the shared lock-free table.  Three designs:
 *
 * - YBWC (young brothers wait, Feldmann): at any node with split_depth()
 *   or more plies left, once its first move is searched and a thread is idle,
 *   the other moves become a split point: the owner and the threads that
 *   join take one move at a time and search it with the node's current
 *   window (null window first for PVS, widened when it beats alpha), as
 *   rv_node's loop would.  A move that reaches beta marks the split cut:
 *   its workers, and those of every split below it (each thread checks the
 *   chain of splits it works for at every node), stop, and their values
 *   are dropped.  An owner whose moves are all taken does not sleep while
 *   its workers finish: it joins splits below its own (the "helpful
 *   master"), so its stack unwinds in order.
 * - PV-split (Marsland & Campbell): the same, splitting only at nodes of
 *   the principal variation: the GPU report's design, kept as its baseline.
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
#include <pthread.h>
#include <stdlib.h>

#include "core/threads.h"
#include "reversi/rv_search_internal.h"

/* Nodes closer to the leaves than this are not split: their subtrees are
 * too small to pay for the hand-over (docs/notes/reversi_search.md).  On
 * boards of 16 words or more (32x32 and up) a node has 50 to 200 moves and
 * one of 2 plies left is hundreds of leaves, so nodes of 3 plies left are
 * split: at 4, a depth-3 search (the report's 64x64 games) had nothing to
 * share and ran on one thread; at 2, moves of a few leaves each were handed
 * over (2 threads, 64x64 after 2000 plies, depth 3: 67 ms at 2, 30 ms at
 * 3, 70 ms serial; the box loaded).  rv_search_options.split_depth
 * overrides it. */
static int split_depth(const rv_ctx *c)
{
    const int set = c->searcher->o.split_depth;
    return set ? set : c->w->words >= 16 ? 3 : 4;
}

typedef struct rv_split {
    struct rv_split *parent;        /* the split the owner works for, or NULL */
    struct rv_split *next_open;     /* the pool's list of open splits */
    rv_ctx *owner;                  /* its b[ply], list[ply], key[ply] are the node's */
    int ply, depth, k, n;           /* moves k..n-1 in key order are left */
    int32_t alpha, beta, best;
    int best_index;                 /* as rv_node's; Lazy SMP: the root move */
    bool pv;
    int workers;                    /* threads inside, the owner included */
    atomic_int cut;                 /* refuted (Lazy SMP: finished): workers stop */
} rv_split;

struct rv_pool {
    gts_pool *threads;              /* the helpers, asleep between searches */
    rv_ctx *const *ctx;             /* helper i searches with ctx[1 + i] */
    pthread_mutex_t lock;           /* guards everything below and every split's fields but cut */
    pthread_cond_t wake;            /* a split opened, a split's workers all left, or the search ended */
    rv_split *open;
    rv_split *root;                 /* Lazy SMP: the root search to join, or NULL */
    atomic_int idle;                /* helpers asleep, read unlocked as a hint */
    atomic_int *abort;              /* the searcher's: nothing more to start */
    bool over;                      /* the search ended: helpers go back to the pool */
    rv_parallel design;
};

bool rv_split_cut(const rv_split *sp)
{
    for (; sp; sp = sp->parent)
        if (atomic_load_explicit(&sp->cut, memory_order_relaxed))
            return true;
    return false;
}

bool rv_split_wanted(const rv_ctx *c, int depth, bool pv)
{
    const struct rv_pool *p = c->pool;
    return depth >= split_depth(c) && p->design != RV_PAR_LAZY && (pv || p->design == RV_PAR_YBWC) &&
           atomic_load_explicit(&p->idle, memory_order_relaxed) > 0;
}

static bool below(const rv_split *q, const rv_split *sp)
{
    for (q = q->parent; q; q = q->parent)
        if (q == sp)
            return true;
    return false;
}

/* The open split with moves left and the most plies left, among those
 * below `under` (any when NULL); NULL if none or the search is stopping.
 * Lock held. */
static rv_split *find_work(struct rv_pool *p, const rv_split *under)
{
    rv_split *found = NULL;
    if (atomic_load(p->abort))
        return NULL;
    for (rv_split *q = p->open; q; q = q->next_open)
        if (q->k < q->n && (!found || q->depth > found->depth) && (!under || below(q, under)) && !rv_split_cut(q))
            found = q;
    return found;
}

/* w searches moves of sp until none is left, sp is cut or the search
 * stops.  Called and returns with the lock held. */
static void work(struct rv_pool *p, rv_ctx *w, rv_split *sp)
{
    rv_split *const outer = w->sp;
    const rv_ctx *o = sp->owner;
    if (w != o) {
        rvb_copy(&w->b[sp->ply], &o->b[sp->ply]);
        w->wpc[sp->ply] = o->wpc[sp->ply];
        /* A node of 1 ply left (split depth 1): its leaves' mobilities
         * come from the frontier of the thread that searches them. */
        if (sp->depth == 1 && o->b[sp->ply].words > 1)
            rv_frontier_prepare(&w->frontier, &w->b[sp->ply]);
    }
    sp->workers++;
    while (sp->k < sp->n && !rv_split_cut(sp) && !atomic_load(p->abort)) {
        const int k = sp->k++;
        const int32_t alpha = sp->alpha;
        pthread_mutex_unlock(&p->lock);
        const int index = 4095 - (o->key[sp->ply][k] & 4095);
        const int sq = o->list[sp->ply][index];
        w->sp = sp;
        w->stopped = false;
        const int32_t v = rv_child_value(w, sp->ply, sq, sp->depth, alpha, sp->beta, false, sp->pv);
        pthread_mutex_lock(&p->lock);
        if (w->stopped || v <= sp->best)
            continue;
        sp->best = v;
        sp->best_index = index;
        if (v > sp->alpha)
            sp->alpha = v;
        if (w->algo != RV_ALGO_MINIMAX && sp->alpha >= sp->beta) {
            w->history[sq] += sp->depth * sp->depth;
            atomic_store_explicit(&sp->cut, 1, memory_order_relaxed);
        }
    }
    w->sp = outer;
    w->stopped = false;
    if (--sp->workers == 0)
        pthread_cond_broadcast(&p->wake);
}

void rv_split_moves(rv_ctx *c, int ply, int depth, int k, int n, int32_t *alpha, int32_t beta, bool pv, int32_t *best,
                    int *best_index)
{
    struct rv_pool *p = c->pool;
    /* The whole order first: key[ply][j] then names the j-th move. */
    for (int j = k; j < n; j++)
        rv_pick(c, ply, j, n);
    rv_split sp = { .parent = c->sp, .owner = c, .ply = ply, .depth = depth, .k = k, .n = n, .alpha = *alpha,
                    .beta = beta, .best = *best, .best_index = *best_index, .pv = pv };
    pthread_mutex_lock(&p->lock);
    sp.next_open = p->open;
    p->open = &sp;
    pthread_cond_broadcast(&p->wake);
    work(p, c, &sp);
    while (sp.workers > 0) {
        rv_split *q = find_work(p, &sp);
        if (q)
            work(p, c, q);
        else
            pthread_cond_wait(&p->wake, &p->lock);
    }
    rv_split **link = &p->open;
    while (*link != &sp)
        link = &(*link)->next_open;
    *link = sp.next_open;
    pthread_mutex_unlock(&p->lock);
    c->stopped = atomic_load(c->abort) || rv_split_cut(sp.parent);
    *alpha = sp.alpha;
    *best = sp.best;
    *best_index = sp.best_index;
}

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
        } else if ((q = find_work(p, NULL))) {
            work(p, c, q);
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
