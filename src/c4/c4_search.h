/*
 * Internal: one Connect 4 search context, as used by the serial solver, each
 * CPU thread and the book builder.  Not part of the public API.
 */
#ifndef GTS_C4_SEARCH_H
#define GTS_C4_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>

#include "core/busy.h"
#include "gts/c4.h"
#include "gts/c4_book.h"
#include "gts/c4_solver.h"
#include "gts/stop.h"
#include "core/tt.h"

/* The table's symmetric keys are used this many plies into the game:
 * mirror-image positions share an entry where transpositions are rare. */
#define C4_SYMMETRY_PLIES 10

/* Positions this close to the end are kept in a small table of each
 * thread's own, which stays in its cache: most nodes are there, and their
 * probes would otherwise wait on memory (docs/notes/c4_solver.md). */
#define C4_NEAR_EMPTY 18
#define C4_NEAR_BYTES ((size_t)2 << 20)
/* ... but where threads share a search, only positions this close: what
 * one thread proves in its own table the others search again.  16 threads
 * on the 16-core host, empty board: 16.7 s at 18, 10.5 and 9.7 s at 8. */
#define C4_NEAR_EMPTY_THREADS 8

/* Aligned to a cache line so that threads counting nodes in neighbouring
 * contexts do not share one; threads search with a copy on their own
 * stacks all the same (c4_threads.c says why). */
typedef struct c4_search {
    _Alignas(64) const c4_geom *g;
    tt_table *tt;               /* shared between threads */
    tt_table *near;             /* this thread's own, for positions with
                                   fewer than C4_NEAR_EMPTY empty cells
                                   (C4_NEAR_EMPTY_THREADS with busy) */
    const c4_book *book;        /* or NULL */
    gts_stop *stop;             /* raised: unwind at once, store nothing;
                                   never NULL (c4_stopped reads it) */
    const gts_stop *outside;    /* a pool's threads: the caller's token
                                   (or NULL), passed on to stop */
    gts_busy *busy;             /* shared by threads: keys being searched,
                                   or NULL alone */
    bool slow_probe;            /* the root probe is near 0: see move_rank */
    c4_progress_fn progress;    /* or NULL: called between root probes */
    void *progress_ctx;
    uint64_t nodes;
    uint64_t node_limit;        /* past it, stop is raised: the pool's
                                   solo start (c4_threads.c); UINT64_MAX */
    uint64_t tt_hits;
    uint64_t searched;          /* nodes that searched children (c4_result) */
    int order[C4_MAX_WIDTH];    /* column order for ties: centre first */
} c4_search;

/* Sets up a search alone (busy and outside NULL) with table tt, near
 * table near, book (or NULL) and stop token (not NULL); the thread pool
 * sets busy and outside for its threads. */
void c4_search_init(c4_search *s, const c4_geom *g, tt_table *tt, tt_table *near, const c4_book *book,
                    gts_stop *stop);

/* Whether the search must unwind: read after every child, so without
 * gts_stop_raised's NULL test. */
static inline bool c4_stopped(const c4_search *s)
{
    return __atomic_load_n(&s->stop->raised, __ATOMIC_RELAXED) != 0;
}

/* The size of a near table for board g: C4_NEAR_BYTES, or the least
 * lossless size. */
static inline size_t c4_near_bytes(const c4_geom *g)
{
    const size_t least = gts_tt_min_bytes(g->key_bits);
    return least > C4_NEAR_BYTES ? least : C4_NEAR_BYTES;
}

/* A near table for board g (c4_near_bytes). */
tt_table *c4_near_create(const c4_geom *g, char *err, size_t errlen);

/* Exact score (weak: -1, 0, 1) of p with the full solver.  The result is
 * meaningless if s->stop was raised during the search. */
int c4_search_solve(c4_search *s, const c4_pos *p, bool weak);

/* One search of p in (alpha, beta): a value <= alpha is an upper bound on
 * the score, one >= beta a lower bound, one between the score. */
int c4_search_window(c4_search *s, const c4_pos *p, int alpha, int beta);

/* The plain reference algorithms: no table, no ordering (columns left to
 * right).  minimax has no pruning at all. */
int c4_alphabeta_solve(c4_search *s, const c4_pos *p, bool weak);
int c4_minimax_solve(c4_search *s, const c4_pos *p, bool weak);

#endif
