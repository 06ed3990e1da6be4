/*
 * Internal: the parts of the Reversi endgame solver (rv_endgame.c, the
 * search with many empties; rv_endgame_last.c, the last few empties;
 * rv_endgame_stable.c, stable discs; rv_endgame_threads.c, threads).
 *
 * Scores are exact final disc differences for the side to move, in
 * -64..64; searches are fail-soft alpha-beta (a result <= alpha is an upper
 * bound, >= beta a lower bound).
 */
#ifndef GTS_RV_ENDGAME_H
#define GTS_RV_ENDGAME_H

#include <stdbool.h>
#include <stdint.h>

#include "htt.h"
#include "gts/reversi.h"

/* Positions with this many empties or fewer are solved by
 * rv_eg_last (no move lists, no table). */
#ifndef RV_EG_LAST_EMPTIES
#define RV_EG_LAST_EMPTIES 5
#endif

/* One searching thread's state. */
typedef struct rv_eg_thread {
    htt *tt;
    volatile int *stop;   /* the search is abandoned when *stop; may be NULL */
    uint64_t nodes;
    int root_first;       /* the rank (in the usual order) of the root move searched first */
} rv_eg_thread;

/* The root: the exact score of (me, opp) (wld: its sign), and a best move
 * (RV_PASS; RV_NO_MOVE at the game's end or when stopped). */
int rv_eg_root(rv_eg_thread *t, uint64_t me, uint64_t opp, bool wld, int *best);

/* rv_eg_root by `threads` threads sharing t->tt (rv_endgame_threads.c):
 * the answer is the first thread's, the others only fill the table;
 * t->nodes gets every thread's nodes. */
int rv_eg_root_threads(rv_eg_thread *t, int threads, uint64_t me, uint64_t opp, bool wld, int *best);

/* The exact score if it lies in (alpha, beta), else a bound on the far
 * side of the window; at most RV_EG_LAST_EMPTIES empties. */
int rv_eg_last(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta);

/* The score when neither side can move: disc difference, the empty
 * squares to the winner. */
static inline int rv_eg_final(uint64_t me, uint64_t opp)
{
    const int diff = __builtin_popcountll(me) - __builtin_popcountll(opp);
    const int empty = 64 - __builtin_popcountll(me | opp);
    return diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0;
}

/* The discs of `disc` that no continuation of the game can flip (a
 * subset of them: full lines, edges, and discs held by stable neighbours
 * in every direction). */
void rv_stable_init(void);
uint64_t rv_stable_discs(uint64_t disc, uint64_t other);

#endif
