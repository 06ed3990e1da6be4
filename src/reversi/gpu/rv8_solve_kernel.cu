// The 8x8 GPU batch solver: a persistent grid whose lanes take positions
// from an atomic queue, each solving its own to the end (rv8s_solve).
#include <cuda_runtime.h>
#include <stdio.h>

#include "core/clock.h"
#include "reversi/gpu/rv8_launch.cuh"

extern "C" {
#include "gts/gpu.h"
#include "reversi/gpu/rv8_solve_device.h"
}

#define SOLVE_BLOCK 64
// Blocks per SM the registers must allow: left free, nvcc takes 255
// registers a lane (sm_90, CUDA 12: 164 bytes spilled), 8 warps per SM,
// too few to hide the integer pipeline's latency with one lane's chain of
// dependent 64-bit shifts; 8 blocks of 64 cap it at 128 registers (676
// bytes spilled, to L1).  Not measured on a device yet
// (docs/notes/reversi_gpu_8x8.md).
#define SOLVE_BLOCKS_PER_SM 8

// How often the host tells the lanes where the CPU threads beside them
// have come to, and reads how far the lanes have: a copy each way on the
// side stream.
#define MEET_POLL_USEC 500.0

// *limit: the lanes take no position at or past it (the CPU threads beside
// them have it); the host lowers it while they run.
__global__ void __launch_bounds__(SOLVE_BLOCK, SOLVE_BLOCKS_PER_SM)
    rv8_solve_kernel(const uint64_t *positions, size_t first, size_t count, int alpha, int beta, uint64_t budget,
                     unsigned long long *next, const unsigned long long *limit, rv8s_answer *out, const int *stop)
{
    while (!rv8_stop_raised(stop)) {
        const unsigned long long i = atomicAdd(next, 1ULL);
        if (i >= count || i >= *(volatile const unsigned long long *)limit)
            break;
        const size_t at = first + i;
        out[at] = rv8s_solve(positions[2 * at], positions[2 * at + 1], alpha, beta, stop, budget);
    }
}

// The device memory of a batch, freed on every way out; next and limit
// (the queue's two words), and their pinned copies on the host.
struct solve_memory {
    uint64_t *positions = NULL;
    rv8s_answer *out = NULL;
    unsigned long long *next = NULL, *host = NULL;
    ~solve_memory()
    {
        cudaFree(positions);
        cudaFree(out);
        cudaFree(next);
        cudaFreeHost(host);
    }
};

// Where the lanes and the CPU threads beside them meet: every
// MEET_POLL_USEC, how many positions the lanes have taken (next) goes to
// meet, and the index it answers becomes the lanes' limit.
struct meeting {
    rv8s_meet_fn *meet;
    void *ctx;
    solve_memory *m;
    size_t n;
    unsigned long long limit;
    double last = 0;
    void operator()(cudaStream_t side)
    {
        const double now = gts_now_usec();
        if (!meet || now - last < MEET_POLL_USEC)
            return;
        last = now;
        // The sync also ends the last round's copy out of host[1].
        if (cudaMemcpyAsync(&m->host[0], m->next, sizeof *m->next, cudaMemcpyDeviceToHost, side) != cudaSuccess ||
            cudaStreamSynchronize(side) != cudaSuccess)
            return;
        const size_t to = meet(ctx, m->host[0] < n ? (size_t)m->host[0] : n);
        if (to < limit) {
            limit = m->host[1] = to;
            cudaMemcpyAsync(m->next + 1, &m->host[1], sizeof *m->next, cudaMemcpyHostToDevice, side);
        }
    }
};

extern "C" int rv8s_device_run(const uint64_t *positions, size_t n, int alpha, int beta, uint64_t budget,
                               const int *stop, rv8s_meet_fn *meet, void *meet_ctx, rv8s_answer *out,
                               double *kernel_usec, char *err, size_t errlen)
{
    if (gts_gpu_available(err, errlen) != 0)
        return -1;
    solve_memory m;
    int grid = 0;
    const size_t rows = n ? n : 1;
    if (gpu_failed(cudaMalloc(&m.positions, rows * 2 * sizeof *m.positions), "malloc", err, errlen) ||
        gpu_failed(cudaMalloc(&m.out, rows * sizeof *m.out), "malloc", err, errlen) ||
        gpu_failed(cudaMalloc(&m.next, 2 * sizeof *m.next), "malloc", err, errlen) ||
        gpu_failed(cudaHostAlloc(&m.host, 2 * sizeof *m.host, cudaHostAllocDefault), "host alloc", err, errlen) ||
        gpu_failed(cudaMemset(m.out, 0xff, rows * sizeof *m.out), "memset", err, errlen)) 
        return -1;
    m.host[0] = 0;
    m.host[1] = n;
    if (gpu_failed(cudaMemcpy(m.next, m.host, 2 * sizeof *m.host, cudaMemcpyHostToDevice), "copy in", err, errlen) ||
        gpu_failed(cudaMemcpy(m.positions, positions, n * 2 * sizeof *m.positions, cudaMemcpyHostToDevice),
                   "copy in", err, errlen) ||
        !rv8_grid(rv8_solve_kernel, SOLVE_BLOCK, &grid, err, errlen))
        return -1;
    const auto launch = [&](size_t first, size_t count, const int *word) {
        rv8_solve_kernel<<<grid, SOLVE_BLOCK>>>(m.positions, first, count, alpha, beta, budget, m.next, m.next + 1,
                                                m.out, word);
    };
    meeting poll = { meet, meet_ctx, &m, n, n };
    if (!rv8_run_polling(n, launch, stop, poll, kernel_usec, err, errlen) ||
        gpu_failed(cudaMemcpy(out, m.out, n * sizeof *out, cudaMemcpyDeviceToHost), "copy out", err, errlen))
        return -1;
    return 0;
}
