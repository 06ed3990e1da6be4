// The Reversi PV-split kernel: a thread block per job (a sibling of a node
// of the principal variation, or with split=2 a sibling's child, played by
// the block), each searching it with the block search of
// rv_wxh_gpu_core.h, its stack of nodes in shared memory when (depth + 2)
// nodes fit in what a block may opt into, else in global memory.
#include <cuda_runtime.h>
#include <stdio.h>

#include "core/gpu_stoppable.h"

extern "C" {
#include "gts/gpu.h"
#include "reversi/wxh/gpu/rv_wxh_gpu_device.h"
}

struct rvg_device {
    int16_t *weight;            // the board's weights, device copy
    int weight_width, weight_height;
    const int16_t *weight_host; // the table they were copied from
    uint8_t *parents;
    gpv_job *jobs;
    gpv_out *out;
    uint8_t *stack;             // global stacks, when shared memory is too small
    size_t parents_cap, jobs_cap, out_cap, stack_cap;
    gpu_stoppable launch;       // its events and the flag the blocks read
    int shared_optin;           // the most dynamic shared memory a block may have
};

// At most 1024 threads a block (32x32 in bytes): 64 registers a thread.
__global__ void __launch_bounds__(1024) pvsplit_kernel(rvg_game g, const uint8_t *parents, const gpv_job *jobs,
                                                       int depth, int32_t alpha, int32_t beta, const int *stop,
                                                       gpv_out *out, uint8_t *global_stack)
{
    extern __shared__ __align__(16) uint8_t shared_stack[];
    __shared__ int64_t scratch[RVG_SCRATCH_WORDS];
    uint8_t *stack = global_stack ? global_stack + (size_t)blockIdx.x * (size_t)(depth + 2) * g.stride : shared_stack;
    const gpv_job job = jobs[blockIdx.x];
    const uint32_t *src = (const uint32_t *)(parents + (size_t)job.parent * g.pos_bytes);
    for (int i = threadIdx.x; i < g.pos_bytes / 4; i += blockDim.x)
        ((uint32_t *)stack)[i] = src[i];
    __syncthreads();
    uint8_t *node = rvg_job_node(&g, stack, job.move, scratch);
    const gpv_out o = rvg_block_search(&g, node, depth, alpha, beta, stop, scratch);
    if (threadIdx.x == 0)
        out[blockIdx.x] = o;
}

extern "C" rvg_device *rvg_device_open(char *err, size_t errlen)
{
    if (gts_gpu_available(err, errlen) != 0)
        return NULL;
    rvg_device *d = (rvg_device *)calloc(1, sizeof *d);
    cudaFuncAttributes attr;
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (gpu_failed(gpu_attribute(&d->shared_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin),
                   "device query", err, errlen) ||
        gpu_failed(cudaMalloc(&d->weight, RVG_MAX_SQUARES * sizeof *d->weight), "malloc", err, errlen) ||
        gpu_stoppable_open(&d->launch, err, errlen) ||
        // Loads the kernels now, not in the first search a player times.
        gpu_failed(cudaFuncGetAttributes(&attr, pvsplit_kernel), "kernel load", err, errlen) ||
        gpu_failed(cudaFuncGetAttributes(&attr, rvg_warp_kernel()), "kernel load", err, errlen)) {
        rvg_device_close(d);
        return NULL;
    }
    return d;
}

extern "C" void rvg_device_close(rvg_device *d)
{
    if (!d)
        return;
    cudaFree(d->weight);
    cudaFree(d->parents);
    cudaFree(d->jobs);
    cudaFree(d->out);
    cudaFree(d->stack);
    gpu_stoppable_close(&d->launch);
    free(d);
}

// The launch of n jobs, a block or (per_warp) a warp each, their stacks
// in shared memory unless global_stack.
static cudaError_t launch(rvg_game g, const uint8_t *parents, const gpv_job *jobs, int n, int depth, int32_t alpha,
                          int32_t beta, const int *flag, gpv_out *out, uint8_t *global_stack, int block_threads,
                          bool per_warp, size_t shared_bytes)
{
    const void *kernel = per_warp ? rvg_warp_kernel() : (const void *)pvsplit_kernel;
    cudaError_t e = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared_bytes);
    if (e != cudaSuccess)
        return e;
    if (!per_warp) {
        pvsplit_kernel<<<n, block_threads, shared_bytes>>>(g, parents, jobs, depth, alpha, beta, flag, out,
                                                           global_stack);
        return cudaGetLastError();
    }
    void *args[] = { &g, &parents, &jobs, &n, &depth, &alpha, &beta, &flag, &out, &global_stack };
    const int warps = block_threads / 32;
    return cudaLaunchKernel(kernel, dim3((unsigned)((n + warps - 1) / warps)), dim3((unsigned)block_threads), args,
                            shared_bytes, 0);
}

extern "C" int rvg_device_run(rvg_device *d, const rvg_game *g, const uint8_t *parents, int n_parents,
                              const gpv_job *jobs, int n, int depth, int32_t alpha, int32_t beta, int block_threads,
                              bool per_warp, const int *stop, gpv_out *out, double *kernel_us, char *err,
                              size_t errlen)
{
    rvg_game dg = *g;
    if (g->weight != d->weight_host || g->width != d->weight_width || g->height != d->weight_height) {
        if (gpu_failed(cudaMemcpy(d->weight, g->weight, (size_t)g->squares * sizeof *d->weight,
                                  cudaMemcpyHostToDevice),
                       "copy of the weights", err, errlen))
            return -1;
        d->weight_host = g->weight;
        d->weight_width = g->width;
        d->weight_height = g->height;
    }
    dg.weight = d->weight;
    // A block's stack, or its warps' (after the warps' static scratch).
    const size_t stack_bytes = (size_t)(depth + 2) * (size_t)g->stride;
    const size_t shared_bytes = per_warp ? (size_t)(block_threads / 32) * stack_bytes : stack_bytes;
    const size_t scratch_bytes = (per_warp ? 32 : 1) * RVG_SCRATCH_WORDS * sizeof(int64_t);
    const bool shared = shared_bytes + scratch_bytes <= (size_t)d->shared_optin;
    if (!gpu_grow((void **)&d->parents, &d->parents_cap, (size_t)n_parents * g->pos_bytes, "malloc of the parents", err,
              errlen) ||
        !gpu_grow((void **)&d->jobs, &d->jobs_cap, (size_t)n * sizeof *jobs, "malloc of the jobs", err, errlen) ||
        !gpu_grow((void **)&d->out, &d->out_cap, (size_t)n * sizeof *out, "malloc of the results", err, errlen) ||
        (!shared && !gpu_grow((void **)&d->stack, &d->stack_cap, (size_t)n * stack_bytes, "malloc of the stacks", err,
                          errlen)) ||
        gpu_failed(cudaMemcpyAsync(d->parents, parents, (size_t)n_parents * g->pos_bytes, cudaMemcpyHostToDevice),
                   "copy in", err, errlen) ||
        gpu_failed(cudaMemcpyAsync(d->jobs, jobs, (size_t)n * sizeof *jobs, cudaMemcpyHostToDevice), "copy in", err,
                   errlen))
        return -1;
    int *flag = NULL;
    if (gpu_stoppable_begin(&d->launch, &flag, err, errlen) ||
        gpu_failed(launch(dg, d->parents, d->jobs, n, depth, alpha, beta, flag, d->out, shared ? NULL : d->stack,
                          block_threads, per_warp, shared ? shared_bytes : 0),
                   "kernel launch", err, errlen) ||
        gpu_failed(gpu_stoppable_wait(&d->launch, stop, kernel_us), "kernel", err, errlen) ||
        gpu_failed(cudaMemcpy(out, d->out, (size_t)n * sizeof *out, cudaMemcpyDeviceToHost), "copy out", err, errlen))
        return -1;
    return 0;
}
