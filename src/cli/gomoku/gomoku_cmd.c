/* gts gomoku: its usage, and each command's name to its entry (each
 * command's options and work are its own file's, cli/gomoku/gomoku_<command>.c). */
#include <string.h>

#include "cli/cli.h"
#include "cli/gomoku/gomoku_cli.h"

int gomoku_main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(gomoku_usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {
        { "best", gomoku_best_main },   { "show", gomoku_show_main },   { "play", gomoku_play_main },
        { "bench", gomoku_bench_main }, { "pbrain", gomoku_pbrain_main },
    };
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    cli_error("unknown gomoku command '%s' (see 'gts gomoku --help')", argv[1]);
    return EXIT_USAGE;
}
