/* Stand-in for the CUDA backends in a build without nvcc. */
#include <stdio.h>

#include "gts/gpu.h"

bool gpu_built(void)
{
    return false;
}

int gpu_device_count(void)
{
    return 0;
}

int gpu_available(char *why, size_t len)
{
    snprintf(why, len, "no CUDA device: gts was built without nvcc");
    return -1;
}

int gpu_describe(char *buf, size_t len)
{
    return gpu_available(buf, len);
}

int gpu_use(int index, char *err, size_t errlen)
{
    (void)index;
    return gpu_available(err, errlen);
}
