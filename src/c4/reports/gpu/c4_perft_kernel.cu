// The GPU perft: one thread per sequence of the last k plies (blockIdx.x and
// threadIdx.x name the sequence, blockIdx.y the host's prefix).
#include <cuda_runtime.h>
#include <stdio.h>

#include "core/gpu_cuda_check.h"

extern "C" {
#include "gts/gpu.h"
#include "c4/reports/gpu/c4_perft_device.h"
}

#define PERFT_BLOCK 256
#define MAX_PROBES 4096

__global__ void perft_kernel(c4_geom g, const c4_pos *prefixes, size_t first, int k, uint64_t suffixes,
                             unsigned long long *count, unsigned long long *set, uint64_t mask,
                             unsigned long long *distinct, int *full)
{
    __shared__ unsigned long long block_count;
    if (threadIdx.x == 0)
        block_count = 0;
    __syncthreads();
    const uint64_t idx = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < suffixes) {
        c4_pos q = prefixes[first + blockIdx.y];
        if (c4p_play_sequence(&g, &q, idx, k)) {
            atomicAdd(&block_count, 1ULL);
            if (set) {
                const unsigned long long key = c4_key(&q) + 1;
                uint64_t slot = c4p_slot(key - 1, mask);
                int probes = 0;
                for (; probes < MAX_PROBES; probes++, slot = (slot + 1) & mask) {
                    const unsigned long long prev = atomicCAS(&set[slot], 0ULL, key);
                    if (prev == 0) {
                        atomicAdd(distinct, 1ULL);
                        break;
                    }
                    if (prev == key)
                        break;
                }
                if (probes == MAX_PROBES)
                    *full = 1;
            }
        }
    }
    __syncthreads();
    if (threadIdx.x == 0 && block_count)
        atomicAdd(count, block_count);
}

// Prefixes per launch: about 2^30 threads, a fraction of a second, so that
// a stop between launches comes soon.
static size_t launch_rows(uint64_t suffixes)
{
    const uint64_t rows = ((uint64_t)1 << 30) / suffixes;
    return rows < 1 ? 1 : rows > 65535 ? 65535 : (size_t)rows;
}

extern "C" int c4p_device_run(const c4_geom *g, const c4_pos *prefixes, size_t n, int k, size_t set_bytes,
                              bool (*stopped)(void *stop_ctx), void *stop_ctx, uint64_t *sequences,
                              uint64_t *positions, bool *set_full, double *kernel_us, char *err, size_t errlen)
{
    if (gts_gpu_available(err, errlen) != 0)
        return -1;
    c4_pos *d_prefixes = NULL;
    unsigned long long *d_counts = NULL, *d_set = NULL;   // counts: sequences, distinct, full flag
    cudaEvent_t start = NULL, stop = NULL;
    uint64_t cap = 0, suffixes = 1;
    unsigned long long host[3] = { 0, 0, 0 };
    float ms = 0;
    int rc = -1;
    for (int i = 0; i < k; i++)
        suffixes *= (uint64_t)g->width;
    if (set_bytes)
        cap = c4p_set_slots(set_bytes);
    const size_t step = launch_rows(suffixes);
    if (gpu_failed(cudaMalloc(&d_prefixes, (n ? n : 1) * sizeof *prefixes), "malloc", err, errlen) ||
        gpu_failed(cudaMalloc(&d_counts, sizeof host), "malloc", err, errlen) ||
        gpu_failed(cudaMemset(d_counts, 0, sizeof host), "memset", err, errlen) ||
        (cap && gpu_failed(cudaMalloc(&d_set, cap * sizeof *d_set), "malloc of the set", err, errlen)) ||
        (cap && gpu_failed(cudaMemset(d_set, 0, cap * sizeof *d_set), "memset", err, errlen)) ||
        gpu_failed(cudaMemcpy(d_prefixes, prefixes, n * sizeof *prefixes, cudaMemcpyHostToDevice), "copy in", err,
               errlen) ||
        gpu_failed(cudaEventCreate(&start), "event", err, errlen) || gpu_failed(cudaEventCreate(&stop), "event", err, errlen))
        goto done;
    cudaEventRecord(start);
    for (size_t first = 0; first < n; first += step) {
        const size_t rows = n - first < step ? n - first : step;
        const dim3 grid((unsigned)((suffixes + PERFT_BLOCK - 1) / PERFT_BLOCK), (unsigned)rows);
        perft_kernel<<<grid, PERFT_BLOCK>>>(*g, d_prefixes, first, k, suffixes, d_counts, d_set, cap - 1,
                                            d_counts + 1, (int *)(d_counts + 2));
        if (first + rows < n && stopped) {
            if (gpu_failed(cudaDeviceSynchronize(), "kernel", err, errlen))
                goto done;
            if (stopped(stop_ctx)) {
                snprintf(err, errlen, "stopped");
                goto done;
            }
        }
    }
    cudaEventRecord(stop);
    if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
        gpu_failed(cudaMemcpy(host, d_counts, sizeof host, cudaMemcpyDeviceToHost), "kernel or copy out", err, errlen))
        goto done;
    cudaEventElapsedTime(&ms, start, stop);
    *kernel_us = (double)ms * 1000.0;
    *sequences = host[0];
    *positions = host[1];
    if (host[2] || (cap && host[1] > cap / 4 * 3)) {
        snprintf(err, errlen, "more distinct positions than a %zu-byte set holds", set_bytes);
        *set_full = true;
        goto done;
    }
    rc = 0;
done:
    if (start)
        cudaEventDestroy(start);
    if (stop)
        cudaEventDestroy(stop);
    cudaFree(d_prefixes);
    cudaFree(d_counts);
    cudaFree(d_set);
    return rc;
}
