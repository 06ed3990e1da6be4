/*
 * A cell of the GPU Reversi report's table (gts reversi bench table): the
 * two players' match (rv_match.h) on one board at one depth, within a time
 * limit, and the rule that leaves out a cell predicted to take longer.
 */
#ifndef GTS_RV_BENCH_CELL_H
#define GTS_RV_BENCH_CELL_H

#include <stdbool.h>
#include <stddef.h>

#include "reversi/engine/rv_match.h"

typedef enum { RVP_CELL_NOT_RUN, RVP_CELL_DONE, RVP_CELL_SKIPPED } rvp_cell_state;

/* One board and depth: the two players' match. */
typedef struct rvp_cell {
    rvp_cell_state state;
    double usec[2];          /* each player's search time over the match */
    double kernel_usec[2];   /* of a backend=gpu player: its kernels' time (CUDA events) */
    long positions, legal_moves;
} rvp_cell;

typedef struct rvp_cell_options {
    const rvp_spec *specs;   /* the two players (no depth=: the cell's) */
    int width, height, depth;
    double max_seconds;      /* the match's limit, then stop is raised */
    /* The players read it: raised by the time limit or by the caller
     * (Ctrl-C).  Not reset here: a caller that goes on resets it. */
    gts_stop *stop;
} rvp_cell_options;

/* Whether cell di of a row (row[0..di) its board's shallower cells) is
 * left out: the one before it was, or the match's time predicted from the
 * row's last two cells played, t(d-1) * t(d-1) / t(d-2), is over
 * max_seconds. */
bool rvp_cell_skipped(const rvp_cell *row, int di, double max_seconds);

/* Plays the cell's match with o->stop raised after o->max_seconds: c's
 * state DONE with its times and counts, SKIPPED when the time ran out,
 * NOT_RUN when stopped otherwise.  0, or -1 with a reason ("player 2: ...",
 * "16x8 depth 3: ..."). */
int rvp_play_cell(const rvp_cell_options *o, rvp_cell *c, char *err, size_t errlen);

#endif
