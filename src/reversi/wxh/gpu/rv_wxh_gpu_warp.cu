// The Reversi PV-split kernel with a warp per job (unit=warp): the same
// search and node functions as rv_wxh_gpu_kernel.cu's block per job,
// compiled with GB_WARP so that each warp of a block works on its own node
// with the warp's barriers and shuffles only.  A block of one warp per job
// (block=32) holds at most 32 warps an SM (the blocks' limit); here a
// block of 4 warps by default keeps 64 warps an SM busy.
#define GB_WARP 1
#include <cuda_runtime.h>

extern "C" {
#include "reversi/wxh/gpu/rv_wxh_gpu_device.h"
}

// Job blockIdx.x * warps + warp; stacks of (depth + 2) nodes, one after
// another in shared memory, or in global memory (one per job).
__global__ void __launch_bounds__(1024) warp_kernel(rvg_game g, const uint8_t *parents, const gpv_job *jobs, int n,
                                                    int depth, int32_t alpha, int32_t beta, const int *stop,
                                                    gpv_out *out, uint8_t *global_stack)
{
    extern __shared__ __align__(16) uint8_t shared_stack[];
    __shared__ int64_t scratch[32][RVG_SCRATCH_WORDS];
    const int warp = (int)(threadIdx.x >> 5), i = (int)blockIdx.x * (int)(blockDim.x >> 5) + warp;
    if (i >= n)
        return;
    const size_t stack_bytes = (size_t)(depth + 2) * (size_t)g.stride;
    uint8_t *stack = global_stack ? global_stack + (size_t)i * stack_bytes : shared_stack + (size_t)warp * stack_bytes;
    const gpv_job job = jobs[i];
    const uint32_t *src = (const uint32_t *)(parents + (size_t)job.parent * g.pos_bytes);
    for (int k = GB_TID; k < g.pos_bytes / 4; k += GB_THREADS)
        ((uint32_t *)stack)[k] = src[k];
    GB_SYNC();
    uint8_t *node = rvg_job_node(&g, stack, job.move, scratch[warp]);
    const gpv_out o = rvg_block_search(&g, node, depth, alpha, beta, stop, scratch[warp]);
    if (GB_TID == 0)
        out[i] = o;
}

extern "C" const void *rvg_warp_kernel(void)
{
    return (const void *)warp_kernel;
}
