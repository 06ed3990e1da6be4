/*
 * Internal: the threads of the parallel searches, two ways.
 *
 * gts_run_threads is a one-shot team: fn(arg, i) for i = 0..n-1, i = 0 on
 * the calling thread and the others on threads made for the call, all
 * joined before it returns.  For work done once per call that is long
 * beside a thread's creation: a perft, a benchmark's batch of positions,
 * a launch of the GPU solver's CPU executor.
 *
 * gts_pool keeps helper threads asleep between jobs, so that a search run
 * many times (a solver's positions, a player's moves, an endgame's
 * null-window searches) pays a wake-up per run instead of a creation.  A
 * job is fn(arg, i) on every helper i; the caller starts it, does its own
 * share, and waits for the helpers.
 *
 * Neither fails: where a thread cannot be made, fewer threads do the work
 * (gts_run_threads runs the missing indices on the caller; a pool has the
 * helpers that started), as a search must still answer.
 */
#ifndef GTS_THREADS_H
#define GTS_THREADS_H

#include <stddef.h>

/* The work of thread `index` of a team or pool. */
typedef void gts_thread_fn(void *arg, int index);

/* Runs fn(arg, i) once for every i in 0..n-1 (n >= 1) and returns when
 * all have returned: i = 0 on the calling thread, each other i on a new
 * thread, or after i = 0 on the calling thread if that thread could not be
 * made.  Returns the number of threads that ran (1..n). */
int gts_run_threads(int n, gts_thread_fn *fn, void *arg);

typedef struct gts_pool gts_pool;

/* Starts up to `helpers` threads that sleep until a job comes; fewer if
 * the system refuses some (gts_pool_helpers says how many).  NULL only
 * when out of memory. */
gts_pool *gts_pool_create(int helpers);

/* Ends the helpers (no job may be running) and frees the pool; NULL: nothing. */
void gts_pool_free(gts_pool *p);

/* The helpers that started; 0 for NULL. */
int gts_pool_helpers(const gts_pool *p);

/* Has every helper i run fn(arg, i) once, i in 0..gts_pool_helpers(p)-1,
 * and returns at once.  The previous job must have been waited for.
 * NULL or no helpers: nothing. */
void gts_pool_start(gts_pool *p, gts_thread_fn *fn, void *arg);

/* Returns when every helper has returned from the job started last (at
 * once if none is running).  NULL: nothing. */
void gts_pool_wait(gts_pool *p);

/* The one-line reason a search of `threads` threads cannot start because
 * thread `failed` (0-based) could not have the memory each thread has of
 * its own (`each` bytes of `what`, "table", say): the memory is the
 * threads', not the search's shared table, and the line says so, with
 * the total the threads need. */
void gts_threads_oom(char *err, size_t errlen, int threads, int failed, size_t each, const char *what);

/* The reason a search of `threads` threads cannot start when only
 * `started` of them could be (gts_pool_helpers + the caller): the
 * system's limit on threads (ulimit -u, or their stacks under a memory
 * limit) was met. */
void gts_threads_unstarted(char *err, size_t errlen, int threads, int started);

#endif
