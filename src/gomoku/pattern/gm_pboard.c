/* The pattern board (gm_pboard.h): patterns kept up to date on play and
 * undo, and the evaluation's cell values. */
#include "gomoku/pattern/gm_pboard.h"

#include <pthread.h>
#include <string.h>

#include "gomoku/gm_lines.h"

int gm_cell_value(const uint8_t code[4])
{
    return gm_line_weight[code[0]] + gm_line_weight[code[1]] + gm_line_weight[code[2]] + gm_line_weight[code[3]] +
           gm_pattern_bonus[gm_cell_pattern_of[gm_pattern_key(code)]];
}

/* Each key's cell pattern and value, value << 8 | pattern: one lookup. */
static int32_t cell_entry[1 << 16];

static void build_entries(void)
{
    gm_patterns_init();
    for (int key = 0; key < 1 << 16; key++) {
        const uint8_t code[4] = { key & 15, key >> 4 & 15, key >> 8 & 15, key >> 12 };
        if (code[0] < GM_LP_CODES && code[1] < GM_LP_CODES && code[2] < GM_LP_CODES && code[3] < GM_LP_CODES)
            cell_entry[key] = gm_cell_value(code) * 256 + gm_cell_pattern_of[key];
    }
}

/* Moves colour's pattern and value at cell to what its codes say. */
static void settle(gm_pboard *pb, int c, int cell)
{
    const int32_t entry = cell_entry[gm_pattern_key(pb->code[c][cell])];
    const int pattern = entry & 255, value = entry >> 8;
    pb->count[c][pb->pattern[c][cell]]--;
    pb->count[c][pattern]++;
    pb->sum[c] += value - pb->value[c][cell];
    pb->pattern[c][cell] = (uint8_t)pattern;
    pb->value[c][cell] = (int16_t)value;
}

/* Colour's line pattern of cell in direction d is now code: settled only
 * if it changed, as most of the cells a move reaches keep theirs (a third
 * of the search's time went to settling them all). */
static inline void set_code(gm_pboard *pb, int c, int cell, int d, int code)
{
    const int old = pb->code[c][cell][d];
    if (old != code) {
        pb->log[pb->log_top++] = (uint32_t)(cell << 8 | c << 7 | d << 4 | old);
        pb->code[c][cell][d] = (uint8_t)code;
        settle(pb, c, cell);
    }
}

/* Both colours' line pattern of cell in direction d (bit: its place in
 * the line word). */
static void line_codes(gm_pboard *pb, int d, int id, int bit, int cell)
{
    const gm_board *b = &pb->b;
    if (b->cell[cell] != GM_EMPTY) {
        set_code(pb, 0, cell, d, GM_LP_DEAD);
        set_code(pb, 1, cell, d, GM_LP_DEAD);
        return;
    }
    const uint64_t black = b->line[0][d][id], white = b->line[1][d][id], wall = b->wall[d][id];
    set_code(pb, 0, cell, d, gm_line_code(pb->lines[0], pb->caro, black, white, wall, bit));
    set_code(pb, 1, cell, d, gm_line_code(pb->lines[1], pb->caro, white, black, wall, bit));
}

/* After a stone came or went at m: the cells within five along its lines. */
static void around(gm_pboard *pb, int m)
{
    const gm_board *b = &pb->b;
    const int step[4] = { 1, b->width, b->width + 1, 1 - b->width };
    for (int d = 0; d < 4; d++) {
        const int id = b->line_id[d][m], p = b->line_pos[d][m] + GM_LINE_OFFSET;
        const uint64_t wall = b->wall[d][id];
        for (int k = -5; k <= 5; k++)
            if (!(wall >> (p + k) & 1))
                line_codes(pb, d, id, p + k, m + k * step[d]);
    }
}

void gm_pboard_tables_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_entries);
}

void gm_pboard_init(gm_pboard *pb, const gm_board *b)
{
    gm_pboard_tables_init();
    gm_copy(&pb->b, b);
    pb->lines[GM_BLACK] = gm_line_patterns(gm_five_rule(b->rule, GM_BLACK));
    pb->lines[GM_WHITE] = gm_line_patterns(gm_five_rule(b->rule, GM_WHITE));
    pb->caro = gm_rule_caro(b->rule);
    memset(pb->sum, 0, sizeof pb->sum);
    memset(pb->count, 0, sizeof pb->count);
    for (int c = 0; c < 2; c++) {
        pb->count[c][GM_CP_NONE] = (uint16_t)b->cells;
        memset(pb->code[c], GM_LP_DEAD, (size_t)b->cells * sizeof pb->code[c][0]);
        memset(pb->pattern[c], GM_CP_NONE, (size_t)b->cells);
        memset(pb->value[c], 0, (size_t)b->cells * sizeof pb->value[c][0]);
    }
    pb->log_top = 0;
    for (int cell = 0; cell < b->cells; cell++)
        for (int d = 0; d < 4; d++)
            line_codes(pb, d, b->line_id[d][cell], b->line_pos[d][cell] + GM_LINE_OFFSET, cell);
    pb->log_top = 0;   /* the set-up is not undone */
    pb->base = b->stones;
}

void gm_pboard_play(gm_pboard *pb, int cell)
{
    pb->log_start[pb->b.stones] = pb->log_top;
    gm_play(&pb->b, cell);
    around(pb, cell);
}

/* Reading the lines again on undo cost as much as the play: putting the
 * logged codes back saves 15 % of the search's time. */
void gm_pboard_undo(gm_pboard *pb)
{
    if (pb->b.stones <= pb->base) {
        const int cell = pb->b.history[pb->b.stones - 1].cell;
        gm_undo(&pb->b);
        pb->base = pb->b.stones;
        around(pb, cell);
        pb->log_top = 0;
        return;
    }
    gm_undo(&pb->b);
    const int start = pb->log_start[pb->b.stones];
    while (pb->log_top > start) {
        const uint32_t e = pb->log[--pb->log_top];
        const int cell = (int)(e >> 8), c = e >> 7 & 1, d = e >> 4 & 3;
        pb->code[c][cell][d] = (uint8_t)(e & 15);
        settle(pb, c, cell);
    }
}

int gm_pboard_find(const gm_pboard *pb, int colour, int at_least)
{
    for (int cell = 0; cell < pb->b.cells; cell++)
        if (pb->pattern[colour][cell] >= at_least)
            return cell;
    return GM_NO_MOVE;
}
