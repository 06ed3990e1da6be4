/* A process's rank under mpirun, read from the environment the launchers
 * set (cli.h): no MPI call, so that the command line and the GPU choice
 * know it before MPI starts, and gts built without MPI knows it too. */
#include <stdlib.h>

#include "cli/cli.h"
#include "core/number.h"

/* The first of the variables named that holds a rank; 0 for none. */
static int rank_from(const char *const *names, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        long r;
        const char *v = getenv(names[i]);
        if (v && gts_whole_number(v, 0, 1 << 20, &r))
            return (int)r;
    }
    return 0;
}

int cli_local_rank(void)
{
    static const char *const names[] = { "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID" };
    return rank_from(names, sizeof names / sizeof *names);
}

int cli_world_rank(void)
{
    static const char *const names[] = { "OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK" };
    return rank_from(names, sizeof names / sizeof *names);
}
