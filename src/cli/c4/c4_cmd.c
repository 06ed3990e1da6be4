/* gts c4: the Connect 4 commands' usage, and each command's name mapped
 * to the file that reads its options and runs it (cli/c4/c4_cli.h). */
#include <stdio.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    { "solve", c4_solve_main }, { "analyze", c4_analyze_main }, { "book", c4_book_main },
    { "play", c4_play_main },   { "perft", c4_perft_main },     { "bench", c4_bench_main },
};

int c4_main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fputs(c4_usage_text, argc < 2 ? stderr : stdout);
        return argc < 2 ? EXIT_USAGE : EXIT_OK;
    }
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(argv[1], commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    char what[128];
    snprintf(what, sizeof what, "unknown c4 command '%.80s'", argv[1]);
    return c4_usage_error(what);
}
