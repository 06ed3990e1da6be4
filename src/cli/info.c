/* gts info: the version, and the CUDA device if there is one. */
#include <stdio.h>

#include "cli.h"
#include "gts/gpu.h"

int info_main(int argc, char **argv)
{
    (void)argv;
    if (argc > 1) {
        cli_error("info takes no arguments");
        return EXIT_USAGE;
    }
    char gpu[256];
    gpu_describe(gpu, sizeof gpu);
    printf("gts %s\n", GTS_VERSION);
    printf("cuda backends: %s\n", gpu_built() ? "built" : "not built (no nvcc)");
    printf("gpu: %s\n", gpu);
    return EXIT_OK;
}
