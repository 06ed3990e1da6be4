/* gts reversi: the dispatch to its commands, perft and exact endgame solving
 * of .obf positions, and the option helpers every reversi command shares. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_options.h"
#include "reversi_cli.h"
#include "gts/reversi.h"
#include "gts/reversi_board.h"
#include "gts/tt_size.h"

const char reversi_usage_text[] =
    "usage: gts reversi <command> [options]\n"
    "\n"
    "commands:\n"
    "  perft DEPTH [MOVES]   move sequences of DEPTH plies from the start (or after\n"
    "                        MOVES, e.g. f5d6c3), a pass counted as a move and a\n"
    "                        game over before DEPTH as none\n"
    "  best POSITION         the depth-limited search's move (see 'best --help')\n"
    "  solve [FILE...]       exact endgame scores of .obf lines (64 squares, side to\n"
    "                        move, optionally '; move:score; ...' with the best\n"
    "                        score): best move, score, nodes, time; a wrong score\n"
    "                        or a bad line makes the exit status 1; on a\n"
    "                        terminal the bounds proved so far show on stderr,\n"
    "                        and Ctrl-C prints them for the position it stops\n"
    "  play                  two games between two players, each black once, and\n"
    "                        their search times (see 'play --help')\n"
    "  bench table           the GPU Reversi report's tables for two players\n"
    "                        (see 'bench table --help')\n"
    "  nboard                the NBoard engine protocol on stdin/stdout, for the\n"
    "                        NBoard GUI (see 'nboard --help')\n"
    "  gtp                   the Go Text Protocol on stdin/stdout, for GoGui,\n"
    "                        Quarry and GTP bridges (see 'gtp --help')\n"
    "\n"
    "options:\n"
    "  --wld        solve: win / draw / loss only (scores -1, 0, 1)\n"
    "  --tt-mb MB   solve: table size (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --threads N  solve: threads sharing the table (default 1)\n"
    "  -h, --help   this help\n";

typedef struct solve_ctx {
    rv_solver *solver;
    bool wld;
    solve_totals t;
    uint64_t nodes;
    double usec;
    long lineno;        /* of the position being solved */
    double start;       /* its start (cli_now_usec) */
} solve_ctx;

/* Raised by Ctrl-C: the solver stops, and what it proved is printed. */
static gts_stop stop = GTS_STOP_INIT;

/* The bounds proved on the position being solved, while they are apart:
 * a hard position takes minutes. */
static void show_bounds(void *arg, int lower, int upper)
{
    const solve_ctx *c = arg;
    if (lower < upper)
        cli_progress("line %ld: score in [%+d, %+d] after %.0f s", c->lineno, lower, upper,
                     (cli_now_usec() - c->start) / 1e6);
}

static int solve_line(void *arg, const char *file, long lineno, const char *line)
{
    solve_ctx *c = arg;
    const char *s = line;
    while (*s == ' ' || *s == '\t')
        s++;
    if (!*s || *s == '\n' || *s == '\r' || *s == '#')
        return 0;
    rv_pos p;
    bool black, has_score;
    int expected;
    char err[256];
    if (rv_parse_obf(s, &p, &black, &has_score, &expected, err, sizeof err) != 0) {
        cli_error("%s:%ld: %s", file, lineno, err);
        c->t.bad_lines++;
        return 0;
    }
    rv_solve_result r;
    c->lineno = lineno;
    c->start = cli_now_usec();
    rv_solver_run(c->solver, &p, &r);
    cli_progress_done();
    if (r.stopped) {
        printf("%4ld  %c  %2d empties  interrupted: score in [%+d, %+d]  %12llu nodes  %10.1f ms\n", lineno,
               black ? 'X' : 'O', rv_empties(&p), r.lower, r.upper, (unsigned long long)r.nodes, r.usec / 1000);
        return 1;
    }
    c->t.positions++;
    c->nodes += r.nodes;
    c->usec += r.usec;
    char move[3] = "--";
    if (r.move != RV_NO_MOVE)
        rv_format_square(r.move, move);
    const int want = c->wld ? cli_sign(expected) : expected;
    const bool ok = !has_score || r.score == want;
    if (!ok)
        c->t.mismatches++;
    printf("%4ld  %c  %2d empties  %s %+3d", lineno, black ? 'X' : 'O', rv_empties(&p), move, r.score);
    if (has_score)
        printf("  expected %+3d", want);
    printf("  %12llu nodes  %10.1f ms  %6.1f Mn/s%s\n", (unsigned long long)r.nodes, r.usec / 1000,
           r.usec > 0 ? (double)r.nodes / r.usec : 0, ok ? "" : "  WRONG");
    fflush(stdout);
    return 0;
}

static int cmd_solve(const rv_solve_options *o, int argc, char **argv)
{
    char err[256];
    solve_ctx c = { .wld = o->wld };
    rv_solve_options so = *o;
    so.stop = &stop;
    so.on_bounds = show_bounds;
    so.on_bounds_arg = &c;
    cli_stop_on_interrupt(&stop);
    c.solver = rv_solver_create(&so, err, sizeof err);
    if (!c.solver) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    const int status = cli_each_line(argc, argv, solve_line, NULL, &c);
    rv_solver_free(c.solver);
    printf("# %ld positions, %llu nodes, %.1f ms, %.1f M nodes/s\n", c.t.positions, (unsigned long long)c.nodes,
           c.usec / 1000, c.usec > 0 ? (double)c.nodes / c.usec : 0);
    return cli_solve_status(&c.t, status);
}

static int solve_main(int argc, char **argv)
{
    rv_solve_options o;
    rv_solve_defaults(&o);
    const cli_option opts[] = {
        CLI_OPT_FLAG("wld", 0, &o.wld),
        CLI_OPT_MB("tt-mb", &o.tt_bytes, 1, 1 << 20),
        CLI_OPT_INT("threads", 0, &o.threads, 1, 1024),
        CLI_OPT_END,
    };
    const cli_command cmd = { "reversi solve", reversi_usage_text, REVERSI_OPTIONS };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    return n < 0 ? cli_parse_status(n) : cmd_solve(&o, n, argv + 1);
}

int reversi_parse_size(void *size, const char *text, char *err, size_t errlen)
{
    reversi_size *s = size;
    return rvb_parse_size(text, &s->width, &s->height, err, errlen);
}

int reversi_options_only(const char *what, const cli_command *cmd, int argc, char **argv, const cli_option *opts)
{
    const int n = cli_parse_options(cmd, argc, argv, opts);
    if (n < 0)
        return cli_parse_status(n);
    if (n > 0) {
        cli_error("%s takes no arguments, only options: '%s'", what, argv[1]);
        return EXIT_USAGE;
    }
    return -1;
}

/* Every reversi command: its entry point takes argv[0] = the command name. */
static const struct {
    const char *name;
    int (*main)(int argc, char **argv);
} commands[] = {
    { "perft", reversi_perft_main },
    { "solve", solve_main },
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
