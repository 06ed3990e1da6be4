/*
 * Internal to the server: condition variables waited on for a bounded
 * time, on the monotonic clock (core/clock.h's), so that a change of the
 * system's date neither cuts nor stretches a wait.
 */
#ifndef GTS_WEB_COND_H
#define GTS_WEB_COND_H

#include <pthread.h>
#include <time.h>

static inline void web_cond_init(pthread_cond_t *c)
{
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(c, &attr);
    pthread_condattr_destroy(&attr);
}

/* The time ms milliseconds from now, for pthread_cond_timedwait on a
 * condition of web_cond_init. */
static inline struct timespec web_cond_after(long ms)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += ms / 1000;
    t.tv_nsec += ms % 1000 * 1000 * 1000;
    if (t.tv_nsec >= 1000 * 1000 * 1000) {
        t.tv_sec++;
        t.tv_nsec -= 1000 * 1000 * 1000;
    }
    return t;
}

#endif
