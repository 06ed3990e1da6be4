/*
 * Internal: the brute-force player's kernel launch (c4_brute_kernel.cu), or
 * a stand-in that reports no device (gpu_none.c).
 */
#ifndef GTS_C4_BRUTE_DEVICE_H
#define GTS_C4_BRUTE_DEVICE_H

#include "c4/reports/gpu/c4_brute_core.h"

/* Sums the utilities of all W^depth sequences from p per first move into
 * sums[] and counts the valid ones into valid[] (width entries each);
 * *kernel_us gets the kernel's time.  Returns 0, or -1 with a reason. */
int c4b_device_run(const c4_geom *g, const c4_windows *w, const c4_pos *p, int depth, long long *sums,
                   uint64_t *valid, double *kernel_us, char *err, size_t errlen);

#endif
