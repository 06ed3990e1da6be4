/*
 * Internal: renju's forbidden points for black.
 *
 * A black move is forbidden when it makes an overline, two fours or two
 * open threes, unless it makes five.  A three counts only if it is real:
 * one of the cells that would make it an open four is not forbidden
 * itself, which is asked again (two levels deep, as published renju
 * problems need; deeper the three is taken as real).  Not seen: two fours
 * in one line (XXX_X_XXX), which counts as one.
 *
 * Every search asks these (the pattern search, the negamax searches'
 * move lists, the last resort of gm_searcher_run), so that none ever
 * returns a forbidden point for black.
 */
#ifndef GTS_GM_RENJU_H
#define GTS_GM_RENJU_H

#include <stdbool.h>
#include <stdint.h>

#include "gts/gomoku.h"

/* Whether black may not play the empty cell (always false unless the
 * board's rule is renju; false for an occupied cell).  b is used as
 * scratch and restored. */
bool gm_renju_forbidden(gm_board *b, int cell);

/* Drops the forbidden points from moves[0..n) when black is to move under
 * renju, keeping the order; returns how many are left. */
int gm_renju_keep_legal(gm_board *b, int16_t *moves, int n);

#endif
