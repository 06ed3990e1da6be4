// The brute-force player's kernel: one thread per move sequence, the
// sequence named by the block and thread index, sums per first move.
#include <cuda_runtime.h>
#include <stdio.h>

#include "core/gpu_cuda_check.h"

extern "C" {
#include "gts/gpu.h"
#include "c4/reports/gpu/c4_brute_device.h"
}

#define BRUTE_BLOCK 256

__global__ void brute_kernel(c4_geom g, c4_windows w, c4_pos p, int depth, uint64_t total, uint64_t per_first,
                             unsigned long long *sums, unsigned long long *valid)
{
    __shared__ unsigned long long s_sum[C4_MAX_WIDTH], s_valid[C4_MAX_WIDTH];
    if (threadIdx.x < C4_MAX_WIDTH) {
        s_sum[threadIdx.x] = 0;
        s_valid[threadIdx.x] = 0;
    }
    __syncthreads();
    const uint64_t idx = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < total) {
        bool ok = false;
        const long long u = c4b_sequence_utility(&g, &w, &p, idx, depth, &ok);
        if (ok) {
            const int first = (int)(idx / per_first);
            // Two's complement: adding the unsigned image of a negative
            // utility subtracts it.
            atomicAdd(&s_sum[first], (unsigned long long)u);
            atomicAdd(&s_valid[first], 1ULL);
        }
    }
    __syncthreads();
    if (threadIdx.x < (unsigned)g.width && s_valid[threadIdx.x]) {
        atomicAdd(&sums[threadIdx.x], s_sum[threadIdx.x]);
        atomicAdd(&valid[threadIdx.x], s_valid[threadIdx.x]);
    }
}

extern "C" int c4b_device_run(const c4_geom *g, const c4_windows *w, const c4_pos *p, int depth, long long *sums,
                              uint64_t *valid, double *kernel_us, char *err, size_t errlen)
{
    if (gts_gpu_available(err, errlen) != 0)
        return -1;
    unsigned long long *d = NULL;
    const size_t bytes = 2 * C4_MAX_WIDTH * sizeof *d;
    cudaEvent_t start = NULL, stop = NULL;
    int rc = -1;
    const uint64_t total = c4b_power(g->width, depth), per_first = c4b_power(g->width, depth - 1);
    const unsigned blocks = (unsigned)((total + BRUTE_BLOCK - 1) / BRUTE_BLOCK);
    unsigned long long host[2 * C4_MAX_WIDTH];
    float ms = 0;
    if (gpu_failed(cudaMalloc(&d, bytes), "malloc", err, errlen) ||
        gpu_failed(cudaMemset(d, 0, bytes), "memset", err, errlen) ||
        gpu_failed(cudaEventCreate(&start), "event", err, errlen) ||
        gpu_failed(cudaEventCreate(&stop), "event", err, errlen))
        goto done;
    cudaEventRecord(start);
    brute_kernel<<<blocks, BRUTE_BLOCK>>>(*g, *w, *p, depth, total, per_first, d, d + C4_MAX_WIDTH);
    cudaEventRecord(stop);
    if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
        gpu_failed(cudaMemcpy(host, d, bytes, cudaMemcpyDeviceToHost), "kernel or copy out", err, errlen))
        goto done;
    cudaEventElapsedTime(&ms, start, stop);
    *kernel_us = (double)ms * 1000.0;
    for (int c = 0; c < g->width; c++) {
        sums[c] = (long long)host[c];
        valid[c] = host[C4_MAX_WIDTH + c];
    }
    rc = 0;
done:
    if (start)
        cudaEventDestroy(start);
    if (stop)
        cudaEventDestroy(stop);
    cudaFree(d);
    return rc;
}
