/*
 * Wins by continuous threats (gm_vct).  Each puzzle's win is checked two
 * ways: gm_vct finds it at its length, and the full-width alpha-beta
 * search (a different algorithm: every candidate move of both sides, no
 * threat rules) scores the position a win at that depth, not two plies
 * sooner, and scores the position after gm_vct's first move a loss for
 * the defender.  Where alpha-beta finds no win, gm_vct must find none.
 */
#include <stdlib.h>

#include "check.h"
#include "test_rng.h"
#include "gts/gomoku.h"
#include "gts/gomoku_search.h"

/* The position after `moves` on a 15x15 board, candidates within 2. */
static gm_board *position(const char *moves, gm_rule rule)
{
    gm_board *b = malloc(sizeof *b);
    char err[128];
    if (!b || gm_init(b, 15, 15, rule, 2, err, sizeof err) != 0 || gm_parse_moves(b, moves, err, sizeof err) != 0) {
        fprintf(stderr, "setup of \"%s\": %s\n", moves, err);
        exit(1);
    }
    return b;
}

/* The score of b by a plain search to `depth` plies (PVS without VCF). */
static int32_t full_width(const gm_board *b, int depth)
{
    gm_search_options o;
    gm_search_defaults(&o);
    o.depth = depth;
    o.tt_bytes = 4 << 20;
    gm_result r;
    char err[128];
    if (gm_search(b, &o, &r, err, sizeof err) != 0) {
        fprintf(stderr, "search: %s\n", err);
        exit(1);
    }
    return r.score;
}

static const struct {
    const char *moves;
    gm_rule rule;
    int plies;          /* of the shortest win by threats; 0: none in 5 */
    const char *why;
} puzzles[] = {
    { "f8 a1 g8 o1 h6 a15 h7 o15", GM_FREESTYLE, 5, "h8 makes two open threes (row 8, column h)" },
    { "f8 a1 g8 o1 h6 a15 h7 o15", GM_STANDARD, 5, "the same under exactly five" },
    { "h8 a1 i8 o1 h9 a15 j10 o15", GM_FREESTYLE, 7, "a three first, then a double threat" },
    /* White's a1 a3 a5 a7 answer black's three-three at h8 with a4, a
     * double four: black's threes are no threat while white has fours. */
    { "f8 a1 g8 a3 h6 a5 h7 a7", GM_FREESTYLE, 0, "refuted by a counter four" },
    { "h8 a1 i8 o1", GM_FREESTYLE, 0, "one two: a three is simply blocked" },
    { "f8 a1 g8 o1 h6 a15 h7 o15", GM_CARO, 5, "h8's two open threes under caro" },
    /* White's d8: i8 would make the row's fours e8-i8 and f8-j8, and
     * white's j8 takes one and shuts the other under caro, so the row is
     * no open three there. */
    { "f8 d8 g8 a1 h6 o1 h7 a15", GM_STANDARD, 5, "two open threes under exactly five" },
    { "f8 d8 g8 a1 h6 o1 h7 a15", GM_CARO, 0, "caro: one stone answers the row's open four" },
    /* White's e8 and k8 box the row in: a five of f8-j8 would be shut at
     * both ends, so under caro the row makes no four and h8 only the
     * column's open three: no win in 5 by threats. */
    { "f8 e8 g8 k8 h6 a15 h7 o15", GM_CARO, 0, "caro: the boxed row makes no four" },
};

static void part_puzzles(void)
{
    for (size_t i = 0; i < sizeof puzzles / sizeof *puzzles; i++) {
        gm_board *b = position(puzzles[i].moves, puzzles[i].rule);
        const int plies = puzzles[i].plies;
        int found = 0, vcf_plies = 0;
        uint64_t nodes = 0;
        const int move = gm_vct(b, plies ? plies : 5, 0, &found, &nodes);
        if (!plies) {
            CHECK_MSG(move == GM_NO_MOVE, "puzzle %zu (%s): a win found", i + 1, puzzles[i].why);
            CHECK_MSG(full_width(b, 5) < GM_WIN_BOUND, "puzzle %zu: alpha-beta wins in 5", i + 1);
            free(b);
            continue;
        }
        CHECK_MSG(move != GM_NO_MOVE && found == plies, "puzzle %zu (%s): %d plies, expected %d", i + 1,
                  puzzles[i].why, found, plies);
        CHECK_MSG(gm_vcf(b, 25, 0, &vcf_plies, &nodes) == GM_NO_MOVE, "puzzle %zu: fours alone win", i + 1);
        CHECK_MSG(full_width(b, plies) == GM_WIN - plies, "puzzle %zu: alpha-beta disagrees at %d", i + 1, plies);
        CHECK_MSG(full_width(b, plies - 2) < GM_WIN_BOUND, "puzzle %zu: alpha-beta wins sooner", i + 1);
        if (move != GM_NO_MOVE) {
            gm_play(b, move);
            CHECK_MSG(full_width(b, plies - 1) == -(GM_WIN - (plies - 1)), "puzzle %zu: the move does not win",
                      i + 1);
        }
        free(b);
    }
}

/* Random positions: every win gm_vct finds within 5 plies, full-width
 * search confirms at that length (a win found is a win).  Wins it misses
 * are allowed (its attacker looks only among the candidates); the counts
 * show the check was not empty. */
static void part_random(void)
{
    test_rng rng = { 0x5eed7c7ULL };
    int wins = 0, positions = 0, missed = 0;
    for (int game = 0; game < 400 && wins < 25; game++) {
        static const gm_rule rules[4] = { GM_FREESTYLE, GM_STANDARD, GM_CARO, GM_CARO_EXACT };
        gm_board *b = position("", rules[game % 4]);
        const int moves = 8 + rng_below(&rng, 24);
        for (int i = 0; i < moves && !gm_game_over(b); i++) {
            int16_t cand[GM_MAX_CELLS];
            const int n = gm_candidates(b, cand);
            const int cell = cand[rng_below(&rng, n)];
            if (gm_is_winning_move(b, cell, b->side))
                break;
            gm_play(b, cell);
        }
        int16_t fives[GM_MAX_CELLS];
        if (gm_game_over(b) || gm_five_points(b, b->side, GM_NO_MOVE, fives)) {
            free(b);
            continue;
        }
        positions++;
        int plies = 0;
        uint64_t nodes = 0;
        const int move = gm_vct(b, 5, 0, &plies, &nodes);
        if (move != GM_NO_MOVE) {
            wins++;
            CHECK_MSG(full_width(b, plies) == GM_WIN - plies, "game %d: a win in %d not confirmed", game, plies);
        } else if (full_width(b, 5) >= GM_WIN_BOUND) {
            missed++;
        }
        free(b);
    }
    printf("%d positions: %d wins found and confirmed, %d wins in 5 missed\n", positions, wins, missed);
    CHECK_GE(wins, 25);
}

/* The search's root runs VCT after VCF when asked, and says so. */
static void part_root(void)
{
    gm_board *b = position(puzzles[0].moves, GM_FREESTYLE);
    gm_search_options o;
    gm_search_defaults(&o);
    o.depth = 1;
    o.tt_bytes = 4 << 20;
    o.vcf = o.vct = true;
    gm_result r;
    char err[128];
    CHECK_EQ(gm_search(b, &o, &r, err, sizeof err), 0);
    CHECK(r.vct && r.score == GM_WIN - 5);
    CHECK_EQ(r.move, gm_cell(b, 7, 7));         /* h8 */
    o.vct = false;                              /* VCF alone sees none */
    CHECK_EQ(gm_search(b, &o, &r, err, sizeof err), 0);
    CHECK(!r.vct && !r.vcf && r.score < GM_WIN_BOUND);
    /* Out of nodes, it gives up: the refuted puzzle, read 25 plies deep. */
    gm_board *e = position(puzzles[3].moves, GM_FREESTYLE);
    int plies;
    uint64_t nodes = 0;
    CHECK_EQ(gm_vct(e, 25, 0, &plies, &nodes), GM_NO_MOVE);
    CHECK_EQ(nodes, (uint64_t)GM_VCT_NODES + 1);
    free(e);
    free(b);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = { { "puzzles", part_puzzles }, { "random", part_random }, { "root", part_root } };
    return check_run_parts(argc, argv, "test_gomoku_vct", parts, sizeof parts / sizeof *parts);
}
