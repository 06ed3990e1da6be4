/* Batch solving, the entry points of gts/reversi.h's rv_batch: CPU threads
 * each solving positions of their own (rv_batch_cpu.c), or the GPU with
 * CPU threads beside it (rv_batch_gpu.c). */
#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"
#include "reversi/rv_batch.h"

rv_batch *rv_batch_create(const rv_batch_options *o, char *err, size_t errlen)
{
    rv_batch *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    b->o = *o;
    b->threads = o->threads > 1 ? o->threads : 1;
    b->solvers = o->gpu ? calloc((size_t)b->threads, sizeof *b->solvers)
                        : rv_batch_make_solvers(b->threads, o, o->tt_bytes, err, errlen);
    if (!b->solvers) {
        if (o->gpu)
            snprintf(err, errlen, "out of memory");
        free(b);
        return NULL;
    }
    return b;
}

void rv_batch_free(rv_batch *b)
{
    if (b) {
        rv_batch_free_solvers(b->solvers, b->threads);
        rv_solver_free(b->together);
        free(b);
    }
}

int rv_batch_run(rv_batch *b, const rv_pos *p, size_t n, rv_batch_answer *out, rv_batch_stats *stats, char *err,
                 size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        out[i] = (rv_batch_answer){ 0, RV_NOT_SOLVED, false, 0 };
    *stats = (rv_batch_stats){ 0 };
    if (b->o.gpu)
        return rv_batch_gpu(b, p, n, out, stats, err, errlen);
    const double t0 = gts_now_usec();
    rv_batch_cpu(b->solvers, b->threads, 0, &b->o, p, NULL, n, out, err, errlen);
    stats->work_usec = gts_now_usec() - t0;
    return 0;
}

int rv_solve_batch(const rv_pos *p, size_t n, const rv_batch_options *o, rv_batch_answer *out,
                   rv_batch_stats *stats, char *err, size_t errlen)
{
    rv_batch *b = rv_batch_create(o, err, errlen);
    if (!b)
        return -1;
    const int rc = rv_batch_run(b, p, n, out, stats, err, errlen);
    rv_batch_free(b);
    return rc;
}
