/* The GPU solver on several devices (c4_gpu_internal.h): a member solver
 * per device, each with its own table, and every batch dealt to them in
 * turn (core/gpu_devices.h) so that each gets its part of the hard lines
 * and the easy.  The tables are not shared: a device reading another's
 * over NVLink would pay for each probe what a search of a few hundred
 * nodes costs. */
#include <stdio.h>
#include <stdlib.h>

#include "c4/gpu/c4_gpu_internal.h"
#include "core/clock.h"
#include "core/gpu_devices.h"
#include "gts/gpu.h"

/* Makes each member with its device current, as its memory must be. */
c4_gpu *c4g_team_open(const c4_geom *g, const c4_gpu_options *opt, char *err, size_t errlen)
{
    const int devices = opt->devices;
    c4_gpu *gpu = calloc(1, sizeof *gpu);
    if (gpu)
        gpu->members = calloc((size_t)devices, sizeof *gpu->members);
    if (!gpu || !gpu->members) {
        free(gpu);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    gpu->g = *g;
    gpu->opt = *opt;
    gpu->log2b = -1;
    c4_gpu_options one = *opt;
    one.devices = 1;
    for (int d = 0; d < devices; d++) {
        char why[256];
        if ((!one.cpu && gts_gpu_use(d, why, sizeof why) != 0) ||
            !(gpu->members[d] = c4g_one_open(g, &one, why, sizeof why))) {
            snprintf(err, errlen, "GPU %d: %s", d, why);
            c4g_team_close(gpu);
            return NULL;
        }
    }
    if (!one.cpu)
        gts_gpu_use(0, err, errlen);
    return gpu;
}

void c4g_team_close(c4_gpu *gpu)
{
    char why[256];
    for (int d = 0; d < gpu->opt.devices; d++)
        if (gpu->members[d]) {
            if (!gpu->opt.cpu)
                gts_gpu_use(d, why, sizeof why);
            c4g_one_close(gpu->members[d]);
        }
    if (!gpu->opt.cpu)
        gts_gpu_use(0, why, sizeof why);
    free(gpu->members);
    free(gpu);
}

/* A batch and its answers, as the members' threads see them. */
typedef struct team_batch {
    c4_gpu *gpu;
    const c4_pos *ps;
    int n;
    bool weak;
    int *scores;
    uint64_t *nodes, *tt_hits;
    c4_gpu_stats st[GPU_MAX_DEVICES];
} team_batch;

static int solve_share(void *arg, int d, char *err, size_t errlen)
{
    team_batch *b = arg;
    const int devices = b->gpu->opt.devices;
    const size_t m = gpu_share_count((size_t)b->n, devices, d), k = m ? m : 1;
    c4_pos *ps = malloc(k * sizeof *ps);
    int *scores = malloc(k * sizeof *scores);
    uint64_t *nodes = malloc(k * sizeof *nodes), *hits = malloc(k * sizeof *hits);
    int rc = -1;
    if (!ps || !scores || !nodes || !hits) {
        snprintf(err, errlen, "out of memory");
        goto done;
    }
    gts_gpu_share_gather(ps, b->ps, (size_t)b->n, sizeof *ps, devices, d);
    if (m && c4g_solve_share(b->gpu->members[d], ps, (int)m, b->n, b->weak, scores, nodes, hits, &b->st[d], err,
                             errlen) != 0)
        goto done;
    gts_gpu_share_scatter(b->scores, scores, (size_t)b->n, sizeof *scores, devices, d);
    if (b->nodes)
        gts_gpu_share_scatter(b->nodes, nodes, (size_t)b->n, sizeof *nodes, devices, d);
    if (b->tt_hits)
        gts_gpu_share_scatter(b->tt_hits, hits, (size_t)b->n, sizeof *hits, devices, d);
    rc = 0;
done:
    free(ps), free(scores), free(nodes), free(hits);
    return rc;
}

int c4g_team_solve(c4_gpu *gpu, const c4_pos *ps, int n, bool weak, int *scores, uint64_t *nodes,
                   uint64_t *tt_hits, c4_gpu_stats *st, char *err, size_t errlen)
{
    const double t0 = gts_now_usec();
    team_batch *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    *b = (team_batch){ .gpu = gpu, .ps = ps, .n = n, .weak = weak, .scores = scores, .nodes = nodes,
                       .tt_hits = tt_hits };
    const int rc = gts_gpu_run_devices(gpu->opt.devices, gpu->opt.cpu, solve_share, b, err, errlen);
    if (rc == 0) {
        double kernel_us = 0;
        for (int d = 0; d < gpu->opt.devices; d++) {
            kernel_us = b->st[d].kernel_us > kernel_us ? b->st[d].kernel_us : kernel_us;
            st->items += b->st[d].items;
            st->rounds += b->st[d].rounds;
            st->nodes += b->st[d].nodes;
            st->tt_hits += b->st[d].tt_hits;
        }
        st->kernel_us += kernel_us;
        st->total_us += gts_now_usec() - t0;
    }
    free(b);
    return rc;
}
