// Internal to the 8x8 kernels: a queue of work items run in timed chunks
// of launches, so that a stop is seen between chunks (each about a quarter
// of a second: Ctrl-C ends a count of minutes within a second).
#ifndef GTS_RV8_CHUNKS_CUH
#define GTS_RV8_CHUNKS_CUH

#include <cuda_runtime.h>
#include <time.h>

#include "core/gpu_cuda_check.h"

#define RV8_CHUNK_SECONDS 0.25

// The next chunk's size from the last one's rate: at most 4 times the
// last, at least `least`.
static inline size_t rv8_next_chunk(size_t chunk, float ms, size_t least)
{
    const double want = ms > 0 ? (double)chunk * RV8_CHUNK_SECONDS * 1000.0 / ms : (double)chunk * 4;
    const double grown = want > (double)chunk * 4 ? (double)chunk * 4 : want;
    return grown < (double)least ? least : (size_t)grown;
}

// The events of the chunks and the stop word the lanes read (mapped host
// memory), freed on every way out.
struct rv8_chunks {
    cudaEvent_t start = NULL, stop = NULL;
    int *flag = NULL;
    ~rv8_chunks()
    {
        if (start)
            cudaEventDestroy(start);
        if (stop)
            cudaEventDestroy(stop);
        if (flag)
            cudaFreeHost(flag);
    }
};

// Waits for the chunk's end, raising the lanes' stop word once
// stopped(ctx) turns true.
static cudaError_t rv8_wait(const rv8_chunks &c, bool (*stopped)(void *ctx), void *ctx)
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

// Runs launch(first, count, stop_word) over [0, n) in chunks from
// `first_chunk` items, each timed by CUDA events and waited for; the lanes
// read stop_word (raised once stopped(ctx) turns true), and no chunk
// starts after.  *us: the sum of the chunks' times.  False with a reason.
template <typename Launch>
static bool rv8_run_chunks(size_t n, size_t first_chunk, Launch launch, bool (*stopped)(void *ctx), void *ctx,
                           double *us, char *err, size_t errlen)
{
    rv8_chunks c;
    int *word = NULL;
    if (gpu_failed(cudaEventCreate(&c.start), "event", err, errlen) ||
        gpu_failed(cudaEventCreate(&c.stop), "event", err, errlen) ||
        gpu_failed(cudaHostAlloc(&c.flag, sizeof *c.flag, cudaHostAllocMapped), "host alloc", err, errlen) ||
        gpu_failed(cudaHostGetDevicePointer((void **)&word, c.flag, 0), "mapped flag", err, errlen))
        return false;
    *(volatile int *)c.flag = 0;
    *us = 0;
    for (size_t first = 0, chunk = first_chunk; first < n;) {
        const size_t count = n - first < chunk ? n - first : chunk;
        float ms = 0;
        cudaEventRecord(c.start);
        launch(first, count, (const int *)word);
        cudaEventRecord(c.stop);
        if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
            gpu_failed(rv8_wait(c, stopped, ctx), "kernel", err, errlen))
            return false;
        cudaEventElapsedTime(&ms, c.start, c.stop);
        *us += (double)ms * 1000.0;
        first += count;
        chunk = rv8_next_chunk(count, ms, first_chunk / 16 + 1);
        if (first < n && stopped && stopped(ctx))
            break;
    }
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
