/*
 * Internal: reading a board's line words (include/gts/gomoku.h), shared by
 * the board (gm_board.c), the shape evaluation (gm_eval.c) and the GPU
 * searches (src/gomoku/gpu/), which compile this header with nvcc: the
 * runs of stones in a word, the shape a run makes and its weight, the
 * change a move makes along one line, the five points of a line, and the
 * lines' geometry.  One copy of the rules, so every backend searches the
 * same tree with the same values.
 */
#ifndef GTS_GM_LINES_H
#define GTS_GM_LINES_H

#include <stdbool.h>
#include <stdint.h>

#include "gts/gomoku.h"

#ifdef __CUDACC__
#define GM_FN static __host__ __device__ __forceinline__
#ifdef __CUDA_ARCH__
#define GM_CLZ64(x) __clzll((long long)(x))
#define GM_CTZ64(x) (__ffsll((long long)(x)) - 1)
#define GM_POPC32(x) __popc(x)
#else
#define GM_CLZ64(x) __builtin_clzll(x)
#define GM_CTZ64(x) __builtin_ctzll(x)
#define GM_POPC32(x) __builtin_popcount(x)
#endif
#else
#define GM_FN static inline
#define GM_CLZ64(x) __builtin_clzll(x)
#define GM_CTZ64(x) __builtin_ctzll(x)
#define GM_POPC32(x) __builtin_popcount(x)
#endif

/* An open three is worth a four: either becomes a win if left alone. */
enum { GM_W_TWO = 10, GM_W_OPEN_TWO = 100, GM_W_THREE = 100, GM_W_OPEN_THREE = 1000, GM_W_FOUR = 1000,
       GM_W_OPEN_FOUR = 10000, GM_W_FIVE = 100000 };

/* The five rule of colour's stones: renju's black makes exactly five, its
 * white five or more. */
GM_FN gm_rule gm_five_rule(gm_rule rule, int colour)
{
    return rule == GM_RENJU ? (colour == GM_BLACK ? GM_STANDARD : GM_FREESTYLE) : rule;
}

/* Of a five rule (gm_five_rule's): whether an overline wins, and whether
 * the opponent's stones at both ends of an exact five stop it (caro). */
GM_FN bool gm_overline_wins(gm_rule rule)
{
    return rule == GM_FREESTYLE || rule == GM_CARO;
}
GM_FN bool gm_rule_caro(gm_rule rule)
{
    return rule == GM_CARO || rule == GM_CARO_EXACT;
}

/* Whether a run of n stones wins; shut: the opponent's stones lie just
 * past both its ends. */
GM_FN bool gm_run_wins(gm_rule rule, int n, bool shut)
{
    return n == 5 ? !(shut && gm_rule_caro(rule)) : n > 5 && gm_overline_wins(rule);
}

/* Whether colour can lose a five point to a stone played elsewhere: to
 * its own stone when an overline wins nothing (the five point would make
 * one), to the opponent's under caro (on the far end of the five). */
GM_FN bool gm_five_point_may_lapse(gm_rule rule, bool own_stone)
{
    return own_stone ? !gm_overline_wins(rule) : gm_rule_caro(rule);
}

/* The five rule the potential evaluation follows (gm_potential.c and its
 * scans, gm_scan.h, which read own's stones only): caro's blocks unseen,
 * its fives those of the rule with the same overlines. */
GM_FN gm_rule gm_blind_rule(gm_rule rule)
{
    return gm_overline_wins(rule) ? GM_FREESTYLE : GM_STANDARD;
}

/* The shape of a run of n stones with `open` empty ends (0..2).  Under
 * caro an exact five shut at both ends (by stones or the edge) is no five:
 * the value, blind to which blocks it, counts the one that wins nothing;
 * whether a move wins is gm_line_delta's *five, which tells them apart. */
GM_FN gm_shape gm_shape_of(gm_rule rule, int n, int open)
{
    if (n >= 5)
        return gm_run_wins(rule, n, open == 0) ? GM_SHAPE_FIVE : GM_SHAPE_NONE;
    if (n < 2 || open == 0)
        return GM_SHAPE_NONE;
    return (gm_shape)(2 * (n - 2) + open);
}

/* The weight of gm_shape_of(rule, n, open) (gm_shape_weight's): a two
 * open at one end is worth 10, and each more stone or open end ten times
 * as much; fives GM_W_FIVE. */
GM_FN int32_t gm_run_value(gm_rule rule, int n, int open)
{
    if (n >= 5)
        return gm_run_wins(rule, n, open == 0) ? GM_W_FIVE : 0;
    if (n < 2 || open == 0)
        return 0;
    const int e = n - 2 + open;
    return e == 1 ? 10 : e == 2 ? 100 : e == 3 ? 1000 : 10000;
}

/* The ends of own's run through bit p (p itself counted as own): the
 * nearest bits below and above that are not own.  Bits below the line's
 * offset are walls, never stones, so each scan stops inside the word. */
GM_FN void gm_run_ends(uint64_t own, int p, int *lend, int *rend)
{
    *lend = 63 - GM_CLZ64(~own & (((uint64_t)1 << p) - 1));
    *rend = p + 1 + GM_CTZ64(~own >> (p + 1));
}

/*
 * The shape changes along one line when a colour plays at bit p: its runs
 * left and right of p merge into one (own: its stones), and the other
 * colour's runs ending next to p lose an open end.  Adds to delta[0] (the
 * mover's value) and delta[1] (the other's); sets *five on a five.
 */
GM_FN void gm_line_delta(gm_rule rule, uint64_t own, uint64_t other, uint64_t wall, int p, int32_t delta[2],
                         bool *five)
{
    /* With no stone next to the cell in this direction no run changes:
     * most cells of a sparse board, where leaves are most numerous. */
    if (!(((own | other) >> (p - 1)) & 5))
        return;
    const uint64_t below = ((uint64_t)1 << p) - 1;
    int lend, rend;
    gm_run_ends(own, p, &lend, &rend);
    const int a = p - 1 - lend, r = rend - p - 1;
    const uint64_t block = other | wall;
    const int lopen = !((block >> lend) & 1), ropen = !((block >> rend) & 1);
    const int n = a + r + 1;
    delta[0] += gm_run_value(rule, n, lopen + ropen) - gm_run_value(rule, a, lopen + 1) -
                gm_run_value(rule, r, ropen + 1);
    *five |= gm_run_wins(rule, n, (other >> lend & 1) && (other >> rend & 1));

    const uint64_t oblock = own | wall;
    if ((other >> (p - 1)) & 1) {
        const int end = 63 - GM_CLZ64(~other & (below >> 1));
        const int len = p - 1 - end, open = !((oblock >> end) & 1);
        delta[1] += gm_run_value(rule, len, open) - gm_run_value(rule, len, open + 1);
    }
    if ((other >> (p + 1)) & 1) {
        const int end = p + 1 + GM_CTZ64(~other >> (p + 1));
        const int len = end - p - 1, open = !((oblock >> end) & 1);
        delta[1] += gm_run_value(rule, len, open) - gm_run_value(rule, len, open + 1);
    }
}

/* The value of a move one ply from the horizon, not played (the last ply
 * of every search, CPU and GPU): a five wins; the board's last cell
 * draws; a five point of the opponent's that the move leaves open loses;
 * else the evaluation after it (here + the move's delta).  their_fives:
 * how many five points the opponent has, their_first the first of them;
 * win: gomoku_search.h's GM_WIN (that header is C only). */
GM_FN int32_t gm_last_ply_value(bool five, bool last_cell, int their_fives, int their_first, int move,
                                int32_t after, int ply, int32_t win)
{
    if (five)
        return win - (ply + 1);
    if (last_cell)
        return 0;
    if (their_fives > 1 || (their_fives == 1 && their_first != move))
        return -(win - (ply + 2));
    return after;
}

/* Whether a stone of own's colour at bit p makes five in this line (other:
 * the opponent's stones). */
GM_FN bool gm_line_five_at(gm_rule rule, uint64_t own, uint64_t other, int p)
{
    int lend, rend;
    gm_run_ends(own, p, &lend, &rend);
    return gm_run_wins(rule, rend - lend - 1, (other >> lend & 1) && (other >> rend & 1));
}

/* The windows of five cells (bit k: cells k..k+4) that win once all five
 * are own's, as far as the cells just past them say: not own when an
 * overline wins nothing, not both the opponent's under caro unless one is
 * own (an overline, which wins there). */
GM_FN uint64_t gm_line_five_windows(gm_rule rule, uint64_t own, uint64_t other)
{
    const uint64_t own_next = (own << 1) | (own >> 5);
    uint64_t m = ~(uint64_t)0;
    if (!gm_overline_wins(rule))
        m &= ~own_next;
    if (gm_rule_caro(rule))
        m &= ~((other << 1) & (other >> 5)) | own_next;
    return m;
}

/* Bits of the five points of `own` in one line word: empty cells that
 * complete a window of five own stones that wins (gm_line_five_windows). */
GM_FN uint64_t gm_line_five_points(gm_rule rule, uint64_t own, uint64_t other, uint64_t empty)
{
    const uint64_t windows = gm_line_five_windows(rule, own, other);
    uint64_t fp = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t m = (empty >> i) & windows;
        for (int t = 0; t < 5; t++)
            if (t != i)
                m &= own >> t;
        fp |= m << i;
    }
    return fp & empty;
}

/* Lines in direction d of a width x height board: rows, columns, then
 * the two diagonals. */
GM_FN int gm_lines_in(int width, int height, int d)
{
    return d == 0 ? height : d == 1 ? width : width + height - 1;
}

/* The line of direction d through (x, y), and the cell's place on it. */
GM_FN void gm_line_at(int height, int d, int x, int y, int *id, int *pos)
{
    switch (d) {
    case 0: *id = y, *pos = x; break;
    case 1: *id = x, *pos = y; break;
    case 2: *id = x - y + height - 1, *pos = x < y ? x : y; break;
    default: *id = x + y, *pos = x < height - 1 - y ? x : height - 1 - y; break;
    }
}

/* The first cell (x, y) of line id in direction d, and the step along it. */
GM_FN void gm_line_start(int height, int d, int id, int *x, int *y, int *dx, int *dy)
{
    const int h = height;
    switch (d) {
    case 0: *x = 0, *y = id, *dx = 1, *dy = 0; break;
    case 1: *x = id, *y = 0, *dx = 0, *dy = 1; break;
    case 2:
        *x = id >= h - 1 ? id - (h - 1) : 0;
        *y = id >= h - 1 ? 0 : (h - 1) - id;
        *dx = 1, *dy = 1;
        break;
    default:
        *x = id > h - 1 ? id - (h - 1) : 0;
        *y = id - *x;
        *dx = 1, *dy = -1;
        break;
    }
}

/* The wall word of line id in direction d: every bit but the line's cells. */
GM_FN uint64_t gm_line_wall(int width, int height, int d, int id)
{
    int x, y, dx, dy;
    gm_line_start(height, d, id, &x, &y, &dx, &dy);
    const int along_x = dx ? width - x : 64, along_y = dy > 0 ? height - y : dy < 0 ? y + 1 : 64;
    const int len = along_x < along_y ? along_x : along_y;
    return ~((((uint64_t)1 << len) - 1) << GM_LINE_OFFSET);
}

/* Lines in direction d of board b. */
GM_FN int gm_line_count(const gm_board *b, int d)
{
    return gm_lines_in(b->width, b->height, d);
}

#endif
