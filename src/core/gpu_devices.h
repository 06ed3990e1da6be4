/*
 * Internal: one batch over several GPUs, a host thread for each.
 *
 * The backends launch on the calling thread's device, so a batch spreads
 * over G devices by giving device d the items d, d + G, d + 2G, ... and
 * running each share on a thread of its own with device d made current
 * (gts_gpu_use).  Shares dealt in turn, not in blocks: a file sorted by
 * difficulty (the Connect 4 sets grow harder line by line) gives every
 * device its part of each kind.
 *
 * On the CPU executor no device is touched: each share runs the kernel's
 * code on the CPU as it would on one GPU, so the split and the putting
 * back together are tested where there is no GPU.
 */
#ifndef GTS_GPU_DEVICES_H
#define GTS_GPU_DEVICES_H

#include <stdbool.h>
#include <stddef.h>

/* The most devices one process spreads a batch over. */
#define GPU_MAX_DEVICES 64

/* The work of device d's host thread; d's device is current (unless on
 * the CPU executor).  0, or -1 with a reason in err. */
typedef int gpu_device_fn(void *arg, int device, char *err, size_t errlen);

/* Runs fn(arg, d) for d in [0, devices) on threads of their own (d = 0 on
 * the caller's, whose device is left at 0), waiting for all.  0, or -1
 * with the first failing device's reason, "GPU d: ..." where there are
 * several, or with more than GPU_MAX_DEVICES devices. */
int gts_gpu_run_devices(int devices, bool cpu_executor, gpu_device_fn *fn, void *arg, char *err, size_t errlen);

/* The devices' times usec[0..devices): the longest, and into *shortest
 * (NULL: not wanted) the shortest. */
double gts_gpu_time_range(const double *usec, int devices, double *shortest);

/* How many of n items device d of `devices` takes. */
static inline size_t gpu_share_count(size_t n, int devices, int d)
{
    return n > (size_t)d ? (n - (size_t)d + (size_t)devices - 1) / (size_t)devices : 0;
}

/* Device d's share of the n items of `size` bytes at all, into share. */
void gts_gpu_share_gather(void *share, const void *all, size_t n, size_t size, int devices, int d);

/* Its answers put back where its items came from. */
void gts_gpu_share_scatter(void *all, const void *share, size_t n, size_t size, int devices, int d);

#endif
