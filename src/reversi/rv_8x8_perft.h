/*
 * Internal: the prefixes of a perft split into tasks (rv_8x8_perft.c), for
 * the CPU threads and the GPU perft (src/reversi/gpu/).
 */
#ifndef GTS_RV_8X8_PERFT_H
#define GTS_RV_8X8_PERFT_H

#include <stddef.h>

#include "gts/reversi.h"

/* The positions `split` plies below p, one per move sequence (a pass a
 * move, finished games dropped), split the fewest plies from min_split
 * up to depth - 1 that gives at least `target` of them; *n of them, NULL
 * when out of memory or more than 2^28.  depth >= 1. */
rv_pos *rv_perft_prefixes(const rv_pos *p, int depth, int min_split, size_t target, int *split, size_t *n);

#endif
