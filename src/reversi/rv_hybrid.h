/*
 * Internal: the 8x8 endgame solver on CPU threads and the GPU's lanes
 * together (rv_hybrid.c), for rv_solver.c when rv_solve_options.gpu.
 */
#ifndef GTS_RV_HYBRID_H
#define GTS_RV_HYBRID_H

#include "gts/hybrid.h"
#include "reversi/rv_endgame.h"

typedef struct rv_hybrid rv_hybrid;

/* o->threads - 1 CPU threads (at least one) on the solver's tables tt and
 * order_tt, and a host thread for the GPU (o->gpus devices, or the CPU
 * executor); NULL with a reason. */
rv_hybrid *rv_hybrid_create(const rv_solve_options *o, htt *tt, htt *order_tt, char *err, size_t errlen);
void rv_hybrid_free(rv_hybrid *x);

/* The frontier: positions of at most this many empties are tasks. */
int rv_hybrid_frontier(const rv_hybrid *x);

/* rv_eg_root on t, each window split over the CPU threads and the lanes;
 * t->nodes gets the tasks' nodes.  When a window fails (stopped from
 * outside, or a launch failed) the root stops: rv_hybrid_failed says so
 * and why. */
int rv_hybrid_root(rv_hybrid *x, rv_eg_thread *t, uint64_t me, uint64_t opp, bool wld, int *best);
bool rv_hybrid_failed(const rv_hybrid *x, char *err, size_t errlen);

/* What the tasks did since rv_hybrid_create. */
gts_hybrid_stats rv_hybrid_stats(rv_hybrid *x);

#endif
