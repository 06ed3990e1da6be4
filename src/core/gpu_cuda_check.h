/*
 * Internal to the .cu files: a CUDA call's failure as a one-line reason,
 * and a device buffer that grows with the launches.
 */
#ifndef GTS_GPU_CUDA_CHECK_H
#define GTS_GPU_CUDA_CHECK_H

#include <cuda_runtime.h>
#include <stdio.h>

/* True (with "CUDA what: reason" in err) if e is an error. */
static inline bool gpu_failed(cudaError_t e, const char *what, char *err, size_t errlen)
{
    if (e == cudaSuccess)
        return false;
    snprintf(err, errlen, "CUDA %s: %s", what, cudaGetErrorString(e));
    return true;
}

/* An attribute of the calling thread's device (gts_gpu_use), not device 0:
 * with several GPUs each host thread asks about its own. */
static inline cudaError_t gpu_attribute(int *value, cudaDeviceAttr what)
{
    int device = 0;
    const cudaError_t e = cudaGetDevice(&device);
    return e != cudaSuccess ? e : cudaDeviceGetAttribute(value, what, device);
}

/* *p grown to at least bytes (contents dropped); false with the reason
 * when the memory cannot be had. */
static inline bool gpu_grow(void **p, size_t *cap, size_t bytes, const char *what, char *err, size_t errlen)
{
    if (bytes <= *cap)
        return true;
    cudaFree(*p);
    *p = NULL;
    *cap = 0;
    if (gpu_failed(cudaMalloc(p, bytes), what, err, errlen))
        return false;
    *cap = bytes;
    return true;
}

#endif
