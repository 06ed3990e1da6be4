/*
 * gts - the CUDA device, as the GPU backends see it.
 *
 * Built from CUDA sources when nvcc was found, otherwise from a CPU-only
 * stand-in that reports no device, so callers need no #ifdefs.
 */
#ifndef GTS_GPU_H
#define GTS_GPU_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Whether this build has the CUDA backends compiled in. */
bool gts_gpu_built(void);

/* Number of usable CUDA devices (0 without a GPU or driver). */
int gts_gpu_device_count(void);

/* 0 if device 0 can be used, else -1 with why not in one line: "no CUDA
 * device: " and the cause (no NVIDIA driver, none found, a build without
 * nvcc, or the CUDA runtime's reason). */
int gts_gpu_available(char *why, size_t len);

/* One line about device 0 ("NVIDIA H200, sm_90, 132 SMs, 139 GiB"), or why
 * there is none.  Returns 0 if a device is there, -1 if not. */
int gts_gpu_describe(char *buf, size_t len);

/* The devices this process may use, counted without starting CUDA: the
 * entries of CUDA_VISIBLE_DEVICES where it is set, else the driver's
 * device files (/dev/nvidiaN).  0 where none is seen. */
int gts_gpu_visible_count(void);

/* Makes device `index` (0-based, of those visible) the only one this
 * process sees, so that every backend and every thread uses it as its
 * device 0; must come before any other GPU call.  -1 with a one-line
 * reason if there is no such device. */
int gts_gpu_choose(int index, char *err, size_t errlen);

/* Makes device `index` (0-based, of those visible) the calling thread's:
 * the CUDA calls it makes after go there.  Other threads keep theirs.
 * 0, or -1 with a one-line reason (no such device, no CUDA). */
int gts_gpu_use(int index, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
