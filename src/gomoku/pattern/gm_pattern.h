/*
 * Internal: line patterns and cell patterns, the shapes the pattern search
 * (gm_pattern_search.c) sees, split ones included.
 *
 * A line pattern is what a colour would have in one direction by playing
 * an empty cell, read from the eleven cells centred on it (five each
 * side: enough to tell an exact five from an overline).  It is defined
 * from the rules alone, by what more stones could make of it, and counts
 * only fives that would pass through the cell:
 *   F5  the move makes five;
 *   F4  it leaves two or more five points (an open four, or X_XXX_X),
 *       which under caro no one stone of the opponent's takes away;
 *   B4  it leaves one (or under caro two that one stone takes away);
 *   F3  one more stone can make it F4 (an open three, split or not);
 *   B3  one more stone can make it B4;
 *   F2, B2, F1, B1  one more stone can make it F3, B3, F2, B2;
 *   DEAD  no five can ever pass through the cell in this line.
 * A table of every window (3^10 of them) is built at start-up for each
 * five rule, so a code is two small lookups and a shift per line.
 *
 * A cell pattern combines the four directions' codes into what the move
 * threatens: a five, an unstoppable four (open four or double four), a
 * four with an open three, and so on down.
 */
#ifndef GTS_GM_PATTERN_H
#define GTS_GM_PATTERN_H

#include <stdint.h>

#include "gts/gomoku.h"

typedef enum {
    GM_LP_DEAD, GM_LP_B1, GM_LP_F1, GM_LP_B2, GM_LP_F2, GM_LP_B3, GM_LP_F3, GM_LP_B4, GM_LP_F4, GM_LP_F5,
    GM_LP_CODES
} gm_line_pattern;

/* Cell patterns, weakest first. */
typedef enum {
    GM_CP_NONE,
    GM_CP_FLEX2,           /* an open two */
    GM_CP_BLOCK3,          /* a closed three */
    GM_CP_FLEX2_2X,        /* two open twos */
    GM_CP_BLOCK3_PLUS,     /* a closed three with another three or open two */
    GM_CP_FLEX3,           /* an open three */
    GM_CP_FLEX3_PLUS,      /* an open three with a closed three or open two */
    GM_CP_FLEX3_2X,        /* two open threes */
    GM_CP_BLOCK4,          /* a four */
    GM_CP_BLOCK4_PLUS,     /* a four with a closed three or open two */
    GM_CP_BLOCK4_FLEX3,    /* a four with an open three */
    GM_CP_FLEX4,           /* an open four or two fours: wins unless a five answers */
    GM_CP_FIVE,
    GM_CP_CLASSES
} gm_cell_pattern;

/* The table of line patterns of a five rule (gm_five_rule's): GM_FREESTYLE
 * (five or more), GM_STANDARD (exactly five), GM_CARO or GM_CARO_EXACT,
 * whose tables gm_caro_window_index reads.  Built on first use, a caro
 * table the first time it is asked for (64-98 ms each on the loaded
 * 2-core dev VM, 3 runs at 6e47083+), thread-safe. */
const uint8_t *gm_line_patterns(gm_rule rule);

/* The window of a line word around bit p (an empty cell): own stones and
 * blocked cells (the other colour's stones and the walls), five bits each
 * side, as an index into gm_line_patterns' table. */
extern uint16_t gm_pattern_ternary[1024];
static inline int gm_window_index(uint64_t own, uint64_t blocked, int p)
{
    const uint64_t o = own >> (p - 5), k = blocked >> (p - 5);
    const unsigned o10 = (unsigned)((o & 0x1f) | ((o >> 1) & 0x3e0));
    const unsigned k10 = (unsigned)((k & 0x1f) | ((k >> 1) & 0x3e0));
    return gm_pattern_ternary[o10] + 2 * gm_pattern_ternary[k10];
}

/* The window of a line word under caro, where the edge does not stop a
 * five and the opponent's stones at both ends do (gts/gomoku.h): two bits
 * a cell, own | wall and other | wall, so the edge reads as both. */
enum { GM_CARO_WINDOWS = 1 << 20 };
static inline int gm_caro_window_index(uint64_t own, uint64_t other, uint64_t wall, int p)
{
    const uint64_t o = (own | wall) >> (p - 5), k = (other | wall) >> (p - 5);
    return (int)((o & 0x1f) | ((o >> 1) & 0x3e0) | (k & 0x1f) << 10 | ((k >> 1) & 0x3e0) << 10);
}

/* The index of own's window at bit p into its colour's table
 * (gm_line_patterns), caro: whether it is a caro table. */
static inline int gm_line_window(bool caro, uint64_t own, uint64_t other, uint64_t wall, int p)
{
    return caro ? gm_caro_window_index(own, other, wall, p) : gm_window_index(own, other | wall, p);
}

/* The cell pattern of four line patterns (a key of 4 bits each). */
extern uint8_t gm_cell_pattern_of[1 << 16];
static inline int gm_pattern_key(const uint8_t code[4])
{
    return code[0] | code[1] << 4 | code[2] << 8 | code[3] << 12;
}

/* The static tables' bytes, built on first use for the whole process:
 * both rules' line patterns and their memo (3^10 windows, a byte each),
 * gm_pattern_ternary, gm_cell_pattern_of, the cell table's codes and
 * entries (gm_cell_table.h: 2 + 2 bytes for each of 1 << 16 keys, and 4
 * for each key of each of 4 sets), the two caro tables (2^20 windows
 * each; their memo is freed): about 3.5 MB. */
#define GM_PATTERN_TABLES_BYTES (3 * 59049 + 2048 + 65536 + 4 * 65536 + 16 * 65536 + 2 * GM_CARO_WINDOWS)

/* Builds the tables (idempotent; called by gm_line_patterns too). */
void gm_patterns_init(void);

#endif
