/*
 * The Reversi endgame solver on threads, the design of gts's Connect 4
 * threads (c4_threads.c) on the endgame's series of root searches: the
 * calling thread runs the serial root (rv_eg_root), and each of its
 * null-window searches is run by every thread at once; the first to
 * finish gives the window's result and stops the others, and the window
 * ends when they are all back.  The threads share the lock-free table
 * (htt), and a move into a position another thread is searching waits
 * until the node's other moves are done (ABDADA, core/busy.h): by then
 * the table often holds its result, so the threads split the tree instead
 * of repeating it; a helper puts off even a node's first move when
 * another thread is on it, so the threads part where the tree first
 * branches.  Every thread's result is a proven bound, so the answer is
 * the serial one.  The helpers sleep in the solver's core pool
 * (core/threads.h) between windows and between positions.
 */
#include <stdlib.h>

#include "core/threads.h"
#include "reversi/rv_endgame.h"

struct rv_eg_team {
    gts_pool *pool;
    rv_eg_thread *helper;   /* one per helper of the pool */
    gts_busy *busy;
    gts_stop window_over;   /* raised by the first thread to finish */
    atomic_bool won;        /* a result of the window is in */
    int result, move;       /* that result */
    uint64_t me, opp;       /* the window being searched */
    int alpha, beta;
};

rv_eg_team *rv_eg_team_create(int helpers, htt *tt, htt *order_tt)
{
    rv_eg_team *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->helper = calloc((size_t)helpers, sizeof *w->helper);
    w->busy = gts_busy_create();
    w->pool = w->helper && w->busy ? gts_pool_create(helpers) : NULL;
    if (!w->pool) {
        rv_eg_team_free(w);
        return NULL;
    }
    for (int i = 0; i < gts_pool_helpers(w->pool); i++)
        w->helper[i] = (rv_eg_thread){
            .tt = tt, .order_tt = order_tt, .busy = w->busy, .abort = &w->window_over, .helper = true
        };
    return w;
}

void rv_eg_team_free(rv_eg_team *w)
{
    if (!w)
        return;
    gts_pool_free(w->pool);
    gts_busy_free(w->busy);
    free(w->helper);
    free(w);
}

/* Takes a thread's result if it finished its search unstopped and no
 * result came before, and stops the others. */
static void offer(rv_eg_team *w, const rv_eg_thread *t, int result, int move)
{
    if (rv_eg_stopped(t))
        return;
    bool expected = false;
    if (atomic_compare_exchange_strong(&w->won, &expected, true)) {
        w->result = result;
        w->move = move;
        gts_stop_raise(&w->window_over);
    }
}

/* A helper searches with a copy of its state on its own stack, its node
 * count copied back: side by side in one array, written at every node,
 * the helpers' states shared cache lines (docs/notes/reversi_endgame.md). */
static void helper_window(void *arg, int index)
{
    rv_eg_team *w = arg;
    rv_eg_thread own = w->helper[index];
    int move;
    const int v = rv_eg_search(&own, w->me, w->opp, w->alpha, w->beta, &move);
    w->helper[index].nodes = own.nodes;
    offer(w, &own, v, move);
}

/* The calling thread searches a window alone for its first SOLO_NODES
 * nodes, and only a window not done by then wakes the helpers: a wake-up
 * and the wait for the helpers to unwind cost more than a small search
 * (the design of c4_threads.c's solo start, issue 41).  Whether it
 * answered (or was stopped from outside): its value then in *v. */
#define SOLO_NODES 4096

static bool search_solo(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *v, int *best)
{
    gts_busy *busy = t->busy;
    t->busy = NULL;
    t->node_limit = t->nodes + SOLO_NODES;
    *v = rv_eg_search(t, me, opp, alpha, beta, best);
    const bool cut = t->nodes > t->node_limit;
    t->node_limit = 0;
    t->busy = busy;
    return !cut || rv_eg_stopped(t);
}

static int search_window(void *arg, rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *best)
{
    rv_eg_team *w = arg;
    int move, v;
    gts_stop_reset(&w->window_over);
    if (search_solo(t, me, opp, alpha, beta, &v, best))
        return v;
    w->me = me, w->opp = opp, w->alpha = alpha, w->beta = beta;
    atomic_store(&w->won, false);
    gts_pool_start(w->pool, helper_window, w);
    v = rv_eg_search(t, me, opp, alpha, beta, &move);
    offer(w, t, v, move);
    gts_stop_raise(&w->window_over);
    gts_pool_wait(w->pool);
    /* No result: stopped from outside, and the value means nothing. */
    if (!atomic_load(&w->won)) {
        *best = move;
        return v;
    }
    *best = w->move;
    return w->result;
}

/* The team joins t's searches: the helpers' counts cleared, t's stop
 * theirs. */
static void join(rv_eg_thread *t, rv_eg_team *w)
{
    for (int i = 0; i < gts_pool_helpers(w->pool); i++) {
        w->helper[i].nodes = 0;
        w->helper[i].stop = t->stop;
    }
    t->busy = w->busy;
    t->abort = &w->window_over;
}

/* ... and leaves them, its nodes counted in t's. */
static void leave(rv_eg_thread *t, rv_eg_team *w)
{
    for (int i = 0; i < gts_pool_helpers(w->pool); i++)
        t->nodes += w->helper[i].nodes;
    t->busy = NULL;
    t->abort = NULL;
}

int rv_eg_root_threads(rv_eg_thread *t, rv_eg_team *w, uint64_t me, uint64_t opp, bool wld, int *best)
{
    join(t, w);
    const int v = rv_eg_root(t, me, opp, wld, best, search_window, w);
    leave(t, w);
    return v;
}

int rv_eg_window_threads(rv_eg_thread *t, rv_eg_team *w, uint64_t me, uint64_t opp, int alpha, int beta, int *best)
{
    join(t, w);
    const int v = search_window(w, t, me, opp, alpha, beta, best);
    leave(t, w);
    return v;
}
