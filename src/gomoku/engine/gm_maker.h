/*
 * Internal: searchers made on a thread of their own, so that allocating
 * and clearing a large table is never part of a move's time (a gigabyte
 * takes most of a second, longer than many a Gomocup turn).  The engine
 * orders a searcher when the manager has said what it may use (START,
 * INFO) and takes it once it is made; until then its moves search with
 * what they have.  Searchers the engine no longer wants are freed on the
 * maker's thread too.
 *
 *     gm_maker *m = gm_maker_create();
 *     gm_maker_order(m, &options, old_searcher);    (returns at once)
 *     ...
 *     gm_searcher *s;
 *     if (gm_maker_take(m, &s, err, sizeof err)) ...   (s, or NULL and err)
 *     gm_maker_free(m);
 *
 * Where the thread cannot be started, each order is made at once, on the
 * caller's thread, as it was before there was a maker.
 */
#ifndef GTS_GM_MAKER_H
#define GTS_GM_MAKER_H

#include <stdbool.h>
#include <stddef.h>

#include "gts/gomoku_search.h"

typedef struct gm_maker gm_maker;

/* A maker and its thread, asleep until an order comes; NULL when out of
 * memory. */
gm_maker *gm_maker_create(void);

/* Frees every searcher not taken and ends the thread, without waiting
 * for a searcher being made: the thread then frees the maker when it is
 * done (the process may end first).  NULL: nothing. */
void gm_maker_free(gm_maker *m);

/* Orders a searcher made from o; an earlier order not yet taken is
 * replaced (what was made for it is freed).  old, if not NULL, is freed
 * first, on the maker's thread. */
void gm_maker_order(gm_maker *m, const gm_search_options *o, gm_searcher *old);

/* Whether the last order is made: then *s is its searcher (the caller's
 * to free), or NULL with the reason in err, and the order is done.  False
 * while it is being made, and when nothing is ordered. */
bool gm_maker_take(gm_maker *m, gm_searcher **s, char *err, size_t errlen);

/* Returns when the last order is made (at once if none is pending). */
void gm_maker_wait(gm_maker *m);

#endif
