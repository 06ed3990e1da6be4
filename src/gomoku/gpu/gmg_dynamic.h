/*
 * Internal: the dynamic parallelism design's device side (gmg_dynamic.cu,
 * built with relocatable device code), or a stand-in that reports no
 * device (gmg_dynamic_none.c).
 */
#ifndef GTS_GMG_DYNAMIC_H
#define GTS_GMG_DYNAMIC_H

#include <stddef.h>

#include "gomoku/gpu/gmg_block.h"

/* Levels of the tree expanded by device-side launches at most. */
#define GMG_DP_MAX_LEVELS 4

typedef struct gmg_dynamic gmg_dynamic;

gmg_dynamic *gmg_dynamic_open(char *err, size_t errlen);
void gmg_dynamic_close(gmg_dynamic *d);

/* Searches root (b->pos_bytes) depth plies: the nodes of the first
 * `levels` plies launch a grid of a block per child from the device, the
 * nodes at ply `levels` (at most caps[l] nodes at ply l) are searched by
 * a block each (threads threads).  *value: the root's; children[0 ..
 * *n_children - 1] its children's values in move order.  0, 1 when
 * stopped, -1 with a reason. */
int gmg_dynamic_run(gmg_dynamic *d, const gmg_bgame *b, const uint8_t *root, int depth, int levels, const int *caps,
                    int threads, const int *stop, int32_t *value, int32_t *children, int *n_children, uint64_t *nodes,
                    double *kernel_us, char *err, size_t errlen);

#endif
