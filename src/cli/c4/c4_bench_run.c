/* gts c4 bench: one set run with one configuration (cli/c4/c4_bench.h), on one
 * position at a time, as a batch over CPU threads, or on the GPU. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/c4/c4_bench.h"
#include "cli/cli.h"

/* Checks a score against the set's expected one. */
static void count_score(const c4_bench_args *c, const c4_set *s, long i, int score, c4_bench_row *r)
{
    if (!s->p[i].has_expected)
        return;
    const int want = c4_want(c->weak, s->p[i].expected);
    r->checked++;
    if (score == want)
        r->correct++;
    else
        fprintf(stderr, "gts: %s position %ld: score %d, expected %d\n", s->label, i + 1, score, want);
}

/* One position at a time, timed with its table cleared; -1 if interrupted. */
static int run_cpu(const c4_bench_args *c, const c4_set *s, c4_solver *solver, c4_algo algo, c4_bench_row *r)
{
    for (long i = 0; i < s->n; i++) {
        char err[256];
        if (!c4_algo_fits(algo, &c->g, &s->p[i].pos, err, sizeof err)) {
            fprintf(stderr, "gts: %s position %ld: %s\n", s->label, i + 1, err);
            r->skipped++;
            continue;
        }
        /* The clear is timed with the solve: on the easy sets it would
         * otherwise hide a large part of the cost of a position. */
        c4_result res;
        const double t0 = cli_now_usec();
        c4_solver_clear(solver);
        if (c4_solve(solver, &s->p[i].pos, c->weak, &res) != 0)
            return -1;
        r->positions++;
        r->total_usec += cli_now_usec() - t0;
        r->nodes += res.nodes;
        r->hits += res.tt_hits;
        count_score(c, s, i, res.score, r);
        cli_progress("%s %s x%d: %ld / %ld", s->label, r->algo, r->threads, i + 1, s->n);
    }
    return 0;
}

/* The batch on CPU threads (c4_solve_batch): each solves positions of its
 * own, then helps with the last ones. */
static int run_cpu_batch(const c4_bench_args *c, const c4_set *s, c4_solver *solver, c4_bench_row *r)
{
    c4_pos *ps = malloc(((size_t)s->n + 1) * sizeof *ps);
    c4_result *res = malloc(((size_t)s->n + 1) * sizeof *res);
    if (!ps || !res) {
        free(ps), free(res);
        cli_error("out of memory");
        return -1;
    }
    for (long i = 0; i < s->n; i++)
        ps[i] = s->p[i].pos;
    const double t0 = cli_now_usec();
    const int rc = c4_solve_batch(solver, ps, (int)s->n, c->weak, res);
    r->total_usec = cli_now_usec() - t0;
    if (rc == -2)
        cli_error("out of memory for the batch");
    for (long i = 0; i < s->n && rc == 0; i++) {
        r->positions++;
        r->nodes += res[i].nodes;
        r->hits += res[i].tt_hits;
        count_score(c, s, i, res[i].score, r);
    }
    free(ps), free(res);
    return rc == 0 ? 0 : -1;
}

static int run_gpu(const c4_bench_args *c, const c4_set *s, c4_gpu *gpu, bool per_position, c4_bench_row *r)
{
    c4_pos *ps = malloc(((size_t)s->n + 1) * sizeof *ps);
    int *scores = malloc(((size_t)s->n + 1) * sizeof *scores);
    uint64_t *nodes = malloc(((size_t)s->n + 1) * sizeof *nodes);
    uint64_t *hits = malloc(((size_t)s->n + 1) * sizeof *hits);
    if (!ps || !scores || !nodes || !hits) {
        free(ps), free(scores), free(nodes), free(hits);
        cli_error("out of memory");
        return -1;
    }
    for (long i = 0; i < s->n; i++)
        ps[i] = s->p[i].pos;
    c4_gpu_stats st = { 0 };
    char err[256];
    int rc = 0;
    const long step = per_position ? 1 : s->n;
    for (long i = 0; i < s->n && rc == 0 && !cli_interrupted(); i += step) {
        rc = c4_gpu_solve(gpu, ps + i, (int)step, c->weak, scores + i, nodes + i, hits + i, &st, err, sizeof err);
        if (rc != 0 && !cli_interrupted())
            cli_error("%s: %s", s->label, err);
        cli_progress("%s %s: %ld / %ld", s->label, r->algo, i + step, s->n);
    }
    if (rc == 0 && !cli_interrupted()) {
        r->total_usec = st.total_us;
        r->kernel_usec = st.kernel_us;
        for (long i = 0; i < s->n; i++) {
            r->positions++;
            r->nodes += nodes[i];
            r->hits += hits[i];
            count_score(c, s, i, scores[i], r);
        }
    }
    free(ps), free(scores), free(nodes), free(hits);
    return rc == 0 && !cli_interrupted() ? 0 : -1;
}

int c4_bench_engine_create(const c4_bench_args *c, const c4_bench_variant *v, c4_bench_engine *e, char *err, size_t errlen)
{
    memset(e, 0, sizeof *e);
    if (v->kind == C4_BENCH_GPU) {
        e->gpu = c4_gpu_create(&c->g, &v->gpu, err, errlen);
        return e->gpu ? 0 : -1;
    }
    c4_options opt = c->opt;
    opt.algo = v->kind == C4_BENCH_CPU ? v->algo : C4_ALGO_SOLVER;
    opt.threads = v->threads;
    e->solver = c4_solver_create(&c->g, &opt, err, errlen);
    return e->solver ? 0 : -1;
}

void c4_bench_engine_free(c4_bench_engine *e)
{
    c4_solver_free(e->solver);
    c4_gpu_free(e->gpu);
    memset(e, 0, sizeof *e);
}

int c4_bench_run(const c4_bench_args *c, const c4_bench_variant *v, const c4_bench_engine *e, const c4_set *s,
                 c4_bench_row *r)
{
    switch (v->kind) {
    case C4_BENCH_CPU: return run_cpu(c, s, e->solver, v->algo, r);
    case C4_BENCH_CPU_BATCH: return run_cpu_batch(c, s, e->solver, r);
    case C4_BENCH_GPU: return run_gpu(c, s, e->gpu, v->per_position, r);
    }
    return -1;
}
