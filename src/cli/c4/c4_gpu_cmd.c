/* gts c4 solve --gpu: whole input files solved as batches, by CPU threads
 * and the GPU on one queue (c4_gpu_solve_beside), each line printed as
 * soon as it and those before it are solved; --gpu-only: by the GPU alone,
 * each batch one c4_gpu_solve call, its lines printed when it is done. */
#include <stdlib.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "core/clock.h"
#include "mpi/farm.h"
#include "gts/c4_gpu.h"
#include "gts/gpu.h"

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


/* The run of a command: the GPU, and the CPU solver beside it (NULL:
 * --gpu-only). */
typedef struct gpu_run {
    c4_solve_args *a;
    c4_gpu *gpu;
    c4_solver *cpu;
    c4_book *book;              /* the CPU solver's (the bundled one by default) */
    int cpu_threads;
    gpu_batch b;
    solve_totals t;
    c4_gpu_stats total;         /* --gpu-only */
    c4_beside_stats beside;     /* else */
} gpu_run;

/* Prints the result of line l (--mpi: to the farm's sink, else NULL). */
static void print_line(c4_solve_args *a, const gpu_line *l, farm_sink *sink, int score, uint64_t nodes,
                       int64_t searched, double usec, bool flush)
{
    if (sink)
        farm_to_line(sink, l->index);
    const c4_solved_line solved = { l->where, l->lineno, l->shown, score, nodes, searched, usec, l->has_expected,
                                    l->expected };
    c4_print_solved(a, &solved, flush, l->out, l->err, l->t);
    l->t->positions++;
}

/* --gpu-only: the batch as one c4_gpu_solve call, printed when done. */
static int gpu_alone(gpu_run *r, farm_sink *sink)
{
    gpu_batch *b = &r->b;
    int *scores = malloc((size_t)b->n * sizeof *scores);
    uint64_t *nodes = malloc((size_t)b->n * sizeof *nodes);
    char err[256];
    const double before = r->total.total_us;   /* c4_gpu_solve adds the batch's to total */
    if (!scores || !nodes ||
        c4_gpu_solve(r->gpu, b->pos, (int)b->n, r->a->weak, scores, nodes, NULL, &r->total, err, sizeof err) != 0) {
        if (!cli_interrupted())
            cli_error("%s", scores && nodes ? err : "out of memory");
        free(scores), free(nodes);
        return -1;
    }
    const double usec = (r->total.total_us - before) / (double)b->n;
    for (long i = 0; i < b->n; i++) {
        const gpu_line *l = &b->line[i];
        print_line(r->a, l, sink, scores[i], nodes[i], -1, usec, false);
        if (i + 1 == b->n || b->line[i + 1].out != l->out)
            fflush(l->out);
    }
    free(scores), free(nodes);
    return 0;
}

/* A line of the batch beside the CPU, printed as soon as it and those
 * before it are solved. */
typedef struct beside_print {
    gpu_run *r;
    farm_sink *sink;
} beside_print;

static void print_beside(void *ctx, int i, const c4_result *res, bool gpu)
{
    beside_print *p = ctx;
    print_line(p->r->a, &p->r->b.line[i], p->sink, res->score, res->nodes, gpu ? -1 : (int64_t)res->searched,
               res->usec, true);
    if (!p->sink)
        cli_progress("positions solved: %ld", p->r->t.positions);
}

/* Fewer positions than CPU threads: each solved with all of them, one
 * after the other, as `c4 solve --threads N` does.  As a batch each would
 * have a thread alone (the empty board took 7.65 s so against 5.14 s on
 * the H200 host's 16 threads, bench/hybrid.sh at e9a5f63), and the lanes
 * never win a deep position (docs/notes/hybrid.md). */
static int cpu_together(gpu_run *r, farm_sink *sink)
{
    const double t0 = gts_now_usec();
    for (long i = 0; i < r->b.n; i++) {
        c4_result res;
        if (c4_solve(r->cpu, &r->b.pos[i], r->a->weak, &res) != 0)
            return -1;   /* stopped */
        print_line(r->a, &r->b.line[i], sink, res.score, res.nodes, (int64_t)res.searched, res.usec, true);
        r->beside.by_cpu++;
    }
    r->beside.usec += gts_now_usec() - t0;
    return 0;
}

/* The batch by the CPU threads and the GPU on one queue. */
static int gpu_beside(gpu_run *r, farm_sink *sink)
{
    c4_result *res = malloc((size_t)r->b.n * sizeof *res);
    beside_print p = { r, sink };
    const int rc = res ? c4_gpu_solve_beside(r->gpu, r->cpu, r->b.pos, (int)r->b.n, r->a->weak, res, print_beside,
                                             &p, &r->beside)
                       : -2;
    free(res);
    if (rc == -2)
        cli_error("out of memory");
    return rc == 0 ? 0 : -1;
}

/* Solves and prints a gathered batch (--mpi: to the farm's sink, else
 * NULL). */
static int flush_gpu_batch(gpu_run *r, farm_sink *sink)
{
    if (r->b.n == 0)
        return 0;
    const int rc = !r->cpu ? gpu_alone(r, sink) : r->b.n < r->cpu_threads ? cpu_together(r, sink)
                                                                           : gpu_beside(r, sink);
    r->b.n = 0;
    return rc;
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

static int gpu_each_line(void *ctx, const char *file, long lineno, const char *line)
{
    gpu_run *r = ctx;
    const gpu_line l = { .where = file, .lineno = lineno, .out = stdout, .err = stderr, .t = &r->t };
    if (add_gpu_line(r->a, &r->b, &l, line) != 0)
        return -1;
    if (r->b.n < GPU_BATCH_LINES)
        return 0;
    const int status = flush_gpu_batch(r, NULL);
    cli_progress("positions solved: %ld", r->t.positions);
    return status;
}

/* A batch never spans files: its lines keep their file's name. */
static int gpu_file_end(void *ctx)
{
    gpu_run *r = ctx;
    const int status = flush_gpu_batch(r, NULL);
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
    return flush_gpu_batch(r, sink);
}

/* The CPU solver beside the GPU: --threads N threads (default: every
 * core); each device's host thread is one more, asleep while its device
 * opens (--gpu-after) and while its launches run.  It has the book of
 * `c4 solve` (the bundled one by default): without it the empty board
 * took 5.4 s here, where `--threads N` answers it at once.  NULL after an
 * error line. */
static c4_solver *open_cpu(c4_solve_args *a, c4_book **book, int *threads)
{
    c4_options opt = a->opt;
    opt.threads = *threads = a->threads_given ? opt.threads : cli_cpus();
    if (c4_load_default_book(a->book, &a->g, &opt, book) != 0)
        return NULL;
    char err[512];
    c4_solver *s = c4_solver_create(&a->g, &opt, err, sizeof err);
    if (!s)
        cli_error("%s", err);
    return s;
}

/* The summary on stderr: who solved what, and in how long. */
static void print_summary(const gpu_run *r, const c4_gpu_options *o, long positions)
{
    const int devices = o->devices > 1 ? o->devices : 1;
    const char *plural = devices > 1 ? "s" : "";
    if (!r->cpu) {
        const c4_gpu_stats *total = &r->total;
        fprintf(stderr,
                "gts: %ld positions in %.1f ms end to end on %d GPU%s (kernels %.1f ms, %llu items, %llu table "
                "hits in %llu nodes; device table %zu MB, 8 bytes an entry)\n",
                positions, total->total_us / 1000, devices, plural, total->kernel_us / 1000,
                (unsigned long long)total->items, (unsigned long long)total->tt_hits,
                (unsigned long long)total->nodes, o->tt_bytes >> 20);
        return;
    }
    const c4_beside_stats *st = &r->beside;
    fprintf(stderr,
            "gts: %ld positions in %.1f ms end to end on %d GPU%s and %d CPU thread%s: %llu by the GPU%s, %llu by "
            "the CPU threads, %llu solved by both (GPU kernels %.1f ms, %llu items)\n",
            positions, st->usec / 1000, devices, plural, r->cpu_threads, r->cpu_threads > 1 ? "s" : "",
            (unsigned long long)st->by_gpu, plural, (unsigned long long)st->by_cpu, (unsigned long long)st->twice,
            st->gpu.kernel_us / 1000, (unsigned long long)st->gpu.items);
    if (st->failed[0])
        fprintf(stderr, "gts: %s: the CPU threads solved its positions\n", st->failed);
    if (!c4_gpu_started(r->gpu))
        fprintf(stderr, "gts: the GPU was not started: the CPU threads were done within %.0f ms\n",
                (double)r->a->gpu_after_ms);
    else if (st->by_gpu == 0)
        fprintf(stderr, "gts: the GPU solved none of them: the CPU threads did the work\n");
    else if (st->by_gpu * 10 < st->by_cpu + st->by_gpu)
        fprintf(stderr, "gts: the GPU solved few of them: the CPU threads did most of the work\n");
}

/* The GPU: at once for --gpu-only (the lanes alone), --mpi (each rank
 * says whether it has a device) and where no device is visible (said at
 * once); else opened late (--gpu-after), by default the CPU executor at
 * once on the opener's thread (its start-up costs nothing, and a test's
 * small files then go to its lanes too).  NULL after an error line,
 * *status set. */
static c4_gpu *open_gpu(c4_solve_args *a, const c4_gpu_options *o, int *status)
{
    if (a->gpu_only || a->mpi || (!o->cpu && gts_gpu_visible_count() == 0))
        return c4_cli_gpu_open(&a->g, &a->gpu, a->mpi, o, status);
    char err[256];
    const bool bad = c4_gpu_check_options(&a->g, o, err, sizeof err) != 0;
    if (a->gpu_after_ms < 0)
        a->gpu_after_ms = o->cpu ? 0 : C4_GPU_AFTER_MS;
    c4_gpu *gpu = bad ? NULL : c4_gpu_create_late(&a->g, o, 1000.0 * (double)a->gpu_after_ms, err, sizeof err);
    if (!gpu) {
        cli_error("%s", err);
        *status = bad ? EXIT_USAGE : EXIT_FAIL;
    }
    return gpu;
}

/* gts c4 solve --gpu: the input in batches of up to GPU_BATCH_LINES, each
 * on the CPU threads and the GPU together (--gpu-only: one launch of the
 * GPU alone, a batch's lines printed when it is done, with its mean time
 * per position).  --mpi: each rank takes batches dealt by the farm. */
int c4_solve_gpu_main(c4_solve_args *a, int argc, char **argv)
{
    if (a->opt.algo != C4_ALGO_SOLVER || (a->book && a->gpu_only)) {
        cli_error("--gpu runs gts's own GPU solver: --algo does not apply, nor --book to --gpu-only");
        return EXIT_USAGE;
    }
    if (a->gpu.executor != 1 && c4_cli_choose_gpu(&a->gpu, a->mpi) != 0)
        return EXIT_FAIL;
    const c4_gpu_options o = c4_cli_gpu_options(&a->gpu, a->opt.threads, a->opt.stop);
    int status;
    c4_gpu *gpu = open_gpu(a, &o, &status);
    if (!gpu)
        return status;
    gpu_run run = { .a = a, .gpu = gpu };
    if (!a->gpu_only && !(run.cpu = open_cpu(a, &run.book, &run.cpu_threads))) {
        c4_book_free(run.book);
        c4_gpu_free(gpu);
        return EXIT_USAGE;
    }
    cli_stop_on_interrupt(&a->stop);
    bool root = true;
    if (a->mpi) {
        static const farm_ops ops = { .solve = gpu_farmed, .max_lines = GPU_BATCH_LINES };
        status = c4_mpi_farm(a, &ops, &run, &run.t, &root, argc, argv);
    } else {
        status = cli_each_line(argc, argv, gpu_each_line, gpu_file_end, &run);
    }
    free(run.b.pos), free(run.b.line);
    cli_progress_done();
    if (status != -2 && root && run.t.positions && !a->mpi)
        print_summary(&run, &o, run.t.positions);
    c4_solver_free(run.cpu);
    c4_book_free(run.book);
    c4_gpu_free(gpu);
    if (status == -2)
        return EXIT_USAGE;   /* the checkpoint, said */
    return root ? cli_solve_status(&run.t, status) : EXIT_OK;
}
