/*
 * Internal: the 8x8 GPU batch solver (rv8_solve.c), for rv_solve_batch
 * (rv_endgame_batch.c).
 */
#ifndef GTS_RV8_SOLVE_H
#define GTS_RV8_SOLVE_H

#include "core/two_ends.h"
#include "gts/reversi.h"

/* The lanes' part of rv_solve_batch with o->gpu: on the device (or
 * o->devices of them, each with a share dealt in turn), or with
 * o->cpu_executor the kernel's code on o->threads CPU threads a share.
 * A position over o->gpu_budget comes back with move RV8S_HANDED_BACK
 * and the lane's nodes, for the caller's CPU threads.  With beside (NULL:
 * none), CPU threads take positions from the far end of each share while
 * the lanes run (core/two_ends.h): out[i] is left as it is for those.
 * beside's places may go on past the n positions (items the CPU threads
 * alone take), dealt to the shares in turn as the positions are.
 * o->on_solved is told of each lane's answer as its device's launch ends
 * (a handed back one not). */
#define RV8S_HANDED_BACK (-3)
int rv8s_solve_batch(const rv_pos *p, size_t n, const rv_batch_options *o, gts_ends *beside,
                     rv_batch_answer *out, rv_batch_stats *stats, char *err, size_t errlen);

/* The same in (alpha, beta) (rv8s_solve_batch's is the full window, or
 * wld's null window around a draw): the scores fail-soft, with o->wld
 * false.  The hybrid solve's launches (rv_hybrid.c). */
int rv8s_solve_window(const rv_pos *p, size_t n, int alpha, int beta, const rv_batch_options *o,
                      gts_ends *beside, rv_batch_answer *out, rv_batch_stats *stats, char *err, size_t errlen);

/* Places the CPU threads beside leave between themselves and the lanes'
 * count as last read (gts_ends_create's margin): at 50,000 positions a
 * second on an H200, a read half a millisecond late is 25 positions
 * behind. */
#define RV8S_MEET_MARGIN 256

/* The devices (shares) of o: o->devices, at least 1. */
static inline int rv8s_devices(const rv_batch_options *o)
{
    return o->devices > 1 ? o->devices : 1;
}

#endif
