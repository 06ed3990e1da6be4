/*
 * Internal: the depth-limited Reversi search's evaluation tables, per-thread
 * context and node function, shared by the searcher's entry points
 * (rv_searcher.c), the search (rv_search.c), the evaluation (rv_eval.c)
 * and the threads (rv_search_threads.c).
 */
#ifndef GTS_RV_SEARCH_INTERNAL_H
#define GTS_RV_SEARCH_INTERNAL_H

#include <stdatomic.h>

#include "core/htt.h"
#include "gts/reversi_search.h"
#include "reversi/wxh/rv_wxh_frontier.h"

#define RV_INF (RV_WIN + RVB_MAX_SQUARES + 1)
#define RV_WORD_KINDS 8   /* distinct words of weights a board can have (5 at most, see rv_eval.c) */
#define RV_GROUPS 10      /* distinct weights in a word of a larger board (its square classes) */

/* The weights of one board size: per square, and for the fast sum per byte
 * on 8x8, or on larger boards per kind of word (words with the same
 * weights share a kind) the squares grouped by weight. */
typedef struct rv_weights {
    int width, height, words;
    int mobility;
    int16_t square[RVB_MAX_SQUARES];
    int16_t bytes[8][256];
    uint8_t kind[RVB_MAX_WORDS];
    struct rv_word_groups {
        int n;
        uint64_t mask[RV_GROUPS];
        int weight[RV_GROUPS];
    } groups[RV_WORD_KINDS];
} rv_weights;

/* The 8x8 table of a WPC in hundredths, A1..H8 row by row. */
const int8_t *rv_wpc_table(rv_wpc wpc);

void rv_weights_init(rv_weights *w, int width, int height, rv_wpc wpc, int mobility);

/* The weighted piece count of b for the side to move. */
int rv_wpc_value(const rv_weights *w, const rvb *b);

/* What the weighted piece count of the side to move gains by playing sq
 * with those flips (rvb_flips): the new disc's weight and twice the
 * flipped ones'.  The child's count is minus the parent's plus this. */
int rv_wpc_gain(const rv_weights *w, int sq, const uint64_t *flips, int lo, int hi);

/* The score of a finished game for the side to move. */
static inline int32_t rv_final_value(const rvb *b)
{
    const int d = rvb_final_score(b);
    return d > 0 ? RV_WIN + d : d < 0 ? -RV_WIN + d : 0;
}

/* The evaluation of b, whose weighted piece count is wpc: a finished
 * game's score, else WPC + mobility. */
static inline int32_t rv_leaf_value_with(const rv_weights *w, const rvb *b, int32_t wpc)
{
    int mine, theirs;
    rvb_mobilities(b, &mine, &theirs);
    if (!mine && !theirs)
        return rv_final_value(b);
    return wpc + w->mobility * (mine - theirs);
}

/* The evaluation: a finished game's score, else WPC + mobility. */
static inline int32_t rv_leaf_value(const rv_weights *w, const rvb *b)
{
    return rv_leaf_value_with(w, b, rv_wpc_value(w, b));
}

struct rv_pool;
struct rv_split;

typedef struct rv_ctx {
    struct rv_searcher *searcher;
    struct rv_pool *pool;           /* the threads, NULL when serial */
    const rv_weights *w;
    htt *tt;                        /* PVS only, else NULL */
    rv_algo algo;
    uint64_t nodes, next_check;     /* next_check: of gts_check_due */
    double deadline;                /* gts_now_usec() limit, 0 for none */
    atomic_int *abort;              /* the search must stop (time, stop token) */
    struct rv_split *sp;            /* the split this context works for, NULL if none */
    unsigned vary;                  /* Lazy SMP: the helper's move order, 0 for the main thread */
    bool stopped;                   /* this context's scores are void */
    int root_move;                  /* best move of the last ply-0 node */
    int32_t history[RVB_MAX_SQUARES];
    rvb b[RV_MAX_DEPTH + 2];        /* b[ply]: the board at ply; copy-make */
    int32_t wpc[RV_MAX_DEPTH + 2];  /* b[ply]'s weighted piece count, kept up to date from the flips */
    int16_t list[RV_MAX_DEPTH + 1][RVB_MAX_SQUARES];   /* moves, square order */
    int32_t key[RV_MAX_DEPTH + 1][RVB_MAX_SQUARES];    /* ordering keys, then index */
    /* The move generation of the node of 1 ply left being searched, from
     * which its children's mobilities are made (boards of 2+ words). */
    rv_frontier frontier;
} rv_ctx;

struct rv_searcher {
    rv_search_options o;
    htt *tt;
    rv_weights *w;
    atomic_int abort;
    int nctx;
    rv_ctx **ctx;                   /* ctx[0]: the calling thread; ctx[i]: helper i */
    struct rv_pool *pool;           /* the helpers, NULL when serial */
};

/* The table's key of b (board size included). */
uint64_t rv_hash(const rvb *b);

/* Negamax value of c->b[ply] searched depth plies deeper with c's
 * algorithm; pv: a node of the principal variation (ordering).  Meaningless
 * when c->stopped. */
int32_t rv_node(rv_ctx *c, int ply, int depth, int32_t alpha, int32_t beta, bool pv);

/* The value, for the side to move at c->b[ply], of playing sq there,
 * searched depth - 1 further with the algorithm's window: the whole window
 * for the node's first move; for PVS a null window at alpha first for the
 * others, widened to (alpha, beta) if the move beats alpha. */
int32_t rv_child_value(rv_ctx *c, int ply, int sq, int depth, int32_t alpha, int32_t beta, bool first, bool pv);

/* The moves of c->b[ply] (one bit per square in moves[]) into
 * c->list[ply] with their ordering keys; returns how many.  tt_index: the
 * table's move (index in square order), -1 if none. */
int rv_order_moves(rv_ctx *c, int ply, const uint64_t *moves, int tt_index, bool pv);

/* The index (in square order) of the k-th move to search: the best key
 * left among k..n-1, swapped into place k.  Called for k = 0, 1, 2, ... in
 * turn: past the first few it sorts the rest once (the same order). */
int rv_pick(rv_ctx *c, int ply, int k, int n);

/* The threads (rv_search_threads.c). */

/* s->nctx - 1 helpers on s->ctx[1..] (fewer if the system will not start
 * them all), asleep until rv_pool_begin; NULL if out of memory. */
struct rv_pool *rv_pool_create(rv_searcher *s);
/* Ends the helpers and frees the pool (no search may be running). */
void rv_pool_free(struct rv_pool *p);

/* The helpers join the search about to run (its contexts set up) from
 * rv_pool_begin to rv_pool_end, which returns once they are all back
 * asleep in the pool. */
void rv_pool_begin(struct rv_pool *p);
void rv_pool_end(struct rv_pool *p);

/* The root's value at depth searched by c (ctx[0]) and the helpers, with
 * c->root_move set: Lazy SMP's race, else rv_node, which splits. */
int32_t rv_pool_root(rv_ctx *c, int depth);

/* The split points (rv_search.c; their structures: rv_search_split.h). */

/* Whether rv_node at a node of depth plies left, its first move
 * searched, should share the others (a thread is idle, the node is deep
 * enough and of the kind the design splits). */
bool rv_split_wanted(const rv_ctx *c, int depth, bool pv);

/* Moves k..n-1 of c->b[ply] searched by c and the idle threads; *alpha,
 * *best and *best_index (as in rv_node's loop) updated.  c->stopped when
 * the node's value is void (stop, time, or a cutoff above it). */
void rv_split_moves(rv_ctx *c, int ply, int depth, int k, int n, int32_t *alpha, int32_t beta, bool pv, int32_t *best,
                    int *best_index);

/* Whether sp or a split above it was refuted: its workers must stop. */
bool rv_split_cut(const struct rv_split *sp);

#endif
