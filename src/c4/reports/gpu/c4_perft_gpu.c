/* The GPU perft's host side: the first plies on the host, the last k on
 * the device (or the CPU executor, running the same per-thread code). */
#include <stdio.h>
#include <stdlib.h>

#include "c4/reports/gpu/c4_perft_device.h"
#include "gts/c4_perft.h"
#include "core/clock.h"

/* The CPU executor: every (prefix, sequence) pair in turn, as the kernel's
 * threads do them, with a plain set of keys. */
static int cpu_run(const c4_geom *g, const c4_pos *prefixes, size_t n, int k, size_t set_bytes, gts_stop *stop,
                   c4_perft_result *r, char *err, size_t errlen)
{
    uint64_t cap = 0, suffixes = 1, count = 0, distinct = 0;
    uint64_t *set = NULL;
    for (int i = 0; i < k; i++)
        suffixes *= (uint64_t)g->width;
    if (set_bytes) {
        cap = c4p_set_slots(set_bytes);
        if (!(set = calloc(cap, sizeof *set))) {
            snprintf(err, errlen, "out of memory for the set");
            return -1;
        }
    }
    for (size_t i = 0; i < n; i++) {
        for (uint64_t idx = 0; idx < suffixes; idx++) {
            if (idx % 65536 == 0 && gts_stop_raised(stop)) {
                snprintf(err, errlen, "stopped");
                free(set);
                return -1;
            }
            c4_pos q = prefixes[i];
            if (!c4p_play_sequence(g, &q, idx, k))
                continue;
            count++;
            if (!set)
                continue;
            const uint64_t key = c4_key(&q) + 1;
            uint64_t slot = c4p_slot(key - 1, cap - 1);
            while (set[slot] && set[slot] != key)
                slot = (slot + 1) & (cap - 1);
            if (!set[slot]) {
                set[slot] = key;
                if (++distinct > cap / 4 * 3) {
                    snprintf(err, errlen, "more distinct positions than a %zu-byte set holds", set_bytes);
                    r->set_full = true;
                    free(set);
                    return -1;
                }
            }
        }
    }
    free(set);
    r->sequences = count;
    r->positions = distinct;
    return 0;
}

/* The stop token as the device's launches ask for it. */
static bool stop_raised(void *stop)
{
    return gts_stop_raised(stop);
}

int c4_perft_gpu(const c4_geom *g, const c4_pos *p, int depth, const c4_perft_options *o, c4_perft_result *r,
                 char *err, size_t errlen)
{
    const double t0 = gts_now_usec();
    *r = (c4_perft_result){ 0 };
    if (depth < 1 || depth > g->cells) {
        snprintf(err, errlen, "depth %d out of range 1..%d for the GPU perft", depth, g->cells);
        return -1;
    }
    const int k = depth < C4P_MAX_SUFFIX ? depth : C4P_MAX_SUFFIX, split = depth - k;
    size_t room = 1;
    for (int i = 0; i < split; i++)
        room *= (size_t)g->width;
    if (room > ((size_t)1 << 26)) {
        snprintf(err, errlen, "depth %d needs more than 2^26 host prefixes", depth);
        return -1;
    }
    c4p_prefix *prefixes = malloc(room * sizeof *prefixes);
    c4_pos *live = malloc(room * sizeof *live);
    if (!prefixes || !live) {
        free(prefixes), free(live);
        snprintf(err, errlen, "out of memory for the prefixes");
        return -1;
    }
    size_t n = 0, nlive = 0;
    c4p_prefixes(g, p, split, p->moves > 0 && c4_game_won(g, p), prefixes, &n);
    for (size_t i = 0; i < n; i++)
        if (!prefixes[i].over)      /* nothing may follow a win */
            live[nlive++] = prefixes[i].pos;
    const size_t bytes = o->distinct ? c4p_resolve_set_bytes(g, p, depth, o->set_bytes) : 0;
    int rc;
    if (o->cpu) {
        const double k0 = gts_now_usec();
        rc = cpu_run(g, live, nlive, k, bytes, o->stop, r, err, errlen);
        r->kernel_usec = gts_now_usec() - k0;
    } else {
        rc = c4p_device_run(g, live, nlive, k, bytes, stop_raised, o->stop, &r->sequences, &r->positions,
                            &r->set_full, &r->kernel_usec, err, errlen);
    }
    free(prefixes);
    free(live);
    r->usec = gts_now_usec() - t0;
    return rc;
}
