/*
 * An 8x8 Reversi game as a GUI keeps it (the NBoard protocol): a start
 * position and the moves since, with every position along the way, read
 * from GGF (Generic Game Format, the format of the GGS game server that
 * NBoard sends in "set game") and extended a move at a time.
 */
#ifndef GTS_REVERSI_GGF_H
#define GTS_REVERSI_GGF_H

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
} rv_game;

/* Which side a move is said to be by. */
enum { RV_BY_EITHER = -1, RV_BY_BLACK = 0, RV_BY_WHITE = 1 };

/* A game with no moves from p. */
void rv_game_start(rv_game *g, const rv_pos *p, bool black_to_move);

/* Plays sq (a square or RV_PASS) by `by` in the current position.  A side
 * without a legal move passes by itself: when the side to move has none
 * and the move is the other side's, a pass is put in first.  Returns 0, or
 * -1 with a reason (the game is over, the move is illegal, a pass while
 * there are moves, the move by the wrong side, too many moves). */
int rv_game_play(rv_game *g, int sq, int by, char *err, size_t errlen);

/* A whole GGF game, "(;GM[Othello]...TY[8]BO[8 <64 squares> *]B[F5]W[F6/1.5/2];)":
 * the properties in any order, those gts does not use skipped; BO's board
 * has '*' black, 'O' white, '-' empty and then the side to move; moves are
 * B[...] / W[...] with a square or PA (pass), anything after a '/' (eval,
 * time) ignored.  Only 8x8 games of the standard rules are taken.  Returns
 * 0, or -1 with a one-line reason. */
int rv_ggf_parse(const char *text, rv_game *g, char *err, size_t errlen);

#endif
