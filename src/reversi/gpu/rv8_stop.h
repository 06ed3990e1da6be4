/*
 * Internal: the stop word the 8x8 kernels' lanes read (the host's view
 * of a gts_stop as that word: core/stop_word.h).
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


#endif
