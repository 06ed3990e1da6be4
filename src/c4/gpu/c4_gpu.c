/*
 * The host side of the GPU solver: the split of each position into
 * frontier work items, the executor that solves them (the device, or CPU
 * threads running the same per-thread search), and the finish of the top
 * plies from the items' scores.
 */
#include "gts/c4_gpu.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c4/gpu/c4_gpu_core.h"
#include "c4/gpu/c4_gpu_device.h"
#include "c4/gpu/c4_gpu_internal.h"
#include "core/clock.h"
#include "core/gpu_devices.h"
#include "core/stop_word.h"
#include "core/threads.h"

#define MAX_SPLIT 8
#define C4_GPU_AUTO_ITEMS 4096
/* The automatic budget (measured: docs/notes/c4_gpu.md): Begin-Medium,
 * 100 positions, 2.4x faster at 16,384 nodes; sets of 1000, slower. */
#define C4_GPU_SMALL_BATCH 256
#define C4_GPU_SMALL_BUDGET 16384

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
    const int log2b = opt->tt_bytes ? c4g_table_log2(g->key_bits, opt->tt_bytes) : -1;
    c4_gpu *gpu = calloc(1, sizeof *gpu);
    if (!gpu) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    gpu->g = *g;
    gpu->opt = *opt;
    gpu->log2b = log2b;
    if (opt->devices > 1) {
        if (c4g_team_open(gpu, err, errlen) != 0) {
            free(gpu);
            return NULL;
        }
    } else if (opt->cpu) {
        if (log2b >= 0) {
            gpu->slots = calloc((size_t)TT_BUCKET << log2b, sizeof *gpu->slots);
            if (!gpu->slots) {
                snprintf(err, errlen, "out of memory for a %zu-byte table", opt->tt_bytes);
                free(gpu);
                return NULL;
            }
        }
    } else {
        gpu->dev = c4g_device_open(g, log2b, err, errlen);
        if (!gpu->dev) {
            free(gpu);
            return NULL;
        }
    }
    return gpu;
}

void c4_gpu_free(c4_gpu *gpu)
{
    if (!gpu)
        return;
    c4g_team_close(gpu);
    if (gpu->dev)
        c4g_device_close(gpu->dev);
    free(gpu->slots);
    free(gpu->items);
    free(gpu->results);
    free(gpu->owner);
    free(gpu->map_keys);
    free(gpu->map_items);
    free(gpu);
}

static size_t map_slot(const c4_gpu *gpu, uint64_t key)
{
    size_t i = (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 20) & (gpu->map_cap - 1);
    while (gpu->map_items[i] && gpu->map_keys[i] != key)
        i = (i + 1) & (gpu->map_cap - 1);
    return i;
}

static int map_grow(c4_gpu *gpu)
{
    const size_t old_cap = gpu->map_cap;
    uint64_t *old_keys = gpu->map_keys;
    int32_t *old_items = gpu->map_items;
    gpu->map_cap = old_cap ? 2 * old_cap : 1024;
    gpu->map_keys = malloc(gpu->map_cap * sizeof *gpu->map_keys);
    gpu->map_items = calloc(gpu->map_cap, sizeof *gpu->map_items);
    if (!gpu->map_keys || !gpu->map_items) {
        free(gpu->map_keys);
        free(gpu->map_items);
        gpu->map_keys = old_keys;
        gpu->map_items = old_items;
        gpu->map_cap = old_cap;
        return -1;
    }
    for (size_t i = 0; i < old_cap; i++) {
        if (!old_items[i])
            continue;
        const size_t j = map_slot(gpu, old_keys[i]);
        gpu->map_keys[j] = old_keys[i];
        gpu->map_items[j] = old_items[i];
    }
    free(old_keys);
    free(old_items);
    return 0;
}

static int add_item(c4_gpu *gpu, const c4_pos *p, bool weak, int line)
{
    if (2 * (gpu->nitems + 1) > gpu->map_cap && map_grow(gpu) != 0)
        return -1;
    const uint64_t key = c4_key(p);
    const size_t slot = map_slot(gpu, key);
    if (gpu->map_items[slot] && gpu->opt.dedup)
        return 0;
    if (gpu->nitems == gpu->cap) {
        const size_t cap = gpu->cap ? 2 * gpu->cap : 4096;
        c4g_item *items = realloc(gpu->items, cap * sizeof *items);
        if (items)
            gpu->items = items;
        c4g_result *results = realloc(gpu->results, cap * sizeof *results);
        if (results)
            gpu->results = results;
        int *owner = realloc(gpu->owner, cap * sizeof *owner);
        if (owner)
            gpu->owner = owner;
        if (!items || !results || !owner)
            return -1;
        gpu->cap = cap;
    }
    gpu->items[gpu->nitems] = (c4g_item){ p->cur, p->mask, p->moves, weak ? C4G_WEAK : C4G_EXACT, 0, 0, 0 };
    gpu->owner[gpu->nitems] = line;
    if (!gpu->map_items[slot]) {
        gpu->map_keys[slot] = key;
        gpu->map_items[slot] = (int32_t)gpu->nitems + 1;
    }
    gpu->nitems++;
    return 0;
}

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

/* Every unsettled position `depth` plies below p becomes an item. */
static int expand(c4_gpu *gpu, const c4_pos *p, int depth, bool weak, int line)
{
    int score;
    if (c4g_settled(&gpu->g, p, weak, &score))
        return 0;
    if (depth == 0)
        return add_item(gpu, p, weak, line);
    for (int col = 0; col < gpu->g.width; col++) {
        if (!c4_can_play(&gpu->g, p, col))
            continue;
        c4_pos q = *p;
        c4_play(&gpu->g, &q, col);
        if (expand(gpu, &q, depth - 1, weak, line) != 0)
            return -1;
    }
    return 0;
}

static int expand_all(c4_gpu *gpu, const c4_pos *ps, int n, int depth, bool weak)
{
    gpu->nitems = 0;
    if (gpu->map_cap)
        memset(gpu->map_items, 0, gpu->map_cap * sizeof *gpu->map_items);
    for (int i = 0; i < n; i++)
        if (expand(gpu, &ps[i], depth, weak, i) != 0)
            return -1;
    return 0;
}

/* Negamax over the top plies, reading the items' scores. */
static int finish(const c4_gpu *gpu, const c4_pos *p, int depth, int alpha, int beta, bool weak, uint64_t *nodes)
{
    const c4_geom *g = &gpu->g;
    int score;
    if (c4g_settled(g, p, weak, &score)) {
        (*nodes)++;
        return score;
    }
    if (depth == 0)     /* the item's node: counted by its search */
        return gpu->results[gpu->map_items[map_slot(gpu, c4_key(p))] - 1].score;
    (*nodes)++;
    int best = -64;
    for (int col = 0; col < g->width && alpha < beta; col++) {
        if (!c4_can_play(g, p, col))
            continue;
        c4_pos q = *p;
        c4_play(g, &q, col);
        const int v = -finish(gpu, &q, depth - 1, -beta, -alpha, weak, nodes);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
    }
    return best;
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

/* Whether the caller's token was raised; if so, says so in err. */
static bool stopped(const c4_gpu *gpu, char *err, size_t errlen)
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
    return stopped(gpu, err, errlen) ? -1 : 0;
}

int c4g_execute(c4_gpu *gpu, const c4g_item *items, size_t n, c4g_result *out, bool clear, uint64_t node_limit,
                c4_gpu_stats *st, char *err, size_t errlen)
{
    if (stopped(gpu, err, errlen))
        return -1;
    if (n > INT32_MAX) {
        snprintf(err, errlen, "too many items in one launch (%zu)", n);
        return -1;
    }
    double us = 0;
    if (gpu->dev) {
        if (c4g_device_run(gpu->dev, items, (int)n, out, clear, gpu->opt.rule == C4_GPU_PLAIN, gpu->opt.persistent,
                           gpu->opt.block_threads, node_limit, gts_stop_word(gpu->opt.stop), &us, err, errlen) != 0 ||
            stopped(gpu, err, errlen))
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

int c4_gpu_solve(c4_gpu *gpu, const c4_pos *ps, int n, bool weak, int *scores, uint64_t *nodes,
                 uint64_t *tt_hits, c4_gpu_stats *st, char *err, size_t errlen)
{
    return gpu->members ? c4g_team_solve(gpu, ps, n, weak, scores, nodes, tt_hits, st, err, errlen)
                        : c4g_solve_share(gpu, ps, n, n, weak, scores, nodes, tt_hits, st, err, errlen);
}

int c4g_solve_share(c4_gpu *gpu, const c4_pos *ps, int n, int whole, bool weak, int *scores, uint64_t *nodes,
                    uint64_t *tt_hits, c4_gpu_stats *st, char *err, size_t errlen)
{
    const double t0 = gts_now_usec();
    if (stopped(gpu, err, errlen))
        return -1;
    /* Auto: a batch of a few hundred positions or more is sent as it is
     * (long solves are split by their node budget); a smaller one is
     * expanded to the least depth that gives C4_GPU_AUTO_ITEMS items, or
     * the depth with the most items if the frontier stops growing first
     * (positions near the end). */
    const bool autos = gpu->opt.split_depth < 0 && whole < C4_GPU_AUTO_ITEMS / 16;
    int depth = gpu->opt.split_depth < 0 ? 0 : gpu->opt.split_depth, best_depth = depth;
    size_t best_items = 0;
    for (;;) {
        if (expand_all(gpu, ps, n, depth, weak) != 0) {
            snprintf(err, errlen, "out of memory for the frontier");
            return -1;
        }
        if (!autos || gpu->nitems >= C4_GPU_AUTO_ITEMS)
            break;
        if (gpu->nitems > best_items) {
            best_items = gpu->nitems;
            best_depth = depth;
        }
        if (gpu->nitems < best_items || depth == MAX_SPLIT) {
            depth = best_depth;
            if (expand_all(gpu, ps, n, depth, weak) != 0) {
                snprintf(err, errlen, "out of memory for the frontier");
                return -1;
            }
            break;
        }
        depth++;
    }
    /* The items at once, or, with a node budget, through the scheduler
     * that splits long ones with their windows kept (c4_gpu_tasks.c). */
    c4_gpu_stats run = { 0 };
    if (gpu->nitems > 0) {
        uint64_t budget = gpu->opt.node_limit;
        if (budget == C4_GPU_BUDGET_AUTO)
            budget = whole < C4_GPU_SMALL_BATCH ? C4_GPU_SMALL_BUDGET : 0;
        const int rc = budget ? c4g_run_tasks(gpu, weak, budget, &run, err, errlen)
                                           : c4g_execute(gpu, gpu->items, gpu->nitems, gpu->results, true, 0, &run,
                                                         err, errlen);
        if (rc != 0)
            return -1;
    }
    uint64_t total_nodes = 0, total_hits = 0;
    for (int i = 0; i < n; i++) {
        uint64_t host_nodes = 0;
        scores[i] = finish(gpu, &ps[i], depth, -64, 64, weak, &host_nodes);
        if (nodes)
            nodes[i] = host_nodes;
        if (tt_hits)
            tt_hits[i] = 0;
        total_nodes += host_nodes;
    }
    for (size_t i = 0; i < gpu->nitems; i++) {
        if (nodes)
            nodes[gpu->owner[i]] += gpu->results[i].nodes;
        if (tt_hits)
            tt_hits[gpu->owner[i]] += gpu->results[i].tt_hits;
        total_nodes += gpu->results[i].nodes;
        total_hits += gpu->results[i].tt_hits;
    }
    st->kernel_us += run.kernel_us;
    st->total_us += gts_now_usec() - t0;
    st->items += run.items;
    st->rounds += run.rounds;
    st->nodes += total_nodes;
    st->tt_hits += total_hits;
    return 0;
}
