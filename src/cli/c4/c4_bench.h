/*
 * Internal to gts c4 bench: a row of its table is one set run with one
 * configuration.  cli/c4/c4_bench_cmd.c reads the configurations from --algo and
 * --threads and prints the rows; cli/c4/c4_bench_run.c runs them.
 */
#ifndef GTS_C4_BENCH_H
#define GTS_C4_BENCH_H

#include "cli/c4/c4_cli.h"
#include "gts/c4_gpu.h"

/* --threads: at most this many thread counts. */
#define C4_BENCH_MAX_THREADS 16

/* bench's options. */
typedef struct c4_bench_args {
    c4_geom g;
    c4_options opt;             /* --tt-mb; opt.book: --book once loaded; opt.stop: &stop */
    gts_stop stop;              /* raised by Ctrl-C (cli_stop_on_interrupt) */
    bool weak, json, csv;
    const char *book, *plot, *data_dir;
    const char *algos;          /* --algo's comma list, or NULL */
    long limit;                 /* --limit (0: all) */
    int threads[C4_BENCH_MAX_THREADS], nthreads;   /* --threads' list (none given: 0) */
    c4_gpu_flags gpu;           /* --gpu: the rows of Table 1 of the CUDA report */
} c4_bench_args;

/* A row's configuration: a CPU algorithm on one position at a time
 * (threads sharing it), the solver on a batch (each thread its own
 * positions: the best CPU use for many positions), or a GPU design. */
typedef enum { C4_BENCH_CPU, C4_BENCH_CPU_BATCH, C4_BENCH_GPU } c4_bench_kind;

typedef struct c4_bench_variant {
    char name[24];          /* as --algo names it */
    c4_bench_kind kind;
    c4_algo algo;           /* C4_BENCH_CPU */
    int threads;
    c4_gpu_options gpu;     /* C4_BENCH_GPU */
    bool per_position;      /* GPU: one launch per position, as the report */
} c4_bench_variant;

/* What runs a configuration: its solver (with the configuration's
 * threads), or the GPU solver. */
typedef struct c4_bench_engine {
    c4_solver *solver;
    c4_gpu *gpu;
} c4_bench_engine;

/* A row of the table. */
typedef struct c4_bench_row {
    const char *set, *algo;
    int threads;
    long positions, correct, checked, skipped;
    double total_usec, kernel_usec;     /* kernel_usec < 0: no kernel */
    unsigned long long nodes, hits;
} c4_bench_row;

/* Creates what runs v; -1 with a reason in err. */
int c4_bench_engine_create(const c4_bench_args *c, const c4_bench_variant *v, c4_bench_engine *e, char *err, size_t errlen);
void c4_bench_engine_free(c4_bench_engine *e);

/* Runs every position of s with v on e, adding to r; a wrong score or a
 * position the algorithm cannot take is reported on stderr and counted.
 * Returns 0, or -1 if interrupted or the GPU failed (after an error line). */
int c4_bench_run(const c4_bench_args *c, const c4_bench_variant *v, const c4_bench_engine *e, const c4_set *s,
                 c4_bench_row *r);

#endif
