/*
 * Internal: a game as an engine protocol sees it: our stones and the
 * opponent's on a board of any size, in the order they came, whatever
 * their colours.  The Gomocup protocol sends positions that no game
 * reaches (BOARD with uneven counts, a continuous game's marked stones,
 * TAKEBACK of any stone), so the stones are kept here and put on a
 * gm_board afresh when a move is wanted.
 */
#ifndef GTS_GM_GAME_H
#define GTS_GM_GAME_H

#include <stdbool.h>
#include <stdint.h>

#include "gts/gomoku.h"

/* A cell's stone.  GM_GAME_MARKED: a continuous game's marked stone (the
 * last game's winning line), which blocks both sides and is nobody's. */
enum { GM_GAME_EMPTY, GM_GAME_MINE, GM_GAME_THEIRS, GM_GAME_MARKED };

typedef struct gm_game {
    int width, height;               /* 0: no board */
    uint8_t who[GM_MAX_CELLS];       /* GM_GAME_EMPTY, _MINE, _THEIRS or _MARKED */
    int16_t order[GM_MAX_CELLS];     /* the stones' cells as they came */
    int stones;
} gm_game;

/* An empty width x height board (GM_MIN_SIZE..GM_MAX_SIZE a side), or
 * none for 0 x 0. */
void gm_game_new(gm_game *g, int width, int height);

/* Takes every stone off. */
void gm_game_clear(gm_game *g);

/* Puts who's stone (GM_GAME_MINE, _THEIRS or _MARKED) on the empty cell. */
void gm_game_put(gm_game *g, int cell, int who);

/* Takes the stone off the cell, wherever it came in the order. */
void gm_game_take(gm_game *g, int cell);

/* Sets up b with the stones, our side to move, marked stones as the
 * opponent's.  Colours come from the counts: with as many stones as the
 * opponent we are black, with fewer white.  Each colour's stones go on in the order they came,
 * alternately; the extra stones of uneven counts go on with the side set
 * by hand.  The hash may then differ from a game's by the side key: a
 * consistent key within one search, but not to be mixed with other
 * positions' in a table.  Returns whether the counts were uneven. */
bool gm_game_board(const gm_game *g, gm_rule rule, int near, gm_board *b);

/* Whose five is on the board under the rule (marked stones are no one's):
 * GM_GAME_MINE, GM_GAME_THEIRS, or GM_GAME_EMPTY for none. */
int gm_game_five(const gm_game *g, gm_rule rule);

/* The empty cell nearest the centre (the lowest of equals), or
 * GM_NO_MOVE on a full board: a legal move when the search has none. */
int gm_game_centre_move(const gm_game *g);

#endif
