// The Gomoku kernels: a thread per frontier node (the naive, sequential-
// parallel and batch designs, gmg_thread.h) and a thread block per sibling
// (the PVS design, gmg_block.h), with the host-side buffers they need.
#include <cuda_runtime.h>
#include <stdio.h>

#include "core/gpu_stoppable.h"

extern "C" {
#include "gomoku/gpu/gmg_device.h"
#include "gts/gpu.h"
}

struct gmg_device {
    gmg_pos *root;
    int16_t *paths;
    int32_t *first;
    int32_t *values, *children;
    uint8_t *siblings;
    gpv_job *jobs;
    gpv_out *out;
    uint8_t *stack;              // the blocks' stacks when shared memory is too small
    unsigned long long *nodes;   // the thread kernel's node count
    size_t paths_cap, first_cap, values_cap, children_cap, siblings_cap, jobs_cap, out_cap, stack_cap;
    gpu_stoppable launch;
    int shared_optin;
};

// 128 threads a block: each thread's position and stack are local memory
// (3 KB on 32x32), so blocks are kept small to spread them over the SMs.
#define THREADS_PER_BLOCK 128

// Thread i searches child i of its parent (found by bisection in first:
// the threads of a parent are neighbours, so a warp mostly plays one path)
// and backs its value up into the parent's with an atomic maximum.
__global__ void __launch_bounds__(THREADS_PER_BLOCK) thread_kernel(gmg_geom g, const gmg_pos *root,
                                                                   const int16_t *paths, const int32_t *first, int n,
                                                                   int plies, int depth, bool prune, const int *stop,
                                                                   int32_t *values, int32_t *children,
                                                                   unsigned long long *nodes)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long mine = 0;
    if (i < first[n]) {
        gmg_pos p;
        const int parent = gmg_parent_of(first, n, i);
        const gmg_out o = gmg_thread_job(&g, root, paths + (size_t)parent * plies, plies, i - first[parent], depth,
                                         prune, stop, &p);
        atomicMax(values + parent, -o.value);
        if (children)
            children[i] = o.value;
        mine = o.nodes;
    }
    for (int off = 16; off; off >>= 1)
        mine += __shfl_xor_sync(0xffffffffu, mine, off);
    if ((threadIdx.x & 31) == 0 && mine)
        atomicAdd(nodes, mine);
}

// A block per job: its parent copied to the stack, its move (if any)
// played by the block into the next entry, then the block search.
__global__ void __launch_bounds__(1024) block_kernel(gmg_bgame b, const uint8_t *parents, const gpv_job *jobs,
                                                     int depth, int32_t alpha, int32_t beta, const int *stop,
                                                     gpv_out *out, uint8_t *global_stack)
{
    extern __shared__ __align__(16) uint8_t shared_stack[];
    __shared__ int64_t scratch[GB_SCRATCH_WORDS];
    uint8_t *stack = global_stack ? global_stack + (size_t)blockIdx.x * (size_t)(depth + 2) * b.stride : shared_stack;
    const gpv_job job = jobs[blockIdx.x];
    const uint64_t *src = (const uint64_t *)(parents + (size_t)job.parent * b.pos_bytes);
    for (int i = threadIdx.x; i < b.pos_bytes / 8; i += blockDim.x)
        ((uint64_t *)stack)[i] = src[i];
    __syncthreads();
    uint8_t *node = stack;
    if (job.move != GPV_SELF) {
        gmg_bplay(&b, stack + b.stride, stack, job.move, scratch);
        node = stack + b.stride;
    }
    const gpv_out o = gmg_block_block_search(&b, node, depth, alpha, beta, stop, scratch);
    if (threadIdx.x == 0)
        out[blockIdx.x] = o;
}

extern "C" gmg_device *gmg_device_open(char *err, size_t errlen)
{
    if (gts_gpu_available(err, errlen) != 0)
        return NULL;
    gmg_device *d = (gmg_device *)calloc(1, sizeof *d);
    cudaFuncAttributes attr;
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (gpu_failed(gpu_attribute(&d->shared_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin),
                   "device query", err, errlen) ||
        gpu_failed(cudaMalloc(&d->root, sizeof *d->root), "malloc", err, errlen) ||
        gpu_failed(cudaMalloc(&d->nodes, sizeof *d->nodes), "malloc", err, errlen) ||
        gpu_stoppable_open(&d->launch, err, errlen) ||
        // Loads the kernels now, not in the first search a bench times.
        gpu_failed(cudaFuncGetAttributes(&attr, thread_kernel), "kernel load", err, errlen) ||
        gpu_failed(cudaFuncGetAttributes(&attr, block_kernel), "kernel load", err, errlen)) {
        gmg_device_close(d);
        return NULL;
    }
    return d;
}

extern "C" void gmg_device_close(gmg_device *d)
{
    if (!d)
        return;
    cudaFree(d->root);
    cudaFree(d->paths);
    cudaFree(d->first);
    cudaFree(d->values);
    cudaFree(d->children);
    cudaFree(d->siblings);
    cudaFree(d->jobs);
    cudaFree(d->out);
    cudaFree(d->stack);
    cudaFree(d->nodes);
    gpu_stoppable_close(&d->launch);
    free(d);
}

extern "C" int gmg_device_threads(gmg_device *d, const gmg_geom *g, const gmg_pos *root, const int16_t *paths,
                                  const int32_t *first, int n, int plies, int depth, bool prune, const int *stop,
                                  int32_t *values, int32_t *children, uint64_t *nodes, double *kernel_us, char *err,
                                  size_t errlen)
{
    const int total = first[n];
    const size_t path_bytes = (size_t)n * (size_t)plies * sizeof *paths;
    int *flag = NULL;
    unsigned long long count = 0;
    // 0x80 bytes: every parent's value starts below -GMG_INF.
    if (!gpu_grow((void **)&d->paths, &d->paths_cap, path_bytes + 2, "malloc of the frontier", err, errlen) ||
        !gpu_grow((void **)&d->first, &d->first_cap, (size_t)(n + 1) * sizeof *first, "malloc of the frontier", err,
              errlen) ||
        !gpu_grow((void **)&d->values, &d->values_cap, (size_t)n * sizeof *values, "malloc of the values", err,
                  errlen) ||
        (children && !gpu_grow((void **)&d->children, &d->children_cap, (size_t)total * sizeof *children,
                           "malloc of the values", err, errlen)) ||
        gpu_failed(cudaMemcpyAsync(d->root, root, (size_t)gmg_pos_bytes(g), cudaMemcpyHostToDevice), "copy in", err,
                   errlen) ||
        (path_bytes && gpu_failed(cudaMemcpyAsync(d->paths, paths, path_bytes, cudaMemcpyHostToDevice), "copy in",
                                  err, errlen)) ||
        gpu_failed(cudaMemcpyAsync(d->first, first, (size_t)(n + 1) * sizeof *first, cudaMemcpyHostToDevice),
                   "copy in", err, errlen) ||
        gpu_failed(cudaMemsetAsync(d->values, 0x80, (size_t)n * sizeof *values), "memset", err, errlen) ||
        gpu_failed(cudaMemsetAsync(d->nodes, 0, sizeof *d->nodes), "memset", err, errlen) ||
        gpu_stoppable_begin(&d->launch, &flag, err, errlen))
        return -1;
    thread_kernel<<<(total + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK, THREADS_PER_BLOCK>>>(
        *g, d->root, d->paths, d->first, n, plies, depth, prune, flag, d->values, children ? d->children : NULL,
        d->nodes);
    if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
        gpu_failed(gpu_stoppable_wait(&d->launch, stop, kernel_us), "kernel", err, errlen) ||
        gpu_failed(cudaMemcpy(values, d->values, (size_t)n * sizeof *values, cudaMemcpyDeviceToHost), "copy out", err,
                   errlen) ||
        (children && gpu_failed(cudaMemcpy(children, d->children, (size_t)total * sizeof *children,
                                           cudaMemcpyDeviceToHost),
                                "copy out", err, errlen)) ||
        gpu_failed(cudaMemcpy(&count, d->nodes, sizeof count, cudaMemcpyDeviceToHost), "copy out", err, errlen))
        return -1;
    *nodes += count;
    return d->launch.raised ? 1 : 0;
}

extern "C" int gmg_device_blocks(gmg_device *d, const gmg_bgame *b, const uint8_t *parents, int n_parents,
                                 const gpv_job *jobs, int n, int depth, int32_t alpha, int32_t beta, int block_threads,
                                 const int *stop, gpv_out *out, double *kernel_us, char *err, size_t errlen)
{
    const size_t stack_bytes = (size_t)(depth + 2) * (size_t)b->stride;
    const bool shared = stack_bytes + GB_SCRATCH_WORDS * sizeof(int64_t) <= (size_t)d->shared_optin;
    int threads = block_threads;
    if (!threads)
        threads = b->g.cells > 1024 ? 1024 : (b->g.cells + 31) / 32 * 32;
    int *flag = NULL;
    if (!gpu_grow((void **)&d->siblings, &d->siblings_cap, (size_t)n_parents * (size_t)b->pos_bytes,
              "malloc of the siblings", err, errlen) ||
        !gpu_grow((void **)&d->jobs, &d->jobs_cap, (size_t)n * sizeof *jobs, "malloc of the jobs", err, errlen) ||
        !gpu_grow((void **)&d->out, &d->out_cap, (size_t)n * sizeof *out, "malloc of the results", err, errlen) ||
        (!shared &&
         !gpu_grow((void **)&d->stack, &d->stack_cap, (size_t)n * stack_bytes, "malloc of the stacks", err, errlen)) ||
        gpu_failed(cudaMemcpyAsync(d->siblings, parents, (size_t)n_parents * (size_t)b->pos_bytes,
                                   cudaMemcpyHostToDevice),
                   "copy in", err, errlen) ||
        gpu_failed(cudaMemcpyAsync(d->jobs, jobs, (size_t)n * sizeof *jobs, cudaMemcpyHostToDevice), "copy in", err,
                   errlen) ||
        gpu_failed(cudaFuncSetAttribute((const void *)block_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        shared ? (int)stack_bytes : 0),
                   "kernel attribute", err, errlen) ||
        gpu_stoppable_begin(&d->launch, &flag, err, errlen))
        return -1;
    block_kernel<<<n, threads, shared ? stack_bytes : 0>>>(*b, d->siblings, d->jobs, depth, alpha, beta, flag, d->out,
                                                           shared ? NULL : d->stack);
    if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
        gpu_failed(gpu_stoppable_wait(&d->launch, stop, kernel_us), "kernel", err, errlen) ||
        gpu_failed(cudaMemcpy(out, d->out, (size_t)n * sizeof *out, cudaMemcpyDeviceToHost), "copy out", err, errlen))
        return -1;
    return d->launch.raised ? 1 : 0;
}
