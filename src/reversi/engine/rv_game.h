/*
 * The game an engine plays (8x8): a start position and the moves since,
 * with every position along the way, as the GUI or the controller keeps
 * it; moves are added one at a time (rv_game_play) and taken back
 * (rv_game_undo).  A side without a legal move passes by itself: a move
 * of the other side puts the pass in first.  Games come whole from GGF
 * text too (rv_ggf.h).
 */
#ifndef GTS_RV_GAME_H
#define GTS_RV_GAME_H

#include <stdbool.h>
#include <stddef.h>

#include "gts/reversi.h"

/* 60 discs, and a pass can only come between two moves. */
#define RV_GAME_MAX_MOVES 128

typedef struct rv_game {
    int n;                                 /* moves played, passes included */
    int moves[RV_GAME_MAX_MOVES];          /* squares or RV_PASS */
    rv_pos pos[RV_GAME_MAX_MOVES + 1];     /* pos[i]: before move i; pos[n]: now */
    bool black[RV_GAME_MAX_MOVES + 1];     /* black to move in pos[i] */
    int undo[RV_GAME_MAX_MOVES];           /* n before each rv_game_play (a pass it put in goes with it) */
    int undos;
} rv_game;

/* Which side a move is said to be by. */
enum { RV_BY_EITHER = -1, RV_BY_BLACK = 0, RV_BY_WHITE = 1 };

/* "black" or "white". */
const char *rv_side_name(int by);

/* A game with no moves from p. */
void rv_game_start(rv_game *g, const rv_pos *p, bool black_to_move);

/* A game with no moves from the start position, black to move. */
void rv_game_new(rv_game *g);

/* The position now, and its side to move (RV_BY_BLACK or RV_BY_WHITE). */
static inline const rv_pos *rv_game_now(const rv_game *g)
{
    return &g->pos[g->n];
}

static inline int rv_game_mover(const rv_game *g)
{
    return g->black[g->n] ? RV_BY_BLACK : RV_BY_WHITE;
}

/* Plays sq (a square or RV_PASS) by `by` in the current position.  A side
 * without a legal move passes by itself: when the side to move has none
 * and the move is the other side's, a pass is put in first.  Returns 0, or
 * -1 with a reason (the game is over, the move is illegal, a pass while
 * there are moves, the move by the wrong side, too many moves). */
int rv_game_play(rv_game *g, int sq, int by, char *err, size_t errlen);

/* Takes back the last rv_game_play (with the pass it put in); false when
 * none is left since the game's start. */
bool rv_game_undo(rv_game *g);

#endif
