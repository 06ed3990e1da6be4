/* gts reversi best: the depth-limited search's move for one position. */
#include <ctype.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "reversi_cli.h"
#include "gts/reversi_search.h"
#include "gts/tt_size.h"

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
    "  --wpc W          ctdl | standard: the 8x8 weights (default ctdl)\n"
    "  --mobility W     hundredths per move of mobility difference (default 10)\n"
    "  --time-ms T      stop after T ms, keeping the last whole depth\n"
    "  --tt-mb MB       table size for pvs (default " GTS_TT_DEFAULT_MB_TEXT ")\n"
    "  --board FILE     a text board: H rows of W squares (X O - .), then the\n"
    "                   side to move\n"
    "  -h, --help       this help\n";

enum { OPT_SIZE = 256, OPT_DEPTH, OPT_ALGO, OPT_THREADS, OPT_PARALLEL, OPT_WPC, OPT_MOBILITY, OPT_TIME, OPT_TT, OPT_BOARD };

static const struct option long_opts[] = {
    { "size", required_argument, NULL, OPT_SIZE },
    { "depth", required_argument, NULL, OPT_DEPTH },
    { "algo", required_argument, NULL, OPT_ALGO },
    { "threads", required_argument, NULL, OPT_THREADS },
    { "parallel", required_argument, NULL, OPT_PARALLEL },
    { "wpc", required_argument, NULL, OPT_WPC },
    { "mobility", required_argument, NULL, OPT_MOBILITY },
    { "time-ms", required_argument, NULL, OPT_TIME },
    { "tt-mb", required_argument, NULL, OPT_TT },
    { "board", required_argument, NULL, OPT_BOARD },
    { "help", no_argument, NULL, 'h' },
    { NULL, 0, NULL, 0 },
};

static int bad(const char *what, const char *value, const char *want)
{
    cli_error("bad %s '%s' (%s)", what, value, want);
    return EXIT_USAGE;
}

/* Reads a whole small file; NULL with the reason given. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *text = malloc(cap);
    while (text && n + 1 < cap) {
        const size_t got = fread(text + n, 1, cap - 1 - n, f);
        if (!got)
            break;
        n += got;
    }
    fclose(f);
    if (text)
        text[n] = '\0';
    return text;
}

/* 64 characters or more, the first row of them squares: no option is. */
static bool looks_like_board(const char *s)
{
    return strlen(s) >= 64 && strspn(s, "XxOo*-.") >= 8;
}

/* POSITION's words (one or two) -> board: 0, or the exit status. */
static int read_position(rvb *b, int width, int height, int argc, char **argv, bool *black)
{
    char err[256];
    const char *p = argv[0];
    size_t len = strlen(p);
    if (looks_like_board(p)) {
        if (width != 8 || height != 8) {
            cli_error("a 64-square board is 8x8, not %dx%d (use --board FILE)", width, height);
            return EXIT_USAGE;
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
                return EXIT_USAGE;
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
            return EXIT_USAGE;
        }
        rv_pos pos;
        if (rv_parse_board(p, side, &pos, black, err, sizeof err) != 0) {
            cli_error("%s", err);
            return EXIT_USAGE;
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
        return EXIT_USAGE;
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

int reversi_best_main(int argc, char **argv)
{
    /* A board may begin with '-': it is kept from the option parser, as
     * is the side to move after it. */
    char *positional[2];
    int npos = 0, kept = 0;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && npos == 0 && looks_like_board(argv[i])) {
            positional[npos++] = argv[i];
            if (i + 1 < argc && strlen(argv[i + 1]) == 1 && argv[i + 1][0] != '-')
                positional[npos++] = argv[++i];
            continue;
        }
        argv[kept++] = argv[i];
    }
    argc = kept;

    rv_search_options o;
    rv_search_defaults(&o);
    int width = 8, height = 8;
    const char *board_file = NULL;
    long v;
    char err[256];
    opterr = 0;
    optind = 1;
    int ch;
    while ((ch = getopt_long(argc, argv, "h", long_opts, NULL)) != -1) {
        switch (ch) {
        case 'h':
            fputs(usage_text, stdout);
            return EXIT_OK;
        case OPT_SIZE:
            if (rvb_parse_size(optarg, &width, &height, err, sizeof err) != 0) {
                cli_error("%s", err);
                return EXIT_USAGE;
            }
            break;
        case OPT_DEPTH:
            if (cli_int(optarg, 1, RV_MAX_DEPTH, &v))
                return bad("--depth", optarg, "1..60");
            o.depth = (int)v;
            break;
        case OPT_ALGO:
            if (!strcmp(optarg, "minimax"))
                o.algo = RV_ALGO_MINIMAX;
            else if (!strcmp(optarg, "alphabeta"))
                o.algo = RV_ALGO_ALPHABETA;
            else if (!strcmp(optarg, "pvs"))
                o.algo = RV_ALGO_PVS;
            else
                return bad("--algo", optarg, "minimax, alphabeta or pvs");
            break;
        case OPT_THREADS:
            if (cli_int(optarg, 1, 1024, &v))
                return bad("--threads", optarg, "1..1024");
            o.threads = (int)v;
            break;
        case OPT_PARALLEL:
            if (!strcmp(optarg, "ybwc"))
                o.parallel = RV_PAR_YBWC;
            else if (!strcmp(optarg, "pvsplit"))
                o.parallel = RV_PAR_PVSPLIT;
            else if (!strcmp(optarg, "lazy"))
                o.parallel = RV_PAR_LAZY;
            else
                return bad("--parallel", optarg, "ybwc, pvsplit or lazy");
            break;
        case OPT_WPC:
            if (!strcmp(optarg, "ctdl"))
                o.wpc = RV_WPC_CTDL;
            else if (!strcmp(optarg, "standard"))
                o.wpc = RV_WPC_STANDARD;
            else
                return bad("--wpc", optarg, "ctdl or standard");
            break;
        case OPT_MOBILITY:
            if (cli_int(optarg, 0, 10000, &v))
                return bad("--mobility", optarg, "0..10000");
            o.mobility_weight = (int)v;
            break;
        case OPT_TIME:
            if (cli_int(optarg, 1, 1L << 40, &v))
                return bad("--time-ms", optarg, "a positive number of ms");
            o.time_ms = v;
            break;
        case OPT_TT:
            if (cli_int(optarg, 1, 1 << 20, &v))
                return bad("--tt-mb", optarg, "1..1048576");
            o.tt_bytes = (size_t)v << 20;
            break;
        case OPT_BOARD:
            board_file = optarg;
            break;
        default:
            cli_error("unknown option or missing value: %s (see 'gts reversi best --help')", argv[optind - 1]);
            return EXIT_USAGE;
        }
    }
    /* The board taken out above goes back as the POSITION's first words. */
    for (int i = 0; i < npos; i++)
        argv[argc++] = positional[i];
    const int rest = argc - optind;
    rvb b;
    bool black = true;
    if (board_file) {
        if (rest) {
            cli_error("--board FILE takes no POSITION ('%s')", argv[optind]);
            return EXIT_USAGE;
        }
        char *text = read_file(board_file);
        if (!text) {
            cli_error("cannot read board file '%s'", board_file);
            return EXIT_FAIL;
        }
        const int rc = rvb_parse_text(&b, width, height, text, &black, err, sizeof err);
        free(text);
        if (rc != 0) {
            cli_error("%s: %s", board_file, err);
            return EXIT_USAGE;
        }
    } else {
        if (!rest) {
            cli_error("a POSITION is needed: a move list, 'start', or a 64-square board and side (see --help)");
            return EXIT_USAGE;
        }
        const int rc = read_position(&b, width, height, rest, argv + optind, &black);
        if (rc)
            return rc;
    }
    o.on_depth = on_depth;
    o.on_depth_arg = &b;
    rv_searcher *s = rv_searcher_create(&o, err, sizeof err);
    if (!s) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    printf("# %dx%d, %s to move, %d empties\n", b.width, b.height, black ? "X (black)" : "O (white)", rvb_empties(&b));
    rv_result r;
    rv_searcher_run(s, &b, &r);
    rv_searcher_free(s);
    print_result(&b, &r, true);
    return EXIT_OK;
}
