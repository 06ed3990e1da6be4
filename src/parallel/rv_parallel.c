/*
 * The depth-limited Reversi search on several threads: PV-split (Marsland
 * & Campbell), the CPU form of the GPU report's player, over the shared
 * lock-free table.
 *
 * Along the principal variation (the leftmost path of the ordered tree)
 * each node searches its first move alone, recursively so, to set the
 * bound the others must beat; the rest of its moves are then shared out to
 * the threads, each searching its move's subtree serially with the
 * algorithm's window against the best value so far (a null window first
 * for PVS) and widening when the move beats it.  A value that reaches beta
 * stops the node's other threads.  Every value kept was searched with a
 * window that makes it exact or a true bound, and the table holds only
 * bounds of the depth they were searched to, so the root's score is the
 * serial one: only the work differs.
 */
#include <omp.h>

#include "../search/rv_search_internal.h"

/* Nodes closer to the leaves than this are searched serially: their
 * subtrees are too small to share. */
#define SPLIT_DEPTH 5

int32_t rv_parallel_node(rv_ctx *c, int ply, int depth, int32_t alpha, int32_t beta)
{
    if (depth < SPLIT_DEPTH)
        return rv_node(c, ply, depth, alpha, beta, true);
    rv_searcher *s = c->searcher;
    c->nodes++;
    const rvb *b = &c->b[ply];
    uint64_t key = 0;
    int tt_index = -1;
    if (c->tt) {
        key = rv_hash(b);
        htt_hit hit;
        if (htt_probe(c->tt, key, &hit))
            tt_index = hit.move;
    }
    const int n = rv_order_moves(c, ply, tt_index, true);
    if (!n) {
        if (!rvb_mobility(b, true))
            return rv_final_value(b);
        if (ply == 0)
            c->root_move = RVB_PASS;
        rvb_copy(&c->b[ply + 1], b);
        rvb_pass(&c->b[ply + 1]);
        return -rv_parallel_node(c, ply + 1, depth - 1, -beta, -alpha);
    }
    /* The whole order first: key[ply][k] then names the k-th move. */
    for (int k = 0; k < n; k++)
        rv_pick(c, ply, k, n);
    const int32_t *order = c->key[ply];
    const int16_t *list = c->list[ply];
    const int32_t alpha0 = alpha;
    int best_k = 0;
    rvb_copy(&c->b[ply + 1], b);
    rvb_play(&c->b[ply + 1], list[4095 - (order[0] & 4095)]);
    int32_t best = -rv_parallel_node(c, ply + 1, depth - 1, -beta, -alpha);
    if (c->stopped)
        return 0;
    if (best > alpha)
        alpha = best;
    if (alpha < beta && n > 1) {
        atomic_int cutoff = 0;
        _Atomic int32_t shared_alpha = alpha;
#pragma omp parallel num_threads(s->o.threads)
        {
            rv_ctx *w = s->ctx[1 + omp_get_thread_num()];
            rvb_copy(&w->b[ply], b);
            w->cutoff = &cutoff;
#pragma omp for schedule(dynamic, 1)
            for (int k = 1; k < n; k++) {
                if (atomic_load_explicit(&cutoff, memory_order_relaxed) || atomic_load(c->abort))
                    continue;
                const int32_t a = atomic_load(&shared_alpha);
                w->stopped = false;
                const int32_t v =
                    rv_child_value(w, ply, list[4095 - (order[k] & 4095)], depth, a, beta, false, true);
                if (w->stopped)
                    continue;
#pragma omp critical(rv_split_best)
                {
                    /* Only a value above the bound it was searched against
                     * is exact (or a lower bound at beta). */
                    if (v > best || (v == best && v > a && k < best_k)) {
                        best = v;
                        best_k = k;
                    }
                    if (v > atomic_load(&shared_alpha))
                        atomic_store(&shared_alpha, v);
                    if (v >= beta)
                        atomic_store(&cutoff, 1);
                }
            }
            w->cutoff = NULL;
            w->stopped = false;
        }
        if (atomic_load(c->abort)) {
            c->stopped = true;
            return 0;
        }
    }
    const int best_index = 4095 - (order[best_k] & 4095);
    if (ply == 0)
        c->root_move = list[best_index];
    if (c->tt) {
        const int bound = best <= alpha0 ? HTT_BOUND_UPPER : best >= beta ? HTT_BOUND_LOWER : HTT_BOUND_EXACT;
        htt_store(c->tt, key, best, best_index < 2046 ? best_index : -1, depth, bound);
    }
    return best;
}
