/*
 * The pattern evaluation's weights (gm_pboard.h): hand-set, the values
 * the pattern search was first measured with.  tools/gm_eval_weights.sh
 * remakes this file by fitting them to self-play games.
 */
#include "gomoku/gm_pboard.h"

const int16_t gm_line_weight[GM_LP_CODES] = { 0, 1, 3, 5, 12, 14, 36, 40, 120, 400, };

const int16_t gm_pattern_bonus[GM_CP_CLASSES] = { 0, 0, 0, 10, 15, 0, 40, 150, 0, 60, 200, 300, 600, };

const int16_t gm_tempo = 0;
