/*
 * Condition variables waited on for a bounded time, on the monotonic clock
 * (core/clock.h's), so that a change of the system's date neither cuts nor
 * stretches a wait: the server's queue and streams, the MPI runner's poll.
 */
#ifndef GTS_CORE_COND_H
#define GTS_CORE_COND_H

#include <pthread.h>
#include <time.h>

static inline void gts_cond_init(pthread_cond_t *c)
{
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(c, &attr);
    pthread_condattr_destroy(&attr);
}

/* The time usec microseconds from now, for pthread_cond_timedwait on a
 * condition of gts_cond_init. */
static inline struct timespec gts_cond_after(long usec)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    t.tv_sec += usec / 1000000;
    t.tv_nsec += usec % 1000000 * 1000;
    if (t.tv_nsec >= 1000 * 1000 * 1000) {
        t.tv_sec++;
        t.tv_nsec -= 1000 * 1000 * 1000;
    }
    return t;
}

#endif
