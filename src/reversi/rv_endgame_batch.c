/* Batch solving: CPU threads each solving positions of their own with a
 * solver (and table) of their own, or the GPU (src/reversi/gpu/). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"
#include "core/threads.h"
#include "core/two_ends.h"
#include "reversi/gpu/rv8_solve.h"

typedef struct batch {
    const rv_pos *p;
    size_t n;
    rv_batch_answer *out;
    rv_solver **solvers;   /* one per thread */
    const gts_stop *stop;
    atomic_size_t next;
} batch;

static void batch_worker(void *arg, int index)
{
    batch *b = arg;
    for (;;) {
        const size_t i = atomic_fetch_add(&b->next, 1);
        if (i >= b->n || gts_stop_raised(b->stop))
            break;
        rv_solve_result r;
        rv_solver_run(b->solvers[index], &b->p[i], &r);
        if (r.stopped)
            break;
        b->out[i] = (rv_batch_answer){ r.score, r.move, false, r.nodes };
    }
}

/* A CPU thread's serial solver (a solver of threads would share one
 * position, which the batch does not want). */
static rv_solve_options solver_options(const rv_batch_options *o)
{
    rv_solve_options so;
    rv_solve_defaults(&so);
    so.wld = o->wld;
    so.tt_bytes = o->tt_bytes;
    so.stop = o->stop;
    return so;
}

static void free_solvers(rv_solver **solvers, int threads)
{
    for (int i = 0; solvers && i < threads; i++)
        rv_solver_free(solvers[i]);
    free(solvers);
}

/* A solver for each of the threads, or NULL with a reason. */
static rv_solver **make_solvers(int threads, const rv_batch_options *o, char *err, size_t errlen)
{
    const rv_solve_options so = solver_options(o);
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
            free_solvers(solvers, i);
            return NULL;
        }
    return solvers;
}

/* The threads, each on its solver. */
static void run_solvers(rv_solver **solvers, int threads, const rv_pos *p, size_t n, const gts_stop *stop,
                        rv_batch_answer *out)
{
    batch b = { .p = p, .n = n, .out = out, .solvers = solvers, .stop = stop };
    gts_run_threads(threads, batch_worker, &b);
}

/* The CPU threads, a solver each made for these positions. */
static int cpu_batch(const rv_pos *p, size_t n, int threads, const rv_batch_options *o, rv_batch_answer *out,
                     char *err, size_t errlen)
{
    rv_solver **solvers = make_solvers(threads, o, err, errlen);
    if (!solvers)
        return -1;
    run_solvers(solvers, threads, p, n, o->stop, out);
    free_solvers(solvers, threads);
    return 0;
}

/* The tables of the CPU threads that work with the GPU (beside it, and on
 * what it hands back): small, as their making is the cost.  64 threads
 * making tables of 64 MB (the default) took 2.9 s of a 3.0 s hand-back of
 * 106 positions (1,000,000 at 12 empties, the 4-H200 host); with 4 MB
 * tables 3,863 positions at 14 empties were solved in 18.7 s against
 * 20.8 s with 64 MB (2 threads, the dev VM). */
static rv_batch_options with_gpu_tables(const rv_batch_options *o)
{
    rv_batch_options small = *o;
    small.tt_bytes = (size_t)4 << 20;
    return small;
}

/* The positions the lanes handed back (move RV8S_HANDED_BACK), solved by
 * the CPU threads (no more threads than positions); the lanes' nodes are
 * added to the solver's. */
static int hand_back(const rv_pos *p, size_t n, int threads, const rv_batch_options *o, rv_batch_answer *out,
                     rv_batch_stats *stats, char *err, size_t errlen)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        k += out[i].move == RV8S_HANDED_BACK;
    stats->handed_back = k;
    if (k == 0)
        return 0;
    size_t *at = malloc(k * sizeof *at);
    rv_pos *q = malloc(k * sizeof *q);
    rv_batch_answer *a = malloc(k * sizeof *a);
    int rc = -1;
    if (!at || !q || !a) {
        snprintf(err, errlen, "out of memory for %zu positions", k);
        goto done;
    }
    for (size_t i = 0, j = 0; i < n; i++)
        if (out[i].move == RV8S_HANDED_BACK)
            at[j] = i, q[j] = p[i], a[j++] = (rv_batch_answer){ 0, RV_NOT_SOLVED, false, 0 };
    const double t0 = gts_now_usec();
    const rv_batch_options small = with_gpu_tables(o);
    if (cpu_batch(q, k, (size_t)threads < k ? threads : (int)k, &small, a, err, errlen) != 0)
        goto done;
    stats->handback_usec = gts_now_usec() - t0;
    for (size_t j = 0; j < k; j++) {
        const uint64_t lane_nodes = out[at[j]].nodes;
        out[at[j]] = a[j];
        out[at[j]].handed_back = true;
        out[at[j]].nodes += lane_nodes;
    }
    rc = 0;
done:
    free(at);
    free(q);
    free(a);
    return rc;
}

/* The GPU with CPU threads beside it: thread 0 runs the devices, the
 * others take positions from the far ends of their shares (core/two_ends.h). */
typedef struct beside_run {
    const rv_pos *p;
    size_t n;
    const rv_batch_options *o;
    rv_batch_answer *out;
    rv_batch_stats *stats;
    gts_ends *b;
    atomic_size_t solved;
    int rc;
    char *err;
    size_t errlen;
} beside_run;

static void beside_worker(void *arg, int index)
{
    beside_run *r = arg;
    if (index == 0) {
        r->rc = rv8s_solve_batch(r->p, r->n, r->o, r->b, r->out, r->stats, r->err, r->errlen);
        return;
    }
    const rv_batch_options small = with_gpu_tables(r->o);
    const rv_solve_options so = solver_options(&small);
    char why[256];
    rv_solver *solver = rv_solver_create(&so, why, sizeof why);
    size_t solved = 0;
    for (long i; solver && !gts_stop_raised(r->o->stop) && (i = gts_ends_take(r->b)) >= 0;) {
        rv_solve_result res;
        rv_solver_run(solver, &r->p[i], &res);
        if (res.stopped)
            break;
        r->out[i] = (rv_batch_answer){ res.score, res.move, false, res.nodes };
        solved++;
    }
    rv_solver_free(solver);
    atomic_fetch_add(&r->solved, solved);
}

/* A CPU thread beside each core but those the devices' host threads take. */
static int gpu_batch(const rv_pos *p, size_t n, int threads, const rv_batch_options *o, rv_batch_answer *out,
                     rv_batch_stats *stats, char *err, size_t errlen)
{
    const int beside = o->cpu_beside ? threads - rv8s_devices(o) : 0;
    beside_run r = { .p = p, .n = n, .o = o, .out = out, .stats = stats, .err = err, .errlen = errlen };
    if (beside > 0 && !(r.b = gts_ends_create(n, rv8s_devices(o), NULL, RV8S_MEET_MARGIN, NULL, NULL))) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    if (r.b)
        gts_run_threads(1 + beside, beside_worker, &r);
    else
        r.rc = rv8s_solve_batch(p, n, o, NULL, out, stats, err, errlen);
    gts_ends_free(r.b);
    stats->beside = atomic_load(&r.solved);
    return r.rc != 0 ? -1 : hand_back(p, n, threads, o, out, stats, err, errlen);
}

/* The CPU's solvers are kept from batch to batch: 300 batches of 1,000
 * positions at 4 empties took 52.5 s with a solver (its 64 MB table) made
 * for each, 7.6 s with them kept; one batch of the 300,000 6.3-16 s. */
struct rv_batch {
    rv_batch_options o;
    int threads;
    rv_solver **solvers;    /* CPU: one per thread */
};

rv_batch *rv_batch_create(const rv_batch_options *o, char *err, size_t errlen)
{
    rv_batch *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    b->o = *o;
    b->threads = o->threads > 1 ? o->threads : 1;
    if (!o->gpu && !(b->solvers = make_solvers(b->threads, o, err, errlen))) {
        free(b);
        return NULL;
    }
    return b;
}

void rv_batch_free(rv_batch *b)
{
    if (b) {
        free_solvers(b->solvers, b->threads);
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
        return gpu_batch(p, n, b->threads, &b->o, out, stats, err, errlen);
    const double t0 = gts_now_usec();
    run_solvers(b->solvers, b->threads, p, n, b->o.stop, out);
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
