/*
 * The GPU solver's executor: a launch of work items on the device, or on
 * CPU threads running the same per-thread search (c4_gpu_core.h), and the
 * positions the host settles without one.
 */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c4/gpu/c4_gpu_core.h"
#include "c4/gpu/c4_gpu_device.h"
#include "c4/gpu/c4_gpu_internal.h"
#include "core/clock.h"
#include "core/stop_word.h"
#include "core/threads.h"

bool c4g_settled(const c4_geom *g, const c4_pos *p, bool weak, int *score)
{
    if (c4_final_score(g, p, score)) {
    } else if (c4_can_win_next(g, p)) {
        *score = c4_win_score(g, p->moves);
    } else {
        return false;
    }
    if (weak)
        *score = (*score > 0) - (*score < 0);
    return true;
}

/* The CPU executor: threads take items from a shared counter, as the
 * persistent kernel's threads do, and share the table; once the stop token
 * is raised they end their items unfinished and take no more. */
typedef struct cpu_run {
    const c4_gpu *gpu;
    c4g_table tt;
    const c4g_item *items;
    c4g_result *out;
    size_t n;
    uint64_t node_limit;
    atomic_size_t next;
    atomic_bool failed;         /* a worker had no memory for its context */
} cpu_run;

static void cpu_worker(void *arg, int index)
{
    (void)index;
    cpu_run *run = arg;
    c4g_ctx *c = malloc(sizeof *c);
    if (!c) {
        atomic_store(&run->failed, true);
        return;
    }
    c->g = &run->gpu->g;
    c->tt = run->tt;
    c->plain = run->gpu->opt.rule == C4_GPU_PLAIN;
    c->node_limit = run->node_limit;
    c->stop = gts_stop_word(run->gpu->opt.stop);
    for (;;) {
        const size_t i = atomic_fetch_add(&run->next, 1);
        if (i >= run->n || gts_stop_raised(run->gpu->opt.stop))
            break;
        run->out[i] = c4g_solve_item(c, &run->items[i]);
    }
    free(c);
}

bool c4g_stopped(const c4_gpu *gpu, char *err, size_t errlen)
{
    if (!gts_stop_raised(gpu->opt.stop))
        return false;
    snprintf(err, errlen, "stopped");
    return true;
}

static int cpu_execute(c4_gpu *gpu, const c4g_item *items, size_t n, c4g_result *out, bool clear,
                       uint64_t node_limit, char *err, size_t errlen)
{
    cpu_run run = { .gpu = gpu, .items = items, .out = out, .n = n, .node_limit = node_limit };
    atomic_init(&run.next, 0);
    atomic_init(&run.failed, false);
    if (gpu->slots) {
        if (clear)
            memset(gpu->slots, 0, ((size_t)TT_BUCKET << gpu->log2b) * sizeof *gpu->slots);
        run.tt = (c4g_table){ gpu->slots, gpu->g.key_bits >= 64 ? ~0ULL : (1ULL << gpu->g.key_bits) - 1,
                              gpu->g.key_bits - gpu->log2b };
    }
    gts_run_threads(gpu->opt.cpu_threads, cpu_worker, &run);
    if (atomic_load(&run.failed)) {
        snprintf(err, errlen, "out of memory for the CPU executor");
        return -1;
    }
    return c4g_stopped(gpu, err, errlen) ? -1 : 0;
}

int c4g_execute(c4_gpu *gpu, const c4g_item *items, size_t n, c4g_result *out, bool clear, uint64_t node_limit,
                c4_gpu_stats *st, char *err, size_t errlen)
{
    if (c4g_stopped(gpu, err, errlen))
        return -1;
    if (n > INT32_MAX) {
        snprintf(err, errlen, "too many items in one launch (%zu)", n);
        return -1;
    }
    double us = 0;
    if (gpu->dev) {
        if (c4g_device_run(gpu->dev, items, (int)n, out, clear, gpu->opt.rule == C4_GPU_PLAIN, gpu->opt.persistent,
                           gpu->opt.block_threads, node_limit, gts_stop_word(gpu->opt.stop), &us, err, errlen) != 0 ||
            c4g_stopped(gpu, err, errlen))
            return -1;
    } else {
        const double t0 = gts_now_usec();
        if (cpu_execute(gpu, items, n, out, clear, node_limit, err, errlen) != 0)
            return -1;
        us = gts_now_usec() - t0;
    }
    st->kernel_us += us;
    st->items += n;
    st->rounds++;
    return 0;
}
