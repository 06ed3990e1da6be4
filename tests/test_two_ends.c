/*
 * The two ends of a batch (src/core/two_ends.h): one queue for CPU threads
 * and GPU lanes, with fake lanes and CPU threads on the CPU.  What each
 * side takes, step by step (chunks, the CPU's end, give-ups, items the
 * CPU's alone, steal-back, continuous shares); then threads racing on a
 * batch, where every item must be answered exactly once and printed in
 * input order, whatever the timing.
 *
 * Usage: test_two_ends [part]   (parts: steps shares race; none: all)
 */
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "check.h"
#include "core/threads.h"
#include "core/two_ends.h"

/* What the output callback was called with, in order. */
typedef struct printed {
    size_t *seen;
    size_t count;
} printed;

static void print_item(void *ctx, size_t i)
{
    printed *p = ctx;
    p->seen[p->count++] = i;
}

/* Answers item i for side: claim and publish; whether it was first. */
static bool answer(gts_ends *q, size_t i, int side)
{
    if (!gts_ends_claim(q, i, side))
        return false;
    gts_ends_publish(q, i);
    return true;
}

/* One thread, every step checked: 10 items, cheapest first in the order
 * 9, 8, ..., 0 (as a caller sorts its lines by cost). */
static void part_steps(void)
{
    enum { N = 10 };
    size_t order[N], seen[N], items[N];
    for (size_t k = 0; k < N; k++)
        order[k] = N - 1 - k;
    printed p = { seen, 0 };
    gts_ends *q = gts_ends_create(N, 1, order, 0, print_item, &p);
    if (!CHECK(q != NULL))
        return;
    gts_ends_cpu_only(q, 7);    /* place 2: the lanes must skip it */
    /* The lanes' first chunk: 4 items, past the CPU's at place 2. */
    CHECK_EQ(gts_ends_lanes_take(q, 0, 4, items), 4);
    CHECK_EQ(items[0], 9), CHECK_EQ(items[1], 8), CHECK_EQ(items[2], 6), CHECK_EQ(items[3], 5);
    CHECK_EQ(gts_ends_between(q, 0), 5);
    /* The CPU: its own item first, then the dear end. */
    CHECK_EQ(gts_ends_take(q), 7);
    CHECK_EQ(gts_ends_take(q), 0);
    CHECK_EQ(gts_ends_take(q), 1);
    /* A give-up goes to the CPU before the dear end. */
    gts_ends_give_up(q, 8);
    CHECK_EQ(gts_ends_take(q), 8);
    /* The lanes' second chunk meets the CPU's end: places 5..7. */
    CHECK_EQ(gts_ends_lanes_take(q, 0, 100, items), 3);
    CHECK_EQ(items[0], 4), CHECK_EQ(items[2], 2);
    CHECK_EQ(gts_ends_lanes_take(q, 0, 100, items), 0);
    CHECK_EQ(gts_ends_between(q, 0), 0);
    CHECK_EQ(gts_ends_take(q), -1);
    /* Nothing printed: item 0 is answered by no one yet. */
    CHECK(answer(q, 9, GTS_ENDS_LANES));
    CHECK(answer(q, 4, GTS_ENDS_LANES));
    CHECK_EQ(p.count, 0);
    /* Steal-back: the lanes' unanswered items, dearest first; 4 is
     * answered and 8 was given up. */
    CHECK_EQ(gts_ends_steal(q), 2);
    CHECK_EQ(gts_ends_steal(q), 3);
    CHECK_EQ(gts_ends_steal(q), 5);
    CHECK_EQ(gts_ends_steal(q), 6);
    CHECK_EQ(gts_ends_steal(q), -1);
    /* A lane gives up an item a CPU thread took back: not handed twice. */
    gts_ends_give_up(q, 6);
    CHECK_EQ(gts_ends_take(q), -1);
    /* The CPU's answers in any order; printing waits for 0, then flows. */
    for (size_t i = 1; i <= 3; i++)
        CHECK(answer(q, i, GTS_ENDS_CPU));
    CHECK_EQ(p.count, 0);
    CHECK(answer(q, 0, GTS_ENDS_CPU));
    CHECK_EQ(p.count, 5);
    /* The lane answers 5 first; the CPU's later answer is dropped. */
    CHECK(answer(q, 5, GTS_ENDS_LANES));
    CHECK(!answer(q, 5, GTS_ENDS_CPU));
    CHECK(gts_ends_answered(q, 5));
    CHECK(!gts_ends_answered(q, 6));
    for (size_t i = 6; i <= 8; i++)
        CHECK(answer(q, i, GTS_ENDS_CPU));
    CHECK_EQ(p.count, 10);
    for (size_t i = 0; i < p.count; i++)
        CHECK_EQ(seen[i], i);
    const gts_ends_counts c = gts_ends_tally(q);
    CHECK_EQ(c.lanes, 3), CHECK_EQ(c.cpu, 7), CHECK_EQ(c.twice, 1);
    gts_ends_free(q);
}

/* Continuous lanes, a share a device (Reversi's persistent kernel): items
 * dealt in turn, the CPU a margin short of the lanes' count as read. */
static void part_shares(void)
{
    gts_ends *q = gts_ends_create(10, 2, NULL, 1, NULL, NULL);
    if (!CHECK(q != NULL))
        return;
    /* Share 0 holds items 0 2 4 6 8, share 1 items 1 3 5 7 9. */
    CHECK_EQ(gts_ends_item(q, 1, 2), 5);
    CHECK_EQ(gts_ends_take(q), 8);     /* share 0 has the most left: 4 */
    CHECK_EQ(gts_ends_take(q), 9);
    void *s0 = gts_ends_share(q, 0);
    CHECK_EQ(gts_ends_meet(s0, 2), 4);  /* the lanes have 0 and 2 */
    CHECK_EQ(gts_ends_take(q), 7);      /* share 1: 3 left, share 0: 1 */
    CHECK_EQ(gts_ends_take(q), 5);
    CHECK_EQ(gts_ends_take(q), 6);      /* share 0: one left */
    CHECK_EQ(gts_ends_take(q), 3);
    CHECK_EQ(gts_ends_take(q), -1);     /* each a margin short */
    CHECK_EQ(gts_ends_meet(s0, 3), 3);  /* the lanes stop before slot 3 */
    CHECK_EQ(gts_ends_close(q, 0, 5), 3);
    CHECK_EQ(gts_ends_close(q, 1, 5), 1);
    CHECK_EQ(gts_ends_close(NULL, 1, 5), 5);
    CHECK_EQ(gts_ends_steal(q), -1);    /* closed: the lanes answered theirs */
    gts_ends_free(q);
}

/* Threads racing on one batch: two fake devices taking chunks of 1 to
 * 37 items and giving up every item divisible by 7, three CPU threads
 * taking, then stealing.  Solving is writing the item's answer, 3i + 1. */
enum { RACE_N = 3000, RACE_DEVICES = 2, RACE_CPUS = 3 };

typedef struct race {
    gts_ends *q;
    long answer[RACE_N];
    atomic_int lanes_done;
    atomic_long claimed_false;
    printed p;
    long printed_answer[RACE_N];
} race;

static void race_print(void *ctx, size_t i)
{
    race *r = ctx;
    r->printed_answer[r->p.count] = r->answer[i];
    print_item(&r->p, i);
}

static void solve(race *r, size_t i, int side)
{
    if (!gts_ends_claim(r->q, i, side)) {
        atomic_fetch_add(&r->claimed_false, 1);
        return;
    }
    r->answer[i] = 3 * (long)i + 1;
    gts_ends_publish(r->q, i);
}

static void race_thread(void *arg, int index)
{
    race *r = arg;
    if (index < RACE_DEVICES) {
        size_t items[37], k;
        for (size_t most = 1 + (size_t)index; (k = gts_ends_lanes_take(r->q, 0, most, items)) > 0;
             most = most % 37 + 1)
            for (size_t j = 0; j < k; j++) {
                if (items[j] % 7 == 0)
                    gts_ends_give_up(r->q, items[j]);
                else
                    solve(r, items[j], GTS_ENDS_LANES);
            }
        atomic_fetch_add(&r->lanes_done, 1);
        return;
    }
    for (;;) {
        long i = gts_ends_take(r->q);
        if (i < 0)
            i = gts_ends_steal(r->q);
        if (i >= 0) {
            solve(r, (size_t)i, GTS_ENDS_CPU);
            continue;
        }
        /* Give-ups may still come while a lane runs. */
        if (atomic_load(&r->lanes_done) == RACE_DEVICES && gts_ends_take(r->q) < 0)
            return;
        sched_yield();
    }
}

static void part_race(void)
{
    static size_t order[RACE_N], seen[RACE_N];
    race *r = calloc(1, sizeof *r);
    if (!CHECK(r != NULL))
        return;
    /* A cost order unlike the input's: odd items first, then even. */
    for (size_t k = 0; k < RACE_N; k++)
        order[k] = k < RACE_N / 2 ? 2 * k + 1 : 2 * (k - RACE_N / 2);
    r->p = (printed){ seen, 0 };
    r->q = gts_ends_create(RACE_N, 1, order, 0, race_print, r);
    if (!CHECK(r->q != NULL)) {
        free(r);
        return;
    }
    gts_run_threads(RACE_DEVICES + RACE_CPUS, race_thread, r);
    CHECK_EQ(r->p.count, RACE_N);
    for (size_t i = 0; i < RACE_N; i++)
        if (!CHECK_EQ(seen[i], i) || !CHECK_EQ(r->printed_answer[i], 3 * (long)i + 1))
            break;
    const gts_ends_counts c = gts_ends_tally(r->q);
    CHECK_EQ(c.lanes + c.cpu, RACE_N);
    CHECK_EQ(c.twice, (size_t)atomic_load(&r->claimed_false));
    /* The CPU answered every give-up (a multiple of 7). */
    CHECK(c.cpu >= (RACE_N + 6) / 7);
    gts_ends_free(r->q);
    free(r);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = { { "steps", part_steps }, { "shares", part_shares }, { "race", part_race } };
    return check_run_parts(argc, argv, "test_two_ends", parts, sizeof parts / sizeof *parts);
}
