/*
 * gts gomoku pbrain (and pbrain-gts): the Gomocup engine protocol on
 * stdin/stdout (src/gomoku/protocol/gm_pbrain.h); here only its options.
 */
#include <errno.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "gomoku/protocol/gm_pbrain.h"

static const char usage_text[] =
    "usage: gts gomoku pbrain [--threads N] [--algo pattern|pvs]\n"
    "       pbrain-gts [--threads N] [--algo pattern|pvs]\n"
    "\n"
    "Plays Gomoku through the Gomocup (Piskvork) protocol on stdin/stdout:\n"
    "START, RECTSTART, RESTART, BEGIN, TURN, BOARD, INFO, TAKEBACK, PLAY, ABOUT,\n"
    "END.  Boards from 5x5 to 32x32.  INFO rule 1 plays exactly five, rule 4\n"
    "renju (black never on a forbidden point), rule 8 caro (no exact five with\n"
    "the opponent's stones at both ends wins), 9 caro of exactly five.  Without\n"
    "INFO timeout_turn a move takes up to 5000 ms; INFO time_left is shared out\n"
    "over the moves to come unless timeout_match is 0 (no match limit).\n"
    "Everything the engine makes counts against INFO max_memory (0: no limit);\n"
    "the table (a quarter of it, at most\n"
    "1 GiB, or what is left) is made in the background after START and INFO,\n"
    "never in a move's time.  Once a five is on the board or the board is full,\n"
    "a request for a move gets ERROR with the reason, as does BEGIN on a board\n"
    "with stones.\n"
    "\n"
    "options:\n"
    "  --threads N   search threads (1..64, default 1; INFO thread_num overrides)\n"
    "  --algo A      pattern (default: line patterns, threats followed at no\n"
    "                depth, VCF at the root) or pvs (the shape search of\n"
    "                earlier versions)\n"
    "  -h, --help    this help\n";

int gomoku_pbrain_main(int argc, char **argv)
{
    int threads = 1, algo = 0;
    static const char *const algos[] = { "pattern", "pvs", NULL };
    const cli_option opts[] = {
        CLI_OPT_INT("threads", 0, &threads, 1, GM_ENGINE_MAX_THREADS),
        CLI_OPT_CHOICE("algo", &algo, algos),
        CLI_OPT_END,
    };
    const cli_command cmd = { "gomoku pbrain", usage_text, NULL };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0)
        return cli_parse_status(n);
    if (n > 0) {
        cli_error("unexpected operand '%s' (see 'gts gomoku pbrain --help')", argv[1]);
        return EXIT_USAGE;
    }
    static gm_pbrain session;
    gm_pbrain_init(&session, threads, GTS_VERSION, stdout);
    session.engine.algo = algo == 0 ? GM_ALGO_PATTERN : GM_ALGO_PVS;
    const bool read = gm_pbrain_run(&session, stdin);
    if (!read)
        cli_error("cannot read the manager's input: %s", strerror(errno));
    gm_pbrain_free(&session);
    return read ? EXIT_OK : EXIT_FAIL;
}
