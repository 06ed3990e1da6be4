/*
 * Internal: reading a board's line words (include/gts/gomoku.h), shared by
 * the board (gm_board.c) and the shape evaluation (gm_eval.c): the runs of
 * stones in a word, the shape a run makes, how many lines a direction has.
 */
#ifndef GTS_GM_LINES_H
#define GTS_GM_LINES_H

#include <stdint.h>

#include "gts/gomoku.h"

/* The shape of a run of n stones with `open` empty ends (0..2). */
static inline gm_shape gm_shape_of(gm_rule rule, int n, int open)
{
    if (n >= 5)
        return n == 5 || rule == GM_FREESTYLE ? GM_SHAPE_FIVE : GM_SHAPE_NONE;
    if (n < 2 || open == 0)
        return GM_SHAPE_NONE;
    return (gm_shape)(2 * (n - 2) + open);
}

/* The ends of own's run through bit p (p itself counted as own): the
 * nearest bits below and above that are not own.  Bits below the line's
 * offset are walls, never stones, so each scan stops inside the word. */
static inline void gm_run_ends(uint64_t own, int p, int *lend, int *rend)
{
    *lend = 63 - __builtin_clzll(~own & (((uint64_t)1 << p) - 1));
    *rend = p + 1 + __builtin_ctzll(~own >> (p + 1));
}

/* Lines in direction d: rows, columns, then the two diagonals. */
static inline int gm_line_count(const gm_board *b, int d)
{
    return d == 0 ? b->height : d == 1 ? b->width : b->width + b->height - 1;
}

#endif
