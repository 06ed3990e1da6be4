/*
 * The depth-limited Reversi search: the evaluation against a plain-array
 * reference and the weights file, minimax = alpha-beta = PVS at every
 * depth on boards of several sizes, a plain-array minimax at depths 1-2,
 * threads = serial, the best move reaching the score, time and stop.
 *
 * usage: test_reversi_search [eval|algos|reference|threads|time|pinned]   (no part: all)
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "rvb_ref.h"
#include "reversi/rv_search_internal.h"
#include "rvb_random.h"
#include "test_rng.h"
#include "gts/reversi_search.h"

static test_rng rng = { 0xa1b2c3d4e5f6ULL };

/* A position after up to `plies` random moves (tests/rvb_random.h). */
static void random_board(rvb *b, int width, int height, int plies)
{
    rvb_random(&rng, b, width, height, plies);
}

/* ---- the reference evaluation and minimax on the plain array ------------ */

/* The class means of data/reversi/wpc-weights.txt's tables by distances
 * to the edges (capped at 3), worked out by hand from the file. */
static const int CLASS_MEAN[2][4][4] = {
    { { 98, -34, 58, -1 }, { -34, -64, -25, -13 }, { 58, -25, 9, 0 }, { -1, -13, 0, -2 } },
    { { 100, -25, 10, 5 }, { -25, -25, 1, 1 }, { 10, 1, 5, 2 }, { 5, 1, 2, 1 } },
};

static int file_table[2][64];   /* read from the data file */

static int ref_weight(const ref_board *r, rv_wpc wpc, int s)
{
    if (r->w == 8 && r->h == 8)
        return file_table[wpc][s];
    const int x = s % r->w, y = s / r->w;
    int dx = x < r->w - 1 - x ? x : r->w - 1 - x, dy = y < r->h - 1 - y ? y : r->h - 1 - y;
    dx = dx > 3 ? 3 : dx;
    dy = dy > 3 ? 3 : dy;
    return CLASS_MEAN[wpc][dx][dy];
}

static int ref_final(const ref_board *r)
{
    int me = 0, opp = 0;
    for (int s = 0; s < r->w * r->h; s++)
        me += r->sq[s] == REF_ME, opp += r->sq[s] == REF_OPP;
    const int e = r->w * r->h - me - opp, d = me > opp ? me - opp + e : me < opp ? me - opp - e : 0;
    return d > 0 ? RV_WIN + d : d < 0 ? -RV_WIN + d : 0;
}

static int ref_eval(const ref_board *r, rv_wpc wpc, int mobility)
{
    static int list[RVB_MAX_SQUARES];
    ref_board o = *r;
    ref_swap(&o);
    const int mine = ref_moves(r, list), theirs = ref_moves(&o, list);
    if (!mine && !theirs)
        return ref_final(r);
    int v = 0;
    for (int s = 0; s < r->w * r->h; s++)
        v += r->sq[s] == REF_ME ? ref_weight(r, wpc, s) : r->sq[s] == REF_OPP ? -ref_weight(r, wpc, s) : 0;
    return v + mobility * (mine - theirs);
}

static int ref_minimax(const ref_board *r, int depth, rv_wpc wpc, int mobility)
{
    if (depth == 0)
        return ref_eval(r, wpc, mobility);
    int *list = malloc(sizeof(int) * RVB_MAX_SQUARES);
    const int n = ref_moves(r, list);
    ref_board *c = malloc(sizeof *c);
    int best = -RV_INF;
    if (!n) {
        *c = *r;
        ref_swap(c);
        best = ref_moves(c, list) ? -ref_minimax(c, depth - 1, wpc, mobility) : ref_final(r);
    }
    for (int i = 0; i < n; i++) {
        *c = *r;
        ref_play(c, list[i]);
        const int v = -ref_minimax(c, depth - 1, wpc, mobility);
        best = v > best ? v : best;
    }
    free(c);
    free(list);
    return best;
}

static bool read_tables(void)
{
    FILE *f = fopen(GTS_SOURCE_DIR "/data/reversi/wpc-weights.txt", "r");
    if (!CHECK(f != NULL))
        return false;
    char line[256];
    int t = -1, n = 0;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "ctdl-2009", 9) || !strncmp(line, "standard", 8)) {
            t = line[0] == 's';
            n = 0;
            continue;
        }
        char *p = line, *end;
        for (double v = strtod(p, &end); t >= 0 && end != p && n < 64; v = strtod(p, &end)) {
            file_table[t][n++] = (int)(v * 100 + (v < 0 ? -0.5 : 0.5));
            p = end;
        }
    }
    fclose(f);
    return CHECK_EQ(n, 64);
}

static void test_eval(void)
{
    if (!read_tables())
        return;
    for (int t = 0; t < 2; t++)
        for (int s = 0; s < 64; s++)
            CHECK_EQ(rv_wpc_table((rv_wpc)t)[s], file_table[t][s]);
    static const int sizes[][2] = { { 8, 8 }, { 16, 8 }, { 8, 16 }, { 16, 16 }, { 32, 16 }, { 32, 32 }, { 64, 32 },
                                    { 64, 64 }, { 8, 64 } };
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int i = 0; i < 12; i++) {
            rvb b;
            random_board(&b, sizes[z][0], sizes[z][1], rng_below(&rng, 3 * sizes[z][0] * sizes[z][1] / 4));
            /* And discs on the edges and corners, too. */
            for (int k = 0; k < 20 && i % 2; k++) {
                const int s = rng_below(&rng, b.width * b.height), bit = s % 64;
                b.me[s / 64] &= ~(1ULL << bit);
                b.opp[s / 64] &= ~(1ULL << bit);
                (k % 2 ? b.me : b.opp)[s / 64] |= 1ULL << bit;
            }
            ref_board r;
            ref_from_rvb(&r, &b);
            rv_search_options o;
            rv_search_defaults(&o);
            o.wpc = (rv_wpc)(i % 2);
            o.mobility_weight = rng_below(&rng, 30);
            if (!CHECK_MSG(rv_evaluate(&b, &o) == ref_eval(&r, o.wpc, o.mobility_weight), "%dx%d: %d, reference %d",
                           b.width, b.height, rv_evaluate(&b, &o), ref_eval(&r, o.wpc, o.mobility_weight)))
                return;
        }
}

/* ---- the search -------------------------------------------------------------- */

/* split: the split depth, 0 for the default. */
static rv_result search_split_with(const rvb *b, rv_algo algo, int depth, int threads, rv_parallel parallel, int split)
{
    rv_search_options o;
    rv_search_defaults(&o);
    o.algo = algo;
    o.depth = depth;
    o.threads = threads;
    o.parallel = parallel;
    o.split_depth = split;
    o.tt_bytes = 1 << 20;
    rv_result r;
    char err[128];
    CHECK_EQ(rv_search(b, &o, &r, err, sizeof err), 0);
    return r;
}

static rv_result search_with(const rvb *b, rv_algo algo, int depth, int threads, rv_parallel parallel)
{
    return search_split_with(b, algo, depth, threads, parallel, 0);
}

/* PVS on 3 threads (YBWC) sharing the moves of nodes of split or more plies left. */
static rv_result search_split(const rvb *b, int depth, int split)
{
    return search_split_with(b, RV_ALGO_PVS, depth, 3, RV_PAR_YBWC, split);
}

static rv_result search(const rvb *b, rv_algo algo, int depth, int threads)
{
    return search_with(b, algo, depth, threads, RV_PAR_YBWC);
}

/* The move's value is the score: its child searched one ply less. */
static void check_best_move(const rvb *b, const rv_result *r)
{
    rvb c;
    rvb_copy(&c, b);
    if (r->move == RVB_PASS) {
        CHECK_EQ(rvb_mobility(b, false), 0);
        rvb_pass(&c);
    } else if (!CHECK(rvb_play(&c, r->move))) {
        return;
    }
    rv_search_options o;
    rv_search_defaults(&o);
    const int v = r->depth == 1 ? rv_evaluate(&c, &o) : search(&c, RV_ALGO_ALPHABETA, r->depth - 1, 1).score;
    CHECK_MSG(-v == r->score, "%dx%d depth %d: move %d scores %d, not %d", b->width, b->height, r->depth, r->move, -v,
              r->score);
}

static void algos_on(int width, int height, int positions, int max_depth)
{
    for (int i = 0; i < positions; i++) {
        rvb b;
        random_board(&b, width, height, rng_below(&rng, width * height / 2));
        for (int d = 1; d <= max_depth; d++) {
            const rv_result m = search(&b, RV_ALGO_MINIMAX, d, 1), a = search(&b, RV_ALGO_ALPHABETA, d, 1),
                            p = search(&b, RV_ALGO_PVS, d, 1);
            if (!CHECK_MSG(m.score == a.score && a.score == p.score, "%dx%d #%d depth %d: minimax %d alphabeta %d pvs %d",
                           width, height, i, d, m.score, a.score, p.score))
                return;
            CHECK(m.depth == d && a.depth == d && p.depth == d);
            CHECK(a.nodes <= m.nodes);
            check_best_move(&b, &a);
            check_best_move(&b, &p);
        }
    }
}

static void test_algos(void)
{
    algos_on(8, 8, 12, 5);
    algos_on(16, 8, 5, 4);
    algos_on(16, 16, 3, 3);
    algos_on(32, 32, 2, 2);
    /* A finished game: no move, its final score. */
    rvb b;
    char err[64];
    rvb_init(&b, 8, 8, err, sizeof err);
    CHECK_EQ(rvb_parse_moves(&b, "d3c3b3d2e1d6d7e3f4", &(bool){ 0 }, err, sizeof err), 0);
    const rv_result r = search(&b, RV_ALGO_PVS, 4, 1);
    CHECK_EQ(r.move, RVB_NO_MOVE);
    CHECK_EQ(r.score, rv_final_value(&b));
}

static void test_reference(void)
{
    if (!read_tables())
        return;
    static const int sizes[][2] = { { 8, 8 }, { 16, 8 }, { 16, 16 }, { 32, 16 }, { 8, 32 } };
    for (size_t z = 0; z < sizeof sizes / sizeof sizes[0]; z++)
        for (int i = 0; i < 6; i++) {
            rvb b;
            random_board(&b, sizes[z][0], sizes[z][1], rng_below(&rng, sizes[z][0] * sizes[z][1] / 2));
            ref_board r;
            ref_from_rvb(&r, &b);
            for (int d = 1; d <= 2; d++) {
                const int want = ref_minimax(&r, d, RV_WPC_CTDL, RV_DEFAULT_MOBILITY);
                if (!CHECK_MSG(search(&b, RV_ALGO_PVS, d, 1).score == want, "%dx%d depth %d: reference %d",
                               b.width, b.height, d, want))
                    return;
            }
        }
}

/* Every design on 2, 3, 4 and 8 threads (more threads than cores here:
 * splits, cutoffs and races happen all the same) gives the serial score,
 * and a move that reaches it; depths from 1 to past the split depth. */
static void threads_on(int width, int height, int positions, int max_depth)
{
    static const int counts[] = { 2, 3, 4, 8 };
    for (int i = 0; i < positions; i++) {
        rvb b;
        random_board(&b, width, height, rng_below(&rng, width * height / 2));
        for (int d = 1; d <= max_depth; d++)
            for (int algo = RV_ALGO_MINIMAX; algo <= RV_ALGO_PVS; algo++) {
                if (algo != RV_ALGO_PVS && d > max_depth - 2)
                    continue;
                const rv_result s = search(&b, (rv_algo)algo, d, 1);
                for (int par = RV_PAR_YBWC; par <= RV_PAR_LAZY; par++)
                    for (size_t t = 0; t < sizeof counts / sizeof counts[0]; t++) {
                        const rv_result p = search_with(&b, (rv_algo)algo, d, counts[t], (rv_parallel)par);
                        if (!CHECK_MSG(p.score == s.score && p.depth == d,
                                       "%dx%d algo %d depth %d parallel %d threads %d: %d, serial %d", b.width,
                                       b.height, algo, d, par, counts[t], p.score, s.score))
                            return;
                        check_best_move(&b, &p);
                    }
            }
    }
}

static void test_threads(void)
{
    threads_on(8, 8, 4, 7);
    threads_on(16, 8, 2, 6);
    threads_on(16, 16, 2, 5);
    threads_on(32, 32, 1, 4);
}

/* ---- pinned values -------------------------------------------------------- */

/* Scores and serial node counts recorded before the search was made faster
 * (issue 20): the cost per node may change, the trees may not.  Positions
 * after random games of their own seed; PVS on 2 threads, and on 3
 * threads splitting nodes of 1 and 2 plies left, must give the same score. */
static void test_pinned(void)
{
    static const struct {
        int width, height, plies, depths;   /* depths 1..depths */
        int score[7];                       /* the same for alpha-beta and PVS */
        uint64_t ab_nodes[7], pvs_nodes[7];
    } pins[] = {
        { 8, 8, 20, 7, { -123, -122, -94, -102, -68, -71, -35 },
          { 7, 36, 190, 778, 3460, 13047, 67854 }, { 8, 37, 182, 1099, 1869, 5430, 15772 } },
        { 16, 16, 60, 5, { 62, 48, 52, 38, 32 },
          { 29, 206, 3073, 19507, 216969 }, { 34, 132, 1453, 4848, 31162 } },
        { 16, 16, 180, 5, { -338, -357, -285, -280, -214 },
          { 33, 160, 1961, 12536, 186069 }, { 35, 154, 1625, 5681, 35955 } },
        { 32, 32, 300, 3, { 90, 78, 84 },
          { 72, 735, 24781 }, { 76, 392, 6463 } },
        { 32, 32, 700, 3, { 100, 90, 102 },
          { 97, 1087, 34323 }, { 99, 383, 9813 } },
        { 64, 32, 800, 3, { -124, -150, -148 },
          { 99, 1217, 53031 }, { 102, 521, 13895 } },
        { 64, 64, 400, 3, { 162, 144, 140 },
          { 81, 1045, 26417 }, { 86, 585, 9032 } },
        { 64, 64, 2000, 3, { 128, 114, 114 },
          { 198, 1879, 90076 }, { 202, 862, 43887 } },
    };
    const test_rng saved = rng;
    for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++) {
        rng = (test_rng){ 0x5eed0000ULL + (uint64_t)pins[i].plies };
        rvb b;
        random_board(&b, pins[i].width, pins[i].height, pins[i].plies);
        for (int d = 1; d <= pins[i].depths; d++) {
            const rv_result a = search(&b, RV_ALGO_ALPHABETA, d, 1), p = search(&b, RV_ALGO_PVS, d, 1),
                            t = search(&b, RV_ALGO_PVS, d, 2), s1 = search_split(&b, d, 1), s2 = search_split(&b, d, 2);
            CHECK_MSG(a.score == pins[i].score[d - 1] && a.nodes == pins[i].ab_nodes[d - 1] &&
                          p.score == pins[i].score[d - 1] && p.nodes == pins[i].pvs_nodes[d - 1] && t.score == p.score &&
                          s1.score == p.score && s2.score == p.score,
                      "%dx%d after %d plies depth %d: alpha-beta %d (%llu nodes), pvs %d (%llu), 2 threads %d, "
                      "split at 1 %d, at 2 %d",
                      pins[i].width, pins[i].height, pins[i].plies, d, a.score, (unsigned long long)a.nodes, p.score,
                      (unsigned long long)p.nodes, t.score, s1.score, s2.score);
        }
    }
    rng = saved;
}

/* ---- time and stop ---------------------------------------------------------- */

static void *raise_later(void *arg)
{
    nanosleep(&(struct timespec){ 0, 50 * 1000 * 1000 }, NULL);
    gts_stop_raise(arg);
    return NULL;
}

static void check_legal(const rvb *b, const rv_result *r)
{
    rvb c;
    rvb_copy(&c, b);
    CHECK(r->move == RVB_PASS ? rvb_mobility(b, false) == 0 : rvb_play(&c, r->move));
}

static void test_time(void)
{
    rvb b;
    random_board(&b, 16, 16, 20);
    for (int run = 0; run < 4; run++) {
        /* Serial, then each design on 3 threads. */
        rv_search_options o;
        rv_search_defaults(&o);
        o.depth = RV_MAX_DEPTH;
        o.time_ms = 100;
        o.threads = run ? 3 : 1;
        o.parallel = (rv_parallel)(run ? run - 1 : 0);
        rv_result r;
        char err[128];
        CHECK_EQ(rv_search(&b, &o, &r, err, sizeof err), 0);
        CHECK(r.depth >= 1 && r.depth < RV_MAX_DEPTH);
        CHECK_MSG(r.usec < 3e6, "a 100 ms search took %.0f ms", r.usec / 1000);
        check_legal(&b, &r);
        /* The score is that of the last whole depth. */
        CHECK_EQ(r.score, search(&b, RV_ALGO_PVS, r.depth, 1).score);

        /* A stop raised from outside: the last whole depth stands. */
        gts_stop stop = GTS_STOP_INIT;
        o.time_ms = 0;
        o.stop = &stop;
        pthread_t th;
        pthread_create(&th, NULL, raise_later, &stop);
        CHECK_EQ(rv_search(&b, &o, &r, err, sizeof err), 0);
        pthread_join(th, NULL);
        CHECK(r.depth < RV_MAX_DEPTH);
        check_legal(&b, &r);
        /* Raised before: no depth, still a legal move. */
        CHECK_EQ(rv_search(&b, &o, &r, err, sizeof err), 0);
        CHECK_EQ(r.depth, 0);
        check_legal(&b, &r);
    }
    rv_search_options o;
    rv_search_defaults(&o);
    char err[128];
    o.depth = 0;
    CHECK(rv_searcher_create(&o, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "out of range");
    o.depth = 4;
    o.threads = 0;
    CHECK(rv_searcher_create(&o, err, sizeof err) == NULL);
    o.threads = 1;
    o.parallel = (rv_parallel)3;
    CHECK(rv_searcher_create(&o, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "parallel");
    /* A searcher kept over positions of several sizes and cleared, its
     * threads asleep between searches. */
    for (int threads = 1; threads <= 4; threads += 3) {
        o.threads = threads;
        o.parallel = RV_PAR_YBWC;
        rv_searcher *s = rv_searcher_create(&o, err, sizeof err);
        if (!CHECK(s != NULL))
            return;
        for (int z = 0; z < 3; z++) {
            random_board(&b, 8 << z, 8, 10);
            rv_result r;
            rv_searcher_run(s, &b, &r);
            CHECK_EQ(r.score, search(&b, RV_ALGO_MINIMAX, 4, 1).score);
            rv_searcher_run(s, &b, &r);
            CHECK_EQ(r.score, search(&b, RV_ALGO_MINIMAX, 4, 1).score);
            rv_searcher_clear(s);
        }
        rv_searcher_set_time(s, 1);
        random_board(&b, 64, 64, 200);
        rv_result r;
        rv_searcher_run(s, &b, &r);
        CHECK(r.depth >= 1);
        rv_searcher_free(s);
    }
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "eval", test_eval }, { "algos", test_algos }, { "reference", test_reference }, { "threads", test_threads },
        { "time", test_time }, { "pinned", test_pinned },
    };
    return check_run_parts(argc, argv, "test_reversi_search", parts, sizeof parts / sizeof *parts);
}
