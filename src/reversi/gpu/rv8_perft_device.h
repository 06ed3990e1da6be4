/*
 * Internal: the 8x8 GPU perft's host side (rv8_perft.c) and its launches
 * (rv8_perft_kernel.cu, or rv8_none.c in a build without CUDA).
 */
#ifndef GTS_RV8_PERFT_DEVICE_H
#define GTS_RV8_PERFT_DEVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "reversi/gpu/rv8_perft_core.h"

/* Prefixes the host makes for the device: enough for every lane of an
 * H100 (132 SMs x 2048) to take a few hundred from the queue, so that the
 * last subtrees finish close together. */
#define RV8P_TARGET_PREFIXES ((size_t)1 << 20)

/* The perft of `depth` (1..RV8P_MAX_DEPTH) below each of the n prefixes
 * (pairs of words: me, opp), summed into *leaves; on `devices` GPUs (0 or
 * 1: one) taking the prefixes in turn, or with cpu_executor the kernel's
 * code on a CPU thread per share.  *kernel_usec: the longest device's
 * launch (CUDA events) or executor.  Stops soon when stop is raised
 * (*leaves is then partial).  0, or -1 with a reason. */
struct gts_stop;
int rv8p_count_prefixes(const void *prefixes, size_t n, int depth, int devices, bool cpu_executor,
                        struct gts_stop *stop, uint64_t *leaves, double *kernel_usec, char *err, size_t errlen);

/* The device part: one persistent launch, the prefixes taken by the
 * lanes' warps from an atomic queue; once *stop (NULL: none) is raised the
 * lanes see it within 65,536 nodes. */
int rv8p_device_run(const uint64_t *prefixes, size_t n, int depth, const int *stop, uint64_t *leaves,
                    double *kernel_usec, char *err, size_t errlen);

#endif
