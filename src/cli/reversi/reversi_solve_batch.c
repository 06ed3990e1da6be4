/* gts reversi solve --each / --gpu: the input in windows of positions,
 * each window solved at once (each CPU thread on positions of its own, or
 * the GPU's lanes) and printed in input order before the next is read, so
 * that memory is the window's, not the input's; --mpi: the file in
 * batches dealt to the ranks, each on its own GPU (or threads). */
#include <stdlib.h>
#include <string.h>

#include "mpi/farm.h"
#include "cli/reversi/reversi_cli.h"

/* The window being read, and the totals of the windows solved. */
typedef struct batch_ctx {
    const rv_batch_options *o;
    rv_batch *b;            /* the CPU threads' solvers, kept */
    reversi_line *lines;
    size_t n, cap, window;
    bool warm;              /* the CUDA context made */
    bool failed;            /* an error said: no more windows */
    size_t windows;
    uint64_t nodes;
    double usec;            /* rv_batch_run's, over the windows */
    rv_batch_stats stats;   /* summed over the windows */
    solve_totals t;
} batch_ctx;

/* A line's position for the batch: 1, or 0 where the line is none or the
 * GPU cannot take it (said on errors, counted in t). */
static int read_for_batch(bool gpu, const char *file, long lineno, const char *line, reversi_line *l, FILE *errors,
                          solve_totals *t)
{
    if (!reversi_read_line(file, lineno, line, l, errors, t))
        return 0;
    if (gpu && rv_empties(&l->p) > RV_GPU_MAX_EMPTIES) {
        fprintf(errors, "gts: %s:%ld: %d empties, more than the GPU solver's %d (the CPU solver takes any)\n", file,
                lineno, rv_empties(&l->p), RV_GPU_MAX_EMPTIES);
        t->bad_lines++;
        return 0;
    }
    return 1;
}

/* A solved line, as the batch prints it. */
static void print_answer(const reversi_line *l, const rv_batch_answer *a, bool wld, FILE *out, solve_totals *t)
{
    const bool ok = reversi_print_score(l, a->move, a->score, wld, out, t);
    fprintf(out, "  %12llu nodes%s%s\n", (unsigned long long)a->nodes, a->handed_back ? "  cpu" : "",
            ok ? "" : "  WRONG");
}

static void add_stats(rv_batch_stats *sum, const rv_batch_stats *s)
{
    sum->work_usec += s->work_usec;
    sum->work_usec_least += s->work_usec_least;
    sum->handback_usec += s->handback_usec;
    sum->beside += s->beside;
    sum->handed_back += s->handed_back;
}

/* Solves the window's positions and prints those solved (all of them
 * unless stopped) in input order: 0, or -1 after an error line. */
static int solve_window(batch_ctx *c)
{
    const rv_batch_options *o = c->o;
    rv_pos *p = malloc((c->n ? c->n : 1) * sizeof *p);
    rv_batch_answer *a = malloc((c->n ? c->n : 1) * sizeof *a);
    char err[256];
    rv_batch_stats stats;
    int rc = -1;
    if (!p || !a) {
        cli_error("out of memory for %zu positions", c->n);
        goto done;
    }
    for (size_t i = 0; i < c->n; i++)
        p[i] = c->lines[i].p;
    /* Warm-up: the first launch creates the CUDA context. */
    if (o->gpu && !o->cpu_executor && !c->warm && rv_batch_run(c->b, p, 1, a, &stats, err, sizeof err) != 0)
        goto failed;
    c->warm = true;
    const double t0 = cli_now_usec();
    if (rv_batch_run(c->b, p, c->n, a, &stats, err, sizeof err) != 0)
        goto failed;
    c->usec += cli_now_usec() - t0;
    add_stats(&c->stats, &stats);
    for (size_t i = 0; i < c->n; i++) {
        if (a[i].move == RV_NOT_SOLVED)
            continue;
        c->nodes += a[i].nodes;
        print_answer(&c->lines[i], &a[i], o->wld, stdout, &c->t);
    }
    fflush(stdout);
    c->n = 0;
    c->windows++;
    cli_progress("positions solved: %ld", c->t.positions);
    rc = 0;
    goto done;
failed:
    cli_gpu_failed(o->gpu && !o->cpu_executor, err);
    c->failed = true;
done:
    free(p);
    free(a);
    return rc;
}

static int batch_line(void *arg, const char *file, long lineno, const char *line)
{
    batch_ctx *c = arg;
    reversi_line l;
    if (!read_for_batch(c->o->gpu, file, lineno, line, &l, stderr, &c->t))
        return 0;
    if (c->n == c->cap) {
        size_t cap = c->cap ? 2 * c->cap : 4096;
        if (cap > c->window)
            cap = c->window;
        reversi_line *grown = realloc(c->lines, cap * sizeof *grown);
        if (!grown) {
            cli_error("out of memory for %zu positions", cap);
            c->failed = true;
            return 1;
        }
        c->lines = grown, c->cap = cap;
    }
    c->lines[c->n++] = l;
    return c->n == c->window ? solve_window(c) : 0;
}

/* The windows' totals: positions, nodes, times (summed over the windows). */
static void print_totals(const batch_ctx *c)
{
    const rv_batch_options *o = c->o;
    const rv_batch_stats *s = &c->stats;
    printf("# %ld positions, %llu nodes, end-to-end %.1f ms, %s %.1f ms", c->t.positions,
           (unsigned long long)c->nodes, c->usec / 1000, o->gpu ? "kernel" : "solving", s->work_usec / 1000);
    if (o->gpu && o->devices > 1)
        printf(" (%d GPUs, the first done at %.1f ms)", o->devices, s->work_usec_least / 1000);
    if (o->gpu && o->cpu_beside)
        printf(", %zu by the cpu threads beside", s->beside);
    if (o->gpu)
        printf(", %zu over the budget to %d cpu threads %.1f ms", s->handed_back, o->threads,
               s->handback_usec / 1000);
    if (c->windows > 1)
        printf(", %zu windows of %zu", c->windows, c->window);
    printf(", %.0f positions/s\n", c->usec > 0 ? c->t.positions / c->usec * 1e6 : 0);
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
        if (read_for_batch(o->gpu, lines[i].where, lines[i].lineno, lines[i].line, &l[m], sink->err, &t[i]))
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
    const double t0 = cli_now_usec();
    const int status = reversi_farm(&ops, (void *)o, checkpoint, &o->wld, true, o->stop, &t, &root, argc, argv);
    if (status == -2)
        return EXIT_USAGE;   /* the checkpoint, said */
    if (!root)
        return EXIT_OK;
    const double usec = cli_now_usec() - t0;
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
    if (!(c.b = rv_batch_create(o, err, sizeof err))) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    const int status = cli_each_line(argc, argv, batch_line, NULL, &c);
    if (!c.failed && !cli_interrupted() && c.n)
        solve_window(&c);
    cli_progress_done();
    if (!c.failed)
        print_totals(&c);
    free(c.lines);
    rv_batch_free(c.b);
    return c.failed ? EXIT_FAIL : cli_solve_status(&c.t, status);
}
