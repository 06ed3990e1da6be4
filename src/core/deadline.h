/*
 * Internal: when a search must end, one rule for every search with a time
 * limit or a stop token (the Gomoku search and its VCF, the Reversi
 * search).
 *
 * A search counts its nodes and, each time the count passes a mark
 * GTS_CHECK_NODES further on (gts_check_due), asks gts_should_stop: the
 * caller's stop token raised, or the deadline passed.  A stopped search
 * unwinds at once and keeps what its last finished iteration found.
 */
#ifndef GTS_DEADLINE_H
#define GTS_DEADLINE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/clock.h"
#include "gts/stop.h"

/* Nodes between two checks.  A check reads the clock (38 ns on the dev
 * VM), which at 1024 nodes costs under 0.03 % of the fastest search
 * (Reversi 8x8, 0.14 us a node), and a stop or a deadline is seen within
 * a few milliseconds at the slowest (VCF, 2 us a node: 2 ms; Gomoku 0.4 us:
 * 0.4 ms). */
#define GTS_CHECK_NODES 1024

/* The gts_now_usec() time time_ms after start_usec, or 0 (no deadline)
 * when time_ms is 0 or less. */
static inline double gts_deadline_after(double start_usec, long time_ms)
{
    return time_ms > 0 ? start_usec + 1000.0 * (double)time_ms : 0;
}

/* Whether a search that has counted `nodes` is due for a check, moving
 * *next_check on when it is.  The check comes once the count has passed
 * the mark, not at multiples of GTS_CHECK_NODES: a search may count many
 * nodes at once (the Gomoku frontier counts a whole ply). */
static inline bool gts_check_due(uint64_t nodes, uint64_t *next_check)
{
    if (nodes < *next_check)
        return false;
    *next_check = nodes + GTS_CHECK_NODES;
    return true;
}

/* Whether the search must stop now: stop raised (may be NULL), or
 * deadline_usec (0: none) passed.  Reads the clock when there is a
 * deadline, so it is called when gts_check_due says, not at every node. */
static inline bool gts_should_stop(const gts_stop *stop, double deadline_usec)
{
    return gts_stop_raised(stop) || (deadline_usec > 0 && gts_now_usec() > deadline_usec);
}

#endif
