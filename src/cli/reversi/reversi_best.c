/* gts reversi best: the depth-limited search's move for one position. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "cli/reversi/reversi_cli.h"
#include "gts/reversi_search.h"
#include "gts/tt_size.h"
#include "reversi/engine/rv_player.h"

static const char usage_text[] =
    "usage: gts reversi best [options] POSITION\n"
    "       gts reversi best [options] --board FILE\n"
    "\n"
    "The best move of a position by the depth-limited search (WPC + mobility):\n"
    "a line per depth of iterative deepening, then the move, score, depth,\n"
    "nodes, time and nodes/s.  Scores are in hundredths of a disc weight for\n"
    "the side to move; a finished game scores 1000000 + the disc difference.\n"
    "\n"
    "POSITION: a move list from the start (f5d6c3, j9 h10 on larger boards),\n"
    "'start' or '-' for the start, or on 8x8 a board of 64 squares (X O -)\n"
    "and the side to move (X or O), as in .obf files.\n"
    "\n"
    "options:\n"
    "  --size WxH       board: W and H each 8, 16, 32 or 64 (default 8x8)\n"
    "  --depth D        plies, 1..60 (default 6); with --time-ms the most\n"
    "  --algo A         minimax | alphabeta | pvs (default pvs)\n"
    "  --threads N      threads, 1..1024 (default 1)\n"
    "  --parallel P     ybwc | pvsplit | lazy: how threads share the search\n"
    "                   (default ybwc)\n"
    "  --split-depth S  ybwc, pvsplit: share the moves of nodes with S or more\n"
    "                   plies left, 1..60 (default 3 on boards of 1024 squares\n"
    "                   or more, e.g. 32x32, else 4)\n"
    "  --wpc W          ctdl | standard: the 8x8 weights (default ctdl)\n"
    "  --mobility W     hundredths per move of mobility difference (default 10)\n"
    "  --time-ms T      stop after T ms, keeping the last whole depth\n"
    "  --tt-mb MB       table size for pvs (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --board FILE     a text board: H rows of W squares (X O - .), then the\n"
    "                   side to move\n"
    "  --player SPEC    a player of 'gts reversi play' instead (its depth= or\n"
    "                   --depth), e.g. pvs:backend=gpu for the report's GPU\n"
    "                   PV-split (executor=cpu without a GPU): one line, then\n"
    "                   its kernels' launches and time\n"
    "  -h, --help       this help\n";

/* The most a board file holds: a 64x64 board is about 4 KiB. */
enum { BOARD_FILE_MAX = 1 << 16 };

/* Reads a whole board file as a string; NULL after an error line that
 * names it and says why (it cannot be read, e.g. a directory; it is too
 * long; a NUL byte, which would end the string early). */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    char *text = f ? malloc(BOARD_FILE_MAX + 1) : NULL;
    const size_t n = text ? fread(text, 1, BOARD_FILE_MAX + 1, f) : 0;
    const int error = !f ? errno : ferror(f) ? errno : 0;
    if (f)
        fclose(f);
    if (error || !text) {
        cli_error("cannot read %s: %s", path, error ? strerror(error) : "out of memory");
    } else if (n > BOARD_FILE_MAX) {
        cli_error("%s: longer than %d bytes: not a board", path, BOARD_FILE_MAX);
    } else if (memchr(text, '\0', n)) {
        cli_error("%s: a NUL byte at byte %zu: not a board", path, (size_t)((char *)memchr(text, '\0', n) - text) + 1);
    } else {
        text[n] = '\0';
        return text;
    }
    free(text);
    return NULL;
}

/* 64 characters or more, the first row of them squares: no option is. */
static bool looks_like_board(const char *s)
{
    return strlen(s) >= 64 && strspn(s, "XxOo*-.") >= 8;
}

/* POSITION's words (one or two) -> board: 0, or the exit status
 * (EXIT_FAIL for a bad position, EXIT_USAGE for a word too many). */
static int read_position(rvb *b, int width, int height, int argc, char **argv, bool *black)
{
    char err[256];
    const char *p = argv[0];
    size_t len = strlen(p);
    if (looks_like_board(p)) {
        if (width != 8 || height != 8) {
            cli_error("a 64-square board is 8x8, not %dx%d (use --board FILE)", width, height);
            return EXIT_FAIL;
        }
        /* The side to move in the same word after a space, or the next. */
        char side = 0;
        if (len > 64) {
            const char *s = p + 64;
            while (isspace((unsigned char)*s))
                s++;
            side = *s;
            if (s == p + 64 || (side && s[1])) {
                cli_error("expected 64 squares, a space and the side to move, not '%s'", p);
                return EXIT_FAIL;
            }
        } else if (argc == 2 && strlen(argv[1]) == 1) {
            side = argv[1][0];
            argc--;
        }
        if (argc > 1) {
            cli_error("unexpected argument '%s' after the board", argv[1]);
            return EXIT_USAGE;
        }
        if (!side) {
            cli_error("the side to move (X or O) is missing after the board");
            return EXIT_FAIL;
        }
        rv_pos pos;
        if (rv_parse_board(p, side, &pos, black, err, sizeof err) != 0) {
            cli_error("%s", err);
            return EXIT_FAIL;
        }
        rvb_from_pos(b, &pos);
        return 0;
    }
    if (argc > 1) {
        cli_error("unexpected argument '%s' (one POSITION)", argv[1]);
        return EXIT_USAGE;
    }
    rvb_init(b, width, height, err, sizeof err);
    if (strcmp(p, "start") && strcmp(p, "-") && rvb_parse_moves(b, p, black, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    if (!strcmp(p, "start") || !strcmp(p, "-"))
        *black = true;
    return 0;
}

static void print_result(const rvb *b, const rv_result *r, bool final)
{
    char move[8] = "--";
    if (r->move != RVB_NO_MOVE)
        rvb_format_square(b, r->move, move);
    const double rate = r->usec > 0 ? (double)r->nodes / r->usec : 0;
    if (final)
        printf("best %s  score %+d  depth %d  nodes %llu  time %.1f ms  %.2f M nodes/s\n", move, r->score, r->depth,
               (unsigned long long)r->nodes, r->usec / 1000, rate);
    else
        printf("depth %2d  move %-5s  score %+8d  nodes %12llu  time %10.1f ms\n", r->depth, move, r->score,
               (unsigned long long)r->nodes, r->usec / 1000);
    fflush(stdout);
}

static void on_depth(const rv_result *r, void *arg)
{
    print_result(arg, r, false);
}

/* A board may begin with "--" and a square in lower case ("--xo..."),
 * which the option parser would read as an option: such a word, and the
 * side to move after it, are taken out of argv before the options are
 * read (into positional, at most two; their count is returned), to come
 * back after the other operands. */
static int take_board(int *argc, char **argv, char *positional[2])
{
    int npos = 0, kept = 0;
    for (int i = 0; i < *argc; i++) {
        if (i > 0 && npos == 0 && looks_like_board(argv[i])) {
            positional[npos++] = argv[i];
            if (i + 1 < *argc && strlen(argv[i + 1]) == 1 && argv[i + 1][0] != '-')
                positional[npos++] = argv[++i];
            continue;
        }
        argv[kept++] = argv[i];
    }
    *argc = kept;
    return npos;
}

/* The search's options and the board file from the command line; the
 * operand count (>= 0), or a cli_parse_options failure. */
static int read_options(int argc, char **argv, rv_search_options *o, reversi_size *size, const char **board_file,
                        const char **player)
{
    static const char *const algos[] = { [RV_ALGO_MINIMAX] = "minimax", [RV_ALGO_ALPHABETA] = "alphabeta",
                                         [RV_ALGO_PVS] = "pvs", NULL };
    static const char *const parallels[] = { [RV_PAR_YBWC] = "ybwc", [RV_PAR_PVSPLIT] = "pvsplit",
                                             [RV_PAR_LAZY] = "lazy", NULL };
    static const char *const wpcs[] = { [RV_WPC_CTDL] = "ctdl", [RV_WPC_STANDARD] = "standard", NULL };
    int algo = (int)o->algo, parallel = (int)o->parallel, wpc = (int)o->wpc;
    const cli_option opts[] = {
        REVERSI_OPT_SIZE(size),
        REVERSI_OPT_DEPTH(&o->depth),
        CLI_OPT_CHOICE("algo", &algo, algos),
        CLI_OPT_INT("threads", 0, &o->threads, 1, 1024),
        CLI_OPT_CHOICE("parallel", &parallel, parallels),
        CLI_OPT_INT("split-depth", 0, &o->split_depth, 1, RV_MAX_DEPTH),
        CLI_OPT_CHOICE("wpc", &wpc, wpcs),
        CLI_OPT_INT("mobility", 0, &o->mobility_weight, 0, 10000),
        { .name = "time-ms", .kind = CLI_LONG, .target = &o->time_ms, .min = 1, .max = 1L << 40,
          .values = "a positive number of ms" },
        REVERSI_OPT_TT_MB(&o->tt_bytes),
        CLI_OPT_STRING("board", 0, board_file),
        CLI_OPT_STRING("player", 0, player),
        CLI_OPT_END,
    };
    const cli_command cmd = { "reversi best", usage_text, REVERSI_OPTIONS };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    o->algo = (rv_algo)algo;
    o->parallel = (rv_parallel)parallel;
    o->wpc = (rv_wpc)wpc;
    return n;
}

/* The board of --board FILE (no POSITION): 0, or the exit status. */
static int read_board_file(rvb *b, const reversi_size *size, const char *path, int operands, char **argv,
                           bool *black)
{
    char err[256];
    if (operands) {
        cli_error("--board FILE takes no POSITION ('%s')", argv[0]);
        return EXIT_USAGE;
    }
    char *text = read_file(path);
    if (!text)
        return EXIT_FAIL;
    const int rc = rvb_parse_text(b, size->width, size->height, text, black, err, sizeof err);
    free(text);
    if (rc != 0) {
        cli_error("%s: %s", path, err);
        return EXIT_FAIL;
    }
    return 0;
}

/* The first line of the output: the board and the side to move. */
static void print_position(const rvb *b, bool black)
{
    printf("# %dx%d, %s to move, %d empties\n", b->width, b->height, black ? "X (black)" : "O (white)", rvb_empties(b));
}

/* --player SPEC: one search of that player; the exit status. */
static int run_player(const rvb *b, bool black, const char *text, int depth)
{
    gts_stop stop = GTS_STOP_INIT;
    char err[320], what[160];
    rvp_spec spec;
    if (rvp_parse(text, &spec, err, sizeof err) != 0) {
        cli_error("--player: %s", err);
        return EXIT_USAGE;
    }
    rvp_player p;
    if (rvp_create(&p, &spec, spec.has_depth ? spec.o.depth : depth, &stop, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    rvp_describe(&spec, what, sizeof what);
    print_position(b, black);
    printf("# player %s (%s)\n", text, what);
    cli_stop_on_interrupt(&stop);
    rv_result r;
    const int rc = rvp_search(&p, b, &r, err, sizeof err);
    rvp_free(&p); /* its spec and gpu_stats stay */
    if (rc != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    if (cli_interrupted()) {
        cli_error("interrupted");
        return EXIT_INTERRUPTED;
    }
    print_result(b, &r, true);
    const rvg_stats *st = &p.gpu_stats;
    if (spec.backend == RVP_GPU)
        printf("gpu: %d launches, %ld siblings, %llu nodes on the device, kernels %.1f ms\n", st->launches,
               st->siblings, (unsigned long long)st->device_nodes, st->kernel_us / 1000);
    return EXIT_OK;
}

int reversi_best_main(int argc, char **argv)
{
    char *positional[2];
    const int npos = take_board(&argc, argv, positional);
    rv_search_options o;
    rv_search_defaults(&o);
    reversi_size size = { 8, 8 };
    const char *board_file = NULL, *player = NULL;
    int n = read_options(argc, argv, &o, &size, &board_file, &player);
    if (n < 0)
        return cli_parse_status(n);
    /* The board taken out goes back as the POSITION's first words. */
    for (int i = 0; i < npos; i++)
        argv[1 + n++] = positional[i];
    rvb b;
    bool black = true;
    int rc;
    if (board_file) {
        rc = read_board_file(&b, &size, board_file, n, argv + 1, &black);
    } else if (!n) {
        cli_error("a POSITION is needed: a move list, 'start', or a 64-square board and side (see --help)");
        rc = EXIT_USAGE;
    } else {
        rc = read_position(&b, size.width, size.height, n, argv + 1, &black);
    }
    if (rc)
        return rc;
    if (player)
        return run_player(&b, black, player, o.depth);
    char err[256];
    o.on_depth = on_depth;
    o.on_depth_arg = &b;
    rv_searcher *s = rv_searcher_create(&o, err, sizeof err);
    if (!s) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    print_position(&b, black);
    rv_result r;
    rv_searcher_run(s, &b, &r);
    rv_searcher_free(s);
    print_result(&b, &r, true);
    return EXIT_OK;
}
