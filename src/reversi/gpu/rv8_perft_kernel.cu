// The 8x8 GPU perft: a persistent grid whose lanes take prefixes from an
// atomic queue, each counting its prefix's subtree depth-first
// (rv8p_count), the sums reduced per warp.
#include <cuda_runtime.h>
#include <stdio.h>

#include "reversi/gpu/rv8_launch.cuh"

extern "C" {
#include "gts/gpu.h"
#include "reversi/gpu/rv8_perft_device.h"
}

#define PERFT_BLOCK 128

__global__ void rv8_perft_kernel(const uint64_t *prefixes, size_t first, size_t count, int depth,
                                 unsigned long long *next, unsigned long long *leaves, const int *stop)
{
    // A warp takes 32 prefixes at once, a lane each: one atomic a warp, not
    // a lane (a lane each: perft 11, 3 M two-ply tasks, 724 ms on an H200,
    // the queue's one address the bottleneck).  The grid is whole warps.
    const unsigned lane = threadIdx.x & 31;
    unsigned long long n = 0;
    while (!rv8_stop_raised(stop)) {
        unsigned long long base = 0;
        if (lane == 0)
            base = atomicAdd(next, 32ULL);
        base = __shfl_sync(0xffffffffu, base, 0);
        if (base >= count)
            break;
        const unsigned long long i = base + lane;
        if (i < count) {
            const size_t at = 2 * (first + i);
            n += rv8p_count(prefixes[at], prefixes[at + 1], depth, stop);
        }
    }
    for (int o = 16; o > 0; o >>= 1)
        n += __shfl_down_sync(0xffffffffu, n, o);
    if ((threadIdx.x & 31) == 0 && n)
        atomicAdd(leaves, n);
}

// The device memory of a count, freed on every way out.
struct perft_memory {
    uint64_t *prefixes = NULL;
    unsigned long long *counts = NULL;   // the queue's next index, the leaves
    ~perft_memory()
    {
        cudaFree(prefixes);
        cudaFree(counts);
    }
};

extern "C" int rv8p_device_run(const uint64_t *prefixes, size_t n, int depth, const int *stop, uint64_t *leaves,
                               double *kernel_usec, char *err, size_t errlen)
{
    if (gts_gpu_available(err, errlen) != 0)
        return -1;
    perft_memory m;
    int grid = 0;
    if (gpu_failed(cudaMalloc(&m.prefixes, (n ? n : 1) * 2 * sizeof *m.prefixes), "malloc", err, errlen) ||
        gpu_failed(cudaMalloc(&m.counts, 2 * sizeof *m.counts), "malloc", err, errlen) ||
        gpu_failed(cudaMemset(m.counts, 0, 2 * sizeof *m.counts), "memset", err, errlen) ||
        gpu_failed(cudaMemcpy(m.prefixes, prefixes, n * 2 * sizeof *m.prefixes, cudaMemcpyHostToDevice), "copy in",
                   err, errlen) ||
        !rv8_grid(rv8_perft_kernel, PERFT_BLOCK, &grid, err, errlen))
        return -1;
    const auto launch = [&](size_t first, size_t count, const int *word) {
        rv8_perft_kernel<<<grid, PERFT_BLOCK>>>(m.prefixes, first, count, depth, m.counts, m.counts + 1, word);
    };
    unsigned long long total = 0;
    if (!rv8_run(n, launch, stop, kernel_usec, err, errlen) ||
        gpu_failed(cudaMemcpy(&total, m.counts + 1, sizeof total, cudaMemcpyDeviceToHost), "copy out", err, errlen))
        return -1;
    *leaves = total;
    return 0;
}
