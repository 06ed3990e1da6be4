/* gts: the command-line front end. */
#include <string.h>

#include "cli.h"
#include "gts/gpu.h"

static const char usage_text[] =
    "usage: gts <game> <command> [options]\n"
    "       gts bench --signature\n"
    "       gts info\n"
    "\n"
    "games:\n"
    "  c4        Connect 4 (see 'gts c4 --help')\n"
    "  gomoku    Gomoku / Connect-5 (see 'gts gomoku --help')\n"
    "  reversi   Reversi / Othello: perft, exact endgames (see 'gts reversi --help')\n"
    "\n"
    "other commands:\n"
    "  bench --signature   node count of a fixed search, checked by the tests\n"
    "  info                version, and the CUDA device if there is one\n"
    "  -h, --help          this help;  --version  the version\n";

static int info_main(void)
{
    char gpu[256];
    gpu_describe(gpu, sizeof gpu);
    printf("gts %s\n", GTS_VERSION);
    printf("cuda backends: %s\n", gpu_built() ? "built" : "not built (no nvcc)");
    printf("gpu: %s\n", gpu);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    /* Started as pbrain-gts (the name Gomocup managers look for): the
     * protocol engine. */
    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    if (strncmp(name, "pbrain-", 7) == 0)
        return gomoku_pbrain_main(argc, argv);
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
        fputs(usage_text, stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("gts %s\n", GTS_VERSION);
        return EXIT_OK;
    }
    if (strcmp(cmd, "c4") == 0)
        return c4_main(argc - 1, argv + 1);
    if (strcmp(cmd, "reversi") == 0)
        return reversi_main(argc - 1, argv + 1);
    if (strcmp(cmd, "gomoku") == 0)
        return gomoku_main(argc - 1, argv + 1);
    if (strcmp(cmd, "info") == 0) {
        if (argc > 2) {
            cli_error("info takes no arguments");
            return EXIT_USAGE;
        }
        return info_main();
    }
    if (strcmp(cmd, "bench") == 0) {
        if (argc == 3 && strcmp(argv[2], "--signature") == 0)
            return signature_main(argc - 2, argv + 2);
        if (argc == 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
            puts("usage: gts bench --signature\n"
                 "Solves a fixed set of Connect 4 positions and searches three Gomoku positions\n"
                 "to depth 4, on one thread with 16 MB tables, and\n"
                 "prints the total node count; tests/bench_signature.txt records the expected one.\n"
                 "Per-set benchmarks: gts c4 bench --help.");
            return EXIT_OK;
        }
        cli_error("bench takes --signature (per-game benchmarks: gts c4 bench)");
        return EXIT_USAGE;
    }
    cli_error("unknown game or command '%s' (see 'gts --help')", cmd);
    return EXIT_USAGE;
}
