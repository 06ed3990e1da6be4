/*
 * Reversi boards of any size (rvb_*): moves and flips against the
 * square-walking reference on every size, 8x8 against rv_moves/rv_flips,
 * the children's mobilities from the parent's (rv_wxh_frontier.h) against
 * their own,
 * text forms (sizes, squares, move lists, boards) and their errors.
 *
 * usage: test_reversi_board [random|games|pos8|text]   (no part: all)
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "rvb_ref.h"
#include "test_rng.h"
#include "gts/reversi_board.h"
#include "reversi/wxh/rv_wxh_frontier.h"

static test_rng rng = { 0x5eed0fb0a2dULL };
static const int SIDES[4] = { 8, 16, 32, 64 };

/* rvb's moves, flips and play of every legal move against the reference. */
static bool same_rules(const rvb *b, const char *what)
{
    ref_board r;
    ref_from_rvb(&r, b);
    static int want[RVB_MAX_SQUARES], got[RVB_MAX_SQUARES], theirs_list[RVB_MAX_SQUARES];
    const int n = ref_moves(&r, want);
    uint64_t moves[RVB_MAX_WORDS];
    bool ok = CHECK_MSG(rvb_moves(b, moves) == n, "%s %dx%d: %d moves, reference %d", what, b->width, b->height,
                        rvb_moves(b, moves), n);
    ok = ok && CHECK_EQ(rvb_move_list(b, got), n);
    ok = ok && CHECK_EQ(rvb_mobility(b, false), n);
    /* Both sides at once, as the leaf evaluation counts them. */
    ref_board o = r;
    ref_swap(&o);
    int mine, theirs;
    rvb_mobilities(b, &mine, &theirs);
    ok = ok && CHECK_EQ(mine, n) && CHECK_EQ(theirs, ref_moves(&o, theirs_list)) && CHECK_EQ(rvb_mobility(b, true), theirs);
    static rv_frontier f;
    if (b->words > 1)
        rv_frontier_prepare(&f, b);
    for (int i = 0; ok && i < n; i++) {
        ok = CHECK_EQ(got[i], want[i]) && CHECK((moves[want[i] / 64] >> (want[i] % 64)) & 1);
        rvb c;
        rvb_copy(&c, b);
        ok = ok && CHECK(rvb_can_play(b, want[i])) && CHECK(rvb_play(&c, want[i]));
        uint64_t flips[RVB_MAX_WORDS];
        int lo, hi, child_mine, child_theirs;
        ok = ok && CHECK_EQ(rvb_flips(b, want[i], flips, &lo, &hi), ref_flips(&r, want[i], NULL));
        rvb_mobilities(&c, &mine, &theirs);
        if (ok && b->words > 1) {
            rv_frontier_child(&f, b, want[i], flips, lo, hi, &child_mine, &child_theirs);
            ok = CHECK_MSG(child_mine == mine && child_theirs == theirs,
                           "%s %dx%d move %d: mobilities %d %d from the parent's, %d %d", what, b->width, b->height,
                           want[i], child_mine, child_theirs, mine, theirs);
        }
        ref_board rc = r, got_r;
        ref_play(&rc, want[i]);
        ref_from_rvb(&got_r, &c);
        ok = ok && CHECK_MSG(memcmp(rc.sq, got_r.sq, (size_t)(r.w * r.h)) == 0, "%s %dx%d: move %d flips wrong", what,
                             b->width, b->height, want[i]);
    }
    /* Squares that are not moves are refused and leave the board alone. */
    for (int k = 0; ok && k < 40; k++) {
        const int s = rng_below(&rng, b->width * b->height);
        if (ref_flips(&r, s, NULL))
            continue;
        rvb c;
        rvb_copy(&c, b);
        ok = CHECK(!rvb_play(&c, s)) && CHECK(!memcmp(c.me, b->me, 8 * (size_t)b->words)) &&
             CHECK(!rvb_can_play(b, s));
    }
    return ok;
}

/* Random boards, sparse to full: every edge and wrap of the shifts. */
static void test_random(void)
{
    for (int wi = 0; wi < 4; wi++)
        for (int hi = 0; hi < 4; hi++) {
            rvb b;
            char err[128];
            CHECK_EQ(rvb_init(&b, SIDES[wi], SIDES[hi], err, sizeof err), 0);
            const int squares = b.width * b.height, tries = squares >= 1024 ? 3 : 12;
            for (int t = 0; t < tries; t++) {
                const int density = 1 + rng_below(&rng, 99);
                memset(b.me, 0, sizeof b.me);
                memset(b.opp, 0, sizeof b.opp);
                for (int s = 0; s < squares; s++)
                    if (rng_below(&rng, 100) < density)
                        (rng_below(&rng, 2) ? b.me : b.opp)[s / 64] |= (uint64_t)1 << (s % 64);
                if (!same_rules(&b, "random board"))
                    return;
                rvb o;
                rvb_copy(&o, &b);
                rvb_pass(&o);
                CHECK_EQ(rvb_mobility(&b, true), rvb_mobility(&o, false));
            }
        }
}

/* Random games from the start, checked at every ply. */
static void test_games(void)
{
    for (int wi = 0; wi < 4; wi++)
        for (int hi = 0; hi < 4; hi++) {
            rvb b;
            char err[128];
            rvb_init(&b, SIDES[wi], SIDES[hi], err, sizeof err);
            const int plies = b.width * b.height > 256 ? 120 : 400;
            for (int ply = 0; ply < plies; ply++) {
                if (!same_rules(&b, "game"))
                    return;
                int list[RVB_MAX_SQUARES];
                const int n = rvb_move_list(&b, list);
                if (!n) {
                    if (rvb_game_over(&b)) {
                        ref_board r;
                        ref_from_rvb(&r, &b);
                        int me = 0, opp = 0;
                        for (int s = 0; s < r.w * r.h; s++)
                            me += r.sq[s] == REF_ME, opp += r.sq[s] == REF_OPP;
                        const int e = r.w * r.h - me - opp;
                        CHECK_EQ(rvb_final_score(&b), me > opp ? me - opp + e : me < opp ? me - opp - e : 0);
                        CHECK_EQ(rvb_empties(&b), e);
                        break;
                    }
                    rvb_pass(&b);
                    continue;
                }
                CHECK(!rvb_game_over(&b));
                rvb_play(&b, list[rng_below(&rng, n)]);
            }
        }
}

/* 8x8 is rv_pos exactly. */
static void test_pos8(void)
{
    for (int game = 0; game < 100; game++) {
        rv_pos p;
        rv_start(&p);
        rvb b;
        char err[64];
        rvb_init(&b, 8, 8, err, sizeof err);
        CHECK_EQ_U64(b.me[0], p.me);
        CHECK_EQ_U64(b.opp[0], p.opp);
        while (!rv_game_over(&p)) {
            const uint64_t m = rv_moves(p.me, p.opp);
            uint64_t bm[1];
            if (!CHECK_EQ(rvb_moves(&b, bm), __builtin_popcountll(m)) || !CHECK_EQ_U64(bm[0], m))
                return;
            if (!m) {
                rv_pass(&p);
                rvb_pass(&b);
                continue;
            }
            uint64_t k = m;
            for (int i = rng_below(&rng, __builtin_popcountll(m)); i > 0; i--)
                k &= k - 1;
            const int sq = __builtin_ctzll(k);
            rv_play(&p, sq, rv_flips(p.me, p.opp, sq));
            rvb_play(&b, sq);
            rv_pos q;
            rvb b2;
            if (!CHECK(rvb_to_pos(&b, &q)) || !CHECK_EQ_U64(q.me, p.me) || !CHECK_EQ_U64(q.opp, p.opp))
                return;
            rvb_from_pos(&b2, &p);
            CHECK(b2.width == 8 && b2.height == 8 && b2.words == 1 && b2.me[0] == p.me && b2.opp[0] == p.opp);
        }
        rvb b16;
        rvb_init(&b16, 16, 8, err, sizeof err);
        rv_pos q;
        CHECK(!rvb_to_pos(&b16, &q));
    }
}

static void expect_error(int rc, const char *err, const char *part)
{
    CHECK_EQ(rc, -1);
    CHECK_CONTAINS(err, part);
}

static void test_text(void)
{
    char err[256];
    int w, h;
    CHECK(rvb_parse_size("16x8", &w, &h, err, sizeof err) == 0 && w == 16 && h == 8);
    CHECK(rvb_parse_size("32", &w, &h, err, sizeof err) == 0 && w == 32 && h == 32);
    CHECK(rvb_parse_size("64X64", &w, &h, err, sizeof err) == 0 && w == 64 && h == 64);
    expect_error(rvb_parse_size("12x8", &w, &h, err, sizeof err), err, "must each be 8, 16, 32 or 64");
    expect_error(rvb_parse_size("16x", &w, &h, err, sizeof err), err, "is not WxH or N");
    expect_error(rvb_parse_size("", &w, &h, err, sizeof err), err, "is not WxH or N");
    expect_error(rvb_parse_size("8x8y", &w, &h, err, sizeof err), err, "is not WxH or N");
    expect_error(rvb_parse_size("0", &w, &h, err, sizeof err), err, "must each be");
    expect_error(rvb_parse_size("99999999x8", &w, &h, err, sizeof err), err, "is not WxH or N");
    rvb b;
    expect_error(rvb_init(&b, 8, 4, err, sizeof err), err, "8x4");

    /* Square names round trip on every size; a1 is square 0, f5 the same
     * square name everywhere. */
    for (int wi = 0; wi < 4; wi++)
        for (int hi = 0; hi < 4; hi++) {
            rvb_init(&b, SIDES[wi], SIDES[hi], err, sizeof err);
            for (int s = 0; s < b.width * b.height; s++) {
                char name[8];
                rvb_format_square(&b, s, name);
                if (!CHECK_EQ(rvb_parse_square(&b, name, err, sizeof err), s))
                    break;
            }
        }
    rvb_init(&b, 64, 64, err, sizeof err);
    char name[8];
    rvb_format_square(&b, 26, name);
    CHECK_STREQ(name, "aa1");
    rvb_format_square(&b, 63 * 64 + 63, name);
    CHECK_STREQ(name, "bl64");
    rvb_format_square(&b, RVB_PASS, name);
    CHECK_STREQ(name, "ps");
    CHECK_EQ(rvb_parse_square(&b, "AZ2", err, sizeof err), 64 + 51);
    CHECK_EQ(rvb_parse_square(&b, "pa", err, sizeof err), RVB_PASS);
    expect_error(rvb_parse_square(&b, "bm1", err, sizeof err), err, "off the 64x64 board");
    expect_error(rvb_parse_square(&b, "a65", err, sizeof err), err, "off the 64x64 board");
    expect_error(rvb_parse_square(&b, "a0", err, sizeof err), err, "off the");
    expect_error(rvb_parse_square(&b, "a", err, sizeof err), err, "is not a square");
    expect_error(rvb_parse_square(&b, "5", err, sizeof err), err, "is not a square");
    expect_error(rvb_parse_square(&b, "aaa1", err, sizeof err), err, "is not a square");
    expect_error(rvb_parse_square(&b, "a1x", err, sizeof err), err, "is not a square");
    rvb_init(&b, 8, 8, err, sizeof err);
    expect_error(rvb_parse_square(&b, "i1", err, sizeof err), err, "off the 8x8 board");

    /* Move lists: 8x8 as rv_parse_moves, a larger board, the errors. */
    bool black, black8;
    rv_pos p;
    CHECK_EQ(rvb_parse_moves(&b, "f5d6c3d3c4", &black, err, sizeof err), 0);
    CHECK_EQ(rv_parse_moves("f5d6c3d3c4", &p, &black8, err, sizeof err), 0);
    CHECK(b.me[0] == p.me && b.opp[0] == p.opp && black == black8 && !black);
    rvb_init(&b, 16, 16, err, sizeof err);
    CHECK_EQ(rvb_parse_moves(&b, "j9 h10", &black, err, sizeof err), 0);
    CHECK(black && rvb_empties(&b) == 256 - 6);
    rvb_init(&b, 16, 16, err, sizeof err);
    expect_error(rvb_parse_moves(&b, "j9j9", &black, err, sizeof err), err, "move 2 'j9' is illegal");
    rvb_init(&b, 16, 16, err, sizeof err);
    expect_error(rvb_parse_moves(&b, "j9 q1", &black, err, sizeof err), err, "move 2: square 'q1' is off");
    rvb_init(&b, 16, 16, err, sizeof err);
    expect_error(rvb_parse_moves(&b, "j9 !", &black, err, sizeof err), err, "move 2: '!' is not a square");
    rvb_init(&b, 8, 8, err, sizeof err);
    expect_error(rvb_parse_moves(&b, "ps", &black, err, sizeof err), err, "move 1 'ps' is illegal");
    /* A game over after 9 moves, the fewest there can be. */
    rvb_init(&b, 8, 8, err, sizeof err);
    CHECK_EQ(rvb_parse_moves(&b, "d3c3b3d2e1d6d7e3f4", &black, err, sizeof err), 0);
    CHECK(rvb_game_over(&b));
    expect_error(rvb_parse_moves(&b, "d3c3b3d2e1d6d7e3f4a1", &black, err, sizeof err), err, "the game is over");

    /* Text boards: round trips on every size, separators, errors. */
    for (int wi = 0; wi < 4; wi++)
        for (int hi = 0; hi < 4; hi++) {
            rvb c, d;
            rvb_init(&c, SIDES[wi], SIDES[hi], err, sizeof err);
            memset(c.me, 0, sizeof c.me);
            memset(c.opp, 0, sizeof c.opp);
            for (int s = 0; s < c.width * c.height; s++) {
                const int v = rng_below(&rng, 3);
                if (v)
                    (v == 1 ? c.me : c.opp)[s / 64] |= (uint64_t)1 << (s % 64);
            }
            static char text[RVB_MAX_SQUARES + RVB_MAX_SIDE + 4];
            for (int side = 0; side < 2; side++) {
                rvb_format_text(&c, side, text);
                CHECK_EQ((int)strlen(text), c.width * c.height + c.height + 2);
                if (!CHECK_EQ(rvb_parse_text(&d, c.width, c.height, text, &black, err, sizeof err), 0))
                    return;
                CHECK(black == side);
                CHECK(!memcmp(c.me, d.me, sizeof c.me) && !memcmp(c.opp, d.opp, sizeof c.opp));
            }
        }
    rvb c;
    rv_pos start;
    rv_start(&start);
    CHECK_EQ(rvb_parse_text(&c, 8, 8, "8/8/8/8/8/8/8/8", &black, err, sizeof err), -1);
    const char *rows = "--------/--------/--------/---OX---/---XO---/--------/--------/--------";
    char t[256];
    snprintf(t, sizeof t, "%s X", rows);
    CHECK_EQ(rvb_parse_text(&c, 8, 8, t, &black, err, sizeof err), 0);
    CHECK(black && c.me[0] == start.me && c.opp[0] == start.opp);
    CHECK_EQ(rvb_parse_text(&c, 8, 8, "---------------------------OX------XO--------------------------- o\n", &black, err,
                            sizeof err),
             0);
    CHECK(!black && c.me[0] == start.opp);
    expect_error(rvb_parse_text(&c, 8, 8, rows, &black, err, sizeof err), err, "side to move (X or O) is missing");
    snprintf(t, sizeof t, "%s Q", rows);
    expect_error(rvb_parse_text(&c, 8, 8, t, &black, err, sizeof err), err, "found 'Q'");
    snprintf(t, sizeof t, "%s X extra", rows);
    expect_error(rvb_parse_text(&c, 8, 8, t, &black, err, sizeof err), err, "found 'X extra'");
    expect_error(rvb_parse_text(&c, 8, 8, "-------/---------", &black, err, sizeof err), err,
                 "row 1 ends after 7 of its 8 squares");
    expect_error(rvb_parse_text(&c, 8, 8, "--------/---z", &black, err, sizeof err), err, "row 2, column 4: 'z'");
    expect_error(rvb_parse_text(&c, 16, 8, t, &black, err, sizeof err), err, "row 1 ends after 8 of its 16");
    expect_error(rvb_parse_text(&c, 8, 8, "--------/-- X", &black, err, sizeof err), err,
                 "row 2, column 3: ' '");
    expect_error(rvb_parse_text(&c, 8, 8, "", &black, err, sizeof err), err, "the board has 0 squares, not 64");
    expect_error(rvb_parse_text(&c, 8, 12, rows, &black, err, sizeof err), err, "8x12");
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "random", test_random }, { "games", test_games }, { "pos8", test_pos8 }, { "text", test_text },
    };
    return check_run_parts(argc, argv, "test_reversi_board", parts, sizeof parts / sizeof *parts);
}
