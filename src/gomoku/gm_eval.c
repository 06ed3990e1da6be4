/*
 * The shape evaluation of a Gomoku board: each shape's weight, the change
 * a move makes to both colours' values (gm_play keeps b->value up to date
 * with it, and the search values its last ply by it without playing), the
 * values recomputed from scratch, and the report's "potential" evaluation.
 */
#include <string.h>

#include "gomoku/gm_lines.h"
#include "gts/gomoku.h"

/* An open three is worth a four: either becomes a win if left alone. */
enum { W_TWO = 10, W_OPEN_TWO = 100, W_THREE = 100, W_OPEN_THREE = 1000, W_FOUR = 1000, W_OPEN_FOUR = 10000, W_FIVE = 100000 };

const int32_t gm_shape_weight[GM_SHAPES] = {
    [GM_SHAPE_NONE] = 0,
    [GM_SHAPE_TWO] = W_TWO,
    [GM_SHAPE_OPEN_TWO] = W_OPEN_TWO,
    [GM_SHAPE_THREE] = W_THREE,
    [GM_SHAPE_OPEN_THREE] = W_OPEN_THREE,
    [GM_SHAPE_FOUR] = W_FOUR,
    [GM_SHAPE_OPEN_FOUR] = W_OPEN_FOUR,
    [GM_SHAPE_FIVE] = W_FIVE,
};

const char *const gm_shape_name[GM_SHAPES] = {
    "none", "two", "open two", "three", "open three", "four", "open four", "five",
};

/* The weights of gm_shape_of's shapes by rule, run length (8 and more count
 * as 8) and open ends: the leaf evaluation reads nothing else. */
static const int32_t run_weight[2][9][3] = {
    [GM_FREESTYLE] = {
        {0, 0, 0}, {0, 0, 0}, {0, W_TWO, W_OPEN_TWO}, {0, W_THREE, W_OPEN_THREE}, {0, W_FOUR, W_OPEN_FOUR},
        {W_FIVE, W_FIVE, W_FIVE}, {W_FIVE, W_FIVE, W_FIVE}, {W_FIVE, W_FIVE, W_FIVE}, {W_FIVE, W_FIVE, W_FIVE},
    },
    [GM_STANDARD] = {
        {0, 0, 0}, {0, 0, 0}, {0, W_TWO, W_OPEN_TWO}, {0, W_THREE, W_OPEN_THREE}, {0, W_FOUR, W_OPEN_FOUR},
        {W_FIVE, W_FIVE, W_FIVE}, {0, 0, 0}, {0, 0, 0}, {0, 0, 0},
    },
};

static inline int32_t run_value(gm_rule rule, int n, int open)
{
    return run_weight[rule][n < 8 ? n : 8][open];
}

/*
 * The shape changes along one direction when colour c plays at cell:
 * c's runs left and right of the cell merge into one, and the other
 * colour's runs ending next to the cell lose an open end.
 */
static inline void delta_dir(const gm_board *b, int d, int cell, int c, int32_t delta[2], bool *five)
{
    const int id = b->line_id[d][cell];
    const int p = b->line_pos[d][cell] + GM_LINE_OFFSET;
    const uint64_t own = b->line[c][d][id], other = b->line[c ^ 1][d][id], wall = b->wall[d][id];
    /* With no stone next to the cell in this direction no run changes:
     * most cells of a sparse board, where leaves are most numerous. */
    if (!(((own | other) >> (p - 1)) & 5))
        return;
    const uint64_t below = ((uint64_t)1 << p) - 1;

    /* c's runs: a stones left of p, r right of it. */
    int lend, rend;
    gm_run_ends(own, p, &lend, &rend);
    const int a = p - 1 - lend, r = rend - p - 1;
    const uint64_t block = other | wall;
    const int lopen = !((block >> lend) & 1), ropen = !((block >> rend) & 1);
    const int n = a + r + 1;
    delta[0] += run_value(b->rule, n, lopen + ropen) - run_value(b->rule, a, lopen + 1) -
                run_value(b->rule, r, ropen + 1);
    *five |= n == 5 || (n > 5 && b->rule == GM_FREESTYLE);

    /* The other colour's runs that end next to p lose that open end. */
    const uint64_t oblock = own | wall;
    if ((other >> (p - 1)) & 1) {
        const int end = 63 - __builtin_clzll(~other & (below >> 1));
        const int len = p - 1 - end, open = !((oblock >> end) & 1);
        delta[1] += run_value(b->rule, len, open) - run_value(b->rule, len, open + 1);
    }
    if ((other >> (p + 1)) & 1) {
        const int end = p + 1 + __builtin_ctzll(~other >> (p + 1));
        const int len = end - p - 1, open = !((oblock >> end) & 1);
        delta[1] += run_value(b->rule, len, open) - run_value(b->rule, len, open + 1);
    }
}

void gm_move_delta(const gm_board *b, int cell, int colour, int32_t delta[2], bool *five)
{
    delta[0] = delta[1] = 0;
    *five = false;
    for (int d = 0; d < 4; d++)
        delta_dir(b, d, cell, colour, delta, five);
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
                counts[gm_shape_of(b->rule, n, open)]++;
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
