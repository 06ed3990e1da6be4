/* Internal: the one clock every timing in gts is read from. */
#ifndef GTS_CLOCK_H
#define GTS_CLOCK_H

#include <time.h>

/* Monotonic time in microseconds. */
static inline double gts_now_usec(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

#endif
