/*
 * gts reversi play: the GPU Reversi report's match of two players, two
 * games from the start of a board, each player black once; each game's
 * moves and result, and each player's total search time over both games
 * with their ratio (the report's acceleration factor).
 */
#include <stdlib.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "cli/reversi/reversi_cli.h"
#include "reversi/engine/rv_match.h"

#define DEFAULT_DEPTH 4

static const char usage_text[] =
    "usage: gts reversi play [--player1 SPEC] [--player2 SPEC] [--size WxH] [--depth D]\n"
    "\n"
    "Two games between two players from the start of a W x H board (W, H in 8, 16,\n"
    "32, 64), player 1 black in the first and white in the second: each game's\n"
    "moves and result, and each player's search time over both games.\n"
    "\n"
    "A player SPEC is ALGO[:KEY=VALUE,...]: ALGO minimax, alphabeta or pvs; keys\n"
    "depth=D (1..60), backend=serial|threads|gpu, threads=N,\n"
    "parallel=ybwc|pvsplit|lazy (how threads share the search), tt-mb=MB,\n"
    "wpc=ctdl|standard, mobility=M, and with backend=gpu (the report's PV-split,\n"
    "a thread block per sibling, depth 1..16) executor=gpu|cpu, layout=bytes|rows,\n"
    "block=N (threads a block), unit=block|warp (a block or each warp a node),\n"
    "split=1|2 (a block per sibling, or per child of a sibling); e.g.\n"
    "alphabeta:depth=6, pvs:depth=6,threads=16 or pvs:backend=gpu.\n"
    "\n"
    "options:\n"
    "  --player1 SPEC   default alphabeta (the report's serial player)\n"
    "  --player2 SPEC   default pvs\n"
    "  --size WxH       board (default 8x8; N for N x N)\n"
    "  --depth D        depth of a player without depth= (default 4)\n"
    "  -h, --help       this help\n";

static void print_game(const rvp_game *g, int k, rvp_player *players[2])
{
    char moves[2 * RVB_MAX_SQUARES * 8];
    rvp_format_moves(g, moves, sizeof moves);
    const int black = k, white = 1 - k;
    printf("game %d: black player %d (%s), white player %d (%s), %dx%d\n", k + 1, black + 1,
           players[black]->spec.text, white + 1, players[white]->spec.text, g->width, g->height);
    printf("  moves   %s\n", moves);
    if (g->stopped) {
        printf("  result  none: interrupted after %d moves\n", g->n);
        return;
    }
    printf("  result  black %d - white %d: ", g->black_discs, g->white_discs);
    if (g->score == 0)
        printf("a draw\n");
    else
        printf("%s (player %d) wins by %d\n", g->score > 0 ? "black" : "white", (g->score > 0 ? black : white) + 1,
               abs(g->score));
}

/* The two players of the specs, each with depth when its spec has none,
 * stopped by stop; 0, or the exit status after an error. */
static int make_players(const char *const spec_text[2], int depth, gts_stop *stop, rvp_player *players[2])
{
    rvp_spec specs[2];
    char err[256];
    if (reversi_parse_players(spec_text, specs) != 0)
        return EXIT_USAGE;
    for (int i = 0; i < 2; i++) {
        const int d = specs[i].has_depth ? specs[i].o.depth : depth;
        if (rvp_create(players[i], &specs[i], d, stop, err, sizeof err) != 0) {
            cli_error("player %d: %s", i + 1, err);
            if (i == 1)
                rvp_free(players[0]);
            return EXIT_FAIL;
        }
        char what[160];
        rvp_describe(&players[i]->spec, what, sizeof what);
        printf("player %d: %s (%s, depth %d)\n", i + 1, specs[i].text, what, d);
    }
    return 0;
}

int reversi_play_main(int argc, char **argv)
{
    const char *spec_text[2] = { "alphabeta", "pvs" };
    reversi_size size = { 8, 8 };
    int depth = DEFAULT_DEPTH;
    const cli_option opts[] = {
        REVERSI_OPT_PLAYERS(spec_text),
        REVERSI_OPT_SIZE(&size),
        REVERSI_OPT_DEPTH(&depth),
        CLI_OPT_END,
    };
    const cli_command cmd = { "reversi play", usage_text, REVERSI_OPTIONS };
    const int status = reversi_options_only("play", &cmd, argc, argv, opts);
    if (status >= 0)
        return status;
    gts_stop stop = GTS_STOP_INIT;   /* Ctrl-C; the players' searches read it */
    rvp_player store[2] = { 0 };
    rvp_player *players[2] = { &store[0], &store[1] };
    const int made = make_players(spec_text, depth, &stop, players);
    if (made != 0)
        return made;
    cli_stop_on_interrupt(&stop);
    rvp_match m = { 0 };
    char err[256];
    const int rc = rvp_play_match(players, size.width, size.height, &stop, &m, err, sizeof err);
    for (int i = 0; i < 2; i++)
        rvp_free(players[i]); /* their spec and gpu_stats stay */
    if (rc != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    for (int k = 0; k < 2 && (k == 0 || !m.games[0].stopped); k++)
        print_game(&m.games[k], k, players);
    for (int i = 0; i < 2; i++) {
        printf("player %d: %.3f s in %ld searches, %llu nodes", i + 1, m.usec[i] / 1e6, m.searches[i],
               (unsigned long long)m.nodes[i]);
        const rvg_stats *gpu = &players[i]->gpu_stats;
        if (players[i]->spec.backend == RVP_GPU)
            printf(" (gpu: %d launches, %ld siblings, kernels %.3f s)", gpu->launches, gpu->siblings,
                   gpu->kernel_us / 1e6);
        printf("\n");
    }
    if (m.stopped) {
        cli_error("interrupted");
        return EXIT_INTERRUPTED;
    }
    printf("time player 1 / player 2: %.3f\n", m.usec[1] > 0 ? m.usec[0] / m.usec[1] : 0.0);
    return EXIT_OK;
}
