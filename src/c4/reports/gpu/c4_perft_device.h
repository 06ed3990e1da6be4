/*
 * Internal: the GPU perft's launches (c4_perft_kernel.cu), or a stand-in
 * that reports no device (gpu_none.c).
 */
#ifndef GTS_C4_PERFT_DEVICE_H
#define GTS_C4_PERFT_DEVICE_H

#include <stddef.h>

#include "c4/reports/gpu/c4_perft_core.h"

/* Counts the valid k-move sequences from each of the n prefixes, and (if
 * set_bytes) the distinct positions they reach, in launches of at most
 * about 2^30 threads; stopped(stop_ctx) (if not NULL) is asked after each,
 * so that a count of minutes ends within a launch's time.  Returns 0, or -1
 * with a reason (the set full: *set_full; no device; "stopped"). */
int c4p_device_run(const c4_geom *g, const c4_pos *prefixes, size_t n, int k, size_t set_bytes,
                   bool (*stopped)(void *stop_ctx), void *stop_ctx, uint64_t *sequences, uint64_t *positions,
                   bool *set_full, double *kernel_us, char *err, size_t errlen);

#endif
