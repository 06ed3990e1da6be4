/*
 * The shape evaluation of a Gomoku board: each shape's weight, the change
 * a move makes to both colours' values (gm_play keeps b->value up to date
 * with it, and the search values its last ply by it without playing), the
 * values recomputed from scratch, and the report's "potential" evaluation.
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

/* The longest run colour would have through cell (capped at 5). */
static int longest_run(const gm_board *b, int cell, int colour)
{
    int best = 0;
    for (int d = 0; d < 4; d++) {
        const int id = b->line_id[d][cell];
        const int p = b->line_pos[d][cell] + GM_LINE_OFFSET;
        int lend, rend;
        gm_run_ends(b->line[colour][d][id], p, &lend, &rend);
        if (rend - lend - 1 > best)
            best = rend - lend - 1;
    }
    return best < 5 ? best : 5;
}

int32_t gm_eval_potential(const gm_board *b)
{
    static const int32_t potential[6] = {0, 1, 10, 100, 1000, 100000};
    const int me = b->side;
    int32_t v = 0;
    int my_fives = 0, their_fives = 0;
    for (int cell = 0; cell < b->cells; cell++) {
        if (b->cell[cell] != GM_EMPTY || (b->near && !b->near_count[cell]))
            continue;
        const int mine = longest_run(b, cell, me), theirs = longest_run(b, cell, me ^ 1);
        my_fives += mine == 5 && gm_is_winning_move(b, cell, me);
        their_fives += theirs == 5 && gm_is_winning_move(b, cell, me ^ 1);
        v += potential[mine] - potential[theirs];
    }
    /* A five point for the side to move wins at once; two for the other
     * side cannot both be blocked. */
    if (my_fives)
        return 2 * potential[5] * 10;
    if (their_fives >= 2)
        return -2 * potential[5] * 10;
    return v;
}
