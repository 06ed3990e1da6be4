/*
 * The Reversi endgame solver on threads, the design of gts's Connect 4
 * threads (c4_threads.c) on the endgame's series of root searches: the
 * calling thread runs the serial root (rv_eg_root), and each of its
 * null-window searches is run by every thread at once; the first to
 * finish gives the window's result and stops the others.  The threads
 * share the lock-free table (htt), and a move into a position another
 * thread is searching waits until the node's other moves are done
 * (ABDADA): by then the table often holds its result, so the threads
 * split the tree instead of repeating it; a helper puts off even a
 * node's first move when another thread is on it, so the threads part
 * where the tree first branches.  Every thread's result is a proven
 * bound, so the answer is the serial one.
 */
#include <pthread.h>
#include <stdlib.h>

#include "reversi/rv_endgame.h"

typedef struct shared shared;

typedef struct helper {
    pthread_t id;
    rv_eg_thread t;
    volatile int stop;    /* raised when its window is over */
    unsigned gen;         /* the window it searches */
    shared *sh;
} helper;

struct shared {
    pthread_mutex_t lock;
    pthread_cond_t moved;
    uint64_t me, opp;
    int alpha, beta;
    unsigned gen;         /* bumped with each window */
    bool done;            /* no more windows */
    bool won;             /* the window's result is in */
    int result, move;
    volatile int main_abort;
    helper *h;
    int helpers;
};

/* Takes a thread's result for window gen if none came before, and stops
 * the others.  Called with the lock held. */
static void offer(shared *sh, unsigned gen, int result, int move)
{
    if (gen != sh->gen || sh->won)
        return;
    sh->won = true;
    sh->result = result;
    sh->move = move;
    sh->main_abort = 1;
    for (int i = 0; i < sh->helpers; i++)
        sh->h[i].stop = 1;
}

static void *run_helper(void *arg)
{
    helper *h = arg;
    shared *sh = h->sh;
    pthread_mutex_lock(&sh->lock);
    for (;;) {
        while (h->gen == sh->gen && !sh->done)
            pthread_cond_wait(&sh->moved, &sh->lock);
        if (sh->done)
            break;
        h->gen = sh->gen;
        h->stop = sh->won;
        const int alpha = sh->alpha, beta = sh->beta;
        pthread_mutex_unlock(&sh->lock);
        int move;
        const int v = rv_eg_search(&h->t, sh->me, sh->opp, alpha, beta, &move);
        pthread_mutex_lock(&sh->lock);
        if (!h->stop)
            offer(sh, h->gen, v, move);
    }
    pthread_mutex_unlock(&sh->lock);
    return NULL;
}

static int search_window(void *arg, rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *best)
{
    shared *sh = arg;
    pthread_mutex_lock(&sh->lock);
    sh->alpha = alpha;
    sh->beta = beta;
    sh->gen++;
    sh->won = false;
    sh->main_abort = 0;
    const unsigned gen = sh->gen;
    pthread_cond_broadcast(&sh->moved);
    pthread_mutex_unlock(&sh->lock);
    int move;
    const int v = rv_eg_search(t, me, opp, alpha, beta, &move);
    pthread_mutex_lock(&sh->lock);
    /* Stopped from outside, the result means nothing; stopped by a
     * helper's result, that one stands. */
    if (!sh->main_abort && !rv_eg_stopped(t))
        offer(sh, gen, v, move);
    const int result = sh->result;
    *best = sh->move;
    pthread_mutex_unlock(&sh->lock);
    return result;
}

int rv_eg_root_threads(rv_eg_thread *t, int threads, uint64_t me, uint64_t opp, bool wld, int *best)
{
    shared sh = { .me = me, .opp = opp };
    gts_busy *busy = gts_busy_create();
    sh.h = busy ? calloc((size_t)threads - 1, sizeof *sh.h) : NULL;
    if (!sh.h || pthread_mutex_init(&sh.lock, NULL) != 0) {
        /* No memory: the serial search. */
        free(sh.h);
        gts_busy_free(busy);
        return rv_eg_root(t, me, opp, wld, best, NULL, NULL);
    }
    pthread_cond_init(&sh.moved, NULL);
    t->busy = busy;
    t->abort = &sh.main_abort;
    for (; sh.helpers < threads - 1; sh.helpers++) {
        helper *x = &sh.h[sh.helpers];
        x->sh = &sh;
        x->t = (rv_eg_thread){ .tt = t->tt, .order_tt = t->order_tt, .busy = busy, .stop = &x->stop, .helper = true };
        if (pthread_create(&x->id, NULL, run_helper, x) != 0)
            break;
    }
    const int v = rv_eg_root(t, me, opp, wld, best, search_window, &sh);
    pthread_mutex_lock(&sh.lock);
    sh.done = true;
    for (int i = 0; i < sh.helpers; i++)
        sh.h[i].stop = 1;
    pthread_cond_broadcast(&sh.moved);
    pthread_mutex_unlock(&sh.lock);
    for (int i = 0; i < sh.helpers; i++) {
        pthread_join(sh.h[i].id, NULL);
        t->nodes += sh.h[i].t.nodes;
    }
    pthread_cond_destroy(&sh.moved);
    pthread_mutex_destroy(&sh.lock);
    free(sh.h);
    t->busy = NULL;
    t->abort = NULL;
    gts_busy_free(busy);
    return v;
}
