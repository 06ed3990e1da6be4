/* gts reversi: its usage, and each command name to its entry point. */
#include <string.h>

#include "cli/cli.h"
#include "cli/reversi/reversi_cli.h"

/* Every reversi command: its entry point takes argv[0] = the command name. */
static const struct {
    const char *name;
    int (*main)(int argc, char **argv);
} commands[] = {
    { "perft", reversi_perft_main },
    { "solve", reversi_solve_main },
    { "best", reversi_best_main },
    { "play", reversi_play_main },
    { "bench", reversi_bench_main },
    { "nboard", reversi_nboard_main },
    { "gtp", reversi_gtp_main },
};

int reversi_main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(reversi_usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].main(argc - 1, argv + 1);
    cli_error("unknown reversi command '%s' (see 'gts reversi --help')", argv[1]);
    return EXIT_USAGE;
}
