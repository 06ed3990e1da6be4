/* gts: the command-line front end.  main() only picks the command; each
 * reads its own options (cli/cli_options.h). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

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
    "  serve               a web page to play and analyse, and its JSON API\n"
    "  plot                draws CSV files (a bench's --csv) with gnuplot (see\n"
    "                      'gts plot --help'); each bench draws its own with --plot\n"
    "  -h, --help          this help;  --version  the version\n";

/* The commands after "gts", each given argv from its own name on. */
static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
} commands[] = {
    { "c4", c4_main },
    { "reversi", reversi_main },
    { "gomoku", gomoku_main },
    { "info", info_main },
    { "serve", serve_main },
    { "bench", signature_main },
    { "plot", plot_main },
};

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
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return commands[i].run(argc - 1, argv + 1);
    cli_error("unknown game or command '%s' (see 'gts --help')", cmd);
    return EXIT_USAGE;
}
