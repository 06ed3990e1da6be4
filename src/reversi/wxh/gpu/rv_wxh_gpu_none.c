/* Stand-in for the Reversi PV-split kernel in a build without nvcc: the
 * device calls fail with the reason; the CPU executor runs the same code. */
#include "reversi/wxh/gpu/rv_wxh_gpu_device.h"
#include "gts/gpu.h"

rvg_device *rvg_device_open(char *err, size_t errlen)
{
    gts_gpu_available(err, errlen);
    return NULL;
}

void rvg_device_close(rvg_device *d)
{
    (void)d;
}

int rvg_device_run(rvg_device *d, const rvg_game *g, const uint8_t *parents, int n_parents, const gpv_job *jobs, int n,
                   int depth, int32_t alpha, int32_t beta, int block_threads, bool per_warp, const int *stop,
                   gpv_out *out, double *kernel_us, char *err, size_t errlen)
{
    (void)d, (void)g, (void)parents, (void)n_parents, (void)jobs, (void)n, (void)depth, (void)alpha, (void)beta;
    (void)block_threads, (void)per_warp;
    (void)stop, (void)out, (void)kernel_us;
    gts_gpu_available(err, errlen);
    return -1;
}
