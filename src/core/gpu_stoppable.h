/*
 * Internal to the .cu files: a kernel launch the host can time and stop.
 * CUDA events around it give the kernel's time; a stop word in device
 * memory, which the kernel's threads read every few thousand nodes, is
 * raised by the host while it waits once the caller's stop word is (a
 * launch can run for minutes, and Ctrl-C must end it promptly).
 *
 * The word is in device memory, raised by a copy on a stream of its own
 * that runs beside the kernel: as first written it was mapped host memory,
 * and every read crossed PCIe: on an H200 the 8x8 perft's 125,000 reads
 * (a warp's per 32 tasks, a lane's per 65,536 nodes) took perft 13 from
 * 136 ms to 2,848 ms of kernel time.
 */
#ifndef GTS_GPU_STOPPABLE_H
#define GTS_GPU_STOPPABLE_H

#include <cuda_runtime.h>
#include <sched.h>

#include "core/gpu_cuda_check.h"

struct gpu_stoppable {
    int *flag;                  // device memory: the word the kernel reads
    int *one;                   // pinned host memory holding 1, copied onto flag
    cudaStream_t side;          // non-blocking: its copy runs beside the kernel
    cudaEvent_t start, stop;
    bool raised;
};

// True (with the reason in err) if the word, the stream or the events
// cannot be made; gpu_stoppable_close frees what was.
static inline bool gpu_stoppable_open(gpu_stoppable *s, char *err, size_t errlen)
{
    *s = gpu_stoppable{};
    if (gpu_failed(cudaMalloc(&s->flag, sizeof *s->flag), "malloc", err, errlen) ||
        gpu_failed(cudaHostAlloc(&s->one, sizeof *s->one, cudaHostAllocDefault), "host alloc", err, errlen) ||
        gpu_failed(cudaStreamCreateWithFlags(&s->side, cudaStreamNonBlocking), "stream", err, errlen) ||
        gpu_failed(cudaEventCreate(&s->start), "event", err, errlen) ||
        gpu_failed(cudaEventCreate(&s->stop), "event", err, errlen))
        return true;
    *s->one = 1;
    return false;
}

static inline void gpu_stoppable_close(gpu_stoppable *s)
{
    cudaFree(s->flag);
    cudaFreeHost(s->one);
    if (s->side)
        cudaStreamDestroy(s->side);
    if (s->start)
        cudaEventDestroy(s->start);
    if (s->stop)
        cudaEventDestroy(s->stop);
    *s = gpu_stoppable{};
}

// Lowers the word and starts the clock, on the default stream, before the
// launch; *device_flag: the word as the kernel reads it.  True on failure.
static inline bool gpu_stoppable_begin(gpu_stoppable *s, int **device_flag, char *err, size_t errlen)
{
    s->raised = false;
    *device_flag = s->flag;
    return gpu_failed(cudaMemsetAsync(s->flag, 0, sizeof *s->flag, 0), "memset", err, errlen) ||
           gpu_failed(cudaEventRecord(s->start, 0), "event", err, errlen);
}

// Raises the word: the side stream first waits for the start event, so the
// copy cannot land before begin's lowering of it.
static inline void gpu_stoppable_raise(gpu_stoppable *s)
{
    if (s->raised)
        return;
    s->raised = true;
    cudaStreamWaitEvent(s->side, s->start, 0);
    cudaMemcpyAsync(s->flag, s->one, sizeof *s->flag, cudaMemcpyHostToDevice, s->side);
}

// After the launch: waits for it, raising the word once *stop (NULL: none)
// is; polled like the runtime's own spinning wait, yielding the core, and
// calling poll(s->side) on each round (a caller's own traffic with the
// running kernel, on the side stream).  *kernel_us gets the kernel's time.
template <typename Poll>
static inline cudaError_t gpu_stoppable_wait_polling(gpu_stoppable *s, const int *stop, double *kernel_us, Poll poll)
{
    cudaEventRecord(s->stop, 0);
    cudaError_t e;
    while ((e = cudaEventQuery(s->stop)) == cudaErrorNotReady) {
        if (stop && __atomic_load_n(stop, __ATOMIC_RELAXED))
            gpu_stoppable_raise(s);
        poll(s->side);
        sched_yield();
    }
    float ms = 0;
    if (e == cudaSuccess)
        cudaEventElapsedTime(&ms, s->start, s->stop);
    *kernel_us = (double)ms * 1000.0;
    return e;
}

static inline cudaError_t gpu_stoppable_wait(gpu_stoppable *s, const int *stop, double *kernel_us)
{
    return gpu_stoppable_wait_polling(s, stop, kernel_us, [](cudaStream_t) {});
}

#endif
