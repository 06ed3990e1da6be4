/*
 * Internal: one Connect 4 search context, as used by the serial solver, each
 * CPU thread and the book builder.  Not part of the public API.
 */
#ifndef GTS_C4_SEARCH_H
#define GTS_C4_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>

#include "gts/c4.h"
#include "gts/c4_book.h"
#include "gts/tt.h"

/* The table's symmetric keys are used this many plies into the game:
 * mirror-image positions share an entry where transpositions are rare. */
#define C4_SYMMETRY_PLIES 10

/* Slots of the table of positions being searched by some thread. */
#define C4_BUSY_SIZE 65536
#define C4_BUSY_MASK (C4_BUSY_SIZE - 1)

/* Aligned to a cache line so that threads counting nodes in neighbouring
 * contexts do not share one. */
typedef struct c4_search {
    _Alignas(64) const c4_geom *g;
    tt_table *tt;               /* shared between threads */
    const c4_book *book;        /* or NULL */
    const atomic_int *stop;     /* non-zero: unwind at once, store nothing */
    _Atomic uint64_t *busy;     /* shared by threads: keys being searched
                                   (C4_BUSY_SIZE slots), or NULL alone */
    uint64_t nodes;
    uint64_t tt_hits;
    int order[C4_MAX_WIDTH];    /* column order for ties: centre first */
} c4_search;

/* Sets the centre-first column order; variant > 0 perturbs it so that CPU
 * threads searching the same root take different paths. */
void c4_search_init(c4_search *s, const c4_geom *g, tt_table *tt, const c4_book *book,
                    const atomic_int *stop, int variant);
/* busy is NULL for a search alone: c4_search_init leaves it so. */

/* Exact score (weak: -1, 0, 1) of p with the full solver.  The result is
 * meaningless if *stop was raised during the search. */
int c4_search_solve(c4_search *s, const c4_pos *p, bool weak);

/* The plain reference algorithms: no table, no ordering (columns left to
 * right).  minimax has no pruning at all. */
int c4_alphabeta_solve(c4_search *s, const c4_pos *p, bool weak);
int c4_minimax_solve(c4_search *s, const c4_pos *p, bool weak);

#endif
