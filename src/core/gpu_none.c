/* Stand-in for the CUDA backends in a build without nvcc. */
#include <stdio.h>

#include "gts/gpu.h"

bool gts_gpu_built(void)
{
    return false;
}

int gts_gpu_device_count(void)
{
    return 0;
}

int gts_gpu_available(char *why, size_t len)
{
    snprintf(why, len, "no CUDA device: gts was built without nvcc");
    return -1;
}

int gts_gpu_describe(char *buf, size_t len)
{
    return gts_gpu_available(buf, len);
}

int gts_gpu_use(int index, char *err, size_t errlen)
{
    (void)index;
    return gts_gpu_available(err, errlen);
}
