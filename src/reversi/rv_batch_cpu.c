/* The CPU threads of a batch, each solving positions of its own with a
 * solver (and table) of its own (rv_batch.h). */
#include <stdio.h>
#include <stdlib.h>

#include "core/threads.h"
#include "reversi/rv_batch.h"

rv_solve_options rv_batch_solver_options(const rv_batch_options *o, size_t tt_bytes)
{
    /* A serial solver: a solver of threads would share one position,
     * which a thread of the batch does not want. */
    rv_solve_options so;
    rv_solve_defaults(&so);
    so.wld = o->wld;
    so.tt_bytes = tt_bytes;
    so.stop = o->stop;
    return so;
}

bool rv_batch_solve_one(rv_solver *s, const rv_batch_options *o, const rv_pos *p, size_t i, rv_batch_answer *out)
{
    rv_solve_result r;
    rv_solver_run(s, &p[i], &r);
    if (r.stopped)
        return false;
    out[i] = (rv_batch_answer){ r.score, r.move, out[i].handed_back, out[i].nodes + r.nodes };
    if (o->on_solved)
        o->on_solved(o->on_solved_arg, i);
    return true;
}

typedef struct batch {
    const rv_pos *p;
    const size_t *at;      /* the positions' indices in p; NULL: 0..n-1 */
    size_t n;
    rv_batch_answer *out;
    rv_solver **solvers;   /* one per thread */
    const rv_batch_options *o;
    atomic_size_t next;
} batch;

static void batch_worker(void *arg, int index)
{
    batch *b = arg;
    for (;;) {
        const size_t k = atomic_fetch_add(&b->next, 1);
        if (k >= b->n || gts_stop_raised(b->o->stop) ||
            !rv_batch_solve_one(b->solvers[index], b->o, b->p, b->at ? b->at[k] : k, b->out))
            break;
    }
}

void rv_batch_free_solvers(rv_solver **solvers, int threads)
{
    for (int i = 0; solvers && i < threads; i++)
        rv_solver_free(solvers[i]);
    free(solvers);
}

rv_solver **rv_batch_make_solvers(int threads, const rv_batch_options *o, size_t tt_bytes, char *err, size_t errlen)
{
    const rv_solve_options so = rv_batch_solver_options(o, tt_bytes);
    rv_solver **solvers = calloc((size_t)threads, sizeof *solvers);
    if (!solvers) {
        snprintf(err, errlen, "out of memory for %d solvers", threads);
        return NULL;
    }
    for (int i = 0; i < threads; i++)
        if (!(solvers[i] = rv_solver_create(&so, err, errlen))) {
            /* The threads' memory: 1024 threads of 64 MB tables failed
             * here, said as "out of memory for the endgame table". */
            if (threads > 1)
                gts_threads_oom(err, errlen, threads, i, so.tt_bytes ? so.tt_bytes : GTS_TT_DEFAULT_BYTES,
                                "endgame table");
            rv_batch_free_solvers(solvers, i);
            return NULL;
        }
    return solvers;
}

int rv_batch_cpu(rv_solver **solvers, int threads, size_t tt_bytes, const rv_batch_options *o, const rv_pos *p,
                 const size_t *at, size_t n, rv_batch_answer *out, char *err, size_t errlen)
{
    rv_solver **made = solvers ? NULL : rv_batch_make_solvers(threads, o, tt_bytes, err, errlen);
    if (!solvers && !made)
        return -1;
    batch b = { .p = p, .at = at, .n = n, .out = out, .solvers = solvers ? solvers : made, .o = o };
    gts_run_threads(threads, batch_worker, &b);
    rv_batch_free_solvers(made, threads);
    return 0;
}
