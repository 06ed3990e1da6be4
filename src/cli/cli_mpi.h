/*
 * The ranks of an MPI job as a team of workers, for --mpi: rank 0 hands
 * out tasks (bytes in, bytes out) and every rank, rank 0 included, does
 * them with its own solver on a thread of its own, so that N ranks are N
 * solvers.  Rank 0's main thread only deals and collects; it and the
 * idle workers poll for messages with short sleeps rather than spin (Open
 * MPI's blocking calls spin, which takes a core from a rank that works).
 * A task running anywhere can be cancelled: its rank raises the token its
 * solver watches.  Built without MPI, cli_mpi_available() is false and
 * nothing else may be called.
 */
#ifndef GTS_CLI_MPI_H
#define GTS_CLI_MPI_H

#include <stdbool.h>
#include <stddef.h>

#include "gts/stop.h"

/* Does one task: in[0..in_len) to *out (malloc'd; *out_len bytes).
 * Returns 0, or -1 if stop was raised (cancelled or interrupted: *out is
 * then ignored). */
typedef int cli_mpi_work_fn(void *ctx, const char *in, size_t in_len, char **out, size_t *out_len);

typedef struct cli_mpi_work {
    cli_mpi_work_fn *fn;
    void *ctx;
    gts_stop *stop;         /* the token fn's solver watches */
} cli_mpi_work;

/* Before any GPU call: device `given` (>= 0), else under --mpi the
 * rank's own, its index among the ranks of its host (from mpirun's
 * environment) modulo the GPUs there; else with `gpus` > 1 (--gpus) the
 * check that so many are visible; else device 0.  -1 with a one-line
 * reason if there is no such device.  Needs no MPI. */
int cli_choose_gpu(int given, int gpus, bool mpi, char *err, size_t errlen);

/* The rank's index among the ranks of its host, from mpirun's
 * environment (Open MPI, MPICH, Slurm); 0 outside MPI.  Needs no MPI. */
int cli_mpi_local_rank(void);

/* The rank's place in the whole job, from mpirun's environment (Open
 * MPI, MPICH, PMIx); 0 outside MPI.  Needs no MPI. */
int cli_mpi_world_rank(void);

/* Whether this gts was built with MPI. */
bool cli_mpi_available(void);

/* Starts MPI (MPI_Init_thread, funnelled) and says which rank this is.
 * From here on SIGTERM, which mpirun sends when a rank dies, counts as
 * an interrupt (cli_stop_on_interrupt). */
void cli_mpi_start(int *rank, int *ranks);
void cli_mpi_finish(void);

/* A worker rank (not 0): does the tasks rank 0 sends until it is told to
 * stop by cli_mpi_team_free. */
void cli_mpi_serve(const cli_mpi_work *w);

/* Rank 0's side. */
typedef struct cli_mpi_team cli_mpi_team;

/* NULL if out of memory or the local thread cannot start. */
cli_mpi_team *cli_mpi_team_create(int ranks, const cli_mpi_work *w);

/* Queues a task (in is copied); tasks start in the order given, each on
 * the first rank free, except that a rank takes a task that prefers it
 * (prefer: a rank, or -1) before the others.  -1 if out of memory. */
int cli_mpi_submit(cli_mpi_team *t, long id, int prefer, const void *in, size_t in_len);

/* The ranks of the team. */
int cli_mpi_ranks(const cli_mpi_team *t);

/* Waits for the next finished task that was not cancelled: 1 with its id,
 * status (fn's) and result (the caller frees *out), 0 when no task is
 * queued or running, or -1 once when the command is interrupted (Ctrl-C,
 * or mpirun's SIGTERM after a rank died) while it waits, so that the
 * caller can say what was still out and cancel it. */
int cli_mpi_next(cli_mpi_team *t, long *id, int *status, char **out, size_t *out_len);

/* Drops a task: taken out of the queue, or stopped where it runs; its
 * result never comes from cli_mpi_next.  Unknown ids: nothing. */
void cli_mpi_cancel(cli_mpi_team *t, long id);

/* The rank running task id, or -1 (queued, finished, unknown). */
int cli_mpi_holder(const cli_mpi_team *t, long id);

/* Tasks queued or running. */
long cli_mpi_pending(const cli_mpi_team *t);

/* Tells the workers to stop where no team was made. */
void cli_mpi_dismiss(int ranks);

/* Cancels what is left, tells the workers to stop and frees the team. */
void cli_mpi_team_free(cli_mpi_team *t);

#endif
