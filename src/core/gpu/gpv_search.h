/*
 * The game-independent parts of the PV-split GPU search (gpv_block_search.h
 * is the device search, gpv_pvsplit.h the host's walk down the principal
 * variation): what one block returns, and the limits.
 */
#ifndef GTS_GPV_SEARCH_H
#define GTS_GPV_SEARCH_H

#include <stdint.h>

/* Plies one block searches below its sibling (its stack holds one more
 * node).  A PV-split search of depth D gives its blocks D - 1 at most. */
#define GPV_MAX_PLY 15

/* How often (nodes) a block reads the stop flag: a few microseconds of work. */
#define GPV_STOP_EVERY 256

/* What one block searches: position `parent` of the launch's parents, or
 * (split = 2) its child by `move` in the game's device numbering, played
 * by the block itself, so the host sends the siblings only (a 64x64
 * sibling's ~200 children are 200 KB in rows, 800 KB in bytes). */
#define GPV_SELF (-1)           /* move: the parent itself */
typedef struct gpv_job {
    int32_t parent, move;
} gpv_job;

/* One block's answer: the sibling's fail-soft value in its window, the
 * nodes it read, and whether the stop flag ended it (value void). */
typedef struct gpv_out {
    int32_t value;
    int32_t stopped;
    uint64_t nodes;
} gpv_out;

#endif
