/*
 * Internal: the PVS design's block search for Gomoku: core/gpu's
 * block-cooperative alpha-beta (gpv_block_search.h) over the node
 * functions below, a thread block per sibling and a thread per cell (the
 * candidates of a node found a row a thread, the last ply's moves valued
 * a cell a thread).  A stack node is a gmg_pos cut to the board's lines
 * followed by its moves as a bit mask over the cells.
 */
#ifndef GTS_GMG_BLOCK_H
#define GTS_GMG_BLOCK_H

#include "core/gpu/gb_block.h"
#include "core/gpu/gpv_search.h"
#include "gomoku/gpu/gmg_board.h"

typedef struct gmg_bgame {
    gmg_geom g;
    int root_stones;           /* win scores count plies from the root: stones - root_stones */
    int pos_bytes, mask_off, mask_words, stride;
} gmg_bgame;

GM_FN int gmg_round16(int n)
{
    return (n + 15) & ~15;
}

GM_FN void gmg_bgame_layout(gmg_bgame *b)
{
    b->pos_bytes = gmg_round16(gmg_pos_bytes(&b->g));
    b->mask_off = b->pos_bytes;
    b->mask_words = (b->g.cells + 31) / 32;
    b->stride = gmg_round16(b->mask_off + 4 * b->mask_words);
}

GM_FN int gmg_bply(const gmg_bgame *b, const uint8_t *pos)
{
    return ((const gmg_pos *)pos)->h.stones - b->root_stones;
}

/* A node with no move: decided, or (no candidate left) -GMG_INF. */
GB_FN int32_t gmg_bfinal(const gmg_bgame *b, const uint8_t *pos, int64_t *scratch)
{
    (void)scratch;
    int32_t v;
    if (!gmg_decided(&b->g, (const gmg_pos *)pos, gmg_bply(b, pos), &v))
        v = -GMG_INF;
    GB_SYNC();
    return v;
}

GB_FN int32_t gmg_beval(const gmg_bgame *b, const uint8_t *pos, int64_t *scratch)
{
    (void)scratch;
    const gmg_pos *p = (const gmg_pos *)pos;
    int32_t v;
    if (!gmg_decided(&b->g, p, gmg_bply(b, pos), &v))
        v = gmg_eval(p);
    GB_SYNC();
    return v;
}

/* The moves of pos into mask: the opponent's five points, else each
 * thread's rows of candidates.  How many, or -1 when there is none (a
 * decided node included). */
GB_FN int gmg_bgen(const gmg_bgame *b, const uint8_t *pos, uint32_t *mask, int64_t *scratch)
{
    const gmg_geom *g = &b->g;
    const gmg_pos *p = (const gmg_pos *)pos;
    int32_t v;
    if (gmg_decided(g, p, gmg_bply(b, pos), &v)) {
        GB_SYNC();
        return -1;
    }
    for (int w = GB_TID; w < b->mask_words; w += GB_THREADS)
        mask[w] = 0;
    GB_SYNC();
    int64_t n = 0;
    const int them = p->h.side ^ 1;
    if (p->h.t.n[them]) {
        for (int i = GB_TID; i < p->h.t.n[them]; i += GB_THREADS) {
            const int cell = p->h.t.cell[them][i];
            GB_OR32(mask + (cell >> 5), 1u << (cell & 31));
            n++;
        }
    } else {
        for (int y = GB_TID; y < g->height; y += GB_THREADS)
            for (uint32_t row = gmg_row_candidates(g, p, y); row; row &= row - 1) {
                const int cell = y * g->width + (int)GM_CTZ64((uint64_t)row);
                GB_OR32(mask + (cell >> 5), 1u << (cell & 31));
                n++;
            }
    }
    n = gb_sum(n, scratch);
    return n ? (int)n : -1;
}

/* dst = src with move played: the block copies, one thread plays. */
GB_FN void gmg_bplay(const gmg_bgame *b, uint8_t *dst, const uint8_t *src, int move, int64_t *scratch)
{
    (void)scratch;
    for (int i = GB_TID; i < b->pos_bytes / 8; i += GB_THREADS)
        ((uint64_t *)dst)[i] = ((const uint64_t *)src)[i];
    GB_SYNC();
    if (GB_TID == 0)
        gmg_play(&b->g, (gmg_pos *)dst, move);
    GB_SYNC();
}

/* Gomoku never passes: gmg_bgen answers -1 rather than 0. */
GB_FN void gmg_bpass(const gmg_bgame *b, uint8_t *dst, const uint8_t *src, int64_t *scratch)
{
    (void)b, (void)dst, (void)src, (void)scratch;
}

/* A node one ply from the horizon: its moves valued a cell a thread. */
GB_FN int32_t gmg_bfrontier(const gmg_bgame *b, const uint8_t *pos, uint32_t *mask, int64_t *scratch,
                            uint64_t *nodes)
{
    const gmg_pos *p = (const gmg_pos *)pos;
    const int ply = gmg_bply(b, pos);
    const int n = gmg_bgen(b, pos, mask, scratch);
    if (n < 0)
        return gmg_bfinal(b, pos, scratch);
    const int32_t here = gmg_eval(p);
    int32_t best = -GMG_INF;
    GB_SPAN(lo, hi, b->g.cells);
    for (int cell = lo; cell < hi; cell++)
        if ((mask[cell >> 5] >> (cell & 31)) & 1) {
            const int32_t v = gmg_frontier_move(&b->g, p, ply, cell, here);
            best = v > best ? v : best;
        }
    *nodes += (uint64_t)n;
    return gb_max(best, scratch);
}

#define GPV_GAME gmg_bgame
#define GPV_POS_BYTES(g) ((g)->pos_bytes)
#define GPV_MASK_OFF(g) ((g)->mask_off)
#define GPV_MASK_WORDS(g) ((g)->mask_words)
#define GPV_STRIDE(g) ((g)->stride)
#define GPV_NAME(x) gmg_block_##x
#define GPV_GEN gmg_bgen
#define GPV_PLAY gmg_bplay
#define GPV_PASS gmg_bpass
#define GPV_EVAL gmg_beval
#define GPV_FINAL gmg_bfinal
#define GPV_FRONTIER gmg_bfrontier
#include "core/gpu/gpv_block_search.h"
#undef GPV_GAME
#undef GPV_POS_BYTES
#undef GPV_MASK_OFF
#undef GPV_MASK_WORDS
#undef GPV_STRIDE
#undef GPV_NAME
#undef GPV_GEN
#undef GPV_PLAY
#undef GPV_PASS
#undef GPV_EVAL
#undef GPV_FINAL
#undef GPV_FRONTIER

#endif
