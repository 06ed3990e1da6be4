/*
 * Internal: a whole game from a position, each side played by the engine
 * or by a human whose moves the caller reads (gts gomoku play).  The
 * first moves may be made at random, from a seed, so that engine games
 * vary; every move is handed to the caller before it is played, with the
 * search's figures for the engine's.  One searcher, so one table, serves
 * the whole game.
 *
 *     gm_match m = { .board = b, .player = { GM_ENGINE_PLAYER, GM_HUMAN_PLAYER },
 *                    .human_move = read_move, .on_move = print_move, .ctx = io };
 *     if (gm_match_start(&m, &options, err, sizeof err) != 0) ...
 *     const gm_match_end end = gm_match_play(&m);
 *     gm_match_free(&m);
 */
#ifndef GTS_GM_MATCH_H
#define GTS_GM_MATCH_H

#include <stdbool.h>
#include <stdint.h>

#include "gts/gomoku_search.h"

typedef enum { GM_ENGINE_PLAYER, GM_HUMAN_PLAYER } gm_player;

/* How a game ended. */
typedef enum {
    GM_MATCH_FIVE,          /* board.winner made five */
    GM_MATCH_FULL,          /* a draw: the board is full */
    GM_MATCH_INPUT_ENDED,   /* a human had no move (human_move returned false) */
    GM_MATCH_STOPPED,       /* the stop token was raised */
} gm_match_end;

/* A move about to be played. */
typedef struct gm_match_move {
    int cell;
    const char *by;              /* "engine", "human" or "random" */
    const gm_result *search;     /* the engine's figures; NULL for the others */
    double usec;                 /* the time it took; -1 for a random move */
} gm_match_move;

typedef struct gm_match {
    gm_board board;              /* the position to play from; every move is played on it */
    gm_player player[2];         /* by colour: GM_BLACK, GM_WHITE */
    int random_moves;            /* the first moves, made at random ... */
    int random_radius;           /* ... on empty cells within this of a stone (or of the centre) */
    uint64_t seed;               /* ... from this seed */
    /* A human's move on b: true with *cell (a legal move), false when
     * there is none (the input ended, or the stop token). */
    bool (*human_move)(void *ctx, const gm_board *b, int *cell);
    /* Each move, before it is played on b. */
    void (*on_move)(void *ctx, const gm_board *b, const gm_match_move *m);
    void *ctx;
    /* Made by gm_match_start: */
    gm_searcher *engine;         /* NULL when no side is the engine */
    const gts_stop *stop;        /* the search options' token (may be NULL) */
    /* Counted by gm_match_play, by colour, random moves left out: */
    int moves[2];
    double usec[2];
} gm_match;

/* Makes the engine's searcher if a side is the engine (o->stop also ends
 * the game).  Returns 0, or -1 with a one-line reason. */
int gm_match_start(gm_match *m, const gm_search_options *o, char *err, size_t errlen);

/* Plays the random moves, then the players' in turn, until the game is
 * over, a human has no move or the stop token is raised. */
gm_match_end gm_match_play(gm_match *m);

void gm_match_free(gm_match *m);

/* Empty cells within radius (Chebyshev) of a stone, or of the centre on
 * an empty board, where the side to move would not make five: a random
 * move should vary the game, not end it.  Into out; returns how many. */
int gm_match_random_cells(const gm_board *b, int radius, int16_t *out);

#endif
