/*
 * The Connect-5 report's "maximum potential" evaluation, cell by cell
 * (gm_eval_potential; gm_scan.c computes the same by direction scans).
 */
#include "gomoku/gm_lines.h"
#include "gts/gomoku.h"

/* Whether colour playing at cell makes five under the rule the scans can
 * follow (gm_blind_rule). */
static bool blind_five(const gm_board *b, int cell, int colour)
{
    const gm_rule rule = gm_blind_rule(gm_five_rule(b->rule, colour));
    for (int d = 0; d < 4; d++)
        if (gm_line_five_at(rule, b->line[colour][d][b->line_id[d][cell]], 0, b->line_pos[d][cell] + GM_LINE_OFFSET))
            return true;
    return false;
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
    uint32_t rows[GM_MAX_SIZE];
    gm_candidate_rows(b, rows);
    for (int y = 0; y < b->height; y++)
        for (uint32_t row = rows[y]; row; row &= row - 1) {
            const int cell = gm_cell(b, __builtin_ctz(row), y);
            const int mine = longest_run(b, cell, me), theirs = longest_run(b, cell, me ^ 1);
            my_fives += mine == 5 && blind_five(b, cell, me);
            their_fives += theirs == 5 && blind_five(b, cell, me ^ 1);
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
