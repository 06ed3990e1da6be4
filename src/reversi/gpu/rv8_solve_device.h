/*
 * Internal: the 8x8 GPU batch solver's host side (rv8_solve.c) and its
 * launches (rv8_solve_kernel.cu, or rv8_none.c without CUDA).
 */
#ifndef GTS_RV8_SOLVE_DEVICE_H
#define GTS_RV8_SOLVE_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "reversi/gpu/rv8_solve_core.h"

/* CPU threads beside the lanes take positions from the far end of the
 * queue: while the launch runs, meet(ctx, claimed) is called every half
 * millisecond or so with how many positions the lanes have taken from the
 * near end, and answers the index the lanes must stop before (n at
 * first; it never rises). */
typedef size_t rv8s_meet_fn(void *ctx, size_t claimed);

/* Solves the n positions (pairs of words: me, opp) in (alpha, beta) into
 * out (rv8s_solve's answers; a lane gives a position up after `budget`
 * nodes, 0: no limit), whose entries not reached when *stop (NULL: none)
 * is raised, or left to the CPU threads of meet (NULL: none), keep move
 * RV8S_STOPPED; one persistent launch, each lane taking positions from an
 * atomic queue.  0, or -1 with a reason. */
int rv8s_device_run(const uint64_t *positions, size_t n, int alpha, int beta, uint64_t budget, const int *stop,
                    rv8s_meet_fn *meet, void *meet_ctx, rv8s_answer *out, double *kernel_usec, char *err,
                    size_t errlen);

#endif
