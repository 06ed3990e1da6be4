/*
 * Internal: one position's search on this machine's CPU threads and GPU
 * lanes together, for any game: the workers of a split search (split.h).
 *
 * The host (the caller's thread) walks the top of the tree as split.c
 * does, young brothers waiting for their eldest; every node at the
 * frontier is a task with its window.  The tasks wait in one pool:
 *   - the CPU threads, each with the game's own solver and table, take
 *     the oldest task first: the eldest brothers, on whom the walk waits;
 *   - the GPU's host thread takes the newest tasks the lanes can run
 *     (young brothers, sent together) once at least `gpu_least` wait,
 *     all of one window (in a null-window probe every task's window is
 *     (a, a+1) or its negation), as one launch; a task a lane gives up
 *     (over its node budget) goes back to the CPU threads.
 * A task cancelled by a cutoff leaves the pool if it has not started; a
 * CPU thread's is aborted, a launch's let finish (a lane's budget bounds
 * it), and their nodes counted as wasted.  Between two
 * searches (a root's probes), gts_hybrid_begin waits for the tasks still
 * running, so that a task of the last search never answers in the next.
 */
#ifndef GTS_HYBRID_H
#define GTS_HYBRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/split.h"
#include "gts/hybrid.h"
#include "gts/stop.h"

typedef struct gts_hybrid_game {
    size_t pos_size;
    /* CPU thread `thread` (0..cpu_threads-1) searches pos in (alpha,
     * beta): its fail-soft value and nodes; non-zero if stopped, by the
     * caller's token or by `abort`, raised when the task is cancelled. */
    int (*cpu_window)(void *ctx, int thread, const gts_stop *abort, const void *pos, int alpha, int beta, int *value,
                      uint64_t *nodes);
    /* The lanes search the n positions at pos (pos_size bytes each) all
     * in (alpha, beta): fail-soft values and nodes; gave_up[i] where a
     * lane gave position i up.  0, or -1 with a reason. */
    int (*gpu_windows)(void *ctx, const void *pos, size_t n, int alpha, int beta, int *values, uint64_t *nodes,
                       bool *gave_up, char *err, size_t errlen);
    /* Whether the lanes take pos at all (NULL: every position). */
    bool (*gpu_takes)(void *ctx, const void *pos);
} gts_hybrid_game;

typedef struct gts_hybrid_options {
    int cpu_threads;        /* at least 1 */
    bool gpu;               /* the lanes take tasks (else the CPU alone) */
    size_t gpu_least;       /* tasks waiting before the lanes take any */
    size_t gpu_most;        /* the most tasks of one launch */
    gts_stop *stop;         /* raised from outside: the search fails; may be NULL */
} gts_hybrid_options;

typedef struct gts_hybrid gts_hybrid;

/* Starts the CPU threads (and the GPU's host thread with o->gpu); NULL
 * with a reason when out of memory or threads. */
gts_hybrid *gts_hybrid_create(const gts_hybrid_game *game, void *ctx, const gts_hybrid_options *o, char *err,
                              size_t errlen);
void gts_hybrid_free(gts_hybrid *h);

/* Before each split search: waits for the tasks still running (their
 * answers dropped) and empties the pool. */
void gts_hybrid_begin(gts_hybrid *h);

/* The split search's workers (split.h); their context is the gts_hybrid. */
extern const gts_split_workers gts_hybrid_workers;

/* The first failure's reason ("" if none): a launch that failed. */
const char *gts_hybrid_error(const gts_hybrid *h);

/* The figures since gts_hybrid_create, over every search. */
gts_hybrid_stats gts_hybrid_stats_of(gts_hybrid *h);

#endif
