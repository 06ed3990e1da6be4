/*
 * gm_train: fits the Gomoku pattern evaluation's tables
 * (data/gomoku/gm_eval_weights.c, gm_cell_table.h) to self-play games.
 *
 *   gm_train label RULE SEED FIRST GAMES NODES > FILE
 *     plays games FIRST..GAMES-1 on 15x15 under RULE (freestyle, standard,
 *     renju), each from 4..8 random moves within two of the stones (seeded
 *     by SEED and the game's number), then the pattern search with a
 *     budget of NODES nodes a move (iterative deepening keeps its last
 *     whole depth: the same games on any machine).  Every quiet position
 *     after the random moves (no five point, no unstoppable four for either
 *     side) gives a line:
 *       GAME SET RESULT SCORE P:N ...
 *     SET the side to move's table set (its tempo), RESULT the game's
 *     result for the side to move (1, 0.5, 0), SCORE the search's score of
 *     the position for it (+-30000: a win or loss found), and for each
 *     table entry P the cells that read it (N): the side to move's cells
 *     read column 0 of its set, the opponent's column 1 of its own (P =
 *     (set * 2 + column) * GM_CELL_KEYS + combination; combination 0, a
 *     cell with no line left, is worth 0 and not written).  Shards of games
 *     (FIRST, GAMES) concatenated in order are the set one run makes.
 *   gm_train fit ITERATIONS LAMBDA ALPHA OUT.c FILE...
 *     gm_train_fit.c: the line-sum model, then the tables.
 *
 * tools/gm_eval_weights.sh runs the commands that made the weights in the
 * repository.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rng.h"
#include "gm_train.h"
#include "gomoku/gm_renju.h"
#include "gomoku/pattern/gm_pboard.h"
#include "gts/gomoku_search.h"

enum { DECIDED = 30000, MAX_STONES = 150 };

static bool quiet(const gm_pboard *pb)
{
    for (int c = 0; c < 2; c++)
        if (pb->count[c][GM_CP_FIVE] || pb->count[c][GM_CP_FLEX4])
            return false;
    return true;
}

/* One line for pb's position (see the top of the file). */
static void print_position(const gm_pboard *pb, int game, double result, int32_t score)
{
    static uint16_t n[GM_TRAIN_PARAMS];
    const int me = pb->b.side;
    const int column_of[2] = { gm_eval_set_of(pb->b.rule, me) * 2, gm_eval_set_of(pb->b.rule, me ^ 1) * 2 + 1 };
    memset(n, 0, sizeof n);
    for (int cell = 0; cell < pb->b.cells; cell++)
        if (pb->b.cell[cell] == GM_EMPTY)
            for (int c = 0; c < 2; c++)
                n[column_of[c != me] * GM_CELL_KEYS + (gm_cell_code[pb->key[c][cell]] >> 4)]++;
    const int clipped = score > GM_WIN_BOUND ? DECIDED : score < -GM_WIN_BOUND ? -DECIDED : (int)score;
    printf("%d %d %.1f %d", game, column_of[0] / 2, result, clipped);
    for (int p = 0; p < GM_TRAIN_PARAMS; p++)
        if (n[p] && p % GM_CELL_KEYS)
            printf(" %d:%d", p, n[p]);
    printf("\n");
}

/* The random opening: 4..8 moves, none a five (nor forbidden). */
static void opening(gm_board *b, uint64_t *r)
{
    const int moves = 4 + (int)(gts_splitmix64(r) % 5);
    int16_t cand[GM_MAX_CELLS];
    for (int i = 0; i < moves; i++) {
        const int n = gm_candidates(b, cand);
        const int cell = cand[gts_splitmix64(r) % (uint64_t)n];
        if (gm_is_winning_move(b, cell, b->side) ||
            (b->rule == GM_RENJU && b->side == GM_BLACK && gm_renju_forbidden(b, cell)))
            break;
        gm_play(b, cell);
    }
}

/* Plays game g from its opening to the end; its moves are b's history,
 * each position's score in score[], the winner (-1: a draw) returned. */
static int play_game(gm_searcher *s, gm_board *b, int32_t *score)
{
    while (!gm_game_over(b) && b->stones < MAX_STONES) {
        gm_result res;
        gm_searcher_run(s, b, &res);
        if (res.move == GM_NO_MOVE)
            return b->side ^ 1;   /* renju's black with only forbidden points */
        score[b->stones] = res.score;
        gm_play(b, res.move);
    }
    return b->winner;
}

static int label(gm_rule rule, uint64_t seed, int first_game, int games, long nodes)
{
    char err[256];
    gm_search_options o;
    gm_search_defaults(&o);
    o.algo = GM_ALGO_PATTERN;
    o.depth = GM_MAX_DEPTH;
    o.max_nodes = (uint64_t)nodes;
    o.tt_bytes = 16 << 20;
    gm_searcher *s = gm_searcher_create(&o, err, sizeof err);
    gm_board *b = malloc(sizeof *b);
    gm_pboard *pb = malloc(sizeof *pb);
    static int32_t score[GM_MAX_CELLS];
    if (!s || !b || !pb)
        return fprintf(stderr, "gm_train: %s\n", s ? "out of memory" : err), 1;
    for (int g = first_game; g < games; g++) {
        uint64_t r = seed * 1000003u + (uint64_t)g;
        gm_init(b, 15, 15, rule, 2, err, sizeof err);
        opening(b, &r);
        const int first = b->stones;
        gm_searcher_clear(s);
        const int winner = play_game(s, b, score);
        /* Replay: each quiet position with the result for its mover. */
        int moves[GM_MAX_CELLS];
        const int total = b->stones;
        for (int i = 0; i < total; i++)
            moves[i] = b->history[i].cell;
        gm_init(b, 15, 15, rule, 2, err, sizeof err);
        for (int i = 0; i < total; i++) {
            if (i >= first) {
                gm_pboard_init(pb, b);
                if (quiet(pb))
                    print_position(pb, g, winner < 0 ? 0.5 : winner == b->side ? 1.0 : 0.0, score[i]);
            }
            gm_play(b, moves[i]);
        }
        if (g % 50 == 49)
            fprintf(stderr, "gm_train: %d games\n", g + 1);
    }
    free(pb);
    free(b);
    gm_searcher_free(s);
    return 0;
}

static int usage(void)
{
    fprintf(stderr, "usage: gm_train label freestyle|standard|renju SEED FIRST GAMES NODES > FILE\n"
                    "       gm_train fit ITERATIONS LAMBDA ALPHA OUT.c FILE...\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc == 7 && strcmp(argv[1], "label") == 0) {
        static const char *const rules[] = { "freestyle", "standard", "renju" };
        int rule = -1;
        for (int i = 0; i < 3; i++)
            if (strcmp(argv[2], rules[i]) == 0)
                rule = i;
        const int first = atoi(argv[4]), games = atoi(argv[5]);
        const long nodes = atol(argv[6]);
        if (rule < 0 || first < 0 || games < first || nodes < 1)
            return fprintf(stderr, "gm_train: label: a rule (freestyle, standard, renju), 0 <= FIRST <= GAMES, NODES >= 1\n"), 2;
        return label((gm_rule)rule, strtoull(argv[3], NULL, 10), first, games, nodes);
    }
    if (argc >= 7 && strcmp(argv[1], "fit") == 0)
        return gm_train_fit(atoi(argv[2]), atof(argv[3]), atof(argv[4]), argv[5], argc - 6, argv + 6);
    return usage();
}
