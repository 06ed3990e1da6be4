/*
 * Internal: one GPU thread's search of one subtree, for the naive and the
 * sequential-parallel designs (src/core/gpu/gsp_seqpar.h): negamax with
 * or without alpha-beta over an explicit stack (no device recursion),
 * playing and taking back moves on one position, the window full at the
 * subtree's root (a thread knows no bound of its neighbours').  Compiled
 * by nvcc for the kernel and by the C compiler for the CPU executor.
 */
#ifndef GTS_GMG_THREAD_H
#define GTS_GMG_THREAD_H

#include "gomoku/gpu/gmg_board.h"

/* Plies one thread searches below its subtree's root at most. */
#define GMG_THREAD_PLIES 12

/* How often (nodes) a thread reads the stop word. */
#define GMG_STOP_EVERY 4096

typedef struct gmg_frame {
    gmg_iter it;
    int32_t alpha, beta, best;
    int16_t move;
    gmg_head saved;
} gmg_frame;

/* What one thread returns: the value, the nodes it read (frontier moves
 * included, as the CPU counts them), and whether the stop word ended it. */
typedef struct gmg_out {
    int32_t value;
    int32_t stopped;
    uint64_t nodes;
} gmg_out;

/* Enters the node at f (ply `ply`, `left` plies to go): its value when it
 * has one without children (*v), else plays its first move and returns
 * false.  A node without a move (every cell near the stones taken) is
 * worth -GMG_INF, as gm_node's empty loop leaves it. */
GM_FN bool gmg_enter(const gmg_geom *g, gmg_pos *p, gmg_frame *f, int ply, int left, bool prune, int32_t *v,
                     uint64_t *nodes)
{
    ++*nodes;
    if (gmg_decided(g, p, ply, v))
        return true;
    if (left == 0) {
        *v = gmg_eval_leaf(g, p);
        return true;
    }
    /* The last ply by the moves' deltas: the shapes only (gm_node's). */
    if (left == 1 && !g->potential) {
        *v = gmg_frontier(g, p, ply, f->alpha, f->beta, prune, nodes);
        return true;
    }
    f->best = -GMG_INF;
    gmg_iter_begin(&f->it);
    const int m = gmg_iter_next(g, p, &f->it);
    if (m < 0) {
        *v = -GMG_INF;
        return true;
    }
    f->move = (int16_t)m;
    f->saved = p->h;
    gmg_play(g, p, m);
    return false;
}

/* The negamax value of p searched `depth` plies, p at ply ply0 of the
 * whole search (win scores count from its root); prune: alpha-beta, else
 * minimax.  p is restored.  stop: read every GMG_STOP_EVERY nodes (NULL:
 * none). */
GM_FN gmg_out gmg_thread_search(const gmg_geom *g, gmg_pos *p, int depth, int ply0, bool prune,
                                const volatile int *stop)
{
    gmg_frame f[GMG_THREAD_PLIES + 1];
    gmg_out out = { 0, 0, 0 };
    uint64_t next_check = GMG_STOP_EVERY;
    int sp = 0;
    int32_t v;
    f[0].alpha = -GMG_INF;
    f[0].beta = GMG_INF;
    for (;;) {
        if (!gmg_enter(g, p, &f[sp], ply0 + sp, depth - sp, prune, &v, &out.nodes)) {
            f[sp + 1].alpha = -f[sp].beta;
            f[sp + 1].beta = -f[sp].alpha;
            sp++;
            continue;
        }
        if (out.nodes >= next_check) {
            next_check = out.nodes + GMG_STOP_EVERY;
            if (stop && *stop) {
                out.stopped = 1;
                return out;
            }
        }
        /* Back up values until a node has another move to try. */
        for (;;) {
            if (sp == 0) {
                out.value = v;
                return out;
            }
            gmg_frame *up = &f[--sp];
            gmg_undo(g, p, up->move, &up->saved);
            v = -v;
            if (v > up->best) {
                up->best = v;
                if (v > up->alpha)
                    up->alpha = v;
            }
            const int m = prune && up->alpha >= up->beta ? -1 : gmg_iter_next(g, p, &up->it);
            if (m < 0) {
                v = up->best;
                continue;
            }
            up->move = (int16_t)m;
            up->saved = p->h;
            gmg_play(g, p, m);
            f[sp + 1].alpha = -up->beta;
            f[sp + 1].beta = -up->alpha;
            sp++;
            break;
        }
    }
}

/* One frontier node's search: root (its first gmg_pos_bytes, a copy the
 * thread owns in p) with its parent's path of `plies` moves played, then
 * the parent's k-th move, then searched depth plies: the value for the
 * frontier node's side to move. */
GM_FN gmg_out gmg_thread_job(const gmg_geom *g, const gmg_pos *root, const int16_t *path, int plies, int k,
                             int depth, bool prune, const volatile int *stop, gmg_pos *p)
{
    const int words = gmg_pos_bytes(g) / 8;
    for (int i = 0; i < words; i++)
        ((uint64_t *)p)[i] = ((const uint64_t *)root)[i];
    for (int i = 0; i < plies; i++)
        gmg_play(g, p, path[i]);
    gmg_play(g, p, gmg_kth_move(g, p, k));
    return gmg_thread_search(g, p, depth, plies + 1, prune, stop);
}

/* The parent of child i: the last of first[0 .. n-1] at or below i. */
GM_FN int gmg_parent_of(const int32_t *first, int n, int i)
{
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        const int mid = (lo + hi + 1) / 2;
        if (first[mid] <= i)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

#endif
