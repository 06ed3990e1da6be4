/* Stand-ins for the Connect 4 kernels in a build without nvcc: every
 * device call fails with the reason, and the CPU executor runs the same
 * code instead. */
#include "c4/gpu/c4_gpu_device.h"
#include "gts/gpu.h"

c4g_device *c4g_device_open(const c4_geom *g, int log2b, char *err, size_t errlen)
{
    (void)g;
    (void)log2b;
    gts_gpu_available(err, errlen);
    return NULL;
}

void c4g_device_close(c4g_device *d)
{
    (void)d;
}

int c4g_device_run(c4g_device *d, const c4g_item *items, int n, c4g_result *out, bool clear, bool plain,
                   bool persistent, int block_threads, uint64_t node_limit, const int *stop, double *kernel_us,
                   char *err, size_t errlen)
{
    (void)d, (void)items, (void)n, (void)out, (void)clear, (void)plain, (void)persistent, (void)block_threads;
    (void)node_limit, (void)stop, (void)kernel_us;
    gts_gpu_available(err, errlen);
    return -1;
}

#include "c4/reports/gpu/c4_brute_device.h"

int c4b_device_run(const c4_geom *g, const c4_windows *w, const c4_pos *p, int depth, long long *sums,
                   uint64_t *valid, double *kernel_us, char *err, size_t errlen)
{
    (void)g, (void)w, (void)p, (void)depth, (void)sums, (void)valid, (void)kernel_us;
    gts_gpu_available(err, errlen);
    return -1;
}

#include "c4/reports/gpu/c4_perft_device.h"

int c4p_device_run(const c4_geom *g, const c4_pos *prefixes, size_t n, int k, size_t set_bytes,
                   bool (*stopped)(void *stop_ctx), void *stop_ctx, uint64_t *sequences, uint64_t *positions,
                   bool *set_full, double *kernel_us, char *err, size_t errlen)
{
    (void)g, (void)prefixes, (void)n, (void)k, (void)set_bytes, (void)stopped, (void)stop_ctx, (void)sequences;
    (void)positions, (void)set_full, (void)kernel_us;
    gts_gpu_available(err, errlen);
    return -1;
}
