/*
 * What the Connect 4 solvers keep in their transposition tables: the data
 * word of an entry (tt_entry.h's 13 data bits) and which positions get one.
 * Written once for the CPU solver (src/c4/c4_negamax.c, in the host table
 * of tt.h) and the GPU solver's per-thread search (src/c4/gpu/c4_gpu_core.h,
 * in the device table), which compiles it for the device too.
 */
#ifndef GTS_C4_TT_DATA_H
#define GTS_C4_TT_DATA_H

#include "gts/c4.h"

/* No table below this many empty cells: the subtrees are cheaper to search
 * again than the memory traffic of keeping them. */
#define C4_TT_MIN_EMPTY 6

/* What an entry's score is: a lower bound, an upper bound, or both. */
enum { C4_BOUND_LOWER = 1, C4_BOUND_UPPER = 2, C4_BOUND_EXACT = 3 };

/* Table data: bound kind (2 bits) | score + 32 (6 bits) | best column + 1
 * (4 bits, 0 = none).  Never zero, as tt_entry.h requires. */
C4_INLINE unsigned c4_pack(int kind, int score, int col)
{
    return (unsigned)kind | (unsigned)(score + 32) << 2 | (unsigned)(col + 1) << 8;
}

C4_INLINE int c4_packed_score(unsigned e)
{
    return (int)((e >> 2) & 63) - 32;
}

/* The best column stored in e, or -1. */
C4_INLINE int c4_packed_col(unsigned e)
{
    return (int)(e >> 8) - 1;
}

#endif
