/*
 * Internal: the split points of the depth-limited Reversi search and the
 * pool of threads that share them, between the search, which opens and
 * works splits (rv_search.c), and the helper threads, which join them
 * (rv_search_threads.c).
 */
#ifndef GTS_RV_SEARCH_SPLIT_H
#define GTS_RV_SEARCH_SPLIT_H

#include <pthread.h>

#include "core/threads.h"
#include "reversi/rv_search_internal.h"

typedef struct rv_split {
    struct rv_split *parent;        /* the split the owner works for, or NULL */
    struct rv_split *next_open;     /* the pool's list of open splits */
    rv_ctx *owner;                  /* its b[ply], list[ply], key[ply] are the node's */
    int ply, depth, k, n;           /* moves k..n-1 in key order are left */
    int32_t alpha, beta, best;
    int best_index;                 /* as rv_node's; Lazy SMP: the root move */
    bool pv;
    int workers;                    /* threads inside, the owner included */
    atomic_int cut;                 /* refuted (Lazy SMP: finished): workers stop */
} rv_split;

struct rv_pool {
    gts_pool *threads;              /* the helpers, asleep between searches */
    rv_ctx *const *ctx;             /* helper i searches with ctx[1 + i] */
    pthread_mutex_t lock;           /* guards everything below and every split's fields but cut */
    pthread_cond_t wake;            /* a split opened, a split's workers all left, or the search ended */
    rv_split *open;
    rv_split *root;                 /* Lazy SMP: the root search to join, or NULL */
    atomic_int idle;                /* helpers asleep, read unlocked as a hint */
    atomic_int *abort;              /* the searcher's: nothing more to start */
    bool over;                      /* the search ended: helpers go back to the pool */
    rv_parallel design;
};

/* The open split with moves left and the most plies left, among those
 * below `under` (any when NULL); NULL if none or the search is stopping.
 * The pool's lock held. */
rv_split *rv_split_find(struct rv_pool *p, const rv_split *under);

/* w searches moves of sp until none is left, sp is cut or the search
 * stops.  Called and returns with the pool's lock held. */
void rv_split_work(struct rv_pool *p, rv_ctx *w, rv_split *sp);

#endif
