/*
 * Internal: many positions on many threads (c4_solve_batch in
 * gts/c4_solver.h).  Not part of the public API.
 */
#ifndef GTS_C4_BATCH_H
#define GTS_C4_BATCH_H

#include "gts/c4_solver.h"
#include "core/tt.h"

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

/* Solves ps[0..n-1] into r (see c4_solve_batch); 0, or -1 if stopped. */
int c4_batch_run(const c4_batch_tables *t, const c4_pos *ps, int n, bool weak, c4_result *r);

#endif
