/* A thing opened late, on a thread of its own (core/late.h). */
#include "core/late.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"
#include "core/cond.h"

enum { WAITING, OPENING, OPEN, FAILED };

struct gts_late {
    pthread_mutex_t lock;
    pthread_cond_t changed;   /* the state, now or ended */
    pthread_t thread;
    int state;
    bool now, ended;          /* open at once; never open */
    double after_usec;
    gts_late_open_fn *open;
    gts_late_close_fn *close;
    void *ctx, *thing;
    char err[256];
};

static void *opener(void *arg)
{
    gts_late *l = arg;
    pthread_mutex_lock(&l->lock);
    const struct timespec until = gts_cond_after(l->after_usec > 0 ? (long)l->after_usec : 0);
    while (!l->now && !l->ended && l->after_usec > 0 &&
           pthread_cond_timedwait(&l->changed, &l->lock, &until) != ETIMEDOUT) {
    }
    if (l->ended) {
        pthread_mutex_unlock(&l->lock);
        return NULL;
    }
    l->state = OPENING;
    pthread_cond_broadcast(&l->changed);
    pthread_mutex_unlock(&l->lock);
    char err[sizeof l->err] = "";
    void *thing = l->open(l->ctx, err, sizeof err);
    pthread_mutex_lock(&l->lock);
    l->thing = thing;
    l->state = thing ? OPEN : FAILED;
    snprintf(l->err, sizeof l->err, "%s", thing ? "" : err[0] ? err : "could not open");
    pthread_cond_broadcast(&l->changed);
    pthread_mutex_unlock(&l->lock);
    return NULL;
}

gts_late *gts_late_start(double after_usec, gts_late_open_fn *open, gts_late_close_fn *close, void *ctx)
{
    gts_late *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    *l = (gts_late){ .state = WAITING, .after_usec = after_usec, .open = open, .close = close, .ctx = ctx };
    pthread_mutex_init(&l->lock, NULL);
    gts_cond_init(&l->changed);
    if (pthread_create(&l->thread, NULL, opener, l) != 0) {
        pthread_cond_destroy(&l->changed);
        pthread_mutex_destroy(&l->lock);
        free(l);
        return NULL;
    }
    return l;
}

void *gts_late_get(gts_late *l, double wait_usec, bool *failed)
{
    pthread_mutex_lock(&l->lock);
    if (wait_usec < 0 && l->state == WAITING) {
        l->now = true;
        pthread_cond_broadcast(&l->changed);
    }
    const struct timespec until = gts_cond_after(wait_usec > 0 ? (long)wait_usec : 0);
    while ((l->state == WAITING || l->state == OPENING) && wait_usec != 0) {
        if (wait_usec < 0)
            pthread_cond_wait(&l->changed, &l->lock);
        else if (pthread_cond_timedwait(&l->changed, &l->lock, &until) == ETIMEDOUT)
            break;
    }
    void *thing = l->state == OPEN ? l->thing : NULL;
    *failed = l->state == FAILED;
    pthread_mutex_unlock(&l->lock);
    return thing;
}

const char *gts_late_error(const gts_late *l)
{
    return l->err;
}

bool gts_late_started(gts_late *l)
{
    pthread_mutex_lock(&l->lock);
    const bool started = l->state != WAITING;
    pthread_mutex_unlock(&l->lock);
    return started;
}

void gts_late_end(gts_late *l)
{
    if (!l)
        return;
    pthread_mutex_lock(&l->lock);
    l->ended = true;
    pthread_cond_broadcast(&l->changed);
    pthread_mutex_unlock(&l->lock);
    pthread_join(l->thread, NULL);
    if (l->thing)
        l->close(l->thing);
    pthread_cond_destroy(&l->changed);
    pthread_mutex_destroy(&l->lock);
    free(l);
}
