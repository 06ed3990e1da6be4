/*
 * Internal to the GPU solver's host side: the solver's state, shared by
 * its files, each below the one before: c4_gpu.c (the entry points),
 * c4_gpu_team.c (several devices), c4_gpu_one.c (one device: split and
 * finish), c4_gpu_tasks.c (the scheduler that splits long items with their
 * windows kept) and c4_gpu_execute.c (a launch on the device or the CPU
 * executor).
 */
#ifndef GTS_C4_GPU_INTERNAL_H
#define GTS_C4_GPU_INTERNAL_H

#include "c4/gpu/c4_gpu_core.h"
#include "c4/gpu/c4_gpu_device.h"
#include "core/late.h"
#include "gts/c4_gpu.h"

#define MAX_CPU_THREADS 1024
/* The most plies the host expands a position into items. */
#define MAX_SPLIT 8

struct c4_gpu {
    c4_geom g;
    c4_gpu_options opt;
    int log2b;                  /* table buckets (log2), -1 without one */
    c4g_device *dev;            /* NULL on the CPU executor */
    uint64_t *slots;            /* the CPU executor's table */
    c4g_item *items;
    c4g_result *results;
    int *owner;                 /* the line that asked for each item */
    size_t nitems, cap;
    /* Frontier positions by key: the finish looks their scores up, and
     * with dedup a position reached twice is sent once.  Open addressing,
     * a power-of-two size kept at least twice the items. */
    uint64_t *map_keys;
    int32_t *map_items;         /* item index + 1, 0 = empty */
    size_t map_cap;
    /* opt.devices > 1: a solver for each device, which does the work
     * (c4_gpu_team.c); this one holds only them. */
    c4_gpu **members;
    /* c4_gpu_create_late: the device, opened on a thread of its own (a
     * c4_gpu of the above); this one holds only it. */
    gts_late *late;
};

/* The gpu that does the work: gpu itself, or a late one's device once
 * open, waiting up to wait_usec for it (core/late.h's gts_late_get).
 * NULL while it is not open; *failed (and err) if it failed to. */
c4_gpu *c4g_working(c4_gpu *gpu, double wait_usec, bool *failed, char *err, size_t errlen);

/* Positions the host settles itself: the game is over, or the side to
 * move wins at once.  Sets *score (weak: its sign). */
bool c4g_settled(const c4_geom *g, const c4_pos *p, bool weak, int *score);

/* Runs items[0..n) on the device or the CPU executor (clearing the table
 * first if asked), each within node_limit nodes (0: none); adds the launch
 * to st (kernel_us, items, rounds).  -1 with a reason, "stopped" when the
 * options' stop token is raised (before the launch, or on the CPU executor
 * during it). */
int c4g_execute(c4_gpu *gpu, const c4g_item *items, size_t n, c4g_result *out, bool clear, uint64_t node_limit,
                c4_gpu_stats *st, char *err, size_t errlen);

/* Whether the options' stop token was raised; if so, says so in err
 * ("stopped"). */
bool c4g_stopped(const c4_gpu *gpu, char *err, size_t errlen);

/* The solver on one device, or one CPU executor (opt->devices <= 1), the
 * options checked by the caller: NULL with a reason in err. */
c4_gpu *c4g_one_open(const c4_geom *g, const c4_gpu_options *opt, char *err, size_t errlen);
void c4g_one_close(c4_gpu *gpu);

/* c4_gpu_solve's work on one device, with the auto split and budget
 * chosen as for a batch of `whole` positions (a team member's share is a
 * part of the team's batch). */
int c4g_solve_share(c4_gpu *gpu, const c4_pos *ps, int n, int whole, bool weak, int *scores, uint64_t *nodes,
                    uint64_t *tt_hits, c4_gpu_stats *st, char *err, size_t errlen);

/* The team of opt->devices solvers, one per device (c4_gpu_team.c): made
 * (NULL with a reason in err), freed, and a batch dealt to them in turn and
 * run on a thread per device. */
c4_gpu *c4g_team_open(const c4_geom *g, const c4_gpu_options *opt, char *err, size_t errlen);
void c4g_team_close(c4_gpu *gpu);
int c4g_team_solve(c4_gpu *gpu, const c4_pos *ps, int n, bool weak, int *scores, uint64_t *nodes,
                   uint64_t *tt_hits, c4_gpu_stats *st, char *err, size_t errlen);

/* Solves gpu->items[0..nitems) into gpu->results with a node budget per
 * launch item: see c4_gpu_tasks.c. */
int c4g_run_tasks(c4_gpu *gpu, bool weak, uint64_t budget, c4_gpu_stats *st, char *err, size_t errlen);

#endif
