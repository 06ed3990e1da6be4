/*
 * Internal: many positions on many threads (c4_solve_batch in
 * gts/c4_solver.h), and GPU lanes beside them on the same queue
 * (core/two_ends.h; the lanes' side is src/c4/gpu/c4_gpu_beside.c).  Not
 * part of the public API.
 */
#ifndef GTS_C4_BATCH_H
#define GTS_C4_BATCH_H

#include "core/two_ends.h"
#include "core/tt.h"
#include "gts/c4_solver.h"

/* What the batch searches with: a table and a near table a thread
 * (threads of each; the threads that join a position use its owner's
 * table), the book (or NULL) and the caller's stop token (or NULL). */
typedef struct c4_batch_tables {
    const c4_geom *g;
    tt_table *const *tt;
    tt_table *const *near;
    int threads;
    const c4_book *book;
    gts_stop *outside;          /* read, never raised, by the batch */
} c4_batch_tables;

typedef struct c4_batch c4_batch;

/* A position answered, in input order (once it and every one before it
 * are): r its result, gpu whether the lanes' answer is the one kept. */
typedef void c4_batch_line_fn(void *ctx, int i, const c4_result *r, bool gpu);

/* The lanes beside the CPU threads: device d's host thread runs
 * run(ctx, d, b) (d = 0 on the caller's thread, so that a device made
 * current there stays so), taking chunks with c4_batch_chunk. */
typedef struct c4_batch_lanes {
    int devices;                /* 0: the CPU threads alone */
    void (*run)(void *ctx, int device, c4_batch *b);
    void *ctx;
    c4_batch_line_fn *line;     /* or NULL */
    void *line_ctx;
} c4_batch_lanes;

/* Solves ps[0..n-1] into r (see c4_solve_batch); 0, or -1 if stopped.
 * lanes (NULL: none) run beside; counts (NULL: not wanted) gets how many
 * each side answered. */
int c4_batch_run(const c4_batch_tables *t, const c4_pos *ps, int n, bool weak, c4_result *r,
                 const c4_batch_lanes *lanes, gts_ends_counts *counts);

/* For the lanes' run: up to `most` positions from the cheap end (the
 * most stones) into items; how many (0: the ends have met, or stopped).
 * *stop is raised once every one of them is answered (the CPU threads
 * took them back) or the caller's token is: the launch may end. */
int c4_batch_chunk(c4_batch *b, int device, int most, int *items, gts_stop **stop);
/* Whether positions neither side has taken are left (the lanes' host
 * thread waiting for its device asks: none, and it may go). */
bool c4_batch_untaken(c4_batch *b);
const c4_pos *c4_batch_position(const c4_batch *b, int i);
bool c4_batch_weak(const c4_batch *b);

/* The lanes' answer for position i (kept if first; a CPU thread on it
 * stops), or i given up to the CPU threads. */
void c4_batch_lanes_answer(c4_batch *b, int i, const c4_result *r);
void c4_batch_give_up(c4_batch *b, int i);

/* The batch on the solver's threads (c4_solver.c), each with a table of
 * its own: c4_solve_batch's path, with lanes beside. */
int c4_solver_batch(c4_solver *s, const c4_pos *ps, int n, bool weak, c4_result *r, const c4_batch_lanes *lanes,
                    gts_ends_counts *counts);

#endif
