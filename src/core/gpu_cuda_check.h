/*
 * Internal to the .cu files: a CUDA call's failure as a one-line reason.
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

#endif
