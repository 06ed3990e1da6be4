/*
 * Internal: the stop word the 8x8 kernels' lanes read, and the CPU
 * executor's view of a gts_stop as that word.
 */
#ifndef GTS_RV8_STOP_H
#define GTS_RV8_STOP_H

#include <stdbool.h>

#include "reversi/rv_8x8_bits.h"

/* Whether the stop word (NULL: none) is raised: the host raises it (on
 * the device a word in device memory, core/gpu_stoppable.h). */
RV_INLINE bool rv8_stop_raised(const int *stop)
{
#ifdef __CUDA_ARCH__
    return stop && *(const volatile int *)stop;
#else
    return stop && __atomic_load_n(stop, __ATOMIC_RELAXED);
#endif
}

#ifndef __CUDACC__
#include "gts/stop.h"

/* The stop token as the lanes' code reads it (rv8_stop_raised). */
_Static_assert(sizeof(atomic_int) == sizeof(int), "gts_stop's int is read as an int");
static inline const int *rv8_stop_word(const gts_stop *stop)
{
    return stop ? (const int *)&stop->raised : NULL;
}
#endif

#endif
