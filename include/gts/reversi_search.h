/*
 * gts - depth-limited Reversi search on any board (reversi_board.h).
 *
 * The evaluation is the GPU Reversi report's: a weighted piece counter plus
 * mobility.  On 8x8 the weights are a 64-square table (the coevolved
 * CTDL-2009 table of Szubert, Jaskowski & Krawiec, or the standard
 * hand-made one); on larger boards each square takes the weight of its
 * class (corner, C-square, X-square, edge, interior ...) derived from the
 * 8x8 table, as documented in docs/notes/reversi_search.md.  Weights are in
 * hundredths; mobility adds mobility_weight per legal move of the side to
 * move more than the other side has.  A finished game scores
 * RV_WIN + the final disc difference for the winner (its negation for the
 * loser, 0 for a draw), so any win outranks any evaluation.
 *
 * minimax, alpha-beta and PVS return the same root score at a given depth
 * (the table's cutoffs use entries of the same depth only); they differ in
 * how many positions they read.  Threads return the serial score too.
 */
#ifndef GTS_REVERSI_SEARCH_H
#define GTS_REVERSI_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/reversi_board.h"
#include "gts/stop.h"
#include "gts/tt_size.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RV_WIN 1000000
#define RV_MAX_DEPTH 60

typedef enum {
    RV_ALGO_MINIMAX,     /* every move, no pruning */
    RV_ALGO_ALPHABETA,   /* the report's serial player: alpha-beta, weights-first at PV nodes */
    RV_ALGO_PVS,         /* iterative deepening, PVS, the shared table */
} rv_algo;

typedef enum {
    RV_WPC_CTDL,         /* Szubert, Jaskowski & Krawiec 2009: the report's */
    RV_WPC_STANDARD,     /* the common hand-made table */
} rv_wpc;

/* How threads share the search (docs/notes/reversi_search.md, "Threads",
 * has the measurements).  Every one returns the serial root score. */
typedef enum {
    RV_PAR_YBWC,         /* young brothers wait: any node of 4+ plies left, once its
                            first move is searched, shares the rest with idle threads */
    RV_PAR_PVSPLIT,      /* the same, at nodes of the principal variation only: the
                            report's GPU design on CPU threads, its baseline */
    RV_PAR_LAZY,         /* Lazy SMP: every thread searches the root, moves ordered
                            differently, sharing through the table; the first to finish wins */
} rv_parallel;

struct rv_result;

typedef struct rv_search_options {
    rv_algo algo;
    int depth;              /* plies, 1..RV_MAX_DEPTH; the most when time_ms is set */
    long time_ms;           /* 0: none; else iterative deepening keeps the last whole depth */
    int threads;            /* 1: serial */
    rv_parallel parallel;   /* with threads > 1 */
    /* YBWC and PV-split share the moves of nodes with at least this many
     * plies left; 0: by board size (3 on boards of 16+ words, i.e. 32x32
     * and up, else 4; docs/notes/reversi_search.md says why). */
    int split_depth;
    size_t tt_bytes;        /* 0: default (GTS_TT_DEFAULT_BYTES) */
    rv_wpc wpc;
    int mobility_weight;    /* hundredths per move of mobility difference */
    /* Raised from outside to stop; the last finished depth stands.  May be NULL. */
    gts_stop *stop;
    /* Called after each depth of iterative deepening with the result so
     * far (nodes and time included).  May be NULL. */
    void (*on_depth)(const struct rv_result *r, void *arg);
    void *on_depth_arg;
} rv_search_options;

/* Hundredths per move of mobility difference by default: a tenth of a
 * corner's weight (docs/notes/reversi_search.md says why). */
#define RV_DEFAULT_MOBILITY 10

/* Defaults: PVS, depth 6, one thread (YBWC when more, split depth by board), CTDL weights,
 * RV_DEFAULT_MOBILITY, GTS_TT_DEFAULT_BYTES. */
void rv_search_defaults(rv_search_options *o);

typedef struct rv_result {
    int move;               /* best move, RVB_PASS, or RVB_NO_MOVE when the game is over */
    int score;
    int depth;              /* last depth searched to the end */
    uint64_t nodes;
    double usec;
} rv_result;

/* The evaluation of b for the side to move (no search). */
int rv_evaluate(const rvb *b, const rv_search_options *o);

/* A searcher keeps its table and threads from one search to the next
 * (threads > 1: threads - 1 helpers wait, asleep, between searches).
 * NULL with a one-line reason (options out of range, no memory). */
typedef struct rv_searcher rv_searcher;
rv_searcher *rv_searcher_create(const rv_search_options *o, char *err, size_t errlen);
void rv_searcher_free(rv_searcher *s);
void rv_searcher_run(rv_searcher *s, const rvb *b, rv_result *r);
void rv_searcher_clear(rv_searcher *s);
void rv_searcher_set_time(rv_searcher *s, long time_ms);
/* The depth of the next searches (the most with a time limit), 1..RV_MAX_DEPTH
 * (clamped): a caller deepening over several positions keeps one table. */
void rv_searcher_set_depth(rv_searcher *s, int depth);

/* One search with a searcher made and freed for it: 0, or -1 with a reason. */
int rv_search(const rvb *b, const rv_search_options *o, rv_result *r, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
