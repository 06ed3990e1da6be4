/*
 * Internal to mpi/team.c: the thread that does a rank's tasks, one at a
 * time, while the rank's main thread (the only one that calls MPI) deals,
 * collects and looks for messages.
 */
#ifndef GTS_MPI_RUNNER_H
#define GTS_MPI_RUNNER_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>

#include "mpi/team.h"

/* How long an idle rank sleeps between looks for a message: a task of the
 * split search lasts milliseconds, so 0.2 ms is lost at most. */
#define POLL_USEC 200

/* The thread that does its rank's tasks, one at a time. */
typedef struct runner {
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake, finished_cv;
    const mpi_work *w;
    long id;
    char *in, *out;
    size_t in_len, out_len;
    int status;
    bool has_task;          /* given and not yet finished */
    bool finished;          /* finished and not yet taken */
    bool quit;
} runner;

/* Starts the thread (0), or -1. */
int runner_init(runner *r, const mpi_work *w);

/* Ends the thread: the task running, if any, first. */
void runner_end(runner *r);

/* Gives the idle runner a task; in (malloc'd) becomes its own. */
void runner_start(runner *r, long id, char *in, size_t in_len);

/* A task given and not yet taken back. */
bool runner_busy(runner *r);

/* Stops task id if it is the one running. */
void runner_cancel(runner *r, long id);

/* Waits up to POLL_USEC for the task to finish; true with its result. */
bool runner_take(runner *r, long *id, int *status, char **out, size_t *out_len);

#endif
