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
 *
 * The positions are one queue (core/two_ends.h): the CPU threads take
 * from its dear end, fewest stones first; GPU lanes beside them, where
 * there are any, take chunks from the cheap end (the most stones).  Once
 * the ends meet, a thread with nothing to take takes back a position the
 * lanes hold, as its owner, with the helpers' rules for stopping (the
 * lanes' answer stops it); the first answer is kept.
 */
#include "c4/c4_batch.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>

#include "c4/c4_search.h"
#include "core/busy.h"
#include "core/clock.h"
#include "core/threads.h"

/* One position: written by the threads on it. */
typedef struct c4_job {
    _Alignas(64) gts_stop done;     /* answered: its helpers stop */
    tt_table *tt;                   /* its owner's table */
    atomic_int won;                 /* its owner answered first */
    atomic_int searchers;           /* threads on it now */
    _Atomic uint64_t nodes, tt_hits, searched;
    double t0;                      /* when its owner started it */
    double usec;                    /* its answer's time since t0 */
    int score;
} c4_job;

/* A device's chunk: its stop, raised once every position in it is
 * answered. */
typedef struct c4_chunk {
    _Alignas(64) gts_stop stop;
    atomic_int unanswered;
} c4_chunk;

struct c4_batch {
    const c4_batch_tables *t;
    const c4_pos *ps;
    int n;
    bool weak;
    c4_job *jobs;
    int *order;             /* the positions, fewest stones first */
    gts_busy *busy;
    gts_stop *outside;      /* the caller's token, or one never raised */
    gts_ends *q;            /* the dear end the CPU's, the cheap the lanes' */
    c4_result *r;
    const c4_batch_lanes *lanes;
    int devices;
    atomic_int lanes_running;
    bool *by_gpu;           /* the lanes' answer kept */
    atomic_int *chunk_of;   /* the device whose chunk holds it, or -1 */
    c4_chunk *chunks;
};

/* How a thread is on a position: it answers as owner, also one taken back
 * from the lanes (stopped by their answer as helpers are by the owner's). */
enum role { OWNER, TAKEN_BACK, HELPER };

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

/* Position i is answered: its device's chunk counts it, and the output
 * runs. */
static void answered(c4_batch *b, int i)
{
    const int d = atomic_load(&b->chunk_of[i]);
    if (d >= 0 && atomic_fetch_sub(&b->chunks[d].unanswered, 1) == 1)
        gts_stop_raise(&b->chunks[d].stop);
    gts_ends_publish(b->q, (size_t)i);
}

/* The owner's answer to position i, if first: its result, once its
 * helpers are back where a line is printed from it (their nodes in). */
static void owner_answer(c4_batch *b, int i, int score)
{
    c4_job *job = &b->jobs[i];
    if (!gts_ends_claim(b->q, (size_t)i, GTS_ENDS_CPU))
        return;
    job->score = score;
    job->usec = gts_now_usec() - job->t0;
    atomic_store(&job->won, 1);
    while (b->lanes && b->lanes->line && atomic_load(&job->searchers) > 0)
        sched_yield();
    b->r[i] = (c4_result){ .score = score, .nodes = atomic_load(&job->nodes), .tt_hits = atomic_load(&job->tt_hits),
                           .searched = atomic_load(&job->searched), .usec = job->usec };
    answered(b, i);
}

/* Thread s on position i, as its owner (which answers it) or helping. */
static void search(c4_batch *b, c4_search *s, int i, enum role role)
{
    c4_job *job = &b->jobs[i];
    const bool owner = role != HELPER;
    if (owner) {
        /* As a position alone is solved: from empty tables.  No helper
         * can be on them: helpers join only once every position is
         * taken; but a thread taking one back from the lanes may find
         * its last position's helpers still unwinding in its table.
         * Stopped, they store nothing; an entry that slips in is a true
         * bound on its own position, which can change nodes, never a
         * score. */
        gts_tt_clear(s->tt);
        gts_tt_clear(s->near);
        job->t0 = gts_now_usec();
        job->tt = s->tt;
    }
    atomic_fetch_add(&job->searchers, 1);
    owner_hook hook = { s, job, b->busy };
    s->stop = role == OWNER ? b->outside : &job->done;
    s->outside = role == OWNER ? NULL : b->t->outside;
    s->busy = role == OWNER ? NULL : b->busy;
    s->progress = owner ? owner_probe : NULL;
    s->progress_ctx = &hook;
    const uint64_t nodes0 = s->nodes, hits0 = s->tt_hits, searched0 = s->searched;
    const int score = c4_search_solve(s, &b->ps[i], b->weak);
    const bool done = owner && !c4_stopped(s);
    if (owner)
        gts_stop_raise(&job->done);     /* the helpers stop */
    atomic_fetch_add(&job->nodes, s->nodes - nodes0);
    atomic_fetch_add(&job->tt_hits, s->tt_hits - hits0);
    atomic_fetch_add(&job->searched, s->searched - searched0);
    atomic_fetch_sub(&job->searchers, 1);
    if (done)
        owner_answer(b, i, score);
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

/* Stopped from outside: the positions taken back and the lanes' launches
 * stop too (they do not read the caller's token). */
static void stop_all(c4_batch *b)
{
    for (int i = 0; i < b->n; i++)
        gts_stop_raise(&b->jobs[i].done);
    for (int d = 0; d < b->devices; d++)
        gts_stop_raise(&b->chunks[d].stop);
}

/* A CPU thread: its own positions from the dear end, then those taken
 * back from the lanes, then helping; it waits while lanes run, as they
 * may yet give positions up. */
static void cpu_work(c4_batch *b, int index)
{
    const c4_batch_tables *t = b->t;
    c4_search s;
    c4_search_init(&s, t->g, t->tt[index], t->near[index], t->book, b->outside);
    while (!gts_stop_raised(b->outside)) {
        long i = gts_ends_take(b->q);
        enum role role = OWNER;
        if (i < 0 && b->devices > 0)
            i = gts_ends_steal(b->q), role = TAKEN_BACK;
        if (i >= 0) {
            s.tt = t->tt[index];
            search(b, &s, (int)i, role);
            continue;
        }
        const int j = pick_running(b);
        if (j >= 0) {
            s.tt = b->jobs[j].tt;
            search(b, &s, j, HELPER);
        } else if (atomic_load(&b->lanes_running) > 0) {
            sched_yield();
        } else {
            return;
        }
    }
    stop_all(b);
}

static void work(void *arg, int index)
{
    c4_batch *b = arg;
    if (index >= b->devices) {
        cpu_work(b, index - b->devices);
        return;
    }
    b->lanes->run(b->lanes->ctx, index, b);
    atomic_fetch_sub(&b->lanes_running, 1);
}

int c4_batch_chunk(c4_batch *b, int d, int most, int *items, gts_stop **stop)
{
    c4_chunk *c = &b->chunks[d];
    *stop = &c->stop;
    if (gts_stop_raised(b->outside))
        return 0;
    /* Half of what is left at most, shared by the devices: the lanes'
     * first chunk of a small batch must not be the whole batch, its
     * dearest positions setting the launch's length while the CPU threads
     * take them back one by one. */
    const size_t half = gts_ends_between(b->q, 0) / 2 / (size_t)b->devices;
    const size_t want = (size_t)most < half ? (size_t)most : half > 0 ? half : 1;
    size_t *taken = malloc(want * sizeof *taken);
    const size_t k = taken ? gts_ends_lanes_take(b->q, 0, want, taken) : 0;
    gts_stop_reset(&c->stop);
    int unanswered = (int)k;
    for (size_t j = 0; j < k; j++) {
        items[j] = (int)taken[j];
        atomic_store(&b->chunk_of[items[j]], d);
    }
    /* Those answered before the chunk_of above was seen. */
    for (size_t j = 0; j < k; j++)
        unanswered -= gts_ends_answered(b->q, taken[j]);
    atomic_store(&c->unanswered, unanswered);
    if (unanswered <= 0 || gts_stop_raised(b->outside))
        gts_stop_raise(&c->stop);
    free(taken);
    return (int)k;
}

bool c4_batch_untaken(c4_batch *b)
{
    return !gts_stop_raised(b->outside) && gts_ends_between(b->q, 0) > 0;
}

const c4_pos *c4_batch_position(const c4_batch *b, int i)
{
    return &b->ps[i];
}

bool c4_batch_weak(const c4_batch *b)
{
    return b->weak;
}

void c4_batch_lanes_answer(c4_batch *b, int i, const c4_result *r)
{
    if (!gts_ends_claim(b->q, (size_t)i, GTS_ENDS_LANES))
        return;
    b->r[i] = *r;
    b->by_gpu[i] = true;
    gts_stop_raise(&b->jobs[i].done);   /* a CPU thread that took it back stops */
    answered(b, i);
}

void c4_batch_give_up(c4_batch *b, int i)
{
    atomic_store(&b->chunk_of[i], -1);
    gts_ends_give_up(b->q, (size_t)i);
}

static void print_line(void *ctx, size_t i)
{
    c4_batch *b = ctx;
    b->lanes->line(b->lanes->line_ctx, (int)i, &b->r[i], b->by_gpu[i]);
}

/* The queue: the CPU takes from the dear end, so places run from the
 * most stones (cheap) to the fewest; the stable order of stones keeps the
 * CPU alone taking positions as it always has. */
static gts_ends *make_queue(c4_batch *b)
{
    const int n = b->n;
    size_t *places = malloc((size_t)(n > 0 ? n : 1) * sizeof *places);
    if (!places)
        return NULL;
    int k = 0;
    for (int stones = 0; stones <= b->t->g->cells; stones++)
        for (int i = 0; i < n; i++)
            if (b->ps[i].moves == stones)
                b->order[k++] = i;
    for (int j = 0; j < n; j++)
        places[j] = (size_t)b->order[n - 1 - j];
    const bool lines = b->lanes && b->lanes->line;
    gts_ends *q = gts_ends_create((size_t)n, 1, places, 0, lines ? print_line : NULL, b);
    free(places);
    return q;
}

static void free_batch(c4_batch *b)
{
    free(b->jobs), free(b->order), free(b->by_gpu), free(b->chunk_of), free(b->chunks);
    gts_busy_free(b->busy);
    gts_ends_free(b->q);
}

/* The results not written at the answer: the CPU's with every helper's
 * nodes, now that all are back; -1 if some position has none. */
static int results(c4_batch *b)
{
    int rc = 0;
    for (int i = 0; i < b->n; i++) {
        const c4_job *job = &b->jobs[i];
        if (b->by_gpu[i])
            continue;
        const bool won = atomic_load(&job->won);
        b->r[i] = (c4_result){ .score = won ? job->score : 0,
                               .nodes = atomic_load(&job->nodes),
                               .tt_hits = atomic_load(&job->tt_hits),
                               .searched = atomic_load(&job->searched),
                               .usec = won ? job->usec : -1 };
        if (!won)
            rc = -1;
    }
    return rc;
}

int c4_batch_run(const c4_batch_tables *t, const c4_pos *ps, int n, bool weak, c4_result *r,
                 const c4_batch_lanes *lanes, gts_ends_counts *counts)
{
    gts_stop never = GTS_STOP_INIT;
    const size_t k = (size_t)(n > 0 ? n : 1);
    c4_batch b = { .t = t, .ps = ps, .n = n, .weak = weak, .outside = t->outside ? t->outside : &never, .r = r,
                   .lanes = lanes, .devices = lanes ? lanes->devices : 0 };
    b.jobs = aligned_alloc(_Alignof(c4_job), k * sizeof *b.jobs);
    b.order = malloc(k * sizeof *b.order);
    b.by_gpu = calloc(k, sizeof *b.by_gpu);
    b.chunk_of = malloc(k * sizeof *b.chunk_of);
    b.chunks = aligned_alloc(_Alignof(c4_chunk), (size_t)(b.devices > 0 ? b.devices : 1) * sizeof *b.chunks);
    b.busy = gts_busy_create();
    if (!b.jobs || !b.order || !b.by_gpu || !b.chunk_of || !b.chunks || !b.busy || !(b.q = make_queue(&b))) {
        free_batch(&b);
        return -2;
    }
    for (int i = 0; i < n; i++) {
        c4_job *job = &b.jobs[i];
        gts_stop_reset(&job->done);
        atomic_init(&job->won, 0);
        atomic_init(&job->searchers, 0);
        atomic_init(&job->nodes, 0);
        atomic_init(&job->tt_hits, 0);
        atomic_init(&job->searched, 0);
        atomic_init(&b.chunk_of[i], -1);
    }
    for (int d = 0; d < b.devices; d++) {
        gts_stop_reset(&b.chunks[d].stop);
        atomic_init(&b.chunks[d].unanswered, 0);
    }
    atomic_init(&b.lanes_running, b.devices);
    gts_run_threads(b.devices + t->threads, work, &b);
    const int rc = results(&b);
    if (counts)
        *counts = gts_ends_tally(b.q);
    free_batch(&b);
    return rc;
}
