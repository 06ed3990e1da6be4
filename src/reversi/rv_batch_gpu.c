/* The GPU's batch (rv_batch_run with o->gpu): the lanes take the positions
 * of at most RV_GPU_MAX_EMPTIES empties, cheapest first (unless they are
 * too few to be worth a launch: then they are the CPU's as the deeper
 * ones are); the CPU threads beside them take the deeper ones, a thread
 * each, then the lanes' from the dear end of each device's share: one
 * queue, core/two_ends.h, whose items are the lanes' positions and after
 * them the deep ones, the CPU's alone.  A few deep positions (a couple a
 * thread) are solved one at a time by all the threads together instead,
 * after the launch, and those the lanes handed back (over their budget)
 * by the threads after that. */
#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"
#include "core/threads.h"
#include "core/two_ends.h"
#include "reversi/gpu/rv8_solve.h"
#include "reversi/rv_batch.h"

/* The most deep positions a thread that all the threads solve together,
 * one at a time (as --threads N does); more are a thread each (as --each
 * does).  One position at a time on 16 threads sharing a table solved
 * fforum-20-39 (20 positions) in 0.96 s, where 16 one-thread workers each
 * on positions of their own took 2.36 s, bounded by #38's 1.65 s on one
 * thread (BENCHMARKS.md, row 40): a few positions a thread end as late
 * as their slowest.  Many are the other way: 16 threads together gave
 * 5.76x one thread on fforum-20-39 (row 27), 16 alone nearly 16x. */
#define TOGETHER_A_THREAD 2

/* The tables of the CPU threads beside the lanes on the lanes' positions:
 * small, as their making is the cost.  64 threads making tables of 64 MB
 * (the default) took 2.9 s of a 3.0 s hand-back of 106 positions
 * (1,000,000 at 12 empties, the 4-H200 host); with 4 MB tables 3,863
 * positions at 14 empties were solved in 18.7 s against 20.8 s with
 * 64 MB (2 threads, the dev VM). */
#define LANE_TABLE_BYTES ((size_t)4 << 20)

typedef struct gpu_run {
    rv_batch *b;
    const rv_pos *p;
    rv_batch_answer *out;
    rv_batch_stats *stats;
    /* The queue's items: the lanes' positions [0, lane_n), gathered
     * cheapest first, then the deep ones a CPU thread takes alone
     * [lane_n, lane_n + deep_alone); each one's index in p. */
    rv_pos *lane_p;
    size_t *at, lane_n;
    rv_batch_answer *lane_out;
    size_t *deep_at, deep_n;    /* the deep positions' indices in p */
    size_t deep_alone;
    rv_batch_options lanes_o;   /* b->o, the lanes' answers told through lane_solved */
    gts_ends *queue;            /* NULL: no CPU thread beside */
    atomic_size_t lanes, by_beside;
    int rc;
    char *err;
    size_t errlen;
} gpu_run;

/* A lane's answer (lanes_o.on_solved): into out, and told. */
static void lane_solved(void *arg, size_t j)
{
    gpu_run *r = arg;
    const size_t i = r->at[j];
    r->out[i] = r->lane_out[j];
    atomic_fetch_add(&r->lanes, 1);
    if (r->b->o.on_solved)
        r->b->o.on_solved(r->b->o.on_solved_arg, i);
}

/* s, made with tables of tt_bytes if it is not yet: false without memory. */
static bool have_solver(rv_solver **s, const rv_batch_options *o, size_t tt_bytes)
{
    char why[256];
    const rv_solve_options so = rv_batch_solver_options(o, tt_bytes);
    return *s || (*s = rv_solver_create(&so, why, sizeof why));
}

/* A CPU thread beside the lanes: the queue's items, deep ones with a
 * table of the batch's size (kept), the lanes' with a small one. */
static void beside_thread(gpu_run *r, int index)
{
    const rv_batch_options *o = &r->b->o;
    /* Without memory for a solver the thread takes nothing (a deep item
     * it took is the threads' together). */
    rv_solver *small = NULL;
    if (r->lane_n && !have_solver(&small, o, LANE_TABLE_BYTES))
        return;
    for (long k; !gts_stop_raised(o->stop) && (k = gts_ends_take(r->queue)) >= 0;) {
        const bool deep = (size_t)k >= r->lane_n;
        rv_solver **s = deep ? &r->b->solvers[index] : &small;
        if ((deep && !have_solver(s, o, o->tt_bytes)) || !rv_batch_solve_one(*s, o, r->p, r->at[k], r->out))
            break;
        if (!deep)
            atomic_fetch_add(&r->by_beside, 1);
    }
    rv_solver_free(small);
}

/* The first launch of a batch with lanes' positions makes the CUDA
 * context: one on a full board, which the lanes end at once, so that the
 * start-up (about 370 ms on the H200 host) counts in no launch's time.
 * It runs on the devices' host thread while the CPU threads beside it
 * work, and only where the lanes have positions: FFO's sets and every
 * batch of fewer than --gpu-least never start the device.  A device that
 * fails leaves its share to no one, as a failed launch does. */
static int warm_up(gpu_run *r)
{
    if (r->b->warm || r->b->o.cpu_executor)
        return 0;
    static const rv_pos full = { ~(uint64_t)0, 0 };
    rv_batch_options o = r->b->o;
    o.on_solved = NULL;
    rv_batch_answer none;
    rv_batch_stats stats;
    if (rv8s_solve_batch(&full, 1, &o, NULL, &none, &stats, r->err, r->errlen) != 0) {
        for (int d = 0; r->queue && d < rv8s_devices(&o); d++)
            gts_ends_close(r->queue, d, 0);
        return -1;
    }
    r->b->warm = true;
    return 0;
}

/* With lanes' positions, thread 0 runs the devices and the others are CPU
 * threads beside them; without, all are CPU threads. */
static void run_thread(void *arg, int index)
{
    gpu_run *r = arg;
    if (index > 0 || !r->lane_n)
        beside_thread(r, index);
    else if ((r->rc = warm_up(r)) == 0)
        r->rc = rv8s_solve_batch(r->lane_p, r->lane_n, &r->lanes_o, r->queue, r->lane_out, r->stats, r->err,
                                 r->errlen);
}

/* The deep positions no thread alone solved (all of them when few, or
 * one a thread left without memory), one at a time by all the threads
 * together: 0, or -1 with a reason. */
static int solve_together(gpu_run *r)
{
    rv_batch *b = r->b;
    for (size_t k = 0; k < r->deep_n && !gts_stop_raised(b->o.stop); k++) {
        const size_t i = r->deep_at[k];
        if (r->out[i].move != RV_NOT_SOLVED)
            continue;
        if (!b->together) {
            rv_solve_options so = rv_batch_solver_options(&b->o, b->o.tt_bytes);
            so.threads = b->threads;
            if (!(b->together = rv_solver_create(&so, r->err, r->errlen)))
                return -1;
        }
        if (!rv_batch_solve_one(b->together, &b->o, r->p, i, r->out))
            break;
        r->stats->together++;
    }
    return 0;
}

/* The positions the lanes handed back (over their budget), solved by the
 * CPU threads (no more threads than positions), the lanes' nodes added
 * to the solver's: 0, or -1 with a reason. */
static int hand_back(gpu_run *r)
{
    size_t k = 0;
    for (size_t j = 0; j < r->lane_n; j++)
        if (r->lane_out[j].move == RV8S_HANDED_BACK) {
            const size_t i = r->at[j];
            r->out[i] = (rv_batch_answer){ 0, RV_NOT_SOLVED, true, r->lane_out[j].nodes };
            r->at[k++] = i;   /* the lanes' items are no longer needed */
        }
    r->stats->handed_back = k;
    if (k == 0)
        return 0;
    const double t0 = gts_now_usec();
    const int threads = (size_t)r->b->threads < k ? r->b->threads : (int)k;
    const int rc = rv_batch_cpu(NULL, threads, LANE_TABLE_BYTES, &r->b->o, r->p, r->at, k, r->out, r->err,
                                r->errlen);
    r->stats->handback_usec = gts_now_usec() - t0;
    return rc;
}

/* The positions parted: the lanes' gathered cheapest first (fewest
 * empties: a counting sort, input order kept on ties), the deep ones'
 * indices in input order.  0, or -1 (no memory). */
static int part(gpu_run *r, size_t n)
{
    const size_t room = n ? n : 1;
    r->lane_p = malloc(room * sizeof *r->lane_p);
    r->at = malloc(room * sizeof *r->at);
    r->lane_out = malloc(room * sizeof *r->lane_out);
    r->deep_at = malloc(room * sizeof *r->deep_at);
    if (!r->lane_p || !r->at || !r->lane_out || !r->deep_at) {
        snprintf(r->err, r->errlen, "out of memory for %zu positions", n);
        return -1;
    }
    size_t first[RV_GPU_MAX_EMPTIES + 2] = { 0 };   /* the first item of each count of empties */
    for (size_t i = 0; i < n; i++) {
        const int e = rv_empties(&r->p[i]);
        if (e > RV_GPU_MAX_EMPTIES)
            r->deep_at[r->deep_n++] = i;
        else
            first[e + 1]++;
    }
    for (int e = 1; e <= RV_GPU_MAX_EMPTIES + 1; e++)
        first[e] += first[e - 1];
    r->lane_n = n - r->deep_n;
    for (size_t i = 0; i < n; i++) {
        const int e = rv_empties(&r->p[i]);
        if (e > RV_GPU_MAX_EMPTIES)
            continue;
        const size_t j = first[e]++;
        r->lane_out[j] = (rv_batch_answer){ 0, RV_NOT_SOLVED, false, 0 };
        r->lane_p[j] = r->p[i];
        r->at[j] = i;
    }
    return 0;
}

/* Too few positions for the lanes: all of them the CPU's, as the deep
 * ones are (input order). */
static void all_deep(gpu_run *r)
{
    for (size_t i = 0; i < r->lane_n + r->deep_n; i++)
        r->deep_at[i] = i;
    r->deep_n += r->lane_n;
    r->lane_n = 0;
}

/* The queue of the CPU threads beside the lanes: the lanes' items, then
 * the deep ones for a thread alone, the CPU's only (taken first, in input
 * order).  0, or -1 (no memory). */
static int make_queue(gpu_run *r, int shares)
{
    for (size_t k = 0; k < r->deep_alone; k++)
        r->at[r->lane_n + k] = r->deep_at[k];
    if (!(r->queue = gts_ends_create(r->lane_n + r->deep_alone, shares, NULL, RV8S_MEET_MARGIN, NULL, NULL))) {
        snprintf(r->err, r->errlen, "out of memory");
        return -1;
    }
    for (size_t k = r->deep_alone; k-- > 0;)
        gts_ends_cpu_only(r->queue, r->lane_n + k);
    return 0;
}

static void free_run(gpu_run *r)
{
    gts_ends_free(r->queue);
    free(r->lane_p);
    free(r->at);
    free(r->lane_out);
    free(r->deep_at);
}

int rv_batch_gpu(rv_batch *b, const rv_pos *p, size_t n, rv_batch_answer *out, rv_batch_stats *stats, char *err,
                 size_t errlen)
{
    gpu_run r = { .b = b, .p = p, .out = out, .stats = stats, .lanes_o = b->o, .err = err, .errlen = errlen };
    r.lanes_o.on_solved = lane_solved;
    r.lanes_o.on_solved_arg = &r;
    int rc = part(&r, n);
    if (rc == 0 && r.lane_n < b->o.gpu_least * (size_t)rv8s_devices(&b->o))
        all_deep(&r);
    /* The device's host thread is one of the threads while it has lanes. */
    const int beside = !b->o.cpu_beside ? 0 : r.lane_n ? b->threads - rv8s_devices(&b->o) : b->threads;
    const size_t together = (size_t)TOGETHER_A_THREAD * (size_t)b->threads;
    r.deep_alone = beside > 0 && r.deep_n > together ? r.deep_n : 0;
    if (rc == 0 && beside > 0)
        rc = make_queue(&r, rv8s_devices(&b->o));
    const int threads = (r.lane_n ? 1 : 0) + (beside > 0 ? beside : 0);
    if (rc == 0 && threads > 0)
        gts_run_threads(threads, run_thread, &r);
    if (rc == 0 && r.rc == 0 && solve_together(&r) == 0 && hand_back(&r) == 0) {
        stats->lanes = atomic_load(&r.lanes);
        stats->beside = atomic_load(&r.by_beside);
        for (size_t k = 0; k < r.deep_n; k++)
            if (out[r.deep_at[k]].move != RV_NOT_SOLVED)
                (*(rv_empties(&p[r.deep_at[k]]) > RV_GPU_MAX_EMPTIES ? &stats->too_deep : &stats->too_few))++;
    } else {
        rc = -1;
    }
    free_run(&r);
    return rc;
}
