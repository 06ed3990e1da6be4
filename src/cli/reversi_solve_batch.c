/* gts reversi solve --each / --gpu: a whole file as one batch, each CPU
 * thread on positions of its own or the GPU's lanes; --mpi: the file in
 * batches dealt to the ranks, each on its own GPU (or threads). */
#include <stdlib.h>
#include <string.h>

#include "cli_farm.h"
#include "cli_mpi.h"
#include "reversi_cli.h"

/* The batch: every position read first, then solved at once. */
typedef struct batch_ctx {
    reversi_line *lines;
    size_t n, cap;
    bool gpu;
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

static int batch_line(void *arg, const char *file, long lineno, const char *line)
{
    batch_ctx *c = arg;
    reversi_line l;
    if (!read_for_batch(c->gpu, file, lineno, line, &l, stderr, &c->t))
        return 0;
    if (c->n == c->cap) {
        const size_t cap = c->cap ? 2 * c->cap : 4096;
        reversi_line *grown = realloc(c->lines, cap * sizeof *grown);
        if (!grown) {
            cli_error("out of memory for %zu positions", cap);
            return 1;
        }
        c->lines = grown, c->cap = cap;
    }
    c->lines[c->n++] = l;
    return 0;
}

/* A solved line, as the batch prints it. */
static void print_answer(const reversi_line *l, const rv_batch_answer *a, bool wld, FILE *out, solve_totals *t)
{
    const bool ok = reversi_print_score(l, a->move, a->score, wld, out, t);
    fprintf(out, "  %12llu nodes%s%s\n", (unsigned long long)a->nodes, a->handed_back ? "  cpu" : "",
            ok ? "" : "  WRONG");
}

/* Solves the batch's positions and prints them in file order: 0, or -1
 * after an error line. */
static int solve_batch(batch_ctx *c, const rv_batch_options *o)
{
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
    if (o->gpu && !o->cpu_executor && c->n && rv_solve_batch(p, 1, o, a, &stats, err, sizeof err) != 0)
        goto failed;
    const double t0 = cli_now_usec();
    if (rv_solve_batch(p, c->n, o, a, &stats, err, sizeof err) != 0)
        goto failed;
    const double usec = cli_now_usec() - t0;
    uint64_t nodes = 0;
    for (size_t i = 0; i < c->n; i++) {
        if (a[i].move == RV_NOT_SOLVED)
            continue;
        nodes += a[i].nodes;
        print_answer(&c->lines[i], &a[i], o->wld, stdout, &c->t);
    }
    printf("# %ld positions, %llu nodes, end-to-end %.1f ms, %s %.1f ms", c->t.positions, (unsigned long long)nodes,
           usec / 1000, o->gpu ? "kernel" : "solving", stats.work_usec / 1000);
    if (o->gpu && o->devices > 1)
        printf(" (%d GPUs, the first done at %.1f ms)", o->devices, stats.work_usec_least / 1000);
    if (o->gpu && o->cpu_beside)
        printf(", %zu by the cpu threads beside", stats.beside);
    if (o->gpu)
        printf(", %zu over the budget to %d cpu threads %.1f ms", stats.handed_back, o->threads,
               stats.handback_usec / 1000);
    printf(", %.0f positions/s\n", usec > 0 ? c->t.positions / usec * 1e6 : 0);
    rc = 0;
    goto done;
failed:
    cli_gpu_failed(o->gpu && !o->cpu_executor, err);
done:
    free(p);
    free(a);
    return rc;
}

/* --mpi: a rank's task, its lines as one batch on its GPU (or threads). */
static int batch_farmed(void *ctx, const cli_farm_line *lines, long n, cli_farm_sink *sink, solve_totals *t)
{
    const rv_batch_options *o = ctx;
    reversi_line *l = malloc((size_t)n * sizeof *l);
    rv_pos *p = malloc((size_t)n * sizeof *p);
    rv_batch_answer *a = malloc((size_t)n * sizeof *a);
    long *line_of = malloc((size_t)n * sizeof *line_of), m = 0;
    int rc = l && p && a && line_of ? 0 : -1;
    for (long i = 0; rc == 0 && i < n; i++) {
        cli_farm_to_line(sink, i);
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
        cli_farm_to_line(sink, line_of[k]);
        print_answer(&l[k], &a[k], o->wld, sink->out, &t[line_of[k]]);
        t[line_of[k]].nodes += a[k].nodes;
    }
    free(l), free(p), free(a), free(line_of);
    return rc;
}

/* Under mpirun: each rank's batches on its own GPU (or CPU threads). */
static int batch_on_ranks(const rv_batch_options *o, const char *checkpoint, int argc, char **argv)
{
    static const cli_farm_ops ops = { .solve = batch_farmed, .hardness = reversi_most_empties,
                                      .max_lines = 1L << 20 };
    solve_totals t = { 0 };
    bool root;
    const double t0 = cli_now_usec();
    char name[64];
    const cli_farm_checkpoint ck = reversi_checkpoint(checkpoint, &o->wld, true, name, sizeof name);
    const int status = cli_farm_run(argc, argv, &ops, (void *)o, &reversi_stop, &ck, &t, &root);
    if (status == -2)
        return EXIT_USAGE;   /* the checkpoint, said */
    if (!root)
        return EXIT_OK;
    const double usec = cli_now_usec() - t0;
    printf("# %ld positions, %llu nodes, end-to-end %.1f ms over the ranks, %.0f positions/s\n", t.positions,
           t.nodes, usec / 1000, usec > 0 ? t.positions / usec * 1e6 : 0);
    return cli_solve_status(&t, status);
}

int reversi_batch_main(const rv_batch_options *o, bool mpi, const char *checkpoint, int argc, char **argv)
{
    batch_ctx c = { .gpu = o->gpu };
    rv_batch_options bo = *o;
    bo.stop = &reversi_stop;
    cli_stop_on_interrupt(&reversi_stop);
    if (mpi)
        return batch_on_ranks(&bo, checkpoint, argc, argv);
    const int status = cli_each_line(argc, argv, batch_line, NULL, &c);
    const int rc = cli_interrupted() ? 0 : solve_batch(&c, &bo);
    free(c.lines);
    return rc != 0 ? EXIT_FAIL : cli_solve_status(&c.t, status);
}

