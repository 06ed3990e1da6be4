/*
 * Many positions on many threads.  While positions are left, each thread
 * solves one of its own alone, at one thread's node rate, with tables of
 * its own (one table shared by all ran Begin-Medium's batch 18 % slower on
 * the 16-core host): 16 such threads do 12 times the work of one there,
 * where one search shared by 16 threads gets 3 to 5 times.  Once none is
 * left, a thread with nothing to do joins the position that the fewest
 * threads are on, as c4_solve's threads share a search (the owner's table,
 * the busy table, its own near table only for the last 8 empty cells), and
 * the owner joins in the sharing at its next root probe: the last long
 * positions do not run alone.  Whoever finishes a position first answers it and stops the
 * others on it.  A watcher (the calling thread, when the caller has a stop
 * token) passes the caller's stop on to every position.
 */
#include "c4/c4_batch.h"

#include <limits.h>
#include <stdlib.h>
#include <time.h>

#include "c4/c4_search.h"
#include "core/busy.h"
#include "core/clock.h"
#include "core/threads.h"

/* One position: written by the threads on it. */
typedef struct c4_job {
    _Alignas(64) gts_stop done;     /* answered, or the batch was stopped */
    tt_table *tt;                   /* its owner's table */
    atomic_int won;                 /* a thread answered */
    atomic_int searchers;           /* threads on it now */
    _Atomic uint64_t nodes, tt_hits, searched;
    double t0;                      /* when its owner started it */
    double usec;                    /* its answer's time since t0 */
    int score;
} c4_job;

typedef struct c4_batch {
    const c4_batch_tables *t;
    const c4_pos *ps;
    int n;
    bool weak;
    c4_job *jobs;
    c4_search *ctx;         /* one a worker */
    gts_busy *busy;
    bool watched;           /* thread 0 watches the caller's token */
    atomic_int next;        /* the first position nobody has taken */
    atomic_int finished;    /* positions answered */
    atomic_int stopped;     /* the caller's token was seen raised */
} c4_batch;

/* The owner's hook between root probes: once another thread has joined,
 * the owner shares as they do. */
typedef struct owner_hook {
    c4_search *s;
    c4_job *job;
    gts_busy *busy;
} owner_hook;

static void owner_probe(int min, int max, uint64_t nodes, void *ctx)
{
    (void)min, (void)max, (void)nodes;
    owner_hook *h = ctx;
    if (atomic_load(&h->job->searchers) > 1)
        h->s->busy = h->busy;
}

static void offer(c4_batch *b, c4_job *job, int score)
{
    int expected = 0;
    if (gts_stop_raised(&job->done) || !atomic_compare_exchange_strong(&job->won, &expected, 1))
        return;
    job->score = score;
    job->usec = gts_now_usec() - job->t0;
    gts_stop_raise(&job->done);
    atomic_fetch_add(&b->finished, 1);
}

/* Thread s on position i, as its owner or joining the threads on it. */
static void search(c4_batch *b, c4_search *s, int i, bool owner)
{
    c4_job *job = &b->jobs[i];
    if (owner) {
        job->t0 = gts_now_usec();
        job->tt = s->tt;
    }
    atomic_fetch_add(&job->searchers, 1);
    owner_hook hook = { s, job, b->busy };
    s->stop = &job->done;
    s->busy = owner ? NULL : b->busy;
    s->progress = owner ? owner_probe : NULL;
    s->progress_ctx = &hook;
    const uint64_t nodes0 = s->nodes, hits0 = s->tt_hits, searched0 = s->searched;
    const int score = c4_search_solve(s, &b->ps[i], b->weak);
    if (!c4_stopped(s))
        offer(b, job, score);
    atomic_fetch_add(&job->nodes, s->nodes - nodes0);
    atomic_fetch_add(&job->tt_hits, s->tt_hits - hits0);
    atomic_fetch_add(&job->searched, s->searched - searched0);
    atomic_fetch_sub(&job->searchers, 1);
}

/* The unanswered position the fewest threads are on (the earliest of
 * those: likely the longest), or -1 when every position is answered. */
static int pick_running(c4_batch *b)
{
    int best = -1, fewest = INT_MAX;
    for (int i = 0; i < b->n; i++) {
        const int k = atomic_load(&b->jobs[i].searchers);
        if (k > 0 && k < fewest && !gts_stop_raised(&b->jobs[i].done)) {
            best = i;
            fewest = k;
        }
    }
    return best;
}

static void work(c4_batch *b, c4_search *s)
{
    tt_table *own = s->tt;
    while (!atomic_load(&b->stopped)) {
        const int i = atomic_fetch_add(&b->next, 1);
        if (i < b->n) {
            s->tt = own;
            search(b, s, i, true);
            continue;
        }
        const int j = pick_running(b);
        if (j < 0)
            return;
        s->tt = b->jobs[j].tt;
        search(b, s, j, false);
    }
}

/* Until every position is answered, or the caller's token is raised:
 * then every position is stopped. */
static void watch(c4_batch *b)
{
    const struct timespec tick = { 0, 1000000 };
    while (atomic_load(&b->finished) < b->n) {
        if (gts_stop_raised(b->t->outside)) {
            atomic_store(&b->stopped, 1);
            for (int i = 0; i < b->n; i++)
                gts_stop_raise(&b->jobs[i].done);
            return;
        }
        nanosleep(&tick, NULL);
    }
}

static void batch_thread(void *arg, int index)
{
    c4_batch *b = arg;
    if (b->watched && index == 0)
        watch(b);
    else
        work(b, &b->ctx[index - b->watched]);
}

int c4_batch_run(const c4_batch_tables *t, const c4_pos *ps, int n, bool weak, c4_result *r)
{
    c4_batch b = { .t = t, .ps = ps, .n = n, .weak = weak, .watched = t->outside != NULL };
    b.jobs = aligned_alloc(_Alignof(c4_job), (size_t)(n > 0 ? n : 1) * sizeof *b.jobs);
    b.ctx = aligned_alloc(_Alignof(c4_search), (size_t)t->threads * sizeof *b.ctx);
    b.busy = gts_busy_create();
    if (!b.jobs || !b.ctx || !b.busy) {
        free(b.jobs);
        free(b.ctx);
        gts_busy_free(b.busy);
        return -2;
    }
    gts_stop unused = GTS_STOP_INIT;
    for (int w = 0; w < t->threads; w++)
        c4_search_init(&b.ctx[w], t->g, t->tt[w], t->near[w], t->book, &unused);
    for (int i = 0; i < n; i++) {
        c4_job *job = &b.jobs[i];
        gts_stop_reset(&job->done);
        if (gts_stop_raised(t->outside))
            gts_stop_raise(&job->done);
        atomic_init(&job->won, 0);
        atomic_init(&job->searchers, 0);
        atomic_init(&job->nodes, 0);
        atomic_init(&job->tt_hits, 0);
        atomic_init(&job->searched, 0);
    }
    atomic_init(&b.next, 0);
    atomic_init(&b.finished, 0);
    atomic_init(&b.stopped, gts_stop_raised(t->outside));
    gts_run_threads(t->threads + b.watched, batch_thread, &b);

    int rc = 0;
    for (int i = 0; i < n; i++) {
        const c4_job *job = &b.jobs[i];
        const bool won = atomic_load(&job->won);
        r[i] = (c4_result){ .score = won ? job->score : 0,
                            .nodes = atomic_load(&job->nodes),
                            .tt_hits = atomic_load(&job->tt_hits),
                            .searched = atomic_load(&job->searched),
                            .usec = won ? job->usec : -1 };
        if (!won)
            rc = -1;
    }
    free(b.jobs);
    free(b.ctx);
    gts_busy_free(b.busy);
    return rc;
}
