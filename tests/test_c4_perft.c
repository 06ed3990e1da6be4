/*
 * Perft: the CPU's depth-first counts against the known numbers of
 * distinct positions (OEIS A212693) and against the GPU's enumeration code
 * run on the CPU executor, from several positions and board sizes.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gts/c4_perft.h"
#include "test_util.h"

#define SET ((size_t)16 << 20)

/* The options: on CPU threads, or the device's code on the CPU executor. */
#define THREADS(n, d, set) (&(c4_perft_options){ .threads = (n), .distinct = (d), .set_bytes = (set) })
#define GPU_CODE(d, set) (&(c4_perft_options){ .cpu = true, .distinct = (d), .set_bytes = (set) })

static void test_known(void)
{
    /* Positions after n plies from the empty 7x6 board (A212693); the
     * sequences are 7^n until a column can overflow at ply 7. */
    static const uint64_t positions[] = { 1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275 };
    static const uint64_t sequences[] = { 1, 7, 49, 343, 2401, 16807, 117649, 823536 };
    c4_pos empty;
    c4_init(&empty);
    char err[256];
    for (int d = 1; d <= 8; d++) {
        c4_perft_result r, r4;
        CHECK(c4_perft(&c4_standard, &empty, d, THREADS(1, true, SET), &r, err, sizeof err) == 0);
        CHECK_EQ(r.positions, positions[d]);
        if (d <= 7)
            CHECK_EQ(r.sequences, sequences[d]);
        CHECK(c4_perft(&c4_standard, &empty, d, THREADS(4, true, SET), &r4, err, sizeof err) == 0);
        CHECK_EQ(r4.sequences, r.sequences);
        CHECK_EQ(r4.positions, r.positions);
        /* Without the set: the bulk count at the last ply. */
        CHECK(c4_perft(&c4_standard, &empty, d, THREADS(2, false, 0), &r4, err, sizeof err) == 0);
        CHECK_EQ(r4.sequences, r.sequences);
    }
}

/* The enumeration (kernel code) and the depth-first count agree, with
 * wins and full columns on the way. */
static void test_gpu_code(void)
{
    test_rng rng = { 99 };
    const int dims[][2] = { { 7, 6 }, { 5, 4 }, { 4, 5 } };
    char err[256], moves[64];
    for (int d = 0; d < 3; d++) {
        c4_geom g;
        CHECK(c4_geom_init(&g, dims[d][0], dims[d][1], err, sizeof err) == 0);
        for (int t = 0; t < 8; t++) {
            c4_pos p;
            if (!random_position(&rng, &g, rng_below(&rng, g.cells - 2), &p, moves)) {
                t--;
                continue;
            }
            /* Past the 8 plies a device thread plays, on narrow boards (the
             * enumeration goes through W^8 sequences per host prefix). */
            const int depth = t == 7 && g.width <= 5 ? 10 : 1 + t % 5;
            if (depth > g.cells - p.moves + 2)
                continue;
            c4_perft_result a, b;
            CHECK(c4_perft(&g, &p, depth, THREADS(2, true, SET), &a, err, sizeof err) == 0);
            if (!CHECK_MSG(c4_perft_gpu(&g, &p, depth, GPU_CODE(true, SET), &b, err, sizeof err) == 0, "%s", err))
                continue;
            CHECK_MSG(a.sequences == b.sequences && a.positions == b.positions,
                      "%dx%d '%s' depth %d: %llu/%llu depth-first, %llu/%llu enumerated", g.width, g.height, moves,
                      depth, (unsigned long long)a.sequences, (unsigned long long)a.positions,
                      (unsigned long long)b.sequences, (unsigned long long)b.positions);
        }
    }
}

/* The host split (plies above the device's 8), on the empty 4x5 board. */
static void test_split(void)
{
    c4_geom g;
    char err[256];
    CHECK(c4_geom_init(&g, 4, 5, err, sizeof err) == 0);
    c4_pos empty;
    c4_init(&empty);
    for (int depth = 9; depth <= 11; depth++) {
        c4_perft_result a, b;
        CHECK(c4_perft(&g, &empty, depth, THREADS(2, true, SET), &a, err, sizeof err) == 0);
        CHECK(c4_perft_gpu(&g, &empty, depth, GPU_CODE(true, SET), &b, err, sizeof err) == 0);
        CHECK_EQ(a.sequences, b.sequences);
        CHECK_EQ(a.positions, b.positions);
        CHECK_GT(a.positions, 1000);
    }
}

static void test_errors(void)
{
    char err[256] = "";
    c4_pos empty;
    c4_init(&empty);
    c4_perft_result r;
    CHECK(c4_perft_gpu(&c4_standard, &empty, 0, GPU_CODE(false, 0), &r, err, sizeof err) != 0);
    CHECK(strstr(err, "depth 0") != NULL);
    CHECK(c4_perft(&c4_standard, &empty, 43, THREADS(1, false, 0), &r, err, sizeof err) != 0);
    CHECK(strstr(err, "depth 43") != NULL);
    /* A set of 1024 keys cannot hold the 4263 positions at ply 5. */
    CHECK(c4_perft(&c4_standard, &empty, 5, THREADS(2, true, 8192), &r, err, sizeof err) != 0);
    CHECK(strstr(err, "set") != NULL);
    CHECK(c4_perft_gpu(&c4_standard, &empty, 5, GPU_CODE(true, 8192), &r, err, sizeof err) != 0);
    CHECK(strstr(err, "set") != NULL);
    /* After a win nothing follows. */
    c4_pos won;
    CHECK(c4_parse(&c4_standard, &won, "1212121", err, sizeof err) == 0);
    CHECK(c4_perft(&c4_standard, &won, 2, THREADS(1, false, 0), &r, err, sizeof err) == 0);
    CHECK_EQ(r.sequences, 0);
    CHECK(c4_perft_gpu(&c4_standard, &won, 2, GPU_CODE(false, 0), &r, err, sizeof err) == 0);
    CHECK_EQ(r.sequences, 0);
}

/* The set sized from the depth (set_bytes 0) holds every position: the
 * counts up to ply 7 with it, and the bound's size against the known
 * counts up to the README's ply 12 (a set of --tt-mb 64 held 6.3 M). */
static void test_set_size(void)
{
    static const uint64_t positions[] = { 1,      7,       49,       238,      1120,     4263,    16422,
                                          54859,  184275,  558186,   1662623,  4568683,  12236101 };
    c4_pos empty;
    c4_init(&empty);
    char err[256];
    for (int d = 1; d <= 12; d++) {
        const size_t bytes = c4_perft_set_bytes(&c4_standard, &empty, d);
        const uint64_t slots = bytes / sizeof(uint64_t);
        CHECK_MSG(slots / 4 * 3 - 3 >= positions[d], "ply %d: %zu bytes for %llu positions", d, bytes,
                  (unsigned long long)positions[d]);
        /* Not wildly more: within 8 times the slots the count needs. */
        CHECK_MSG(slots <= 8 * positions[d] + 8192, "ply %d: %zu bytes for %llu positions", d, bytes,
                  (unsigned long long)positions[d]);
        c4_perft_result r;
        if (d > 7)
            continue;
        CHECK(c4_perft(&c4_standard, &empty, d, THREADS(2, true, 0), &r, err, sizeof err) == 0);
        CHECK_EQ(r.positions, positions[d]);
        CHECK(c4_perft_gpu(&c4_standard, &empty, d, GPU_CODE(true, 0), &r, err, sizeof err) == 0);
        CHECK_EQ(r.positions, positions[d]);
    }
    /* A set too small says so in set_full. */
    c4_perft_result r;
    CHECK(c4_perft(&c4_standard, &empty, 6, THREADS(1, true, 8192), &r, err, sizeof err) != 0);
    CHECK(r.set_full);
    CHECK(c4_perft_gpu(&c4_standard, &empty, 6, GPU_CODE(true, 8192), &r, err, sizeof err) != 0);
    CHECK(r.set_full);
}

/* A raised stop token ends a count of hours at once, on threads and on
 * the CPU executor. */
static void test_stop(void)
{
    gts_stop stop = GTS_STOP_INIT;
    gts_stop_raise(&stop);
    c4_pos empty;
    c4_init(&empty);
    char err[256];
    c4_perft_result r;
    const c4_perft_options threads = { .threads = 2, .stop = &stop }, gpu_code = { .cpu = true, .stop = &stop };
    CHECK(c4_perft(&c4_standard, &empty, 20, &threads, &r, err, sizeof err) != 0);
    CHECK_MSG(strcmp(err, "stopped") == 0, "err '%s', expected 'stopped'", err);
    CHECK(c4_perft_gpu(&c4_standard, &empty, 14, &gpu_code, &r, err, sizeof err) != 0);
    CHECK_MSG(strcmp(err, "stopped") == 0, "err '%s', expected 'stopped'", err);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "known", test_known }, { "gpu_code", test_gpu_code }, { "split", test_split },
        { "errors", test_errors }, { "set_size", test_set_size }, { "stop", test_stop },
    };
    return check_run_parts(argc, argv, "test_c4_perft", parts, sizeof parts / sizeof *parts);
}
