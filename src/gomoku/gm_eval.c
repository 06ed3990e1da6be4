/*
 * The shape evaluation of a Gomoku board: each shape's weight, the change
 * a move makes to both colours' values (gm_play keeps b->value up to date
 * with it, and the search values its last ply by it without playing) and
 * the values recomputed from scratch.  (The report's "potential"
 * evaluation: gm_potential.c, apart because it asks the board for its
 * five points, and the board asks this file for a move's delta.)
 */
#include <string.h>

#include "gomoku/gm_lines.h"
#include "gts/gomoku.h"

const int32_t gm_shape_weight[GM_SHAPES] = {
    [GM_SHAPE_NONE] = 0,
    [GM_SHAPE_TWO] = GM_W_TWO,
    [GM_SHAPE_OPEN_TWO] = GM_W_OPEN_TWO,
    [GM_SHAPE_THREE] = GM_W_THREE,
    [GM_SHAPE_OPEN_THREE] = GM_W_OPEN_THREE,
    [GM_SHAPE_FOUR] = GM_W_FOUR,
    [GM_SHAPE_OPEN_FOUR] = GM_W_OPEN_FOUR,
    [GM_SHAPE_FIVE] = GM_W_FIVE,
};

const char *const gm_rule_names[GM_RULES + 1] = { "freestyle", "standard", "renju", "caro", "caro-exact", NULL };

const char *const gm_shape_name[GM_SHAPES] = {
    "none", "two", "open two", "three", "open three", "four", "open four", "five",
};

void gm_move_delta(const gm_board *b, int cell, int colour, int32_t delta[2], bool *five)
{
    delta[0] = delta[1] = 0;
    *five = false;
    for (int d = 0; d < 4; d++) {
        const int id = b->line_id[d][cell];
        gm_line_delta(gm_five_rule(b->rule, colour), b->line[colour][d][id], b->line[colour ^ 1][d][id], b->wall[d][id],
                      b->line_pos[d][cell] + GM_LINE_OFFSET, delta, five);
    }
}

void gm_count_shapes(const gm_board *b, int colour, int counts[GM_SHAPES])
{
    memset(counts, 0, GM_SHAPES * sizeof counts[0]);
    for (int d = 0; d < 4; d++)
        for (int id = 0; id < gm_line_count(b, d); id++) {
            const uint64_t own = b->line[colour][d][id];
            const uint64_t block = b->line[colour ^ 1][d][id] | b->wall[d][id];
            for (int p = GM_LINE_OFFSET; p < 64; p++) {
                if (!((own >> p) & 1) || ((own >> (p - 1)) & 1))
                    continue;
                int n = 0;
                while (p + n < 64 && ((own >> (p + n)) & 1))
                    n++;
                const int open = !((block >> (p - 1)) & 1) + (p + n < 64 && !((block >> (p + n)) & 1));
                counts[gm_shape_of(gm_five_rule(b->rule, colour), n, open)]++;
            }
        }
}

int32_t gm_value_slow(const gm_board *b, int colour)
{
    int counts[GM_SHAPES];
    gm_count_shapes(b, colour, counts);
    int32_t v = 0;
    for (int s = 0; s < GM_SHAPES; s++)
        v += counts[s] * gm_shape_weight[s];
    return v;
}
