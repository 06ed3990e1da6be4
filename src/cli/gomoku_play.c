/* gts gomoku play: a whole game from a position, engine against engine or
 * a human, every move printed with its search figures and the game's
 * moves on one line at the end so that it can be replayed (gts gomoku show)
 * or cut into test positions (bench/gomoku_make_positions.sh). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "gomoku_cli.h"

enum { ENGINE, HUMAN };

static const char *const colour_name[2] = { "black", "white" };
static const char *const kind_name[2] = { "engine", "human" };

/* Raised by Ctrl-C; the engine's search reads it (o.stop) and a human's
 * read returns, as the handler is installed without SA_RESTART. */
static gts_stop stop = GTS_STOP_INIT;

static int player_kind(const char *name)
{
    if (!name || strcmp(name, "engine") == 0)
        return ENGINE;
    return strcmp(name, "human") == 0 ? HUMAN : -1;
}

/* splitmix64: a small generator of our own, so that a seed gives the same
 * opening with every C library. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Empty cells within radius (Chebyshev) of a stone, or of the centre on an
 * empty board, where the side to move would not make five: a random move
 * should vary the game, not end it. */
static int random_choices(const gm_board *b, int radius, int16_t *out)
{
    int n = 0;
    for (int y = 0; y < b->height; y++)
        for (int x = 0; x < b->width; x++) {
            const int cell = gm_cell(b, x, y);
            if (b->cell[cell] != GM_EMPTY || gm_is_winning_move(b, cell, b->side))
                continue;
            bool near = b->stones == 0 && abs(x - b->width / 2) <= radius && abs(y - b->height / 2) <= radius;
            for (int yy = y - radius; yy <= y + radius && !near; yy++)
                for (int xx = x - radius; xx <= x + radius && !near; xx++)
                    near = xx >= 0 && xx < b->width && yy >= 0 && yy < b->height &&
                           b->cell[gm_cell(b, xx, yy)] != GM_EMPTY;
            if (near)
                out[n++] = (int16_t)cell;
        }
    return n;
}

/* A human's move from stdin: true with *cell, false at the end of the
 * input or on Ctrl-C.  A line that is not one legal cell is answered with
 * a one-line error and read again. */
static bool read_human_move(const gm_board *b, bool tty, int *cell)
{
    char *line = NULL;
    size_t cap = 0;
    bool got = false;
    if (tty) {
        char text[GM_MAX_SIZE * GM_MAX_SIZE * 4];
        gm_print(b, text, sizeof text);
        fputs(text, stderr);
    }
    while (!got && !gts_stop_raised(&stop)) {
        if (tty)
            fprintf(stderr, "%s to move (h8 or x,y): ", colour_name[b->side]);
        if (getline(&line, &cap, stdin) < 0)
            break;
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
static void print_move(const gm_board *b, int cell, const char *by, const gm_result *r, double usec)
{
    char move[16], score[32] = "-", depth[16] = "-", nodes[32] = "-", ms[32] = "-";
    gm_format_cell(b, cell, move, sizeof move);
    if (r) {
        gm_cli_score(r->score, score, sizeof score);
        snprintf(depth, sizeof depth, "%d", r->depth);
        snprintf(nodes, sizeof nodes, "%llu", (unsigned long long)r->nodes);
    }
    if (usec >= 0)
        snprintf(ms, sizeof ms, "%.3f", usec / 1000);
    printf("%5d %-5s %-5s %10s %5s %12s %11s  %s\n", b->stones + 1, colour_name[b->side], move, score, depth, nodes,
           ms, by);
    fflush(stdout);
}

/* --random: the first moves at random, printed like the others. */
static void play_random_moves(gm_board *b, const gm_cli *c)
{
    uint64_t rng = c->seed;
    for (int i = 0; i < c->random_moves && !gm_game_over(b); i++) {
        int16_t cells[GM_MAX_CELLS];
        const int n = random_choices(b, c->random_radius, cells);
        if (n == 0)
            return;
        const int cell = cells[next_random(&rng) % (uint64_t)n];
        print_move(b, cell, "random", NULL, -1);
        gm_play(b, cell);
    }
}

/* The end of the game: its result, each player's moves and time, and the
 * moves from the empty board on one line to replay it. */
static void print_end(const gm_board *b, const int kind[2], const int moves[2], const double usec[2],
                      bool input_ended)
{
    if (b->winner >= 0)
        printf("# result: %s wins (five) after %d moves\n", colour_name[b->winner], b->stones);
    else if (gm_game_over(b))
        printf("# result: draw (the board is full) after %d moves\n", b->stones);
    else
        printf("# result: none, %s after %d moves\n", input_ended ? "the input ended" : "interrupted", b->stones);
    for (int side = 0; side < 2; side++)
        printf("# %s (%s): %d moves, %.3f ms in all, %.3f ms a move\n", colour_name[side], kind_name[kind[side]],
               moves[side], usec[side] / 1000, moves[side] ? usec[side] / 1000 / moves[side] : 0.0);
    printf("moves:");
    for (int i = 0; i < b->stones; i++) {
        char move[16];
        gm_format_cell(b, b->history[i].cell, move, sizeof move);
        printf(" %s", move);
    }
    printf("\n");
}

int gomoku_play_main(gm_cli *c, int argc, char **argv)
{
    const int kind[2] = { player_kind(c->black), player_kind(c->white) };
    if (kind[GM_BLACK] < 0 || kind[GM_WHITE] < 0) {
        cli_error("unknown player '%s' (engine or human)", kind[GM_BLACK] < 0 ? c->black : c->white);
        return EXIT_USAGE;
    }
    gm_board b;
    if (gm_cli_board(c, argc, argv, &b) != 0)
        return EXIT_FAIL;
    if (gm_game_over(&b)) {
        cli_error("the game is already over");
        return EXIT_FAIL;
    }
    cli_stop_on_interrupt(&stop);
    c->opt.stop = &stop;
    char err[256];
    /* One searcher, so one table, for the whole game. */
    gm_searcher *engine = NULL;
    if ((kind[0] == ENGINE || kind[1] == ENGINE) && !(engine = gm_searcher_create(&c->opt, err, sizeof err))) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }

    char candidates[16] = "all";
    if (c->near)
        snprintf(candidates, sizeof candidates, "near:%d", c->near);
    printf("# %dx%d %s, candidates %s; black %s, white %s; engine %s depth %d%s, %d thread%s\n", b.width, b.height,
           c->rule == GM_STANDARD ? "standard" : "freestyle", candidates, kind_name[kind[0]], kind_name[kind[1]],
           gm_cli_algo_name(c->opt.algo), c->opt.depth, c->opt.time_ms ? " within --time" : "", c->opt.threads,
           c->opt.threads > 1 ? "s" : "");
    printf("%5s %-5s %-5s %10s %5s %12s %11s  %s\n", "# ply", "side", "move", "score", "depth", "nodes", "ms", "by");
    play_random_moves(&b, c);

    const bool tty = isatty(STDIN_FILENO);
    int moves[2] = { 0, 0 };
    double usec[2] = { 0, 0 };
    bool input_ended = false;
    while (!gm_game_over(&b) && !gts_stop_raised(&stop)) {
        const int side = b.side;
        int cell;
        if (kind[side] == ENGINE) {
            gm_result r;
            gm_searcher_run(engine, &b, &r);
            if (gts_stop_raised(&stop))
                break;
            cell = r.move;
            usec[side] += r.usec;
            print_move(&b, cell, "engine", &r, r.usec);
        } else {
            const double t0 = cli_now_usec();
            if (!read_human_move(&b, tty, &cell)) {
                input_ended = !gts_stop_raised(&stop);
                break;
            }
            const double used = cli_now_usec() - t0;
            usec[side] += used;
            print_move(&b, cell, "human", NULL, used);
        }
        moves[side]++;
        gm_play(&b, cell);
    }
    gm_searcher_free(engine);

    print_end(&b, kind, moves, usec, input_ended);
    return gts_stop_raised(&stop) ? EXIT_INTERRUPTED : EXIT_OK;
}
