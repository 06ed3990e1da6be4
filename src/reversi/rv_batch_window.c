/* Batch solving in windows (gts/reversi.h's rv_batch_window): positions added
 * one at a time, solved by rv_batch_run a window at a time, each answer
 * told in the order added as soon as it and those before it are in (the
 * output of core/two_ends.h), the times and counts summed over the
 * windows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/two_ends.h"
#include "reversi/rv_batch.h"

struct rv_batch_window {
    rv_batch_options o;
    rv_batch *b;            /* the CPU threads' solvers, kept */
    size_t size;            /* the most positions a window holds */
    size_t note_size;
    rv_pos *p;
    rv_batch_answer *a;
    unsigned char *notes;   /* note_size bytes a position */
    size_t n, cap;
    rv_batch_window_totals totals;
    /* The window being solved: its answers are told to on_answer in the
     * order added, those before `told` are. */
    gts_ends *output;
    rv_batch_window_fn on_answer;
    void *ctx;
    size_t told;
};

/* Position i's answer told, and those before it were (the output's
 * callback, on one thread at a time).  Where the next is claimed its
 * publisher tells it after this, so the flush can wait for it. */
static void tell(void *arg, size_t i)
{
    rv_batch_window *w = arg;
    w->told = i + 1;
    w->totals.nodes += w->a[i].nodes;
    const bool flush = !w->output || i + 1 == w->n || !gts_ends_answered(w->output, i + 1);
    w->on_answer(w->ctx, w->notes + i * w->note_size, &w->a[i], flush);
}

/* rv_batch_options.on_solved: position i's answer is in. */
static void solved(void *arg, size_t i)
{
    rv_batch_window *w = arg;
    if (w->output) {
        gts_ends_claim(w->output, i, GTS_ENDS_CPU);
        gts_ends_publish(w->output, i);
    }
}

rv_batch_window *rv_batch_window_create(const rv_batch_options *o, size_t size, size_t note_size, char *err, size_t errlen)
{
    rv_batch_window *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errlen, "out of memory for a window");
        return NULL;
    }
    w->o = *o;
    w->o.on_solved = solved;
    w->o.on_solved_arg = w;
    w->size = size ? size : 1;
    w->note_size = note_size;
    if (!(w->b = rv_batch_create(&w->o, err, errlen))) {
        free(w);
        return NULL;
    }
    return w;
}

/* Room for one more position: 0, or -1 with a reason.  The room doubles
 * from 4096 up to the window's size, so that a short input takes little. */
static int grow(rv_batch_window *w, char *err, size_t errlen)
{
    size_t cap = w->cap ? 2 * w->cap : 4096;
    if (cap > w->size)
        cap = w->size;
    rv_pos *p = realloc(w->p, cap * sizeof *p);
    if (p)
        w->p = p;
    rv_batch_answer *a = p ? realloc(w->a, cap * sizeof *a) : NULL;
    if (a)
        w->a = a;
    unsigned char *notes = a ? realloc(w->notes, cap * (w->note_size ? w->note_size : 1)) : NULL;
    if (!notes) {
        snprintf(err, errlen, "out of memory for %zu positions", cap);
        return -1;
    }
    w->notes = notes, w->cap = cap;
    return 0;
}

int rv_batch_window_add(rv_batch_window *w, const rv_pos *p, const void *note, char *err, size_t errlen)
{
    if (w->n == w->cap && grow(w, err, errlen) != 0)
        return -1;
    w->p[w->n] = *p;
    memcpy(w->notes + w->n * w->note_size, note, w->note_size);
    w->n++;
    return w->n == w->size;
}

size_t rv_batch_window_count(const rv_batch_window *w)
{
    return w->n;
}

static void add_stats(rv_batch_stats *sum, const rv_batch_stats *s)
{
    sum->work_usec += s->work_usec;
    sum->work_usec_least += s->work_usec_least;
    sum->handback_usec += s->handback_usec;
    sum->lanes += s->lanes;
    sum->beside += s->beside;
    sum->handed_back += s->handed_back;
    sum->too_deep += s->too_deep;
    sum->too_few += s->too_few;
    sum->together += s->together;
}

int rv_batch_window_solve(rv_batch_window *w, rv_batch_window_fn on_answer, void *ctx, char *err, size_t errlen)
{
    rv_batch_stats stats;
    if (!(w->output = gts_ends_create(w->n, 1, NULL, 0, tell, w))) {
        snprintf(err, errlen, "out of memory for %zu positions", w->n);
        return -1;
    }
    w->on_answer = on_answer, w->ctx = ctx, w->told = 0;
    const double t0 = gts_now_usec();
    const int rc = rv_batch_run(w->b, w->p, w->n, w->a, &stats, err, errlen);
    w->totals.usec += gts_now_usec() - t0;
    add_stats(&w->totals.stats, &stats);
    gts_ends_free(w->output);
    w->output = NULL;
    /* Stopped: those solved after the first not solved, in order. */
    for (size_t i = w->told; rc == 0 && i < w->n; i++)
        if (w->a[i].move != RV_NOT_SOLVED)
            tell(w, i);
    if (rc != 0)
        return -1;
    w->n = 0;
    w->totals.windows++;
    return 0;
}

const rv_batch_window_totals *rv_batch_window_sums(const rv_batch_window *w)
{
    return &w->totals;
}

void rv_batch_window_free(rv_batch_window *w)
{
    if (!w)
        return;
    rv_batch_free(w->b);
    free(w->p);
    free(w->a);
    free(w->notes);
    free(w);
}
