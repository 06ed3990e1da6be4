/*
 * Internal: the Gomoku search's per-thread context and node function,
 * shared by the searcher (gm_search.c), the serial search (gm_negamax.c),
 * the parallel variants (gm_threads.c, over gm_loop.c) and the threat
 * searches (gm_vcf.c, gm_vct.c).
 */
#ifndef GTS_GM_SEARCH_INTERNAL_H
#define GTS_GM_SEARCH_INTERNAL_H

#include <pthread.h>
#include <stdatomic.h>

#include "core/htt.h"
#include "gts/gomoku_search.h"

#define GM_INF (GM_WIN + 1)
#define GM_THREATS 8    /* five points kept per colour; more cannot all be blocked anyway */

/* Each colour's five points at a node (cells where it would make five). */
typedef struct gm_threats {
    int n[2];
    int16_t cell[2][GM_THREATS];
} gm_threats;

typedef struct gm_ctx {
    gm_board b;
    const gm_search_options *o;
    htt *tt;                       /* NULL unless PVS */
    uint64_t nodes;
    uint64_t next_check;             /* nodes at the next gts_check_due */
    int16_t killer[GM_MAX_DEPTH + 2][2];
    int32_t history[2][GM_MAX_CELLS];
    double deadline;                 /* gts_now_usec() limit, 0 for none */
    /* Raised when the search must stop (time, o->stop, another thread's
     * cutoff in the split variant); a stopped search's scores are void. */
    atomic_int *abort;
    /* The split variant: a node at ply split_ply shares its moves out
     * (-1: never); a worker stops when its split node's cutoff is raised. */
    int split_ply;
    atomic_int *cutoff;
    struct gm_searcher *searcher;
    int root_move;                   /* best move of the last ply-0 node */
    bool stopped;
    int16_t moves[GM_MAX_DEPTH + 2][GM_MAX_CELLS];
} gm_ctx;

struct gm_searcher {
    gm_search_options o;
    htt *tt;          /* PVS only */
    int nctx;
    gm_ctx **ctx;       /* ctx[0]: the serial part; ctx[1 + i]: thread i of a parallel loop */
    struct gts_pool *pool;   /* threads > 1: the helpers of the parallel loops (threads - 1) */
    struct gm_pctx **pctx;   /* GM_ALGO_PATTERN's contexts, one a thread */
};

/* Readies context c for a search of b. */
void gm_ctx_reset(gm_ctx *c, const gm_board *b, const gm_search_options *o, htt *tt, atomic_int *abort,
                  double deadline);

/* The serial search of c->b (iterative deepening for PVS or a time limit);
 * fills r's move, score and depth. */
void gm_search_serial(gm_ctx *c, const gm_threats *t, gm_result *r);

/* The same with s->o.threads threads in the way s->o.parallel says; nodes
 * of every thread are added to r. */
void gm_search_parallel(gm_searcher *s, const gm_board *b, const gm_threats *t, gm_result *r, atomic_int *abort,
                        double deadline);

/* gm_vcf stopped by stop (may be NULL) or at deadline (a gts_now_usec()
 * time; 0: none) instead of a time limit. */
int gm_vcf_until(gm_board *b, int max_plies, const gts_stop *stop, double deadline, int *plies, uint64_t *nodes);

/* gm_vct, stopped as gm_vcf_until. */
int gm_vct_until(gm_board *b, int max_plies, const gts_stop *stop, double deadline, int *plies, uint64_t *nodes);

/* What a threat search (VCF, VCT) may spend: it stops after `limit`
 * positions, at its deadline or when its stop token is raised, so that a
 * board full of threats cannot make it run for long. */
typedef struct gm_budget {
    uint64_t nodes, limit, next_check;
    const gts_stop *stop;
    double deadline;      /* 0: none */
    bool out;             /* of nodes or time, or stopped */
} gm_budget;

/* Counts a position; true once the budget is spent (then it stays so). */
bool gm_budget_spent(gm_budget *v);

/* A threat search's node: plies to the attacker's (the side to move's)
 * five within plies_left, 0 if none found; the first move to *first. */
typedef int (*gm_threat_node)(gm_board *b, gm_budget *v, int plies_left, int *first);

/* One stone takes away at most nine five points: the one it stands on
 * and, under caro, on each of its four lines a five each side that it
 * shuts. */
#define GM_FIVES_ONE_STONE 9

/* The defender's replies to the attacker's five points (fives, n >= 1):
 * the cells that take all of them away (gm_five_answers, gm_fives_left),
 * into out (room for 5 * GM_FIVES_ONE_STONE); -1 when there is none and
 * the attacker wins.  Without caro that is the one five point, or -1 for
 * two; under caro one stone may take one five point and shut another's
 * five. */
int gm_four_replies(const gm_board *b, int attacker, const int16_t *fives, int n, int16_t *out);

/* The defender to move, its n replies to the attacker's threats: plies to
 * the attacker's five within plies_left when node (the attacker's search)
 * finds a win after each of them, else 0. */
int gm_threat_replies(gm_board *b, gm_budget *v, gm_threat_node node, int plies_left, const int16_t *replies, int n);

/* Deepens node over odd limits up to max_plies, the shortest win first,
 * within `limit` positions, the deadline and the stop token (as
 * gm_vcf_until): its first move (and *plies), or GM_NO_MOVE; the
 * positions read are added to *nodes. */
int gm_threat_deepen(gm_board *b, gm_threat_node node, uint64_t limit, int max_plies, const gts_stop *stop,
                     double deadline, int *plies, uint64_t *nodes);

/* Every five point of both colours, by a full scan (the root's threats). */
void gm_threats_scan(const gm_board *b, gm_threats *t);

/* The threats after the move just played on b (b->history[b->stones-1]),
 * from those before it. */
void gm_threats_after(const gm_board *b, const gm_threats *before, gm_threats *after);

/* The moves searched at a node with threats t: the five points of the
 * side to move's opponent when there are any (a block is forced), else the
 * board's candidates; under renju never black's forbidden points (b is
 * scratch for finding them, restored).  Returns how many: 0 only when
 * renju's black has no move to search. */
int gm_node_moves(gm_board *b, const gm_threats *t, int16_t *out);

/* Puts the most promising moves first (PVS): the table's move, killers,
 * then by what the move makes and what it blocks. */
void gm_order_moves(gm_ctx *c, int16_t *moves, int n, int tt_move, int ply);

/* Negamax value of c->b searched to depth with the context's algorithm.
 * Scores of a stopped search (c->stopped) are meaningless. */
int32_t gm_node(gm_ctx *c, int depth, int32_t alpha, int32_t beta, int ply, const gm_threats *t);

/* The split variant's loop over a split node's moves (gm_negamax.c, by
 * gm_loop_run). */
int32_t gm_split_loop(gm_ctx *c, int depth, int32_t alpha, int32_t beta, int ply, const gm_threats *t,
                      const int16_t *moves, int n, int *best_move);

/* A move that cut off at depth: the ply's first killer (the old first
 * second), and its history count up by depth squared. */
static inline void gm_note_cutoff(int16_t killer[2], int32_t *history, int move, int depth)
{
    if (killer[0] != move) {
        killer[1] = killer[0];
        killer[0] = (int16_t)move;
    }
    *history += depth * depth;
}

/* Win scores count plies from the root; the table stores them counted
 * from the node, so that a transposition at another ply reads right. */
static inline int32_t gm_to_table(int32_t v, int ply)
{
    return v > GM_WIN_BOUND ? v + ply : v < -GM_WIN_BOUND ? v - ply : v;
}

static inline int32_t gm_from_table(int32_t v, int ply)
{
    return v > GM_WIN_BOUND ? v - ply : v < -GM_WIN_BOUND ? v + ply : v;
}

/* Keeps a finished depth's result in r and tells o's on_depth; true when
 * deepening should stop there (a win or loss found does not change
 * deeper). */
static inline bool gm_record_depth(const gm_search_options *o, gm_result *r, int move, int32_t score, int depth)
{
    r->move = move;
    r->score = score;
    r->depth = depth;
    if (o->on_depth)
        o->on_depth(r, o->on_depth_arg);
    return score > GM_WIN_BOUND || score < -GM_WIN_BOUND;
}

/* The value of playing move at a node of ply `ply` (depth to go), from
 * that node's side: the child searched with the algorithm's window (the
 * whole one for minimax; for PVS a null window first unless the move is
 * the node's first, then (alpha, beta) if it beats alpha). */
int32_t gm_move_value(gm_ctx *c, int move, int depth, int32_t alpha, int32_t beta, int ply, const gm_threats *t,
                      bool first);

/* What a loop's iteration searches, and what it keeps. */
typedef enum {
    GM_LOOP_FULL_WINDOW,   /* root: the whole window for every move, nothing shared */
    GM_LOOP_NODE_WINDOW,   /* split: the node's window, its alpha raised and a cutoff shared */
    GM_LOOP_NULL_WINDOW,   /* shared: a null window against the best so far, only better moves kept */
} gm_loop_kind;

/* One loop over a node's moves, shared out over the searcher's threads
 * (gm_loop.c).  The caller sets the fields down to t; the rest are the
 * loop's. */
typedef struct gm_loop {
    gm_searcher *s;
    gm_loop_kind kind;
    /* A move's value as gm_move_value gives it (gm_move_value itself). */
    int32_t (*value)(gm_ctx *c, int move, int depth, int32_t alpha, int32_t beta, int ply, const gm_threats *t,
                     bool first);
    const gm_ctx *from;          /* split: the node, whose board every worker copies; else NULL */
    const int16_t *moves;
    int n, depth, ply;
    int32_t beta;
    const gm_threats *t;
    int workers;
    atomic_int next;             /* dynamic, guided: the first move not handed out */
    _Atomic int32_t alpha;       /* the bound the moves are searched against (the caller sets it: atomic_init) */
    atomic_int cutoff;           /* a move reached beta: the others stop */
    pthread_mutex_t lock;        /* guards best and best_i */
    int32_t best;
    int best_i;
} gm_loop;

/* Runs the loop on the caller and the searcher's pool's helpers;
 * l->best and l->best_i (n when no move was kept) hold the result. */
void gm_loop_run(gm_loop *l);

#endif
