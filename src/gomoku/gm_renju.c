/* Renju's forbidden points (gm_renju.h). */
#include "gomoku/gm_renju.h"

#include "gomoku/gm_lines.h"

#define REAL_THREE_DEPTH 2

/* A black stone at cell makes a run of six or more. */
static bool overline(const gm_board *b, int cell)
{
    for (int d = 0; d < 4; d++) {
        const int p = b->line_pos[d][cell] + GM_LINE_OFFSET;
        int lo, hi;
        gm_run_ends(b->line[GM_BLACK][d][b->line_id[d][cell]] | (uint64_t)1 << p, p, &lo, &hi);
        if (hi - lo - 1 >= 6)
            return true;
    }
    return false;
}

static bool forbidden(gm_pboard *pb, int cell, int depth);

/* Whether the open three black's stone at cell makes in direction d is
 * real: after the stone, a cell of that line within four makes an open
 * four and is not forbidden. */
static bool real_three(gm_pboard *pb, int cell, int d, int depth)
{
    const gm_board *b = &pb->b;
    const int step[4] = { 1, b->width, b->width + 1, 1 - b->width };
    const int p = b->line_pos[d][cell] + GM_LINE_OFFSET;
    const uint64_t wall = b->wall[d][b->line_id[d][cell]];
    for (int k = -4; k <= 4; k++) {
        const int q = cell + k * step[d];
        if (k && !(wall >> (p + k) & 1) && b->cell[q] == GM_EMPTY && pb->code[GM_BLACK][q][d] == GM_LP_F4 &&
            !forbidden(pb, q, depth - 1))
            return true;
    }
    return false;
}

static bool forbidden(gm_pboard *pb, int cell, int depth)
{
    const uint8_t *code = pb->code[GM_BLACK][cell];
    if (pb->pattern[GM_BLACK][cell] == GM_CP_FIVE)
        return false;
    int fours = 0, threes = 0;
    for (int d = 0; d < 4; d++) {
        fours += code[d] == GM_LP_B4 || code[d] == GM_LP_F4;
        threes += code[d] == GM_LP_F3;
    }
    if (fours >= 2 || overline(&pb->b, cell))
        return true;
    if (threes < 2)
        return false;
    if (depth == 0)
        return true;
    uint8_t three_dirs[4];
    for (int d = 0; d < 4; d++)
        three_dirs[d] = code[d] == GM_LP_F3;
    /* Black's stone, whoever is to move. */
    const bool pass = pb->b.side != GM_BLACK;
    if (pass)
        gm_pass(&pb->b);
    gm_pboard_play(pb, cell);
    int real = 0;
    for (int d = 0; d < 4 && real < 2; d++)
        real += three_dirs[d] && real_three(pb, cell, d, depth);
    gm_pboard_undo(pb);
    if (pass)
        gm_pass(&pb->b);
    return real >= 2;
}

bool gm_renju_forbidden(gm_pboard *pb, int cell)
{
    return pb->b.rule == GM_RENJU && forbidden(pb, cell, REAL_THREE_DEPTH);
}
