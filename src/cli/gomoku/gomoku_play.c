/* gts gomoku play: a whole game from a position (the match runner,
 * src/gomoku/engine/gm_match.h), engine against engine or a human on
 * stdin, every move printed with its search figures and the game's moves
 * on one line at the end so that it can be replayed (gts gomoku show) or
 * cut into test positions (bench/gomoku_make_positions.sh). */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/gomoku/gomoku_cli.h"
#include "gomoku/engine/gm_match.h"

static const char *const colour_name[2] = { "black", "white" };
static const char *const kind_name[] = { "engine", "human", NULL };   /* by gm_player */

/* play's options. */
typedef struct play_opts {
    gomoku_board_opts board;
    gomoku_search_opts search;
    int algo;
    int player[2];                     /* --black, --white (gm_player) */
    int random_moves, random_radius;   /* --random N opening moves within --random-radius R */
    long seed;                         /* --seed S of those moves */
} play_opts;

/* Where a human's moves come from. */
typedef struct human {
    bool tty;                /* stdin is a terminal: the board and a prompt first */
    int read_error;          /* errno of a failed read of stdin, 0 if none */
    const gts_stop *stop;    /* Ctrl-C: the read returns (no SA_RESTART) */
} human;

/* A human's move from stdin: true with *cell, false at the end of the
 * input, on Ctrl-C or when stdin cannot be read.  A line that is not one
 * legal cell is answered with a one-line error and read again.  On a
 * terminal the board and a prompt go to stderr first. */
static bool read_human_move(void *ctx, const gm_board *b, int *cell)
{
    human *h = ctx;
    const bool tty = h->tty;
    char *line = NULL;
    size_t cap = 0;
    bool got = false;
    if (tty) {
        char text[GM_MAX_SIZE * GM_MAX_SIZE * 4];
        gm_print(b, text, sizeof text);
        fputs(text, stderr);
    }
    while (!got && !gts_stop_raised(h->stop)) {
        if (tty)
            fprintf(stderr, "%s to move (h8 or x,y): ", colour_name[b->side]);
        if (getline(&line, &cap, stdin) < 0) {
            h->read_error = ferror(stdin) ? errno : 0;
            break;
        }
        char move[32], extra[2], err[160];
        const int k = sscanf(line, "%31s %1s", move, extra);
        if (k < 1)
            continue;
        if (k > 1)
            cli_error("one move a line, please");
        else if (gm_parse_cell(b, move, cell, err, sizeof err) != 0)
            cli_error("%s", err);
        else if (!gm_can_play(b, *cell))
            cli_error("%s is taken", move);
        else
            got = true;
    }
    free(line);
    return got;
}

/* One line per move; figures a move has not ("-") are for human and
 * random moves. */
static void print_move(void *ctx, const gm_board *b, const gm_match_move *m)
{
    (void)ctx;
    char move[16], score[32] = "-", depth[16] = "-", nodes[32] = "-", ms[32] = "-";
    gm_format_cell(b, m->cell, move, sizeof move);
    if (m->search) {
        gm_format_score(m->search->score, score, sizeof score);
        snprintf(depth, sizeof depth, "%d", m->search->depth);
        snprintf(nodes, sizeof nodes, "%llu", (unsigned long long)m->search->nodes);
    }
    if (m->usec >= 0)
        snprintf(ms, sizeof ms, "%.3f", m->usec / 1000);
    printf("%5d %-5s %-5s %10s %5s %12s %11s  %s\n", b->stones + 1, colour_name[b->side], move, score, depth, nodes,
           ms, m->by);
    fflush(stdout);
}

static void print_header(const play_opts *c, const gm_match *m)
{
    const gm_board *b = &m->board;
    const gm_search_options *o = &c->search.opt;
    char candidates[16];
    gomoku_candidates(c->board.near, candidates, sizeof candidates);
    printf("# %dx%d %s, candidates %s; black %s, white %s; engine %s depth %d%s, %d thread%s\n", b->width, b->height,
           gm_rule_names[c->board.rule], candidates, kind_name[m->player[GM_BLACK]],
           kind_name[m->player[GM_WHITE]], gm_algo_names[o->algo], o->depth, o->time_ms ? " within --time" : "",
           o->threads, o->threads > 1 ? "s" : "");
    printf("%5s %-5s %-5s %10s %5s %12s %11s  %s\n", "# ply", "side", "move", "score", "depth", "nodes", "ms", "by");
}

/* The end of the game: its result, each player's moves and time, and the
 * moves from the empty board on one line to replay it. */
static void print_end(const gm_match *m, gm_match_end end)
{
    const gm_board *b = &m->board;
    if (end == GM_MATCH_FIVE)
        printf("# result: %s wins (five) after %d moves\n", colour_name[b->winner], b->stones);
    else if (end == GM_MATCH_FULL)
        printf("# result: draw (the board is full) after %d moves\n", b->stones);
    else
        printf("# result: none, %s after %d moves\n", end == GM_MATCH_INPUT_ENDED ? "the input ended" : "interrupted",
               b->stones);
    for (int side = 0; side < 2; side++)
        printf("# %s (%s): %d moves, %.3f ms in all, %.3f ms a move\n", colour_name[side],
               kind_name[m->player[side]], m->moves[side], m->usec[side] / 1000,
               m->moves[side] ? m->usec[side] / 1000 / m->moves[side] : 0.0);
    printf("moves:");
    for (int i = 0; i < b->stones; i++) {
        char move[16];
        gm_format_cell(b, b->history[i].cell, move, sizeof move);
        printf(" %s", move);
    }
    printf("\n");
}

/* The options, and the rules between them: the operand count, or a
 * cli_parse_options failure. */
static int read_options(int argc, char **argv, play_opts *p)
{
    *p = (play_opts){ .board = GOMOKU_BOARD_OPTS, .random_radius = 3 };
    gomoku_search_defaults(&p->search);
    p->algo = p->search.opt.algo;
    const cli_option opts[] = {
        GOMOKU_OPT_BOARD(&p->board),
        GOMOKU_OPT_SEARCH(&p->search),
        GOMOKU_OPT_ENGINE(&p->search, &p->algo),
        CLI_OPT_CHOICE("black", &p->player[GM_BLACK], kind_name),
        CLI_OPT_CHOICE("white", &p->player[GM_WHITE], kind_name),
        CLI_OPT_INT("random", 0, &p->random_moves, 0, GM_MAX_CELLS),
        CLI_OPT_INT("random-radius", 0, &p->random_radius, 1, GM_MAX_SIZE),
        CLI_OPT_LONG("seed", 0, &p->seed, 0, LONG_MAX),
        CLI_OPT_END,
    };
    const cli_command cmd = { "gomoku play", gomoku_usage_text, GOMOKU_OPTIONS };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    return n < 0 ? n : gomoku_search_finish(&p->search, p->algo) < 0 ? CLI_BAD : n;
}

int gomoku_play_main(int argc, char **argv)
{
    play_opts c;
    const int operands = read_options(argc, argv, &c);
    if (operands < 0)
        return cli_parse_status(operands);
    /* Raised by Ctrl-C; the engine's search reads it (o.stop) and a
     * human's read returns.  Static: the handler keeps it past this run. */
    static gts_stop stop = GTS_STOP_INIT;
    static gm_match m;
    human h = { .tty = isatty(STDIN_FILENO), .stop = &stop };
    m = (gm_match){ .player = { c.player[GM_BLACK], c.player[GM_WHITE] }, .random_moves = c.random_moves,
                    .random_radius = c.random_radius, .seed = (uint64_t)c.seed,
                    .human_move = read_human_move, .on_move = print_move, .ctx = &h };
    if (gomoku_board(&c.board, operands, argv + 1, &m.board) != 0)
        return EXIT_FAIL;
    if (gm_game_over(&m.board)) {
        cli_error("the game is already over");
        return EXIT_FAIL;
    }
    cli_stop_on_interrupt(&stop);
    c.search.opt.stop = &stop;
    char err[256];
    if (gm_match_start(&m, &c.search.opt, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    print_header(&c, &m);
    const gm_match_end end = gm_match_play(&m);
    gm_match_free(&m);
    print_end(&m, end);
    if (h.read_error) {
        cli_error("cannot read the human's moves: %s", strerror(h.read_error));
        return EXIT_FAIL;
    }
    return gts_stop_raised(&stop) ? EXIT_INTERRUPTED : EXIT_OK;
}
