// The dynamic parallelism design (CUDA's device-side launches, CDP2): the
// host launches one block on the root; a block whose node lies above the
// last `levels` of the tree writes its children to the next level's arena
// and launches a grid of a block per child itself; a block at the last
// level (or on a decided node) searches its subtree with the PVS design's
// block search (gmg_block.h), the whole window.  When the root's grid and
// every grid below it are done, the host backs the values up.  Compiled
// with relocatable device code (CMake: gts_cdp), which device-side
// launches need.
#include <cuda_runtime.h>
#include <stdio.h>

#include "core/gpu_stoppable.h"

extern "C" {
#include "gomoku/gpu/gmg_dynamic.h"
#include "gts/gpu.h"
}

struct dp_level {
    uint8_t *pos;
    int32_t *value, *first, *count;
    int *used;
    int cap;
};

struct dp_tree {
    gmg_bgame b;
    int depth, levels, threads;
    const int *stop;
    unsigned long long *nodes;
    int *overflow;
    dp_level level[GMG_DP_MAX_LEVELS + 1];
};

__global__ void __launch_bounds__(1024) dp_node(const dp_tree *t, int l, int base)
{
    extern __shared__ __align__(16) uint8_t stack[];
    __shared__ int64_t scratch[GB_SCRATCH_WORDS];
    __shared__ int first;
    const gmg_bgame *b = &t->b;
    const dp_level *at = &t->level[l];
    const int slot = base + (int)blockIdx.x;
    const uint8_t *pos = at->pos + (size_t)slot * b->pos_bytes;
    for (int i = threadIdx.x; i < b->pos_bytes / 8; i += blockDim.x)
        ((uint64_t *)stack)[i] = ((const uint64_t *)pos)[i];
    __syncthreads();
    uint32_t *mask = (uint32_t *)(stack + b->mask_off);
    const int n = l < t->levels && !*(const volatile int *)t->stop ? gmg_bgen(b, stack, mask, scratch) : -1;
    if (n < 0) {
        const gpv_out o = gmg_block_block_search(b, stack, t->depth - l, -GMG_INF, GMG_INF, t->stop, scratch);
        if (threadIdx.x == 0) {
            at->value[slot] = o.value;
            at->count[slot] = 0;
            atomicAdd(t->nodes, (unsigned long long)o.nodes);
        }
        return;
    }
    const dp_level *below = &t->level[l + 1];
    if (threadIdx.x == 0) {
        first = atomicAdd(below->used, n);
        if (first + n > below->cap)
            atomicOr(t->overflow, 1);
        at->first[slot] = first;
        at->count[slot] = n;
        atomicAdd(t->nodes, 1ull);
    }
    __syncthreads();
    if (first + n > below->cap)
        return;
    int k = 0;
    for (int m = gmg_block_next_move(mask, b->mask_words, 0); m >= 0;
         m = gmg_block_next_move(mask, b->mask_words, m + 1))
        gmg_bplay(b, below->pos + (size_t)(first + k++) * b->pos_bytes, stack, m, scratch);
    __syncthreads();
    if (threadIdx.x == 0)
        dp_node<<<n, blockDim.x, (t->depth + 1) * b->stride, cudaStreamFireAndForget>>>(t, l + 1, first);
}

struct gmg_dynamic {
    dp_tree host;               // the device pointers, as the kernels see them
    dp_tree *tree;              // its device copy
    void *arena;
    size_t arena_bytes;
    int pending;                // the device runtime's pending launch limit, as last set
    gpu_stoppable launch;
};

extern "C" gmg_dynamic *gmg_dynamic_open(char *err, size_t errlen)
{
    if (gts_gpu_available(err, errlen) != 0)
        return NULL;
    gmg_dynamic *d = (gmg_dynamic *)calloc(1, sizeof *d);
    cudaFuncAttributes attr;
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (gpu_failed(cudaMalloc(&d->tree, sizeof *d->tree), "malloc", err, errlen) ||
        gpu_stoppable_open(&d->launch, err, errlen) ||
        gpu_failed(cudaFuncGetAttributes(&attr, dp_node), "kernel load", err, errlen)) {
        gmg_dynamic_close(d);
        return NULL;
    }
    return d;
}

extern "C" void gmg_dynamic_close(gmg_dynamic *d)
{
    if (!d)
        return;
    cudaFree(d->tree);
    cudaFree(d->arena);
    gpu_stoppable_close(&d->launch);
    free(d);
}

static size_t round256(size_t n)
{
    return (n + 255) & ~(size_t)255;
}

// The arena cut into the levels' arrays (each 256-byte aligned); false when it cannot be had.
static bool lay_out(gmg_dynamic *d, const gmg_bgame *b, const int *caps, int levels, char *err, size_t errlen)
{
    size_t bytes = 256;
    for (int l = 0; l <= levels; l++)
        bytes += 256 + (size_t)caps[l] * b->pos_bytes + round256((size_t)caps[l] * 3 * sizeof(int32_t));
    if (bytes > d->arena_bytes) {
        cudaFree(d->arena);
        d->arena = NULL;
        d->arena_bytes = 0;
        if (gpu_failed(cudaMalloc(&d->arena, bytes), "malloc of the tree", err, errlen))
            return false;
        d->arena_bytes = bytes;
    }
    uint8_t *p = (uint8_t *)d->arena;
    d->host.nodes = (unsigned long long *)p;
    d->host.overflow = (int *)(p + sizeof(unsigned long long));
    p += 256;
    for (int l = 0; l <= levels; l++) {
        dp_level *v = &d->host.level[l];
        v->cap = caps[l];
        v->used = (int *)p;
        p += 256;
        v->pos = p;
        p += (size_t)caps[l] * b->pos_bytes;
        v->value = (int32_t *)p;
        v->first = v->value + caps[l];
        v->count = v->first + caps[l];
        p += round256((size_t)caps[l] * 3 * sizeof(int32_t));
    }
    return true;
}

// The levels' values backed up on the host, the deepest first: a node
// with children takes the best of theirs negated.  (A kernel a level did
// this on the device at first; its root value came out as its first
// child's, for a reason not found: the host's walk is a few megabytes of
// copies on a 24x24 board.)
static int back_up(gmg_dynamic *d, int levels, int32_t *value, int32_t *children, int *n_children, char *err,
                   size_t errlen)
{
    int32_t *below = NULL;
    int rc = 0;
    for (int l = levels; l >= 0 && rc == 0; l--) {
        const dp_level *at = &d->host.level[l];
        int used = 0;
        int32_t *v = NULL, *first = NULL, *count = NULL;
        rc = gpu_failed(cudaMemcpy(&used, at->used, sizeof used, cudaMemcpyDeviceToHost), "copy out", err, errlen)
                 ? -1
                 : 0;
        if (rc == 0 && (!(v = (int32_t *)malloc((size_t)(used ? used : 1) * 3 * sizeof *v)))) {
            snprintf(err, errlen, "out of memory");
            rc = -1;
        }
        if (rc == 0) {
            first = v + used;
            count = first + used;
            if (gpu_failed(cudaMemcpy(v, at->value, (size_t)used * sizeof *v, cudaMemcpyDeviceToHost), "copy out",
                           err, errlen) ||
                gpu_failed(cudaMemcpy(first, at->first, (size_t)used * sizeof *v, cudaMemcpyDeviceToHost),
                           "copy out", err, errlen) ||
                gpu_failed(cudaMemcpy(count, at->count, (size_t)used * sizeof *v, cudaMemcpyDeviceToHost),
                           "copy out", err, errlen))
                rc = -1;
        }
        for (int i = 0; i < used && rc == 0; i++) {
            if (!count[i])
                continue;
            int32_t best = -GMG_INF - 1;
            for (int k = 0; k < count[i]; k++)
                best = -below[first[i] + k] > best ? -below[first[i] + k] : best;
            v[i] = best;
        }
        if (rc == 0 && l == 1)
            memcpy(children, v, (size_t)used * sizeof *v);
        if (rc == 0 && l == 0) {
            *value = v[0];
            *n_children = count[0];
        }
        free(below);
        below = v;
    }
    free(below);
    return rc;
}

extern "C" int gmg_dynamic_run(gmg_dynamic *d, const gmg_bgame *b, const uint8_t *root, int depth, int levels,
                               const int *caps, int threads, const int *stop, int32_t *value, int32_t *children,
                               int *n_children, uint64_t *nodes, double *kernel_us, char *err, size_t errlen)
{
    if (!lay_out(d, b, caps, levels, err, errlen))
        return -1;
    d->host.b = *b;
    d->host.depth = depth;
    d->host.levels = levels;
    d->host.threads = threads;
    const size_t shared = (size_t)(depth + 1) * b->stride;
    int *flag = NULL;
    int one = 1;
    // Every node above the last level launches a grid; the limit is only
    // raised (setting it reconfigures the device runtime).
    const int pending = caps[levels - 1] + 64;
    if (pending > d->pending) {
        if (gpu_failed(cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, (size_t)pending), "launch limit", err,
                       errlen))
            return -1;
        d->pending = pending;
    }
    if (gpu_failed(cudaMemsetAsync(d->arena, 0, 2 * sizeof(unsigned long long)), "memset", err, errlen) ||
        gpu_failed(cudaFuncSetAttribute((const void *)dp_node, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                        (int)shared),
                   "kernel attribute", err, errlen) ||
        gpu_failed(cudaMemcpyAsync(d->host.level[0].pos, root, b->pos_bytes, cudaMemcpyHostToDevice), "copy in", err,
                   errlen) ||
        gpu_failed(cudaMemcpyAsync(d->host.level[0].used, &one, sizeof one, cudaMemcpyHostToDevice), "copy in", err,
                   errlen))
        return -1;
    for (int l = 1; l <= levels; l++)
        if (gpu_failed(cudaMemsetAsync(d->host.level[l].used, 0, sizeof(int)), "memset", err, errlen))
            return -1;
    if (gpu_stoppable_begin(&d->launch, &flag, err, errlen))
        return -1;
    d->host.stop = flag;
    if (gpu_failed(cudaMemcpyAsync(d->tree, &d->host, sizeof d->host, cudaMemcpyHostToDevice), "copy in", err,
                   errlen))
        return -1;
    dp_node<<<1, threads, shared>>>(d->tree, 0, 0);
    int overflow = 0;
    unsigned long long count = 0;
    if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
        gpu_failed(gpu_stoppable_wait(&d->launch, stop, kernel_us), "kernel", err, errlen) ||
        gpu_failed(cudaDeviceSynchronize(), "kernel", err, errlen))
        return -1;
    if (gpu_failed(cudaMemcpy(&overflow, d->host.overflow, sizeof overflow, cudaMemcpyDeviceToHost), "copy out", err,
                   errlen) ||
        gpu_failed(cudaMemcpy(&count, d->host.nodes, sizeof count, cudaMemcpyDeviceToHost), "copy out", err, errlen))
        return -1;
    if (!overflow && !d->launch.raised && back_up(d, levels, value, children, n_children, err, errlen) != 0)
        return -1;
    if (overflow) {
        snprintf(err, errlen, "the dynamic design's tree outgrew its arena of %zu MB", d->arena_bytes >> 20);
        return -1;
    }
    *nodes += count;
    return d->launch.raised ? 1 : 0;
}
