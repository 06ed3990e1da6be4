/* Stand-in for the Gomoku kernels in a build without nvcc: the device
 * calls fail with the reason; the CPU executor runs the same code. */
#include "gomoku/gpu/gmg_device.h"
#include "gts/gpu.h"

gmg_device *gmg_device_open(char *err, size_t errlen)
{
    gts_gpu_available(err, errlen);
    return NULL;
}

void gmg_device_close(gmg_device *d)
{
    (void)d;
}

int gmg_device_threads(gmg_device *d, const gmg_geom *g, const gmg_pos *root, const int16_t *paths,
                       const int32_t *first, int n, int plies, int depth, bool prune, const int *stop, int32_t *values,
                       int32_t *children, uint64_t *nodes, double *kernel_us, char *err, size_t errlen)
{
    (void)d, (void)g, (void)root, (void)paths, (void)first, (void)n, (void)plies, (void)depth, (void)prune;
    (void)stop, (void)values, (void)children, (void)nodes, (void)kernel_us;
    gts_gpu_available(err, errlen);
    return -1;
}

int gmg_device_blocks(gmg_device *d, const gmg_bgame *b, const uint8_t *parents, int n_parents, const gpv_job *jobs,
                      int n, int depth, int32_t alpha, int32_t beta, int block_threads, const int *stop, gpv_out *out,
                      double *kernel_us, char *err, size_t errlen)
{
    (void)d, (void)b, (void)parents, (void)n_parents, (void)jobs, (void)n, (void)depth, (void)alpha, (void)beta;
    (void)block_threads, (void)stop, (void)out, (void)kernel_us;
    gts_gpu_available(err, errlen);
    return -1;
}
