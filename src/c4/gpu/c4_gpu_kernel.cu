// The GPU solver's kernel and its launches: one thread solves one work item
// at a time with the per-thread search of c4_gpu_core.h.
#include <cuda_runtime.h>
#include <stdio.h>

#include "core/gpu_stoppable.h"

extern "C" {
#include "gts/gpu.h"
#include "c4/gpu/c4_gpu_device.h"
}

struct c4g_device {
    c4_geom g;
    c4g_table tt;           // slots in device memory, or NULL
    size_t table_bytes;
    c4g_item *items;
    c4g_result *results;
    size_t cap;
    int *next;              // the persistent kernel's queue head
    gpu_stoppable launch;   // its events and the flag the threads read
    int sms;
};

// STD: the geometry is the constant 7x6 one, so shifts and masks fold into
// the code instead of being read from a parameter (the CPU solver does the
// same, docs/notes/c4_solver.md).
template <bool STD>
__global__ void solve_kernel(c4_geom gv, c4g_table tt, const c4g_item *items, c4g_result *out, int n, int *next,
                             bool plain, bool persistent, uint64_t node_limit, const int *stop)
{
    const c4_geom standard = { 7, 6, 42, 49, 0x0040810204081ULL, 0x0fdfbf7efdfbfULL, 0x0054a952a54a95ULL };
    c4g_ctx c;
    c.g = STD ? &standard : &gv;
    c.tt = tt;
    c.plain = plain;
    c.node_limit = node_limit;
    c.stop = stop;
    int i = persistent ? atomicAdd(next, 1) : (int)(blockIdx.x * blockDim.x + threadIdx.x);
    while (i < n && !c4g_stop_raised(stop)) {
        out[i] = c4g_solve_item(&c, &items[i]);
        if (!persistent)
            break;
        i = atomicAdd(next, 1);
    }
}

extern "C" c4g_device *c4g_device_open(const c4_geom *g, int log2b, char *err, size_t errlen)
{
    if (gts_gpu_available(err, errlen) != 0)
        return NULL;
    c4g_device *d = (c4g_device *)calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    d->g = *g;
    if (gpu_failed(gpu_attribute(&d->sms, cudaDevAttrMultiProcessorCount), "device query", err, errlen) ||
        gpu_failed(cudaMalloc(&d->next, sizeof *d->next), "malloc", err, errlen) ||
        gpu_stoppable_open(&d->launch, err, errlen)) {
        c4g_device_close(d);
        return NULL;
    }
    if (log2b >= 0) {
        d->table_bytes = (size_t)TT_BUCKET * sizeof(uint64_t) << log2b;
        if (gpu_failed(cudaMalloc(&d->tt.slots, d->table_bytes), "malloc of the device table", err, errlen)) {
            c4g_device_close(d);
            return NULL;
        }
        d->tt.key_mask = g->key_bits >= 64 ? ~0ULL : (1ULL << g->key_bits) - 1;
        d->tt.check_bits = g->key_bits - log2b;
    }
    return d;
}

extern "C" void c4g_device_close(c4g_device *d)
{
    if (!d)
        return;
    cudaFree(d->tt.slots);
    cudaFree(d->items);
    cudaFree(d->results);
    cudaFree(d->next);
    gpu_stoppable_close(&d->launch);
    free(d);
}

extern "C" int c4g_device_run(c4g_device *d, const c4g_item *items, int n, c4g_result *out, bool clear, bool plain,
                              bool persistent, int block_threads, uint64_t node_limit, const int *stop,
                              double *kernel_us, char *err, size_t errlen)
{
    if ((size_t)n > d->cap) {
        cudaFree(d->items);
        cudaFree(d->results);
        d->items = NULL;
        d->results = NULL;
        d->cap = 0;
        if (gpu_failed(cudaMalloc(&d->items, (size_t)n * sizeof *items), "malloc of the items", err, errlen) ||
            gpu_failed(cudaMalloc(&d->results, (size_t)n * sizeof *out), "malloc of the results", err, errlen))
            return -1;
        d->cap = (size_t)n;
    }
    if ((clear && d->tt.slots && gpu_failed(cudaMemsetAsync(d->tt.slots, 0, d->table_bytes), "table clear", err, errlen)) ||
        gpu_failed(cudaMemsetAsync(d->next, 0, sizeof *d->next), "memset", err, errlen) ||
        gpu_failed(cudaMemcpyAsync(d->items, items, (size_t)n * sizeof *items, cudaMemcpyHostToDevice), "copy in", err,
               errlen))
        return -1;
    const bool std_board = d->g.width == 7 && d->g.height == 6;
    int blocks = (n + block_threads - 1) / block_threads;
    if (persistent) {
        int per_sm = 0;
        if (gpu_failed(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                       &per_sm, std_board ? solve_kernel<true> : solve_kernel<false>, block_threads, 0),
                   "occupancy query", err, errlen))
            return -1;
        const int full = d->sms * (per_sm > 0 ? per_sm : 1);
        if (blocks > full)
            blocks = full;
    }
    // A launch without a node budget can run for minutes: the flag stops it.
    int *flag = NULL;
    if (gpu_stoppable_begin(&d->launch, &flag, err, errlen))
        return -1;
    if (std_board)
        solve_kernel<true><<<blocks, block_threads>>>(d->g, d->tt, d->items, d->results, n, d->next, plain,
                                                      persistent, node_limit, flag);
    else
        solve_kernel<false><<<blocks, block_threads>>>(d->g, d->tt, d->items, d->results, n, d->next, plain,
                                                       persistent, node_limit, flag);
    if (gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) ||
        gpu_failed(gpu_stoppable_wait(&d->launch, stop, kernel_us), "kernel", err, errlen) ||
        gpu_failed(cudaMemcpy(out, d->results, (size_t)n * sizeof *out, cudaMemcpyDeviceToHost), "kernel or copy out",
               err, errlen))
        return -1;
    return 0;
}
