/*
 * A stop token raised from another thread during a long search, once the
 * process has used some CPU time (work begun, whatever the load), and how
 * much work the search did after it: the CPU time the whole process used
 * from the raise to the search's return.  A test bounds that, not the
 * seconds of a clock, which a loaded machine stretches (issue 38: the
 * suite failed on a 2-core machine with another build beside it).
 */
#ifndef GTS_TESTS_STOP_H
#define GTS_TESTS_STOP_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "gts/stop.h"

typedef struct test_raiser {
    gts_stop *stop;
    double cpu;             /* the process's CPU seconds to wait for */
    double cpu_at_raise;    /* the process's CPU seconds then */
    atomic_bool raised;
    atomic_bool returned;   /* the search returned: no raise after it */
    pthread_t tid;
} test_raiser;

/* CPU seconds of the whole process, every thread. */
static inline double test_cpu_sec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void *test_raiser_run(void *arg)
{
    test_raiser *r = arg;
    while (test_cpu_sec() < r->cpu) {
        if (atomic_load(&r->returned))
            return NULL;    /* an idle process would never get there */
        usleep(1000);
    }
    r->cpu_at_raise = test_cpu_sec();
    atomic_store(&r->raised, true);
    gts_stop_raise(r->stop);
    return NULL;
}

/* Raises stop, on a thread of its own, once the process has used `cpu`
 * more seconds of CPU time than now. */
static inline void test_raise_later(test_raiser *r, gts_stop *stop, double cpu)
{
    r->stop = stop;
    r->cpu = test_cpu_sec() + cpu;
    r->cpu_at_raise = 0;
    atomic_init(&r->raised, false);
    atomic_init(&r->returned, false);
    if (pthread_create(&r->tid, NULL, test_raiser_run, r) != 0) {
        fprintf(stderr, "test_raise_later: pthread_create failed\n");
        exit(2);
    }
}

/* After the search returned: ends the raiser, and gives the CPU seconds
 * used since the raise (0 if it came after the search returned, which
 * the search's own result shows). */
static inline double test_raise_join(test_raiser *r)
{
    const double now = test_cpu_sec();
    atomic_store(&r->returned, true);
    pthread_join(r->tid, NULL);
    return atomic_load(&r->raised) && now > r->cpu_at_raise ? now - r->cpu_at_raise : 0;
}

#endif
