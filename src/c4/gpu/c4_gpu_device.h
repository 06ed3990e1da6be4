/*
 * Internal: the CUDA side of the GPU solver (c4_gpu_kernel.cu), or a
 * stand-in that reports no device (gpu_none.c) in a build without nvcc.
 */
#ifndef GTS_C4_GPU_DEVICE_H
#define GTS_C4_GPU_DEVICE_H

#include "c4/gpu/c4_gpu_core.h"

typedef struct c4g_device c4g_device;

/* Device 0 with a table of 2^log2b buckets (log2b < 0: none). */
c4g_device *c4g_device_open(const c4_geom *g, int log2b, char *err, size_t errlen);
void c4g_device_close(c4g_device *d);

/* Clears the table if asked, copies items in, solves them (persistent:
 * threads take items from an atomic queue; else one thread each) within
 * node_limit nodes each (0: no limit) and copies results out.  While the
 * kernel runs, a non-zero *stop (NULL: none) is passed on to its threads,
 * which then end their items unfinished and take no more.  *kernel_us gets
 * the kernel's time by CUDA events. */
int c4g_device_run(c4g_device *d, const c4g_item *items, int n, c4g_result *out, bool clear, bool plain,
                   bool persistent, int block_threads, uint64_t node_limit, const int *stop, double *kernel_us,
                   char *err, size_t errlen);

#endif
