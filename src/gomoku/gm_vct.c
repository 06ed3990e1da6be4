/*
 * Victory by continuous threats (VCT): the attacker plays only fours and
 * threes, so the defender's replies stay few and the search can read far.
 *
 * A three here is any move after which the attacker has an open-four
 * point: a cell that would give it two five points at once (an open four,
 * or a four-four), a win three plies later unless the defender answers
 * first.  The defender's answers to a three are then exactly: the
 * open-four points, the five points each of them would make, and any move
 * that makes a four of its own (the attacker must block it, and the three
 * is still to be answered).  A stone anywhere else leaves an open-four
 * point as it was, so no defence is missed: a win found here is a win.
 * The attacker's threes are looked for among the board's candidates
 * (b->near), so with a small radius a win may be missed, never invented.
 * This is threat-space search in the manner of Allis's for Go-Moku; wins
 * by fours alone are gm_vcf's, which is faster at them.
 *
 * Under caro an open-four point is one whose five points no one stone
 * takes away (gm_four_replies), and a stone past the end of a five can
 * shut it: a three's answers there are every empty cell within five of an
 * open-four point along its lines (all a stone that changes its fives can
 * be on), each tried.
 */
#include "gomoku/gm_search_internal.h"
#include "gomoku/gm_lines.h"
#include "core/deadline.h"

/* Whether colour's stone on cell (empty) would be an open four: five
 * points (into fives, *k of them, on the lines through cell) that no one
 * stone of the other's takes away.  The side to move is left as it was. */
static bool open_four_at(gm_board *b, int colour, int cell, int16_t *fives, int *k)
{
    const int side = b->side;
    b->side = colour;
    gm_play(b, cell);
    int16_t replies[5 * GM_FIVES_ONE_STONE];
    *k = b->winner >= 0 ? 0 : gm_five_points(b, colour, cell, fives);
    const bool open = *k > 0 && gm_four_replies(b, colour, fives, *k, replies) < 0;
    gm_undo(b);
    b->side = side;
    return open;
}

/* The empty cells within five of cell along its four lines, into out. */
static int line_cells(const gm_board *b, int cell, int16_t *out)
{
    static const int dx[4] = { 1, 0, 1, 1 }, dy[4] = { 0, 1, 1, -1 };
    const int x0 = cell % b->width, y0 = cell / b->width;
    int n = 0;
    for (int d = 0; d < 4; d++)
        for (int s = -5; s <= 5; s++) {
            const int x = x0 + s * dx[d], y = y0 + s * dy[d];
            if (s && x >= 0 && x < b->width && y >= 0 && y < b->height && b->cell[gm_cell(b, x, y)] == GM_EMPTY)
                out[n++] = (int16_t)gm_cell(b, x, y);
        }
    return n;
}

/* The cells that answer colour's threes: its open-four points and the
 * five points each would make (under caro every cell near them that
 * line_cells finds), marked in `mark` (b->cells bits) and listed in out.
 * Returns how many; 0 when colour has no open-four point. */
static int three_defences(gm_board *b, int colour, uint64_t *mark, int16_t *out)
{
    int16_t fours[GM_MAX_CELLS], fives[GM_MAX_CELLS];
    const int nf = gm_four_points(b, colour, fours);
    const bool caro = gm_rule_caro(gm_five_rule(b->rule, colour));
    int n = 0;
    for (int i = 0; i < nf; i++) {
        int k;
        if (!open_four_at(b, colour, fours[i], fives, &k))
            continue;
        if (caro)
            k = line_cells(b, fours[i], fives);
        fives[k] = fours[i];
        for (int j = 0; j <= k; j++) {
            const int c = fives[j];
            if (!(mark[c >> 6] >> (c & 63) & 1)) {
                mark[c >> 6] |= (uint64_t)1 << (c & 63);
                out[n++] = (int16_t)c;
            }
        }
    }
    return n;
}

static int attacker_node(gm_board *b, gm_budget *v, int plies_left, int *first);

/* The defender to move, the attacker (b->side ^ 1) having just moved:
 * plies to the attacker's five within plies_left, 0 if it cannot force
 * one. */
static int defender_node(gm_board *b, gm_budget *v, int plies_left)
{
    if (plies_left < 2 || gm_budget_spent(v))
        return 0;
    /* The defender has no five point (the attacker won at once or blocked
     * it), and the attacker's are on the lines through its last move (it
     * had none before: it would have made five). */
    const int me = b->side, them = me ^ 1;
    int16_t theirs[GM_MAX_CELLS], replies[2 * GM_MAX_CELLS];   /* three_defences' room */
    const int nt = gm_five_points(b, them, b->history[b->stones - 1].cell, theirs);
    int n;
    if (nt) {                           /* fours: the blocks are forced */
        n = gm_four_replies(b, them, theirs, nt, replies);
        if (n < 0)
            return 2;
    } else {
        if (plies_left < 4)
            return 0;
        /* A three: its answers, then the defender's own fours. */
        uint64_t mark[GM_MAX_CELLS / 64] = { 0 };
        n = three_defences(b, them, mark, replies);
        if (n == 0)
            return 0;                   /* no threat left: the defender is free */
        int16_t fours[GM_MAX_CELLS];
        const int nf = gm_four_points(b, me, fours);
        for (int i = 0; i < nf; i++)
            if (!(mark[fours[i] >> 6] >> (fours[i] & 63) & 1))
                replies[n++] = fours[i];
    }
    return gm_threat_replies(b, v, attacker_node, plies_left, replies, n);
}

/* The attacker (the side to move): plies to its five within plies_left
 * (0: none found), the first move in *first. */
static int attacker_node(gm_board *b, gm_budget *v, int plies_left, int *first)
{
    if (plies_left < 1 || gm_budget_spent(v))
        return 0;
    const int me = b->side;
    int16_t cells[GM_MAX_CELLS];
    if (gm_five_points(b, me, GM_NO_MOVE, cells)) {
        *first = cells[0];
        return 1;
    }
    if (plies_left < 3)
        return 0;
    const int nt = gm_five_points(b, me ^ 1, GM_NO_MOVE, cells);
    if (nt >= 2)
        return 0;
    if (nt == 1) {                      /* blocked first; a threat must remain */
        gm_play(b, cells[0]);
        const int r = defender_node(b, v, plies_left - 1);
        gm_undo(b);
        *first = cells[0];
        return r ? r + 1 : 0;
    }
    /* Fours first (they leave one reply), then, with the five plies a
     * three needs, every other candidate: a move that makes no threat
     * fails at once in defender_node. */
    int16_t moves[2 * GM_MAX_CELLS];
    uint64_t tried[GM_MAX_CELLS / 64] = { 0 };
    const int nf = gm_four_points(b, me, moves);
    const int nc = nf + (plies_left >= 5 ? gm_candidates(b, moves + nf) : 0);
    for (int i = 0; i < nc; i++) {
        const int c = moves[i];
        if (tried[c >> 6] >> (c & 63) & 1)
            continue;
        tried[c >> 6] |= (uint64_t)1 << (c & 63);
        gm_play(b, c);
        const int r = defender_node(b, v, plies_left - 1);
        gm_undo(b);
        if (r) {
            *first = c;
            return r + 1;
        }
    }
    return 0;
}

int gm_vct(gm_board *b, int max_plies, long time_ms, int *plies, uint64_t *nodes)
{
    return gm_vct_until(b, max_plies, NULL, gts_deadline_after(gts_now_usec(), time_ms), plies, nodes);
}

int gm_vct_until(gm_board *b, int max_plies, const gts_stop *stop, double deadline, int *plies, uint64_t *nodes)
{
    return gm_threat_deepen(b, attacker_node, GM_VCT_NODES, max_plies, stop, deadline, plies, nodes);
}
