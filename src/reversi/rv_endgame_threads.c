/*
 * The Reversi endgame solver on threads: young brothers wait with split
 * points, the design of the best endgame solvers.  The calling thread runs
 * the serial root (rv_eg_root) and searches each of its null-window
 * searches; a node with RV_EG_SPLIT_EMPTIES or more whose first move has
 * not cut off, while a helper is idle, becomes a split point: its other
 * moves are taken one at a time by its owner and by any helper that joins,
 * each move searched whole by the thread that took it.  A move that cuts
 * off raises the split point's `cut`, which abandons every search below
 * it.  An owner whose moves are all taken helps, while it waits, only at
 * split points below its own (the rest of its own work).  Threads share
 * the lock-free table (htt).  Every value merged is a proven bound, so the
 * answer is the serial one.
 *
 * Until 2026-12 every thread searched every window, deferring moves
 * another thread was on (ABDADA): 2.2x the serial nodes on 16 threads
 * (docs/notes/reversi_endgame.md, "Threads").
 *
 * The helpers sleep in the solver's core pool (core/threads.h) between
 * windows; within a window an idle helper spins looking for a split point.
 */
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "core/threads.h"
#include "reversi/rv_endgame.h"

/* Split points a thread may own at once: one per node of its path. */
#define MAX_SPLITS 32

/* What the helpers scan without a lock (written when the split point
 * opens and closes) apart from what its workers change under the lock at
 * every move: on one cache line together, each thread's scans made the
 * workers miss the line they lock. */
typedef struct split_point {
    rv_eg_split_link link;   /* first: what the searches below read */
    atomic_bool open;        /* a move is left to take */
    atomic_int empties;      /* the node's: the helpers take the biggest */
    _Alignas(64) atomic_bool lock;   /* over the fields below */
    atomic_int workers;      /* threads searching its moves, the owner among them */
    int next;                /* the next move to take */
    int alpha, beta, bestv, best;
    rv_eg_moves moves;
} split_point;

/* A thread's split points, a stack (only its thread writes `depth`). */
typedef struct slot {
    split_point sp[MAX_SPLITS];
    atomic_int depth;
} slot;

struct rv_eg_team {
    gts_pool *pool;
    int slots;               /* the calling thread's (0) and each helper's */
    slot *slot;
    rv_eg_thread *helper;    /* one per helper of the pool: its nodes */
    atomic_int idle;         /* helpers looking for a split point */
    atomic_int window_on;    /* 1 until the calling thread's search is back */
};

static rv_eg_split_fn split_node;

rv_eg_team *rv_eg_team_create(int helpers, htt *tt, htt *order_tt)
{
    rv_eg_team *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->helper = calloc((size_t)helpers, sizeof *w->helper);
    /* Aligned for the split points' cache lines (calloc's are not). */
    const size_t slots_bytes = ((size_t)helpers + 1) * sizeof *w->slot;
    if ((w->slot = aligned_alloc(_Alignof(slot), slots_bytes)))
        memset(w->slot, 0, slots_bytes);
    w->pool = w->helper && w->slot ? gts_pool_create(helpers) : NULL;
    if (!w->pool) {
        rv_eg_team_free(w);
        return NULL;
    }
    w->slots = gts_pool_helpers(w->pool) + 1;
    for (int i = 0; i < w->slots - 1; i++)
        w->helper[i] = (rv_eg_thread){
            .tt = tt, .order_tt = order_tt, .idle = &w->idle, .split = split_node, .team = w, .slot = i + 1
        };
    return w;
}

void rv_eg_team_free(rv_eg_team *w)
{
    if (!w)
        return;
    gts_pool_free(w->pool);
    free(w->slot);
    free(w->helper);
    free(w);
}

/* A spinning thread's pause: the CPU's, and the core given up now and
 * then where threads outnumber cores (a loaded test machine). */
static void relax(unsigned *spins)
{
    if (++*spins % 64 == 0) {
        sched_yield();
        return;
    }
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

/* A spin lock: held for a few instructions, where a mutex made the
 * workers of a contended split point sleep in the kernel. */
static void lock(split_point *sp)
{
    for (unsigned spins = 0;;) {
        if (!atomic_exchange_explicit(&sp->lock, true, memory_order_acquire))
            return;
        while (atomic_load_explicit(&sp->lock, memory_order_relaxed))
            relax(&spins);
    }
}

static void unlock(split_point *sp)
{
    atomic_store_explicit(&sp->lock, false, memory_order_release);
}

/* Whether sp lies below `above` (at it or under one of its moves).  Read
 * without sp's lock, the chain may be a closed split point's, reused:
 * the walk is bounded, and join asks again under the lock, where the
 * chain of an open split point holds still. */
static bool below(const rv_eg_split_link *sp, const rv_eg_split_link *above)
{
    for (int n = 0; sp && n < 64; sp = atomic_load_explicit(&sp->parent, memory_order_relaxed), n++)
        if (sp == above)
            return true;
    return false;
}

/* Takes sp's moves one at a time until none is left or it cuts off; t
 * is one of its workers and leaves it on return. */
static void work(rv_eg_thread *t, split_point *sp)
{
    const rv_eg_split_link *outer = t->sp;
    t->sp = &sp->link;
    lock(sp);
    while (sp->next < sp->moves.n && !atomic_load(&sp->link.cut)) {
        const int k = sp->next++;
        if (sp->next == sp->moves.n)
            atomic_store(&sp->open, false);
        const int alpha = sp->alpha, beta = sp->beta;
        unlock(sp);
        const int v = rv_eg_move_value(t, sp->moves.me[k], sp->moves.opp[k], sp->moves.replies[k], alpha, beta);
        lock(sp);
        /* Stopped, or cut off here or above: v means nothing. */
        if (rv_eg_stopped(t))
            break;
        if (v > sp->bestv) {
            sp->bestv = v;
            sp->best = sp->moves.sq[k];
            if (v >= sp->beta) {
                atomic_store(&sp->link.cut, true);
                atomic_store(&sp->open, false);
            } else if (v > sp->alpha) {
                sp->alpha = v;
            }
        }
    }
    atomic_fetch_sub(&sp->workers, 1);
    unlock(sp);
    t->sp = outer;
}

/* Joins sp if a move is left there (and sp lies below `within`, when not
 * NULL), then works there.  Whether it did. */
static bool join(rv_eg_thread *t, split_point *sp, const rv_eg_split_link *within)
{
    lock(sp);
    const bool ok = atomic_load(&sp->open) && sp->next < sp->moves.n && !atomic_load(&sp->link.cut) &&
                    (!within || below(&sp->link, within));
    if (ok)
        atomic_fetch_add(&sp->workers, 1);
    unlock(sp);
    if (ok)
        work(t, sp);
    return ok;
}

/* The open split point with the most empties (the most work for one
 * join) below `within` (NULL: anywhere), NULL if none; read without
 * locks, so join asks again. */
static split_point *find(rv_eg_team *w, const rv_eg_split_link *within)
{
    split_point *best = NULL;
    int most = 0;
    for (int s = 0; s < w->slots; s++) {
        const int depth = atomic_load_explicit(&w->slot[s].depth, memory_order_acquire);
        for (int d = 0; d < depth; d++) {
            split_point *sp = &w->slot[s].sp[d];
            const int e = atomic_load_explicit(&sp->empties, memory_order_relaxed);
            if (e > most && atomic_load_explicit(&sp->open, memory_order_relaxed) &&
                (!within || below(&sp->link, within)))
                best = sp, most = e;
        }
    }
    return best;
}

/* Works at the split points below `within` (NULL: anywhere) while
 * *running > 0, counted idle between them: a helper for a window, and an
 * owner waiting for the helpers still on its split point's moves (as
 * idle, or the helpers would not split for it and it would wait out the
 * longest of their moves: 2 threads on FFO #41 took longer than one). */
static void help(rv_eg_thread *t, const rv_eg_split_link *within, const atomic_int *running)
{
    rv_eg_team *w = t->team;
    atomic_fetch_add(&w->idle, 1);
    for (unsigned spins = 0; atomic_load_explicit(running, memory_order_acquire) > 0;) {
        split_point *sp = find(w, within);
        if (!sp) {
            relax(&spins);
            continue;
        }
        atomic_fetch_sub(&w->idle, 1);
        join(t, sp, within);
        atomic_fetch_add(&w->idle, 1);
    }
    atomic_fetch_sub(&w->idle, 1);
}

/* The team's split (rv_eg_split_fn): a split point on the top of t's
 * stack, its moves worked by t and the helpers that join. */
static bool split_node(rv_eg_thread *t, const rv_eg_moves *m, int empties, int alpha, int beta, int *bestv,
                       int *best)
{
    slot *own = &t->team->slot[t->slot];
    const int depth = atomic_load_explicit(&own->depth, memory_order_relaxed);
    if (depth == MAX_SPLITS)
        return false;
    split_point *sp = &own->sp[depth];
    lock(sp);
    sp->moves.n = m->n;
    for (int i = 0; i < m->n; i++) {
        sp->moves.sq[i] = m->sq[i];
        sp->moves.me[i] = m->me[i];
        sp->moves.opp[i] = m->opp[i];
        sp->moves.replies[i] = m->replies[i];
    }
    sp->next = 0;
    sp->alpha = alpha, sp->beta = beta, sp->bestv = *bestv, sp->best = *best;
    atomic_store(&sp->link.cut, false);
    atomic_store_explicit(&sp->link.parent, t->sp, memory_order_relaxed);
    atomic_store(&sp->workers, 1);
    atomic_store(&sp->empties, empties);
    atomic_store(&sp->open, true);
    unlock(sp);
    atomic_store_explicit(&own->depth, depth + 1, memory_order_release);
    work(t, sp);
    /* Closed: a helper that joined after a stop or a cut above left moves
     * untaken would search them after the owner has moved on. */
    lock(sp);
    atomic_store(&sp->open, false);
    unlock(sp);
    /* The helpers still on its moves: the owner helps below them. */
    help(t, &sp->link, &sp->workers);
    atomic_store_explicit(&own->depth, depth, memory_order_release);
    lock(sp);
    *best = sp->best;
    *bestv = sp->bestv;
    unlock(sp);
    return true;
}

/* A helper, for one window: joins split points until the calling
 * thread's search is back.  It searches with a copy of its state on its
 * own stack, its node count copied back (side by side in one array,
 * written at every node, the helpers' states shared cache lines). */
static void helper_window(void *arg, int index)
{
    rv_eg_team *w = arg;
    rv_eg_thread own = w->helper[index];
    help(&own, NULL, &w->window_on);
    w->helper[index].nodes = own.nodes;
}

/* The calling thread searches a window alone for its first SOLO_NODES
 * nodes, and only a window not done by then wakes the helpers: a wake-up
 * and the wait for the helpers to unwind cost more than a small search
 * (the design of c4_threads.c's solo start, issue 41).  Whether it
 * answered (or was stopped from outside): its value then in *v. */
#define SOLO_NODES 4096

static bool search_solo(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *v, int *best)
{
    rv_eg_split_fn *split = t->split;
    t->split = NULL;
    t->node_limit = t->nodes + SOLO_NODES;
    *v = rv_eg_search(t, me, opp, alpha, beta, best);
    const bool cut = t->nodes > t->node_limit;
    t->node_limit = 0;
    t->split = split;
    return !cut || rv_eg_stopped(t);
}

static int search_window(void *arg, rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *best)
{
    rv_eg_team *w = arg;
    int v;
    if (search_solo(t, me, opp, alpha, beta, &v, best))
        return v;
    atomic_store(&w->window_on, 1);
    gts_pool_start(w->pool, helper_window, w);
    v = rv_eg_search(t, me, opp, alpha, beta, best);
    atomic_store(&w->window_on, 0);
    gts_pool_wait(w->pool);
    return v;
}

/* The team joins t's searches: the helpers' counts cleared, t's stop
 * theirs. */
static void join_team(rv_eg_thread *t, rv_eg_team *w)
{
    for (int i = 0; i < w->slots - 1; i++) {
        w->helper[i].nodes = 0;
        w->helper[i].stop = t->stop;
    }
    t->idle = &w->idle;
    t->split = split_node;
    t->team = w;
    t->slot = 0;
    t->sp = NULL;
}

/* ... and leaves them, its nodes counted in t's. */
static void leave_team(rv_eg_thread *t, rv_eg_team *w)
{
    for (int i = 0; i < w->slots - 1; i++)
        t->nodes += w->helper[i].nodes;
    t->idle = NULL;
    t->split = NULL;
    t->team = NULL;
}

int rv_eg_root_threads(rv_eg_thread *t, rv_eg_team *w, uint64_t me, uint64_t opp, bool wld, int *best)
{
    join_team(t, w);
    const int v = rv_eg_root(t, me, opp, wld, best, search_window, w);
    leave_team(t, w);
    return v;
}

int rv_eg_window_threads(rv_eg_thread *t, rv_eg_team *w, uint64_t me, uint64_t opp, int alpha, int beta, int *best)
{
    join_team(t, w);
    const int v = search_window(w, t, me, opp, alpha, beta, best);
    leave_team(t, w);
    return v;
}
