/*
 * Internal: the parts of batch solving (gts/reversi.h's rv_batch):
 * rv_endgame_batch.c, the entry points; rv_batch_cpu.c, the CPU threads
 * each on positions of their own; rv_batch_gpu.c, the GPU's lanes with
 * CPU threads beside them.
 */
#ifndef GTS_RV_BATCH_H
#define GTS_RV_BATCH_H

#include <stdatomic.h>

#include "gts/reversi.h"

/* The CPU's solvers are kept from batch to batch: 300 batches of 1,000
 * positions at 4 empties took 52.5 s with a solver (its 64 MB table) made
 * for each, 7.6 s with them kept; one batch of the 300,000 6.3-16 s. */
struct rv_batch {
    rv_batch_options o;
    int threads;
    /* A serial solver a thread (o->tt_bytes): the CPU's threads', made
     * with the batch; gpu: the CPU threads' beside the lanes for the
     * positions the lanes cannot take, each made when first needed. */
    rv_solver **solvers;
    rv_solver *together;    /* gpu: all the threads on one position, made when needed */
    bool warm;              /* gpu: the CUDA context made */
};

/* A serial solver's options for the batch's CPU threads, tables of
 * tt_bytes (0: the default). */
rv_solve_options rv_batch_solver_options(const rv_batch_options *o, size_t tt_bytes);

/* Solves p[i] with s into out[i], the nodes added to those out[i] has
 * (the lane's, for a position handed back), and tells o->on_solved:
 * false when stopped (out[i] left as it was). */
bool rv_batch_solve_one(rv_solver *s, const rv_batch_options *o, const rv_pos *p, size_t i, rv_batch_answer *out);

/* A serial solver for each of `threads` threads, or NULL with a reason;
 * freed (the first `threads`, NULL ones skipped) with the array. */
rv_solver **rv_batch_make_solvers(int threads, const rv_batch_options *o, size_t tt_bytes, char *err, size_t errlen);
void rv_batch_free_solvers(rv_solver **solvers, int threads);

/* p[at[k]] for k < n (at NULL: p[k]) solved by `threads` CPU threads,
 * each with one of solvers (NULL: a solver each is made and freed, of
 * tt_bytes tables), into out[at[k]]: 0, or -1 with a reason. */
int rv_batch_cpu(rv_solver **solvers, int threads, size_t tt_bytes, const rv_batch_options *o, const rv_pos *p,
                 const size_t *at, size_t n, rv_batch_answer *out, char *err, size_t errlen);

/* rv_batch_run with o->gpu (rv_batch_gpu.c). */
int rv_batch_gpu(rv_batch *b, const rv_pos *p, size_t n, rv_batch_answer *out, rv_batch_stats *stats, char *err,
                 size_t errlen);

#endif
