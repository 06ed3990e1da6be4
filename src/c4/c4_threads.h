/*
 * Internal: the Connect 4 solver on several threads.  Every thread solves
 * the same root through the shared table, putting off moves another thread
 * is searching (ABDADA-style, see c4_negamax.c).  Helper threads wait in a
 * core pool (core/threads.h) between solves, so a solve on many threads
 * costs a wake-up, not thread creation.
 */
#ifndef GTS_C4_THREADS_H
#define GTS_C4_THREADS_H

#include "c4/c4_search.h"

typedef struct c4_pool c4_pool;

/* A pool of `helpers` threads (>= 1; fewer if the system will not start
 * them all) searching with table tt, helper i with near table near[i],
 * and book; outside is the caller's stop token (or NULL).  NULL if out of
 * memory. */
c4_pool *c4_pool_create(int helpers, const c4_geom *g, tt_table *tt, tt_table *const *near, const c4_book *book,
                        const gts_stop *outside);
void c4_pool_free(c4_pool *pool);

/* The helpers that started. */
int c4_pool_helpers(const c4_pool *pool);

/* Searches p on the calling thread (with context main) and every helper.
 * Returns 0 with the score, or -1 if the outside token was raised before
 * any thread finished.  Nodes and hits of all threads are added to main. */
int c4_pool_solve(c4_pool *pool, c4_search *main, const c4_pos *p, bool weak, int *score);

/* The same for one search of p in (alpha, beta) (c4_search_window). */
int c4_pool_window(c4_pool *pool, c4_search *main, const c4_pos *p, int alpha, int beta, int *value);

#endif
