/* The brute-force player's host side: the immediate win or block that
 * overrides the enumeration, the CPU executor, and the choice of move. */
#include <stdio.h>
#include <string.h>

#include "c4/reports/gpu/c4_brute_device.h"
#include "gts/c4_play.h"
#include "core/clock.h"

/* The CPU executor: every sequence in turn, as the kernel's threads do
 * them; -1 if stop was raised. */
static int cpu_run(const c4_geom *g, const c4_windows *w, const c4_pos *p, int depth, gts_stop *stop,
                   c4_brute_result *r)
{
    const uint64_t total = c4b_power(g->width, depth), per_first = c4b_power(g->width, depth - 1);
    for (uint64_t idx = 0; idx < total; idx++) {
        if (idx % 65536 == 0 && gts_stop_raised(stop))
            return -1;
        bool ok;
        const long long u = c4b_sequence_utility(g, w, p, idx, depth, &ok);
        if (ok) {
            r->sums[idx / per_first] += u;
            r->valid[idx / per_first]++;
        }
    }
    return 0;
}

int c4_brute_best(const c4_geom *g, const c4_pos *p, int depth, bool cpu, gts_stop *stop, c4_brute_result *r,
                  char *err, size_t errlen)
{
    const double t0 = gts_now_usec();
    memset(r, 0, sizeof *r);
    r->col = -1;
    int score;
    if (depth < 1 || depth > C4_BRUTE_MAX_DEPTH) {
        snprintf(err, errlen, "depth %d out of range 1..%d", depth, C4_BRUTE_MAX_DEPTH);
        return -1;
    }
    if (c4_final_score(g, p, &score)) {
        snprintf(err, errlen, "the game is over");
        return -1;
    }
    /* A win at once, else the block of the opponent's win, overrides the
     * sums, as in the report. */
    const uint64_t threats = c4_opponent_winning_cells(g, p) & c4_possible(g, p);
    for (int i = 0; i < g->width && r->col < 0; i++) {
        const int col = c4_centre_column(g, i);
        if (c4_can_play(g, p, col) && c4_is_winning_move(g, p, col))
            r->col = col;
    }
    for (int i = 0; i < g->width && r->col < 0; i++) {
        const int col = c4_centre_column(g, i);
        if (threats & c4_column_mask(g, col))
            r->col = col;
    }
    if (r->col >= 0) {
        r->forced = true;
        r->usec = gts_now_usec() - t0;
        return 0;
    }
    c4_windows w;
    c4_windows_init(g, &w);
    if (gts_stop_raised(stop)) {
        snprintf(err, errlen, "stopped");
        return -1;
    }
    if (cpu) {
        const double k0 = gts_now_usec();
        if (cpu_run(g, &w, p, depth, stop, r) != 0) {
            snprintf(err, errlen, "stopped");
            return -1;
        }
        r->kernel_usec = gts_now_usec() - k0;
    } else if (c4b_device_run(g, &w, p, depth, r->sums, r->valid, &r->kernel_usec, err, errlen) != 0) {
        return -1;
    }
    for (int i = 0; i < g->width; i++) {
        const int col = c4_centre_column(g, i);
        if (r->valid[col] && (r->col < 0 || r->sums[col] > r->sums[r->col]))
            r->col = col;
    }
    r->usec = gts_now_usec() - t0;
    return 0;
}
