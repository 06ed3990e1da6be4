/*
 * Internal: the pattern search (gm_pattern_search.c), the engine's
 * search, run by gm_searcher for GM_ALGO_PATTERN.
 */
#ifndef GTS_GM_PATTERN_SEARCH_H
#define GTS_GM_PATTERN_SEARCH_H

#include <stdatomic.h>
#include <stdbool.h>

#include "core/htt.h"
#include "gomoku/pattern/gm_pboard.h"
#include "gts/gomoku_search.h"

#define GM_PATTERN_PLIES 128    /* plies from the root at most: depth plus forced blocks */

typedef struct gm_pctx {
    gm_pboard pb;
    const gm_search_options *o;
    htt *tt;
    uint64_t nodes, next_check;
    double deadline;             /* gts_now_usec() limit, 0 for none */
    bool stopped;                /* time, o->stop or halt: the depth under way is void */
    atomic_int *halt;            /* Lazy SMP's helpers: raised when the main thread is done (else NULL) */
    int root_move;               /* best move of the last ply-0 node */
    int root_partial;            /* the best so far of the depth under way (GM_NO_MOVE: none yet) */
    int root_depth;              /* the depth under way */
    int16_t killer[GM_PATTERN_PLIES][2];
    int32_t history[2][GM_MAX_CELLS];
    int16_t moves[GM_PATTERN_PLIES][GM_MAX_CELLS];
    int32_t keys[GM_PATTERN_PLIES][GM_MAX_CELLS];
} gm_pctx;

/* A context (about 0.8 MB), or NULL without memory; free() frees it. */
gm_pctx *gm_pctx_create(void);

struct gts_pool;

/* gm_pattern_serial on ctx[0] with Lazy SMP: the pool's helpers (one
 * context each, ctx[1..]) search the same root through the shared table,
 * every second one a depth ahead, until the main thread is done; only
 * its result counts.  r->nodes adds every thread's. */
void gm_pattern_threads(gm_pctx **ctx, struct gts_pool *pool, const gm_board *b, const gm_search_options *o,
                        htt *tt, double t0, double deadline, gm_result *r);

/* Searches b (the side to move has no five to make: the caller checked)
 * by iterative deepening to o->depth, stopping at deadline (0: none) or
 * o->stop; fills r's move, score, depth and nodes.  t0: when the move's
 * time began. */
void gm_pattern_serial(gm_pctx *c, const gm_board *b, const gm_search_options *o, htt *tt, double t0,
                       double deadline, gm_result *r);

#endif
