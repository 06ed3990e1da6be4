/*
 * The PV-split design's block search, written once for every game: one
 * thread block searches one sibling by iterative alpha-beta (negamax,
 * fail-soft) over an explicit stack of nodes, no device recursion.  The
 * stack lives where the caller puts it: shared memory when (depth + 1)
 * nodes fit, as in the report, else a slab of global memory per block.
 * Each stack entry is a node: the position (GPV_POS_BYTES) and its moves
 * as a bit mask (GPV_MASK_WORDS 32-bit words), stride GPV_STRIDE.
 *
 * The window, best value and next move of each ply are kept in every
 * thread's registers, computed the same way by all of them from the
 * block-wide results of the game's functions: the report had one thread do
 * this bookkeeping and the others wait for it at a barrier; computing it
 * everywhere gives the same decisions with no barrier.
 *
 * A template: define before including it
 *   GPV_GAME                 the game's context type (board size, weights)
 *   GPV_NAME(x)              the name of x in this instantiation
 *   GPV_POS_BYTES(g), GPV_MASK_OFF(g), GPV_MASK_WORDS(g), GPV_STRIDE(g)
 *   GPV_GEN(g, pos, mask, scratch)    moves of pos into mask; returns how
 *                            many, 0 when the side to move must pass, -1
 *                            when the game is over
 *   GPV_PLAY(g, dst, src, move, scratch), GPV_PASS(g, dst, src, scratch)
 *   GPV_EVAL(g, pos, scratch)  the leaf value for the side to move (a
 *                            finished game's score included)
 *   GPV_FINAL(g, pos, scratch) a finished game's score
 * and optionally
 *   GPV_FRONTIER(g, pos, mask, scratch, nodes)  the value of a node one ply
 *                            from the horizon without playing its moves
 *                            (Gomoku values a move by its delta: the
 *                            block's threads value the moves at once),
 *                            the moves it valued added to *nodes
 * each block-cooperative (gb_block.h) and ending with a barrier; scratch
 * holds GB_SCRATCH_WORDS words plus whatever the game needs after them.
 */
#include "core/gpu/gb_block.h"
#include "core/gpu/gpv_search.h"

/* The lowest move of mask at or after square from, or -1. */
GB_FN int GPV_NAME(next_move)(const uint32_t *mask, int words, int from)
{
    for (int w = from >> 5; w < words; w++) {
        uint32_t m = mask[w];
        if (w == from >> 5)
            m &= ~0u << (from & 31);
        if (m)
#ifdef __CUDACC__
            return w * 32 + __ffs(m) - 1;
#else
            return w * 32 + __builtin_ctz(m);
#endif
    }
    return -1;
}

/* The value of the node in stack[0] searched depth plies (0..GPV_MAX_PLY)
 * with the window (alpha, beta); stop: raised by the host, read every
 * GPV_STOP_EVERY nodes (NULL: none). */
GB_FN gpv_out GPV_NAME(block_search)(const GPV_GAME *g, uint8_t *stack, int depth, int32_t alpha, int32_t beta,
                                     const volatile int *stop, int64_t *scratch)
{
    int32_t a[GPV_MAX_PLY + 1], b[GPV_MAX_PLY + 1], best[GPV_MAX_PLY + 1];
    int next[GPV_MAX_PLY + 1];   /* the next square to try; -1: the node passed */
    gpv_out out = { 0, 0, 0 };
    int sp = 0;
    int32_t v = 0;
    a[0] = alpha;
    b[0] = beta;
    for (;;) {
        /* Enter the node at sp: a leaf's value, or its first child. */
        uint8_t *pos = stack + (size_t)sp * GPV_STRIDE(g);
        uint32_t *mask = (uint32_t *)(pos + GPV_MASK_OFF(g));
        bool has_value = true;
        out.nodes++;
        if (out.nodes % GPV_STOP_EVERY == 0 && gb_any(GB_TID == 0 && stop && *stop)) {
            out.stopped = 1;
            return out;
        }
        if (sp == depth) {
            v = GPV_EVAL(g, pos, scratch);
#ifdef GPV_FRONTIER
        } else if (sp == depth - 1) {
            v = GPV_FRONTIER(g, pos, mask, scratch, &out.nodes);
#endif
        } else {
            const int n = GPV_GEN(g, pos, mask, scratch);
            if (n < 0) {
                v = GPV_FINAL(g, pos, scratch);
            } else {
                best[sp] = -2147483647;
                has_value = false;
                if (n == 0) {
                    next[sp] = -1;
                    GPV_PASS(g, pos + GPV_STRIDE(g), pos, scratch);
                } else {
                    const int sq = GPV_NAME(next_move)(mask, GPV_MASK_WORDS(g), 0);
                    next[sp] = sq + 1;
                    GPV_PLAY(g, pos + GPV_STRIDE(g), pos, sq, scratch);
                }
            }
        }
        /* Back up values until a node has another child to try. */
        while (has_value) {
            if (sp == 0) {
                out.value = v;
                return out;
            }
            sp--;
            v = -v;
            if (v > best[sp]) {
                best[sp] = v;
                if (v > a[sp])
                    a[sp] = v;
            }
            uint8_t *up = stack + (size_t)sp * GPV_STRIDE(g);
            const int sq = next[sp] < 0 || a[sp] >= b[sp]
                               ? -1
                               : GPV_NAME(next_move)((const uint32_t *)(up + GPV_MASK_OFF(g)), GPV_MASK_WORDS(g),
                                                     next[sp]);
            if (sq < 0) {
                v = best[sp];
            } else {
                next[sp] = sq + 1;
                GPV_PLAY(g, up + GPV_STRIDE(g), up, sq, scratch);
                has_value = false;
            }
        }
        a[sp + 1] = -b[sp];
        b[sp + 1] = -a[sp];
        sp++;
    }
}
