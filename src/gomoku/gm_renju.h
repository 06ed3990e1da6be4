/*
 * Internal: renju's forbidden points for black, on a pattern board.
 *
 * A black move is forbidden when it makes an overline, two fours or two
 * open threes, unless it makes five.  A three counts only if it is real:
 * one of the cells that would make it an open four is not forbidden
 * itself, which is asked again (two levels deep, as published renju
 * problems need; deeper the three is taken as real).  Not seen: two fours
 * in one line (XXX_X_XXX), which counts as one.
 */
#ifndef GTS_GM_RENJU_H
#define GTS_GM_RENJU_H

#include <stdbool.h>

#include "gomoku/gm_pboard.h"

/* Whether black may not play the empty cell (always false unless the
 * board's rule is renju).  pb is used as scratch and restored. */
bool gm_renju_forbidden(gm_pboard *pb, int cell);

#endif
