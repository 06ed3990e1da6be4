/*
 * The ranks of an MPI job as a team of workers, for --mpi: rank 0 hands
 * out tasks (bytes in, bytes out) and every rank, rank 0 included, does
 * them with its own solver on a thread of its own, so that N ranks are N
 * solvers.  Rank 0's main thread only deals and collects; it and the
 * idle workers poll for messages with short sleeps rather than spin (Open
 * MPI's blocking calls spin, which takes a core from a rank that works).
 * A task running anywhere can be cancelled: its rank raises the token its
 * solver watches.  Built without MPI, mpi_available() is false and
 * nothing else may be called.
 */
#ifndef GTS_MPI_TEAM_H
#define GTS_MPI_TEAM_H

#include <stdbool.h>
#include <stddef.h>

#include "gts/stop.h"

/* Does one task: in[0..in_len) to *out (malloc'd; *out_len bytes).
 * Returns 0, or -1 if stop was raised (cancelled or interrupted: *out is
 * then ignored). */
typedef int mpi_work_fn(void *ctx, const char *in, size_t in_len, char **out, size_t *out_len);

typedef struct mpi_work {
    mpi_work_fn *fn;
    void *ctx;
    gts_stop *stop;         /* the token fn's solver watches */
} mpi_work;

/* Whether this gts was built with MPI. */
bool mpi_available(void);

/* Starts MPI (MPI_Init_thread, funnelled) and says which rank this is.
 * From here on SIGTERM, which mpirun sends when a rank dies, counts as
 * an interrupt (cli_stop_on_interrupt). */
void mpi_start(int *rank, int *ranks);
void mpi_finish(void);

/* A worker rank (not 0): does the tasks rank 0 sends until it is told to
 * stop by mpi_team_free. */
void mpi_serve(const mpi_work *w);

/* Rank 0's side. */
typedef struct mpi_team mpi_team;

/* NULL if out of memory or the local thread cannot start. */
mpi_team *mpi_team_create(int ranks, const mpi_work *w);

/* Queues a task (in is copied); tasks start in the order given, each on
 * the first rank free, except that a rank takes a task that prefers it
 * (prefer: a rank, or -1) before the others.  -1 if out of memory. */
int mpi_submit(mpi_team *t, long id, int prefer, const void *in, size_t in_len);

/* The ranks of the team. */
int mpi_ranks(const mpi_team *t);

/* Waits for the next finished task that was not cancelled: 1 with its id,
 * status (fn's) and result (the caller frees *out), 0 when no task is
 * queued or running, or -1 once when the command is interrupted (Ctrl-C,
 * or mpirun's SIGTERM after a rank died) while it waits, so that the
 * caller can say what was still out and cancel it. */
int mpi_next(mpi_team *t, long *id, int *status, char **out, size_t *out_len);

/* Drops a task: taken out of the queue, or stopped where it runs; its
 * result never comes from mpi_next.  Unknown ids: nothing. */
void mpi_cancel(mpi_team *t, long id);

/* The rank running task id, or -1 (queued, finished, unknown). */
int mpi_holder(const mpi_team *t, long id);

/* Tasks queued or running. */
long mpi_pending(const mpi_team *t);

/* Tells the workers to stop where no team was made. */
void mpi_dismiss(int ranks);

/* Cancels what is left, tells the workers to stop and frees the team. */
void mpi_team_free(mpi_team *t);

#endif
