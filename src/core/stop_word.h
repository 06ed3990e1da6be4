/*
 * Internal: the stop token (gts/stop.h) as the plain int that GPU code
 * reads, on the CPU executors (a relaxed load of the same int) and on the
 * host side of a launch (core/gpu_stoppable.h raises the device's copy
 * when this one is).  One definition for every game's GPU code.
 */
#ifndef GTS_STOP_WORD_H
#define GTS_STOP_WORD_H

#include "gts/stop.h"

/* The token's int, or NULL for no token. */
static inline const int *gts_stop_word(const gts_stop *stop)
{
    return stop ? &stop->raised : NULL;
}

#endif
