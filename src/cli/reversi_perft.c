/* gts reversi perft DEPTH [MOVES]: move sequences of a depth, on one or
 * more CPU threads or on the GPU (or its code on the CPU). */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "reversi_cli.h"
#include "gts/gpu.h"
#include "gts/reversi.h"

static gts_stop stop = GTS_STOP_INIT;

static void print_perft(long depth, const rv_perft_options *o, const rv_perft_result *r)
{
    const char *where = !o->gpu ? "cpu" : o->cpu_executor ? "gpu code on 1 cpu thread" : "gpu";
    printf("perft %ld: %llu  (%s", depth, (unsigned long long)r->leaves, where);
    if (!o->gpu)
        printf(", %d threads", o->threads);
    printf(", %.1f ms", r->usec / 1000);
    if (o->gpu)
        printf(", kernel %.1f ms", r->kernel_usec / 1000);
    printf(", %.1f M leaves/s", r->usec > 0 ? (double)r->leaves / r->usec : 0);
    if (o->gpu && r->kernel_usec > 0)
        printf(", kernel %.1f M leaves/s", (double)r->leaves / r->kernel_usec);
    printf(", %zu tasks of %d plies)\n", r->prefixes, r->split);
}

/* Why the GPU failed, with the way round a missing device. */
static int gpu_failed(const rv_perft_options *o, const char *err)
{
    char why[256];
    if (!o->cpu_executor && gpu_available(why, sizeof why) != 0)
        cli_error("%s; --executor cpu runs the same code on the CPU", err);
    else
        cli_error("%s", err);
    return EXIT_FAIL;
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
    rv_perft_result r;
    /* Warm-up: the first launch creates the CUDA context and loads the
     * kernel, which is not the perft's time. */
    if (o->gpu && !o->cpu_executor && rv_perft_run(&p, 1, o, &r, err, sizeof err) != 0)
        return gpu_failed(o, err);
    o->stop = &stop;
    cli_stop_on_interrupt(&stop);
    if (rv_perft_run(&p, (int)depth, o, &r, err, sizeof err) != 0) {
        if (cli_interrupted())
            return cli_error("interrupted"), EXIT_INTERRUPTED;
        return o->gpu ? gpu_failed(o, err) : (cli_error("%s", err), EXIT_FAIL);
    }
    print_perft(depth, o, &r);
    return EXIT_OK;
}

int reversi_perft_main(int argc, char **argv)
{
    static const char *const executors[] = { "gpu", "cpu", NULL };
    rv_perft_options o = { .threads = 1 };
    int executor = 0;
    bool executor_given = false;
    const cli_option opts[] = {
        CLI_OPT_INT("threads", 0, &o.threads, 1, 1024),
        CLI_OPT_FLAG("gpu", 0, &o.gpu),
        { .name = "executor", .kind = CLI_CHOICE, .target = &executor, .choices = executors,
          .given = &executor_given },
        CLI_OPT_END,
    };
    const cli_command cmd = { "reversi perft", reversi_usage_text, REVERSI_OPTIONS };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0)
        return cli_parse_status(n);
    if (executor_given && !o.gpu) {
        cli_error("--executor needs --gpu");
        return EXIT_USAGE;
    }
    if (o.gpu && o.threads > 1) {
        cli_error("--threads is for the CPU perft, not --gpu");
        return EXIT_USAGE;
    }
    o.cpu_executor = executor == 1;
    return cmd_perft(&o, n, argv + 1);
}
