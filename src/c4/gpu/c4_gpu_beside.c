/*
 * The GPU beside the CPU solver's threads on one batch (c4_gpu_solve_beside
 * in gts/c4_gpu.h): the lanes' side of c4_batch.c's queue.  Each device's
 * host thread takes chunks of the positions with the most stones and
 * solves each with one c4_gpu_solve call on its own device; the CPU
 * threads take the fewest stones, then take back what the lanes still
 * hold, and the first answer is kept.
 */
#include <stdio.h>
#include <stdlib.h>

#include "c4/c4_batch.h"
#include "c4/gpu/c4_gpu_internal.h"
#include "core/clock.h"
#include "core/gpu_devices.h"
#include "gts/gpu.h"

/* A chunk is one c4_gpu_solve call.  Its fixed costs (the split, the
 * device table cleared, copies both ways, the host's finish) are paid per
 * chunk: End-Easy's 1000 positions as one call took 4.90 ms end to end
 * with 3.01 ms of kernels on the H200 host (docs/benchmarks/connect4_gpu.md,
 * bdb7bde), about 2 ms a call besides them.  A chunk sized to take
 * CHUNK_USEC at the rate the last one ran at pays some 6% in them, while
 * lines still come out a few tens of milliseconds apart and the last
 * chunk, which the CPU threads take back when the ends meet, is short.
 * A lane is one position (--split-depth 0) and the device has thousands:
 * a chunk of few positions takes as long as its slowest one, so a rate
 * measured on a small chunk understates the device, and sizing by it
 * alone would shrink chunks of deep positions to one a launch; they never
 * go below MIN_CHUNK, the first chunk's size.  Not yet measured on a
 * device beside the CPU threads: the lead's run sets these (issue 40). */
#define CHUNK_USEC 30000.0
#define MIN_CHUNK 256
#define MAX_CHUNK 65536

/* The next chunk: the last one's rate for CHUNK_USEC, at most four times
 * the last (one fast chunk of easy positions says little of the next). */
static int next_chunk(int last, int done, double usec)
{
    const double rate = done / (usec > 1 ? usec : 1);
    double k = rate * CHUNK_USEC;
    if (k > 4.0 * last)
        k = 4.0 * last;
    return k < MIN_CHUNK ? MIN_CHUNK : k > MAX_CHUNK ? MAX_CHUNK : (int)k;
}

typedef struct beside {
    c4_gpu *gpu;
    c4_gpu_stats st[GPU_MAX_DEVICES];
    char failed[GPU_MAX_DEVICES][256];
} beside;

/* A chunk's buffers, MAX_CHUNK each. */
typedef struct chunk {
    int *items;
    c4_pos *ps;
    int *scores;
    uint64_t *nodes;
} chunk;

static bool chunk_alloc(chunk *c)
{
    c->items = malloc(MAX_CHUNK * sizeof *c->items);
    c->ps = malloc(MAX_CHUNK * sizeof *c->ps);
    c->scores = malloc(MAX_CHUNK * sizeof *c->scores);
    c->nodes = malloc(MAX_CHUNK * sizeof *c->nodes);
    return c->items && c->ps && c->scores && c->nodes;
}

static void chunk_free(chunk *c)
{
    free(c->items), free(c->ps), free(c->scores), free(c->nodes);
}

/* Solves k positions on member `one`, its launches stopped by stop (the
 * chunk's: raised once the CPU threads have answered them all). */
static int solve_chunk(c4_gpu *one, c4_batch *b, const chunk *c, int k, gts_stop *stop, c4_gpu_stats *st,
                       char *err, size_t errlen)
{
    for (int j = 0; j < k; j++)
        c->ps[j] = *c4_batch_position(b, c->items[j]);
    gts_stop *const own = one->opt.stop;
    one->opt.stop = stop;
    const int rc = c4g_solve_share(one, c->ps, k, k, c4_batch_weak(b), c->scores, c->nodes, NULL, st, err, errlen);
    one->opt.stop = own;
    return rc;
}

/* How often a host thread whose device is still opening (c4_gpu_create_late)
 * looks whether the CPU threads have left it anything. */
#define LATE_POLL_USEC 2000.0

/* The gpu that does the work once open (NULL: the batch ended first, or
 * it failed to open: err says why). */
static c4_gpu *working(c4_gpu *gpu, c4_batch *b, char *err, size_t errlen)
{
    bool failed = false;
    c4_gpu *open = NULL;
    while (!failed && !(open = c4g_working(gpu, LATE_POLL_USEC, &failed, err, errlen)) && c4_batch_untaken(b)) {
    }
    return open;
}

/* Device d's host thread: chunks until the ends meet.  A chunk that
 * fails goes to the CPU threads, and so does the rest of the batch. */
static void lanes_run(void *ctx, int d, c4_batch *b)
{
    beside *s = ctx;
    char *err = s->failed[d];
    c4_gpu *gpu = working(s->gpu, b, err, sizeof s->failed[d]);
    if (!gpu)
        return;
    c4_gpu *one = gpu->members ? gpu->members[d] : gpu;
    chunk c;
    if (!chunk_alloc(&c)) {
        snprintf(err, sizeof s->failed[d], "out of memory");
    } else if (gpu->members && !gpu->opt.cpu && gts_gpu_use(d, err, sizeof s->failed[d]) != 0) {
        /* err says why */
    } else {
        gts_stop *stop;
        for (int most = MIN_CHUNK, k; (k = c4_batch_chunk(b, d, most, c.items, &stop)) > 0;) {
            const double t0 = gts_now_usec();
            if (solve_chunk(one, b, &c, k, stop, &s->st[d], err, sizeof s->failed[d]) != 0) {
                for (int j = 0; j < k; j++)
                    c4_batch_give_up(b, c.items[j]);
                if (gts_stop_raised(stop))
                    err[0] = '\0';   /* answered by the CPU threads, or interrupted */
                else
                    break;
                continue;
            }
            const double usec = gts_now_usec() - t0;
            for (int j = 0; j < k; j++) {
                const c4_result r = { .score = c.scores[j], .nodes = c.nodes[j], .usec = usec / k };
                c4_batch_lanes_answer(b, c.items[j], &r);
            }
            most = next_chunk(most, k, usec);
        }
    }
    chunk_free(&c);
}

int c4_gpu_solve_beside(c4_gpu *gpu, c4_solver *cpu, const c4_pos *ps, int n, bool weak, c4_result *r,
                        c4_beside_line_fn *line, void *ctx, c4_beside_stats *st)
{
    beside *s = calloc(1, sizeof *s);
    if (!s)
        return -2;
    s->gpu = gpu;
    const c4_batch_lanes lanes = { .devices = gpu->opt.devices > 1 ? gpu->opt.devices : 1, .run = lanes_run,
                                   .ctx = s, .line = line, .line_ctx = ctx };
    gts_ends_counts counts = { 0 };
    const double t0 = gts_now_usec();
    const int rc = c4_solver_batch(cpu, ps, n, weak, r, &lanes, &counts);
    st->by_gpu += counts.lanes;
    st->by_cpu += counts.cpu;
    st->twice += counts.twice;
    st->usec += gts_now_usec() - t0;
    for (int d = 0; d < lanes.devices; d++) {
        st->gpu.kernel_us += s->st[d].kernel_us;
        st->gpu.total_us += s->st[d].total_us;
        st->gpu.items += s->st[d].items;
        st->gpu.rounds += s->st[d].rounds;
        st->gpu.nodes += s->st[d].nodes;
        st->gpu.tt_hits += s->st[d].tt_hits;
        if (s->failed[d][0] && !st->failed[0])
            snprintf(st->failed, sizeof st->failed, "GPU %d: %.200s", d, s->failed[d]);
    }
    free(s);
    return rc;
}
