/*
 * Internal: the parts of the Reversi endgame solver (rv_solver.c, its
 * entry points; rv_endgame.c, the search with many empties;
 * rv_endgame_last.c, the last few empties; rv_endgame_stable.c, stable
 * discs; rv_endgame_threads.c, threads).
 *
 * Scores are exact final disc differences for the side to move, in
 * -64..64; searches are fail-soft alpha-beta (a result <= alpha is an upper
 * bound, >= beta a lower bound).
 */
#ifndef GTS_RV_ENDGAME_H
#define GTS_RV_ENDGAME_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/htt.h"
#include "gts/reversi.h"
#include "gts/stop.h"

/* Positions with this many empties or fewer are solved by
 * rv_eg_last (no move lists, no table). */
#define RV_EG_LAST_EMPTIES 5

/* The table key of (me, opp).  Each word goes through a full 64-bit
 * mixer before the two meet: keys built by multiplying and XORing the
 * words directly collide whenever a high bit moves from one word to the
 * other (a multiply by an odd constant leaves bit 63 of the difference
 * alone), so the owner of h8 did not change the key, and a bound of one
 * position was taken for the other. */
static inline uint64_t rv_eg_mix(uint64_t z)
{
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static inline uint64_t rv_eg_hash(uint64_t me, uint64_t opp)
{
    return rv_eg_mix(rv_eg_mix(me) ^ opp);
}

/* A node with this many empties or more shares its moves after the first
 * with idle threads (a split point, rv_endgame_threads.c).  15 gave the
 * same time on 16 threads (FFO #40-52: 14.1 s against 13.6 s). */
#define RV_EG_SPLIT_EMPTIES 13

/* What a search below a split point reads of it and the split points
 * above: raised when one of them has cut off, and the search is then
 * abandoned. */
typedef struct rv_eg_split_link {
    atomic_bool cut;
    /* Atomic: idle threads read it without a lock (rv_endgame_threads.c). */
    _Atomic(const struct rv_eg_split_link *) parent;
} rv_eg_split_link;

typedef struct rv_eg_team rv_eg_team;

/* A node's moves after its first, in the order to search them: the
 * position after each (the opponent to move) and the replies there. */
typedef struct rv_eg_moves {
    int n;
    int sq[32];
    uint64_t me[32], opp[32], replies[32];
} rv_eg_moves;

/* A team's split of a node (rv_endgame_threads.c): the rest of the node
 * searched by t and whichever helpers join, m's moves in (alpha, beta)
 * after the ones before gave *bestv (> -65) and *best, which it updates
 * to the node's fail-soft value and best move.  False, with nothing
 * searched, when t has no room for another split point. */
struct rv_eg_thread;
typedef bool rv_eg_split_fn(struct rv_eg_thread *t, const rv_eg_moves *m, int empties, int alpha, int beta,
                            int *bestv, int *best);

/* One searching thread's state. */
typedef struct rv_eg_thread {
    htt *tt;
    htt *order_tt;        /* the ordering searches' bounds (rv_endgame.c) */
    /* The team's (rv_endgame_threads.c; NULL: a serial search): the
     * count of its idle threads and its split of a node, reached through
     * the thread so that the search does not call the file of its
     * threads, which calls the search; the team and t's place in it. */
    const atomic_int *idle;
    rv_eg_split_fn *split;
    rv_eg_team *team;
    int slot;
    const rv_eg_split_link *sp;   /* the split point whose move it searches (NULL: none) */
    /* The search is abandoned when either is raised (NULL: never): the
     * caller's token, or a task's (the hybrid's: rv_hybrid.c). */
    const gts_stop *stop;
    const gts_stop *abort;
    uint64_t nodes;
    /* Past this many nodes the search stops as if stopped (0: never): a
     * team's solo start (rv_endgame_threads.c). */
    uint64_t node_limit;
    /* The root's (rv_eg_root's) bounds proved so far, and who hears of
     * each change (may be NULL). */
    int lower, upper;
    void (*on_bounds)(void *arg, int lower, int upper);
    void *on_bounds_arg;
} rv_eg_thread;

static inline bool rv_eg_cut_above(const rv_eg_split_link *sp)
{
    for (; sp; sp = atomic_load_explicit(&sp->parent, memory_order_relaxed))
        if (atomic_load_explicit(&sp->cut, memory_order_relaxed))
            return true;
    return false;
}

static inline bool rv_eg_stopped(const rv_eg_thread *t)
{
    return (t->node_limit && t->nodes > t->node_limit) || gts_stop_raised(t->stop) || gts_stop_raised(t->abort) ||
           rv_eg_cut_above(t->sp);
}

/* One search of the root in the window (alpha, beta), fail-soft, and a
 * best move (RV_PASS; RV_NO_MOVE at the game's end or when stopped). */
int rv_eg_search(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *best);

/* The table's bounds on (me, opp): true when they settle its search in
 * (alpha, beta), the fail-soft value in *v; and a search's value in
 * (alpha, beta) done elsewhere (the GPU's lanes: rv_hybrid.c) merged into
 * the table as the search's own would be. */
bool rv_eg_table_settles(const rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *v);
void rv_eg_table_put(rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int v);
/* The moves of (me, opp) (at least one) in the order the search tries
 * them: the table's move, then the ordering searches' (the split of a
 * hybrid solve: rv_hybrid.c).  How many. */
int rv_eg_order(const rv_eg_thread *t, uint64_t me, uint64_t opp, int sq[32]);

/* The table's best move of (me, opp), -1 if none. */
int rv_eg_table_move(const rv_eg_thread *t, uint64_t me, uint64_t opp);

/* The root: the exact score of (me, opp) (wld: its sign) by a series of
 * root searches, and a best move as rv_eg_search's; t->lower and t->upper
 * follow what the searches prove (so a stopped root leaves the bounds of
 * the searches it finished).  window, when not NULL, does each search in
 * place of rv_eg_search. */
typedef int rv_eg_window_fn(void *arg, rv_eg_thread *t, uint64_t me, uint64_t opp, int alpha, int beta, int *best);
int rv_eg_root(rv_eg_thread *t, uint64_t me, uint64_t opp, bool wld, int *best, rv_eg_window_fn *window, void *arg);

/* The helper threads of a solver (rv_endgame_threads.c): `helpers`
 * threads (fewer if the system will not start them all) searching with
 * tables tt and order_tt, asleep between searches.  NULL if out of
 * memory. */
rv_eg_team *rv_eg_team_create(int helpers, htt *tt, htt *order_tt);
void rv_eg_team_free(rv_eg_team *w);

/* rv_eg_root by the calling thread and the team's helpers, sharing t->tt:
 * the calling thread searches each window and the helpers take moves of
 * its nodes (young brothers wait: a node's moves after the first, once
 * the first has not cut off); t->nodes gets every thread's nodes. */
int rv_eg_root_threads(rv_eg_thread *t, rv_eg_team *w, uint64_t me, uint64_t opp, bool wld, int *best);

/* One search in (alpha, beta) on t and the team (rv_eg_search's value). */
int rv_eg_window_threads(rv_eg_thread *t, rv_eg_team *w, uint64_t me, uint64_t opp, int alpha, int beta, int *best);

/* The value of a move that is not a node's first (rv_endgame.c): (me,
 * opp) after it, searched in a null window at alpha first (PVS), fail-
 * soft in (alpha, beta) from the mover's side. */
int rv_eg_move_value(rv_eg_thread *t, uint64_t me, uint64_t opp, uint64_t replies, int alpha, int beta);

/* The exact score if it lies in (alpha, beta), else a bound on the far
 * side of the window; at most RV_EG_LAST_EMPTIES empties; moves: the legal
 * moves of me (the caller has them).  rv_last_init (rv_8x8_last.h) must
 * have run. */
int rv_eg_last(rv_eg_thread *t, uint64_t me, uint64_t opp, uint64_t moves, int alpha, int beta);

/* The quadrant of a square (a1-d4 0, e1-h4 1, a5-d8 2, e5-h8 3) and the
 * squares of a quadrant: parity is counted by quadrant, where an odd
 * number of empties gives the side to move the last move. */
static inline int rv_eg_quadrant(int sq)
{
    return ((sq >> 4) & 2) | ((sq >> 2) & 1);
}

static inline uint64_t rv_eg_quadrant_squares(int q)
{
    return 0x0f0f0f0fULL << (4 * (q & 1) + 32 * (q >> 1));
}

/* The score when neither side can move: disc difference, the empty
 * squares to the winner. */
static inline int rv_eg_final(uint64_t me, uint64_t opp)
{
    return rv_final_from_counts(__builtin_popcountll(me), __builtin_popcountll(opp), 64);
}

/* The discs of `disc` that no continuation of the game can flip (a
 * subset of them: full lines, edges, and discs held by stable neighbours
 * in every direction). */
void rv_stable_init(void);
uint64_t rv_stable_discs(uint64_t disc, uint64_t other);

#endif
