/* gts c4 play: a whole game between the brute-force GPU player and the
 * depth-limited alpha-beta (or either against itself), with both players'
 * choice and time at every position: the brute-force report's timings. */
#include <stdlib.h>
#include <string.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"
#include "cli/cli_options.h"
#include "core/clock.h"
#include "gts/c4_play.h"

enum { BRUTE, ALPHABETA };

/* The player --first or --second names (none: dflt), or -1. */
static int player(const char *name, int dflt)
{
    if (!name)
        return dflt;
    return strcmp(name, "brute") == 0 ? BRUTE : strcmp(name, "alphabeta") == 0 ? ALPHABETA : -1;
}

/* play's options. */
typedef struct play_args {
    c4_geom g;
    long depth;                 /* -1: not given (8) */
    c4_gpu_flags gpu;           /* --executor */
    const char *first, *second;
    gts_stop stop;
} play_args;

/* Both players' times at every position of the game so far. */
typedef struct game_log {
    double brute_ms[64], ab_ms[64];
    int n, same;
} game_log;

/* Both players' choice at p, printed, and the move of the side to move
 * played; -1 after an error line or when stopped by Ctrl-C. */
static int play_move(play_args *a, c4_pos *p, int depth, const int side[2], game_log *log)
{
    char err[256];
    c4_brute_result b;
    if (c4_brute_best(&a->g, p, depth, a->gpu.executor == 1, &a->stop, &b, err, sizeof err) != 0) {
        if (!cli_interrupted())
            cli_error("%s", err);
        return -1;
    }
    int value;
    uint64_t nodes;
    const double t0 = gts_now_usec();
    const int ab = c4_heuristic_best(&a->g, p, depth, &value, &nodes);
    const double ab_us = gts_now_usec() - t0;
    const int mover = p->moves % 2, col = side[mover] == BRUTE ? b.col : ab;
    log->brute_ms[log->n] = b.usec / 1000;
    log->ab_ms[log->n] = ab_us / 1000;
    log->same += b.col == ab;
    log->n++;
    printf("%d %s %d  %d %.3f %.3f%s  %d %.3f %llu  %s\n", p->moves + 1, mover ? "second" : "first", col + 1,
           b.col + 1, b.usec / 1000, b.kernel_usec / 1000, b.forced ? " (forced)" : "", ab + 1, ab_us / 1000,
           (unsigned long long)nodes, b.col == ab ? "yes" : "no");
    fflush(stdout);
    c4_play(&a->g, p, col);
    return 0;
}

/* The game's last line: its result (or that it was interrupted) and both
 * players' times. */
static void print_summary(bool on_cpu, const c4_pos *p, int score, const game_log *log)
{
    const int n = log->n;
    double bsum = 0, asum = 0;
    for (int i = 0; i < n; i++)
        bsum += log->brute_ms[i], asum += log->ab_ms[i];
    const char *result = score == 0 ? "draw" : (p->moves % 2 == 1) ? "first player wins" : "second player wins";
    printf("# %s after %d moves; brute force (%s) first %.3f ms, last %.3f ms, mean %.3f ms; "
           "alphabeta first %.3f ms, last %.3f ms, mean %.3f ms; same move %d of %d\n",
           cli_interrupted() ? "interrupted" : result, p->moves, on_cpu ? "CPU" : "GPU", log->brute_ms[0],
           log->brute_ms[n - 1], bsum / n, log->ab_ms[0], log->ab_ms[n - 1], asum / n, log->same, n);
}

int c4_play_main(int argc, char **argv)
{
    play_args a = { .depth = -1, .gpu = C4_GPU_FLAGS_INIT };
    c4_size size = C4_SIZE_INIT;
    const cli_option opts[] = {
        C4_OPT_SIZE(&size),
        CLI_OPT_LONG("depth", 0, &a.depth, 0, 64),
        C4_OPT_EXECUTOR(&a.gpu),
        CLI_OPT_STRING("first", 0, &a.first),
        CLI_OPT_STRING("second", 0, &a.second),
        CLI_OPT_END,
    };
    const int n = c4_parse_options("play", argc, argv, opts, &size, &a.g);
    if (n < 0)
        return cli_parse_status(n);
    argc = n, argv++;
    if (argc > 1)
        return cli_error("play takes at most one MOVES argument"), EXIT_USAGE;
    const int depth = a.depth < 0 ? 8 : (int)a.depth;
    if (depth < 1 || depth > C4_BRUTE_MAX_DEPTH) {
        cli_error("--depth %d out of range 1..%d for play", depth, C4_BRUTE_MAX_DEPTH);
        return EXIT_USAGE;
    }
    const int side[2] = { player(a.first, BRUTE), player(a.second, ALPHABETA) };
    if (side[0] < 0 || side[1] < 0) {
        cli_error("unknown player '%s' (brute or alphabeta)", side[0] < 0 ? a.first : a.second);
        return EXIT_USAGE;
    }
    c4_pos p;
    char err[256];
    const char *moves = argc == 1 && strcmp(argv[0], "-") != 0 ? argv[0] : "";
    int score = 0;
    if (c4_parse(&a.g, &p, moves, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    if (c4_final_score(&a.g, &p, &score)) {
        cli_error("the game is already over");
        return EXIT_FAIL;
    }
    if (a.gpu.executor != 1) {
        /* Warm-up: the first launch creates the CUDA context and loads the
         * kernel, which is not the player's time. */
        c4_pos empty;
        c4_brute_result b;
        c4_init(&empty);
        if (c4_brute_best(&a.g, &empty, 1, false, NULL, &b, err, sizeof err) != 0)
            return c4_gpu_failed(&a.gpu, err);
    }
    cli_stop_on_interrupt(&a.stop);
    printf("# ply mover move  brute: move ms kernel_ms  alphabeta: move ms nodes  same\n");
    game_log log = { .n = 0 };
    while (!c4_final_score(&a.g, &p, &score) && !cli_interrupted())
        if (play_move(&a, &p, depth, side, &log) != 0 && !cli_interrupted())
            return EXIT_FAIL;
    if (log.n > 0)
        print_summary(a.gpu.executor == 1, &p, score, &log);
    if (cli_interrupted()) {
        cli_error("interrupted after %d moves", log.n);
        return EXIT_INTERRUPTED;
    }
    return EXIT_OK;
}
