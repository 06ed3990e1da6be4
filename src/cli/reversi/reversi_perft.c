/* gts reversi perft DEPTH [MOVES]: move sequences of a depth, on one or
 * more CPU threads or on the GPU (or its code on the CPU). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/reversi/reversi_cli.h"
#include "gts/reversi.h"

static void print_perft(long depth, const rv_perft_options *o, const rv_perft_result *r)
{
    const char *where = !o->gpu ? "cpu" : o->cpu_executor ? "gpu code on 1 cpu thread" : "gpu";
    printf("perft %ld: %llu  (%s", depth, (unsigned long long)r->leaves, where);
    if (o->gpu && o->devices > 1)
        printf(" x%d", o->devices);
    if (!o->gpu)
        printf(", %d threads", o->threads);
    printf(", %s%.1f ms", o->gpu ? "end-to-end " : "", r->usec / 1000);
    if (o->gpu)
        printf(", kernel %.1f ms", r->kernel_usec / 1000);
    printf(", %.1f M leaves/s", r->usec > 0 ? (double)r->leaves / r->usec : 0);
    if (o->gpu && r->kernel_usec > 0)
        printf(", kernel %.1f M leaves/s", (double)r->leaves / r->kernel_usec);
    printf(", split %d: %zu tasks of %ld plies)\n", r->split, r->prefixes, depth - r->split);
}

static int cmd_perft(rv_perft_options *o, int argc, char **argv)
{
    long depth;
    if (argc < 1 || argc > 2 || cli_int(argv[0], 0, 30, &depth) != 0) {
        cli_error("perft takes DEPTH (0..30) and optionally MOVES");
        return EXIT_USAGE;
    }
    rv_pos p;
    bool black;
    char err[256];
    if (rv_parse_moves(argc == 2 ? argv[1] : "", &p, &black, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    int low, high;
    rv_perft_split_range((int)depth, o->gpu, &low, &high);
    if (o->split > 0 && depth < 2) {
        cli_error("--split: perft %ld has no plies to split", depth);
        return EXIT_USAGE;
    }
    if (o->split > 0 && (o->split < low || o->split > high)) {
        cli_error("--split %d: perft %ld%s splits at %d..%d plies", o->split, depth, o->gpu ? " --gpu" : "", low,
                  high);
        return EXIT_USAGE;
    }
    /* Ctrl-C is taken before the warm-up, which makes the CUDA context: a
     * SIGINT before the handler is lost where gts started with SIGINT
     * ignored (a script's background job: 2 to 9 in 20 sent 1-6 ms after
     * the start, the dev VM), and perft 16 then runs on for hours. */
    cli_stop_on_interrupt(o->stop);
    rv_perft_result r;
    /* Warm-up: the first launch creates the CUDA context and loads the
     * kernel, which is not the perft's time (on every device: with only
     * the first warmed, perft 15 on four H200s took 4,330 ms end to end
     * against 4,023 ms). */
    const rv_perft_options warm_up = { .gpu = true, .devices = o->devices };
    if (o->gpu && !o->cpu_executor && rv_perft_run(&p, 1, &warm_up, &r, err, sizeof err) != 0)
        return cli_gpu_failed(true, err);
    if (rv_perft_run(&p, (int)depth, o, &r, err, sizeof err) != 0) {
        if (cli_interrupted())
            return cli_error("interrupted"), EXIT_INTERRUPTED;
        return cli_gpu_failed(o->gpu && !o->cpu_executor, err);
    }
    print_perft(depth, o, &r);
    return EXIT_OK;
}

int reversi_perft_main(int argc, char **argv)
{
    gts_stop stop = GTS_STOP_INIT;
    rv_perft_options o = { .threads = 1, .stop = &stop };
    reversi_gpu_flags f = REVERSI_GPU_FLAGS;
    const cli_option opts[] = {
        CLI_OPT_INT("threads", 0, &o.threads, 1, 1024),
        CLI_OPT_INT("split", 0, &o.split, 1, 29),
        REVERSI_OPT_GPU(&f),
        CLI_OPT_END,
    };
    int status;
    const int n = reversi_parse_gpu_options("reversi perft", argc, argv, opts, &f, &status);
    if (n < 0)
        return status;
    if (f.gpu && o.threads > 1) {
        cli_error("--threads is for the CPU perft, not --gpu");
        return EXIT_USAGE;
    }
    o.gpu = f.gpu;
    o.cpu_executor = f.executor == 1;
    o.devices = f.gpus;
    if ((status = reversi_choose_gpu(&f, false)) != 0)
        return status;
    return cmd_perft(&o, n, argv + 1);
}
