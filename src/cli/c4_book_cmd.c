/* gts c4 book: every position up to a ply depth solved into an opening
 * book, on the CPU solver or (--gpu, --executor cpu) in batches by the GPU
 * solver. */
#include <stdio.h>

#include "c4_cli.h"
#include "cli.h"
#include "gts/c4_book.h"
#include "gts/c4_gpu.h"

/* Positions per GPU batch when a book is built on the device. */
#define BOOK_GPU_BATCH 4096

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

int c4_book_main(c4_cli *c, int argc, char **argv)
{
    (void)argv;
    if (argc != 0)
        return c4_usage_error("book takes no arguments besides its options");
    if (c->depth < 0)
        return c4_usage_error("book needs --depth K");
    if (c->depth > c->g.cells) {
        cli_error("bad --depth %ld: a %dx%d book goes at most %d plies deep", c->depth, c->g.width, c->g.height,
                  c->g.cells);
        return EXIT_USAGE;
    }
    if (!c->output)
        return c4_usage_error("book needs -o FILE");
    char err[512];
    c4_solver *s = NULL;
    gpu_book gb = { 0 };
    if (c->gpu || c->gpu_on_cpu) {
        const c4_gpu_options o = c4_cli_gpu_options(c);
        int status;
        if (!(gb.gpu = c4_cli_gpu_open(c, &o, &status)))
            return status;
    } else {
        s = c4_solver_create(&c->g, &c->opt, err, sizeof err);
        if (!s) {
            cli_error("%s", err);
            return EXIT_USAGE;
        }
    }
    cli_stop_on_interrupt(&c->stop);
    int depth = (int)c->depth;
    bool complete;
    const long n = gb.gpu ? c4_book_build_with(solve_on_gpu, &gb, BOOK_GPU_BATCH, &c->g, depth, c->output,
                                               book_progress, &depth, &complete, err, sizeof err)
                          : c4_book_build(s, &c->g, depth, c->output, book_progress, &depth, &complete, err,
                                          sizeof err);
    cli_progress_done();
    c4_solver_free(s);
    c4_gpu_free(gb.gpu);
    if (n < 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    if (!complete && gb.err[0]) {
        cli_error("%s (wrote the %ld positions solved before)", gb.err, n);
        return EXIT_FAIL;
    }
    fprintf(stderr, "gts: wrote %ld positions to %s%s\n", n, c->output,
            complete ? "" : " (interrupted: partial book)");
    return complete ? EXIT_OK : EXIT_INTERRUPTED;
}
