/*
 * Internal: the CUDA side of the Gomoku GPU designs (gmg_kernel.cu), or a
 * stand-in that reports no device (gmg_none.c) in a build without nvcc.
 */
#ifndef GTS_GMG_DEVICE_H
#define GTS_GMG_DEVICE_H

#include <stddef.h>

#include "gomoku/gpu/gmg_block.h"
#include "gomoku/gpu/gmg_thread.h"

typedef struct gmg_device gmg_device;

gmg_device *gmg_device_open(char *err, size_t errlen);
void gmg_device_close(gmg_device *d);

/* The thread designs: every child of the n parents (each root with its
 * path of `plies` moves played, paths[i * plies]; parent i's children
 * first[i] .. first[i + 1] - 1, its moves in order) searched depth plies
 * by a thread of its own (gmg_thread_job); values[i] parent i's value,
 * the best of its children's negated; children (NULL: not wanted) each
 * child's value.  The nodes are added to *nodes.  While the kernel runs
 * a raised *stop (NULL: none) is passed on.  *kernel_us: the kernel's
 * time by CUDA events.  0, 1 when stopped, -1 with a reason. */
int gmg_device_threads(gmg_device *d, const gmg_geom *g, const gmg_pos *root, const int16_t *paths,
                       const int32_t *first, int n, int plies, int depth, bool prune, const int *stop, int32_t *values,
                       int32_t *children, uint64_t *nodes, double *kernel_us, char *err, size_t errlen);

/* The PVS design: the n jobs (gpv_search.h: a parent of parents[],
 * b->pos_bytes apart, and a move the block plays, or GPV_SELF) searched
 * depth plies each with the window (alpha, beta), a block of
 * block_threads each (gmg_block.h), its stack in shared memory when it
 * fits.  0, 1, -1. */
int gmg_device_blocks(gmg_device *d, const gmg_bgame *b, const uint8_t *parents, int n_parents, const gpv_job *jobs,
                      int n, int depth, int32_t alpha, int32_t beta, int block_threads, const int *stop, gpv_out *out,
                      double *kernel_us, char *err, size_t errlen);

#endif
