/*
 * Internal: CPU threads beside the GPU's lanes in one batch (rv8_beside.c).
 *
 * Each device's share of a batch is a queue with two ends: the lanes take
 * positions from the near end (index 0 up), the CPU threads from the far
 * end (the last index down), until the two meet.  The host thread of the
 * device tells the lanes, every half millisecond, where the CPU threads
 * have come to (the lanes' limit) and reads how far the lanes have come;
 * the CPU threads stop RV8B_MARGIN short of that, as it is read late.  A
 * position may so be solved twice near the meeting point, never not at
 * all: a lane that finds its position at or past the limit leaves it to
 * the CPU thread that took it.  A share smaller than the lanes is all
 * theirs at the launch.  On 64 cores the CPU threads solved 30% of a
 * million positions at 12 empties beside one H200, 8% beside four.
 */
#ifndef GTS_RV8_BESIDE_H
#define GTS_RV8_BESIDE_H

#include <stdbool.h>
#include <stddef.h>

#include "reversi/gpu/rv8_solve_device.h"

typedef struct rv8b_batch rv8b_batch;

/* The meeting points of a batch of n positions over `devices` shares
 * (gpu_share_count's); NULL when out of memory. */
rv8b_batch *rv8b_create(size_t n, int devices);
void rv8b_free(rv8b_batch *b);

/* A position for a CPU thread: its index in the batch, the far end of the
 * share with the most left, or -1 when no share has any left to take
 * (then none will again). */
long rv8b_take(rv8b_batch *b);

/* The meet callback of device d's launch (rv8s_device_run): its context. */
rv8s_meet_fn rv8b_meet;
void *rv8b_share(rv8b_batch *b, int d);

/* Ends device d's share for the CPU threads (its launch is over) and
 * answers where they came to: the lanes' answers below it are the
 * batch's, the CPU threads' from it up.  b NULL: the share's size. */
size_t rv8b_close(rv8b_batch *b, int d, size_t share_size);

#endif
