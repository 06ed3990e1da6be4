/*
 * Reversi tests: perft against the published counts, move generation
 * against a square-by-square reference, the endgame solver against a
 * plain minimax and against FFO positions' known scores, the pattern
 * evaluation's instances against a square-by-square reading and its value
 * under the board's symmetries.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_rng.h"
#include "reversi/rv_8x8_bits.h"
#include "reversi/rv_8x8_last.h"
#include "reversi/rv_endgame_eval.h"
#include "reversi/rv_endgame.h"
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

/* One random move, or a pass when there is none (either way the other
 * side is then to move); false at the game's end. */
static bool random_step(rv_pos *p)
{
    const uint64_t moves = rv_moves(p->me, p->opp);
    if (!moves) {
        if (!rv_moves(p->opp, p->me))
            return false;
        rv_pass(p);
        return true;
    }
    unsigned k = rnd((unsigned)__builtin_popcountll(moves));
    uint64_t m = moves;
    while (k--)
        m &= m - 1;
    const int sq = __builtin_ctzll(m);
    rv_play(p, sq, rv_flips(p->me, p->opp, sq));
    return true;
}

/* A random game from the start down to `empties` empty squares (or its
 * end); returns false if it ended first. */
static bool random_position(rv_pos *p, int empties)
{
    rv_start(p);
    while (rv_empties(p) > empties)
        if (!random_step(p))
            return false;
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

/* The fields after the side to move: every one checked, its text in the
 * error; a score that overflows an int or is no number is an error. */
static void test_obf_fields(void)
{
    static const struct {
        const char *fields;
        int score;              /* the best score; 99: none; -99: an error */
        const char *error;      /* what the error holds */
    } cases[] = {
        { "", 99, NULL },
        { ";", 99, NULL },
        { "; G8:+18; H1:+12;", 18, NULL },
        { " ;g8 : -64 ; ps:0  ;\r\n", -64, NULL },
        { "; G8:+99999999999999999999;", -99, "field 'G8:+99999999999999999999': the score is not a whole number" },
        { "; G8:abc;", -99, "field 'G8:abc': the score is not a whole number in -64..64" },
        { "; G8:+65;", -99, "field 'G8:+65'" },
        { "; G8:;", -99, "field 'G8:'" },
        { "; G8:+18; H1:+1x;", -99, "field 'H1:+1x'" },
        { "; G8 +18;", -99, "field 'G8 +18' is not move:score" },
        { "; Z9:+18;", -99, "field 'Z9:+18': the move is not a square" },
        { " junk", -99, "after the side to move, not 'junk'" },
    };
    static const char board[] = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char line[256], err[256] = "";
        snprintf(line, sizeof line, "%s%s", board, cases[i].fields);
        rv_pos p;
        bool black, has = false;
        int score = 99;
        const int rc = rv_parse_obf(line, &p, &black, &has, &score, err, sizeof err);
        if (cases[i].error) {
            CHECK_MSG(rc == -1 && strstr(err, cases[i].error), "'%s': %d '%s'", cases[i].fields, rc, err);
            continue;
        }
        CHECK_MSG(rc == 0 && has == (cases[i].score != 99) && (!has || score == cases[i].score),
                  "'%s': %d has %d score %d '%s'", cases[i].fields, rc, has, score, err);
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
    test_obf_fields();
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
        CHECK(r.lower == expect && r.upper == expect);
        CHECK_EQ(w.score, (expect > 0) - (expect < 0));
        CHECK(w.lower == w.score && w.upper == w.score);
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

/* The last-empties solver against minimax, with windows around, below
 * and above the score: fail-soft results must bound it on the right side.
 * Each number of empties (a solver path of its own) is tried often, also
 * with the side to move passing. */
static void test_last(void)
{
    rv_last_init();
    int tried = 0, by_empties[RV_EG_LAST_EMPTIES + 1] = { 0 }, passes[RV_EG_LAST_EMPTIES + 1] = { 0 };
    int short_of_passes = RV_EG_LAST_EMPTIES;
    for (int game = 0; game < 100000 && (tried < 1500 || short_of_passes); game++) {
        rv_pos p;
        if (!random_position(&p, 1 + (int)rnd(RV_EG_LAST_EMPTIES)))
            continue;
        /* After the first 1500, only positions with a pass, while too few. */
        const int empties = rv_empties(&p);
        const bool pass = !rv_moves(p.me, p.opp) && rv_moves(p.opp, p.me);
        if (tried >= 1500 && !(pass && passes[empties] < 10))
            continue;
        tried++;
        by_empties[empties]++;
        if (pass && ++passes[empties] == 10)
            short_of_passes--;
        const int expect = ref_minimax(p.me, p.opp, false);
        const int lo = -64 + (int)rnd(120), hi = lo + 1 + (int)rnd(8);
        rv_eg_thread t = { 0 };
        const int full = rv_eg_last(&t, p.me, p.opp, rv_moves(p.me, p.opp), -64, 64);
        const int v = rv_eg_last(&t, p.me, p.opp, rv_moves(p.me, p.opp), lo, hi);
        CHECK_MSG(full == expect, "game %d: %d, minimax %d", game, full, expect);
        if (v > lo && v < hi)
            CHECK_EQ(v, expect);
        else if (v <= lo)
            CHECK_MSG(expect <= v, "game %d: fail-low %d in (%d,%d) above the score %d", game, v, lo, hi, expect);
        else
            CHECK_MSG(expect >= v, "game %d: fail-high %d in (%d,%d) below the score %d", game, v, lo, hi, expect);
    }
    CHECK(tried >= 1000);
    for (int e = 1; e <= RV_EG_LAST_EMPTIES; e++) {
        printf("  last %d empties: %d positions, %d with a pass\n", e, by_empties[e], passes[e]);
        CHECK(by_empties[e] >= 100);
        CHECK(passes[e] >= 10);
    }
}

/* Stable discs must stay: random games from random positions never flip
 * one; and a corner disc is always found stable. */
static void test_stable(void)
{
    rv_stable_init();
    int found = 0;
    for (int game = 0; game < 400; game++) {
        rv_pos start;
        if (!random_position(&start, 4 + (int)rnd(40)))
            continue;
        const uint64_t stable = rv_stable_discs(start.opp, start.me);
        CHECK(!(stable & ~start.opp));
        CHECK_EQ(stable & 0x8100000000000081ULL, start.opp & 0x8100000000000081ULL);
        found += __builtin_popcountll(stable);
        for (int playout = 0; playout < 20; playout++) {
            rv_pos p = start;
            bool owner_to_move = false;   /* the side of the stable discs */
            while (random_step(&p)) {
                owner_to_move = !owner_to_move;
                const uint64_t owner = owner_to_move ? p.me : p.opp;
                if (!CHECK_MSG((stable & owner) == stable, "game %d: a stable disc flipped", game))
                    return;
            }
        }
    }
    CHECK(found > 100);
}

static int compare_u64(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* (me, opp) with square sq set to state s: 0 empty, 1 me, 2 opp. */
static void set_square(uint64_t *me, uint64_t *opp, int sq, int s)
{
    const uint64_t bit = (uint64_t)1 << sq;
    *me = (*me & ~bit) | (s == 1 ? bit : 0);
    *opp = (*opp & ~bit) | (s == 2 ? bit : 0);
}

/* The endgame table's keys differ between positions that differ in one or
 * two squares (the ones a search meets side by side: a disc of the other
 * colour, a square not yet played).  The first key mixed the two words
 * too little: the owner of h8 did not change it, and the solver took
 * bounds of one position for the other. */
static void test_hash(void)
{
    enum { PER = 1 + 64 * 2 + 64 * 63 / 2 * 4 };
    uint64_t *keys = malloc(PER * sizeof *keys);
    if (!CHECK(keys != NULL))
        return;
    int collisions = 0;
    for (int game = 0; game < 40; game++) {
        rv_pos p;
        if (!random_position(&p, 4 + (int)rnd(50)))
            continue;
        int n = 0;
        keys[n++] = rv_eg_hash(p.me, p.opp);
        for (int a = 0; a < 64; a++) {
            const int sa = (int)((p.me >> a) & 1) + 2 * (int)((p.opp >> a) & 1);
            for (int da = 1; da < 3; da++) {
                uint64_t me = p.me, opp = p.opp;
                set_square(&me, &opp, a, (sa + da) % 3);
                keys[n++] = rv_eg_hash(me, opp);
                for (int b = a + 1; b < 64; b++) {
                    const int sb = (int)((p.me >> b) & 1) + 2 * (int)((p.opp >> b) & 1);
                    for (int db = 1; db < 3; db++) {
                        uint64_t me2 = me, opp2 = opp;
                        set_square(&me2, &opp2, b, (sb + db) % 3);
                        keys[n++] = rv_eg_hash(me2, opp2);
                    }
                }
            }
        }
        CHECK_EQ(n, PER);
        qsort(keys, (size_t)n, sizeof *keys, compare_u64);
        for (int i = 1; i < n; i++)
            collisions += keys[i] == keys[i - 1];
    }
    CHECK_MSG(collisions == 0, "%d keys shared by positions one or two squares apart", collisions);
    free(keys);
}

/* Threads give the serial scores, and in exact mode a best move of the
 * serial score. */
static void test_threads(void)
{
    int solved = 0;
    for (int game = 0; game < 200 && solved < 12; game++) {
        rv_pos p;
        if (!random_position(&p, 12 + (int)rnd(5)))
            continue;
        solved++;
        for (int wld = 0; wld < 2; wld++) {
            rv_solve_options o;
            rv_solve_defaults(&o);
            o.tt_bytes = 4 << 20;
            o.wld = wld;
            rv_solve_result serial, par;
            char err[128];
            CHECK_EQ(rv_solve(&p, &o, &serial, err, sizeof err), 0);
            o.threads = 3;
            CHECK_EQ(rv_solve(&p, &o, &par, err, sizeof err), 0);
            CHECK_MSG(par.score == serial.score, "game %d: %d threads, %d serial", game, par.score, serial.score);
            if (!wld && par.move >= 0 && par.move < 64) {
                rv_pos q = p;
                rv_play(&q, par.move, rv_flips(p.me, p.opp, par.move));
                o.threads = 1;
                rv_solve_result after;
                CHECK_EQ(rv_solve(&q, &o, &after, err, sizeof err), 0);
                CHECK_EQ(-after.score, serial.score);
            }
        }
    }
    CHECK(solved >= 10);
    /* Positions big enough for split points (RV_EG_SPLIT_EMPTIES) past
     * the solo start, on more threads than the machine may have. */
    solved = 0;
    for (int game = 0; game < 100 && solved < 3; game++) {
        rv_pos p;
        if (!random_position(&p, 19 + (int)rnd(2)))
            continue;
        solved++;
        rv_solve_options o;
        rv_solve_defaults(&o);
        o.tt_bytes = 8 << 20;
        rv_solve_result serial, par;
        char err[128];
        CHECK_EQ(rv_solve(&p, &o, &serial, err, sizeof err), 0);
        o.threads = 4;
        CHECK_EQ(rv_solve(&p, &o, &par, err, sizeof err), 0);
        CHECK_MSG(par.score == serial.score, "game %d: 4 threads %d, serial %d", game, par.score, serial.score);
    }
    CHECK(solved == 3);
}

/* What a solve's on_bounds saw: every pair must hold the one before
 * (and so the score); the stop_after-th call raises the stop token. */
typedef struct bounds_seen {
    int calls, lower, upper, stop_after;
    bool nested;
    gts_stop stop;
} bounds_seen;

static void see_bounds(void *arg, int lower, int upper)
{
    bounds_seen *b = arg;
    b->nested = b->nested && b->lower <= lower && lower <= upper && upper <= b->upper;
    b->lower = lower, b->upper = upper;
    if (++b->calls == b->stop_after)
        gts_stop_raise(&b->stop);
}

/* A solve of p that sees its bounds, stopped after stop_after of them (0:
 * not stopped). */
static void solve_seen(const rv_pos *p, int threads, int stop_after, bounds_seen *b, rv_solve_result *r)
{
    *b = (bounds_seen){ .lower = -64, .upper = 64, .stop_after = stop_after, .nested = true };
    rv_solve_options o;
    rv_solve_defaults(&o);
    o.tt_bytes = 16 << 20;
    o.threads = threads;
    o.stop = &b->stop;
    o.on_bounds = see_bounds;
    o.on_bounds_arg = b;
    char err[256];
    CHECK_EQ(rv_solve(p, &o, r, err, sizeof err), 0);
}

/* FFO positions with their published scores (data/reversi/ffo-sample.obf:
 * the first lines of the standard fforum-1-19 set); the bounds a solve
 * reports as it goes, and those it leaves when stopped. */
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
        for (int threads = 1; threads <= 2; threads++) {
            rv_solve_result r;
            bounds_seen b;
            solve_seen(&p, threads, 0, &b, &r);
            CHECK_MSG(has && r.score == score, "FFO line %d, %d threads: %d, expected %d", n + 1, threads, r.score,
                      score);
            CHECK(!r.stopped);
            CHECK(r.lower == score && r.upper == score);
            CHECK(b.nested && b.calls >= 2 && b.lower == score && b.upper == score);
            solve_seen(&p, threads, 1, &b, &r);
            CHECK(r.stopped && b.calls == 1);
            CHECK_MSG(r.lower == b.lower && r.upper == b.upper && r.lower < r.upper && r.lower <= score &&
                          score <= r.upper,
                      "FFO line %d, %d threads, stopped: [%d, %d], saw [%d, %d], score %d", n + 1, threads, r.lower,
                      r.upper, b.lower, b.upper, score);
        }
        n++;
    }
    fclose(f);
    CHECK_EQ(n, 3);
}

/* ---- the pattern evaluation ------------------------------------------------ */

/* The board square seen at (rank r, file f) of image k (rv_endgame_eval.h):
 * 1 upside down, 2 mirrored, 3 both, 4-7 those transposed. */
static int image_square(int k, int r, int f)
{
    if (k >= 4) {
        const int t = r;
        r = f, f = t, k -= 4;
    }
    return 8 * ((k & 1) ? 7 - r : r) + ((k & 2) ? 7 - f : f);
}

static int square_state(uint64_t me, uint64_t opp, int sq)
{
    return (int)((me >> sq) & 1) + 2 * (int)((opp >> sq) & 1);
}

/* Every instance's entry, square by square from the shapes' drawings. */
static int reference_instances(uint64_t me, uint64_t opp, uint32_t *at)
{
    static const struct {
        int shape;
        unsigned images; /* bit k: read on image k */
        const char *squares; /* rank, file per digit */
    } shapes[] = {
        { RV_EG_EDGE, 0x53, "00010203040506071116" },
        { RV_EG_CORNER, 0xff, "00010203041011121314" },
        { RV_EG_BLOCK, 0x0f, "000102101112202122" },
        { RV_EG_LINE2, 0x53, "1011121314151617" },
        { RV_EG_LINE3, 0x53, "2021222324252627" },
        { RV_EG_LINE4, 0x53, "3031323334353637" },
        { RV_EG_DIAG8, 0x03, "0011223344556677" },
        { RV_EG_DIAG7, 0x0f, "01122334455667" },
        { RV_EG_DIAG6, 0x0f, "021324354657" },
        { RV_EG_DIAG5, 0x0f, "0314253647" },
        { RV_EG_DIAG4, 0x0f, "04152637" },
    };
    int n = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
        const int digits = (int)strlen(shapes[s].squares) / 2;
        CHECK_EQ(digits, rv_eg_shape_squares[shapes[s].shape]);
        for (int k = 0; k < 8; k++) {
            if (!((shapes[s].images >> k) & 1))
                continue;
            uint32_t index = 0;
            for (int i = digits - 1; i >= 0; i--) {
                const char *rf = shapes[s].squares + 2 * i;
                index = 3 * index + (uint32_t)square_state(me, opp, image_square(k, rf[0] - '0', rf[1] - '0'));
            }
            at[n++] = (uint32_t)rv_eg_shape_offset[shapes[s].shape] + index;
        }
    }
    return n;
}

static int compare_u32(const void *a, const void *b)
{
    const uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* (me, opp) as seen on image k. */
static void image_of(uint64_t me, uint64_t opp, int k, uint64_t *tme, uint64_t *topp)
{
    *tme = *topp = 0;
    for (int sq = 0; sq < 64; sq++) {
        const int from = image_square(k, sq / 8, sq % 8);
        *tme |= ((me >> from) & 1) << sq;
        *topp |= ((opp >> from) & 1) << sq;
    }
}

/* The instances' entries against the square-by-square reading, the
 * weights of an instance read both ways equal, the evaluation the sum of
 * its features' weights and the same on the 8 images of random positions
 * (and not all 0: the weights are there). */
static void test_eval(void)
{
    rv_eg_eval_init();
    for (int shape = 0; shape < RV_EG_SHAPES; shape++) {
        const int base = rv_eg_shape_offset[shape], size = rv_eg_shape_offset[shape + 1] - base;
        int bad = 0;
        for (uint32_t i = 0; i < (uint32_t)size; i++) {
            const uint32_t t = rv_eg_twin(shape, i);
            bad += t >= (uint32_t)size || rv_eg_twin(shape, t) != i;
            for (int ph = 0; ph < RV_EG_PHASES; ph++)
                bad += rv_eg_weights[ph][base + i] != rv_eg_weights[ph][base + t];
        }
        CHECK_MSG(bad == 0, "shape %d: %d entries differ from their twins", shape, bad);
    }
    int nonzero = 0;
    for (int g = 0; g < 300; g++) {
        rv_pos p;
        if (!random_position(&p, 4 + (int)rnd(56)))
            continue;
        rv_eg_features f;
        rv_eg_features_of(p.me, p.opp, &f);
        uint32_t ref[64];
        if (!CHECK_EQ(reference_instances(p.me, p.opp, ref), RV_EG_INSTANCES))
            return;
        qsort(f.at, RV_EG_INSTANCES, sizeof *f.at, compare_u32);
        qsort(ref, RV_EG_INSTANCES, sizeof *ref, compare_u32);
        CHECK(memcmp(f.at, ref, sizeof f.at) == 0);
        const int v = rv_eg_eval(p.me, p.opp);
        int sum = 0;
        for (int i = 0; i < RV_EG_INSTANCES; i++)
            sum += rv_eg_weights[f.phase][f.at[i]];
        for (int i = 0; i < RV_EG_TERMS; i++)
            sum += rv_eg_terms[f.phase][i] * f.term[i];
        CHECK_EQ(v, sum);
        nonzero += v != 0;
        for (int k = 1; k < 8; k++) {
            uint64_t me, opp;
            image_of(p.me, p.opp, k, &me, &opp);
            CHECK_MSG(rv_eg_eval(me, opp) == v, "image %d: %d, as it is %d", k, rv_eg_eval(me, opp), v);
        }
    }
    CHECK(nonzero > 200);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "perft", test_perft }, { "moves", test_moves }, { "parse", test_parse }, { "solve", test_solve },
        { "ffo", test_ffo }, { "last", test_last }, { "stable", test_stable }, { "hash", test_hash },
        { "threads", test_threads }, { "eval", test_eval },
    };
    return check_run_parts(argc, argv, "test_reversi", parts, sizeof parts / sizeof *parts);
}
