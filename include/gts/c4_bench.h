/*
 * gts - Connect 4 bench rows: a test set solved with one configuration,
 * timed, its nodes and table hits summed and its scores checked: the
 * columns of Table 1 of the CUDA report (gts c4 bench).  A configuration
 * is a CPU algorithm on one position at a time (threads sharing it), the
 * solver on the whole set as a batch (each thread its own positions: the
 * best CPU use for many positions), or a GPU design.
 */
#ifndef GTS_C4_BENCH_H
#define GTS_C4_BENCH_H

#include <stdbool.h>
#include <stddef.h>

#include "gts/c4.h"
#include "gts/c4_gpu.h"
#include "gts/c4_solver.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { C4_BENCH_CPU, C4_BENCH_CPU_BATCH, C4_BENCH_GPU } c4_bench_kind;

typedef struct c4_bench_variant {
    char name[24];          /* as gts c4 bench --algo names it */
    c4_bench_kind kind;
    c4_algo algo;           /* C4_BENCH_CPU */
    int threads;
    c4_gpu_options gpu;     /* C4_BENCH_GPU; gpu.stop also stops the CPU rows */
    bool per_position;      /* GPU: one launch per position, as the report */
} c4_bench_variant;

/* A position of a test set, with its exact score if the set gives one. */
typedef struct c4_bench_position {
    c4_pos pos;
    int expected;
    bool has_expected;
} c4_bench_position;

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

/* What a run tells as it goes, each may be NULL: a score other than the
 * expected one (its sign when weak), a position the algorithm cannot take
 * (skipped, with the reason), and the positions done of n. */
typedef struct c4_bench_hooks {
    void (*wrong)(void *ctx, long i, int score, int want);
    void (*unfit)(void *ctx, long i, const char *why);
    void (*progress)(void *ctx, long done, long n);
    void *ctx;
} c4_bench_hooks;

/* Creates what runs v, the CPU rows with base's table size, book and stop
 * token; -1 with a reason in err. */
int c4_bench_engine_create(const c4_geom *g, const c4_options *base, const c4_bench_variant *v, c4_bench_engine *e,
                           char *err, size_t errlen);
void c4_bench_engine_free(c4_bench_engine *e);

/* Solves ps[0..n) with v on e, adding to r.  Returns 0, or -1 when
 * stopped (no reason), or after a failure with its reason in err (the
 * GPU, or no memory). */
int c4_bench_run(const c4_bench_engine *e, const c4_bench_variant *v, const c4_geom *g, bool weak,
                 const c4_bench_position *ps, long n, const c4_bench_hooks *h, c4_bench_row *r, char *err,
                 size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
