/*
 * Many positions on many threads.  While positions are left, each thread
 * solves one of its own alone, at one thread's node rate, with tables of
 * its own: 16 such threads do 12 times the work of one on the 16-core host,
 * where one search shared by 16 threads gets 3 to 5 times.  The positions
 * with the fewest stones go first: they are the longest.  Once none is
 * left, a thread with nothing to do helps the position that the fewest
 * threads are on, as c4_solve's helpers do (the owner's table, the busy
 * table, its own near table only for the last 8 empty cells), and the
 * owner shares as they do from its next root probe on: the last long
 * positions do not run alone (Begin-Hard's first 100 on 16 threads: 21.4
 * -> 15.3 s, docs/benchmarks/connect4.md).  Only the owner answers; it
 * stops its helpers when it has.  No thread watches the others: the
 * owners read the caller's token themselves, the helpers pass it on at
 * the nodes where they share.  Each thread's context lives on its own
 * stack (in one array, they cost Begin-Medium 30 %: c4_threads.c).
 */
#include "c4/c4_batch.h"

#include <limits.h>
#include <stdlib.h>

#include "c4/c4_search.h"
#include "core/busy.h"
#include "core/clock.h"
#include "core/threads.h"

/* One position: written by the threads on it. */
typedef struct c4_job {
    _Alignas(64) gts_stop done;     /* answered: its helpers stop */
    tt_table *tt;                   /* its owner's table */
    atomic_int won;                 /* its owner answered */
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
    int *order;             /* the positions, fewest stones first */
    gts_busy *busy;
    gts_stop *outside;      /* the caller's token, or one never raised */
    atomic_int next;        /* the first position nobody has taken */
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

/* Thread s on position i, as its owner (which answers it) or helping. */
static void search(c4_batch *b, c4_search *s, int i, bool owner)
{
    c4_job *job = &b->jobs[i];
    if (owner) {
        /* As a position alone is solved: from empty tables.  No helper
         * can be on them: helpers join only once every position is
         * taken. */
        gts_tt_clear(s->tt);
        gts_tt_clear(s->near);
        job->t0 = gts_now_usec();
        job->tt = s->tt;
    }
    atomic_fetch_add(&job->searchers, 1);
    owner_hook hook = { s, job, b->busy };
    s->stop = owner ? b->outside : &job->done;
    s->outside = owner ? NULL : b->t->outside;
    s->busy = owner ? NULL : b->busy;
    s->progress = owner ? owner_probe : NULL;
    s->progress_ctx = &hook;
    const uint64_t nodes0 = s->nodes, hits0 = s->tt_hits, searched0 = s->searched;
    const int score = c4_search_solve(s, &b->ps[i], b->weak);
    if (owner) {
        if (!c4_stopped(s)) {
            job->score = score;
            job->usec = gts_now_usec() - job->t0;
            atomic_store(&job->won, 1);
        }
        gts_stop_raise(&job->done);     /* the helpers stop */
    }
    atomic_fetch_add(&job->nodes, s->nodes - nodes0);
    atomic_fetch_add(&job->tt_hits, s->tt_hits - hits0);
    atomic_fetch_add(&job->searched, s->searched - searched0);
    atomic_fetch_sub(&job->searchers, 1);
}

/* The unanswered position the fewest threads are on (of those, the one
 * with the fewest stones: likely the longest), or -1 when every position
 * is answered. */
static int pick_running(c4_batch *b)
{
    int best = -1, fewest = INT_MAX;
    for (int j = 0; j < b->n; j++) {
        const int i = b->order[j];
        const int k = atomic_load(&b->jobs[i].searchers);
        if (k > 0 && k < fewest && !gts_stop_raised(&b->jobs[i].done)) {
            best = i;
            fewest = k;
        }
    }
    return best;
}

static void work(void *arg, int index)
{
    c4_batch *b = arg;
    const c4_batch_tables *t = b->t;
    c4_search s;
    c4_search_init(&s, t->g, t->tt[index], t->near[index], t->book, b->outside);
    while (!gts_stop_raised(b->outside)) {
        const int k = atomic_fetch_add(&b->next, 1);
        if (k < b->n) {
            s.tt = t->tt[index];
            search(b, &s, b->order[k], true);
            continue;
        }
        const int j = pick_running(b);
        if (j < 0)
            return;
        s.tt = b->jobs[j].tt;
        search(b, &s, j, false);
    }
}

int c4_batch_run(const c4_batch_tables *t, const c4_pos *ps, int n, bool weak, c4_result *r)
{
    gts_stop never = GTS_STOP_INIT;
    c4_batch b = { .t = t, .ps = ps, .n = n, .weak = weak, .outside = t->outside ? t->outside : &never };
    b.jobs = aligned_alloc(_Alignof(c4_job), (size_t)(n > 0 ? n : 1) * sizeof *b.jobs);
    b.order = malloc((size_t)(n > 0 ? n : 1) * sizeof *b.order);
    b.busy = gts_busy_create();
    if (!b.jobs || !b.order || !b.busy) {
        free(b.jobs);
        free(b.order);
        gts_busy_free(b.busy);
        return -2;
    }
    int k = 0;
    for (int stones = 0; stones <= t->g->cells; stones++)
        for (int i = 0; i < n; i++)
            if (ps[i].moves == stones)
                b.order[k++] = i;
    for (int i = 0; i < n; i++) {
        c4_job *job = &b.jobs[i];
        gts_stop_reset(&job->done);
        atomic_init(&job->won, 0);
        atomic_init(&job->searchers, 0);
        atomic_init(&job->nodes, 0);
        atomic_init(&job->tt_hits, 0);
        atomic_init(&job->searched, 0);
    }
    atomic_init(&b.next, 0);
    gts_run_threads(t->threads, work, &b);

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
    free(b.order);
    gts_busy_free(b.busy);
    return rc;
}
