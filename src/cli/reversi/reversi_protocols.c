/*
 * gts reversi nboard and gts reversi gtp: the protocol engines' options,
 * then the protocol on stdin/stdout (src/reversi/protocol).
 */
#include <stdio.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "cli/reversi/reversi_cli.h"
#include "reversi/protocol/rv_gtp.h"
#include "reversi/protocol/rv_nboard.h"

/* The options both engines take, after --depth. */
#define ENGINE_OPTIONS                                                                 \
    "  --endgame E   solve exactly at E or fewer empty squares (0..60; default twice\n"  \
    "                the depth, at most 20)\n"                                            \
    "  --threads N   search and endgame threads (1..256, default 1)\n"                  \
    "  --tt-mb MB    size of each of the engine's three tables (default 32)\n"           \
    "  -h, --help    this help\n"

static const char nboard_usage[] =
    "usage: gts reversi nboard [--depth D] [--endgame E] [--threads N] [--tt-mb MB]\n"
    "\n"
    "Plays 8x8 Othello through the NBoard engine protocol on stdin/stdout: nboard,\n"
    "set depth, set game (GGF), set contempt, move, go, hint, ping, learn,\n"
    "analyze, quit.  Give NBoard this command line as the engine's.\n"
    "\n"
    "options:\n"
    "  --depth D     midgame depth until the GUI sends 'set depth' (1..60, default 6)\n" ENGINE_OPTIONS;

static const char gtp_usage[] =
    "usage: gts reversi gtp [--depth D] [--endgame E] [--threads N] [--tt-mb MB]\n"
    "\n"
    "Plays 8x8 Othello through the Go Text Protocol on stdin/stdout (for GoGui,\n"
    "Quarry and GTP bridges).  Squares a1..h8, a1 top left, or 'pass'.\n"
    "Commands: protocol_version name version known_command list_commands quit\n"
    "boardsize clear_board komi play genmove reg_genmove undo showboard\n"
    "final_score time_settings time_left.\n"
    "\n"
    "options:\n"
    "  --depth D     midgame search depth (1..60, default 6)\n" ENGINE_OPTIONS;

/* The engine's settings from the options; -1 to go on, else the exit
 * status (after the help, or an error). */
static int engine_options(const char *name, const char *usage, int argc, char **argv, rv_engine_settings *s)
{
    rv_engine_defaults(s);
    const cli_option opts[] = {
        REVERSI_OPT_DEPTH(&s->depth),
        CLI_OPT_INT("endgame", 0, &s->endgame, 0, 60),
        CLI_OPT_INT("threads", 0, &s->threads, 1, 256),
        REVERSI_OPT_TT_MB(&s->tt_bytes),
        CLI_OPT_END,
    };
    const cli_command cmd = { name, usage, REVERSI_OPTIONS };
    return reversi_options_only(argv[0], &cmd, argc, argv, opts);
}

/* An engine that could not start or serve: its reason, and the status. */
static int failed(const char *err)
{
    cli_error("%s", err);
    return EXIT_FAIL;
}

int reversi_nboard_main(int argc, char **argv)
{
    rv_engine_settings s;
    const int rc = engine_options("reversi nboard", nboard_usage, argc, argv, &s);
    if (rc >= 0)
        return rc;
    /* Static: the reader thread may outlive this function (after quit). */
    static rv_nboard nb;
    char err[256];
    if (rv_nboard_init(&nb, &s, stdout, stderr, err, sizeof err) != 0)
        return failed(err);
    const int served = rv_nboard_serve(&nb, STDIN_FILENO, err, sizeof err);
    rv_nboard_free(&nb);
    return served == 0 ? EXIT_OK : failed(err);
}

int reversi_gtp_main(int argc, char **argv)
{
    rv_engine_settings s;
    const int rc = engine_options("reversi gtp", gtp_usage, argc, argv, &s);
    if (rc >= 0)
        return rc;
    rv_gtp g;
    char err[256];
    if (rv_gtp_init(&g, &s, GTS_VERSION, stdout, err, sizeof err) != 0)
        return failed(err);
    rv_gtp_serve(&g, stdin);
    rv_gtp_free(&g);
    return EXIT_OK;
}
