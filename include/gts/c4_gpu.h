/*
 * gts - the Connect 4 solver on the GPU.
 *
 * Positions are solved in batches: the host optionally expands each one a
 * few plies (the split depth S), every frontier position becomes a work
 * item for one GPU thread running the per-thread search of
 * src/c4/gpu/c4_gpu_core.h, and the host finishes the top S plies from the
 * items' scores.  The designs of the CUDA report are settings of this one
 * path (see c4_gpu_options); so are gts's own.
 *
 * Every backend answers the same scores as the CPU solver.  Where no device
 * is present (or on request) a CPU executor runs the very same per-thread
 * search, so the host side is tested everywhere.
 */
#ifndef GTS_C4_GPU_H
#define GTS_C4_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/c4.h"
#include "gts/c4_solver.h"
#include "gts/stop.h"
#include "gts/tt_size.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    C4_GPU_PLAIN,   /* the report's kernel: plain alpha-beta, one full window */
    C4_GPU_FULL,    /* gts: the CPU solver's pruning and null-window probes */
} c4_gpu_rule;

/* node_limit: a budget for batches too small to fill the device (a few
 * long solves would each hold one lane), none for larger ones
 * (docs/notes/c4_gpu.md has both measured). */
#define C4_GPU_BUDGET_AUTO UINT64_MAX

typedef struct c4_gpu_options {
    c4_gpu_rule rule;
    size_t tt_bytes;        /* device table shared by all threads; 0: none */
    int split_depth;        /* plies the host expands each position (0..8),
                               or -1: the least depth that gives a few
                               thousand items */
    uint64_t node_limit;    /* a launch item's node budget (0: none); one
                               that runs out is split one ply, its window
                               kept (src/c4/gpu/c4_gpu_tasks.c); or
                               C4_GPU_BUDGET_AUTO */
    bool dedup;             /* a frontier position reached twice is one item */
    bool persistent;        /* threads take items from an atomic queue (else
                               one thread per item, as the report did) */
    int block_threads;      /* threads per block (the report: 256) */
    bool cpu;               /* run the items on the CPU executor */
    int cpu_threads;        /* its threads */
    /* The first `devices` GPUs (0 or 1: one, the current), each with its
     * own table and a share of every batch dealt in turn, on a host
     * thread of its own; on the CPU executor, that many executors. */
    int devices;
    /* Raised from outside to stop a solve: read before every launch and,
     * on the CPU executor, before every item (a launch on the device runs
     * to its end).  May be NULL. */
    gts_stop *stop;
} c4_gpu_options;

/* The report's design (S = split depth; a table of GTS_TT_DEFAULT_BYTES, the
 * CPU solver's, or none) and gts's best. */
c4_gpu_options c4_gpu_report_options(int split_depth, bool table);
c4_gpu_options c4_gpu_best_options(void);    /* measured: docs/notes/c4_gpu.md */

typedef struct c4_gpu_stats {
    double kernel_us;   /* device time of the kernels (CUDA events) */
    double total_us;    /* end to end: split, table clear, copies both ways,
                           kernels, host finish */
    uint64_t items;     /* positions sent to the device */
    uint64_t rounds;    /* launches */
    uint64_t nodes;     /* device nodes and host nodes */
    uint64_t tt_hits;   /* device table hits */
} c4_gpu_stats;

typedef struct c4_gpu c4_gpu;

/* 0 if opt is a setting c4_gpu_create takes for board g, else -1 with
 * the option at fault in one line: the caller's mistake, where a failure
 * of c4_gpu_create after it is the machine's (no device, no memory). */
int c4_gpu_check_options(const c4_geom *g, const c4_gpu_options *opt, char *err, size_t errlen);

/* Opens device 0 (or opt->devices of them, or the CPU executor) for
 * board g with a table of opt->tt_bytes on each.  NULL with a one-line
 * reason if there is no device, the build has no CUDA, or an option is
 * out of range. */
c4_gpu *c4_gpu_create(const c4_geom *g, const c4_gpu_options *opt, char *err, size_t errlen);
void c4_gpu_free(c4_gpu *gpu);

/* As c4_gpu_create, but the device opens on a thread of its own once
 * after_usec microseconds have passed (core/late.h): a batch that
 * c4_gpu_solve_beside's CPU threads finish sooner never pays the device's
 * start-up (about 370 ms on the H200 host), a longer one has the lanes
 * join when it is ready.  c4_gpu_solve waits for the device (opening it
 * at once if the time has not come); c4_gpu_free waits for an open under
 * way.  The options are checked at once (NULL and err, as
 * c4_gpu_create); a device that fails to open says why later, in
 * c4_gpu_solve's error or c4_beside_stats.failed. */
c4_gpu *c4_gpu_create_late(const c4_geom *g, const c4_gpu_options *opt, double after_usec, char *err,
                           size_t errlen);
/* Whether a late device's open has started (always true for one made by
 * c4_gpu_create): whether the device was paid for. */
bool c4_gpu_started(c4_gpu *gpu);

/* Solves ps[0..n) (exact scores, or -1/0/1 if weak) into scores[]; nodes
 * and tt_hits (either may be NULL) get each position's counts.  The table
 * starts empty for each call.  Adds this call's figures to *st (with
 * several devices, kernel_us is the longest device's).  Returns 0,
 * or -1 with a reason (also when opt->stop was raised: "stopped"). */
int c4_gpu_solve(c4_gpu *gpu, const c4_pos *ps, int n, bool weak, int *scores, uint64_t *nodes,
                 uint64_t *tt_hits, c4_gpu_stats *st, char *err, size_t errlen);

/* CPU threads and the GPU on one batch, one queue (core/two_ends.h): the
 * CPU solver's threads (cpu: --algo solver, its threads and table size,
 * its stop token) take the positions with the fewest stones, as
 * c4_solve_batch does, while each device's host thread (one for each of
 * gpu's devices, beside the CPU's) takes chunks of those with the most
 * and solves each with one call on its device; once the two ends meet,
 * a CPU thread with nothing left takes back a position the lanes hold
 * (the dearest first) and the first answer is kept.  So the GPU never
 * makes a batch slower than the CPU threads alone would be, but for a
 * last launch that stops.  line (NULL: none) is called for each position,
 * in input order, as soon as it and every one before it are answered (on
 * one thread at a time): r its result (the lanes' searched 0), gpu whether
 * it is the lanes' answer.  A device that fails leaves its positions to
 * the CPU threads and says why in st->failed; a late one (c4_gpu_create_late)
 * not open yet leaves the batch to them until it is.  Results into r; counts
 * added to st.  0, -1 if stopped (positions answered keep their results,
 * the others have usec -1), -2 if out of memory. */
typedef void c4_beside_line_fn(void *ctx, int i, const c4_result *r, bool gpu);
typedef struct c4_beside_stats {
    uint64_t by_gpu, by_cpu;    /* positions each side answered first */
    uint64_t twice;             /* positions both sides solved */
    double usec;                /* end to end */
    c4_gpu_stats gpu;           /* the lanes' calls, every device's added */
    char failed[256];           /* why a device stopped taking positions, or "" */
} c4_beside_stats;
int c4_gpu_solve_beside(c4_gpu *gpu, c4_solver *cpu, const c4_pos *ps, int n, bool weak, c4_result *r,
                        c4_beside_line_fn *line, void *ctx, c4_beside_stats *st);

#ifdef __cplusplus
}
#endif

#endif
