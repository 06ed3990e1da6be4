/*
 * The GPU solver's entry points (gts/c4_gpu.h): its options checked, and
 * a batch handed to the solver on one device (c4_gpu_one.c) or to the team
 * of several (c4_gpu_team.c).
 */
#include "gts/c4_gpu.h"

#include <stdio.h>
#include <stdlib.h>

#include "c4/gpu/c4_gpu_core.h"
#include "c4/gpu/c4_gpu_internal.h"
#include "core/gpu_devices.h"
#include "core/late.h"

c4_gpu_options c4_gpu_report_options(int split_depth, bool table)
{
    return (c4_gpu_options){ .rule = C4_GPU_PLAIN,
                             .tt_bytes = table ? GTS_TT_DEFAULT_BYTES : 0,
                             .split_depth = split_depth,
                             .block_threads = 256,
                             .cpu_threads = 1 };
}

c4_gpu_options c4_gpu_best_options(void)
{
    return (c4_gpu_options){ .rule = C4_GPU_FULL,
                             .tt_bytes = (size_t)256 << 20,
                             .split_depth = 0,
                             .node_limit = C4_GPU_BUDGET_AUTO,
                             .dedup = true,
                             .persistent = true,
                             .block_threads = 128,
                             .cpu_threads = 1 };
}

int c4_gpu_check_options(const c4_geom *g, const c4_gpu_options *opt, char *err, size_t errlen)
{
    if (opt->split_depth < -1 || opt->split_depth > MAX_SPLIT) {
        snprintf(err, errlen, "split depth %d out of range 0..%d (or -1: auto)", opt->split_depth, MAX_SPLIT);
        return -1;
    }
    if (opt->block_threads < 32 || opt->block_threads > 1024 || opt->block_threads % 32) {
        snprintf(err, errlen, "threads per block %d: must be a multiple of 32 in 32..1024", opt->block_threads);
        return -1;
    }
    if (opt->cpu && (opt->cpu_threads < 1 || opt->cpu_threads > MAX_CPU_THREADS)) {
        snprintf(err, errlen, "CPU executor threads %d out of range 1..%d", opt->cpu_threads, MAX_CPU_THREADS);
        return -1;
    }
    if (opt->devices < 0 || opt->devices > GPU_MAX_DEVICES) {
        snprintf(err, errlen, "%d GPUs out of range 1..%d", opt->devices, GPU_MAX_DEVICES);
        return -1;
    }
    if (opt->tt_bytes && c4g_table_log2(g->key_bits, opt->tt_bytes) < 0) {
        snprintf(err, errlen, "device table of %zu bytes too small for %d-bit keys", opt->tt_bytes, g->key_bits);
        return -1;
    }
    return 0;
}

c4_gpu *c4_gpu_create(const c4_geom *g, const c4_gpu_options *opt, char *err, size_t errlen)
{
    if (c4_gpu_check_options(g, opt, err, errlen) != 0)
        return NULL;
    return opt->devices > 1 ? c4g_team_open(g, opt, err, errlen) : c4g_one_open(g, opt, err, errlen);
}

static void *open_late(void *ctx, char *err, size_t errlen)
{
    const c4_gpu *shell = ctx;
    return c4_gpu_create(&shell->g, &shell->opt, err, errlen);
}

static void close_late(void *gpu)
{
    c4_gpu_free(gpu);
}

c4_gpu *c4_gpu_create_late(const c4_geom *g, const c4_gpu_options *opt, double after_usec, char *err,
                           size_t errlen)
{
    if (c4_gpu_check_options(g, opt, err, errlen) != 0)
        return NULL;
    c4_gpu *shell = calloc(1, sizeof *shell);
    if (shell) {
        shell->g = *g;
        shell->opt = *opt;
        shell->late = gts_late_start(after_usec, open_late, close_late, shell);
    }
    if (!shell || !shell->late) {
        snprintf(err, errlen, "out of memory or threads");
        free(shell);
        return NULL;
    }
    return shell;
}

bool c4_gpu_started(c4_gpu *gpu)
{
    return !gpu->late || gts_late_started(gpu->late);
}

c4_gpu *c4g_working(c4_gpu *gpu, double wait_usec, bool *failed, char *err, size_t errlen)
{
    *failed = false;
    if (!gpu->late)
        return gpu;
    c4_gpu *open = gts_late_get(gpu->late, wait_usec, failed);
    if (*failed)
        snprintf(err, errlen, "%s", gts_late_error(gpu->late));
    return open;
}

void c4_gpu_free(c4_gpu *gpu)
{
    if (gpu && gpu->late) {
        gts_late_end(gpu->late);
        free(gpu);
    } else if (gpu && gpu->members)
        c4g_team_close(gpu);
    else
        c4g_one_close(gpu);
}

int c4_gpu_solve(c4_gpu *gpu, const c4_pos *ps, int n, bool weak, int *scores, uint64_t *nodes,
                 uint64_t *tt_hits, c4_gpu_stats *st, char *err, size_t errlen)
{
    bool failed;
    if (!(gpu = c4g_working(gpu, -1, &failed, err, errlen)))
        return -1;
    return gpu->members ? c4g_team_solve(gpu, ps, n, weak, scores, nodes, tt_hits, st, err, errlen)
                        : c4g_solve_share(gpu, ps, n, n, weak, scores, nodes, tt_hits, st, err, errlen);
}

