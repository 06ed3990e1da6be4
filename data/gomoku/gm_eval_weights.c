/*
 * The pattern evaluation's weights (gm_pboard.h), fitted to the results
 * of self-play games by tools/gm_eval_weights.sh (tools/gm_train.c):
 * gm_train fit 1000 on 14226 positions.  The five, the open four and the
 * patterns quiet positions never show keep their hand-set values.
 */
#include "gomoku/pattern/gm_pboard.h"

const int16_t gm_line_weight[GM_LP_CODES] = { 0, 3, 3, 3, 3, 19, 35, 127, 127, 400, };

const int16_t gm_pattern_bonus[GM_CP_CLASSES] = { 0, 0, 7, 11, 28, 0, 69, 141, 22, 112, 213, 300, 600, };

const int16_t gm_tempo = 113;
