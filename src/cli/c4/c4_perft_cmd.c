/* gts c4 perft DEPTH [MOVES]: move sequences and distinct positions at a
 * depth, on CPU threads or the GPU. */
#include <stdlib.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "cli/cli_options.h"
#include "gts/c4_perft.h"

/* perft's options. */
typedef struct perft_args {
    c4_geom g;
    int threads;
    size_t tt_bytes;            /* --tt-mb: the set of --distinct */
    bool set_given;
    c4_gpu_flags gpu;           /* --gpu, --executor */
    bool distinct, json;
    gts_stop stop;
} perft_args;

/* Megabytes, rounded up: what --tt-mb takes. */
static size_t megabytes(size_t bytes)
{
    return (bytes >> 20) + ((bytes & (((size_t)1 << 20) - 1)) != 0);
}

/* Why a perft failed, with what to do about a set too small; the exit
 * status. */
static int perft_failed(const perft_args *c, const c4_pos *p, long depth, const c4_perft_result *r, const char *err)
{
    if (cli_interrupted()) {
        cli_error("interrupted");
        return EXIT_INTERRUPTED;
    }
    if (!r->set_full)
        return c->gpu.gpu && c->gpu.executor != 1 ? c4_gpu_failed(&c->gpu, err) : (cli_error("%s", err), EXIT_FAIL);
    const size_t need = megabytes(c4_perft_set_bytes(&c->g, p, (int)depth));
    if (c->set_given) {
        cli_error("more distinct positions than a set of --tt-mb %zu holds; "
                  "--tt-mb %zu holds every position %ld plies on",
                  c->tt_bytes >> 20, need, depth);
        return EXIT_USAGE;
    }
    cli_error("%s: the most half of this machine's memory holds (%ld plies may need %zu MB)", err, depth, need);
    return EXIT_FAIL;
}

static void print_perft(const perft_args *c, long depth, const c4_perft_result *r)
{
    const bool on_cpu = c->gpu.executor == 1;
    const char *where = on_cpu ? "gpu code on 1 cpu thread" : c->gpu.gpu ? "gpu" : "cpu";
    const double rate = r->usec > 0 ? (double)r->sequences / r->usec : 0;
    if (c->json) {
        printf("{\"depth\":%ld,\"sequences\":%llu", depth, (unsigned long long)r->sequences);
        if (c->distinct)
            printf(",\"positions\":%llu", (unsigned long long)r->positions);
        printf(",\"backend\":\"%s\",\"threads\":%d,\"usec\":%.1f,\"kernel_usec\":%.1f,\"M_per_s\":%.1f}\n", where,
               c->gpu.gpu || on_cpu ? 0 : c->threads, r->usec, r->kernel_usec, rate);
        return;
    }
    printf("perft %ld: %llu sequences", depth, (unsigned long long)r->sequences);
    if (c->distinct)
        printf(", %llu positions", (unsigned long long)r->positions);
    printf("  (%s", where);
    if (!c->gpu.gpu && !on_cpu)
        printf(", %d threads", c->threads);
    printf(", %.3f ms", r->usec / 1000);
    if (c->gpu.gpu || on_cpu)
        printf(", kernel %.3f ms", r->kernel_usec / 1000);
    printf(", %.1f M sequences/s)\n", rate);
}

int c4_perft_main(int argc, char **argv)
{
    perft_args a = { .threads = 1, .gpu = C4_GPU_FLAGS_INIT };
    c4_size size = C4_SIZE_INIT;
    const cli_option opts[] = {
        C4_OPT_SIZE(&size),
        C4_OPT_THREADS(&a),
        C4_OPT_TT(&a, &a.set_given),
        C4_OPT_GPU(&a.gpu),
        CLI_OPT_FLAG("distinct", 0, &a.distinct),
        CLI_OPT_FLAG("json", 0, &a.json),
        CLI_OPT_END,
    };
    const int n = c4_parse_options("perft", argc, argv, opts, &size, &a.g);
    if (n < 0)
        return cli_parse_status(n);
    long depth;
    if (n < 1 || n > 2)
        return cli_error("perft takes DEPTH and optionally MOVES"), EXIT_USAGE;
    if (cli_int(argv[1], 1, a.g.cells, &depth) != 0) {
        cli_error("bad perft depth '%s' (1..%d)", argv[1], a.g.cells);
        return EXIT_USAGE;
    }
    c4_pos p;
    char err[256];
    if (c4_parse(&a.g, &p, n == 2 && strcmp(argv[2], "-") != 0 ? argv[2] : "", err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    const bool on_gpu = a.gpu.gpu && a.gpu.executor != 1, gpu_code = a.gpu.gpu || a.gpu.executor == 1;
    /* The set: --tt-mb if given, else sized from the depth. */
    const c4_perft_options o = { .threads = a.threads, .cpu = a.gpu.executor == 1, .distinct = a.distinct,
                                 .set_bytes = a.set_given ? a.tt_bytes : 0, .stop = &a.stop };
    const c4_perft_options warm_up = { .threads = 1 };
    c4_perft_result r;
    /* Warm-up: the first launch creates the CUDA context and loads the
     * kernel, which is not the perft's time. */
    if (on_gpu && c4_perft_gpu(&a.g, &p, 1, &warm_up, &r, err, sizeof err) != 0)
        return c4_gpu_failed(&a.gpu, err);
    cli_stop_on_interrupt(&a.stop);
    const int rc = gpu_code ? c4_perft_gpu(&a.g, &p, (int)depth, &o, &r, err, sizeof err)
                            : c4_perft(&a.g, &p, (int)depth, &o, &r, err, sizeof err);
    if (rc != 0)
        return perft_failed(&a, &p, depth, &r, err);
    print_perft(&a, depth, &r);
    return EXIT_OK;
}
