/*
 * GGF (Generic Game Format), the game record of the GGS game server that
 * the NBoard GUI sends in "set game": an 8x8 game into an rv_game.
 */
#ifndef GTS_RV_GGF_H
#define GTS_RV_GGF_H

#include <stddef.h>

#include "reversi/engine/rv_game.h"

/* A whole GGF game, "(;GM[Othello]...TY[8]BO[8 <64 squares> *]B[F5]W[F6/1.5/2];)":
 * the properties in any order, those gts does not use skipped; BO's board
 * has '*' black, 'O' white, '-' empty and then the side to move; moves are
 * B[...] / W[...] with a square or PA (pass), anything after a '/' (eval,
 * time) ignored.  Only 8x8 games of the standard rules are taken: BO is
 * needed, and TY, SZ and RU, when there, must say 8x8 Othello (TY[8r]: a
 * random start, which BO gives).  Returns 0, or -1 with a one-line reason
 * naming the property (g is then undefined). */
int rv_ggf_parse(const char *text, rv_game *g, char *err, size_t errlen);

#endif
