/*
 * Internal: a board that keeps every empty cell's patterns (gm_pattern.h)
 * up to date, for the pattern search.  A move changes the line patterns of
 * the cells up to five away along its four lines, at most 40 cells: play
 * recomputes just those and logs what changed, undo puts it back; the
 * counts of each cell pattern and the evaluation's sums follow.  A cell's
 * value is one entry of its colour's table (gm_cell_table.h).
 */
#ifndef GTS_GM_PBOARD_H
#define GTS_GM_PBOARD_H

#include <stdint.h>

#include "gomoku/pattern/gm_cell_table.h"
#include "gomoku/pattern/gm_pattern.h"
#include "gts/gomoku.h"

typedef struct gm_pboard_undo_rec {
    uint16_t cell_colour;                    /* cell << 1 | colour */
    uint16_t key;                            /* its gm_pattern_key before the move */
    int32_t entry;                           /* its gm_cell_entry before: pattern and values */
} gm_pboard_undo_rec;

/* What undo copies back whole: the counts and sums before a move, and
 * where its log begins. */
typedef struct gm_pboard_frame {
    int32_t sum[2][2];
    uint16_t count[2][GM_CP_CLASSES];
    int log_start;
} gm_pboard_frame;

typedef struct gm_pboard {
    gm_board b;
    const uint8_t *lines[2];                 /* each colour's line pattern table */
    bool caro;                               /* caro tables (gm_line_window) */
    /* The cells a stone's line patterns reach, bit 5 + k for k cells
     * along: 4 each side where five or more wins (a stone 5 away is in no
     * five through the cell), 5 where an overline or a caro five's ends
     * matter. */
    unsigned lanes;
    const int32_t *entry[2];                 /* each colour's cell entries (gm_cell_entry) */
    int16_t tempo[2];                        /* each colour's tempo, when it moves */
    int32_t sum[2][2];                       /* each colour's cell values over the empty cells: on move, waiting */
    uint16_t count[2][GM_CP_CLASSES];        /* empty cells of each cell pattern */
    uint16_t key[2][GM_MAX_CELLS];           /* line patterns of empty cells as gm_pattern_key (occupied: 0) */
    uint8_t pattern[2][GM_MAX_CELLS];        /* cell patterns */
    int16_t value[2][GM_MAX_CELLS];          /* cell values to the colour on move (move ordering) */
    /* Each colour's window index (gm_line_window: gm_window_index, or
     * gm_caro_window_index under caro) of every cell, by direction, line
     * and bit of the line word (gm_board's), occupied cells too: a move
     * adds its stone's digit to the 10 windows around it in each line, 16
     * lanes at a time, instead of reading them from the line words.  Bits
     * outside a line are never read. */
    uint32_t window[2][4][GM_LINES][64];
    /* The cells' states each move changed, for undo to put back without
     * reading the tables again, and the frames of the moves (by stones).
     * Moves older than the set-up (stones up to base) are undone by
     * reading the lines again. */
    int log_top, base;
    gm_pboard_frame frame[GM_MAX_CELLS];
    gm_pboard_undo_rec log[GM_MAX_CELLS * 82];   /* 40 cells and the move, both colours */
} gm_pboard;

/* Colour's line pattern of cell in direction d. */
static inline int gm_pboard_code(const gm_pboard *pb, int colour, int cell, int d)
{
    return pb->key[colour][cell] >> (4 * d) & 15;
}

/* Builds the pattern tables (gm_patterns_init) and the cell entries
 * play and undo read: idempotent, thread-safe, 80-95 ms the first time
 * on a loaded 2-core machine, so searchers call it when they are made
 * rather than in their first search. */
void gm_pboard_tables_init(void);

/* Sets up pb from b (any position; its candidate radius is kept). */
void gm_pboard_init(gm_pboard *pb, const gm_board *b);

/* Plays the side to move's stone at cell, and takes it back. */
void gm_pboard_play(gm_pboard *pb, int cell);
void gm_pboard_undo(gm_pboard *pb);

/* The side to move's evaluation: its cells' values (on move) less the
 * opponent's (waiting), plus its tempo. */
static inline int32_t gm_pboard_eval(const gm_pboard *pb)
{
    const int me = pb->b.side;
    return pb->sum[me][0] - pb->sum[me ^ 1][1] + pb->tempo[me];
}

/* The first empty cell (in cell order) where colour has a pattern of at
 * least `at_least`, or GM_NO_MOVE. */
int gm_pboard_find(const gm_pboard *pb, int colour, int at_least);

/* Whether colour has an empty cell of pattern at_least or better. */
static inline bool gm_pboard_has(const gm_pboard *pb, int colour, int at_least)
{
    for (int p = at_least; p < GM_CP_CLASSES; p++)
        if (pb->count[colour][p])
            return true;
    return false;
}

#endif
