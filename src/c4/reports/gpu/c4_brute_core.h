/*
 * The brute-force player of the GPU report (../shared/papers/004...): every
 * sequence of `depth` moves from a position is played out, each scored by
 * the heuristic evaluation (c4_eval.h) summed over its positions, and the
 * sums are added up per first move.  Written once for the kernel
 * (c4_brute_kernel.cu) and the CPU executor (c4_brute.c).
 *
 * Sequence number idx in [0, W^depth) names its moves as base-W digits,
 * the first move most significant, so the first move of every sequence in
 * a block of W^k consecutive numbers is the same: the kernel gives each
 * block such a run and sums it in shared memory.
 *
 * How a sequence is scored, as we read the report: a move into a full
 * column makes the sequence invalid (it counts for nothing); a move that
 * wins ends it with +C4_EVAL_WIN if the side at the root made it, else
 * -C4_EVAL_WIN; otherwise each position reached adds its evaluation for the
 * side at the root.
 */
#ifndef GTS_C4_BRUTE_CORE_H
#define GTS_C4_BRUTE_CORE_H

#include "c4/reports/c4_eval.h"

#define C4B_MAX_DEPTH 10

/* W^e. */
C4_INLINE uint64_t c4b_power(int w, int e)
{
    uint64_t r = 1;
    while (e-- > 0)
        r *= (uint64_t)w;
    return r;
}

/* The utility of sequence idx for the side to move at p; *valid is false
 * if it plays into a full column. */
C4_INLINE long long c4b_sequence_utility(const c4_geom *g, const c4_windows *w, const c4_pos *p, uint64_t idx,
                                         int depth, bool *valid)
{
    int cols[C4B_MAX_DEPTH];
    for (int k = depth - 1; k >= 0; k--) {
        cols[k] = (int)(idx % (uint64_t)g->width);
        idx /= (uint64_t)g->width;
    }
    c4_pos q = *p;
    long long u = 0;
    for (int k = 0; k < depth; k++) {
        if (!c4_can_play(g, &q, cols[k])) {
            *valid = false;
            return 0;
        }
        const bool root_side = k % 2 == 0;
        if (c4_is_winning_move(g, &q, cols[k])) {
            *valid = true;
            return u + (root_side ? C4_EVAL_WIN : -C4_EVAL_WIN);
        }
        c4_play(g, &q, cols[k]);
        const uint64_t own = root_side ? q.cur ^ q.mask : q.cur;
        u += c4_eval(w, own, q.mask ^ own);
        if (q.moves == g->cells)
            break;
    }
    *valid = true;
    return u;
}

#endif
