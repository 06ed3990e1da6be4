/* Stand-in for the dynamic parallelism kernels in a build without nvcc:
 * the device calls fail with the reason; the CPU executor runs the same
 * logic (gmg_search.c). */
#include "gomoku/gpu/gmg_dynamic.h"
#include "gts/gpu.h"

gmg_dynamic *gmg_dynamic_open(char *err, size_t errlen)
{
    gts_gpu_available(err, errlen);
    return NULL;
}

void gmg_dynamic_close(gmg_dynamic *d)
{
    (void)d;
}

int gmg_dynamic_run(gmg_dynamic *d, const gmg_bgame *b, const uint8_t *root, int depth, int levels, const int *caps,
                    int threads, const int *stop, int32_t *value, int32_t *children, int *n_children, uint64_t *nodes,
                    double *kernel_us, char *err, size_t errlen)
{
    (void)d, (void)b, (void)root, (void)depth, (void)levels, (void)caps, (void)threads, (void)stop, (void)value;
    (void)children, (void)n_children, (void)nodes, (void)kernel_us;
    gts_gpu_available(err, errlen);
    return -1;
}
