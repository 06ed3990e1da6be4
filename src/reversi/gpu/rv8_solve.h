/*
 * Internal: the 8x8 GPU batch solver (rv8_solve.c), for rv_solve_batch
 * (rv_endgame_batch.c).
 */
#ifndef GTS_RV8_SOLVE_H
#define GTS_RV8_SOLVE_H

#include "gts/reversi.h"

/* rv_solve_batch with o->gpu: on the device (executor_threads 0), or the
 * kernel's code on executor_threads CPU threads. */
int rv8s_solve_batch(const rv_pos *p, size_t n, bool wld, int executor_threads, gts_stop *stop,
                     rv_batch_answer *out, double *work_usec, char *err, size_t errlen);

#endif
