/*
 * The GPU solver on one device (or one CPU executor): each position split
 * into frontier work items a few plies down, the items run at once or
 * through the scheduler that splits long ones (c4_gpu_tasks.c), and the
 * top plies finished on the host from the items' scores.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c4/gpu/c4_gpu_core.h"
#include "c4/gpu/c4_gpu_device.h"
#include "c4/gpu/c4_gpu_internal.h"
#include "core/clock.h"

#define C4_GPU_AUTO_ITEMS 4096
/* The automatic budget (measured: docs/notes/c4_gpu.md): Begin-Medium,
 * 100 positions, 2.4x faster at 16,384 nodes; sets of 1000, slower. */
#define C4_GPU_SMALL_BATCH 256
#define C4_GPU_SMALL_BUDGET 16384

c4_gpu *c4g_one_open(const c4_geom *g, const c4_gpu_options *opt, char *err, size_t errlen)
{
    const int log2b = opt->tt_bytes ? c4g_table_log2(g->key_bits, opt->tt_bytes) : -1;
    c4_gpu *gpu = calloc(1, sizeof *gpu);
    if (!gpu) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    gpu->g = *g;
    gpu->opt = *opt;
    gpu->log2b = log2b;
    if (opt->cpu) {
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

void c4g_one_close(c4_gpu *gpu)
{
    if (!gpu)
        return;
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

int c4g_solve_share(c4_gpu *gpu, const c4_pos *ps, int n, int whole, bool weak, int *scores, uint64_t *nodes,
                    uint64_t *tt_hits, c4_gpu_stats *st, char *err, size_t errlen)
{
    const double t0 = gts_now_usec();
    if (c4g_stopped(gpu, err, errlen))
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
