/* Internal to the gts command: gts gomoku bench's options
 * (cli/gomoku/gomoku_bench.c), read by bench table
 * (cli/gomoku/gomoku_bench_table.c) and bench positions
 * (cli/gomoku/gomoku_bench_positions.c). */
#ifndef GTS_GOMOKU_BENCH_H
#define GTS_GOMOKU_BENCH_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/gomoku/gomoku_cli.h"

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

#endif
