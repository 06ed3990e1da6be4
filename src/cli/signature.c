/* gts bench --signature: the total node count of fixed searches of every
 * game, serial, with 16 MB tables.  It changes only when a search's
 * behaviour does (tests/bench_signature.txt records it). */
#include <stdio.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "gts/c4_solver.h"
#include "gts/gomoku_search.h"
#include "reversi/rv_signature.h"

static const char usage_text[] =
    "usage: gts bench --signature\n"
    "Solves a fixed set of Connect 4 positions, searches three Gomoku positions\n"
    "to depth 4, and solves and searches five Reversi positions, on one thread\n"
    "with 16 MB tables, and prints the total node count;\n"
    "tests/bench_signature.txt records the expected one.\n"
    "\n"
    "Each game's own benchmarks:\n"
    "  gts c4 bench [SET...]           Connect 4: Table 1 of the CUDA report per set\n"
    "  gts gomoku bench table          Gomoku: the report's seconds per best move\n"
    "  gts gomoku bench positions FILE Connect-5: the parallel search report's runs\n"
    "  gts reversi bench table         Reversi: the GPU report's tables\n"
    "(each with --help).\n";

/* The signature's table size, for every game. */
#define SIGNATURE_TT_BYTES ((size_t)16 << 20)

/* Connect 4 positions from the standard sets, about 170,000 nodes
 * together, so that most changes to the search show. */
static const char *const c4_signature_positions[] = {
    "2252576253462244111563365343671351441",    /* End-Easy */
    "7422341735647741166133573473242566",
    "37313333717124171162542",                  /* Middle-Easy */
    "2531276566711153",                         /* Middle-Medium */
    "6614446666373154",
    "32164625",                                 /* Begin-Easy */
    "17516442226766",
    "5654767662",
};

/* Gomoku positions (15x15, freestyle, cells within 2 of a stone) searched
 * serially to depth 4 with PVS and to depth 6 with the pattern search:
 * the Gomoku searches' part of the signature. */
static const char *const gomoku_signature_positions[] = {
    "h8",
    "h8 i9 h9 h10 g7",
    "h8 i9 i8 g8 h7 h9 j9 g6 g7 f7 k10",
};

/* Adds the Connect 4 solver's nodes and time; -1 after an error line. */
static int c4_signature(unsigned long long *nodes, double *usec)
{
    c4_options opt = c4_default_options();
    opt.tt_bytes = SIGNATURE_TT_BYTES;
    char err[256];
    c4_solver *s = c4_solver_create(&c4_standard, &opt, err, sizeof err);
    if (!s) {
        cli_error("%s", err);
        return -1;
    }
    for (size_t i = 0; i < sizeof c4_signature_positions / sizeof *c4_signature_positions; i++) {
        c4_pos p;
        c4_result r;
        if (c4_parse(&c4_standard, &p, c4_signature_positions[i], err, sizeof err) != 0) {
            cli_error("signature position %zu: %s", i + 1, err);
            c4_solver_free(s);
            return -1;
        }
        c4_solver_clear(s);
        c4_solve(s, &p, false, &r);
        *nodes += r.nodes;
        *usec += r.usec;
    }
    c4_solver_free(s);
    return 0;
}

/* Adds the Gomoku search's nodes and time; -1 after an error line. */
static int gomoku_signature(unsigned long long *nodes, double *usec)
{
    gm_search_options o;
    gm_search_defaults(&o);
    o.tt_bytes = SIGNATURE_TT_BYTES;
    char err[256];
    const struct {
        gm_algo algo;
        int depth;
    } searches[] = { { GM_ALGO_PVS, 4 }, { GM_ALGO_PATTERN, 6 } };
    for (size_t k = 0; k < sizeof searches / sizeof *searches; k++)
        for (size_t i = 0; i < sizeof gomoku_signature_positions / sizeof *gomoku_signature_positions; i++) {
            gm_board b;
            gm_result r;
            o.algo = searches[k].algo;
            o.depth = searches[k].depth;
            if (gm_init(&b, 15, 15, GM_FREESTYLE, 2, err, sizeof err) != 0 ||
                gm_parse_moves(&b, gomoku_signature_positions[i], err, sizeof err) != 0 ||
                gm_search(&b, &o, &r, err, sizeof err) != 0) {
                cli_error("gomoku signature position %zu: %s", i + 1, err);
                return -1;
            }
            *nodes += r.nodes;
            *usec += r.usec;
        }
    return 0;
}

int signature_main(int argc, char **argv)
{
    bool signature = false;
    const cli_option opts[] = {
        CLI_OPT_FLAG("signature", 0, &signature),
        CLI_OPT_END,
    };
    const cli_command cmd = { "bench", usage_text, NULL };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0)
        return cli_parse_status(n);
    if (!signature || n > 0) {
        cli_error("bench takes --signature (each game's benchmarks: gts c4 bench, gts gomoku bench, "
                  "gts reversi bench; see 'gts bench --help')");
        return EXIT_USAGE;
    }
    unsigned long long nodes = 0;
    double usec = 0;
    char err[320];
    if (c4_signature(&nodes, &usec) != 0 || gomoku_signature(&nodes, &usec) != 0)
        return EXIT_FAIL;
    if (rv_signature(&nodes, &usec, err, sizeof err) != 0)
        return cli_error("%s", err), EXIT_FAIL;
    printf("signature: %llu nodes\n", nodes);
    fprintf(stderr, "%.0f ms, %.1f M nodes/s\n", usec / 1000, usec > 0 ? (double)nodes / usec : 0);
    return EXIT_OK;
}
