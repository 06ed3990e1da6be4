/*
 * Block-cooperative code written once for two executors: nvcc compiles it
 * for a CUDA thread block working on one node (or, where GB_WARP is
 * defined, for each warp of a block on a node of its own), the C compiler for the CPU
 * executor, where one thread plays the whole block (GB_TID 0 of
 * GB_THREADS 1, barriers vanish, a reduction is the value itself).  So CI,
 * which has no GPU, runs every line of the device search.
 *
 * Rules for code written with these: control flow is uniform over the
 * block (every branch depends on values all threads share: reductions,
 * shared memory read after a barrier, or registers computed the same way
 * by every thread); a thread writes shared memory only at squares it owns
 * (GB_SPAN) or with GB_OR32; every block-cooperative function ends with
 * GB_SYNC() so that the next one may overwrite what it read.
 */
#ifndef GTS_GB_BLOCK_H
#define GTS_GB_BLOCK_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__CUDACC__) && defined(GB_WARP)
/* A translation unit that defines GB_WARP makes the "block" of this code
 * one warp of a CUDA block: each warp works on its own node, its barriers
 * the warp's, its reductions shuffles. */
#define GB_FN static __device__ __forceinline__
#define GB_TID ((int)(threadIdx.x & 31))
#define GB_THREADS 32
#define GB_SYNC() __syncwarp()
#define GB_OR32(p, bits) atomicOr((unsigned *)(p), (unsigned)(bits))
#elif defined(__CUDACC__)
#define GB_FN static __device__ __forceinline__
#define GB_TID ((int)threadIdx.x)
#define GB_THREADS ((int)blockDim.x)
#define GB_SYNC() __syncthreads()
#define GB_OR32(p, bits) atomicOr((unsigned *)(p), (unsigned)(bits))
#else
#define GB_FN static inline
#define GB_TID 0
#define GB_THREADS 1
#define GB_SYNC() ((void)0)
#define GB_OR32(p, bits) (*(p) |= (uint32_t)(bits))
#endif

/* The squares [lo, hi) of n that this thread owns: consecutive runs, as the
 * report's Figure 3 maps a block smaller than the board (each thread a run
 * of bytes, so a warp reads one contiguous stretch). */
#define GB_SPAN(lo, hi, n)                                                        \
    const int gb_per_ = ((n) + GB_THREADS - 1) / GB_THREADS;                      \
    const int lo = GB_TID * gb_per_ < (n) ? GB_TID * gb_per_ : (n);               \
    const int hi = lo + gb_per_ < (n) ? lo + gb_per_ : (n)

/* Scratch a block's reductions use: 33 words of shared memory. */
#define GB_SCRATCH_WORDS 33

/* The block's sum of every thread's v, returned to all threads.  Threads
 * come in whole warps (block sizes are multiples of 32). */
GB_FN int64_t gb_sum(int64_t v, int64_t *scratch)
{
#ifdef __CUDACC__
    /* Butterfly: every lane gets its warp's sum, so a block of one warp
     * (the row layout's block=32, or GB_WARP) needs no shared memory and
     * no barrier but the warp's, which orders what its lanes wrote before. */
    for (int o = 16; o; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    if (GB_THREADS == 32) {
        __syncwarp();
        return v;
    }
    if ((threadIdx.x & 31) == 0)
        scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        int64_t s = 0;
        for (int i = 0; i < (int)(blockDim.x + 31) / 32; i++)
            s += scratch[i];
        scratch[32] = s;
    }
    __syncthreads();
    v = scratch[32];
    __syncthreads();
    return v;
#else
    (void)scratch;
    return v;
#endif
}

/* The block's largest v, returned to all threads. */
GB_FN int32_t gb_max(int32_t v, int64_t *scratch)
{
#ifdef __CUDACC__
    for (int o = 16; o; o >>= 1) {
        const int32_t w = __shfl_xor_sync(0xffffffffu, v, o);
        v = w > v ? w : v;
    }
    if (GB_THREADS == 32) {
        __syncwarp();
        return v;
    }
    if ((threadIdx.x & 31) == 0)
        scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        int64_t m = scratch[0];
        for (int i = 1; i < (int)(blockDim.x + 31) / 32; i++)
            m = scratch[i] > m ? scratch[i] : m;
        scratch[32] = m;
    }
    __syncthreads();
    v = (int32_t)scratch[32];
    __syncthreads();
    return v;
#else
    (void)scratch;
    return v;
#endif
}

/* Whether any thread's pred holds, told to all (a barrier). */
GB_FN bool gb_any(bool pred)
{
#if defined(__CUDACC__) && defined(GB_WARP)
    __syncwarp();   /* the vote orders no memory: the barrier is this */
    return __any_sync(0xffffffffu, pred) != 0;
#elif defined(__CUDACC__)
    return __syncthreads_or(pred) != 0;
#else
    return pred;
#endif
}

#endif
