/*
 * Reversi's block-cooperative node functions with a row per 64-bit word
 * (rv_wxh_gpu_core.h): a position is me[H] then opp[H], column x at bit x,
 * then the WPC of the side to move (int32, kept up to date by play from
 * the move and its flips, as the CPU search does: the leaf then reads it
 * instead of a weight per disc, ~2,000 loads on a 64x64 midgame board);
 * a move is y * 64 + x, its mask a 64-bit word per row.  Included by
 * rv_wxh_gpu_core.h only.
 */
#ifndef GTS_RV_WXH_GPU_ROWS_H
#define GTS_RV_WXH_GPU_ROWS_H

#include "reversi/rv_8x8_bits.h"   /* rv_popcount, host and device */

GB_FN uint64_t rvg_full(int width)
{
    return width == 64 ? ~0ull : (1ull << width) - 1;
}

/* Row v moved so that column x + s lands on column x. */
GB_FN uint64_t rvg_align(uint64_t v, int s, uint64_t full)
{
    if (s >= 64 || s <= -64)
        return 0;
    return (s >= 0 ? v >> s : v << -s) & full;
}

/* The moves of the side to move in row y, every column at once, and in
 * *theirs the other side's: along each direction a run of the other
 * side's discs closed by one of the mover's.  One walk serves both sides
 * (each row on the way aligned once for the two). */
GB_FN uint64_t rvg_row_moves(const rvg_game *g, const uint64_t *me, const uint64_t *opp, int y, uint64_t *theirs)
{
    const uint64_t full = rvg_full(g->width), empty = ~(me[y] | opp[y]) & full;
    uint64_t mine = 0, other = 0;
    for (int d = 0; d < 8; d++) {
        const int dx = rvg_dx(d), dy = rvg_dy(d);
        uint64_t run_me = empty, run_opp = empty;
        for (int k = 1, yy = y + dy; (run_me | run_opp) && yy >= 0 && yy < g->height; k++, yy += dy) {
            const uint64_t m = rvg_align(me[yy], k * dx, full), o = rvg_align(opp[yy], k * dx, full);
            if (k > 1) {
                mine |= run_me & m;
                other |= run_opp & o;
            }
            run_me &= o;
            run_opp &= m;
        }
    }
    *theirs = other;
    return mine;
}

GB_FN int rvg_rows_gen(const rvg_game *g, const uint8_t *pos, uint32_t *mask32, int64_t *scratch)
{
    const uint64_t *me = (const uint64_t *)pos, *opp = me + g->height;
    uint64_t *mask = (uint64_t *)mask32;
    GB_SPAN(lo, hi, g->height);
    int n = 0, theirs = 0;
    for (int y = lo; y < hi; y++) {
        uint64_t other;
        mask[y] = rvg_row_moves(g, me, opp, y, &other);
        n += rv_popcount(mask[y]);
        theirs += other != 0;
    }
    n = (int)gb_sum(n, scratch);
    if (n)
        return n;
    return gb_sum(theirs, scratch) ? 0 : -1;
}

/* The WPC word after the rows. */
GB_FN int32_t *rvg_rows_wpc(const rvg_game *g, const uint8_t *pos)
{
    return (int32_t *)(pos + 16 * g->height);
}

/* Discs of the other side from (x, y) in direction d closed by one of the
 * mover's (0 if none closes the line), *weight their weights' sum. */
GB_FN int rvg_rows_ray(const rvg_game *g, const uint64_t *me, const uint64_t *opp, int x, int y, int d,
                       int64_t *weight)
{
    const int dx = rvg_dx(d), dy = rvg_dy(d);
    int k = 0;
    *weight = 0;
    for (x += dx, y += dy; x >= 0 && x < g->width && y >= 0 && y < g->height; x += dx, y += dy) {
        if ((me[y] >> x) & 1)
            return k;
        if (!((opp[y] >> x) & 1))
            break;
        *weight += g->weight[y * g->width + x];
        k++;
    }
    *weight = 0;
    return 0;
}

GB_FN void rvg_rows_play(const rvg_game *g, uint8_t *dst, const uint8_t *src, int sq, int64_t *scratch)
{
    const uint64_t *me = (const uint64_t *)src, *opp = me + g->height;
    uint64_t *to_me = (uint64_t *)dst, *to_opp = to_me + g->height;
    const int mx = sq & 63, my = sq >> 6;
    int64_t *ray = RVG_RAY(scratch), *ray_weight = RVG_RAY_WEIGHT(scratch);
    for (int d = GB_TID; d < 8; d += GB_THREADS)
        ray[d] = rvg_rows_ray(g, me, opp, mx, my, d, &ray_weight[d]);
    GB_SYNC();
    if (GB_TID == 0) {
        /* The mover gains the move's weight and each flip's twice; the child is the other side's view. */
        int64_t gain = g->weight[my * g->width + mx];
        for (int d = 0; d < 8; d++)
            gain += 2 * ray_weight[d];
        *rvg_rows_wpc(g, dst) = -(int32_t)(*rvg_rows_wpc(g, src) + gain);
    }
    GB_SPAN(lo, hi, g->height);
    for (int y = lo; y < hi; y++) {
        uint64_t flips = 0;
        for (int d = 0; d < 8; d++) {
            const int dx = rvg_dx(d), dy = rvg_dy(d), n = (int)ray[d];
            if (!dy) {
                if (y == my && n)   /* the n squares beside the move */
                    flips |= ((1ull << n) - 1) << (dx > 0 ? mx + 1 : mx - n);
            } else if ((y - my) * dy >= 1 && (y - my) * dy <= n) {
                flips |= 1ull << (mx + (y - my) * dy * dx);
            }
        }
        const uint64_t placed = y == my ? 1ull << mx : 0;
        to_me[y] = opp[y] & ~flips;
        to_opp[y] = me[y] | flips | placed;
    }
    GB_SYNC();
}

GB_FN void rvg_rows_pass(const rvg_game *g, uint8_t *dst, const uint8_t *src, int64_t *scratch)
{
    (void)scratch;
    const uint64_t *me = (const uint64_t *)src;
    uint64_t *to = (uint64_t *)dst;
    GB_SPAN(lo, hi, g->height);
    for (int y = lo; y < hi; y++) {
        to[y] = me[g->height + y];
        to[g->height + y] = me[y];
    }
    if (GB_TID == 0)
        *rvg_rows_wpc(g, dst) = -*rvg_rows_wpc(g, src);
    GB_SYNC();
}

GB_FN int32_t rvg_rows_eval(const rvg_game *g, const uint8_t *pos, int64_t *scratch)
{
    const uint64_t *me = (const uint64_t *)pos, *opp = me + g->height;
    GB_SPAN(lo, hi, g->height);
    const int64_t wpc = GB_TID == 0 ? *rvg_rows_wpc(g, pos) : 0;
    int mine = 0, theirs = 0, nme = 0, nopp = 0;
    for (int y = lo; y < hi; y++) {
        uint64_t other;
        mine += rv_popcount(rvg_row_moves(g, me, opp, y, &other));
        theirs += rv_popcount(other);
        nme += rv_popcount(me[y]);
        nopp += rv_popcount(opp[y]);
    }
    return rvg_leaf(g, wpc, mine, theirs, nme, nopp, scratch);
}

GB_FN int32_t rvg_rows_final(const rvg_game *g, const uint8_t *pos, int64_t *scratch)
{
    const uint64_t *me = (const uint64_t *)pos, *opp = me + g->height;
    GB_SPAN(lo, hi, g->height);
    int nme = 0, nopp = 0;
    for (int y = lo; y < hi; y++) {
        nme += rv_popcount(me[y]);
        nopp += rv_popcount(opp[y]);
    }
    const int64_t n = gb_sum(RVG_PACK(0, 0, nme, nopp), scratch);
    return rvg_final_value(RVG_FIELD(n, 2), RVG_FIELD(n, 3), g->squares);
}

#endif
