/*
 * Reversi's block-cooperative node functions in the report's layout: a
 * byte per square (rv_wxh_gpu_core.h).  Included by it only.
 */
#ifndef GTS_RV_WXH_GPU_BYTES_H
#define GTS_RV_WXH_GPU_BYTES_H

/* How many discs of the other side lie between (x, y) and a disc of `me`
 * in direction d (0: none, or no disc of me closes the line). */
GB_FN int rvg_bytes_ray(const rvg_game *g, const uint8_t *c, int x, int y, int d, int me)
{
    const int dx = rvg_dx(d), dy = rvg_dy(d), W = g->width, H = g->height;
    int k = 0;
    for (x += dx, y += dy; x >= 0 && x < W && y >= 0 && y < H; x += dx, y += dy) {
        const int v = c[y * W + x];
        if (v == me)
            return k;
        if (v != 3 - me)
            return 0;
        k++;
    }
    return 0;
}

GB_FN bool rvg_bytes_legal(const rvg_game *g, const uint8_t *c, int s, int me)
{
    const int x = s % g->width, y = s / g->width;
    for (int d = 0; d < 8; d++)
        if (rvg_bytes_ray(g, c, x, y, d, me))
            return true;
    return false;
}

/* Which sides may play the empty square s: bit 0 the side to move, bit 1
 * the other.  One walk a direction serves both: the run's colour says who
 * could flank it. */
GB_FN int rvg_bytes_legal_both(const rvg_game *g, const uint8_t *c, int s)
{
    const int W = g->width, H = g->height, x0 = s % W, y0 = s / W;
    int sides = 0;
    for (int d = 0; d < 8 && sides != 3; d++) {
        const int dx = rvg_dx(d), dy = rvg_dy(d);
        int x = x0 + dx, y = y0 + dy;
        const int run = x >= 0 && x < W && y >= 0 && y < H ? c[y * W + x] : 0;
        if (!run)
            continue;
        do {
            x += dx;
            y += dy;
        } while (x >= 0 && x < W && y >= 0 && y < H && c[y * W + x] == run);
        if (x >= 0 && x < W && y >= 0 && y < H && c[y * W + x] == 3 - run)
            sides |= run == 2 ? 1 : 2;
    }
    return sides;
}

GB_FN int rvg_bytes_gen(const rvg_game *g, const uint8_t *c, uint32_t *mask, int64_t *scratch)
{
    for (int w = GB_TID; w < g->mask_words; w += GB_THREADS)
        mask[w] = 0;
    GB_SYNC();
    GB_SPAN(lo, hi, g->squares);
    int n = 0;
    for (int s = lo; s < hi; s++)
        if (!c[s] && rvg_bytes_legal(g, c, s, 1)) {
            GB_OR32(&mask[s >> 5], 1u << (s & 31));
            n++;
        }
    n = (int)gb_sum(n, scratch);
    if (n)
        return n;
    int theirs = 0;
    for (int s = lo; s < hi; s++)
        theirs += !c[s] && rvg_bytes_legal(g, c, s, 2);
    return gb_sum(theirs, scratch) ? 0 : -1;
}

GB_FN void rvg_bytes_play(const rvg_game *g, uint8_t *dst, const uint8_t *src, int sq, int64_t *scratch)
{
    const int mx = sq % g->width, my = sq / g->width;
    int64_t *ray = RVG_RAY(scratch);
    for (int d = GB_TID; d < 8; d += GB_THREADS)
        ray[d] = rvg_bytes_ray(g, src, mx, my, d, 1);
    GB_SYNC();
    GB_SPAN(lo, hi, g->squares);
    for (int s = lo; s < hi; s++) {
        const int v = src[s], dx = s % g->width - mx, dy = s / g->width - my;
        const int ax = dx < 0 ? -dx : dx, ay = dy < 0 ? -dy : dy;
        bool flip = false;
        if (v == 2 && (!dx || !dy || ax == ay)) {
            const int k = ax > ay ? ax : ay;
            flip = k <= ray[rvg_dir((dx > 0) - (dx < 0), (dy > 0) - (dy < 0))];
        }
        /* The mover's discs become the other side's in the child. */
        dst[s] = (uint8_t)(s == sq || v == 1 || flip ? 2 : v == 2 ? 1 : 0);
    }
    GB_SYNC();
}

GB_FN void rvg_bytes_pass(const rvg_game *g, uint8_t *dst, const uint8_t *src, int64_t *scratch)
{
    (void)scratch;
    GB_SPAN(lo, hi, g->squares);
    for (int s = lo; s < hi; s++)
        dst[s] = (uint8_t)(src[s] ? 3 - src[s] : 0);
    GB_SYNC();
}

GB_FN int32_t rvg_bytes_eval(const rvg_game *g, const uint8_t *c, int64_t *scratch)
{
    GB_SPAN(lo, hi, g->squares);
    int64_t wpc = 0;
    int mine = 0, theirs = 0, nme = 0, nopp = 0;
    for (int s = lo; s < hi; s++) {
        if (c[s] == 1) {
            wpc += g->weight[s];
            nme++;
        } else if (c[s] == 2) {
            wpc -= g->weight[s];
            nopp++;
        } else {
            const int sides = rvg_bytes_legal_both(g, c, s);
            mine += sides & 1;
            theirs += sides >> 1;
        }
    }
    return rvg_leaf(g, wpc, mine, theirs, nme, nopp, scratch);
}

GB_FN int32_t rvg_bytes_final(const rvg_game *g, const uint8_t *c, int64_t *scratch)
{
    GB_SPAN(lo, hi, g->squares);
    int nme = 0, nopp = 0;
    for (int s = lo; s < hi; s++) {
        nme += c[s] == 1;
        nopp += c[s] == 2;
    }
    const int64_t n = gb_sum(RVG_PACK(0, 0, nme, nopp), scratch);
    return rvg_final_value(RVG_FIELD(n, 2), RVG_FIELD(n, 3), g->squares);
}

#endif
