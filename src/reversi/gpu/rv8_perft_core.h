/*
 * Internal: the 8x8 GPU perft's per-thread work, for the kernel
 * (rv8_perft_kernel.cu) and the CPU executor (rv8_perft.c): the perft of
 * one position depth-first with an explicit stack, the last ply counted
 * from the move mask, with rv_perft's rules (a pass is a move, a game
 * that ends before the depth counts none).
 */
#ifndef GTS_RV8_PERFT_CORE_H
#define GTS_RV8_PERFT_CORE_H

#include "reversi/gpu/rv8_stop.h"

/* The deepest perft one task (a lane's, or a CPU thread's) does below a
 * host prefix.  Subtrees of 7 plies from ply 9 are about 6 * 10^6 leaves
 * (perft 16 / perft 9): a lane (an H100's ~10^5 lanes sharing ~10^11
 * leaves/s) takes seconds, so a lane also reads the stop word every
 * RV8P_STOP_NODES nodes; a CPU thread takes 10 ms. */
#define RV8P_MAX_DEPTH 7
#define RV8P_STOP_NODES 65536

/* Move sequences of `depth` (1..RV8P_MAX_DEPTH) plies from (me, opp), a
 * part of them once stop is raised.  A frame is pushed for each node with
 * two or more plies to go, so the stack holds at most depth - 1; a pass
 * replaces its node. */
RV_INLINE uint64_t rv8p_count(uint64_t me, uint64_t opp, int depth, const int *stop)
{
    uint64_t st_me[RV8P_MAX_DEPTH - 1], st_opp[RV8P_MAX_DEPTH - 1], st_moves[RV8P_MAX_DEPTH - 1];
    int st_depth[RV8P_MAX_DEPTH - 1];
    int top = 0;
    uint64_t n = 0;
    for (unsigned nodes = 1;; nodes++) {
        if (nodes % RV8P_STOP_NODES == 0 && rv8_stop_raised(stop))
            return n;
        const uint64_t moves = rv_moves_scalar(me, opp);
        if (moves && depth == 1) {
            n += (uint64_t)rv_popcount(moves);
        } else if (moves) {
            st_me[top] = me, st_opp[top] = opp, st_moves[top] = moves, st_depth[top] = depth;
            top++;
        } else if (rv_moves_scalar(opp, me)) {
            if (depth == 1) {
                n++;
            } else {
                const uint64_t t = me;
                me = opp, opp = t, depth--;
                continue;
            }
        }
        while (top > 0 && !st_moves[top - 1])
            top--;
        if (top == 0)
            return n;
        const int f = top - 1, sq = rv_first_square(st_moves[f]);
        st_moves[f] &= st_moves[f] - 1;
        const uint64_t flips = rv_flips_shift(st_me[f], st_opp[f], sq);
        me = st_opp[f] & ~flips;
        opp = st_me[f] | flips | ((uint64_t)1 << sq);
        depth = st_depth[f] - 1;
    }
}

#endif
