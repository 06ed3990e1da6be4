/* The 8x8 GPU batch solver's host side: the positions to the device, or
 * the kernel's per-lane search on this thread (the CPU executor CI runs),
 * and the answers in rv_batch_answer's terms. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"
#include "core/gpu_devices.h"
#include "core/stop_word.h"
#include "core/threads.h"
#include "core/two_ends.h"
#include "reversi/gpu/rv8_solve.h"
#include "reversi/gpu/rv8_solve_device.h"

_Static_assert(RV8S_MAX_EMPTIES == RV_GPU_MAX_EMPTIES, "the lanes' limit is the one gts/reversi.h gives");

/* The CPU executor: the kernel's code on CPU threads, each taking
 * positions from a queue as the lanes do. */
typedef struct executor {
    const uint64_t *words;
    size_t n;
    int alpha, beta;
    uint64_t budget;
    gts_stop *stop;
    void *meet;             /* CPU threads beside: the share's end */
    rv8s_answer *out;
    atomic_size_t next;
} executor;

static void executor_worker(void *arg, int index)
{
    executor *e = arg;
    const int *word = gts_stop_word(e->stop);
    (void)index;
    for (;;) {
        const size_t i = atomic_fetch_add(&e->next, 1);
        if (i >= e->n || (e->meet && i >= gts_ends_meet(e->meet, i + 1)))
            break;
        e->out[i] = gts_stop_raised(e->stop)
                        ? (rv8s_answer){ 0, RV8S_STOPPED, 0 }
                        : rv8s_solve(e->words[2 * i], e->words[2 * i + 1], e->alpha, e->beta, word, e->budget);
    }
}

static void convert(const rv8s_answer *a, bool wld, rv_batch_answer *out)
{
    out->nodes = a->nodes;
    out->score = wld ? (a->score > 0) - (a->score < 0) : a->score;
    out->move = a->move == RV8S_OVER_BUDGET ? RV8S_HANDED_BACK
                : a->move < 0               ? RV_NOT_SOLVED
                : a->move == RV8S_NONE      ? RV_NO_MOVE
                                            : a->move;
}

/* The batch as the devices see it: pairs of words and a window. */
typedef struct shares {
    const uint64_t *words;
    size_t n;
    int devices;
    int alpha, beta;
    const rv_batch_options *o;
    gts_ends *beside;
    rv_batch_answer *out;
    double usec[GPU_MAX_DEVICES];
} shares;

/* Device d's positions: one persistent launch, or its executor; the
 * answers below where the CPU threads beside came to are put back. */
static int solve_share(void *arg, int d, char *err, size_t errlen)
{
    shares *s = arg;
    const rv_batch_options *o = s->o;
    const size_t m = gpu_share_count(s->n, s->devices, d), pair = 2 * sizeof *s->words;
    uint64_t *words = malloc((m ? m : 1) * pair);
    rv8s_answer *answers = malloc((m ? m : 1) * sizeof *answers);
    void *meet = s->beside ? gts_ends_share(s->beside, d) : NULL;
    int rc = -1;
    if (!words || !answers) {
        snprintf(err, errlen, "out of memory for %zu positions", m);
        goto done;
    }
    gts_gpu_share_gather(words, s->words, s->n, pair, s->devices, d);
    if (o->cpu_executor) {
        rv_last_init();   /* the host's last-empties tables (rv_8x8_last.h) */
        executor e = { .words = words, .n = m, .alpha = s->alpha, .beta = s->beta, .budget = o->gpu_budget,
                       .stop = o->stop, .meet = meet, .out = answers };
        const double t0 = gts_now_usec();
        gts_run_threads(o->threads > 1 ? o->threads : 1, executor_worker, &e);
        s->usec[d] = gts_now_usec() - t0;
    } else if (rv8s_device_run(words, m, s->alpha, s->beta, o->gpu_budget, gts_stop_word(o->stop),
                               meet ? gts_ends_meet : NULL, meet, answers, &s->usec[d], err, errlen) != 0) {
        goto done;
    }
    /* The queue may go on past the share (the CPU's own items): the
     * lanes' answers are those below where the CPU threads came to. */
    const size_t top = gts_ends_close(s->beside, d, m), lanes = top < m ? top : m;
    for (size_t j = 0; j < lanes; j++) {
        const size_t i = (size_t)d + j * (size_t)s->devices;
        convert(&answers[j], o->wld, &s->out[i]);
        if (o->on_solved && s->out[i].move != RV8S_HANDED_BACK && s->out[i].move != RV_NOT_SOLVED)
            o->on_solved(o->on_solved_arg, i);
    }
    rc = 0;
done:
    free(words);
    free(answers);
    return rc;
}

int rv8s_solve_batch(const rv_pos *p, size_t n, const rv_batch_options *o, gts_ends *beside,
                     rv_batch_answer *out, rv_batch_stats *stats, char *err, size_t errlen)
{
    /* Exact: the full window; wld: the null window around a draw. */
    return rv8s_solve_window(p, n, o->wld ? -1 : -65, o->wld ? 1 : 65, o, beside, out, stats, err, errlen);
}

int rv8s_solve_window(const rv_pos *p, size_t n, int alpha, int beta, const rv_batch_options *o,
                      gts_ends *beside, rv_batch_answer *out, rv_batch_stats *stats, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        if (rv_empties(&p[i]) > RV8S_MAX_EMPTIES) {
            snprintf(err, errlen, "position %zu has %d empties, the GPU solver takes at most %d", i + 1,
                     rv_empties(&p[i]), RV8S_MAX_EMPTIES);
            return -1;
        }
    const int devices = rv8s_devices(o);
    uint64_t *words = malloc((n ? n : 1) * 2 * sizeof *words);
    if (!words) {
        snprintf(err, errlen, "out of memory for %zu positions", n);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        words[2 * i] = p[i].me, words[2 * i + 1] = p[i].opp;
    shares s = { .words = words, .n = n, .devices = devices, .alpha = alpha, .beta = beta, .o = o,
                 .beside = beside, .out = out };
    const int rc = gts_gpu_run_devices(devices, o->cpu_executor, solve_share, &s, err, errlen);
    /* A device that failed leaves its share to no one: the CPU threads
     * beside stop taking from it too. */
    for (int d = 0; rc != 0 && beside && d < devices; d++)
        gts_ends_close(beside, d, 0);
    if (rc == 0)
        stats->work_usec = gts_gpu_time_range(s.usec, devices, &stats->work_usec_least);
    free(words);
    return rc;
}
