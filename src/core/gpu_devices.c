/* One batch over several GPUs (gpu_devices.h). */
#include "core/gpu_devices.h"

#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

#include "core/threads.h"
#include "gts/gpu.h"

typedef struct devices_run {
    gpu_device_fn *fn;
    void *arg;
    int devices;
    bool cpu_executor;
    atomic_flag failed;     /* the first failure writes err */
    char *err;
    size_t errlen;
} devices_run;

static void device_thread(void *arg, int d)
{
    devices_run *r = arg;
    char why[256] = "";
    const int rc = !r->cpu_executor && gts_gpu_use(d, why, sizeof why) != 0 ? -1 : r->fn(r->arg, d, why, sizeof why);
    if (rc == 0 || atomic_flag_test_and_set(&r->failed))
        return;
    if (r->devices > 1)
        snprintf(r->err, r->errlen, "GPU %d: %s", d, why);
    else
        snprintf(r->err, r->errlen, "%s", why);
}

int gts_gpu_run_devices(int devices, bool cpu_executor, gpu_device_fn *fn, void *arg, char *err, size_t errlen)
{
    if (devices > GPU_MAX_DEVICES) {
        snprintf(err, errlen, "%d GPUs: at most %d", devices, GPU_MAX_DEVICES);
        return -1;
    }
    devices_run r = { .fn = fn, .arg = arg, .devices = devices, .cpu_executor = cpu_executor,
                      .failed = ATOMIC_FLAG_INIT, .err = err, .errlen = errlen };
    gts_run_threads(devices, device_thread, &r);
    return atomic_flag_test_and_set(&r.failed) ? -1 : 0;
}

double gts_gpu_time_range(const double *usec, int devices, double *shortest)
{
    double most = usec[0], least = usec[0];
    for (int d = 1; d < devices; d++) {
        most = usec[d] > most ? usec[d] : most;
        least = usec[d] < least ? usec[d] : least;
    }
    if (shortest)
        *shortest = least;
    return most;
}

void gts_gpu_share_gather(void *share, const void *all, size_t n, size_t size, int devices, int d)
{
    char *to = share;
    const char *from = all;
    for (size_t i = (size_t)d; i < n; i += (size_t)devices, to += size)
        memcpy(to, from + i * size, size);
}

void gts_gpu_share_scatter(void *all, const void *share, size_t n, size_t size, int devices, int d)
{
    char *to = all;
    const char *from = share;
    for (size_t i = (size_t)d; i < n; i += (size_t)devices, from += size)
        memcpy(to + i * size, from, size);
}
