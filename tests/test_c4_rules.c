/*
 * The Connect 4 solver's static rules (src/c4/c4_prune.h) against plain
 * search: on random positions, a bound a rule proves must never contradict
 * the exact score that alpha-beta without any of the rules finds.
 *
 *  - claimeven (the opponent follows up): score <= its upper bound;
 *  - claimeven for the mover after its move in the one odd column:
 *    score >= its lower bound;
 *  - a move that leaves the opponent no defence: the score is a win with
 *    the next stone but one; where no move does, score <= the third-stone
 *    bound.
 *
 * Each rule must have applied to enough positions, on even and odd board
 * heights, for the comparison to mean something.
 */
#include <stdio.h>
#include <stdlib.h>

#include "c4/c4_prune.h"
#include "check.h"
#include "gts/c4_solver.h"
#include "test_util.h"

typedef struct {
    int upper, lower, no_defence, third;   /* positions each rule bounded */
} rule_counts;

static c4_solver *plain_solver(const c4_geom *g)
{
    c4_options opt = c4_default_options();
    opt.algo = C4_ALGO_ALPHABETA;
    char err[256];
    c4_solver *s = c4_solver_create(g, &opt, err, sizeof err);
    if (!s) {
        fprintf(stderr, "c4_solver_create: %s\n", err);
        exit(2);
    }
    return s;
}

/* Whether some move leaves the opponent without a defence. */
static bool no_defence_move(const c4_geom *g, const c4_pos *p, uint64_t next, uint64_t possible)
{
    for (uint64_t rest = next; rest; rest &= rest - 1) {
        const uint64_t m = rest & (0 - rest);
        if (c4_leaves_no_defence(g, possible, m, c4_winning_cells(g, p->cur | m, p->mask | m)))
            return true;
    }
    return false;
}

/* Checks every rule that applies to p against its exact score. */
static void check_position(const c4_geom *g, c4_solver *plain, const c4_pos *p, const char *moves,
                           rule_counts *n)
{
    const uint64_t next = c4_non_losing_moves(g, p);
    const uint64_t possible = c4_possible(g, p);
    const int most = (g->cells - 1 - p->moves) / 2, least = -(g->cells - 2 - p->moves) / 2;
    const int hi = c4_claimeven_bound(g, p, possible, most);
    const int lo = c4_claimeven_lower(g, p, possible, least);
    const bool free_win = no_defence_move(g, p, next, possible);
    /* Claimeven positions are rare: solve every one, and a sample of the
     * rest for the no-defence rules. */
    if (hi == most && lo == least && rand() % 4)
        return;
    c4_result r;
    if (!CHECK_EQ(c4_solve(plain, p, false, &r), 0))
        return;
    const int v = r.score;
    if (hi < most) {
        n->upper++;
        CHECK_MSG(v <= hi, "%dx%d %s: claimeven bound %d, score %d", g->width, g->height, moves, hi, v);
    }
    if (lo > least) {
        n->lower++;
        CHECK_MSG(v >= lo, "%dx%d %s: mover's claimeven bound %d, score %d", g->width, g->height, moves, lo, v);
    }
    if (free_win) {
        n->no_defence++;
        CHECK_MSG(v == most, "%dx%d %s: no defence left, score %d (not %d)", g->width, g->height, moves, v, most);
    } else {
        n->third++;
        const int third = c4_third_stone_bound(g, p->moves);
        CHECK_MSG(v <= third, "%dx%d %s: third-stone bound %d, score %d", g->width, g->height, moves, third, v);
    }
}

/* Random positions of g with `min_empty`..`max_empty` empty cells where
 * the rules' preconditions hold (no four, no win at once for the mover, a
 * non-losing move, more than two empty cells). */
static void check_board(const c4_geom *g, int min_empty, int max_empty, int count, uint64_t seed, rule_counts *n)
{
    c4_solver *plain = plain_solver(g);
    test_rng rng = { seed };
    srand((unsigned)seed);
    for (int done = 0; done < count;) {
        char moves[80];
        c4_pos p;
        const int stones = g->cells - max_empty + rng_below(&rng, max_empty - min_empty + 1);
        if (!random_position(&rng, g, stones, &p, moves) || c4_can_win_next(g, &p) ||
            !c4_non_losing_moves(g, &p))
            continue;
        done++;
        check_position(g, plain, &p, moves, n);
    }
    c4_solver_free(plain);
}

int main(void)
{
    c4_geom g75, g65, g54;
    char err[256];
    if (c4_geom_init(&g75, 7, 5, err, sizeof err) || c4_geom_init(&g65, 6, 5, err, sizeof err) ||
        c4_geom_init(&g54, 5, 4, err, sizeof err)) {
        fprintf(stderr, "c4_geom_init: %s\n", err);
        return 2;
    }
    rule_counts even = { 0 }, odd = { 0 };
    const int scale = CHECK_ASAN ? 1 : 3;
    check_board(&c4_standard, 3, 12, 2000 * scale, 23, &even);
    check_board(&g54, 3, 14, 1000 * scale, 24, &even);
    check_board(&g75, 3, 12, 1500 * scale, 25, &odd);
    check_board(&g65, 3, 13, 1000 * scale, 26, &odd);
    printf("even heights: claimeven %d, mover's claimeven %d, no defence %d, third stone %d\n", even.upper,
           even.lower, even.no_defence, even.third);
    printf("odd heights:  claimeven %d, mover's claimeven %d, no defence %d, third stone %d\n", odd.upper,
           odd.lower, odd.no_defence, odd.third);
    const rule_counts *all[] = { &even, &odd };
    for (int i = 0; i < 2; i++) {
        CHECK_GE(all[i]->upper, 20);
        CHECK_GE(all[i]->lower, 20);
        CHECK_GE(all[i]->no_defence, 20);
        CHECK_GE(all[i]->third, 20);
    }
    return check_summary("test_c4_rules");
}
