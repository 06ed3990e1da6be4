/* Connect 4 bench rows (gts/c4_bench.h): a test set on one position at a
 * time, as a batch over CPU threads, or on the GPU, timed and checked. */
#include "gts/c4_bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"

/* Checks a score against the set's expected one. */
static void count_score(const c4_bench_position *ps, long i, bool weak, int score, const c4_bench_hooks *h,
                        c4_bench_row *r)
{
    if (!ps[i].has_expected)
        return;
    const int e = ps[i].expected, want = weak ? (e > 0) - (e < 0) : e;
    r->checked++;
    if (score == want)
        r->correct++;
    else if (h->wrong)
        h->wrong(h->ctx, i, score, want);
}

/* One position at a time, timed with its table cleared; -1 if stopped. */
static int run_cpu(const c4_geom *g, bool weak, const c4_bench_position *ps, long n, c4_solver *solver, c4_algo algo,
                   const c4_bench_hooks *h, c4_bench_row *r)
{
    for (long i = 0; i < n; i++) {
        char err[256];
        if (!c4_algo_fits(algo, g, &ps[i].pos, err, sizeof err)) {
            if (h->unfit)
                h->unfit(h->ctx, i, err);
            r->skipped++;
            continue;
        }
        /* The clear is timed with the solve: on the easy sets it would
         * otherwise hide a large part of the cost of a position. */
        c4_result res;
        const double t0 = gts_now_usec();
        c4_solver_clear(solver);
        if (c4_solve(solver, &ps[i].pos, weak, &res) != 0)
            return -1;
        r->positions++;
        r->total_usec += gts_now_usec() - t0;
        r->nodes += res.nodes;
        r->hits += res.tt_hits;
        count_score(ps, i, weak, res.score, h, r);
        if (h->progress)
            h->progress(h->ctx, i + 1, n);
    }
    return 0;
}

/* The batch on CPU threads (c4_solve_batch): each solves positions of its
 * own, then helps with the last ones. */
static int run_cpu_batch(bool weak, const c4_bench_position *ps, long n, c4_solver *solver, const c4_bench_hooks *h,
                         c4_bench_row *r, char *err, size_t errlen)
{
    c4_pos *pos = malloc(((size_t)n + 1) * sizeof *pos);
    c4_result *res = malloc(((size_t)n + 1) * sizeof *res);
    if (!pos || !res) {
        free(pos), free(res);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (long i = 0; i < n; i++)
        pos[i] = ps[i].pos;
    const double t0 = gts_now_usec();
    const int rc = c4_solve_batch(solver, pos, (int)n, weak, res);
    r->total_usec = gts_now_usec() - t0;
    if (rc == -2)
        snprintf(err, errlen, "out of memory for the batch");
    for (long i = 0; i < n && rc == 0; i++) {
        r->positions++;
        r->nodes += res[i].nodes;
        r->hits += res[i].tt_hits;
        count_score(ps, i, weak, res[i].score, h, r);
    }
    free(pos), free(res);
    return rc == 0 ? 0 : -1;
}

static int run_gpu(bool weak, const c4_bench_position *ps, long n, c4_gpu *gpu, const c4_bench_variant *v,
                   const c4_bench_hooks *h, c4_bench_row *r, char *err, size_t errlen)
{
    c4_pos *pos = malloc(((size_t)n + 1) * sizeof *pos);
    int *scores = malloc(((size_t)n + 1) * sizeof *scores);
    uint64_t *nodes = malloc(((size_t)n + 1) * sizeof *nodes);
    uint64_t *hits = malloc(((size_t)n + 1) * sizeof *hits);
    if (!pos || !scores || !nodes || !hits) {
        free(pos), free(scores), free(nodes), free(hits);
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (long i = 0; i < n; i++)
        pos[i] = ps[i].pos;
    c4_gpu_stats st = { 0 };
    int rc = 0;
    const long step = v->per_position ? 1 : n;
    for (long i = 0; i < n && rc == 0 && !gts_stop_raised(v->gpu.stop); i += step) {
        rc = c4_gpu_solve(gpu, pos + i, (int)step, weak, scores + i, nodes + i, hits + i, &st, err, errlen);
        if (h->progress)
            h->progress(h->ctx, i + step, n);
    }
    const bool stopped = gts_stop_raised(v->gpu.stop);
    if (rc == 0 && !stopped) {
        r->total_usec = st.total_us;
        r->kernel_usec = st.kernel_us;
        for (long i = 0; i < n; i++) {
            r->positions++;
            r->nodes += nodes[i];
            r->hits += hits[i];
            count_score(ps, i, weak, scores[i], h, r);
        }
    }
    free(pos), free(scores), free(nodes), free(hits);
    if (stopped)
        err[0] = '\0';
    return rc == 0 && !stopped ? 0 : -1;
}

int c4_bench_engine_create(const c4_geom *g, const c4_options *base, const c4_bench_variant *v, c4_bench_engine *e,
                           char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    if (v->kind == C4_BENCH_GPU) {
        e->gpu = c4_gpu_create(g, &v->gpu, err, errlen);
        return e->gpu ? 0 : -1;
    }
    c4_options opt = *base;
    opt.algo = v->kind == C4_BENCH_CPU ? v->algo : C4_ALGO_SOLVER;
    opt.threads = v->threads;
    e->solver = c4_solver_create(g, &opt, err, errlen);
    return e->solver ? 0 : -1;
}

void c4_bench_engine_free(c4_bench_engine *e)
{
    c4_solver_free(e->solver);
    c4_gpu_free(e->gpu);
    memset(e, 0, sizeof *e);
}

int c4_bench_run(const c4_bench_engine *e, const c4_bench_variant *v, const c4_geom *g, bool weak,
                 const c4_bench_position *ps, long n, const c4_bench_hooks *h, c4_bench_row *r, char *err,
                 size_t errlen)
{
    err[0] = '\0';
    switch (v->kind) {
    case C4_BENCH_CPU: return run_cpu(g, weak, ps, n, e->solver, v->algo, h, r);
    case C4_BENCH_CPU_BATCH: return run_cpu_batch(weak, ps, n, e->solver, h, r, err, errlen);
    case C4_BENCH_GPU: return run_gpu(weak, ps, n, e->gpu, v, h, r, err, errlen);
    }
    return -1;
}
