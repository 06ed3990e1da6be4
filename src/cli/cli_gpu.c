/* The GPU of a rank (cli.h): chosen by its index among the ranks of
 * its host (cli_rank.c); no MPI call.  And a process's GPUs:
 * --gpu-device and --gpus; and every GPU command's first check. */
#include <stdio.h>

#include "cli/cli.h"
#include "gts/gpu.h"

const char *cli_gpus_conflict(int gpus, int device, bool mpi)
{
    if (gpus && device >= 0)
        return "--gpus takes the first N GPUs, --gpu-device one of them: one of the two";
    if (gpus && mpi)
        return "--gpus is one process's GPUs; under --mpi each rank takes one of its own";
    return NULL;
}

int cli_choose_gpu(int given, int gpus, bool mpi, char *err, size_t errlen)
{
    const int n = gts_gpu_visible_count();
    if (gpus > 1 && gpus > n) {
        snprintf(err, errlen, "--gpus %d: %d GPU%s visible to this process", gpus, n, n == 1 ? "" : "s");
        return -1;
    }
    if (given < 0 && !mpi)
        return 0;
    if (given < 0 && n == 0)
        return 0;   /* opening the device says why there is none */
    const int index = given >= 0 ? given : cli_local_rank() % n;
    if (gts_gpu_choose(index, err, errlen) == 0)
        return 0;
    if (mpi) {
        char why[256];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "rank %d of its host: %s", cli_local_rank(), why);
    }
    return -1;
}

int cli_gpu_check(bool device, bool mpi)
{
    char why[256], err[300];
    /* The device files, not a CUDA start: the device's late start (c4
     * solve --gpu-after) stays late where there is one. */
    if (!device || gts_gpu_visible_count() > 0 || gts_gpu_available(why, sizeof why) == 0)
        return 0;
    if (mpi)
        snprintf(err, sizeof err, "rank %d of its host: %s", cli_local_rank(), why);
    else
        snprintf(err, sizeof err, "%s", why);
    return cli_gpu_failed(true, err);
}
