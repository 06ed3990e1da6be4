/* Internal: the Gomoku report's experiment, a cell of its tables made
 * again (gm_bench.c): a CPU search or a GPU design at one depth, timed on
 * a board, or playing a whole game from it, beside the report's seconds
 * (gm_report.h).  `gts gomoku bench table` prints the cells. */
#ifndef GTS_GM_BENCH_H
#define GTS_GM_BENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/gomoku_gpu.h"
#include "gts/gomoku_search.h"
#include "gomoku/shapes/gm_report.h"

#define GM_BENCH_VARIANTS 8   /* the most a set has: the GPU comparison's */

/* One column set of the tables: a CPU search or a GPU design.  cpu is the
 * search (its depth set by the cell); for a GPU design, cpu's algo, eval
 * and stop token are its threads'. */
typedef struct gm_bench_variant {
    char name[32];
    bool gpu;
    gm_search_options cpu;
    gmg_options g;
    int split;                  /* seqpar: 0 for depth - 1, else min(split, depth) */
    gm_report_table report;     /* the report's table to set it beside */
} gm_bench_variant;

typedef struct gm_bench_cell {
    bool run;
    double usec;        /* mean of the timed searches; a game's sum */
    double kernel_usec; /* the GPU's kernels in one search (in a game) */
    int runs, move;
    uint64_t nodes;
    int32_t score;      /* the root's; a game's: the stones at its end */
} gm_bench_cell;

/* The host's plies of a GPU variant at depth (naive: 1, batch: the
 * depth; 0 for the others and the CPU). */
int gm_bench_split(const gm_bench_variant *v, int depth);

/* The CPU search o with algo, named as the command names it, set beside
 * the report's table report. */
void gm_bench_cpu(gm_bench_variant *v, gm_search_options o, gm_algo algo, gm_report_table report);

/* The GPU comparison into v[0..GM_BENCH_VARIANTS), returning how many:
 * the CPU's full-width algorithm (minimax or alpha-beta) and PVS with o
 * (on every core, as the report's OpenMP), then g's designs, their
 * threads searching with full (seqpar at g->split, and at 2 when that is
 * 0: Table 4's columns); for whole games the CPU's alpha-beta and PVS and
 * the GPU's PVS and dynamic designs (the report's Tables 8 and 9). */
int gm_bench_gpu_set(gm_bench_variant *v, gm_search_options o, const gmg_options *g, gm_algo full,
                     bool whole_game);

/* One cell: v's search of b at depth timed (the mean of searches
 * repeated for at least 0.2 s after a warm-up) or, with whole_game, a
 * whole game played from b, into *out.  Returns 0, or -1 when a search
 * could not be made or run.  err gets the reason of a failure, empty when
 * none or when the stop token ended it; a game ended by a failed search
 * returns 0 with the reason and the moves played so far. */
int gm_bench_run(const gm_bench_variant *v, const gm_board *b, int depth, bool whole_game, gm_bench_cell *out,
                 char *err, size_t errlen);

#endif
