/*
 * The Reversi endgame solver on threads, Lazy SMP: every thread solves
 * the whole position with the one lock-free table (htt) shared.  The
 * table's entries are proven bounds whoever wrote them, so the first
 * thread's answer is the serial answer; the helpers' work only fills the
 * table with results the first thread then finds.  Helper k searches the
 * root's k-th move first so that the threads spread over the root.
 */
#include <pthread.h>
#include <stdlib.h>

#include "../search/rv_endgame.h"

typedef struct helper {
    pthread_t id;
    rv_eg_thread t;
    uint64_t me, opp;
    bool wld;
} helper;

static void *run_helper(void *arg)
{
    helper *h = arg;
    int ignored;
    rv_eg_root(&h->t, h->me, h->opp, h->wld, &ignored);
    return NULL;
}

int rv_eg_root_threads(rv_eg_thread *t, int threads, uint64_t me, uint64_t opp, bool wld, int *best)
{
    volatile int done = 0;
    helper *h = calloc((size_t)threads - 1, sizeof *h);
    int started = 0;
    for (; h && started < threads - 1; started++) {
        helper *x = &h[started];
        *x = (helper){ .t = { .tt = t->tt, .stop = &done, .root_first = started + 1 },
                       .me = me, .opp = opp, .wld = wld };
        if (pthread_create(&x->id, NULL, run_helper, x) != 0)
            break;
    }
    /* Without helpers (no memory or threads) this is the serial search. */
    const int v = rv_eg_root(t, me, opp, wld, best);
    done = 1;
    for (int i = 0; i < started; i++) {
        pthread_join(h[i].id, NULL);
        t->nodes += h[i].t.nodes;
    }
    free(h);
    return v;
}
