/*
 * A heuristic evaluation of Connect 4 positions, for the depth-limited
 * players of the brute-force GPU report (../shared/papers/004...): stones
 * in the centre columns weigh more, and a line of four cells holding three
 * stones of one side and no stone of the other counts more than one
 * holding two.  Compiled for the GPU too (C4_INLINE).
 *
 *     eval = sum over columns c of weight(c) * (own stones - other stones)
 *          + C4_EVAL_TWO * (own open twos - other open twos)
 *          + C4_EVAL_THREE * (own open threes - other open threes)
 *
 * weight(c) = 1 at the edges rising by one per column towards the centre;
 * an "open" two or three is a window of four cells with no opposing stone.
 */
#ifndef GTS_C4_EVAL_H
#define GTS_C4_EVAL_H

#include "gts/c4.h"

#define C4_EVAL_TWO 5
#define C4_EVAL_THREE 50
/* A won game: more than any sum of the terms above. */
#define C4_EVAL_WIN 1000000

/* The windows of four cells: for each direction, the shift from a cell to
 * the next one along the line and the cells where a window starts. */
typedef struct c4_windows {
    int shift[4];
    uint64_t start[4];
    uint64_t column[C4_MAX_WIDTH];
    int weight[C4_MAX_WIDTH];
    int width;
} c4_windows;

C4_INLINE void c4_windows_init(const c4_geom *g, c4_windows *w)
{
    const int h = g->height, dc[4] = { 0, 1, 1, 1 }, dr[4] = { 1, 0, 1, -1 };
    w->width = g->width;
    for (int d = 0; d < 4; d++) {
        w->shift[d] = dc[d] * (h + 1) + dr[d];
        w->start[d] = 0;
        for (int c = 0; c + 3 * dc[d] < g->width; c++)
            for (int r = 0; r < h; r++)
                if (r + 3 * dr[d] >= 0 && r + 3 * dr[d] < h)
                    w->start[d] |= (uint64_t)1 << (c * (h + 1) + r);
    }
    for (int c = 0; c < g->width; c++) {
        w->column[c] = c4_column_mask(g, c);
        const int from_edge = c < g->width - 1 - c ? c : g->width - 1 - c;
        w->weight[c] = from_edge + 1;
    }
}

/* Windows (as start cells) holding exactly k (2 or 3) of `own` and none of
 * `other`, counted. */
C4_INLINE int c4_open_windows(const c4_windows *w, uint64_t own, uint64_t other, int k)
{
    int n = 0;
    for (int d = 0; d < 4; d++) {
        const int s = w->shift[d];
        const uint64_t a0 = own, a1 = own >> s, a2 = own >> 2 * s, a3 = own >> 3 * s;
        const uint64_t blocked = other | other >> s | other >> 2 * s | other >> 3 * s;
        const uint64_t pairs01 = a0 & a1, pairs23 = a2 & a3, one01 = a0 ^ a1, one23 = a2 ^ a3;
        /* Bit-sliced count of a0..a3: 3 = a pair and a single, 2 = two
         * pairs' worth of one kind: both from one half, or one from each. */
        const uint64_t three = (pairs01 & one23) | (pairs23 & one01);
        const uint64_t two = (pairs01 & ~a2 & ~a3) | (pairs23 & ~a0 & ~a1) | (one01 & one23);
        n += c4_popcount((k == 3 ? three : two) & w->start[d] & ~blocked);
    }
    return n;
}

/* The evaluation of a position for `own` against `other` (no four on the
 * board). */
C4_INLINE int c4_eval(const c4_windows *w, uint64_t own, uint64_t other)
{
    int v = 0;
    for (int c = 0; c < w->width; c++)
        v += w->weight[c] * (c4_popcount(own & w->column[c]) - c4_popcount(other & w->column[c]));
    v += C4_EVAL_TWO * (c4_open_windows(w, own, other, 2) - c4_open_windows(w, other, own, 2));
    v += C4_EVAL_THREE * (c4_open_windows(w, own, other, 3) - c4_open_windows(w, other, own, 3));
    return v;
}

#endif
