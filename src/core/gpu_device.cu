// CUDA device discovery for the GPU backends.
#include <cuda_runtime.h>
#include <stdio.h>

extern "C" {
#include "gts/gpu.h"
}

extern "C" bool gpu_built(void)
{
    return true;
}

extern "C" int gpu_device_count(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess)
        return 0;
    return n;
}

extern "C" int gpu_describe(char *buf, size_t len)
{
    int n = 0;
    const cudaError_t e = cudaGetDeviceCount(&n);
    if (e != cudaSuccess || n == 0) {
        snprintf(buf, len, "no CUDA device: %s", e != cudaSuccess ? cudaGetErrorString(e) : "none found");
        return -1;
    }
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
        snprintf(buf, len, "no CUDA device: cannot read its properties");
        return -1;
    }
    snprintf(buf, len, "%s, sm_%d%d, %d SMs, %.0f GiB", prop.name, prop.major, prop.minor,
             prop.multiProcessorCount, (double)prop.totalGlobalMem / (1u << 30));
    return 0;
}
