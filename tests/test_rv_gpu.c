/*
 * The Reversi PV-split GPU player's logic on the CPU executor (the device
 * code compiled by the C compiler): its value at depth D equals the serial
 * alpha-beta's on random positions (seeded) of every board size, in both
 * layouts, and its move reaches that value; positions near the end (passes,
 * finished games); the stop token.  Without a GPU, so CI runs it.
 *
 * The parts device and device_small run the same comparisons on the GPU
 * executor (a table of the times; exit 77 without a device): make gpu-test
 * runs them, the small one under compute-sanitizer (tests/gpu_rv_pvsplit.sh).
 *
 * usage: test_rv_gpu [values|endgame|moves|stop|device|device_small]   (no part: all)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/clock.h"
#include "gts/gpu.h"
#include "reversi/wxh/gpu/rv_wxh_gpu.h"
#include "rvb_random.h"
#include "test_rng.h"

static test_rng rng = { 0x5eed2020ULL };

/* A position after up to `plies` random moves (tests/rvb_random.h). */
static void random_board(rvb *b, int width, int height, int plies)
{
    rvb_random(&rng, b, width, height, plies);
}

static rvg_executor executor = RVG_EXEC_CPU;
static int block_threads;       /* 0: the default */
static double serial_us, player_us;

static int serial_value(const rvb *b, int depth)
{
    rv_search_options o;
    rv_search_defaults(&o);
    o.algo = RV_ALGO_ALPHABETA;
    o.depth = depth;
    rv_result r;
    char err[128];
    CHECK_EQ(rv_search(b, &o, &r, err, sizeof err), 0);
    serial_us += r.usec;
    return r.score;
}

/* The searchers compared: both layouts, a block per sibling and a block
 * per sibling's child (played by the block), and a warp per node.  The
 * CPU executor runs bytes split=2 on boards of up to 256 squares only
 * (64x64 would take a minute: 126 us a node); its node functions are
 * bytes split=1's, and the small boards check its moves' numbering.  (A
 * warp per node is a block per node on the CPU executor.) */
enum { SEARCHERS = 5, BYTES_SPLIT2 = 2 };
static const struct {
    const char *name;
    rvg_layout layout;
    int split;
    bool per_warp;
} KINDS[SEARCHERS] = { { "bytes", RVG_BYTES, 1, false },
                       { "rows", RVG_ROWS, 1, false },
                       { "bytes split=2", RVG_BYTES, 2, false },
                       { "rows split=2", RVG_ROWS, 2, false },
                       { "rows split=2 unit=warp", RVG_ROWS, 2, true } };

static rvg_searcher *searcher(rvg_layout layout, int split, bool per_warp, gts_stop *stop)
{
    const rvg_options o = { executor, layout, block_threads, split, RV_WPC_CTDL, RV_DEFAULT_MOBILITY, stop, per_warp };
    char err[128];
    rvg_searcher *s = rvg_create(&o, err, sizeof err);
    CHECK_MSG(s != NULL, "rvg_create: %s", err);
    return s;
}

/* The GPU player's value of b at depth in both layouts against serial;
 * its move, played, has the value at depth - 1. */
static void compare(rvg_searcher *s[SEARCHERS], const rvb *b, int depth, bool check_move)
{
    const int want = serial_value(b, depth);
    for (int l = 0; l < SEARCHERS; l++) {
        if (l == BYTES_SPLIT2 && executor == RVG_EXEC_CPU && b->width * b->height > 256)
            continue;
        rv_result r;
        char err[128];
        if (!CHECK_MSG(rvg_search(s[l], b, depth, &r, NULL, err, sizeof err) == 0, "rvg_search: %s", err))
            continue;
        player_us += r.usec;
        CHECK_MSG(r.score == want, "%dx%d depth %d %s: gpu %d serial %d", b->width, b->height, depth, KINDS[l].name,
                  r.score, want);
        if (!check_move || depth < 2 || r.move == RVB_NO_MOVE)
            continue;
        rvb c;
        rvb_copy(&c, b);
        if (r.move == RVB_PASS)
            rvb_pass(&c);
        else
            CHECK(rvb_play(&c, r.move));
        CHECK_MSG(-serial_value(&c, depth - 1) == want, "%dx%d depth %d: move %d does not reach %d", b->width,
                  b->height, depth, r.move, want);
    }
}

static void with_searchers(void (*body)(rvg_searcher *s[SEARCHERS]))
{
    rvg_searcher *s[SEARCHERS];
    bool made = true;
    for (int i = 0; i < SEARCHERS; i++)
        made &= (s[i] = searcher(KINDS[i].layout, KINDS[i].split, KINDS[i].per_warp, NULL)) != NULL;
    if (made)
        body(s);
    for (int i = 0; i < SEARCHERS; i++)
        rvg_free(s[i]);
}

static const int SIZES[][3] = { { 8, 8, 5 }, { 16, 16, 3 }, { 32, 32, 3 }, { 64, 32, 3 }, { 64, 64, 3 },
                                { 8, 16, 3 }, { 32, 8, 3 } };

static void values_body(rvg_searcher *s[SEARCHERS])
{
    for (size_t k = 0; k < sizeof SIZES / sizeof *SIZES; k++) {
        const int w = SIZES[k][0], h = SIZES[k][1], max_depth = SIZES[k][2];
        const int positions = w * h <= 256 ? 4 : 2;
        for (int i = 0; i < positions; i++) {
            rvb b;
            random_board(&b, w, h, rng_below(&rng, w * h <= 64 ? 30 : 24));
            for (int d = 1; d <= max_depth; d++)
                compare(s, &b, d, d == max_depth);
        }
    }
}

static void test_values(void)
{
    with_searchers(values_body);
}

/* Deep into 8x8 games: passes and finished games inside the search. */
static void endgame_body(rvg_searcher *s[SEARCHERS])
{
    for (int i = 0; i < 24; i++) {
        rvb b;
        random_board(&b, 8, 8, 48 + rng_below(&rng, 14));
        for (int d = 1; d <= 5; d++)
            compare(s, &b, d, true);
    }
}

static void test_endgame(void)
{
    with_searchers(endgame_body);
}

/* A finished game: no move, its final score; a side that must pass. */
static void moves_body(rvg_searcher *s[SEARCHERS])
{
    rvb b;
    bool black;
    char err[128];
    CHECK_EQ(rvb_init(&b, 8, 8, err, sizeof err), 0);
    CHECK_EQ(rvb_parse_moves(&b, "f5d6c3d3c4f4", &black, err, sizeof err), 0);
    compare(s, &b, 3, true);
    CHECK_EQ(rvb_parse_text(&b, 8, 8,
                            "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXO/XXXXXX-- O", &black, err,
                            sizeof err),
             0);
    for (int d = 1; d <= 3; d++)
        compare(s, &b, d, true);
    CHECK_EQ(rvb_parse_text(&b, 8, 8,
                            "XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX/XXXXXXXX O", &black, err,
                            sizeof err),
             0);
    rv_result r;
    CHECK_EQ(rvg_search(s[0], &b, 2, &r, NULL, err, sizeof err), 0);
    CHECK_EQ(r.move, RVB_NO_MOVE);
    CHECK_EQ(r.score, -RV_WIN - 64);
}

static void test_moves(void)
{
    with_searchers(moves_body);
}

/* A raised token ends a search with 1 at once. */
static void test_stop(void)
{
    gts_stop stop = GTS_STOP_INIT;
    rvg_searcher *s = searcher(RVG_BYTES, 1, false, &stop);
    if (!s)
        return;
    rvb b;
    char err[128];
    rvb_init(&b, 32, 32, err, sizeof err);
    gts_stop_raise(&stop);
    rv_result r;
    CHECK_EQ(rvg_search(s, &b, 6, &r, NULL, err, sizeof err), 1);
    CHECK_EQ(rvg_search(s, &b, 0, &r, NULL, err, sizeof err), -1);
    CHECK(strstr(err, "depth 0") != NULL);
    rvg_free(s);
}

/* Passes and finished games on the device. */
static void endgame_on_device(void)
{
    with_searchers(endgame_body);
    with_searchers(moves_body);
}

/* The GPU executor, or exit 77 without a device. */
static void need_device(void)
{
    char why[160];
    if (gts_gpu_available(why, sizeof why) != 0) {
        printf("SKIP: %s\n", why);
        exit(77);
    }
    executor = RVG_EXEC_GPU;
}

static int device_w, device_h, device_depth, device_positions;

static void device_body(rvg_searcher *s[SEARCHERS])
{
    for (int i = 0; i < device_positions; i++) {
        rvb b;
        random_board(&b, device_w, device_h, rng_below(&rng, device_w * device_h <= 64 ? 40 : 30));
        for (int d = 1; d <= device_depth; d++)
            compare(s, &b, d, d == device_depth);
    }
}

/* One size at depths 1..max_depth on the device, every searcher: a row of
 * the table (positions, failures so far, the GPU's and serial's times). */
static void device_size(int w, int h, int max_depth, int positions)
{
    const long failed = check_failed_count;
    serial_us = player_us = 0;
    device_w = w;
    device_h = h;
    device_depth = max_depth;
    device_positions = positions;
    with_searchers(device_body);
    printf("%5dx%-3d %5d %9d %7d %11.1f %11.1f %6s\n", w, h, block_threads, positions, max_depth, player_us / 1000,
           serial_us / 1000, check_failed_count == failed ? "equal" : "DIFFER");
}

static void device_header(void)
{
    printf("%9s %5s %9s %7s %11s %11s %6s\n", "board", "block", "positions", "depths", "gpu ms", "serial ms",
           "values");
}

/* Every board size, both layouts, default and other block sizes. */
static void test_device(void)
{
    need_device();
    device_header();
    for (size_t k = 0; k < sizeof SIZES / sizeof *SIZES; k++)
        device_size(SIZES[k][0], SIZES[k][1], SIZES[k][2] + (SIZES[k][0] * SIZES[k][1] <= 256), 4);
    static const int blocks[] = { 32, 96, 1024 };
    for (int i = 0; i < 3; i++) {
        block_threads = blocks[i];
        device_size(16, 16, 3, 2);
        device_size(64, 64, 2, 1);
    }
    block_threads = 0;
    endgame_on_device();
}

/* A small case for compute-sanitizer (every kernel path: passes, ends). */
static void test_device_small(void)
{
    need_device();
    device_header();
    device_size(8, 8, 3, 2);
    block_threads = 32;
    device_size(16, 8, 2, 1);
    device_size(64, 64, 1, 1);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "values", test_values }, { "endgame", test_endgame }, { "moves", test_moves }, { "stop", test_stop },
        { "device", test_device }, { "device_small", test_device_small },
    };
    return check_run_parts(argc, argv, "test_rv_gpu", parts, sizeof parts / sizeof *parts);
}
