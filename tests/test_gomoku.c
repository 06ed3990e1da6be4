/*
 * Gomoku engine tests.  The board's incremental bookkeeping (shape values,
 * five and four points, undo) and the search's scores are checked against
 * a reference written here from the rules alone: a plain array of cells,
 * scanned cell by cell, and a minimax without pruning.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "check.h"
#include "test_gomoku_search.h"
#include "test_rng.h"
#include "gts/gomoku.h"
#include "gts/gomoku_search.h"
#include "gomoku/shapes/gm_scan.h"

/* ---- the reference: a cell array and direct scans ---------------------- */

typedef struct ref {
    int w, h, near;
    gm_rule rule;
    int side, stones, winner;
    uint8_t cell[GM_MAX_CELLS];
} ref;

static const int DX[4] = { 1, 0, 1, 1 }, DY[4] = { 0, 1, 1, -1 };

static int ref_at(const ref *r, int x, int y)
{
    return x < 0 || y < 0 || x >= r->w || y >= r->h ? -1 : r->cell[y * r->w + x];
}

/* Whether colour's run through (x, y) in direction d, if colour stood
 * there, wins: its steps along d from (x, y) into *lo (<= 0) and *hi.
 * Under caro a run of five with the opponent's stones (not the edge)
 * just past both ends does not. */
static bool ref_run_wins(const ref *r, int x, int y, int d, int colour, int *lo, int *hi)
{
    *lo = *hi = 0;
    while (ref_at(r, x + (*lo - 1) * DX[d], y + (*lo - 1) * DY[d]) == colour + 1)
        (*lo)--;
    while (ref_at(r, x + (*hi + 1) * DX[d], y + (*hi + 1) * DY[d]) == colour + 1)
        (*hi)++;
    const int n = *hi - *lo + 1, them = 2 - colour;
    const bool shut = ref_at(r, x + (*lo - 1) * DX[d], y + (*lo - 1) * DY[d]) == them &&
                      ref_at(r, x + (*hi + 1) * DX[d], y + (*hi + 1) * DY[d]) == them;
    switch (r->rule) {
    case GM_FREESTYLE: return n >= 5;
    case GM_CARO: return n > 5 || (n == 5 && !shut);
    case GM_CARO_EXACT: return n == 5 && !shut;
    default: return n == 5;
    }
}

static bool ref_makes_five(const ref *r, int cell, int colour)
{
    int lo, hi;
    for (int d = 0; d < 4; d++)
        if (ref_run_wins(r, cell % r->w, cell / r->w, d, colour, &lo, &hi))
            return true;
    return false;
}

/* The rules the tests turn through. */
static const gm_rule rules[4] = { GM_FREESTYLE, GM_STANDARD, GM_CARO, GM_CARO_EXACT };

static int32_t ref_value(const ref *r, int colour)
{
    int32_t v = 0;
    for (int y = 0; y < r->h; y++)
        for (int x = 0; x < r->w; x++)
            for (int d = 0; d < 4; d++) {
                if (ref_at(r, x, y) != colour + 1 || ref_at(r, x - DX[d], y - DY[d]) == colour + 1)
                    continue;
                int n = 0;
                while (ref_at(r, x + n * DX[d], y + n * DY[d]) == colour + 1)
                    n++;
                const int open = (ref_at(r, x - DX[d], y - DY[d]) == 0) + (ref_at(r, x + n * DX[d], y + n * DY[d]) == 0);
                gm_shape s = GM_SHAPE_NONE;
                /* Fives: what wins, a caro five with no open end is
                 * valued as none (gm_shape_of). */
                const bool overline_wins = r->rule == GM_FREESTYLE || r->rule == GM_CARO;
                const bool caro = r->rule == GM_CARO || r->rule == GM_CARO_EXACT;
                if (n >= 5)
                    s = n == 5 ? (caro && !open ? GM_SHAPE_NONE : GM_SHAPE_FIVE)
                               : overline_wins ? GM_SHAPE_FIVE : GM_SHAPE_NONE;
                else if (n >= 2 && open)
                    s = (gm_shape)(2 * (n - 2) + open);
                v += gm_shape_weight[s];
            }
    return v;
}

static void ref_play(ref *r, int cell)
{
    if (ref_makes_five(r, cell, r->side))
        r->winner = r->side;
    r->cell[cell] = (uint8_t)(r->side + 1);
    r->side ^= 1;
    r->stones++;
}

static void ref_unplay(ref *r, int cell, int winner)
{
    r->cell[cell] = 0;
    r->side ^= 1;
    r->stones--;
    r->winner = winner;
}

static int ref_five_points(const ref *r, int colour, int *out)
{
    int n = 0;
    for (int c = 0; c < r->w * r->h; c++)
        if (!r->cell[c] && ref_makes_five(r, c, colour))
            out[n++] = c;
    return n;
}

static bool ref_is_candidate(const ref *r, int cell)
{
    if (r->cell[cell])
        return false;
    if (!r->near)
        return true;
    if (!r->stones)
        return cell == (r->h / 2) * r->w + r->w / 2;
    const int x = cell % r->w, y = cell / r->w;
    for (int dy = -r->near; dy <= r->near; dy++)
        for (int dx = -r->near; dx <= r->near; dx++)
            if (ref_at(r, x + dx, y + dy) > 0)
                return true;
    return false;
}

/* Whether the side to move's stone on c takes away some of the
 * opponent's nt five points: c is one, or (caro) c shuts one's five. */
static bool ref_answers(ref *r, int c, int nt)
{
    int theirs[GM_MAX_CELLS];
    r->cell[c] = (uint8_t)(r->side + 1);
    const int left = ref_five_points(r, r->side ^ 1, theirs);
    r->cell[c] = 0;
    return left < nt;
}

/* Minimax over the tree gm_search defines: a five point is taken, the
 * opponent's five points answered (by the cells that take some away),
 * the shape evaluation at the horizon. */
static int32_t ref_minimax(ref *r, int depth, int ply)
{
    if (r->winner >= 0)
        return -(GM_WIN - ply);
    if (r->stones == r->w * r->h)
        return 0;
    int mine[GM_MAX_CELLS], theirs[GM_MAX_CELLS];
    if (ref_five_points(r, r->side, mine))
        return GM_WIN - (ply + 1);
    if (depth == 0)
        return ref_value(r, r->side) - ref_value(r, r->side ^ 1);
    const int nt = ref_five_points(r, r->side ^ 1, theirs);
    int32_t best = -GM_WIN - 1;
    for (int c = 0; c < r->w * r->h; c++) {
        if (r->cell[c] || !(nt ? ref_answers(r, c, nt) : ref_is_candidate(r, c)))
            continue;
        const int winner = r->winner;
        ref_play(r, c);
        const int32_t v = -ref_minimax(r, depth - 1, ply + 1);
        ref_unplay(r, c, winner);
        if (v > best)
            best = v;
    }
    return best;
}

static void ref_from(ref *r, const gm_board *b)
{
    memset(r, 0, sizeof *r);
    r->w = b->width;
    r->h = b->height;
    r->near = b->near;
    r->rule = b->rule;
    r->side = b->side;
    r->stones = b->stones;
    r->winner = b->winner;
    memcpy(r->cell, b->cell, (size_t)b->cells);
}

/* ---- helpers -------------------------------------------------------------- */

static test_rng rng = { 0x853c49e6748fea9bULL };

static unsigned rnd(unsigned n)
{
    return (unsigned)rng_below(&rng, (int)n);
}

/* A random game of up to `moves` stones that stays near the stones, so
 * that shapes form; it stops before a five unless allow_five. */
static void random_game(gm_board *b, int moves, bool allow_five)
{
    for (int i = 0; i < moves && !gm_game_over(b); i++) {
        int16_t cand[GM_MAX_CELLS];
        const int n = gm_candidates(b, cand);
        const int cell = cand[rnd((unsigned)n)];
        if (!allow_five && gm_is_winning_move(b, cell, b->side))
            break;
        gm_play(b, cell);
    }
}

static gm_board *new_board(int w, int h, gm_rule rule, int near)
{
    gm_board *b = malloc(sizeof *b);
    char err[128];
    if (!b || gm_init(b, w, h, rule, near, err, sizeof err) != 0) {
        fprintf(stderr, "setup: %s\n", err);
        exit(1);
    }
    return b;
}

static bool same_set(const int16_t *a, int na, const int *b, int nb)
{
    if (na != nb)
        return false;
    for (int i = 0; i < na; i++) {
        bool found = false;
        for (int j = 0; j < nb; j++)
            found |= a[i] == b[j];
        if (!found)
            return false;
    }
    return true;
}

/* ---- board ------------------------------------------------------------------ */

/* gm_candidates, in cell order, against the reference's stones: every
 * empty cell within b->near (Chebyshev) of one, or every empty cell. */
static bool candidates_agree(const gm_board *b, const ref *r)
{
    int16_t cand[GM_MAX_CELLS];
    const int n = gm_candidates(b, cand);
    int i = 0;
    for (int y = 0; y < r->h; y++)
        for (int x = 0; x < r->w; x++) {
            bool near = b->near == 0;
            for (int dy = -b->near; dy <= b->near; dy++)
                for (int dx = -b->near; dx <= b->near; dx++)
                    near |= ref_at(r, x + dx, y + dy) > 0;
            if (ref_at(r, x, y) == 0 && near && (i >= n || cand[i++] != y * r->w + x))
                return false;
        }
    return i == n;
}

static void test_board(void)
{
    for (int game = 0; game < 300; game++) {
        const gm_rule rule = rules[game % 4];
        const int w = 5 + (int)rnd(28), h = 5 + (int)rnd(28);
        gm_board *b = new_board(w, h, rule, 1 + game % 3);
        gm_board *start = new_board(w, h, rule, 1 + game % 3);
        memcpy(start, b, sizeof *b);
        ref r;
        random_game(b, 10 + (int)rnd(60), true);
        ref_from(&r, b);
        CHECK_MSG(candidates_agree(b, &r), "candidates of game %d (%dx%d, near %d)", game, w, h, b->near);
        b->near = game % 5;   /* 0 (every empty cell) to 4, read from the stones alone */
        CHECK_MSG(candidates_agree(b, &r), "candidates of game %d (%dx%d, near %d)", game, w, h, b->near);
        b->near = 1 + game % 3;
        for (int colour = 0; colour < 2; colour++) {
            if (!CHECK_EQ(b->value[colour], ref_value(&r, colour)))
                break;
            CHECK_EQ(gm_value_slow(b, colour), ref_value(&r, colour));
            int16_t fp[GM_MAX_CELLS];
            int rf[GM_MAX_CELLS];
            const int n = gm_five_points(b, colour, GM_NO_MOVE, fp);
            CHECK_MSG(same_set(fp, n, rf, ref_five_points(&r, colour, rf)), "five points of %d, game %d", colour, game);
            /* Four points: cells c after which some empty e on a line
             * through c completes a five that contains c. */
            const int nf = gm_four_points(b, colour, fp);
            int expect[GM_MAX_CELLS], ne = 0;
            for (int c = 0; c < b->cells; c++) {
                if (r.cell[c])
                    continue;
                r.cell[c] = (uint8_t)(colour + 1);
                bool four = false;
                for (int d = 0; d < 4 && !four; d++)
                    for (int k = -4; k <= 4 && !four; k++) {
                        const int ex = c % w + k * DX[d], ey = c / w + k * DY[d];
                        if (k == 0 || ref_at(&r, ex, ey) != 0)
                            continue;
                        /* The run through e along d, with c placed. */
                        int lo, hi;
                        four = ref_run_wins(&r, ex, ey, d, colour, &lo, &hi) && -k >= lo && -k <= hi;
                    }
                r.cell[c] = 0;
                if (four)
                    expect[ne++] = c;
            }
            CHECK_MSG(same_set(fp, nf, expect, ne), "four points of %d, game %d: %d vs %d", colour, game, nf, ne);
        }
        /* Deltas predict play, winning moves agree with the reference. */
        int16_t cand[GM_MAX_CELLS];
        const int nc = b->winner < 0 ? gm_candidates(b, cand) : 0;
        for (int i = 0; i < nc; i++) {
            int32_t delta[2];
            bool five;
            const int me = b->side;
            const int32_t v0[2] = { b->value[me], b->value[me ^ 1] };
            gm_move_delta(b, cand[i], me, delta, &five);
            CHECK_EQ(five, ref_makes_five(&r, cand[i], me));
            CHECK_EQ(five, gm_is_winning_move(b, cand[i], me));
            gm_play(b, cand[i]);
            CHECK_EQ(b->value[me], v0[0] + delta[0]);
            CHECK_EQ(b->value[me ^ 1], v0[1] + delta[1]);
            CHECK_EQ(b->winner, five ? me : -1);
            gm_undo(b);
        }
        /* Undo takes everything back to the empty board. */
        while (b->stones)
            gm_undo(b);
        CHECK_MSG(memcmp(b, start, offsetof(gm_board, history)) == 0, "undo of game %d leaves the board as it started", game);
        free(b);
        free(start);
    }
}

static void test_rules(void)
{
    char err[128];
    gm_board *b = new_board(15, 15, GM_STANDARD, 2);
    /* Black: a8 b8 c8 d8 _ f8; e8 would make six: no win under the
     * standard rule, a win under freestyle.  White plays far away. */
    CHECK_EQ(gm_parse_moves(b, "a8 a1 b8 c1 c8 e1 d8 g1 f8 i1", err, sizeof err), 0);
    int e8;
    CHECK_EQ(gm_parse_cell(b, "e8", &e8, err, sizeof err), 0);
    CHECK(!gm_is_winning_move(b, e8, GM_BLACK));
    gm_play(b, e8);
    CHECK_EQ(b->winner, -1);
    free(b);
    b = new_board(15, 15, GM_FREESTYLE, 2);
    CHECK_EQ(gm_parse_moves(b, "a8 a1 b8 c1 c8 e1 d8 g1 f8 i1", err, sizeof err), 0);
    CHECK(gm_is_winning_move(b, e8, GM_BLACK));
    gm_play(b, e8);
    CHECK_EQ(b->winner, GM_BLACK);
    CHECK(gm_game_over(b));
    CHECK(!gm_can_play(b, 0));
    free(b);
    /* Exactly five wins under the standard rule. */
    b = new_board(15, 15, GM_STANDARD, 2);
    CHECK_EQ(gm_parse_moves(b, "a8 a1 b8 c1 c8 e1 d8 g1 e8", err, sizeof err), 0);
    CHECK_EQ(b->winner, GM_BLACK);
    free(b);
    /* Coordinates and errors. */
    b = new_board(15, 15, GM_FREESTYLE, 2);
    int cell;
    CHECK_EQ(gm_parse_cell(b, "h8", &cell, err, sizeof err), 0);
    CHECK_EQ(cell, gm_cell(b, 7, 7));
    CHECK_EQ(gm_parse_cell(b, "7,7", &cell, err, sizeof err), 0);
    CHECK_EQ(cell, gm_cell(b, 7, 7));
    CHECK_EQ(gm_parse_cell(b, "a1", &cell, err, sizeof err), 0);
    CHECK_EQ(cell, gm_cell(b, 0, 14));
    CHECK_EQ(gm_parse_cell(b, "p1", &cell, err, sizeof err), -1);
    CHECK_EQ(gm_parse_cell(b, "a16", &cell, err, sizeof err), -1);
    CHECK_EQ(gm_parse_cell(b, "15,0", &cell, err, sizeof err), -1);
    CHECK_EQ(gm_parse_cell(b, "h", &cell, err, sizeof err), -1);
    /* A cell off the board is named as such, negative or too large for an
     * int, in a move list too; a cell of text is not a cell. */
    static const char *const off[] = { "-1,3", "3,-1", "99999999999,3", "a99999999999" };
    for (size_t i = 0; i < sizeof off / sizeof *off; i++) {
        char want[64];
        snprintf(want, sizeof want, "cell '%s' is off the 15x15 board", off[i]);
        CHECK_EQ(gm_parse_cell(b, off[i], &cell, err, sizeof err), -1);
        CHECK_STREQ(err, want);
    }
    CHECK_EQ(gm_parse_moves(b, "h8 -1,3", err, sizeof err), -1);
    CHECK_STREQ(err, "move 2: cell '-1,3' is off the 15x15 board");
    CHECK_EQ(gm_parse_cell(b, "a-1", &cell, err, sizeof err), -1);
    CHECK_STREQ(err, "'a-1' is not a cell (write h8, or x,y from 0)");
    gm_init(b, 15, 15, GM_FREESTYLE, 2, err, sizeof err);
    CHECK_EQ(gm_parse_moves(b, "h8 h8", err, sizeof err), -1);
    CHECK_MSG(strstr(err, "move 2") && strstr(err, "taken"), "error names the move: %s", err);
    char text[64];
    gm_format_cell(b, gm_cell(b, 7, 7), text, sizeof text);
    CHECK(strcmp(text, "h8") == 0);
    CHECK_EQ(gm_init(b, 4, 15, GM_FREESTYLE, 2, err, sizeof err), -1);
    CHECK_EQ(gm_init(b, 15, 33, GM_FREESTYLE, 2, err, sizeof err), -1);
    CHECK_EQ(gm_init(b, 32, 32, GM_FREESTYLE, 2, err, sizeof err), 0);
    free(b);
}

/* ---- search ----------------------------------------------------------------- */

/* Every algorithm, with either evaluation path, equals the reference
 * minimax on random positions of small boards, threats included. */
static void test_algos(void)
{
    for (int pos = 0; pos < 40; pos++) {
        const int size = 6 + pos % 3;
        gm_board *b = new_board(size, size, rules[pos % 4], pos % 5 == 4 ? 0 : 1);
        random_game(b, 4 + (int)rnd(14), false);
        if (gm_game_over(b)) {
            free(b);
            continue;
        }
        ref r;
        ref_from(&r, b);
        const int max_depth = b->near ? 3 : 2;
        for (int depth = 1; depth <= max_depth; depth++) {
            const int32_t expect = ref_minimax(&r, depth, 0);
            for (int algo = GM_ALGO_MINIMAX; algo <= GM_ALGO_PVS; algo++) {
                gm_search_options o;
                gm_search_defaults(&o);
                o.algo = (gm_algo)algo;
                o.depth = depth;
                o.tt_bytes = 1 << 20;
                int move;
                const int32_t v = search_score(b, &o, &move);
                CHECK_MSG(v == expect, "position %d depth %d algo %d: %d, reference %d", pos, depth, algo, v, expect);
                CHECK(gm_can_play(b, move));
            }
        }
        free(b);
    }
}

/* The potential evaluation has no reference here; the three algorithms
 * must still agree on it. */
static void test_potential(void)
{
    for (int pos = 0; pos < 12; pos++) {
        gm_board *b = new_board(9, 9, GM_FREESTYLE, 1);
        random_game(b, 3 + (int)rnd(12), false);
        if (gm_game_over(b)) {
            free(b);
            continue;
        }
        for (int depth = 1; depth <= 3; depth++) {
            int32_t v[3];
            for (int algo = GM_ALGO_MINIMAX; algo <= GM_ALGO_PVS; algo++) {
                gm_search_options o;
                gm_search_defaults(&o);
                o.algo = (gm_algo)algo;
                o.depth = depth;
                o.eval = GM_EVAL_POTENTIAL;
                o.tt_bytes = 1 << 20;
                v[algo] = search_score(b, &o, NULL);
            }
            CHECK_MSG(v[0] == v[1] && v[1] == v[2], "position %d depth %d: %d %d %d", pos, depth, v[0], v[1], v[2]);
        }
        free(b);
    }
}

/* ---- scan: the potential evaluation by direction scans ------------------ */

/* Puts a stone of colour at cell (x, y) if it is on the board and empty:
 * gm_play with the side set, so that any pattern can be laid. */
static void put(gm_board *b, int x, int y, int colour)
{
    if (x < 0 || y < 0 || x >= b->width || y >= b->height || b->cell[gm_cell(b, x, y)] != GM_EMPTY)
        return;
    b->side = colour;
    gm_play(b, gm_cell(b, x, y));
}

/* A random position: a few lines of 2..7 cells of one colour with gaps
 * now and then (fours, fives, overlines and their five points), scattered
 * stones, either side to move. */
static void random_lines(gm_board *b)
{
    const int lines = (int)rnd(5), scatter = (int)rnd((unsigned)b->cells / 6 + 1);
    for (int i = 0; i < lines; i++) {
        const int colour = (int)rnd(2), d = (int)rnd(4), len = 2 + (int)rnd(6);
        const int x = (int)rnd((unsigned)b->width), y = (int)rnd((unsigned)b->height);
        for (int k = 0; k < len; k++)
            if (rnd(8))
                put(b, x + k * DX[d], y + k * DY[d], colour);
    }
    for (int i = 0; i < scatter; i++)
        put(b, (int)rnd((unsigned)b->width), (int)rnd((unsigned)b->height), (int)rnd(2));
    b->side = (int)rnd(2);
}

/* The board's rows as gm_scan.h reads them. */
static void board_rows(const gm_board *b, uint32_t *mine, uint32_t *theirs)
{
    memset(mine, 0, (size_t)b->height * sizeof mine[0]);
    memset(theirs, 0, (size_t)b->height * sizeof theirs[0]);
    for (int cell = 0; cell < b->cells; cell++)
        if (b->cell[cell] != GM_EMPTY) {
            uint32_t *rows = b->cell[cell] == b->side + 1 ? mine : theirs;
            rows[cell / b->width] |= 1u << (cell % b->width);
        }
}

/* gm_eval_scan, the row-word scans and the AVX2 scans all equal
 * gm_eval_potential: every size from 5 to 32 on each side, both rules,
 * every candidate radius, the empty board, and the five-point endings. */
static void test_scan_values(void)
{
    const bool avx2 = gm_scan_have_avx2();
    if (!avx2)
        printf("test_gomoku scan: no AVX2 on this CPU, the vector scans are not checked\n");
    int wins = 0, losses = 0;
    for (int pos = 0; pos < 4000; pos++) {
        const int w = 5 + (int)rnd(28), h = pos % 4 ? 5 + (int)rnd(28) : w;
        gm_board *b = new_board(w, h, (gm_rule)(pos % 2), (pos / 2) % 5);
        if (pos >= 10)
            random_lines(b);
        uint32_t mine[GM_MAX_SIZE], theirs[GM_MAX_SIZE];
        board_rows(b, mine, theirs);
        const int32_t expect = gm_eval_potential(b), scan = gm_eval_scan(b);
        const int32_t scalar = gm_scan_potential(mine, theirs, w, h, b->rule, b->near);
        const bool ok = CHECK_MSG(scan == expect && scalar == expect,
                                  "position %d (%dx%d rule %d near %d): %d %d, potential %d", pos, w, h, b->rule,
                                  b->near, scan, scalar, expect);
        if (avx2)
            CHECK_EQ(gm_scan_potential_avx2(mine, theirs, w, h, b->rule, b->near), scalar);
        wins += expect == 2000000;
        losses += expect == -2000000;
        free(b);
        if (!ok)
            break;
    }
    /* The positions reached both endings, and many others. */
    CHECK_MSG(wins > 100 && losses > 100 && wins + losses < 3000, "%d wins, %d losses", wins, losses);
}

/* Searches with either way of computing the potential return the same
 * move and score. */
static void test_scan_search(void)
{
    for (int pos = 0; pos < 6; pos++) {
        gm_board *b = new_board(pos < 4 ? 15 : 11, 15, (gm_rule)(pos % 2), 1 + pos % 2);
        random_game(b, 4 + (int)rnd(16), false);
        if (gm_game_over(b)) {
            free(b);
            continue;
        }
        for (int depth = 2; depth <= 3; depth++) {
            gm_search_options o;
            gm_search_defaults(&o);
            o.depth = depth;
            o.tt_bytes = 1 << 20;
            o.eval = GM_EVAL_POTENTIAL;
            int move, scan_move;
            const int32_t v = search_score(b, &o, &move);
            o.eval = GM_EVAL_SCAN;
            const int32_t scan = search_score(b, &o, &scan_move);
            CHECK_MSG(scan == v && scan_move == move, "position %d depth %d: scan %d at %d, potential %d at %d", pos,
                      depth, scan, scan_move, v, move);
        }
        free(b);
    }
}

static void test_scan(void)
{
    test_scan_values();
    test_scan_search();
}

/* The parallel variants return the serial score. */
static void test_threads(void)
{
    for (int pos = 0; pos < 12; pos++) {
        /* Candidates within 1 of a stone: depth 4 in the time depth 3
         * took within 2. */
        gm_board *b = new_board(13, 13, GM_FREESTYLE, 1);
        random_game(b, 6 + (int)rnd(20), false);
        if (gm_game_over(b)) {
            free(b);
            continue;
        }
        gm_search_options o;
        gm_search_defaults(&o);
        /* Depth 4: loops of depth 3 or less run on one thread (gm_loop.c);
         * the root's, and split_depth 1's, are shared. */
        o.depth = 4;
        o.tt_bytes = 4 << 20;
        const int32_t serial = search_score(b, &o, NULL);
        for (int way = GM_PAR_ROOT; way <= GM_PAR_SHARED; way++)
            for (int threads = 2; threads <= 4; threads += 2) {
                o.threads = threads;
                o.parallel = (gm_parallel)way;
                o.split_depth = 1 + pos % 2;
                o.schedule = (gm_schedule)(pos % 3);
                o.algo = pos % 2 ? GM_ALGO_PVS : GM_ALGO_ALPHABETA;
                int move;
                const int32_t v = search_score(b, &o, &move);
                CHECK_MSG(v == serial, "position %d, way %d, %d threads: %d, serial %d", pos, way, threads, v, serial);
                CHECK(gm_can_play(b, move));
            }
        free(b);
    }
}

static double cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/* The threads of a parallel search sleep when they have nothing to do:
 * once a search on 2 threads has returned, the process uses no CPU while
 * it waits for the next (OpenMP's helpers spun for a while after each
 * loop, taking the core from any other process that wanted it). */
static void test_idle_threads(void)
{
    gm_board *b = new_board(15, 15, GM_FREESTYLE, 2);
    random_game(b, 10, false);
    gm_search_options o;
    gm_search_defaults(&o);
    o.depth = 4;
    o.threads = 2;
    o.parallel = GM_PAR_SPLIT;
    o.split_depth = 1;   /* the root's loop, of depth 4: shared (gm_loop.c) */
    o.tt_bytes = 1 << 20;
    char err[128];
    gm_searcher *s = gm_searcher_create(&o, err, sizeof err);
    if (!CHECK_MSG(s != NULL, "%s", err))
        return;
    gm_result r;
    gm_searcher_run(s, b, &r);
    const double before = cpu_seconds();
    nanosleep(&(struct timespec){ .tv_nsec = 200 * 1000 * 1000 }, NULL);
    const double used = cpu_seconds() - before;
    /* Sleeping helpers use nothing; the margin is for the clock's tick. */
    CHECK_MSG(used < 0.004, "%.1f ms of CPU in 200 ms without a search", used * 1e3);
    gm_searcher_free(s);
    free(b);
}

/* Known forced wins: VCF finds them at their length, and the search agrees
 * at that depth. */
static void test_vcf(void)
{
    static const struct {
        const char *moves;
        int plies;      /* of the shortest win by fours */
    } wins[] = {
        /* Black: four in a row open at one end: five at once. */
        { "h8 a1 i8 a2 j8 a3 k8 a15", 1 },
        /* Black h8 i8 j8 with open ends and g7..: a four-four by fours. */
        { "h8 a1 i8 a3 j8 a5 h9 a7 h10 a9", 3 },
        /* Black: a closed diagonal three (d4 white) and a closed row three
         * (d11 white), and h9 h10 below white h12.  h11 makes a row four
         * (forced block at i11) and a column three; then h8 makes a diagonal
         * four and a column four at once.  No four on the board is open,
         * so there is no win in 3. */
        { "e5 d4 f6 d11 g7 h12 h9 a1 h10 a3 e11 a5 f11 o1 g11 o3", 5 },
    };
    for (size_t i = 0; i < sizeof wins / sizeof *wins; i++) {
        gm_board *b = new_board(15, 15, GM_FREESTYLE, 1);
        char err[128];
        if (!CHECK_EQ(gm_parse_moves(b, wins[i].moves, err, sizeof err), 0)) {
            fprintf(stderr, "%s\n", err);
            free(b);
            continue;
        }
        int plies = 0;
        uint64_t nodes = 0;
        const int move = gm_vcf(b, 25, 0, &plies, &nodes);
        CHECK_MSG(move != GM_NO_MOVE && plies == wins[i].plies, "win %zu: move %d in %d plies, expected %d", i, move,
                  plies, wins[i].plies);
        if (move != GM_NO_MOVE) {
            gm_search_options o;
            gm_search_defaults(&o);
            o.depth = plies;
            o.tt_bytes = 4 << 20;
            const int32_t v = search_score(b, &o, NULL);
            CHECK_MSG(v == GM_WIN - plies, "win %zu: search at depth %d scores %d", i, plies, v);
            if (plies > 1) {
                o.depth = plies - 2;
                CHECK_MSG(search_score(b, &o, NULL) < GM_WIN_BOUND, "win %zu: no win in %d", i, plies - 2);
            }
            o.vcf = true;
            o.depth = 2;
            gm_result r;
            CHECK_EQ(gm_search(b, &o, &r, err, sizeof err), 0);
            CHECK(r.score == GM_WIN - plies && r.vcf == (plies > 1));
        }
        free(b);
    }
    /* No four to make: no VCF. */
    gm_board *b = new_board(15, 15, GM_FREESTYLE, 2);
    char err[128];
    CHECK_EQ(gm_parse_moves(b, "h8 i9 h9", err, sizeof err), 0);
    int plies;
    uint64_t nodes = 0;
    CHECK_EQ(gm_vcf(b, 25, 0, &plies, &nodes), GM_NO_MOVE);
    free(b);
}

/* A search stopped by its time limit still answers a legal move, and its
 * depth is a whole one. */
static void test_time(void)
{
    gm_board *b = new_board(19, 19, GM_FREESTYLE, 2);
    random_game(b, 20, false);
    gm_search_options o;
    gm_search_defaults(&o);
    o.depth = GM_MAX_DEPTH;
    o.time_ms = 50;
    o.tt_bytes = 4 << 20;
    gm_result r;
    char err[128];
    CHECK_EQ(gm_search(b, &o, &r, err, sizeof err), 0);
    CHECK(gm_can_play(b, r.move));
    CHECK(r.depth >= 1 && r.depth < GM_MAX_DEPTH);
    /* A stop token raised before, VCF on, no time limit, serial and on 2
     * threads: at most the first depth (one ply, not checked) ends, and
     * the move is a legal one. */
    gts_stop stop = GTS_STOP_INIT;
    gts_stop_raise(&stop);
    o.stop = &stop;
    o.time_ms = 0;
    o.vcf = true;
    for (int threads = 1; threads <= 2; threads++) {
        o.threads = threads;
        CHECK_EQ(gm_search(b, &o, &r, err, sizeof err), 0);
        CHECK(gm_can_play(b, r.move));
        CHECK_LE(r.depth, 1);
        CHECK(!r.vcf);
    }
    o.stop = NULL;
    o.threads = 1;
    o.depth = 0;
    CHECK_EQ(gm_search(b, &o, &r, err, sizeof err), -1);
    o.depth = 3;
    o.threads = 0;
    CHECK_EQ(gm_search(b, &o, &r, err, sizeof err), -1);
    free(b);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "board", test_board }, { "rules", test_rules }, { "algos", test_algos }, { "potential", test_potential },
        { "scan", test_scan }, { "threads", test_threads }, { "idle_threads", test_idle_threads },
        { "vcf", test_vcf }, { "time", test_time },
    };
    return check_run_parts(argc, argv, "test_gomoku", parts, sizeof parts / sizeof *parts);
}
