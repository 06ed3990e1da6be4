/* Stand-ins for the 8x8 Reversi kernels in a build without nvcc: every
 * device call fails with the reason, and the CPU executor runs the same
 * code instead. */
#include "gts/gpu.h"
#include "reversi/gpu/rv8_perft_device.h"
#include "reversi/gpu/rv8_solve_device.h"

int rv8p_device_run(const uint64_t *prefixes, size_t n, int depth, const int *stop, uint64_t *leaves,
                    double *kernel_usec, char *err, size_t errlen)
{
    (void)prefixes, (void)n, (void)depth, (void)stop, (void)leaves, (void)kernel_usec;
    gts_gpu_available(err, errlen);
    return -1;
}

int rv8s_device_run(const uint64_t *positions, size_t n, int alpha, int beta, uint64_t budget, const int *stop,
                    rv8s_meet_fn *meet, void *meet_ctx, rv8s_answer *out, double *kernel_usec, char *err,
                    size_t errlen)
{
    (void)positions, (void)n, (void)alpha, (void)beta, (void)budget, (void)stop, (void)meet, (void)meet_ctx;
    (void)out, (void)kernel_usec;
    gts_gpu_available(err, errlen);
    return -1;
}
