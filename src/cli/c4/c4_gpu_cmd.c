/* gts c4 solve --gpu: whole input files solved as GPU batches. */
#include <stdlib.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "mpi/farm.h"
#include "gts/c4_gpu.h"

/* An input line of a batch, besides its position: what its result line
 * prints and checks, and where (stdout and stderr, or a farmed line's
 * own streams). */
typedef struct gpu_line {
    const char *where;
    long lineno;
    char shown[C4_LINE_MOVES];
    bool has_expected;
    int expected;
    FILE *out, *err;
    solve_totals *t;
    long index;                 /* --mpi: its index in the farm's task */
} gpu_line;

/* Lines gathered for one GPU batch: the positions (c4_gpu_solve's input)
 * and their lines. */
typedef struct gpu_batch {
    c4_pos *pos;
    gpu_line *line;
    long n, cap;
} gpu_batch;

#define GPU_BATCH_LINES 65536

/* Solves and prints a gathered batch, in input order (--mpi: to the
 * farm's sink, else NULL). */
static int flush_gpu_batch(c4_solve_args *a, c4_gpu *gpu, gpu_batch *b, c4_gpu_stats *total, farm_sink *sink)
{
    if (b->n == 0)
        return 0;
    int *scores = malloc((size_t)b->n * sizeof *scores);
    uint64_t *nodes = malloc((size_t)b->n * sizeof *nodes);
    char err[256];
    const double before = total->total_us;   /* c4_gpu_solve adds the batch's to total */
    if (!scores || !nodes ||
        c4_gpu_solve(gpu, b->pos, (int)b->n, a->weak, scores, nodes, NULL, total, err, sizeof err) != 0) {
        if (!cli_interrupted())
            cli_error("%s", scores && nodes ? err : "out of memory");
        free(scores), free(nodes);
        return -1;
    }
    const double usec = (total->total_us - before) / (double)b->n;
    for (long i = 0; i < b->n; i++) {
        const gpu_line *l = &b->line[i];
        if (sink)
            farm_to_line(sink, l->index);
        const c4_solved_line solved = { l->where, l->lineno, l->shown, scores[i], nodes[i], -1, usec,
                                        l->has_expected, l->expected };
        c4_print_solved(a, &solved, false, l->out, l->err, l->t);
        l->t->positions++;
        if (i + 1 == b->n || b->line[i + 1].out != l->out)
            fflush(l->out);
    }
    b->n = 0;
    free(scores), free(nodes);
    return 0;
}

/* Reads a line into the batch (a bad one said on l's err at once). */
static int add_gpu_line(c4_solve_args *a, gpu_batch *b, const gpu_line *line, const char *text)
{
    if (b->n == b->cap) {
        const long cap = b->cap ? 2 * b->cap : 1024;
        c4_pos *pos = realloc(b->pos, (size_t)cap * sizeof *pos);
        if (pos)
            b->pos = pos;
        gpu_line *lines = realloc(b->line, (size_t)cap * sizeof *lines);
        if (lines)
            b->line = lines;
        if (!pos || !lines) {
            cli_error("out of memory");
            return -1;
        }
        b->cap = cap;
    }
    char err[256];
    gpu_line *l = &b->line[b->n];
    *l = *line;
    const int k = c4_parse_line(&a->g, text, &b->pos[b->n], l->shown, &l->has_expected, &l->expected, err, sizeof err);
    if (k < 0) {
        fprintf(l->err, "gts: %s:%ld: %s\n", l->where, l->lineno, err);
        l->t->bad_lines++;
    }
    if (k > 0)
        b->n++;
    return 0;
}

typedef struct gpu_run {
    c4_solve_args *a;
    c4_gpu *gpu;
    gpu_batch b;
    solve_totals t;
    c4_gpu_stats total;
} gpu_run;

static int gpu_each_line(void *ctx, const char *file, long lineno, const char *line)
{
    gpu_run *r = ctx;
    const gpu_line l = { .where = file, .lineno = lineno, .out = stdout, .err = stderr, .t = &r->t };
    if (add_gpu_line(r->a, &r->b, &l, line) != 0)
        return -1;
    if (r->b.n < GPU_BATCH_LINES)
        return 0;
    const int status = flush_gpu_batch(r->a, r->gpu, &r->b, &r->total, NULL);
    cli_progress("positions solved: %ld", r->t.positions);
    return status;
}

/* A batch never spans files: its lines keep their file's name. */
static int gpu_file_end(void *ctx)
{
    gpu_run *r = ctx;
    const int status = flush_gpu_batch(r->a, r->gpu, &r->b, &r->total, NULL);
    cli_progress("positions solved: %ld", r->t.positions);
    return status;
}

/* --mpi: a rank's task as one batch on its GPU (mpi/farm.h). */
static int gpu_farmed(void *ctx, const farm_line *lines, long n, farm_sink *sink, solve_totals *t)
{
    gpu_run *r = ctx;
    for (long i = 0; i < n; i++) {
        farm_to_line(sink, i);
        const gpu_line l = { .where = lines[i].where, .lineno = lines[i].lineno, .out = sink->out, .err = sink->err,
                             .t = &t[i], .index = i };
        if (add_gpu_line(r->a, &r->b, &l, lines[i].line) != 0)
            return -1;
    }
    return flush_gpu_batch(r->a, r->gpu, &r->b, &r->total, sink);
}

/* gts c4 solve --gpu: the input in batches of up to GPU_BATCH_LINES, each
 * one launch; a batch's lines are printed when it is done, with its mean
 * time per position.  --mpi: each rank's GPU takes batches dealt by the
 * farm. */
int c4_solve_gpu_main(c4_solve_args *a, int argc, char **argv)
{
    if (a->opt.algo != C4_ALGO_SOLVER || a->book) {
        cli_error("--gpu runs gts's own GPU solver: --algo and --book do not apply");
        return EXIT_USAGE;
    }
    if (a->gpu.executor != 1 && c4_cli_choose_gpu(&a->gpu, a->mpi) != 0)
        return EXIT_FAIL;
    const c4_gpu_options o = c4_cli_gpu_options(&a->gpu, a->opt.threads, a->opt.stop);
    int status;
    c4_gpu *gpu = c4_cli_gpu_open(&a->g, &a->gpu, a->mpi, &o, &status);
    if (!gpu)
        return status;
    cli_stop_on_interrupt(&a->stop);
    gpu_run run = { .a = a, .gpu = gpu };
    bool root = true;
    if (a->mpi) {
        static const farm_ops ops = { .solve = gpu_farmed, .max_lines = GPU_BATCH_LINES };
        status = c4_mpi_farm(a, &ops, &run, &run.t, &root, argc, argv);
    } else {
        status = cli_each_line(argc, argv, gpu_each_line, gpu_file_end, &run);
    }
    const solve_totals t = run.t;
    const c4_gpu_stats total = run.total;
    free(run.b.pos), free(run.b.line);
    cli_progress_done();
    c4_gpu_free(gpu);
    if (status == -2)
        return EXIT_USAGE;   /* the checkpoint, said */
    if (!root)
        return EXIT_OK;
    if (t.positions && !a->mpi)
        fprintf(stderr,
                "gts: %ld positions in %.1f ms end to end on %d GPU%s (kernels %.1f ms, %llu items, %llu table "
                "hits in %llu nodes; device table %zu MB, 8 bytes an entry)\n",
                t.positions, total.total_us / 1000, o.devices > 1 ? o.devices : 1, o.devices > 1 ? "s" : "",
                total.kernel_us / 1000, (unsigned long long)total.items,
                (unsigned long long)total.tt_hits, (unsigned long long)total.nodes, o.tt_bytes >> 20);
    return cli_solve_status(&t, status);
}
