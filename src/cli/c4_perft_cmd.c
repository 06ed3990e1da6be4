/* gts c4 perft DEPTH [MOVES]: move sequences and distinct positions at a
 * depth, on CPU threads or the GPU. */
#include <stdlib.h>
#include <string.h>

#include "c4_cli.h"
#include "cli.h"
#include "gts/c4_perft.h"

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
    c4_perft_result r;
    /* Warm-up: the first launch creates the CUDA context and loads the
     * kernel, which is not the perft's time. */
    if (c->gpu && !c->gpu_on_cpu && c4_perft_gpu(&c->g, &p, 1, false, false, 0, &r, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    const int rc = c->gpu || c->gpu_on_cpu
                       ? c4_perft_gpu(&c->g, &p, (int)depth, c->gpu_on_cpu, c->distinct, c->opt.tt_bytes, &r, err,
                                      sizeof err)
                       : c4_perft(&c->g, &p, (int)depth, c->opt.threads, c->distinct, c->opt.tt_bytes, &r, err,
                                  sizeof err);
    if (rc != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    const char *where = c->gpu_on_cpu ? "gpu code on 1 cpu thread" : c->gpu ? "gpu" : "cpu";
    const double rate = r.usec > 0 ? (double)r.sequences / r.usec : 0;
    if (c->json) {
        printf("{\"depth\":%ld,\"sequences\":%llu", depth, (unsigned long long)r.sequences);
        if (c->distinct)
            printf(",\"positions\":%llu", (unsigned long long)r.positions);
        printf(",\"backend\":\"%s\",\"threads\":%d,\"usec\":%.1f,\"kernel_usec\":%.1f,\"M_per_s\":%.1f}\n", where,
               c->gpu || c->gpu_on_cpu ? 0 : c->opt.threads, r.usec, r.kernel_usec, rate);
    } else {
        printf("perft %ld: %llu sequences", depth, (unsigned long long)r.sequences);
        if (c->distinct)
            printf(", %llu positions", (unsigned long long)r.positions);
        printf("  (%s", where);
        if (!c->gpu && !c->gpu_on_cpu)
            printf(", %d threads", c->opt.threads);
        printf(", %.3f ms", r.usec / 1000);
        if (c->gpu || c->gpu_on_cpu)
            printf(", kernel %.3f ms", r.kernel_usec / 1000);
        printf(", %.1f M sequences/s)\n", rate);
    }
    return EXIT_OK;
}
