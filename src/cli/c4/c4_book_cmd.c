/* gts c4 book: every position up to a ply depth solved into an opening
 * book, on the CPU solver or (--gpu, --executor cpu) in batches by the GPU
 * solver. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "cli/cli_options.h"
#include "mpi/team.h"
#include "gts/c4_book.h"
#include "gts/c4_gpu.h"

/* Positions per GPU batch when a book is built on the device; under
 * --mpi, positions per rank in each batch dealt. */
#define BOOK_GPU_BATCH 4096
#define BOOK_MPI_BATCH 512

/* ctx: the book's depth (an int). */
static void book_progress(size_t done, size_t total, void *ctx)
{
    cli_progress("book depth %d: %zu / %zu positions", *(const int *)ctx, done, total);
}

/* book --gpu: each batch solved on the device (or the CPU executor). */
typedef struct gpu_book {
    c4_gpu *gpu;
    char err[256];
} gpu_book;

static int solve_on_gpu(void *ctx, const c4_pos *ps, size_t n, int *scores)
{
    gpu_book *b = ctx;
    c4_gpu_stats st = { 0 };
    const int rc = c4_gpu_solve(b->gpu, ps, (int)n, false, scores, NULL, NULL, &st, b->err, sizeof b->err);
    if (rc != 0 && cli_interrupted())
        b->err[0] = '\0';      /* not a failure: the book stays partial */
    return rc;
}

/* book --mpi: a rank's piece of a batch, positions in, scores out, on
 * its CPU solver or its GPU. */
typedef struct book_rank {
    c4_solver *s;
    gpu_book *gb;
} book_rank;

static int solve_piece(void *ctx, const char *in, size_t in_len, char **out, size_t *out_len)
{
    book_rank *r = ctx;
    const size_t n = in_len / sizeof(c4_pos);
    c4_pos *ps = malloc(n * sizeof *ps + 1);
    int *scores = malloc(n * sizeof *scores + 1);
    int rc = ps && scores ? 0 : -1;
    if (rc == 0) {
        memcpy(ps, in, n * sizeof *ps);
        rc = r->gb->gpu ? solve_on_gpu(r->gb, ps, n, scores) : c4_book_solve_each(r->s, ps, n, scores);
    }
    free(ps);
    *out = (char *)scores, *out_len = n * sizeof *scores;
    return rc;
}

/* Rank 0's batch solver: the batch cut into pieces for the ranks. */
typedef struct book_farm {
    mpi_team *team;
    int ranks;
} book_farm;

static int solve_on_ranks(void *ctx, const c4_pos *ps, size_t n, int *scores)
{
    book_farm *f = ctx;
    /* Eight pieces a rank: the batch's positions differ in cost. */
    const size_t per = (n + 8 * (size_t)f->ranks - 1) / (8 * (size_t)f->ranks);
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i += per)
        rc = mpi_submit(f->team, (long)i, -1, ps + i, (n - i < per ? n - i : per) * sizeof *ps);
    long at;
    int status, got;
    char *out;
    size_t len;
    while (rc == 0 && (got = mpi_next(f->team, &at, &status, &out, &len)) != 0) {
        if (got < 0 || status != 0)
            rc = -1;
        else
            memcpy(scores + at, out, len);
        free(out);
    }
    return rc;
}

/* book --mpi: rank 0 builds the book from the ranks' scores, the others
 * solve what it deals.  0, -1 after a reason in err, or 1 on a worker
 * rank (rank 0 reports). */
static int build_on_ranks(const c4_geom *g, const char *output, gts_stop *stop, book_rank *r, int depth,
                          c4_book_outcome *out, char *err, size_t errlen)
{
    int rank, ranks;
    mpi_start(&rank, &ranks);
    const mpi_work w = { solve_piece, r, stop };
    int rc = 1;
    if (rank == 0) {
        book_farm f = { mpi_team_create(ranks, &w), ranks };
        if (!f.team) {
            snprintf(err, errlen, "out of memory for the ranks' team");
            mpi_dismiss(ranks);
            rc = -1;
        } else {
            rc = c4_book_build_with(solve_on_ranks, &f, (size_t)BOOK_MPI_BATCH * (size_t)ranks, g, depth, output,
                                    book_progress, &depth, out, err, errlen);
            mpi_team_free(f.team);
        }
    } else {
        mpi_serve(&w);
    }
    mpi_finish();
    return rc;
}

/* The line that ends a build, and its exit status. */
static int report(const char *output, const c4_book_outcome *o, const char *gpu_err)
{
    if (o->written && gpu_err[0])
        cli_error("%s (wrote the %zu positions solved before)", gpu_err, o->solved);
    else if (gpu_err[0])
        cli_error("%s (%s left as it was)", gpu_err, output);
    else if (o->written)
        fprintf(stderr, "gts: wrote %zu positions to %s%s\n", o->solved, output,
                o->complete ? "" : " (interrupted: partial book)");
    else
        fprintf(stderr, "gts: interrupted after %zu of %zu positions: %s left as it was\n", o->solved, o->total,
                output);
    return gpu_err[0] ? EXIT_FAIL : o->complete ? EXIT_OK : EXIT_INTERRUPTED;
}

/* book's options. */
typedef struct book_args {
    c4_geom g;
    c4_options opt;
    gts_stop stop;
    long depth;                 /* -1: not given */
    const char *output, *book;  /* -o, --book */
    bool mpi;
    c4_gpu_flags gpu;
} book_args;

/* book's options into a, checked: the exit status after the help or an
 * error line, else -1. */
static int read_options(int argc, char **argv, book_args *a)
{
    c4_size size = C4_SIZE_INIT;
    c4_gpu_flags *f = &a->gpu;
    const cli_option opts[] = {
        C4_OPT_SIZE(&size),
        C4_OPT_THREADS(&a->opt),
        C4_OPT_TT(&a->opt, NULL),
        CLI_OPT_LONG("depth", 0, &a->depth, 0, 64),
        CLI_OPT_STRING("output", 'o', &a->output),
        CLI_OPT_STRING("book", 0, &a->book),
        C4_OPT_GPU(f),
        C4_OPT_GPU_TT(f),
        CLI_OPT_FLAG("mpi", 0, &a->mpi),
        C4_OPT_GPU_DEVICE(f),
        CLI_OPT_END,
    };
    const int n = c4_parse_options("book", argc, argv, opts, &size, &a->g);
    if (n < 0)
        return cli_parse_status(n);
    if (n != 0)
        return c4_usage_error("book takes no arguments besides its options");
    if (a->depth < 0)
        return c4_usage_error("book needs --depth K");
    if (a->depth > a->g.cells) {
        cli_error("bad --depth %ld: a %dx%d book goes at most %d plies deep", a->depth, a->g.width, a->g.height,
                  a->g.cells);
        return EXIT_USAGE;
    }
    if (!a->output)
        return c4_usage_error("book needs -o FILE");
    if (a->mpi && !mpi_available())
        return cli_usage_error("--mpi: this gts was built without MPI (install libopenmpi-dev and build again)"),
               EXIT_USAGE;
    if (a->gpu.device >= 0 && !a->gpu.gpu)
        return c4_usage_error("--gpu-device is for --gpu");
    if (a->book && (a->gpu.gpu || a->gpu.executor == 1))
        return c4_usage_error("--book is for the CPU solver's build, not --gpu");
    return -1;
}

int c4_book_main(int argc, char **argv)
{
    book_args a = { .opt = c4_default_options(), .depth = -1, .gpu = C4_GPU_FLAGS_INIT };
    a.opt.stop = &a.stop;
    const int usage = read_options(argc, argv, &a);
    if (usage >= 0)
        return usage;
    const bool on_cpu = a.gpu.executor == 1;
    char err[512];
    c4_solver *s = NULL;
    c4_book *shallower = NULL;
    gpu_book gb = { 0 };
    if (a.gpu.gpu && !on_cpu && c4_cli_choose_gpu(&a.gpu, a.mpi) != 0)
        return EXIT_FAIL;
    if (a.gpu.gpu || on_cpu) {
        const c4_gpu_options o = c4_cli_gpu_options(&a.gpu, a.opt.threads, a.opt.stop);
        int status;
        if (!(gb.gpu = c4_cli_gpu_open(&a.g, &a.gpu, a.mpi, &o, &status)))
            return status;
    } else {
        /* --book: a shallower book answers its positions at once, so that
         * a book one ply deeper costs only its deepest positions. */
        if (c4_load_book(a.book, &a.g, &a.opt, &shallower) != 0)
            return EXIT_USAGE;
        s = c4_solver_create(&a.g, &a.opt, err, sizeof err);
        if (!s) {
            cli_error("%s", err);
            c4_book_free(shallower);
            return EXIT_USAGE;
        }
    }
    /* SIGTERM as SIGINT: a build stopped by kill or timeout leaves no
     * temporary file either. */
    cli_stop_on_interrupt(&a.stop);
    cli_interrupt_on(SIGTERM);
    int depth = (int)a.depth;
    c4_book_outcome out;
    book_rank rank = { s, &gb };
    const int rc = a.mpi    ? build_on_ranks(&a.g, a.output, &a.stop, &rank, depth, &out, err, sizeof err)
                   : gb.gpu ? c4_book_build_with(solve_on_gpu, &gb, BOOK_GPU_BATCH, &a.g, depth, a.output,
                                                 book_progress, &depth, &out, err, sizeof err)
                            : c4_book_build(s, &a.g, depth, a.output, book_progress, &depth, &out, err,
                                            sizeof err);
    cli_progress_done();
    c4_solver_free(s);
    c4_book_free(shallower);
    c4_gpu_free(gb.gpu);
    if (rc > 0)
        return EXIT_OK;   /* a worker rank: rank 0 reports */
    if (rc < 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    return report(a.output, &out, gb.err);
}
