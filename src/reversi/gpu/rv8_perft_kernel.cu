// The 8x8 GPU perft: a persistent grid whose lanes take prefixes from an
// atomic queue, each counting its prefix's subtree depth-first
// (rv8p_count), the sums reduced per warp.
#include <cuda_runtime.h>
#include <stdio.h>

#include "core/gpu_cuda_check.h"

extern "C" {
#include "gts/gpu.h"
#include "reversi/gpu/rv8_perft_device.h"
}

#define PERFT_BLOCK 128
// A chunk's target time, so that a stop is seen within about a second.
#define CHUNK_SECONDS 0.25
#define FIRST_CHUNK 16384

__global__ void rv8_perft_kernel(const uint64_t *prefixes, size_t first, size_t count, int depth,
                                 unsigned long long *next, unsigned long long *leaves)
{
    unsigned long long n = 0;
    for (;;) {
        const unsigned long long i = atomicAdd(next, 1ULL);
        if (i >= count)
            break;
        const size_t at = 2 * (first + i);
        n += rv8p_count(prefixes[at], prefixes[at + 1], depth);
    }
    for (int o = 16; o > 0; o >>= 1)
        n += __shfl_down_sync(0xffffffffu, n, o);
    if ((threadIdx.x & 31) == 0 && n)
        atomicAdd(leaves, n);
}

// The next chunk's size from the last one's rate, for CHUNK_SECONDS.
static size_t next_chunk(size_t chunk, float ms)
{
    const double want = ms > 0 ? (double)chunk * CHUNK_SECONDS * 1000.0 / ms : (double)chunk * 4;
    const double grown = want > (double)chunk * 4 ? (double)chunk * 4 : want;
    return grown < 1024 ? 1024 : (size_t)grown;
}

// The device memory and events of a count, freed on every way out.
struct perft_launch {
    uint64_t *prefixes = NULL;
    unsigned long long *counts = NULL;   // the queue's next index, the leaves
    cudaEvent_t start = NULL, stop = NULL;
    ~perft_launch()
    {
        if (start)
            cudaEventDestroy(start);
        if (stop)
            cudaEventDestroy(stop);
        cudaFree(prefixes);
        cudaFree(counts);
    }
};

// Launches over [first, first + count) of the prefixes, timed.
static bool run_chunk(const perft_launch &l, int grid, size_t first, size_t count, int depth, float *ms, char *err,
                      size_t errlen)
{
    cudaMemsetAsync(l.counts, 0, sizeof *l.counts);
    cudaEventRecord(l.start);
    rv8_perft_kernel<<<grid, PERFT_BLOCK>>>(l.prefixes, first, count, depth, l.counts, l.counts + 1);
    cudaEventRecord(l.stop);
    if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
        gpu_failed(cudaEventSynchronize(l.stop), "kernel", err, errlen))
        return false;
    cudaEventElapsedTime(ms, l.start, l.stop);
    return true;
}

extern "C" int rv8p_device_run(const uint64_t *prefixes, size_t n, int depth, bool (*stopped)(void *stop_ctx),
                               void *stop_ctx, uint64_t *leaves, double *kernel_usec, char *err, size_t errlen)
{
    if (gpu_available(err, errlen) != 0)
        return -1;
    perft_launch l;
    int sms = 0, per_sm = 0;
    if (gpu_failed(cudaMalloc(&l.prefixes, (n ? n : 1) * 2 * sizeof *l.prefixes), "malloc", err, errlen) ||
        gpu_failed(cudaMalloc(&l.counts, 2 * sizeof *l.counts), "malloc", err, errlen) ||
        gpu_failed(cudaMemset(l.counts, 0, 2 * sizeof *l.counts), "memset", err, errlen) ||
        gpu_failed(cudaMemcpy(l.prefixes, prefixes, n * 2 * sizeof *l.prefixes, cudaMemcpyHostToDevice), "copy in",
                   err, errlen) ||
        gpu_failed(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "attribute", err, errlen) ||
        gpu_failed(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, rv8_perft_kernel, PERFT_BLOCK, 0),
                   "occupancy", err, errlen) ||
        gpu_failed(cudaEventCreate(&l.start), "event", err, errlen) ||
        gpu_failed(cudaEventCreate(&l.stop), "event", err, errlen))
        return -1;
    const int grid = sms * (per_sm > 0 ? per_sm : 1);
    double us = 0;
    for (size_t first = 0, chunk = FIRST_CHUNK; first < n;) {
        const size_t count = n - first < chunk ? n - first : chunk;
        float ms = 0;
        if (!run_chunk(l, grid, first, count, depth, &ms, err, errlen))
            return -1;
        us += (double)ms * 1000.0;
        first += count;
        chunk = next_chunk(count, ms);
        if (first < n && stopped && stopped(stop_ctx))
            break;
    }
    unsigned long long total = 0;
    if (gpu_failed(cudaMemcpy(&total, l.counts + 1, sizeof total, cudaMemcpyDeviceToHost), "copy out", err, errlen))
        return -1;
    *leaves = total;
    *kernel_usec = us;
    return 0;
}
