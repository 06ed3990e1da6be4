// Internal to the 8x8 kernels: a queue of work items run by one persistent
// launch, timed by CUDA events; the lanes read a stop word (mapped host
// memory) every few thousand nodes, which the host raises while it waits,
// so Ctrl-C ends a count of minutes at once.
//
// One launch, not chunks of a quarter second each as first written: a
// chunk lasts as long as its longest item, and chunks sized by time shrank
// below the lanes' number once items took long (perft 15 ran for minutes;
// 50,000 positions at 12 empties took 11.4 s on an H200, twice the CPU's).
#ifndef GTS_RV8_LAUNCH_CUH
#define GTS_RV8_LAUNCH_CUH

#include <cuda_runtime.h>
#include <time.h>

#include "core/gpu_cuda_check.h"

// The launch's events and the stop word the lanes read (mapped host
// memory), freed on every way out.
struct rv8_launch {
    cudaEvent_t start = NULL, stop = NULL;
    int *flag = NULL;
    ~rv8_launch()
    {
        if (start)
            cudaEventDestroy(start);
        if (stop)
            cudaEventDestroy(stop);
        if (flag)
            cudaFreeHost(flag);
    }
};

// Waits for the launch's end, raising the lanes' stop word once
// stopped(ctx) turns true.
static cudaError_t rv8_wait(const rv8_launch &c, bool (*stopped)(void *ctx), void *ctx)
{
    cudaError_t e;
    while ((e = cudaEventQuery(c.stop)) == cudaErrorNotReady) {
        if (stopped && stopped(ctx))
            *(volatile int *)c.flag = 1;
        struct timespec pause = { 0, 1000000 };
        nanosleep(&pause, NULL);
    }
    return e;
}

// Runs launch(first, count, stop_word) over [0, n) once and waits for it;
// the lanes read stop_word, raised once stopped(ctx) turns true.  *us: the
// launch's time.  False with a reason.
template <typename Launch>
static bool rv8_run(size_t n, Launch launch, bool (*stopped)(void *ctx), void *ctx, double *us, char *err,
                           size_t errlen)
{
    rv8_launch c;
    int *word = NULL;
    if (gpu_failed(cudaEventCreate(&c.start), "event", err, errlen) ||
        gpu_failed(cudaEventCreate(&c.stop), "event", err, errlen) ||
        gpu_failed(cudaHostAlloc(&c.flag, sizeof *c.flag, cudaHostAllocMapped), "host alloc", err, errlen) ||
        gpu_failed(cudaHostGetDevicePointer((void **)&word, c.flag, 0), "mapped flag", err, errlen))
        return false;
    *(volatile int *)c.flag = 0;
    float ms = 0;
    cudaEventRecord(c.start);
    launch(0, n, (const int *)word);
    cudaEventRecord(c.stop);
    if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
        gpu_failed(rv8_wait(c, stopped, ctx), "kernel", err, errlen))
        return false;
    cudaEventElapsedTime(&ms, c.start, c.stop);
    *us = (double)ms * 1000.0;
    return true;
}

// Blocks of `block` threads that fill every SM once for `kernel`.
template <typename Kernel>
static bool rv8_grid(Kernel kernel, int block, int *grid, char *err, size_t errlen)
{
    int sms = 0, per_sm = 0;
    // No shared memory: all of it as L1, where the lanes' stacks (local
    // memory) are cached.
    if (gpu_failed(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0), "carveout", err,
                   errlen) ||
        gpu_failed(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "attribute", err, errlen) ||
        gpu_failed(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0), "occupancy", err,
                   errlen))
        return false;
    *grid = sms * (per_sm > 0 ? per_sm : 1);
    return true;
}

#endif
