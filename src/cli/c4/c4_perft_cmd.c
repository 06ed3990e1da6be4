/* gts c4 perft DEPTH [MOVES]: move sequences and distinct positions at a
 * depth, on CPU threads or the GPU. */
#include <stdlib.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "gts/c4_perft.h"

/* Megabytes, rounded up: what --tt-mb takes. */
static size_t megabytes(size_t bytes)
{
    return (bytes >> 20) + ((bytes & (((size_t)1 << 20) - 1)) != 0);
}

/* Why a perft failed, with what to do about a set too small; the exit
 * status. */
static int perft_failed(const c4_cli *c, const c4_pos *p, long depth, const c4_perft_result *r, const char *err)
{
    if (cli_interrupted()) {
        cli_error("interrupted");
        return EXIT_INTERRUPTED;
    }
    if (!r->set_full)
        return c->gpu && !c->gpu_on_cpu ? c4_gpu_failed(c, err) : (cli_error("%s", err), EXIT_FAIL);
    const size_t need = megabytes(c4_perft_set_bytes(&c->g, p, (int)depth));
    if (c->tt_given) {
        cli_error("more distinct positions than a set of --tt-mb %zu holds; "
                  "--tt-mb %zu holds every position %ld plies on",
                  c->opt.tt_bytes >> 20, need, depth);
        return EXIT_USAGE;
    }
    cli_error("%s: the most half of this machine's memory holds (%ld plies may need %zu MB)", err, depth, need);
    return EXIT_FAIL;
}

static void print_perft(const c4_cli *c, long depth, const c4_perft_result *r)
{
    const char *where = c->gpu_on_cpu ? "gpu code on 1 cpu thread" : c->gpu ? "gpu" : "cpu";
    const double rate = r->usec > 0 ? (double)r->sequences / r->usec : 0;
    if (c->json) {
        printf("{\"depth\":%ld,\"sequences\":%llu", depth, (unsigned long long)r->sequences);
        if (c->distinct)
            printf(",\"positions\":%llu", (unsigned long long)r->positions);
        printf(",\"backend\":\"%s\",\"threads\":%d,\"usec\":%.1f,\"kernel_usec\":%.1f,\"M_per_s\":%.1f}\n", where,
               c->gpu || c->gpu_on_cpu ? 0 : c->opt.threads, r->usec, r->kernel_usec, rate);
        return;
    }
    printf("perft %ld: %llu sequences", depth, (unsigned long long)r->sequences);
    if (c->distinct)
        printf(", %llu positions", (unsigned long long)r->positions);
    printf("  (%s", where);
    if (!c->gpu && !c->gpu_on_cpu)
        printf(", %d threads", c->opt.threads);
    printf(", %.3f ms", r->usec / 1000);
    if (c->gpu || c->gpu_on_cpu)
        printf(", kernel %.3f ms", r->kernel_usec / 1000);
    printf(", %.1f M sequences/s)\n", rate);
}

int c4_perft_main(c4_cli *c, int argc, char **argv)
{
    long depth;
    if (argc < 1 || argc > 2)
        return cli_error("perft takes DEPTH and optionally MOVES"), EXIT_USAGE;
    if (cli_int(argv[0], 1, c->g.cells, &depth) != 0) {
        cli_error("bad perft depth '%s' (1..%d)", argv[0], c->g.cells);
        return EXIT_USAGE;
    }
    c4_pos p;
    char err[256];
    if (c4_parse(&c->g, &p, argc == 2 && strcmp(argv[1], "-") != 0 ? argv[1] : "", err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    /* The set: --tt-mb if given, else sized from the depth. */
    const c4_perft_options o = { .threads = c->opt.threads, .cpu = c->gpu_on_cpu, .distinct = c->distinct,
                                 .set_bytes = c->tt_given ? c->opt.tt_bytes : 0, .stop = &c->stop };
    const c4_perft_options warm_up = { .threads = 1 };
    c4_perft_result r;
    /* Warm-up: the first launch creates the CUDA context and loads the
     * kernel, which is not the perft's time. */
    if (c->gpu && !c->gpu_on_cpu && c4_perft_gpu(&c->g, &p, 1, &warm_up, &r, err, sizeof err) != 0)
        return c4_gpu_failed(c, err);
    cli_stop_on_interrupt(&c->stop);
    const int rc = c->gpu || c->gpu_on_cpu ? c4_perft_gpu(&c->g, &p, (int)depth, &o, &r, err, sizeof err)
                                           : c4_perft(&c->g, &p, (int)depth, &o, &r, err, sizeof err);
    if (rc != 0)
        return perft_failed(c, &p, depth, &r, err);
    print_perft(c, depth, &r);
    return EXIT_OK;
}
