/*
 * Internal to the .cu files: a kernel launch the host can time and stop.
 * CUDA events around it give the kernel's time; a flag in mapped host
 * memory, which the kernel's threads read every few thousand nodes, is
 * raised by the host while it waits once the caller's stop word is (a
 * launch can run for minutes, and Ctrl-C must end it promptly).
 */
#ifndef GTS_GPU_STOPPABLE_H
#define GTS_GPU_STOPPABLE_H

#include <cuda_runtime.h>
#include <sched.h>

#include "core/gpu_cuda_check.h"

struct gpu_stoppable {
    int *flag;                  // host memory, mapped
    cudaEvent_t start, stop;
};

// True (with the reason in err) if the flag or the events cannot be made;
// gpu_stoppable_close frees what was.
static inline bool gpu_stoppable_open(gpu_stoppable *s, char *err, size_t errlen)
{
    return gpu_failed(cudaHostAlloc(&s->flag, sizeof *s->flag, cudaHostAllocMapped), "host alloc", err, errlen) ||
           gpu_failed(cudaEventCreate(&s->start), "event", err, errlen) ||
           gpu_failed(cudaEventCreate(&s->stop), "event", err, errlen);
}

static inline void gpu_stoppable_close(gpu_stoppable *s)
{
    cudaFreeHost(s->flag);
    if (s->start)
        cudaEventDestroy(s->start);
    if (s->stop)
        cudaEventDestroy(s->stop);
}

// Lowers the flag and starts the clock; *device_flag: the flag as the
// kernel reads it.  True on failure.
static inline bool gpu_stoppable_begin(gpu_stoppable *s, int **device_flag, char *err, size_t errlen)
{
    if (gpu_failed(cudaHostGetDevicePointer((void **)device_flag, s->flag, 0), "mapped flag", err, errlen))
        return true;
    *(volatile int *)s->flag = 0;
    cudaEventRecord(s->start);
    return false;
}

// After the launch: waits for it, raising the flag once *stop (NULL: none)
// is; polled like the runtime's own spinning wait, yielding the core.
// *kernel_us gets the kernel's time.
static inline cudaError_t gpu_stoppable_wait(gpu_stoppable *s, const int *stop, double *kernel_us)
{
    cudaEventRecord(s->stop);
    cudaError_t e;
    while ((e = cudaEventQuery(s->stop)) == cudaErrorNotReady) {
        if (stop && __atomic_load_n(stop, __ATOMIC_RELAXED))
            *(volatile int *)s->flag = 1;
        sched_yield();
    }
    float ms = 0;
    if (e == cudaSuccess)
        cudaEventElapsedTime(&ms, s->start, s->stop);
    *kernel_us = (double)ms * 1000.0;
    return e;
}

#endif
