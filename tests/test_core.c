/*
 * What the games share (src/core): the stop token, the deadline rule, the
 * ABDADA busy table, thread teams and pools, the protocols' time budget,
 * lists of numbers, a file replaced whole.
 *
 * Usage: test_core [part]   (parts: stop deadline busy threads time list
 * replace; no argument runs them all)
 */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/busy.h"
#include "core/deadline.h"
#include "core/late.h"
#include "core/list.h"
#include "core/replace_file.h"
#include "core/threads.h"
#include "core/time_budget.h"
#include "gts/stop.h"

/* ---- stop token ------------------------------------------------------------ */

static gts_stop signalled = GTS_STOP_INIT;

static void raise_on_signal(int sig)
{
    (void)sig;
    gts_stop_raise(&signalled);
}

static void part_stop(void)
{
    gts_stop s = GTS_STOP_INIT;
    CHECK(!gts_stop_raised(&s));
    gts_stop_raise(&s);
    CHECK(gts_stop_raised(&s));
    gts_stop_raise(&s);     /* stays raised */
    CHECK(gts_stop_raised(&s));
    gts_stop_reset(&s);
    CHECK(!gts_stop_raised(&s));

    /* NULL: never raised, and raising or resetting it does nothing. */
    CHECK(!gts_stop_raised(NULL));
    gts_stop_raise(NULL);
    gts_stop_reset(NULL);
    CHECK(!gts_stop_raised(NULL));

    /* Raised from a signal handler. */
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = raise_on_signal;
    sigemptyset(&sa.sa_mask);
    CHECK_EQ(sigaction(SIGUSR1, &sa, &old), 0);
    CHECK_EQ(raise(SIGUSR1), 0);
    CHECK(gts_stop_raised(&signalled));
    sigaction(SIGUSR1, &old, NULL);
}

/* ---- deadline ----------------------------------------------------------------- */

static void part_deadline(void)
{
    /* No time limit, no deadline. */
    CHECK(gts_deadline_after(5e6, 0) == 0);
    CHECK(gts_deadline_after(5e6, -3) == 0);
    CHECK(gts_deadline_after(5e6, 10) == 5e6 + 10000);

    /* Due once the count passes the mark, then GTS_CHECK_NODES further. */
    uint64_t next = 0;
    CHECK(gts_check_due(0, &next));
    CHECK_EQ(next, GTS_CHECK_NODES);
    CHECK(!gts_check_due(1, &next));
    CHECK(!gts_check_due(GTS_CHECK_NODES - 1, &next));
    CHECK(gts_check_due(GTS_CHECK_NODES + 500, &next));     /* jumped past the mark */
    CHECK_EQ(next, 2 * GTS_CHECK_NODES + 500);
    CHECK(!gts_check_due(2 * GTS_CHECK_NODES, &next));
    int due = 0;
    next = 0;
    for (uint64_t n = 1; n <= 100 * GTS_CHECK_NODES; n++)
        due += gts_check_due(n, &next);
    CHECK_EQ(due, 100);

    /* The token, the deadline, both, neither. */
    gts_stop s = GTS_STOP_INIT;
    const double now = gts_now_usec();
    CHECK(!gts_should_stop(NULL, 0));
    CHECK(!gts_should_stop(&s, 0));
    CHECK(!gts_should_stop(&s, now + 60e6));
    CHECK(gts_should_stop(&s, now - 1));
    CHECK(gts_should_stop(NULL, gts_deadline_after(now - 10e3, 1)));
    gts_stop_raise(&s);
    CHECK(gts_should_stop(&s, 0));
    CHECK(gts_should_stop(&s, now + 60e6));
}

/* ---- busy table ------------------------------------------------------------ */

/* Two keys of one slot, and one of another. */
#define KEY_A 0x1234567800000005ULL
#define KEY_B (KEY_A + GTS_BUSY_SLOTS)
#define KEY_C (KEY_A + 1)

static bool busy_empty(gts_busy *b)
{
    for (int i = 0; i < GTS_BUSY_SLOTS; i++)
        if (atomic_load(&b->slot[i]))
            return false;
    return true;
}

static void part_busy(void)
{
    gts_busy *b = gts_busy_create();
    if (!CHECK(b != NULL))
        return;
    CHECK(busy_empty(b));
    CHECK(!gts_busy_test(b, KEY_A));

    /* mark: a plain store, over whatever the slot held. */
    gts_busy_mark(b, KEY_A);
    CHECK(gts_busy_test(b, KEY_A));
    CHECK(!gts_busy_test(b, KEY_B));
    CHECK(!gts_busy_test(b, KEY_C));
    gts_busy_mark(b, KEY_B);
    CHECK(gts_busy_test(b, KEY_B));
    CHECK(!gts_busy_test(b, KEY_A));
    gts_busy_clear(b, KEY_B);
    CHECK(!gts_busy_test(b, KEY_B));
    CHECK(busy_empty(b));

    gts_busy_free(b);
    gts_busy_free(NULL);
}

/* ---- threads ------------------------------------------------------------- */

#define MAX_TEAM 16

typedef struct tally {
    atomic_int runs[MAX_TEAM];      /* calls per index */
    atomic_int total;
    atomic_long work;               /* what a shared counter handed out */
    long items;
} tally;

static void count_run(void *arg, int index)
{
    tally *t = arg;
    if (index >= 0 && index < MAX_TEAM)
        atomic_fetch_add(&t->runs[index], 1);
    atomic_fetch_add(&t->total, 1);
    /* A counter shared out as the perft and the GPU executor do. */
    while (atomic_fetch_add(&t->work, 1) < t->items)
        ;
}

static bool each_index_once(tally *t, int n, int times)
{
    bool ok = atomic_load(&t->total) == n * times;
    for (int i = 0; i < n; i++)
        ok &= atomic_load(&t->runs[i]) == times;
    return ok;
}

static void part_threads(void)
{
    /* One-shot teams: every index once, the caller included. */
    for (int n = 1; n <= MAX_TEAM; n *= 2) {
        tally t = { .items = 100000 };
        const int ran = gts_run_threads(n, count_run, &t);
        CHECK_MSG(ran >= 1 && ran <= n, "%d threads: %d ran", n, ran);
        CHECK_MSG(each_index_once(&t, n, 1), "%d threads: not every index ran once", n);
        CHECK(atomic_load(&t.work) >= t.items);
    }

    /* Pools: every helper runs each job once; jobs in a row; no job. */
    gts_pool *none = gts_pool_create(0);
    CHECK(none != NULL);
    CHECK_EQ(gts_pool_helpers(none), 0);
    gts_pool_start(none, count_run, NULL);      /* no helper: nothing runs */
    gts_pool_wait(none);
    gts_pool_free(none);
    CHECK_EQ(gts_pool_helpers(NULL), 0);
    gts_pool_start(NULL, count_run, NULL);
    gts_pool_wait(NULL);
    gts_pool_free(NULL);

    gts_pool *idle = gts_pool_create(3);        /* freed without a job */
    CHECK(idle != NULL);
    gts_pool_wait(idle);
    gts_pool_free(idle);

    for (int helpers = 1; helpers <= 8; helpers *= 2) {
        gts_pool *p = gts_pool_create(helpers);
        if (!CHECK(p != NULL))
            continue;
        CHECK_EQ(gts_pool_helpers(p), helpers);
        tally t = { .items = 1000 };
        for (int job = 0; job < 50; job++) {
            gts_pool_start(p, count_run, &t);
            count_run(&t, helpers);             /* the caller's share */
            gts_pool_wait(p);
        }
        CHECK_MSG(each_index_once(&t, helpers + 1, 50), "%d helpers: not every helper ran every job once", helpers);
        gts_pool_free(p);
    }
}

/* ---- time budget ------------------------------------------------------------ */

/* The Gomocup engine's formula before it moved to core (timeout_turn, the
 * share of time_left over ahead moves, 80 % less 30 ms, at least a
 * quarter): gts_time_budget_ms must give the same. */
static long pbrain_before(long turn, long left, long ahead)
{
    long limit = turn;
    if (left >= 0) {
        ahead = ahead < 1 ? 1 : ahead;
        if (left / ahead < limit)
            limit = left / ahead;
    }
    const long budget = limit * 8 / 10 - 30;
    return budget > limit / 4 ? budget : limit / 4 > 1 ? limit / 4 : 1;
}

static void part_time(void)
{
    /* Nothing known: no limit. */
    CHECK_EQ(gts_time_budget_ms(GTS_TIME_UNKNOWN, GTS_TIME_UNKNOWN, 10, 30), 0);
    /* A per-move limit alone: 80 % less the margin. */
    CHECK_EQ(gts_time_budget_ms(5000, GTS_TIME_UNKNOWN, 10, 30), 3970);
    /* Small limits keep a quarter (Gomocup's timeout_turn 0 is 50 ms). */
    CHECK_EQ(gts_time_budget_ms(50, GTS_TIME_UNKNOWN, 10, 30), 12);
    CHECK_EQ(gts_time_budget_ms(3, GTS_TIME_UNKNOWN, 10, 30), 1);
    CHECK_EQ(gts_time_budget_ms(0, GTS_TIME_UNKNOWN, 10, 30), 1);
    /* The time left alone (GTP): shared over the moves to come. */
    CHECK_EQ(gts_time_budget_ms(GTS_TIME_UNKNOWN, 60000, 30, 30), 1570);
    CHECK_EQ(gts_time_budget_ms(GTS_TIME_UNKNOWN, 60000, 0, 30), 47970);    /* fewer than 1: 1 */
    CHECK_EQ(gts_time_budget_ms(GTS_TIME_UNKNOWN, 0, 30, 30), 1);
    /* Both: the smaller allowance. */
    CHECK_EQ(gts_time_budget_ms(1000, 60000, 30, 30), 770);
    CHECK_EQ(gts_time_budget_ms(30000, 4000, 25, 30), 98);

    /* The Gomocup engine's budgets are those it had, and no budget passes
     * its allowance (the floor of 1 ms aside). */
    static const long turns[] = { 0, 1, 50, 100, 200, 1000, 5000, 30000 };
    static const long lefts[] = { GTS_TIME_UNKNOWN, 0, 20, 100, 300, 1500, 4000, 990000 };
    for (size_t i = 0; i < sizeof turns / sizeof *turns; i++)
        for (size_t j = 0; j < sizeof lefts / sizeof *lefts; j++)
            for (long ahead = 0; ahead <= 30; ahead += 5) {
                const long got = gts_time_budget_ms(turns[i], lefts[j], ahead, 30);
                CHECK_MSG(got == pbrain_before(turns[i], lefts[j], ahead), "turn %ld left %ld ahead %ld: %ld vs %ld",
                          turns[i], lefts[j], ahead, got, pbrain_before(turns[i], lefts[j], ahead));
                const long allowance = lefts[j] >= 0 && lefts[j] / (ahead > 1 ? ahead : 1) < turns[i]
                                           ? lefts[j] / (ahead > 1 ? ahead : 1)
                                           : turns[i];
                CHECK_MSG(got <= (allowance > 1 ? allowance : 1), "turn %ld left %ld ahead %ld: %ld over %ld",
                          turns[i], lefts[j], ahead, got, allowance);
            }
}

/* The bench options' lists: numbers, ranges, order, repeats and every
 * kind of bad item. */
static void part_list(void)
{
    int v[16];
    char err[160];
    CHECK_EQ(gts_int_list("1,2,4", 1, 64, v, 16, err, sizeof err), 3);
    CHECK(v[0] == 1 && v[1] == 2 && v[2] == 4);
    CHECK_EQ(gts_int_list("16,1-4,2,8", 1, 64, v, 16, err, sizeof err), 6);
    CHECK(v[0] == 1 && v[3] == 4 && v[4] == 8 && v[5] == 16);
    CHECK_EQ(gts_int_list("-3--1,0", -5, 5, v, 16, err, sizeof err), 4);
    CHECK(v[0] == -3 && v[3] == 0);
    CHECK_EQ(gts_int_list("7-7", 1, 10, v, 16, err, sizeof err), 1);
    static const struct {
        const char *list, *error;
    } bad[] = {
        { "", "'': an empty item" },
        { "1,,2", "'1,,2': an empty item" },
        { "1,", "'1,': an empty item" },
        { "0", "'0' is not a number or range within 1..64" },
        { "65", "'65' is not a number or range within 1..64" },
        { "2x", "'2x' is not a number or range within 1..64" },
        { "1-", "'1-' is not a number or range within 1..64" },
        { "6-1", "'6-1' runs backwards" },
        { "1-17", "more than 16 values" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = '\0';
        CHECK_EQ(gts_int_list(bad[i].list, 1, 64, v, 16, err, sizeof err), -1);
        CHECK_STREQ(err, bad[i].error);
    }
    char longer[100];
    memset(longer, '1', sizeof longer - 1);
    longer[sizeof longer - 1] = '\0';
    CHECK_EQ(gts_int_list(longer, 1, 64, v, 16, err, sizeof err), -1);
    CHECK_CONTAINS(err, "an item longer than 63 characters");
}

/* ---- a file replaced whole ------------------------------------------------- */

/* The files in dir besides . and .. (none of the test's names start
 * with a dot). */
static int files_in(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; d && (e = readdir(d));)
        n += e->d_name[0] != '.';
    if (d)
        closedir(d);
    return n;
}

/* The text of path, empty if there is none. */
static void read_text(const char *path, char *text, size_t len)
{
    FILE *f = fopen(path, "r");
    const size_t n = f ? fread(text, 1, len - 1, f) : 0;
    text[n] = '\0';
    if (f)
        fclose(f);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* The target keeps its text until a finish; an abort leaves nothing
 * beside it; a user's PATH.tmp is never touched (issue 38, #17). */
static void part_replace(void)
{
    const char *tmpdir = getenv("TMPDIR");
    char dir[512], path[600], user[620], text[64], err[700];
    snprintf(dir, sizeof dir, "%s/gts_test_replace_XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        exit(2);
    }
    snprintf(path, sizeof path, "%s/book", dir);
    snprintf(user, sizeof user, "%s.tmp", path);
    write_text(path, "old");
    write_text(user, "the user's");
    gts_replace r;
    FILE *f = gts_replace_open(&r, path, err, sizeof err);
    if (!CHECK_MSG(f != NULL, "gts_replace_open: %s", err))
        return;
    CHECK_EQ(files_in(dir), 3);
    fputs("new", f);
    gts_replace_abort(&r);
    read_text(path, text, sizeof text);
    CHECK_STREQ(text, "old");
    CHECK_EQ(files_in(dir), 2);

    f = gts_replace_open(&r, path, err, sizeof err);
    if (!CHECK_MSG(f != NULL, "gts_replace_open: %s", err))
        return;
    fputs("new", f);
    CHECK_EQ(gts_replace_finish(&r, err, sizeof err), 0);
    read_text(path, text, sizeof text);
    CHECK_STREQ(text, "new");
    CHECK_EQ(files_in(dir), 2);
    read_text(user, text, sizeof text);
    CHECK_STREQ(text, "the user's");
    const mode_t mask = umask(0);
    umask(mask);
    struct stat st;
    CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == (0666 & ~mask));

    char missing[620];
    snprintf(missing, sizeof missing, "%s/no/book", dir);
    CHECK(gts_replace_open(&r, missing, err, sizeof err) == NULL);
    CHECK_CONTAINS(err, "cannot write ");
    CHECK_CONTAINS(err, missing);
    unlink(path);
    unlink(user);
    rmdir(dir);
}

/* core/late.h: a made-up thing that counts its opens and closes. */
typedef struct late_thing {
    int opens, closes;
    bool fail;
} late_thing;

static void *late_open(void *ctx, char *err, size_t errlen)
{
    late_thing *t = ctx;
    t->opens++;
    if (t->fail)
        snprintf(err, errlen, "no such device");
    return t->fail ? NULL : t;
}

static void late_close(void *thing)
{
    ((late_thing *)thing)->closes++;
}

static void part_late(void)
{
    bool failed;
    /* At once: waited for, closed once at the end. */
    late_thing now = { 0 };
    gts_late *l = gts_late_start(0, late_open, late_close, &now);
    CHECK(gts_late_get(l, -1, &failed) == &now && !failed);
    CHECK(gts_late_started(l));
    gts_late_end(l);
    CHECK(now.opens == 1 && now.closes == 1);

    /* An hour off: not open and not started, never opened when ended
     * first (no test waits an hour, however loaded the machine). */
    late_thing later = { 0 };
    l = gts_late_start(3600e6, late_open, late_close, &later);
    CHECK(gts_late_get(l, 0, &failed) == NULL && !failed);
    CHECK(gts_late_get(l, 1000, &failed) == NULL && !failed);
    CHECK(!gts_late_started(l));
    gts_late_end(l);
    CHECK(later.opens == 0 && later.closes == 0);

    /* An hour off, asked for without a limit: opened now. */
    late_thing asked = { 0 };
    l = gts_late_start(3600e6, late_open, late_close, &asked);
    CHECK(gts_late_get(l, -1, &failed) == &asked && !failed);
    CHECK(gts_late_get(l, 0, &failed) == &asked);
    gts_late_end(l);
    CHECK(asked.opens == 1 && asked.closes == 1);

    /* A failed open: its reason, nothing to close. */
    late_thing bad = { .fail = true };
    l = gts_late_start(0, late_open, late_close, &bad);
    CHECK(gts_late_get(l, -1, &failed) == NULL && failed);
    CHECK_STREQ(gts_late_error(l), "no such device");
    gts_late_end(l);
    CHECK(bad.opens == 1 && bad.closes == 0);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "stop", part_stop }, { "deadline", part_deadline }, { "busy", part_busy },
        { "threads", part_threads }, { "time", part_time }, { "list", part_list },
        { "replace", part_replace }, { "late", part_late },
    };
    return check_run_parts(argc, argv, "test_core", parts, sizeof parts / sizeof *parts);
}
