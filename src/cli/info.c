/* gts info: the version, the CUDA device if there is one, and where the
 * bundled data are. */
#include <limits.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "gts/gpu.h"

static const char usage_text[] =
    "usage: gts info\n"
    "Prints the version, whether the CUDA backends were built, the CUDA device\n"
    "(or why there is none: no NVIDIA driver, no device, a build without nvcc)\n"
    "and the folder of the bundled sample data.\n";

int info_main(int argc, char **argv)
{
    const cli_option opts[] = { CLI_OPT_END };
    const cli_command cmd = { "info", usage_text, NULL };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0)
        return cli_parse_status(n);
    if (n > 0) {
        cli_error("info takes no arguments (see 'gts info --help')");
        return EXIT_USAGE;
    }
    char gpu[256], data[PATH_MAX];
    gts_gpu_describe(gpu, sizeof gpu);
    printf("gts %s\n", GTS_VERSION);
    printf("cuda backends: %s\n", gts_gpu_built() ? "built" : "not built (no nvcc)");
    printf("gpu: %s\n", gpu);
    printf("data: %s\n",
           cli_data_dir(data, sizeof data) == 0 ? data : "none found (the bundled samples are not installed)");
    return EXIT_OK;
}
