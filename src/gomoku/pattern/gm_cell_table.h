/*
 * Internal: the evaluation's table of cell values (issue 43).  A cell's
 * value to a colour is looked up by the combination of its four line
 * patterns (gm_pattern.h), not summed from them: the four codes sorted,
 * a multiset of 4 out of GM_LP_CODES, GM_CELL_KEYS combinations.  Each
 * set of tables (one per rule and colour, gm_eval_set) holds two values
 * per combination: the cell's worth to the side to move and to the side
 * that waits (a three on move is a four next; waiting, it is a threat to
 * answer), and a tempo.  Made by tools/gm_eval_weights.sh
 * (tools/gm_train.c) into data/gomoku/gm_eval_weights.c.
 */
#ifndef GTS_GM_CELL_TABLE_H
#define GTS_GM_CELL_TABLE_H

#include <stdint.h>

#include "gomoku/pattern/gm_pattern.h"

/* Multisets of 4 codes out of 10: C(13, 4). */
enum { GM_CELL_KEYS = 715 };

/* The tables' sets.  A rule without its own set (caro) reads standard's. */
typedef enum {
    GM_EVAL_FREESTYLE, GM_EVAL_STANDARD, GM_EVAL_RENJU_BLACK, GM_EVAL_RENJU_WHITE,
    GM_EVAL_SETS
} gm_eval_set;

/* [set][combination][0: the side to move's cell, 1: the waiting side's]. */
extern const int16_t gm_cell_table[GM_EVAL_SETS][GM_CELL_KEYS][2];
/* What moving is worth, per set (the side to move's set). */
extern const int16_t gm_eval_tempo[GM_EVAL_SETS];

/* Per pattern key (gm_pattern_key): combination << 4 | cell pattern.
 * Built by gm_cell_table_init. */
extern uint16_t gm_cell_code[1 << 16];

/* Per set and pattern key, what the board keeps of a cell in one word:
 * the value to the colour waiting (bits 18-31), on move (4-17), the cell
 * pattern (0-3): one load for a changed cell, as before the tables,
 * not the combination's index and then its entry.  Values beyond 14 bits
 * are clipped (GM_CELL_VALUE_MAX; the fit keeps within them). */
enum { GM_CELL_VALUE_MAX = 8191 };
extern int32_t gm_cell_entry[GM_EVAL_SETS][1 << 16];

static inline int gm_cell_entry_pattern(int32_t e)
{
    return e & 15;
}

static inline int gm_cell_entry_on_move(int32_t e)
{
    return (int32_t)((uint32_t)e << 14) >> 18;
}

static inline int gm_cell_entry_waiting(int32_t e)
{
    return e >> 18;
}

/* The set of tables that colour reads under rule. */
gm_eval_set gm_eval_set_of(gm_rule rule, int colour);

/* The four codes of a combination, weakest first. */
void gm_cell_key_codes(int combination, uint8_t code[4]);

/* Builds gm_cell_code, gm_cell_entry (and the pattern tables):
 * idempotent, thread-safe. */
void gm_cell_table_init(void);

#endif
