/*
 * The 8x8 GPU code on the CPU executor, against the CPU: the table-free
 * flips against rv_flips, the GPU perft's and the threaded perft's counts
 * against rv_perft from the start and from endgame positions with passes
 * and finished games; the batch solver (GPU code, CPU threads) against
 * rv_solve, its best moves checked by the score they reach; the batch in
 * windows (rv_batch_window); stops.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gts/reversi.h"
#include "reversi/rv_8x8_bits.h"
#include "test_rng.h"

/* A position by random play to `empties` empties (rv_random_position);
 * false if the game ended first. */
static bool random_position(test_rng *rng, int empties, rv_pos *p)
{
    bool black;
    return rv_random_position(&rng->s, empties, p, &black);
}

static void test_flips(void)
{
    test_rng rng = { 20 };
    for (int game = 0; game < 2000; game++) {
        rv_pos p;
        if (!random_position(&rng, 4 + rng_below(&rng, 56), &p))
            continue;
        const uint64_t empty = ~(p.me | p.opp);
        CHECK_EQ_U64(rv_moves_scalar(p.me, p.opp), rv_moves(p.me, p.opp));
        for (uint64_t e = empty; e; e &= e - 1) {
            const int sq = __builtin_ctzll(e);
            if (!CHECK_EQ_U64(rv_flips_shift(p.me, p.opp, sq), rv_flips(p.me, p.opp, sq)))
                return;
        }
    }
}

/* Positions to count from: the start, a side to move that must pass, and
 * endgames where games finish within the depth. */
static int perft_positions(rv_pos *out, int room)
{
    test_rng rng = { 7 };
    int n = 0;
    rv_start(&out[n++]);
    for (int tries = 0; tries < 10000 && n < 2; tries++) {
        rv_pos p;
        if (random_position(&rng, 8 + rng_below(&rng, 10), &p) && !rv_moves(p.me, p.opp) &&
            rv_moves(p.opp, p.me))
            out[n++] = p;
    }
    CHECK_EQ(n, 2);
    static const int empties[] = { 5, 8, 11, 14 };
    for (int i = 0; i < 4 && n < room; i++)
        if (random_position(&rng, empties[i], &out[n]))
            n++;
    return n;
}

static void test_perft(void)
{
    rv_pos positions[8];
    const int n = perft_positions(positions, 8);
    char err[256];
    for (int i = 0; i < n; i++) {
        for (int d = 0; d <= 9; d++) {
            const uint64_t want = rv_perft(&positions[i], d);
            const rv_perft_options gpu_code = { .gpu = true, .cpu_executor = true };
            const rv_perft_options threads = { .threads = 3 };
            rv_perft_result r;
            CHECK(rv_perft_run(&positions[i], d, &gpu_code, &r, err, sizeof err) == 0);
            CHECK_MSG(r.leaves == want, "position %d depth %d: gpu code %llu, rv_perft %llu", i, d,
                      (unsigned long long)r.leaves, (unsigned long long)want);
            CHECK(rv_perft_run(&positions[i], d, &threads, &r, err, sizeof err) == 0);
            CHECK_MSG(r.leaves == want, "position %d depth %d: 3 threads %llu, rv_perft %llu", i, d,
                      (unsigned long long)r.leaves, (unsigned long long)want);
        }
    }
    /* The known counts from the start. */
    static const uint64_t known[] = { 1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288 };
    for (int d = 0; d <= 9; d++)
        CHECK_EQ_U64(rv_perft(&positions[0], d), known[d]);
}

/* Positions at 0..12 empties by random play, some of them with a pass to
 * play and some finished games. */
static size_t solve_positions(rv_pos *out, size_t room)
{
    test_rng rng = { 12 };
    size_t n = 0;
    while (n < room) {
        rv_pos p;
        if (!random_position(&rng, rng_below(&rng, 13), &p))
            continue;
        out[n++] = p;
        rv_pass(&p);   /* the other side to move: now and then a pass */
        if (n < room && rng_below(&rng, 4) == 0)
            out[n++] = p;
        if (n < room && rng_below(&rng, 8) == 0) {
            /* Played to the end by the first moves: a finished game. */
            while (!rv_game_over(&p)) {
                const uint64_t moves = rv_moves(p.me, p.opp);
                if (!moves) {
                    rv_pass(&p);
                    continue;
                }
                const int sq = __builtin_ctzll(moves);
                rv_play(&p, sq, rv_flips(p.me, p.opp, sq));
            }
            out[n++] = p;
        }
    }
    return n;
}

/* Whether move reaches score from p (wld: its sign), by rv_solve. */
static bool reaches(const rv_pos *p, int move, int score, bool wld)
{
    rv_solve_options o;
    rv_solve_defaults(&o);
    o.wld = wld;
    o.tt_bytes = (size_t)1 << 20;
    rv_solve_result r;
    char err[256];
    rv_pos q = *p;
    if (move == RV_NO_MOVE)
        return rv_game_over(p);
    if (move == RV_PASS) {
        if (rv_moves(p->me, p->opp))
            return false;
        rv_pass(&q);
    } else {
        const uint64_t flips = rv_flips(p->me, p->opp, move);
        if (!flips)
            return false;
        rv_play(&q, move, flips);
    }
    return rv_solve(&q, &o, &r, err, sizeof err) == 0 && -r.score == score;
}

static void check_batch(const rv_pos *p, size_t n, const rv_batch_options *o)
{
    rv_batch_answer *a = calloc(n, sizeof *a);
    rv_batch_stats stats;
    char err[256];
    rv_solve_options so;
    rv_solve_defaults(&so);
    so.wld = o->wld;
    so.tt_bytes = (size_t)1 << 20;
    CHECK(rv_solve_batch(p, n, o, a, &stats, err, sizeof err) == 0);
    size_t handed_back = 0;
    for (size_t i = 0; i < n; i++)
        handed_back += a[i].handed_back;
    CHECK_EQ(handed_back, stats.handed_back);
    /* A budget of 4096 nodes: the lanes hand back a few of the positions
     * (7 of these 250 of up to 12 empties), no budget none. */
    if (o->gpu_budget)
        CHECK_GT(handed_back, 2);
    else
        CHECK_EQ(handed_back, 0);
    for (size_t i = 0; i < n; i++) {
        rv_solve_result r;
        CHECK(rv_solve(&p[i], &so, &r, err, sizeof err) == 0);
        if (!CHECK_MSG(a[i].score == r.score, "position %zu (%d empties, %s): batch %d, rv_solve %d", i,
                       rv_empties(&p[i]), o->gpu ? "gpu code" : "threads", a[i].score, r.score))
            break;
        /* The CPU solver's --wld names no move for a loss (every move
         * loses); the GPU code names one. */
        const bool cpu_loss = !o->gpu && o->wld && a[i].score < 0 && a[i].move == RV_NO_MOVE;
        if (!CHECK_MSG(cpu_loss || reaches(&p[i], a[i].move, a[i].score, o->wld), "position %zu (%s, wld %d): move %d does not reach %d", i, o->gpu ? "gpu code" : "threads", o->wld,
                       a[i].move, a[i].score))
            break;
    }
    free(a);
}

static void test_solve(void)
{
    static rv_pos p[250];
    const size_t n = solve_positions(p, 250);
    int passes = 0, ends = 0;
    for (size_t i = 0; i < n; i++) {
        passes += !rv_moves(p[i].me, p[i].opp) && !rv_game_over(&p[i]);
        ends += rv_game_over(&p[i]);
    }
    CHECK_GT(passes, 0);
    CHECK_GT(ends, 0);
    for (int wld = 0; wld <= 1; wld++) {
        check_batch(p, n, &(rv_batch_options){ .gpu = true, .cpu_executor = true, .wld = wld });
        check_batch(p, n, &(rv_batch_options){ .gpu = true, .cpu_executor = true, .threads = 3, .wld = wld });
        check_batch(p, n,
                    &(rv_batch_options){ .gpu = true, .cpu_executor = true, .threads = 2, .wld = wld,
                                         .gpu_budget = 4096, .tt_bytes = (size_t)1 << 20 });
        check_batch(p, n, &(rv_batch_options){ .threads = 3, .wld = wld, .tt_bytes = (size_t)1 << 20 });
    }
}

/* on_solved: each position told once. */
static void count_told(void *arg, size_t i)
{
    atomic_int *told = arg;
    atomic_fetch_add(&told[i], 1);
}

/* Positions of more empties than the lanes take that the CPU solves in a
 * blink (the sanitizer build is slow): two of fforum-20-39 (21 and 26
 * empties, 0.1 s and 0.03 s on one thread), with their known scores, and
 * sparse boards whose game ends in a move or two. */
static const struct {
    const char *board;
    int score;   /* the known one; 99: the CPU solver's alone */
} deep_positions[] = {
    { "--XXX-----XXXX-OOOXXOOOOOOOOOOXO-OOXXXXO-OOOXXXO---XOXX---X----- O", 0 },
    { "O-OOOO--XOXXOX--XOOOXXX-XOOOXX--XOOXOX--XOXXX---X-XX------------ O", 64 },
    { "XO-------------------------------------------------------------O X", 99 },
    { "X-----------------------------------------------------------XO-- O", 99 },
    { "XO----------------------------------------------------------X--O X", 99 },
    { "X------O------------------------------------------------------OX X", 99 },
};

/* A batch mixing positions the lanes take (up to 12 empties) with six of
 * more than they take: every answer the CPU solver's (and the known
 * scores), every position told once, and the counts of who solved what
 * add up to the batch, the deep ones by the CPU (one thread each, then
 * the last ones all the threads together). */
static void test_deep(void)
{
    enum { SHALLOW = 40, DEEP = 6, N = SHALLOW + DEEP };
    static rv_pos p[N];
    int known[N];
    rv_pos shallow[250];
    CHECK_GT(solve_positions(shallow, 250), SHALLOW);
    for (size_t i = 0, s = 0, d = 0; i < N; i++) {
        known[i] = 99;
        if (i % 7 == 3 && d < DEEP) {
            char err[256];
            bool black;
            CHECK(rv_parse_board(deep_positions[d].board, deep_positions[d].board[65], &p[i], &black, err,
                                 sizeof err) == 0);
            CHECK_GT(rv_empties(&p[i]), RV_GPU_MAX_EMPTIES);
            known[i] = deep_positions[d++].score;
        } else {
            p[i] = shallow[s++];
        }
    }
    /* The CPU solver's scores, once. */
    int want[N];
    rv_solve_options so;
    rv_solve_defaults(&so);
    so.tt_bytes = (size_t)1 << 20;
    for (size_t i = 0; i < N; i++) {
        rv_solve_result r;
        char err[256];
        CHECK(rv_solve(&p[i], &so, &r, err, sizeof err) == 0);
        want[i] = r.score;
        CHECK_MSG(known[i] == 99 || r.score == known[i], "position %zu: rv_solve %d, known %d", i, r.score, known[i]);
    }
    static atomic_int told[N];
    /* 1 thread: the lanes alone and all the deep ones together after
     * them; 2: one beside, which takes the six deep ones (more than two a
     * thread) one by one; 4: the six together (fewer than two a
     * thread). */
    for (int threads = 1; threads <= 4; threads *= 2) {
        for (size_t i = 0; i < N; i++)
            atomic_store(&told[i], 0);
        const rv_batch_options o = { .gpu = true, .cpu_executor = true, .threads = threads, .cpu_beside = true,
                                     .gpu_budget = 4096, .tt_bytes = (size_t)1 << 20, .on_solved = count_told,
                                     .on_solved_arg = told };
        rv_batch_answer a[N];
        rv_batch_stats stats;
        char err[256];
        if (!CHECK(rv_solve_batch(p, N, &o, a, &stats, err, sizeof err) == 0))
            return;
        CHECK_EQ(stats.too_deep, DEEP);
        CHECK_EQ(stats.too_few, 0);
        CHECK_EQ(stats.together, threads == 2 ? 0 : DEEP);
        CHECK_EQ(stats.lanes + stats.beside + stats.handed_back + stats.too_deep, N);
        CHECK_GT(stats.lanes, 0);
        for (size_t i = 0; i < N; i++)
            CHECK_MSG(a[i].score == want[i] && atomic_load(&told[i]) == 1,
                      "%d threads, position %zu (%d empties): batch %d, rv_solve %d, told %d times", threads, i,
                      rv_empties(&p[i]), a[i].score, want[i], atomic_load(&told[i]));
    }
}

/* The answers of rv_batch_window_solve for one window, checked against
 * rv_solve_batch's and the notes' order. */
typedef struct window_check {
    const rv_batch_answer *want;
    size_t next;            /* the note expected next */
    bool flushed;           /* the last answer told said to flush */
} window_check;

static void check_window_answer(void *ctx, const void *note, const rv_batch_answer *a, bool flush)
{
    window_check *c = ctx;
    c->flushed = flush;
    size_t i;
    memcpy(&i, note, sizeof i);
    CHECK_EQ(i, c->next);
    CHECK_EQ(a->score, c->want[i].score);
    CHECK_EQ_U64(a->nodes, c->want[i].nodes);
    c->next++;
}

/* Ten positions in windows of four: three windows, each answer with its
 * note in the order added, the nodes summed. */
static void test_window(void)
{
    rv_pos p[10];
    test_rng rng = { 5 };
    for (int i = 0; i < 10; i++)
        while (!random_position(&rng, 10, &p[i]))
            ;
    const rv_batch_options o = { .gpu = true, .cpu_executor = true, .threads = 2 };
    rv_batch_answer want[10];
    rv_batch_stats stats;
    char err[256];
    CHECK(rv_solve_batch(p, 10, &o, want, &stats, err, sizeof err) == 0);
    rv_batch_window *w = rv_batch_window_create(&o, 4, sizeof(size_t), err, sizeof err);
    if (!CHECK(w != NULL))
        return;
    window_check c = { want, 0, false };
    uint64_t nodes = 0;
    for (size_t i = 0; i < 10; i++) {
        nodes += want[i].nodes;
        const int full = rv_batch_window_add(w, &p[i], &i, err, sizeof err);
        CHECK_EQ(full, i % 4 == 3);
        if (full) {
            c.flushed = false;
            CHECK(rv_batch_window_solve(w, check_window_answer, &c, err, sizeof err) == 0);
            CHECK_MSG(c.flushed, "a window's last answer is told with a flush");
        }
    }
    CHECK_EQ(rv_batch_window_count(w), 2);
    CHECK(rv_batch_window_solve(w, check_window_answer, &c, err, sizeof err) == 0);
    CHECK_EQ(c.next, 10);
    const rv_batch_window_totals *t = rv_batch_window_sums(w);
    CHECK_EQ(t->windows, 3);
    CHECK_EQ_U64(t->nodes, nodes);
    rv_batch_window_free(w);
}

/* A raised stop ends a count of hours at once. */
static void test_stop(void)
{
    gts_stop stop = GTS_STOP_INIT;
    gts_stop_raise(&stop);
    rv_pos p;
    rv_start(&p);
    char err[256];
    rv_perft_result r;
    const rv_perft_options threads = { .threads = 2, .stop = &stop };
    const rv_perft_options gpu_code = { .gpu = true, .cpu_executor = true, .stop = &stop };
    CHECK(rv_perft_run(&p, 16, &threads, &r, err, sizeof err) != 0);
    CHECK_MSG(strcmp(err, "stopped") == 0, "err '%s', expected 'stopped'", err);
    CHECK(rv_perft_run(&p, 16, &gpu_code, &r, err, sizeof err) != 0);
    CHECK_MSG(strcmp(err, "stopped") == 0, "err '%s', expected 'stopped'", err);
    /* The batch solvers: nothing solved, every answer marked so. */
    rv_pos batch[3];
    test_rng rng = { 3 };
    for (int i = 0; i < 3; i++)
        while (!random_position(&rng, 16, &batch[i]))
            ;
    rv_batch_answer a[3];
    rv_batch_stats stats;
    for (int gpu = 0; gpu <= 1; gpu++) {
        const rv_batch_options o = { .gpu = gpu, .cpu_executor = true, .threads = 2, .stop = &stop };
        CHECK(rv_solve_batch(batch, 3, &o, a, &stats, err, sizeof err) == 0);
        for (int i = 0; i < 3; i++)
            CHECK_EQ(a[i].move, RV_NOT_SOLVED);
    }
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "flips", test_flips },
        { "perft", test_perft },
        { "solve", test_solve },
        { "deep", test_deep },
        { "window", test_window },
        { "stop", test_stop },
    };
    return check_run_parts(argc, argv, "test_reversi_gpu", parts, sizeof parts / sizeof *parts);
}
