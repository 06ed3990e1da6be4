/*
 * The Gomoku GPU designs' logic on the CPU executor (the device code
 * compiled by the C compiler): the device position follows gm_board move
 * by move (values, fives, five points, line words), and every design's
 * value equals serial search's on random positions (seeded) of several
 * sizes, freestyle and standard, every candidate radius (the position
 * under caro too, which the designs refuse); the thread designs' move is
 * serial alpha-beta's.  Without a GPU, so CI runs it.
 *
 * The part bench: the report's cells made again (gomoku/shapes/gm_bench.h)
 * and the columns of bench positions (gomoku/shapes/gm_speedup.h), every
 * variant and column with the same root score.
 *
 * The part device runs the same comparisons on the GPU executor (exit 77
 * without a device; make gpu-test runs it under compute-sanitizer too).
 *
 * usage: test_gomoku_gpu [position|designs|stop|caro|bench|device|device_small|device_small_static]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gomoku/gpu/gmg_board.h"
#include "gomoku/shapes/gm_bench.h"
#include "gomoku/shapes/gm_speedup.h"
#include "gts/gomoku_gpu.h"
#include "gts/gpu.h"
#include "test_rng.h"

static test_rng rng = { 0x60ba1a2026ULL };

/* The rules the comparisons turn through: the device position follows
 * caro's too; the designs refuse caro (and play no forbidden points). */
static const gm_rule rules[4] = { GM_FREESTYLE, GM_STANDARD, GM_CARO, GM_CARO_EXACT };

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

/* Up to `moves` random stones near the others (fours and fives form), or
 * fewer when the game ends. */
static void random_game(gm_board *b, int moves)
{
    for (int i = 0; i < moves && !gm_game_over(b); i++) {
        int16_t cand[GM_MAX_CELLS];
        const int n = gm_candidates(b, cand);
        if (n == 0)
            break;
        gm_play(b, cand[rng_below(&rng, n)]);
    }
}

static bool same_cells(const int16_t *a, int na, const int16_t *b, int nb)
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

/* The device position against the board after each move of random games:
 * walls, line words, values, winner, five points, candidates. */
static void test_position(void)
{
    static gmg_pos p;
    for (int game = 0; game < 120; game++) {
        const int w = 5 + rng_below(&rng, 28), h = 5 + rng_below(&rng, 28);
        gm_board *b = new_board(w, h, rules[game % 4], rng_below(&rng, 5));
        gmg_geom g;
        gmg_geom_init(&g, b, false);
        for (int d = 0; d < 4; d++)
            for (int id = 0; id < gm_line_count(b, d); id++)
                CHECK_EQ(gmg_wall(&g, g.base[d] + id), b->wall[d][id]);
        memset(&p, 0, sizeof p);
        p.h.winner = -1;
        for (int i = 0; i < 80 && !gm_game_over(b); i++) {
            int16_t cand[GM_MAX_CELLS], mine[GM_MAX_CELLS];
            const int n = gm_candidates(b, cand);
            int k = 0;
            for (int y = 0; y < h; y++)
                for (uint32_t row = gmg_row_candidates(&g, &p, y); row; row &= row - 1)
                    mine[k++] = (int16_t)(y * w + __builtin_ctz(row));
            if (!CHECK(same_cells(cand, n, mine, k)) || n == 0)
                break;
            const int cell = cand[rng_below(&rng, n)];
            gm_play(b, cell);
            gmg_play(&g, &p, cell);
            CHECK_EQ(p.h.value[0], b->value[0]);
            CHECK_EQ(p.h.value[1], b->value[1]);
            CHECK_EQ(p.h.winner, b->winner);
            for (int c = 0; c < 2; c++) {
                int16_t five[GM_MAX_CELLS];
                const int nf = gm_five_points(b, c, GM_NO_MOVE, five);
                if (nf <= GMG_THREATS)
                    CHECK(same_cells(five, nf, p.h.t.cell[c], p.h.t.n[c]));
                else
                    CHECK_EQ(p.h.t.n[c], GMG_THREATS);
                for (int d = 0; d < 4; d++)
                    for (int id = 0; id < gm_line_count(b, d); id++)
                        CHECK_EQ(p.line[c * g.lines + g.base[d] + id], b->line[c][d][id]);
            }
        }
        free(b);
    }
}

static gmg_executor executor = GMG_EXEC_CPU;

static gm_eval_kind eval = GM_EVAL_SHAPES;

static int32_t serial(const gm_board *b, gm_algo algo, int depth, int *move)
{
    gm_search_options o;
    gm_search_defaults(&o);
    o.algo = algo;
    o.depth = depth;
    o.eval = eval;
    gm_result r;
    char err[128];
    CHECK_EQ(gm_search(b, &o, &r, err, sizeof err), 0);
    *move = r.move;
    return r.score;
}

/* One design's search of b; false (after a failed check) on an error. */
static bool design(const gm_board *b, gmg_design d, gm_algo algo, int depth, int split, gm_result *r)
{
    const gmg_options o = { .design = d, .executor = executor, .algo = algo, .depth = depth, .split = split,
                            .chunk = 7, .eval = eval };
    char err[160] = "";
    gmg_searcher *s = gmg_create(&o, err, sizeof err);
    const bool ok = CHECK_MSG(s != NULL, "gmg_create: %s", err) &&
                    CHECK_MSG(gmg_search(s, b, r, NULL, err, sizeof err) == 0, "gmg_search: %s", err);
    gmg_free(s);
    return ok;
}

/* The last design compared: racecheck cannot follow the dynamic design's
 * device-side launches. */
static gmg_design last_design = GMG_DYNAMIC;

/* Every design against serial alpha-beta on random positions: the small
 * chunk (7) makes the frontier go in many launches. */
static void compare(int positions, int max_size, int max_depth)
{
    for (int i = 0; i < positions; i++) {
        const int size = 6 + rng_below(&rng, max_size - 5), near = rng_below(&rng, 3);
        gm_board *b = new_board(size, size, rules[i % 2], near ? near : 0);
        random_game(b, near ? 2 + rng_below(&rng, 24) : 1 + rng_below(&rng, 8));
        const int depth = 1 + rng_below(&rng, near ? max_depth : 2);
        int want_move;
        const int32_t want = serial(b, GM_ALGO_ALPHABETA, depth, &want_move);
        gm_result r;
        const gm_algo algo = i % 3 ? GM_ALGO_ALPHABETA : GM_ALGO_MINIMAX;
        for (int split = 1; split <= depth; split++)
            if (design(b, split == depth ? GMG_BATCH : GMG_SEQPAR, algo, depth, split, &r)) {
                CHECK_MSG(r.score == want, "position %d (%dx%d, near %d, depth %d, split %d): %d, serial %d", i,
                          size, size, near, depth, split, r.score, want);
                CHECK_EQ(r.move, want_move);
            }
        for (int d = GMG_PVS; d <= (int)last_design && eval == GM_EVAL_SHAPES; d++)
            if (design(b, (gmg_design)d, algo, depth, 0, &r))
                CHECK_MSG(r.score == want, "position %d (%dx%d, near %d, depth %d) %s: %d, serial %d", i, size, size,
                          near, depth, gmg_design_name((gmg_design)d), r.score, want);
        free(b);
    }
}

static void test_designs(void)
{
    compare(60, 11, 4);
    /* The thread designs with the potential evaluation, scanned. */
    eval = GM_EVAL_POTENTIAL;
    compare(20, 9, 3);
    eval = GM_EVAL_SHAPES;
}

/* A raised stop token ends every design with 1. */
static void test_stop(void)
{
    gm_board *b = new_board(15, 15, GM_FREESTYLE, 0);
    gm_play(b, gm_cell(b, 7, 7));
    gts_stop stop = GTS_STOP_INIT;
    gts_stop_raise(&stop);
    for (int d = GMG_NAIVE; d <= GMG_DYNAMIC; d++) {
        const gmg_options o = { .design = (gmg_design)d, .executor = executor, .depth = 3, .stop = &stop };
        char err[160] = "";
        gmg_searcher *s = gmg_create(&o, err, sizeof err);
        gm_result r;
        if (CHECK_MSG(s != NULL, "gmg_create: %s", err))
            CHECK_EQ(gmg_search(s, b, &r, NULL, err, sizeof err), 1);
        gmg_free(s);
    }
    free(b);
}

/* Every design refuses a caro board with the reason. */
static void test_caro(void)
{
    for (int r = 2; r < 4; r++) {
        gm_board *b = new_board(9, 9, rules[r], 2);
        gm_play(b, gm_cell(b, 4, 4));
        for (int d = GMG_NAIVE; d <= GMG_DYNAMIC; d++) {
            const gmg_options o = { .design = (gmg_design)d, .executor = executor, .depth = 2 };
            char err[160] = "";
            gmg_searcher *s = gmg_create(&o, err, sizeof err);
            gm_result res;
            if (CHECK_MSG(s != NULL, "gmg_create: %s", err)) {
                CHECK_EQ(gmg_search(s, b, &res, NULL, err, sizeof err), -1);
                CHECK_CONTAINS(err, "the GPU designs play freestyle or standard, not caro");
            }
            gmg_free(s);
        }
        free(b);
    }
}

/* The report's GPU comparison on 6x6 at depth 2: every variant's cell
 * agrees; a whole game ends; a bad depth is told. */
static void test_bench(void)
{
    gm_board *b = new_board(6, 6, GM_FREESTYLE, 0);
    gm_play(b, gm_cell(b, 3, 3));
    gm_search_options o;
    gm_search_defaults(&o);
    o.threads = 2;
    const gmg_options g = { .executor = executor };
    gm_bench_variant v[GM_BENCH_VARIANTS];
    const int n = gm_bench_gpu_set(v, o, &g, GM_ALGO_ALPHABETA, false);
    CHECK_EQ(n, GM_BENCH_VARIANTS);
    CHECK(strcmp(v[3].name, "gpu seqpar s=d-1") == 0 && strcmp(v[4].name, "gpu seqpar s=2") == 0);
    CHECK_EQ(gm_bench_split(&v[3], 2), 1);
    char err[160];
    gm_bench_cell first = { 0 }, c;
    for (int i = 0; i < n; i++)
        if (CHECK_MSG(gm_bench_run(&v[i], b, 2, false, i ? &c : &first, err, sizeof err) == 0, "%s: %s", v[i].name,
                      err) && i)
            CHECK_MSG(c.run && c.runs >= 1 && c.score == first.score, "%s: %d, %s %d", v[i].name, c.score, v[0].name,
                      first.score);
    CHECK(gm_bench_run(&v[2], b, 1, true, &c, err, sizeof err) == 0 && !err[0] && c.score > 1 && c.score <= 36);
    CHECK(gm_bench_run(&v[0], b, 0, false, &c, err, sizeof err) == -1 && err[0]);
    gm_speedup sp;
    const int threads[] = { 1, 2 };
    o.depth = 2;
    gm_result r[3];
    if (CHECK_MSG(gm_speedup_create(&sp, &o, threads, 2, &g, err, sizeof err) == 0, "%s", err) &&
        CHECK_EQ(gm_speedup_run(&sp, b, r, NULL, NULL, err, sizeof err), 0))
        CHECK(r[1].score == first.score && r[2].score == first.score && r[0].score == first.score);
    gm_speedup_free(&sp);
    free(b);
}

static void on_device(void)
{
    char why[256];
    if (gts_gpu_available(why, sizeof why) != 0) {
        printf("skipped: %s\n", why);
        exit(77);
    }
    executor = GMG_EXEC_GPU;
}

static void test_device(void)
{
    on_device();
    compare(60, 19, 4);
    eval = GM_EVAL_SCAN;
    compare(20, 15, 3);
    eval = GM_EVAL_SHAPES;
    test_stop();
}

/* A few small searches, for compute-sanitizer's slow tools. */
static void test_device_small(void)
{
    on_device();
    compare(4, 8, 3);
}

/* The same without the dynamic design, for racecheck. */
static void test_device_small_static(void)
{
    last_design = GMG_PVS;
    test_device_small();
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "position", test_position }, { "designs", test_designs }, { "stop", test_stop }, { "caro", test_caro },
        { "bench", test_bench },
        { "device", test_device },
        { "device_small", test_device_small }, { "device_small_static", test_device_small_static },
    };
    return check_run_parts(argc, argv, "test_gomoku_gpu", parts, sizeof parts / sizeof *parts);
}
