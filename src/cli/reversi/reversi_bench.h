/* Internal to gts reversi bench table: its cells (rvp_cell, played by
 * reversi/engine/rv_bench_cell.c) in rows run by
 * cli/reversi/reversi_bench.c and printed by cli/reversi/reversi_bench_print.c. */
#ifndef GTS_REVERSI_BENCH_H
#define GTS_REVERSI_BENCH_H

#include <stdbool.h>
#include <stdio.h>

#include "reversi/engine/rv_bench_cell.h"

enum { MAX_SIZES = 32, BRANCHING_DEPTH = 2 };

/* The players, the boards and depths, and a cell for each pair. */
typedef struct table {
    rvp_spec specs[2];
    int widths[MAX_SIZES], heights[MAX_SIZES], depths[RV_MAX_DEPTH];
    int nsizes, ndepths;
    double max_seconds;
    bool csv;
    FILE *plot;              /* --plot's rows as CSV, or NULL */
    gts_stop stop;           /* Ctrl-C, or a cell's time up; the players read it */
    rvp_cell cells[MAX_SIZES][RV_MAX_DEPTH];
} table;

/* Table 2's header: the players, then the depths. */
void rvbench_print_header(const table *t);

/* Row si of Table 2: the factor of each cell played, '—' for one skipped. */
void rvbench_print_row(const table *t, int si);

/* The CSV's header, and cell (si, di) as a CSV line, into f. */
void rvbench_print_csv_header(FILE *f);
void rvbench_print_csv_cell(FILE *f, const table *t, int si, int di);

/* Table 1 for the first rows boards: their depth-2 games' branching. */
void rvbench_print_branching(const table *t, int rows);

#endif
