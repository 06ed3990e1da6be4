/*
 * Reversi on W x H boards (W, H in 8, 16, 32, 64) as the PV-split block
 * search's game (core/gpu/gpv_block_search.h), in two layouts, compiled by
 * nvcc for the kernel (rv_wxh_gpu_kernel.cu) and by the C compiler for the
 * CPU executor (rv_wxh_gpu.c).
 *
 * bytes: the report's: a byte per square (1 the side to move, 2 the other,
 *   0 empty); each thread owns a run of consecutive squares (Figure 3): it
 *   marks its legal squares, decides its squares' flips, sums its squares'
 *   weights and mobility; the block adds the sums.
 * rows: a row per 64-bit word (for 64-wide boards the CPU's rvb layout):
 *   each thread owns whole rows and finds a row's moves for all its
 *   squares at once by shifting the rows above and below it.
 *
 * In both, the eight flip lengths of a move are walked by eight threads
 * first, and every thread then decides its own squares from them.  The
 * evaluation is the CPU search's (rv_leaf_value): the same per-square
 * weights (rv_weights_init's table, copied), WPC + mobility * (mine -
 * theirs), and a finished game's RV_WIN + disc difference, empties to the
 * winner.
 */
#ifndef GTS_RV_WXH_GPU_CORE_H
#define GTS_RV_WXH_GPU_CORE_H

#include "core/gpu/gb_block.h"
#include "core/gpu/gpv_search.h"
/* RV_WIN and RVB_MAX_SQUARES (gts/reversi_search.h and reversi_board.h,
 * which nvcc cannot take: C11 atomics); rv_wxh_gpu.c checks they agree. */
#define RVG_WIN 1000000
#define RVG_MAX_SQUARES 4096

/* A board as both executors' search sees it. */
typedef struct rvg_game {
    int width, height, squares;
    int mobility;               /* hundredths per move of mobility difference */
    int rows;                   /* 1: the row layout, 0: bytes */
    int pos_bytes, mask_off, mask_words, stride;
    const int16_t *weight;      /* per square, row by row (device memory in a kernel) */
} rvg_game;

/* Scratch: the reductions' words, the eight flip lengths, then (rows) the
 * weights of each direction's flips. */
#define RVG_SCRATCH_WORDS (GB_SCRATCH_WORDS + 16)
#define RVG_RAY(scratch) ((scratch) + GB_SCRATCH_WORDS)
#define RVG_RAY_WEIGHT(scratch) ((scratch) + GB_SCRATCH_WORDS + 8)

/* Direction d (0..7) as a step (dx, dy), and back. */
GB_FN int rvg_dx(int d)
{
    return (d < 4 ? d : d + 1) % 3 - 1;
}
GB_FN int rvg_dy(int d)
{
    return (d < 4 ? d : d + 1) / 3 - 1;
}
GB_FN int rvg_dir(int sx, int sy)
{
    const int d = (sy + 1) * 3 + sx + 1;
    return d < 4 ? d : d - 1;
}

GB_FN int32_t rvg_final_value(int me, int opp, int squares)
{
    const int empty = squares - me - opp;
    const int d = me > opp ? me - opp + empty : me < opp ? me - opp - empty : 0;
    return d > 0 ? RVG_WIN + d : d < 0 ? -RVG_WIN + d : 0;
}

/* Counts packed in one word for one reduction: 16 bits each. */
#define RVG_PACK(mine, theirs, nme, nopp) \
    ((int64_t)(mine) | (int64_t)(theirs) << 16 | (int64_t)(nme) << 32 | (int64_t)(nopp) << 48)
#define RVG_FIELD(v, i) ((int)(((v) >> (16 * (i))) & 0xffff))

/* The leaf value from every thread's part: one block sum for the weights
 * and both mobilities (the weights above bit 26, signed, the counts below:
 * each under 2^13, so the low bits never carry into the weights), a second
 * for the discs only when neither side can move. */
GB_FN int32_t rvg_leaf(const rvg_game *g, int64_t wpc, int mine, int theirs, int nme, int nopp, int64_t *scratch)
{
    const int64_t v = gb_sum(wpc * ((int64_t)1 << 26) + mine + ((int64_t)theirs << 13), scratch);
    const int m = (int)(v & 8191), t = (int)((v >> 13) & 8191);
    if (!m && !t) {
        const int64_t n = gb_sum(RVG_PACK(0, 0, nme, nopp), scratch);
        return rvg_final_value(RVG_FIELD(n, 2), RVG_FIELD(n, 3), g->squares);
    }
    return (int32_t)(v >> 26) + g->mobility * (m - t);
}

#include "reversi/wxh/gpu/rv_wxh_gpu_bytes.h"
#include "reversi/wxh/gpu/rv_wxh_gpu_rows.h"

#define GPV_GAME rvg_game
#define GPV_POS_BYTES(g) ((g)->pos_bytes)
#define GPV_MASK_OFF(g) ((g)->mask_off)
#define GPV_MASK_WORDS(g) ((g)->mask_words)
#define GPV_STRIDE(g) ((g)->stride)

#define GPV_NAME(x) rvg_bytes_##x
#define GPV_GEN rvg_bytes_gen
#define GPV_PLAY rvg_bytes_play
#define GPV_PASS rvg_bytes_pass
#define GPV_EVAL rvg_bytes_eval
#define GPV_FINAL rvg_bytes_final
#include "core/gpu/gpv_block_search.h"
#undef GPV_NAME
#undef GPV_GEN
#undef GPV_PLAY
#undef GPV_PASS
#undef GPV_EVAL
#undef GPV_FINAL

#define GPV_NAME(x) rvg_rows_##x
#define GPV_GEN rvg_rows_gen
#define GPV_PLAY rvg_rows_play
#define GPV_PASS rvg_rows_pass
#define GPV_EVAL rvg_rows_eval
#define GPV_FINAL rvg_rows_final
#include "core/gpu/gpv_block_search.h"

/* A job's move (gpv_search.h) on the device: a square in the layout's
 * numbering (bytes y * W + x, rows y * 64 + x), the pass, or GPV_SELF. */
#define RVG_PASS (-2)

/* The node a job searches, its parent in stack[0] already: the parent
 * itself, or its child by move, played into stack[1]. */
GB_FN uint8_t *rvg_job_node(const rvg_game *g, uint8_t *stack, int move, int64_t *scratch)
{
    uint8_t *child = stack + g->stride;
    if (move == GPV_SELF)
        return stack;
    if (move == RVG_PASS) {
        if (g->rows)
            rvg_rows_pass(g, child, stack, scratch);
        else
            rvg_bytes_pass(g, child, stack, scratch);
    } else if (g->rows) {
        rvg_rows_play(g, child, stack, move, scratch);
    } else {
        rvg_bytes_play(g, child, stack, move, scratch);
    }
    return child;
}

/* One node, in the game's layout, at the top of stack. */
GB_FN gpv_out rvg_block_search(const rvg_game *g, uint8_t *stack, int depth, int32_t alpha, int32_t beta,
                               const volatile int *stop, int64_t *scratch)
{
    return g->rows ? rvg_rows_block_search(g, stack, depth, alpha, beta, stop, scratch)
                   : rvg_bytes_block_search(g, stack, depth, alpha, beta, stop, scratch);
}

#endif
