/*
 * The GPU solver's host side and per-thread search, run on the CPU
 * executor (the same code the kernel runs): scores against the test sets
 * and the CPU solver, the report's plain kernel against the sequential
 * alpha-beta node for node, the split and finish at every depth, tables
 * shared between threads, other board sizes, option errors, a stop
 * token raised before and during a solve, and the CPU solver's threads
 * beside the executors on one queue.
 *
 * usage: test_c4_gpu [PART]   (plain, full, split, resplit, sizes, errors, stop,
 * queue; none: all)
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gts/c4_gpu.h"
#include "gts/c4_solver.h"
#include "gts/gpu.h"
#include "test_stop.h"
#include "test_util.h"

#define MAX_LINES 64

/* The executor with opt; gts's automatic split depth and node budget
 * become fixed ones (the tests pick their depths; test_resplit the
 * budget). */
static c4_gpu *open_cpu(const c4_geom *g, c4_gpu_options opt, int threads)
{
    char err[256];
    if (opt.split_depth < 0)
        opt.split_depth = 0;
    if (opt.node_limit == C4_GPU_BUDGET_AUTO)
        opt.node_limit = 0;
    if (opt.tt_bytes > ((size_t)16 << 20))
        opt.tt_bytes = (size_t)16 << 20;    /* clearing a big one would dominate the tests */
    opt.cpu = true;
    opt.cpu_threads = threads;
    c4_gpu *gpu = c4_gpu_create(g, &opt, err, sizeof err);
    if (!CHECK_MSG(gpu != NULL, "c4_gpu_create: %s", err))
        exit(1);
    return gpu;
}

/* Solves lines[0..n) in one batch and checks every score. */
static void check_batch(c4_gpu *gpu, const test_line *lines, int n, bool weak, const char *what)
{
    c4_pos ps[MAX_LINES] = { { 0 } };
    int scores[MAX_LINES];
    char err[256];
    for (int i = 0; i < n; i++)
        CHECK(c4_parse(&c4_standard, &ps[i], lines[i].moves, err, sizeof err) == 0);
    c4_gpu_stats st = { 0 };
    if (!CHECK_MSG(c4_gpu_solve(gpu, ps, n, weak, scores, NULL, NULL, &st, err, sizeof err) == 0, "%s", err))
        return;
    for (int i = 0; i < n; i++) {
        const int want = weak ? (lines[i].score > 0) - (lines[i].score < 0) : lines[i].score;
        if (!CHECK_MSG(scores[i] == want, "%s: %s scored %d, expected %d", what, lines[i].moves, scores[i], want))
            break;
    }
    CHECK(st.nodes > 0);
    CHECK(st.total_us >= st.kernel_us);
}

/* The report's kernel is the sequential alpha-beta: with no table and no
 * split, the same nodes position by position. */
static void test_plain(void)
{
    test_line lines[MAX_LINES];
    const char *sets[] = { "Test_L3_R1", "Test_L2_R1" };
    for (int s = 0; s < 2; s++) {
        const int n = load_test_set(sets[s], lines, s == 0 ? 60 : 10);
        c4_gpu *gpu = open_cpu(&c4_standard, c4_gpu_report_options(0, false), 1);
        c4_options o = c4_default_options();
        o.algo = C4_ALGO_ALPHABETA;
        char err[256];
        c4_solver *cpu = c4_solver_create(&c4_standard, &o, err, sizeof err);
        for (int i = 0; i < n; i++) {
            c4_pos p;
            CHECK(c4_parse(&c4_standard, &p, lines[i].moves, err, sizeof err) == 0);
            int score;
            uint64_t nodes;
            c4_gpu_stats st = { 0 };
            c4_result r;
            CHECK(c4_gpu_solve(gpu, &p, 1, false, &score, &nodes, NULL, &st, err, sizeof err) == 0);
            CHECK(c4_solve(cpu, &p, false, &r) == 0);
            CHECK_EQ(score, lines[i].score);
            if (!CHECK_MSG(nodes == r.nodes, "%s: %llu nodes on the executor, %llu sequential", lines[i].moves,
                           (unsigned long long)nodes, (unsigned long long)r.nodes))
                break;
            CHECK_EQ(st.items, 1);
        }
        c4_solver_free(cpu);
        /* With the table: same scores, fewer nodes in all. */
        c4_gpu_free(gpu);
        gpu = open_cpu(&c4_standard, c4_gpu_report_options(0, true), 1);
        check_batch(gpu, lines, n, false, "plain + table");
        check_batch(gpu, lines, n, true, "plain + table, weak");
        c4_gpu_free(gpu);
    }
}

/* gts's rule: strong and weak on samples of every set, one thread and
 * four sharing the table. */
static void test_full(void)
{
    test_line lines[MAX_LINES];
    const struct {
        const char *name;
        int n;
    } sets[] = { { "Test_L3_R1", 60 }, { "Test_L2_R1", 60 }, { "Test_L2_R2", 20 }, { "Test_L1_R1", 20 },
                 { "Test_L1_R2", 3 } };
    for (int s = 0; s < 5; s++) {
        const int n = load_test_set(sets[s].name, lines, sets[s].n);
        for (int threads = 1; threads <= 4; threads += 3) {
            c4_gpu *gpu = open_cpu(&c4_standard, c4_gpu_best_options(), threads);
            check_batch(gpu, lines, n, false, sets[s].name);
            check_batch(gpu, lines, n, true, sets[s].name);
            c4_gpu_free(gpu);
        }
    }
    /* No table at all. */
    const int n = load_test_set("Test_L2_R2", lines, 10);
    c4_gpu_options o = c4_gpu_best_options();
    o.tt_bytes = 0;
    c4_gpu *gpu = open_cpu(&c4_standard, o, 2);
    check_batch(gpu, lines, n, false, "full, no table");
    c4_gpu_free(gpu);
}

/* Unsettled positions `depth` plies below p: all, and distinct keys. */
static void count_frontier(const c4_pos *p, int depth, uint64_t *keys, int *all, int *distinct)
{
    int score;
    if (c4_final_score(&c4_standard, p, &score) || c4_can_win_next(&c4_standard, p))
        return;
    if (depth == 0) {
        ++*all;
        for (int k = 0; k < *distinct; k++)
            if (keys[k] == c4_key(p))
                return;
        keys[(*distinct)++] = c4_key(p);
        return;
    }
    for (int col = 0; col < 7; col++) {
        if (!c4_can_play(&c4_standard, p, col))
            continue;
        c4_pos q = *p;
        c4_play(&c4_standard, &q, col);
        count_frontier(&q, depth - 1, keys, all, distinct);
    }
}

/* The host split: every depth, with and without dedup and table, gives
 * the same scores; item counts follow the frontier. */
static void test_split(void)
{
    test_line lines[MAX_LINES];
    const int n = load_test_set("Test_L2_R1", lines, 12);
    for (int depth = 0; depth <= 4; depth++) {
        for (int variant = 0; variant < 3; variant++) {
            c4_gpu_options o = variant == 0   ? c4_gpu_report_options(depth, false)
                               : variant == 1 ? c4_gpu_report_options(depth, true)
                                              : c4_gpu_best_options();
            o.split_depth = depth;
            c4_gpu *gpu = open_cpu(&c4_standard, o, 2);
            check_batch(gpu, lines, n, false, variant == 2 ? "split, full" : "split, plain");
            check_batch(gpu, lines, n, true, variant == 2 ? "split, full, weak" : "split, plain, weak");
            c4_gpu_free(gpu);
        }
    }
    /* Frontier sizes against a count of our own: unsettled positions three
     * plies down, all of them, and distinct ones with dedup. */
    char err[256];
    c4_pos root;
    uint64_t keys[400];
    int all = 0, distinct = 0, line = 0;
    for (; line < n && distinct == all; line++) {     /* a line with transpositions */
        CHECK(c4_parse(&c4_standard, &root, lines[line].moves, err, sizeof err) == 0);
        all = distinct = 0;
        count_frontier(&root, 3, keys, &all, &distinct);
    }
    line--;
    for (int dedup = 0; dedup < 2; dedup++) {
        c4_gpu_options o = c4_gpu_best_options();
        o.split_depth = 3;
        o.node_limit = 0;
        o.dedup = dedup;
        c4_gpu *gpu = open_cpu(&c4_standard, o, 2);
        int score;
        c4_gpu_stats st = { 0 };
        CHECK(c4_gpu_solve(gpu, &root, 1, false, &score, NULL, NULL, &st, err, sizeof err) == 0);
        CHECK_EQ(score, lines[line].score);
        CHECK_EQ(st.items, (uint64_t)(dedup ? distinct : all));
        c4_gpu_free(gpu);
    }
    CHECK_LT(distinct, all);

    /* The automatic depth: enough items to fill a device, same scores. */
    const int loaded = load_test_set("Test_L3_R1", lines, 60);
    int m = 0;
    for (int i = 0; i < loaded && m < 5; i++) {     /* positions the host cannot settle */
        c4_pos p;
        CHECK(c4_parse(&c4_standard, &p, lines[i].moves, err, sizeof err) == 0);
        if (!c4_can_win_next(&c4_standard, &p))
            lines[m++] = lines[i];
    }
    CHECK_EQ(m, 5);
    c4_gpu_options o = c4_gpu_best_options();
    o.cpu = true;
    o.cpu_threads = 2;
    o.tt_bytes = (size_t)16 << 20;
    o.split_depth = -1;
    c4_gpu *gpu = c4_gpu_create(&c4_standard, &o, err, sizeof err);
    CHECK(gpu != NULL);
    c4_pos ps[5];
    int scores[5];
    for (int i = 0; i < m; i++)
        CHECK(c4_parse(&c4_standard, &ps[i], lines[i].moves, err, sizeof err) == 0);
    c4_gpu_stats st = { 0 };
    CHECK(c4_gpu_solve(gpu, ps, m, false, scores, NULL, NULL, &st, err, sizeof err) == 0);
    for (int i = 0; i < m; i++)
        CHECK_EQ(scores[i], lines[i].score);
    CHECK_GT(st.items, 5);
    c4_gpu_free(gpu);
}

/* Items that run out of their node budget are split with their windows
 * kept (young brothers wait, in rounds of launches): same scores, more
 * launches, at every budget and split depth. */
static void test_resplit(void)
{
    test_line lines[MAX_LINES];
    char err[256];
    const struct {
        const char *set;
        int n, budget, depth;
    } runs[] = { { "Test_L2_R1", 12, 16, 0 }, { "Test_L2_R1", 12, 64, 1 }, { "Test_L2_R2", 6, 256, 0 },
                 { "Test_L1_R1", 4, 1024, 0 }, { "Test_L1_R2", 2, -1, 0 } };   /* -1: the automatic budget */
    for (size_t r = 0; r < sizeof runs / sizeof *runs; r++) {
        const int n = load_test_set(runs[r].set, lines, runs[r].n);
        c4_gpu_options o = c4_gpu_best_options();
        o.tt_bytes = (size_t)16 << 20;
        o.cpu = true;
        o.cpu_threads = 2;
        o.split_depth = runs[r].depth;
        o.node_limit = runs[r].budget < 0 ? C4_GPU_BUDGET_AUTO : (uint64_t)runs[r].budget;
        c4_gpu *gpu = c4_gpu_create(&c4_standard, &o, err, sizeof err);
        CHECK(gpu != NULL);
        check_batch(gpu, lines, n, false, runs[r].set);
        check_batch(gpu, lines, n, true, runs[r].set);
        c4_pos ps[MAX_LINES];
        int scores[MAX_LINES];
        for (int i = 0; i < n; i++)
            CHECK(c4_parse(&c4_standard, &ps[i], lines[i].moves, err, sizeof err) == 0);
        c4_gpu_stats st = { 0 };
        CHECK(c4_gpu_solve(gpu, ps, n, false, scores, NULL, NULL, &st, err, sizeof err) == 0);
        CHECK_GT(st.rounds, 2);     /* long items were split, round after round */
        CHECK_GT(st.items, (uint64_t)n);
        c4_gpu_free(gpu);
    }
}

/* Other board sizes against the CPU solver, on random positions. */
static void test_sizes(void)
{
    const int dims[][2] = { { 4, 4 }, { 5, 4 }, { 6, 5 }, { 8, 5 }, { 5, 8 } };
    test_rng rng = { 12345 };
    for (size_t d = 0; d < sizeof dims / sizeof *dims; d++) {
        c4_geom g;
        char err[256], moves[64];
        CHECK(c4_geom_init(&g, dims[d][0], dims[d][1], err, sizeof err) == 0);
        c4_options o = c4_default_options();
        o.tt_bytes = (size_t)4 << 20;
        c4_solver *cpu = c4_solver_create(&g, &o, err, sizeof err);
        c4_gpu_options go = c4_gpu_best_options();
        go.tt_bytes = (size_t)4 << 20;
        go.split_depth = (int)d % 3;
        c4_gpu *gpu = open_cpu(&g, go, 2);
        c4_pos ps[16];
        int want[16], got[16], n = 0;
        while (n < 16) {
            const int stones = g.cells - 12 - rng_below(&rng, 6);
            if (stones < 0 || !random_position(&rng, &g, stones, &ps[n], moves))
                continue;
            c4_result r;
            c4_solver_clear(cpu);
            CHECK(c4_solve(cpu, &ps[n], false, &r) == 0);
            want[n++] = r.score;
        }
        c4_gpu_stats st = { 0 };
        CHECK(c4_gpu_solve(gpu, ps, n, false, got, NULL, NULL, &st, err, sizeof err) == 0);
        for (int i = 0; i < n; i++)
            if (!CHECK_MSG(got[i] == want[i], "%dx%d position %d: %d, CPU %d", g.width, g.height, i, got[i], want[i]))
                break;
        c4_gpu_free(gpu);
        c4_solver_free(cpu);
    }
}

static void test_errors(void)
{
    char err[256] = "";
    c4_gpu_options o = c4_gpu_best_options();
    o.cpu = true;
    o.split_depth = 9;
    CHECK(c4_gpu_create(&c4_standard, &o, err, sizeof err) == NULL);
    CHECK(strstr(err, "split depth 9") != NULL);
    o.split_depth = 0;
    o.tt_bytes = 64;
    CHECK(c4_gpu_create(&c4_standard, &o, err, sizeof err) == NULL);
    CHECK(strstr(err, "too small") != NULL);
    o = c4_gpu_best_options();
    o.block_threads = 100;
    CHECK(c4_gpu_create(&c4_standard, &o, err, sizeof err) == NULL);
    CHECK(strstr(err, "multiple of 32") != NULL);
    o = c4_gpu_best_options();
    o.cpu = true;
    o.cpu_threads = 0;
    CHECK(c4_gpu_create(&c4_standard, &o, err, sizeof err) == NULL);
    CHECK(strstr(err, "threads 0") != NULL);
    /* The device itself: without one, a clear reason. */
    if (gts_gpu_device_count() == 0) {
        o = c4_gpu_best_options();
        CHECK(c4_gpu_create(&c4_standard, &o, err, sizeof err) == NULL);
        CHECK_MSG(strstr(err, "no CUDA device") != NULL, "reason: %s", err);
    }
    /* An empty batch and already finished positions. */
    c4_gpu *gpu = open_cpu(&c4_standard, c4_gpu_best_options(), 1);
    c4_pos ps[1] = { { 0 } };
    int scores[1];
    c4_gpu_stats st = { 0 };
    CHECK(c4_gpu_solve(gpu, ps, 0, false, scores, NULL, NULL, &st, err, sizeof err) == 0);
    CHECK(c4_parse(&c4_standard, &ps[0], "121212", err, sizeof err) == 0);    /* wins at once */
    CHECK(c4_gpu_solve(gpu, ps, 1, false, scores, NULL, NULL, &st, err, sizeof err) == 0);
    CHECK_EQ(scores[0], 18);
    CHECK_EQ(st.items, 0);
    c4_gpu_free(gpu);
}

/* The stop token: raised before a solve, it fails at once; raised during
 * a long batch (Begin-Hard, split into rounds by the automatic budget) on
 * the CPU executor, the solve ends soon; reset, the same solver answers
 * right. */
static void test_stop(void)
{
    test_line lines[MAX_LINES];
    const int n = load_test_set("Test_L1_R3", lines, 16);
    c4_pos ps[MAX_LINES];
    int scores[MAX_LINES];
    char err[256];
    for (int i = 0; i < n; i++)
        CHECK(c4_parse(&c4_standard, &ps[i], lines[i].moves, err, sizeof err) == 0);
    gts_stop stop = GTS_STOP_INIT;
    c4_gpu_options o = c4_gpu_best_options();
    o.tt_bytes = (size_t)16 << 20;
    o.cpu = true;
    o.cpu_threads = 2;
    o.stop = &stop;
    c4_gpu *gpu = c4_gpu_create(&c4_standard, &o, err, sizeof err);
    if (!CHECK_MSG(gpu != NULL, "c4_gpu_create: %s", err))
        return;
    c4_gpu_stats st = { 0 };
    gts_stop_raise(&stop);
    strcpy(err, "");
    CHECK_EQ(c4_gpu_solve(gpu, ps, n, false, scores, NULL, NULL, &st, err, sizeof err), -1);
    CHECK_CONTAINS(err, "stopped");
    CHECK_EQ(st.rounds, 0);

    gts_stop_reset(&stop);
    test_raiser it;
    test_raise_later(&it, &stop, 0.05);
    CHECK_EQ(c4_gpu_solve(gpu, ps, n, false, scores, NULL, NULL, &st, err, sizeof err), -1);
    const double cpu = test_raise_join(&it);
    CHECK_CONTAINS(err, "stopped");
    CHECK_MSG(cpu < 5, "a stopped solve used %.2f s of CPU after the stop", cpu);

    gts_stop_reset(&stop);
    const int easy = load_test_set("Test_L2_R1", lines, 8);
    check_batch(gpu, lines, easy, false, "after a stop");
    c4_gpu_free(gpu);
}

/* What c4_gpu_solve_beside's line callback saw. */
typedef struct seen_lines {
    int count, order_errors;
    int score[MAX_LINES];
} seen_lines;

static void see_line(void *ctx, int i, const c4_result *r, bool gpu)
{
    seen_lines *s = ctx;
    (void)gpu;
    s->order_errors += i != s->count;
    if (i >= 0 && i < MAX_LINES)
        s->score[i] = r->score;
    s->count++;
}

/* The CPU solver's threads beside two executors on one queue: every
 * score the set's, each line seen once and in input order, the counts
 * adding up, whichever side answered each; stopped before it starts, no
 * line at all. */
static void test_queue(void)
{
    test_line lines[MAX_LINES], part[16];
    int n = 0;
    static const char *const sets[] = { "Test_L3_R1", "Test_L2_R1", "Test_L1_R1" };
    for (int k = 0; k < 3; k++) {
        const int m = load_test_set(sets[k], part, 16);
        for (int j = 0; j < m; j++)
            lines[k + 3 * j] = part[j];   /* a line of each set in turn */
        n += m;
    }
    c4_pos ps[MAX_LINES];
    char err[256];
    for (int i = 0; i < n; i++)
        CHECK(c4_parse(&c4_standard, &ps[i], lines[i].moves, err, sizeof err) == 0);
    gts_stop stop = GTS_STOP_INIT;
    c4_options co = c4_default_options();
    co.threads = 2;
    co.tt_bytes = (size_t)16 << 20;
    co.stop = &stop;
    c4_solver *cpu = c4_solver_create(&c4_standard, &co, err, sizeof err);
    c4_gpu_options o = c4_gpu_best_options();
    o.tt_bytes = (size_t)1 << 20;   /* cleared for every chunk */
    o.devices = 2;
    o.stop = &stop;
    c4_gpu *gpu = open_cpu(&c4_standard, o, 1);
    if (!CHECK_MSG(cpu != NULL, "c4_solver_create: %s", err))
        return;
    for (int weak = 0; weak <= 1; weak++) {
        c4_result r[MAX_LINES];
        seen_lines seen = { 0 };
        c4_beside_stats st = { 0 };
        CHECK_EQ(c4_gpu_solve_beside(gpu, cpu, ps, n, weak, r, see_line, &seen, &st), 0);
        CHECK_EQ(seen.count, n);
        CHECK_EQ(seen.order_errors, 0);
        for (int i = 0; i < n; i++) {
            const int want = weak ? (lines[i].score > 0) - (lines[i].score < 0) : lines[i].score;
            if (!CHECK_MSG(r[i].score == want && seen.score[i] == want, "%s scored %d (line %d), expected %d",
                           lines[i].moves, r[i].score, seen.score[i], want))
                break;
        }
        CHECK_EQ(st.by_gpu + st.by_cpu, (uint64_t)n);
        CHECK(st.twice <= (uint64_t)n);
        CHECK_STREQ(st.failed, "");
    }
    gts_stop_raise(&stop);
    c4_result r[MAX_LINES];
    seen_lines seen = { 0 };
    c4_beside_stats st = { 0 };
    CHECK_EQ(c4_gpu_solve_beside(gpu, cpu, ps, n, false, r, see_line, &seen, &st), -1);
    CHECK_EQ(seen.count, 0);
    CHECK_EQ(r[0].usec, -1);
    c4_gpu_free(gpu);
    c4_solver_free(cpu);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "plain", test_plain }, { "full", test_full }, { "split", test_split }, { "resplit", test_resplit },
        { "sizes", test_sizes }, { "errors", test_errors }, { "stop", test_stop }, { "queue", test_queue },
    };
    return check_run_parts(argc, argv, "test_c4_gpu", parts, sizeof parts / sizeof *parts);
}
