/* gts reversi solve --each / --gpu: the input in windows of positions,
 * each window solved at once (each CPU thread on positions of its own, or
 * the GPU's lanes with CPU threads beside them) and each line printed in
 * input order as soon as it and the lines before it are solved, the next
 * window read when the window is done, so that memory is the window's,
 * not the input's; --mpi: the file in batches dealt to the ranks, each on
 * its own GPU (or threads). */
#include <stdlib.h>
#include <string.h>

#include "mpi/farm.h"
#include "cli/reversi/reversi_cli.h"
#include "core/clock.h"

/* The input being read in windows, and the lines' totals. */
typedef struct batch_ctx {
    const rv_batch_options *o;
    rv_batch_window *w;           /* its notes the lines (reversi_line) */
    size_t window;
    bool failed;            /* an error said: no more windows */
    solve_totals t;
} batch_ctx;

/* A solved line, as the batch prints it. */
static void print_answer(const reversi_line *l, const rv_batch_answer *a, bool wld, FILE *out, solve_totals *t)
{
    const bool ok = reversi_print_score(l, a->move, a->score, wld, out, t);
    fprintf(out, "  %12llu nodes%s%s\n", (unsigned long long)a->nodes, a->handed_back ? "  cpu" : "",
            ok ? "" : "  WRONG");
}

/* A line solved, and the lines before it: printed now (on one of the
 * batch's threads, one line at a time). */
static void print_solved(void *ctx, const void *note, const rv_batch_answer *a, bool flush)
{
    batch_ctx *c = ctx;
    print_answer(note, a, c->o->wld, stdout, &c->t);
    if (flush)
        fflush(stdout);
    cli_progress("positions solved: %ld", c->t.positions);
}

/* Solves the window's positions and prints those solved (all of them
 * unless stopped) in input order: 0, or -1 after an error line. */
static int solve_window(batch_ctx *c)
{
    char err[256];
    if (rv_batch_window_solve(c->w, print_solved, c, err, sizeof err) != 0) {
        cli_gpu_failed(c->o->gpu && !c->o->cpu_executor, err);
        c->failed = true;
        return -1;
    }
    fflush(stdout);
    return 0;
}

static int batch_line(void *arg, const char *file, long lineno, const char *line)
{
    batch_ctx *c = arg;
    reversi_line l;
    char err[256];
    if (!reversi_read_line(file, lineno, line, &l, stderr, &c->t))
        return 0;
    const int full = rv_batch_window_add(c->w, &l.p, &l, err, sizeof err);
    if (full < 0) {
        cli_error("%s", err);
        c->failed = true;
        return 1;
    }
    return full ? solve_window(c) : 0;
}

/* --gpu: who solved what (the lanes, the CPU threads beside them, those
 * handed back and those too deep for the lanes). */
static void print_sides(const rv_batch_options *o, const rv_batch_stats *s)
{
    if (o->devices > 1)
        printf(" (%d GPUs, the first done at %.1f ms)", o->devices, s->work_usec_least / 1000);
    printf(", %zu by the lanes", s->lanes);
    if (o->cpu_beside)
        printf(", %zu by the cpu threads beside", s->beside);
    printf(", %zu over the budget to %d cpu threads %.1f ms", s->handed_back, o->threads, s->handback_usec / 1000);
    printf(", %zu too deep for the lanes (over %d empty squares) and %zu too few (under %zu a batch) by the cpu",
           s->too_deep, RV_GPU_MAX_EMPTIES, s->too_few, o->gpu_least * (size_t)(o->devices > 1 ? o->devices : 1));
    if (s->together)
        printf(" (%zu by its %d threads together)", s->together, o->threads);
}

/* --gpu where the lanes solved less than half: said, as the time is then
 * the CPU's. */
static void print_cpu_did(const rv_batch_stats *s, long positions)
{
    if (s->lanes == 0 && positions > 0)
        printf("; the gpu solved none: the cpu did the work");
    else if ((long)s->lanes * 2 < positions)
        printf("; the gpu solved %.0f%%: the cpu did most of the work", 100.0 * (double)s->lanes / (double)positions);
}

/* The windows' totals: positions, nodes, times (summed over the windows). */
static void print_totals(const batch_ctx *c)
{
    const rv_batch_options *o = c->o;
    const rv_batch_window_totals *w = rv_batch_window_sums(c->w);
    const rv_batch_stats *s = &w->stats;
    printf("# %ld positions, %llu nodes, end-to-end %.1f ms, %s %.1f ms", c->t.positions,
           (unsigned long long)w->nodes, w->usec / 1000, o->gpu ? "kernel" : "solving", s->work_usec / 1000);
    if (o->gpu)
        print_sides(o, s);
    if (w->windows > 1)
        printf(", %zu windows of %zu", w->windows, c->window);
    printf(", %.0f positions/s", w->usec > 0 ? c->t.positions / w->usec * 1e6 : 0);
    if (o->gpu)
        print_cpu_did(s, c->t.positions);
    printf("\n");
}

/* --mpi: a rank's task, its lines as one batch on its GPU (or threads). */
static int batch_farmed(void *ctx, const farm_line *lines, long n, farm_sink *sink, solve_totals *t)
{
    const rv_batch_options *o = ctx;
    reversi_line *l = malloc((size_t)n * sizeof *l);
    rv_pos *p = malloc((size_t)n * sizeof *p);
    rv_batch_answer *a = malloc((size_t)n * sizeof *a);
    long *line_of = malloc((size_t)n * sizeof *line_of), m = 0;
    int rc = l && p && a && line_of ? 0 : -1;
    for (long i = 0; rc == 0 && i < n; i++) {
        farm_to_line(sink, i);
        if (reversi_read_line(lines[i].where, lines[i].lineno, lines[i].line, &l[m], sink->err, &t[i]))
            p[m] = l[m].p, line_of[m++] = i;
    }
    char why[256];
    rv_batch_stats stats;
    if (rc == 0 && m && rv_solve_batch(p, (size_t)m, o, a, &stats, why, sizeof why) != 0) {
        cli_error("%s", why);
        rc = -1;
    }
    for (long k = 0; rc == 0 && k < m; k++) {
        if (a[k].move == RV_NOT_SOLVED) {
            rc = -1;   /* stopped */
            break;
        }
        farm_to_line(sink, line_of[k]);
        print_answer(&l[k], &a[k], o->wld, sink->out, &t[line_of[k]]);
        t[line_of[k]].nodes += a[k].nodes;
    }
    free(l), free(p), free(a), free(line_of);
    return rc;
}

/* Under mpirun: each rank's batches on its own GPU (or CPU threads). */
static int batch_on_ranks(const rv_batch_options *o, const char *checkpoint, int argc, char **argv)
{
    static const farm_ops ops = { .solve = batch_farmed, .max_lines = (long)REVERSI_BATCH_WINDOW };
    solve_totals t = { 0 };
    bool root;
    const double t0 = gts_now_usec();
    const int status = reversi_farm(&ops, (void *)o, checkpoint, &o->wld, true, o->stop, &t, &root, argc, argv);
    if (status == -2)
        return EXIT_USAGE;   /* the checkpoint, said */
    if (!root)
        return EXIT_OK;
    const double usec = gts_now_usec() - t0;
    printf("# %ld positions, %llu nodes, end-to-end %.1f ms over the ranks, %.0f positions/s\n", t.positions,
           t.nodes, usec / 1000, usec > 0 ? t.positions / usec * 1e6 : 0);
    return cli_solve_status(&t, status);
}

int reversi_batch_main(const rv_batch_options *o, size_t window, bool mpi, const char *checkpoint, int argc,
                       char **argv)
{
    cli_stop_on_interrupt(o->stop);
    if (mpi)
        return batch_on_ranks(o, checkpoint, argc, argv);
    char err[256];
    batch_ctx c = { .o = o, .window = window ? window : REVERSI_BATCH_WINDOW };
    if (!(c.w = rv_batch_window_create(o, c.window, sizeof(reversi_line), err, sizeof err))) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    const int status = cli_each_line(argc, argv, batch_line, NULL, &c);
    if (!c.failed && !cli_interrupted() && rv_batch_window_count(c.w))
        solve_window(&c);
    cli_progress_done();
    if (!c.failed)
        print_totals(&c);
    rv_batch_window_free(c.w);
    return c.failed ? EXIT_FAIL : cli_solve_status(&c.t, status);
}
