/*
 * Helpers shared by the gts C tests: a seeded random generator, a plain
 * array board that knows the rules independently of the bitboards, and the
 * sample data in data/c4.
 */
#ifndef GTS_TESTS_UTIL_H
#define GTS_TESTS_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gts/c4.h"
#include "test_rng.h"

#ifndef GTS_SOURCE_DIR
#error "GTS_SOURCE_DIR must be defined (tests/CMakeLists.txt does)"
#endif

/*
 * The reference board: cells[col][row], 0 empty, 1 first player, 2 second,
 * with the rules written out the long way, to check the bitboards against.
 */
typedef struct ref_board {
    int w, h, moves;
    int height[C4_MAX_WIDTH];
    int cells[C4_MAX_WIDTH][64];
} ref_board;

static inline void ref_init(ref_board *b, int w, int h)
{
    memset(b, 0, sizeof *b);
    b->w = w;
    b->h = h;
}

static inline int ref_to_move(const ref_board *b)
{
    return 1 + (b->moves & 1);
}

static inline bool ref_can_play(const ref_board *b, int col)
{
    return b->height[col] < b->h;
}

static inline void ref_play(ref_board *b, int col)
{
    b->cells[col][b->height[col]++] = ref_to_move(b);
    b->moves++;
}

static inline void ref_undo(ref_board *b, int col)
{
    b->cells[col][--b->height[col]] = 0;
    b->moves--;
}

static inline int ref_at(const ref_board *b, int c, int r)
{
    if (c < 0 || c >= b->w || r < 0 || r >= b->h)
        return -1;
    return b->cells[c][r];
}

/* Whether player has four in a row anywhere. */
static inline bool ref_has_four(const ref_board *b, int player)
{
    static const int dirs[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
    for (int c = 0; c < b->w; c++)
        for (int r = 0; r < b->h; r++)
            for (int d = 0; d < 4; d++) {
                int k = 0;
                while (k < 4 && ref_at(b, c + k * dirs[d][0], r + k * dirs[d][1]) == player)
                    k++;
                if (k == 4)
                    return true;
            }
    return false;
}

/* Whether the side to move wins at once by playing col. */
static inline bool ref_wins_with(ref_board *b, int col)
{
    if (!ref_can_play(b, col))
        return false;
    const int me = ref_to_move(b);
    ref_play(b, col);
    const bool won = ref_has_four(b, me);
    ref_undo(b, col);
    return won;
}

static inline bool ref_can_win_next(ref_board *b)
{
    for (int c = 0; c < b->w; c++)
        if (ref_wins_with(b, c))
            return true;
    return false;
}

/* Whether the game is over: a four for either player or a full board. */
static inline bool ref_game_over(const ref_board *b)
{
    return ref_has_four(b, 1) || ref_has_four(b, 2) || b->moves == b->w * b->h;
}

/* Compares every cell of a bitboard position with the reference board. */
static inline bool ref_same_board(const ref_board *b, const c4_geom *g, const c4_pos *p)
{
    if (p->moves != b->moves)
        return false;
    for (int c = 0; c < b->w; c++)
        for (int r = 0; r < b->h; r++)
            if (c4_cell(g, p, c, r) != b->cells[c][r])
                return false;
    return true;
}

/*
 * A random position reached by random legal moves with no four on the board:
 * `stones` stones, moves written to moves_out (1-based digits).  Returns
 * false if the random game ended first (the caller draws again).
 */
static inline bool random_position(test_rng *rng, const c4_geom *g, int stones, c4_pos *p, char *moves_out)
{
    ref_board b;
    ref_init(&b, g->width, g->height);
    c4_init(p);
    for (int i = 0; i < stones; i++) {
        int col, tries = 0;
        do {
            col = rng_below(rng, g->width);
        } while (!ref_can_play(&b, col) && ++tries < 100);
        if (!ref_can_play(&b, col))
            return false;
        const int me = ref_to_move(&b);
        ref_play(&b, col);
        c4_play(g, p, col);
        moves_out[i] = (char)('1' + col);
        if (ref_has_four(&b, me))
            return false;
    }
    moves_out[stones] = '\0';
    return true;
}

/* One line of a test set: a move string and its expected score. */
typedef struct test_line {
    char moves[64];
    int score;
} test_line;

/* Reads data/c4/<name> (at most max lines); exits if it cannot. */
static inline int load_test_set(const char *name, test_line *out, int max)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/data/c4/%s", GTS_SOURCE_DIR, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(2);
    }
    int n = 0;
    char line[256];
    while (n < max && fgets(line, sizeof line, f)) {
        if (sscanf(line, "%63s %d", out[n].moves, &out[n].score) == 2)
            n++;
    }
    fclose(f);
    if (n == 0) {
        fprintf(stderr, "no lines in %s\n", path);
        exit(2);
    }
    return n;
}

#endif
