/* The thread that does a rank's tasks (mpi/runner.h). */
#include "mpi/runner.h"

#include <stdlib.h>
#include <time.h>

#include "cli/cli.h"
#include "core/cond.h"

static void *runner_main(void *arg)
{
    runner *r = arg;
    pthread_mutex_lock(&r->lock);
    for (;;) {
        while (!r->has_task && !r->quit)
            pthread_cond_wait(&r->wake, &r->lock);
        if (r->quit)
            break;
        pthread_mutex_unlock(&r->lock);
        /* A cancel that came after the last task ended must not stop this
         * one; Ctrl-C must. */
        if (!cli_interrupted())
            gts_stop_reset(r->w->stop);
        char *out = NULL;
        size_t out_len = 0;
        const int status = r->w->fn(r->w->ctx, r->in, r->in_len, &out, &out_len);
        pthread_mutex_lock(&r->lock);
        free(r->in);
        r->in = NULL;
        r->out = out, r->out_len = out_len, r->status = status;
        r->has_task = false, r->finished = true;
        pthread_cond_signal(&r->finished_cv);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

int runner_init(runner *r, const mpi_work *w)
{
    *r = (runner){ .w = w };
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->wake, NULL);
    gts_cond_init(&r->finished_cv);
    return pthread_create(&r->thread, NULL, runner_main, r) == 0 ? 0 : -1;
}

void runner_end(runner *r)
{
    pthread_mutex_lock(&r->lock);
    r->quit = true;
    pthread_cond_signal(&r->wake);
    pthread_mutex_unlock(&r->lock);
    pthread_join(r->thread, NULL);
    free(r->in);
    free(r->out);
}

/* Gives the idle runner a task; in becomes its own. */
void runner_start(runner *r, long id, char *in, size_t in_len)
{
    pthread_mutex_lock(&r->lock);
    r->id = id, r->in = in, r->in_len = in_len;
    r->has_task = true;
    pthread_cond_signal(&r->wake);
    pthread_mutex_unlock(&r->lock);
}

bool runner_busy(runner *r)
{
    pthread_mutex_lock(&r->lock);
    const bool busy = r->has_task || r->finished;
    pthread_mutex_unlock(&r->lock);
    return busy;
}

/* Stops task id if it is the one running. */
void runner_cancel(runner *r, long id)
{
    pthread_mutex_lock(&r->lock);
    if (r->has_task && r->id == id)
        gts_stop_raise(r->w->stop);
    pthread_mutex_unlock(&r->lock);
}

/* Waits up to POLL_USEC for the task to finish; true with its result. */
bool runner_take(runner *r, long *id, int *status, char **out, size_t *out_len)
{
    pthread_mutex_lock(&r->lock);
    if (!r->finished) {
        const struct timespec until = gts_cond_after(POLL_USEC);
        pthread_cond_timedwait(&r->finished_cv, &r->lock, &until);
    }
    const bool took = r->finished;
    if (took) {
        *id = r->id, *status = r->status, *out = r->out, *out_len = r->out_len;
        r->out = NULL;
        r->finished = false;
    }
    pthread_mutex_unlock(&r->lock);
    return took;
}

