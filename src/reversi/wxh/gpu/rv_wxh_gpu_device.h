/*
 * Internal: the CUDA side of the Reversi PV-split player
 * (rv_wxh_gpu_kernel.cu), or a stand-in that reports no device
 * (rv_wxh_gpu_none.c) in a build without nvcc.
 */
#ifndef GTS_RV_WXH_GPU_DEVICE_H
#define GTS_RV_WXH_GPU_DEVICE_H

#include <stddef.h>

#include "reversi/wxh/gpu/rv_wxh_gpu_core.h"

typedef struct rvg_device rvg_device;

rvg_device *rvg_device_open(char *err, size_t errlen);
void rvg_device_close(rvg_device *d);

/* Searches the n jobs (gpv_search.h, moves in g's numbering) over the
 * positions parents[] (n_parents, g->pos_bytes apart, in g's layout)
 * depth plies each with the window (alpha, beta): a block of
 * block_threads threads each, or with per_warp a warp each (blocks of
 * block_threads / 32 jobs), its stack in shared memory when it fits.
 * g->weight is the host's table (copied when the board changes).  While
 * the kernel runs a raised *stop (NULL: none) is passed on to the blocks.
 * *kernel_us gets the kernel's time by CUDA events.  0 or -1. */
int rvg_device_run(rvg_device *d, const rvg_game *g, const uint8_t *parents, int n_parents, const gpv_job *jobs, int n,
                   int depth, int32_t alpha, int32_t beta, int block_threads, bool per_warp, const int *stop,
                   gpv_out *out, double *kernel_us, char *err, size_t errlen);

#ifdef __CUDACC__
/* The warp-per-job kernel (rv_wxh_gpu_warp.cu), compiled apart with
 * GB_WARP; its arguments: rvg_game, parents, jobs, n, depth, alpha, beta,
 * stop, out, global stacks (NULL: shared). */
const void *rvg_warp_kernel(void);
#endif

#endif
