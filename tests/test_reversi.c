/*
 * Reversi tests: perft against the published counts, move generation
 * against a square-by-square reference, the endgame solver against a
 * plain minimax and against FFO positions' known scores.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_rng.h"
#include "games/reversi/rv_bits.h"
#include "gts/reversi.h"

/* ---- the reference: walk the squares ----------------------------------- */

static const int DX[8] = { 1, -1, 0, 0, 1, -1, 1, -1 }, DY[8] = { 0, 0, 1, -1, 1, 1, -1, -1 };

static uint64_t ref_flips(uint64_t me, uint64_t opp, int sq)
{
    if (((me | opp) >> sq) & 1)
        return 0;
    uint64_t flips = 0;
    for (int d = 0; d < 8; d++) {
        uint64_t run = 0;
        int x = sq % 8 + DX[d], y = sq / 8 + DY[d];
        while (x >= 0 && x < 8 && y >= 0 && y < 8 && ((opp >> (y * 8 + x)) & 1)) {
            run |= (uint64_t)1 << (y * 8 + x);
            x += DX[d];
            y += DY[d];
        }
        if (x >= 0 && x < 8 && y >= 0 && y < 8 && ((me >> (y * 8 + x)) & 1))
            flips |= run;
    }
    return flips;
}

static uint64_t ref_moves(uint64_t me, uint64_t opp)
{
    uint64_t m = 0;
    for (int sq = 0; sq < 64; sq++)
        if (ref_flips(me, opp, sq))
            m |= (uint64_t)1 << sq;
    return m;
}

static int ref_minimax(uint64_t me, uint64_t opp, bool passed)
{
    const uint64_t moves = ref_moves(me, opp);
    if (!moves) {
        if (passed) {
            const int a = __builtin_popcountll(opp), b = __builtin_popcountll(me), e = 64 - a - b;
            /* The side that passed last is `opp` here: score for `me`. */
            return b > a ? b - a + e : b < a ? b - a - e : 0;
        }
        return -ref_minimax(opp, me, true);
    }
    int best = -65;
    for (int sq = 0; sq < 64; sq++) {
        if (!((moves >> sq) & 1))
            continue;
        const uint64_t f = ref_flips(me, opp, sq);
        const int v = -ref_minimax(opp & ~f, me | f | ((uint64_t)1 << sq), false);
        if (v > best)
            best = v;
    }
    return best;
}

static test_rng rng = { 0x2545f4914f6cdd1dULL };

static unsigned rnd(unsigned n)
{
    return (unsigned)rng_below(&rng, (int)n);
}

/* A random game from the start down to `empties` empty squares (or its
 * end); returns false if it ended first. */
static bool random_position(rv_pos *p, int empties)
{
    rv_start(p);
    while (rv_empties(p) > empties) {
        const uint64_t moves = rv_moves(p->me, p->opp);
        if (!moves) {
            if (!rv_moves(p->opp, p->me))
                return false;
            rv_pass(p);
            continue;
        }
        unsigned k = rnd((unsigned)__builtin_popcountll(moves));
        uint64_t m = moves;
        while (k--)
            m &= m - 1;
        const int sq = __builtin_ctzll(m);
        rv_play(p, sq, rv_flips(p->me, p->opp, sq));
    }
    return true;
}

/* ---- tests -------------------------------------------------------------------- */

static void test_perft(void)
{
    static const uint64_t known[] = { 1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288 };
    rv_pos p;
    rv_start(&p);
    for (int d = 0; d < 10; d++)
        CHECK_EQ(rv_perft(&p, d), known[d]);
}

static void test_moves(void)
{
    for (int game = 0; game < 3000; game++) {
        rv_pos p;
        random_position(&p, 4 + (int)rnd(56));
        if (game % 2) {
            /* Boards no game reaches: some discs change sides or go. */
            const uint64_t to_me = p.opp & rng_next(&rng), gone = rng_next(&rng) & rng_next(&rng);
            p.me = (p.me | to_me) & ~gone;
            p.opp &= ~to_me & ~gone;
        }
        const uint64_t want = ref_moves(p.me, p.opp);
        CHECK_EQ(rv_moves(p.me, p.opp), want);
        /* Both generators, whichever one rv_moves uses on this machine. */
        CHECK_EQ(rv_moves_scalar(p.me, p.opp), want);
#if defined(__AVX2__)
        CHECK_EQ(rv_moves_vector(p.me, p.opp), want);
#endif
        for (int sq = 0; sq < 64; sq++) {
            const uint64_t flips = ref_flips(p.me, p.opp, sq);
            if (!CHECK_EQ(rv_flips(p.me, p.opp, sq), flips))
                break;
            if (((p.me | p.opp) >> sq) & 1)
                continue;
            CHECK_EQ(rv_flips_scalar(p.me, p.opp, sq), flips);
#if defined(__AVX2__)
            CHECK_EQ(rv_flips_vector(p.me, p.opp, sq), flips);
#endif
        }
    }
}

static void test_parse(void)
{
    rv_pos p, q;
    bool black;
    char err[256];
    CHECK_EQ(rv_parse_moves("f5d6c3d3c4", &p, &black, err, sizeof err), 0);
    CHECK(!black);
    CHECK_EQ(__builtin_popcountll(p.me | p.opp), 9);
    CHECK_EQ(rv_parse_moves("f5f5", &p, &black, err, sizeof err), -1);
    CHECK_MSG(strstr(err, "move 2"), "the error names the move: %s", err);
    CHECK_EQ(rv_parse_moves("f5z9", &p, &black, err, sizeof err), -1);
    CHECK_EQ(rv_parse_moves("a1", &p, &black, err, sizeof err), -1);
    CHECK_EQ(rv_parse_square("h8", err, sizeof err), 63);
    CHECK_EQ(rv_parse_square("a1", err, sizeof err), 0);
    CHECK_EQ(rv_parse_square("ps", err, sizeof err), RV_PASS);
    CHECK_EQ(rv_parse_square("i1", err, sizeof err), -1);
    /* The start as a board string. */
    rv_start(&q);
    CHECK_EQ(rv_parse_board("---------------------------OX------XO--------------------------- X", 'X', &p, &black, err,
                            sizeof err),
             0);
    CHECK(p.me == q.me && p.opp == q.opp && black);
    bool has;
    int score;
    CHECK_EQ(rv_parse_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;", &p,
                          &black, &has, &score, err, sizeof err),
             0);
    CHECK(has && score == 18 && black);
    CHECK_EQ(rv_parse_obf("--XXXXX-- X", &p, &black, &has, &score, err, sizeof err), -1);
    CHECK_EQ(rv_parse_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-Z X", &p, &black, &has, &score,
                          err, sizeof err),
             -1);
    CHECK_EQ(rv_parse_obf("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- Q", &p, &black, &has, &score,
                          err, sizeof err),
             -1);
}

static void test_solve(void)
{
    /* One solver kept over every position too: its table's entries from
     * earlier positions must not change later scores. */
    rv_solve_options kept_opt;
    rv_solve_defaults(&kept_opt);
    kept_opt.tt_bytes = 1 << 20;
    char kept_err[128];
    rv_solver *kept = rv_solver_create(&kept_opt, kept_err, sizeof kept_err);
    if (!CHECK(kept != NULL))
        return;
    int solved = 0;
    for (int game = 0; game < 400 && solved < 60; game++) {
        rv_pos p;
        if (!random_position(&p, 6 + (int)rnd(4)))
            continue;
        solved++;
        const int expect = ref_minimax(p.me, p.opp, false);
        rv_solve_result r, w;
        char err[128];
        rv_solve_options exact, wld;
        rv_solve_defaults(&exact);
        exact.tt_bytes = 1 << 20;
        wld = exact;
        wld.wld = true;
        CHECK_EQ(rv_solve(&p, &exact, &r, err, sizeof err), 0);
        CHECK_EQ(rv_solve(&p, &wld, &w, err, sizeof err), 0);
        CHECK_MSG(r.score == expect, "game %d: %d, minimax %d", game, r.score, expect);
        CHECK_EQ(w.score, (expect > 0) - (expect < 0));
        rv_solve_result k;
        rv_solver_run(kept, &p, &k);
        CHECK_EQ(k.score, expect);
        CHECK(!k.stopped);
        /* The best move reaches the score. */
        if (r.move >= 0 && r.move < 64) {
            const uint64_t f = rv_flips(p.me, p.opp, r.move);
            CHECK(f != 0);
            CHECK_EQ(-ref_minimax(p.opp & ~f, p.me | f | ((uint64_t)1 << r.move), false), expect);
        }
    }
    CHECK(solved >= 40);
    rv_solver_free(kept);
}

/* FFO positions with their published scores (data/reversi/ffo-sample.obf:
 * the first lines of the standard fforum-1-19 set). */
static void test_ffo(void)
{
    FILE *f = fopen(GTS_SOURCE_DIR "/data/reversi/ffo-sample.obf", "r");
    if (!CHECK(f != NULL))
        return;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        rv_pos p;
        bool black, has;
        int score;
        char err[256];
        if (!CHECK_EQ(rv_parse_obf(line, &p, &black, &has, &score, err, sizeof err), 0))
            continue;
        rv_solve_result r;
        rv_solve_options o;
        rv_solve_defaults(&o);
        o.tt_bytes = 16 << 20;
        CHECK_EQ(rv_solve(&p, &o, &r, err, sizeof err), 0);
        CHECK_MSG(has && r.score == score, "FFO line %d: %d, expected %d", n + 1, r.score, score);
        n++;
    }
    fclose(f);
    CHECK_EQ(n, 3);
}

int main(int argc, char **argv)
{
    static const struct {
        const char *name;
        void (*run)(void);
    } parts[] = {
        { "perft", test_perft }, { "moves", test_moves }, { "parse", test_parse },
        { "solve", test_solve }, { "ffo", test_ffo },
    };
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
        if (argc < 2 || strcmp(argv[1], parts[i].name) == 0)
            parts[i].run();
    return check_summary("test_reversi");
}
