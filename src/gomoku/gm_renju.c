/* Renju's forbidden points (gm_renju.h). */
#include "gomoku/gm_renju.h"

#include "gomoku/gm_lines.h"
#include "gomoku/pattern/gm_pattern.h"

#define REAL_THREE_DEPTH 2

/* Black's line pattern of the empty cell in direction d (gm_pattern.h),
 * read from the board's lines: four lookups, so the plain board of the
 * negamax searches can ask as well as the pattern board. */
static int black_code(const gm_board *b, const uint8_t *lines, int cell, int d)
{
    const int id = b->line_id[d][cell], p = b->line_pos[d][cell] + GM_LINE_OFFSET;
    return lines[gm_window_index(b->line[GM_BLACK][d][id], b->line[GM_WHITE][d][id] | b->wall[d][id], p)];
}

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

/* The fours a black stone at cell makes in direction d, whose line
 * pattern is F4 (two five points or more): one for an open four, whose
 * five points stand five apart either side of the same four stones; two
 * for X_XXX_X and its kind, two fours in one line, which renju forbids as
 * any double four (the patterns do not tell them apart: a match lost on
 * a forbidden g10 of d7 _ f9 g10 h11 _ j13, issue 43). */
static int f4_fours(const gm_board *b, int cell, int d)
{
    const int id = b->line_id[d][cell], p = b->line_pos[d][cell] + GM_LINE_OFFSET;
    const uint64_t black = b->line[GM_BLACK][d][id] | (uint64_t)1 << p;
    const uint64_t taken = black | b->line[GM_WHITE][d][id] | b->wall[d][id];
    int first = 0, fives = 0;
    for (int k = -4; k <= 4; k++) {
        int lo, hi;
        if (!k || taken >> (p + k) & 1)
            continue;
        gm_run_ends(black | (uint64_t)1 << (p + k), p, &lo, &hi);
        if (hi - lo - 1 == 5 && fives++ == 0)
            first = k;
        else if (hi - lo - 1 == 5 && k - first != 5)
            return 2;
    }
    return 1;
}

static bool forbidden(gm_board *b, const uint8_t *lines, int cell, int depth);

/* Whether the open three black's stone at cell (played) makes in
 * direction d is real: a cell of that line within four makes an open four
 * and is not forbidden. */
static bool real_three(gm_board *b, const uint8_t *lines, int cell, int d, int depth)
{
    const int step[4] = { 1, b->width, b->width + 1, 1 - b->width };
    const int p = b->line_pos[d][cell] + GM_LINE_OFFSET;
    const uint64_t wall = b->wall[d][b->line_id[d][cell]];
    for (int k = -4; k <= 4; k++) {
        const int q = cell + k * step[d];
        if (k && !(wall >> (p + k) & 1) && b->cell[q] == GM_EMPTY && black_code(b, lines, q, d) == GM_LP_F4 &&
            !forbidden(b, lines, q, depth - 1))
            return true;
    }
    return false;
}

static bool forbidden(gm_board *b, const uint8_t *lines, int cell, int depth)
{
    uint8_t code[4];
    int fours = 0, threes = 0;
    for (int d = 0; d < 4; d++) {
        code[d] = (uint8_t)black_code(b, lines, cell, d);
        if (code[d] == GM_LP_F5)
            return false;   /* five wins, whatever else the stone makes */
        fours += code[d] == GM_LP_B4 ? 1 : code[d] == GM_LP_F4 ? f4_fours(b, cell, d) : 0;
        threes += code[d] == GM_LP_F3;
    }
    if (fours >= 2 || overline(b, cell))
        return true;
    if (threes < 2)
        return false;
    if (depth == 0)
        return true;
    /* Black's stone, whoever is to move. */
    const bool pass = b->side != GM_BLACK;
    if (pass)
        gm_pass(b);
    gm_play(b, cell);
    int real = 0;
    for (int d = 0; d < 4 && real < 2; d++)
        real += code[d] == GM_LP_F3 && real_three(b, lines, cell, d, depth);
    gm_undo(b);
    if (pass)
        gm_pass(b);
    return real >= 2;
}

bool gm_renju_forbidden(gm_board *b, int cell)
{
    return b->rule == GM_RENJU && b->cell[cell] == GM_EMPTY &&
           forbidden(b, gm_line_patterns(gm_five_rule(GM_RENJU, GM_BLACK)), cell, REAL_THREE_DEPTH);
}

int gm_renju_keep_legal(gm_board *b, int16_t *moves, int n)
{
    if (b->rule != GM_RENJU || b->side != GM_BLACK)
        return n;
    int kept = 0;
    for (int i = 0; i < n; i++)
        if (!gm_renju_forbidden(b, moves[i]))
            moves[kept++] = moves[i];
    return kept;
}
