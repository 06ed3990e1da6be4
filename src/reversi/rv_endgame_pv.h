/*
 * Internal: the principal variation of a solved position
 * (rv_endgame_pv.c, behind rv_solver_pv).
 */
#ifndef GTS_RV_ENDGAME_PV_H
#define GTS_RV_ENDGAME_PV_H

#include "reversi/rv_endgame.h"

/* A line of best play from root, whose exact score for the side to move
 * is score, to the game's end (at most max moves, RV_PASS for a pass),
 * searched on t's table: its length, or -1 when score is not root's or
 * t's stop token was raised. */
int rv_eg_pv(rv_eg_thread *t, const rv_pos *root, int score, int *pv, int max);

#endif
