/*
 * c4_solve_batch: many positions over the solver's threads, against the
 * sample sets' expected scores, strong and weak, on 1, 3 and 4 threads;
 * fewer positions than threads (all threads on one); positions of very
 * different sizes (the helpers join the long one); a stop before the call
 * and during it, which keeps what was answered.
 */
#include <stdlib.h>

#include "check.h"
#include "gts/c4_solver.h"
#include "test_stop.h"
#include "test_util.h"

#define MAX_LINES 64

static int sign(int v)
{
    return (v > 0) - (v < 0);
}

static c4_solver *new_solver(int threads, gts_stop *stop)
{
    c4_options opt = c4_default_options();
    opt.threads = threads;
    opt.stop = stop;
    opt.tt_bytes = (size_t)16 << 20;
    char err[256];
    c4_solver *s = c4_solver_create(&c4_standard, &opt, err, sizeof err);
    if (!s) {
        fprintf(stderr, "c4_solver_create(%d threads): %s\n", threads, err);
        exit(2);
    }
    return s;
}

typedef struct batch_in {
    c4_pos p[2 * MAX_LINES];
    int want[2 * MAX_LINES];
    int n;
} batch_in;

/* Appends lines first+1 .. limit of set `name` (first 0: from the start). */
static void add_lines(batch_in *in, const char *name, int first, int limit)
{
    test_line lines[MAX_LINES];
    const int n = load_test_set(name, lines, limit);
    for (int i = first; i < n && in->n < 2 * MAX_LINES; i++) {
        char err[256];
        if (!CHECK_MSG(c4_parse(&c4_standard, &in->p[in->n], lines[i].moves, err, sizeof err) == 0, "%s: %s",
                       lines[i].moves, err))
            continue;
        in->want[in->n++] = lines[i].score;
    }
}

/* Appends the first `limit` lines of set `name`. */
static void add_set(batch_in *in, const char *name, int limit)
{
    add_lines(in, name, 0, limit);
}

/* Solves the batch and checks every score; returns the positions wrong. */
static int check_batch(int threads, const batch_in *in, bool weak)
{
    c4_solver *s = new_solver(threads, NULL);
    c4_result r[2 * MAX_LINES];
    int wrong = 0;
    CHECK_EQ(c4_solve_batch(s, in->p, in->n, weak, r), 0);
    for (int i = 0; i < in->n; i++) {
        const int want = weak ? sign(in->want[i]) : in->want[i];
        if (!CHECK_MSG(r[i].score == want, "%d threads%s, position %d: score %d, expected %d", threads,
                       weak ? " weak" : "", i + 1, r[i].score, want))
            wrong++;
        CHECK_GE(r[i].usec, 0);
    }
    c4_solver_free(s);
    printf("%d threads%s: %d positions, %d wrong\n", threads, weak ? " (weak)" : "", in->n, wrong);
    return wrong;
}

static void part_scores(void)
{
    static batch_in in;
    add_set(&in, "Test_L2_R2", CHECK_ASAN ? 20 : 60);     /* Middle-Medium */
    add_set(&in, "Test_L3_R1", 30);                       /* End-Easy */
    add_set(&in, "Test_L1_R2", CHECK_ASAN ? 2 : 6);       /* Begin-Medium: the long ones */
    const int counts[] = { 1, 3, 4 };
    for (int i = 0; i < 3; i++)
        check_batch(counts[i], &in, false);
    check_batch(3, &in, true);

    /* Fewer positions than threads; a long one among short ones, last. */
    static batch_in one, mixed;
    add_set(&one, "Test_L1_R2", 1);
    check_batch(4, &one, false);
    add_set(&mixed, "Test_L3_R1", 5);
    add_set(&mixed, "Test_L1_R3", 1);                     /* Begin-Hard: seconds alone */
    check_batch(4, &mixed, false);

    /* No positions at all. */
    c4_solver *s = new_solver(3, NULL);
    c4_result r;
    CHECK_EQ(c4_solve_batch(s, one.p, 0, false, &r), 0);
    c4_solver_free(s);
}

static void part_stop(void)
{
    gts_stop stop = GTS_STOP_INIT;
    static batch_in in;
    add_set(&in, "Test_L3_R1", 10);
    /* Begin-Hard's first and fifth lines: 7.7 and 3.8 s each (Release, loaded)
     * (its second took 0.7 s, and was answered before a stop after a
     * second of CPU time): the stop comes first. */
    add_lines(&in, "Test_L1_R3", 0, 1);
    add_lines(&in, "Test_L1_R3", 4, 5);
    c4_result r[2 * MAX_LINES];

    /* Raised before the call: nothing is answered. */
    c4_solver *s = new_solver(3, &stop);
    gts_stop_raise(&stop);
    CHECK_EQ(c4_solve_batch(s, in.p, in.n, false, r), -1);
    for (int i = 0; i < in.n; i++)
        CHECK_LT(r[i].usec, 0);

    /* Raised during the batch, once it has used a second of CPU time
     * (0.3 s of a clock came, under ThreadSanitizer on a loaded machine,
     * before the short ones were answered): it ends soon, and the
     * positions answered before keep their right scores. */
    gts_stop_reset(&stop);
    test_raiser it;
    test_raise_later(&it, &stop, 1.0);
    CHECK_EQ(c4_solve_batch(s, in.p, in.n, false, r), -1);
    const double cpu = test_raise_join(&it);
    CHECK_MSG(cpu < 5, "the stopped batch used %.2f s of CPU after the stop", cpu);
    int answered = 0;
    for (int i = 0; i < in.n; i++)
        if (r[i].usec >= 0) {
            answered++;
            CHECK_MSG(r[i].score == in.want[i], "position %d answered %d before the stop, expected %d", i + 1,
                      r[i].score, in.want[i]);
        }
    printf("stopped, %.2f s of CPU after the stop: %d of %d answered\n", cpu, answered, in.n);
    /* The two long ones (fewest stones) go first, to two of the three
     * threads; the third answers the End-Easy ones in microseconds. */
    CHECK_GE(answered, 10);
    CHECK_LT(answered, in.n);
    c4_solver_free(s);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = { { "scores", part_scores }, { "stop", part_stop } };
    return check_run_parts(argc, argv, "test_c4_batch", parts, sizeof parts / sizeof *parts);
}
