/* The 8x8 GPU perft's host side: the prefixes to the devices, or the
 * kernel's per-thread code on the CPU (the executor CI runs). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"
#include "core/gpu_devices.h"
#include "core/stop_word.h"
#include "reversi/gpu/rv8_perft_device.h"

typedef struct shares {
    const uint64_t *words;
    size_t n;
    int depth, devices;
    bool cpu_executor;
    struct gts_stop *stop;
    _Atomic uint64_t leaves;
    double usec[GPU_MAX_DEVICES];
} shares;

static int count_share(void *arg, int d, char *err, size_t errlen)
{
    shares *s = arg;
    const size_t m = gpu_share_count(s->n, s->devices, d), pair = 2 * sizeof *s->words;
    uint64_t *words = malloc((m ? m : 1) * pair), leaves = 0;
    if (!words) {
        snprintf(err, errlen, "out of memory for %zu prefixes", m);
        return -1;
    }
    gts_gpu_share_gather(words, s->words, s->n, pair, s->devices, d);
    int rc = 0;
    if (s->cpu_executor) {
        const double t0 = gts_now_usec();
        for (size_t i = 0; i < m && !gts_stop_raised(s->stop); i++)
            leaves += rv8p_count(words[2 * i], words[2 * i + 1], s->depth, gts_stop_word(s->stop));
        s->usec[d] = gts_now_usec() - t0;
    } else {
        rc = rv8p_device_run(words, m, s->depth, gts_stop_word(s->stop), &leaves, &s->usec[d], err, errlen);
    }
    atomic_fetch_add(&s->leaves, leaves);
    free(words);
    return rc;
}

int rv8p_count_prefixes(const void *prefixes, size_t n, int depth, int devices, bool cpu_executor,
                        struct gts_stop *stop, uint64_t *leaves, double *kernel_usec, char *err, size_t errlen)
{
    devices = devices > 1 ? devices : 1;
    shares s = { .words = prefixes, .n = n, .depth = depth, .devices = devices, .cpu_executor = cpu_executor,
                 .stop = stop };
    const int rc = gts_gpu_run_devices(devices, cpu_executor, count_share, &s, err, errlen);
    *leaves = atomic_load(&s.leaves);
    *kernel_usec = rc == 0 ? gts_gpu_time_range(s.usec, devices, NULL) : 0;
    return rc;
}
