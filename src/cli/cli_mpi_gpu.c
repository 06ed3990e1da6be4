/* The GPU of a rank (cli_mpi.h): chosen by its index among the ranks of
 * its host, which the launchers put in the environment; no MPI call. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "cli_mpi.h"
#include "gts/gpu.h"

int cli_mpi_local_rank(void)
{
    static const char *const names[] = { "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID" };
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        long r;
        const char *v = getenv(names[i]);
        if (v && cli_int(v, 0, 1 << 20, &r) == 0)
            return (int)r;
    }
    return 0;
}

int cli_choose_gpu(int given, bool mpi, char *err, size_t errlen)
{
    if (given < 0 && !mpi)
        return 0;
    const int n = gpu_visible_count();
    if (given < 0 && n == 0)
        return 0;   /* opening the device says why there is none */
    const int index = given >= 0 ? given : cli_mpi_local_rank() % n;
    if (gpu_choose(index, err, errlen) == 0)
        return 0;
    if (mpi) {
        char why[256];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "rank %d of its host: %s", cli_mpi_local_rank(), why);
    }
    return -1;
}
