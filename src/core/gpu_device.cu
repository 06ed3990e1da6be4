// CUDA device discovery for the GPU backends.
#include <cuda_runtime.h>
#include <dlfcn.h>
#include <stdio.h>

extern "C" {
#include "gts/gpu.h"
}

extern "C" bool gts_gpu_built(void)
{
    return true;
}

extern "C" int gts_gpu_device_count(void)
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess)
        return 0;
    return n;
}

// The runtime says "driver version is insufficient" also where there is no
// driver at all (no libcuda): the usual case on a machine without a GPU.
extern "C" int gts_gpu_available(char *why, size_t len)
{
    int n = 0;
    const cudaError_t e = cudaGetDeviceCount(&n);
    if (e == cudaSuccess && n > 0)
        return 0;
    void *driver = e == cudaErrorInsufficientDriver ? dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL) : NULL;
    if (driver)
        dlclose(driver);
    if (e == cudaErrorInsufficientDriver && !driver)
        snprintf(why, len, "no CUDA device: no NVIDIA driver (libcuda.so.1 not found)");
    else if (e == cudaSuccess || e == cudaErrorNoDevice)
        snprintf(why, len, "no CUDA device: none found");
    else
        snprintf(why, len, "no CUDA device: %s", cudaGetErrorString(e));
    return -1;
}

extern "C" int gts_gpu_use(int index, char *err, size_t errlen)
{
    if (gts_gpu_available(err, errlen) != 0)
        return -1;
    const int n = gts_gpu_device_count();
    if (index < 0 || index >= n) {
        snprintf(err, errlen, "no GPU %d: %d visible to this process", index, n);
        return -1;
    }
    const cudaError_t e = cudaSetDevice(index);
    if (e != cudaSuccess) {
        snprintf(err, errlen, "GPU %d: %s", index, cudaGetErrorString(e));
        return -1;
    }
    return 0;
}

extern "C" int gts_gpu_describe(char *buf, size_t len)
{
    if (gts_gpu_available(buf, len) != 0)
        return -1;
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess) {
        snprintf(buf, len, "no CUDA device: cannot read its properties");
        return -1;
    }
    snprintf(buf, len, "%s, sm_%d%d, %d SMs, %.0f GiB", prop.name, prop.major, prop.minor,
             prop.multiProcessorCount, (double)prop.totalGlobalMem / (1u << 30));
    return 0;
}
