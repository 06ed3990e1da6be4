/* The 8x8 GPU batch solver's host side: the positions to the device, or
 * the kernel's per-lane search on this thread (the CPU executor CI runs),
 * and the answers in rv_batch_answer's terms. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/clock.h"
#include "core/stop_word.h"
#include "core/threads.h"
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
        if (i >= e->n)
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

int rv8s_solve_batch(const rv_pos *p, size_t n, const rv_batch_options *o, rv_batch_answer *out,
                     double *work_usec, char *err, size_t errlen)
{
    for (size_t i = 0; i < n; i++)
        if (rv_empties(&p[i]) > RV8S_MAX_EMPTIES) {
            snprintf(err, errlen, "position %zu has %d empties, the GPU solver takes at most %d", i + 1,
                     rv_empties(&p[i]), RV8S_MAX_EMPTIES);
            return -1;
        }
    uint64_t *words = malloc((n ? n : 1) * 2 * sizeof *words);
    rv8s_answer *answers = malloc((n ? n : 1) * sizeof *answers);
    int rc = -1;
    if (!words || !answers) {
        snprintf(err, errlen, "out of memory for %zu positions", n);
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        words[2 * i] = p[i].me, words[2 * i + 1] = p[i].opp;
    /* Exact: the full window; wld: the null window around a draw. */
    const int alpha = o->wld ? -1 : -65, beta = o->wld ? 1 : 65;
    if (o->cpu_executor) {
        executor e = { .words = words, .n = n, .alpha = alpha, .beta = beta, .budget = o->gpu_budget,
                       .stop = o->stop, .out = answers };
        const double t0 = gts_now_usec();
        gts_run_threads(o->threads > 1 ? o->threads : 1, executor_worker, &e);
        *work_usec = gts_now_usec() - t0;
    } else if (rv8s_device_run(words, n, alpha, beta, o->gpu_budget, gts_stop_word(o->stop), answers, work_usec,
                               err, errlen) != 0) {
        goto done;
    }
    for (size_t i = 0; i < n; i++)
        convert(&answers[i], o->wld, &out[i]);
    rc = 0;
done:
    free(words);
    free(answers);
    return rc;
}
