/* Internal to the gts command: gts gomoku bench's options
 * (cli/gomoku/gomoku_bench.c), the table's grid (cli/gomoku/gomoku_bench_table.c)
 * and its variants, the searches timed in it (cli/gomoku/gomoku_bench_variant.c). */
#ifndef GTS_GOMOKU_BENCH_H
#define GTS_GOMOKU_BENCH_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/gomoku/gomoku_cli.h"
#include "gomoku/shapes/gm_report.h"

#define GOMOKU_LIST_MAX 64

/* A bench list of numbers ("1,2,4", "1-6"): sorted, each once. */
typedef struct gomoku_list {
    long min, max;                 /* what an item may be */
    int n;                         /* 0: not given */
    int v[GOMOKU_LIST_MAX];
} gomoku_list;

/* bench's options. */
typedef struct gomoku_bench {
    gomoku_board_opts board;
    gomoku_search_opts search;     /* search.opt.algo: --algo's one algorithm, else pvs */
    gomoku_gpu_opts gpu;
    bool json, csv;                /* one JSON object / CSV line a cell or position */
    int algos[3], nalgos;          /* --algo's list in its order; 0: not given */
    gomoku_list threads, sizes, depths;   /* --threads, --sizes, --depths */
    long max_seconds;              /* table: a variant stops growing past this per cell */
    long limit;                    /* positions: at most this many */
    bool bench_gpu;                /* --gpu */
    bool whole_game;               /* table: --whole-game */
    const char *plot;              /* --plot FILE.svg|png, or NULL */
} gomoku_bench;

/* gts gomoku bench table and bench positions FILE, after the options. */
int gomoku_bench_table(const gomoku_bench *c);
int gomoku_bench_positions(const gomoku_bench *c, char *file);

#define VARIANTS 8   /* the most a table has: --gpu's */

/* One column set of the table: a CPU search or a GPU design. */
typedef struct variant {
    char name[32];
    bool gpu;
    gm_search_options cpu;
    gmg_options g;
    int split;                  /* seqpar: 0 for depth - 1, else min(split, depth) */
    gm_report_table report;
} variant;

typedef struct cell {
    bool run;
    double usec;        /* mean of the timed searches */
    double kernel_usec; /* the GPU's kernels in one search */
    int runs, move;
    uint64_t nodes;
    int32_t score;
} cell;

typedef struct table {
    const gomoku_bench *c;
    int sizes[GOMOKU_LIST_MAX], depths[GOMOKU_LIST_MAX];
    variant v[VARIANTS];
    int nsizes, ndepths, nvariants;
    int near;                                                /* the candidates: gm_board.near */
    FILE *plot;                                              /* --plot's rows as CSV, or NULL */
    cell grid[VARIANTS][GOMOKU_LIST_MAX][GOMOKU_LIST_MAX];   /* [variant][size][depth] */
} table;

/* The host's plies of a thread variant at depth (naive: 1, batch: the
 * depth; 0 for the others). */
int gm_variant_split(const variant *v, int depth);

/* One cell: v's search of b at depth timed (or with --whole-game a whole
 * game played) into *out.  0, or -1 after a one-line error. */
int gm_variant_run(const gomoku_bench *c, const variant *v, const gm_board *b, int depth, cell *out);

/* Adds a CPU search (o, algo) to t, compared with the report's table. */
void gm_variant_add_cpu(table *t, gm_search_options o, gm_algo algo, gm_report_table report);

/* --gpu: the CPU's full-width algorithm (--algo: minimax or alphabeta,
 * default alphabeta) and PVS on every core (o.threads), then the GPU
 * designs, their threads searching with the same algorithm; with
 * --whole-game the CPU's alpha-beta and PVS and the GPU's PVS and
 * dynamic designs (the report's Tables 8 and 9). */
void gm_variants_gpu(table *t, gm_search_options o);

#endif
