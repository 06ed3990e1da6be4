// Internal to the 8x8 kernels: a queue of work items run by one persistent
// launch (core/gpu_stoppable.h: timed by CUDA events, the lanes reading a
// stop word the host raises while it waits, so Ctrl-C ends a count of
// minutes at once).
//
// One launch, not chunks of a quarter second each as first written: a
// chunk lasts as long as its longest item, and chunks sized by time shrank
// below the lanes' number once items took long (perft 15 ran for minutes;
// 50,000 positions at 12 empties took 11.4 s on an H200, twice the CPU's).
#ifndef GTS_RV8_LAUNCH_CUH
#define GTS_RV8_LAUNCH_CUH

#include "core/gpu_stoppable.h"

// Runs launch(first, count, device_stop_word) over [0, n) once and waits
// for it; the lanes' word is raised once *stop (NULL: none) is, and
// poll(side_stream) is called while it runs.  *us: the launch's time.
// False with a reason.
template <typename Launch, typename Poll>
static bool rv8_run_polling(size_t n, Launch launch, const int *stop, Poll poll, double *us, char *err,
                            size_t errlen)
{
    gpu_stoppable s;
    int *word = NULL;
    bool ok = !gpu_stoppable_open(&s, err, errlen) && !gpu_stoppable_begin(&s, &word, err, errlen);
    if (ok) {
        launch(0, n, (const int *)word);
        ok = !gpu_failed(cudaGetLastError(), "kernel launch", err, errlen) &&
             !gpu_failed(gpu_stoppable_wait_polling(&s, stop, us, poll), "kernel", err, errlen);
    }
    gpu_stoppable_close(&s);
    return ok;
}

template <typename Launch>
static bool rv8_run(size_t n, Launch launch, const int *stop, double *us, char *err, size_t errlen)
{
    return rv8_run_polling(n, launch, stop, [](cudaStream_t) {}, us, err, errlen);
}

// Blocks of `block` threads that fill every SM once for `kernel`.
template <typename Kernel>
static bool rv8_grid(Kernel kernel, int block, int *grid, char *err, size_t errlen)
{
    int sms = 0, per_sm = 0;
    // No shared memory: all of it as L1, where the lanes' stacks (local
    // memory) are cached.
    if (gpu_failed(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, 0), "carveout", err,
                   errlen) ||
        gpu_failed(gpu_attribute(&sms, cudaDevAttrMultiProcessorCount), "attribute", err, errlen) ||
        gpu_failed(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0), "occupancy", err,
                   errlen))
        return false;
    *grid = sms * (per_sm > 0 ? per_sm : 1);
    return true;
}

#endif
