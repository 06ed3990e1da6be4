// Internal to the 8x8 kernels: a queue of work items run in timed chunks
// of launches, so that a stop is seen between chunks (each about a quarter
// of a second: Ctrl-C ends a count of minutes within a second).
#ifndef GTS_RV8_CHUNKS_CUH
#define GTS_RV8_CHUNKS_CUH

#include <cuda_runtime.h>

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

// The events of the chunks, destroyed on every way out.
struct rv8_timer {
    cudaEvent_t start = NULL, stop = NULL;
    ~rv8_timer()
    {
        if (start)
            cudaEventDestroy(start);
        if (stop)
            cudaEventDestroy(stop);
    }
};

// Runs launch(first, count) over [0, n) in chunks from `first_chunk`
// items, each timed by CUDA events and waited for; stopped(ctx) is asked
// after each.  *us: the sum of the chunks' times.  False with a reason.
template <typename Launch>
static bool rv8_run_chunks(size_t n, size_t first_chunk, Launch launch, bool (*stopped)(void *ctx), void *ctx,
                           double *us, char *err, size_t errlen)
{
    rv8_timer t;
    if (gpu_failed(cudaEventCreate(&t.start), "event", err, errlen) ||
        gpu_failed(cudaEventCreate(&t.stop), "event", err, errlen))
        return false;
    *us = 0;
    for (size_t first = 0, chunk = first_chunk; first < n;) {
        const size_t count = n - first < chunk ? n - first : chunk;
        float ms = 0;
        cudaEventRecord(t.start);
        launch(first, count);
        cudaEventRecord(t.stop);
        if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
            gpu_failed(cudaEventSynchronize(t.stop), "kernel", err, errlen))
            return false;
        cudaEventElapsedTime(&ms, t.start, t.stop);
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
    if (gpu_failed(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "attribute", err, errlen) ||
        gpu_failed(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0), "occupancy", err,
                   errlen))
        return false;
    *grid = sms * (per_sm > 0 ? per_sm : 1);
    return true;
}

#endif
