/*
 * The depth-limited players: the brute-force player's sums per first move
 * (on the CPU executor, the kernel's code) against a recursive enumeration
 * written out the long way on the reference board with an evaluation of
 * its own; its win and block overrides; the heuristic alpha-beta against
 * plain minimax with the same evaluation.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "c4/reports/c4_eval.h"
#include "gts/c4_play.h"
#include "test_util.h"

/* The evaluation, window by window, for player me on the reference board:
 * centre weights, open twos and threes (see c4_eval.h). */
static long long ref_eval(const ref_board *b, int me)
{
    static const int dirs[4][2] = { { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, -1 } };
    long long v = 0;
    for (int c = 0; c < b->w; c++) {
        const int weight = (c < b->w - 1 - c ? c : b->w - 1 - c) + 1;
        for (int r = 0; r < b->h; r++)
            v += b->cells[c][r] == me ? weight : b->cells[c][r] ? -weight : 0;
    }
    for (int c = 0; c < b->w; c++)
        for (int r = 0; r < b->h; r++)
            for (int d = 0; d < 4; d++) {
                int mine = 0, theirs = 0, k = 0;
                for (; k < 4; k++) {
                    const int x = ref_at(b, c + k * dirs[d][0], r + k * dirs[d][1]);
                    if (x < 0)
                        break;
                    mine += x == me;
                    theirs += x && x != me;
                }
                if (k < 4)
                    continue;
                const int sign = theirs == 0 ? 1 : mine == 0 ? -1 : 0, n = sign > 0 ? mine : theirs;
                if (sign && n == 2)
                    v += sign * C4_EVAL_TWO;
                if (sign && n == 3)
                    v += sign * C4_EVAL_THREE;
            }
    return v;
}

/* Sums of every sequence of `left` more moves, scored as c4_brute_core.h
 * says, into sums[first]; me is the side at the root. */
static void ref_enumerate(ref_board *b, int me, int left, int first, long long acc, long long *sums,
                          uint64_t *valid)
{
    if (left == 0) {
        sums[first] += acc;
        valid[first]++;
        return;
    }
    for (int col = 0; col < b->w; col++) {
        const int f = first < 0 ? col : first;
        if (!ref_can_play(b, col)) {
            continue;   /* the sequence and all its continuations are invalid */
        }
        const int mover = ref_to_move(b);
        ref_play(b, col);
        if (ref_has_four(b, mover)) {
            /* Ends here; its continuations are one sequence each. */
            long long n = 1;
            for (int i = 1; i < left; i++)
                n *= b->w;
            sums[f] += n * (acc + (mover == me ? C4_EVAL_WIN : -C4_EVAL_WIN));
            valid[f] += (uint64_t)n;
        } else if (b->moves == b->w * b->h) {
            long long n = 1;
            for (int i = 1; i < left; i++)
                n *= b->w;
            sums[f] += n * (acc + ref_eval(b, me));
            valid[f] += (uint64_t)n;
        } else {
            ref_enumerate(b, me, left - 1, f, acc + ref_eval(b, me), sums, valid);
        }
        ref_undo(b, col);
    }
}

static void test_enumeration(void)
{
    test_rng rng = { 777 };
    const int dims[][2] = { { 7, 6 }, { 5, 4 }, { 4, 4 } };
    for (int d = 0; d < 3; d++) {
        c4_geom g;
        char err[256], moves[64];
        CHECK(c4_geom_init(&g, dims[d][0], dims[d][1], err, sizeof err) == 0);
        for (int t = 0; t < 12; t++) {
            c4_pos p;
            const int stones = rng_below(&rng, g.cells - 6);
            if (!random_position(&rng, &g, stones, &p, moves)) {
                t--;
                continue;
            }
            /* Positions without an immediate win or threat: those are
             * overridden, tested below. */
            if (c4_can_win_next(&g, &p) || (c4_opponent_winning_cells(&g, &p) & c4_possible(&g, &p))) {
                t--;
                continue;
            }
            const int depth = 2 + t % 3;
            c4_brute_result r;
            if (!CHECK_MSG(c4_brute_best(&g, &p, depth, true, NULL, &r, err, sizeof err) == 0, "%s", err))
                return;
            ref_board b;
            ref_init(&b, g.width, g.height);
            for (const char *m = moves; *m; m++)
                ref_play(&b, *m - '1');
            long long sums[C4_MAX_WIDTH] = { 0 };
            uint64_t valid[C4_MAX_WIDTH] = { 0 };
            ref_enumerate(&b, ref_to_move(&b), depth, -1, 0, sums, valid);
            for (int c = 0; c < g.width; c++) {
                if (!CHECK_MSG(r.sums[c] == sums[c] && r.valid[c] == valid[c],
                               "%dx%d '%s' depth %d column %d: %lld / %llu, reference %lld / %llu", g.width,
                               g.height, moves, depth, c + 1, r.sums[c], (unsigned long long)r.valid[c], sums[c],
                               (unsigned long long)valid[c]))
                    return;
            }
            CHECK(!r.forced);
            CHECK(r.col >= 0 && r.valid[r.col] > 0);
            for (int c = 0; c < g.width; c++)
                CHECK(!r.valid[c] || r.sums[c] <= r.sums[r.col]);
        }
    }
}

static void test_overrides(void)
{
    char err[256];
    c4_pos p;
    c4_brute_result r;
    /* First player to move with three in column 2: wins there. */
    CHECK(c4_parse(&c4_standard, &p, "232323", err, sizeof err) == 0);
    CHECK(c4_brute_best(&c4_standard, &p, 4, true, NULL, &r, err, sizeof err) == 0);
    CHECK_EQ(r.col, 1);
    CHECK(r.forced);
    /* Second player to move, the first threatens the bottom of column 4:
     * blocks it. */
    CHECK(c4_parse(&c4_standard, &p, "17273", err, sizeof err) == 0);
    CHECK(c4_brute_best(&c4_standard, &p, 4, true, NULL, &r, err, sizeof err) == 0);
    CHECK_EQ(r.col, 3);
    CHECK(r.forced);
    /* Errors: depth out of range, game over. */
    CHECK(c4_brute_best(&c4_standard, &p, 11, true, NULL, &r, err, sizeof err) != 0);
    CHECK(strstr(err, "depth 11") != NULL);
    c4_pos won;
    c4_init(&won);
    for (int i = 0; i < 7; i++)
        c4_play(&c4_standard, &won, i % 2);
    CHECK(c4_brute_best(&c4_standard, &won, 4, true, NULL, &r, err, sizeof err) != 0);
    CHECK(strstr(err, "over") != NULL);
}

static int ref_minimax(const c4_geom *g, const c4_windows *w, const c4_pos *p, int depth)
{
    if (c4_can_win_next(g, p))
        return C4_EVAL_WIN + depth;
    if (p->moves == g->cells)
        return 0;
    if (depth == 0)
        return c4_eval(w, p->cur, p->cur ^ p->mask);
    int best = -2 * C4_EVAL_WIN;
    for (int col = 0; col < g->width; col++) {
        if (!c4_can_play(g, p, col))
            continue;
        c4_pos q = *p;
        c4_play(g, &q, col);
        const int v = -ref_minimax(g, w, &q, depth - 1);
        if (v > best)
            best = v;
    }
    return best;
}

static void test_alphabeta(void)
{
    test_rng rng = { 4242 };
    c4_windows w;
    c4_windows_init(&c4_standard, &w);
    for (int t = 0; t < 30; t++) {
        c4_pos p;
        char moves[64];
        if (!random_position(&rng, &c4_standard, rng_below(&rng, 30), &p, moves)) {
            t--;
            continue;
        }
        const int depth = 1 + t % 4;
        int value;
        uint64_t nodes;
        const int col = c4_heuristic_best(&c4_standard, &p, depth, &value, &nodes);
        if (c4_can_win_next(&c4_standard, &p)) {
            CHECK(c4_is_winning_move(&c4_standard, &p, col));
            continue;
        }
        /* The value is minimax's, and the move chosen achieves it. */
        CHECK_MSG(value == ref_minimax(&c4_standard, &w, &p, depth), "'%s' depth %d: %d, minimax %d", moves, depth,
                  value, ref_minimax(&c4_standard, &w, &p, depth));
        c4_pos q = p;
        c4_play(&c4_standard, &q, col);
        CHECK_EQ(-ref_minimax(&c4_standard, &w, &q, depth - 1), value);
        CHECK_GT(nodes, 0);
    }
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "enumeration", test_enumeration }, { "overrides", test_overrides }, { "alphabeta", test_alphabeta },
    };
    return check_run_parts(argc, argv, "test_c4_play", parts, sizeof parts / sizeof *parts);
}
