/* The 8x8 GPU perft's host side: the prefixes to the device, or the
 * kernel's per-thread code on the CPU (the executor CI runs). */
#include "core/clock.h"
#include "core/stop_word.h"
#include "reversi/gpu/rv8_perft_device.h"

int rv8p_count_prefixes(const void *prefixes, size_t n, int depth, bool cpu_executor, struct gts_stop *stop,
                        uint64_t *leaves, double *kernel_usec, char *err, size_t errlen)
{
    const uint64_t *words = prefixes;
    *leaves = 0;
    if (!cpu_executor)
        return rv8p_device_run(words, n, depth, gts_stop_word(stop), leaves, kernel_usec, err, errlen);
    const double t0 = gts_now_usec();
    for (size_t i = 0; i < n && !gts_stop_raised(stop); i++)
        *leaves += rv8p_count(words[2 * i], words[2 * i + 1], depth, gts_stop_word(stop));
    *kernel_usec = gts_now_usec() - t0;
    return 0;
}
