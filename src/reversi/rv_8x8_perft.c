/* Perft split into tasks: the CPU threads share the prefixes' subtrees,
 * or the GPU (src/reversi/gpu/) counts them. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"
#include "core/threads.h"
#include "gts/reversi.h"
#include "reversi/gpu/rv8_perft_device.h"
#include "reversi/rv_8x8_bits.h"

/* Tasks per CPU thread: subtrees differ by 10x and more in size, and a
 * task is a stop's latency (at depth 14 a task of 4096 per thread is
 * about 2 ms). */
#define TASKS_PER_THREAD 4096
/* The most prefixes the host makes (16 bytes each, 4 GiB): perft 18 and
 * beyond on the GPU, where each ply is about 10 times more. */
#define MAX_PREFIXES ((size_t)1 << 28)

/* The positions `depth` plies below (me, opp) into out (NULL: only
 * counted in *n), stopping once *n reaches `limit`. */
static void collect(uint64_t me, uint64_t opp, int depth, rv_pos *out, size_t *n, size_t limit)
{
    if (*n >= limit)
        return;
    if (depth == 0) {
        if (out)
            out[*n] = (rv_pos){ me, opp };
        ++*n;
        return;
    }
    const uint64_t moves = rv_moves_fast(me, opp);
    if (!moves) {
        if (rv_moves_fast(opp, me))
            collect(opp, me, depth - 1, out, n, limit);
        return;
    }
    for (uint64_t m = moves; m; m &= m - 1) {
        rv_pos q = { me, opp };
        const int sq = __builtin_ctzll(m);
        rv_play(&q, sq, rv_flips_fast(me, opp, sq));
        collect(q.me, q.opp, depth - 1, out, n, limit);
    }
}

/* The positions `split` plies below p, one per move sequence (a pass a
 * move, finished games dropped), split the fewest plies from min_split
 * up to depth - 1 that gives at least `target` of them; *n of them, NULL
 * when out of memory or more than 2^28.  depth >= 1. */
static rv_pos *perft_prefixes(const rv_pos *p, int depth, int min_split, size_t target, int *split, size_t *n)
{
    int s = min_split;
    size_t count = 0;
    /* The first count may be huge (a deep perft's forced split): walked
     * with a cap.  Each next one follows a count under the target, so it
     * is at most some 35 times the target: rv_perft's bulk count, 10 times
     * faster. */
    collect(p->me, p->opp, s, NULL, &count, MAX_PREFIXES + 1);
    while (s < depth - 1 && count < target)
        count = (size_t)rv_perft(p, ++s);
    *split = s;
    *n = 0;
    if (count > MAX_PREFIXES)
        return NULL;
    rv_pos *out = malloc((count ? count : 1) * sizeof *out);
    if (out)
        collect(p->me, p->opp, s, out, n, count);
    return out;
}

typedef struct perft_tasks {
    const rv_pos *prefixes;
    size_t n;
    int depth;              /* below each prefix */
    gts_stop *stop;
    atomic_size_t next;
    _Atomic uint64_t leaves;
} perft_tasks;

/* rv_perft of a task, the stop read between subtrees of at most
 * RV8P_MAX_DEPTH plies (about 10 ms at perft 16): with --split 1 a task of
 * perft 16 is 15 plies, which ran on for minutes after Ctrl-C. */
static uint64_t task_perft(uint64_t me, uint64_t opp, int depth, const gts_stop *stop)
{
    if (depth <= RV8P_MAX_DEPTH)
        return rv_perft(&(rv_pos){ me, opp }, depth);
    const uint64_t moves = rv_moves_fast(me, opp);
    if (!moves)
        return rv_moves_fast(opp, me) ? task_perft(opp, me, depth - 1, stop) : 0;
    uint64_t n = 0;
    for (uint64_t m = moves; m && !gts_stop_raised(stop); m &= m - 1) {
        rv_pos q = { me, opp };
        const int sq = __builtin_ctzll(m);
        rv_play(&q, sq, rv_flips_fast(me, opp, sq));
        n += task_perft(q.me, q.opp, depth - 1, stop);
    }
    return n;
}

static void perft_worker(void *arg, int index)
{
    perft_tasks *t = arg;
    (void)index;
    uint64_t leaves = 0;
    for (;;) {
        const size_t i = atomic_fetch_add(&t->next, 1);
        if (i >= t->n || gts_stop_raised(t->stop))
            break;
        leaves += task_perft(t->prefixes[i].me, t->prefixes[i].opp, t->depth, t->stop);
    }
    atomic_fetch_add(&t->leaves, leaves);
}

/* The tasks on the CPU threads, or (gpu) the device or its executor. */
static int count_tasks(const rv_pos *prefixes, size_t n, int depth, int threads, const rv_perft_options *o,
                       rv_perft_result *r, char *err, size_t errlen)
{
    if (o->gpu) {
        const int rc = rv8p_count_prefixes(prefixes, n, depth, o->devices, o->cpu_executor, o->stop, &r->leaves,
                                           &r->kernel_usec, err, errlen);
        if (rc != 0 || !gts_stop_raised(o->stop))
            return rc;
    } else {
        perft_tasks t = { .prefixes = prefixes, .n = n, .depth = depth, .stop = o->stop };
        const double k0 = gts_now_usec();
        gts_run_threads(threads, perft_worker, &t);
        r->kernel_usec = gts_now_usec() - k0;
        r->leaves = atomic_load(&t.leaves);
        if (!gts_stop_raised(o->stop))
            return 0;
    }
    snprintf(err, errlen, "stopped");
    return -1;
}

void rv_perft_split_range(int depth, bool gpu, int *low, int *high)
{
    *low = gpu && depth > RV8P_MAX_DEPTH ? depth - RV8P_MAX_DEPTH : 1;
    *high = depth - 1;
}

int rv_perft_run(const rv_pos *p, int depth, const rv_perft_options *o, rv_perft_result *r, char *err,
                 size_t errlen)
{
    const double t0 = gts_now_usec();
    *r = (rv_perft_result){ 0 };
    if (depth <= 0) {
        r->leaves = rv_perft(p, depth);
        r->usec = gts_now_usec() - t0;
        return 0;
    }
    const int threads = o->threads > 1 ? o->threads : 1;
    const size_t target = o->gpu ? RV8P_TARGET_PREFIXES : (size_t)threads * TASKS_PER_THREAD;
    int low, high;
    rv_perft_split_range(depth, o->gpu, &low, &high);
    if (o->split > 0 && (o->split < low || o->split > high)) {
        snprintf(err, errlen, "perft %d: split %d is not in %d..%d", depth, o->split, low, high);
        return -1;
    }
    const int min_split = o->split > 0 ? o->split : depth > RV8P_MAX_DEPTH ? depth - RV8P_MAX_DEPTH : 0;
    int split;
    size_t n;
    rv_pos *prefixes = perft_prefixes(p, depth, min_split, o->split > 0 ? 0 : target, &split, &n);
    if (!prefixes) {
        snprintf(err, errlen, "perft %d needs the %d-ply prefixes: too many or out of memory (at most 2^28)", depth,
                 split);
        return -1;
    }
    r->prefixes = n;
    r->split = split;
    const int rc = count_tasks(prefixes, n, depth - split, threads, o, r, err, errlen);
    free(prefixes);
    r->usec = gts_now_usec() - t0;
    return rc;
}
