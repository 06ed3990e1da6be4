/*
 * gts - best-move search for Gomoku / Connect-5.
 *
 * Depth-limited negamax over the board's candidate moves (every empty cell,
 * or the cells near the stones: gm_board.near), with one rule that shapes
 * the tree for every algorithm alike: a side that can make five does, and
 * a side facing a five point blocks it.  So minimax, alpha-beta and PVS
 * search the same tree and return the same root score; they differ only in
 * how much of it they look at.
 *
 * Scores are from the side to move's point of view: the shape evaluation
 * at the horizon, GM_WIN - plies for a five made `plies` moves from the
 * root, its negation for a loss.
 */
#ifndef GTS_GOMOKU_SEARCH_H
#define GTS_GOMOKU_SEARCH_H

#include <stdbool.h>
#include <stdint.h>

#include "gts/gomoku.h"
#include "gts/stop.h"
#include "gts/tt_size.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GM_WIN 1000000000
#define GM_MAX_DEPTH 64
#define GM_VCF_PLIES 25     /* the longest forced win gm_search's VCF looks for */
#define GM_VCT_PLIES 15     /* ... and its VCT */
/* Scores beyond this are wins or losses at a known distance. */
#define GM_WIN_BOUND (GM_WIN - 1000)

/* A score as text: "+12345", "win in 7", "loss in 4" (plies). */
void gm_format_score(int32_t score, char *out, size_t len);

typedef enum {
    GM_ALGO_MINIMAX,     /* every move, no pruning */
    GM_ALGO_ALPHABETA,   /* the reports' alpha-beta: natural order, full window per root move */
    GM_ALGO_PVS,         /* iterative deepening, PVS, table, killers, history, threats first */
    GM_ALGO_PATTERN,     /* the engine's: every cell's line patterns, threats decided first, PVS with
                          * aspiration, null move, late-move reductions; threads by Lazy SMP */
} gm_algo;

/* The algorithms' names by gm_algo ("minimax", ...), NULL after the last. */
extern const char *const gm_algo_names[];

typedef enum {
    GM_PAR_NONE,         /* one thread */
    GM_PAR_ROOT,         /* the root moves shared out, each with the full window (the Gomoku report) */
    GM_PAR_SPLIT,        /* moves shared out at split_depth with a shared cutoff flag (the Connect-5 report) */
    GM_PAR_SHARED,       /* gts's own: every thread searches the root through one shared table (Lazy SMP) */
} gm_parallel;

typedef enum { GM_SCHED_STATIC, GM_SCHED_DYNAMIC, GM_SCHED_GUIDED } gm_schedule;

typedef enum {
    GM_EVAL_SHAPES,      /* the incremental shape values (gm_eval) */
    GM_EVAL_POTENTIAL,   /* the Connect-5 report's potential, cell by cell (gm_eval_potential) */
    GM_EVAL_SCAN,        /* the potential computed by direction scans: GM_EVAL_POTENTIAL's values (gm_eval_scan) */
} gm_eval_kind;

typedef struct gm_result gm_result;   /* below */

typedef struct gm_search_options {
    gm_algo algo;
    int depth;              /* plies (1..GM_MAX_DEPTH); the most when time_ms is set */
    long time_ms;           /* 0: none; else iterative deepening stops in time and keeps the last whole depth */
    uint64_t max_nodes;     /* GM_ALGO_PATTERN, one thread: 0: none; else iterative deepening stops past
                               about that many nodes (checked every 1,024) and keeps the last whole depth:
                               a budget that, unlike time, plays the same game on any machine */
    int threads;            /* 1.. */
    gm_parallel parallel;   /* with threads > 1; GM_PAR_NONE then means GM_PAR_SHARED */
    int split_depth;        /* GM_PAR_SPLIT: plies above the shared-out moves (1 = the root's children) */
    gm_schedule schedule;   /* GM_PAR_ROOT and GM_PAR_SPLIT */
    size_t tt_bytes;        /* GM_ALGO_PVS, GM_ALGO_PATTERN: 0 = default (GTS_TT_DEFAULT_BYTES) */
    bool vcf;               /* look for a forced win by continuous fours before the search */
    bool vct;               /* then by continuous threats (fours and threes) */
    gm_eval_kind eval;
    /* Raised from outside (another thread, a signal handler) to stop the
     * search, VCF included; the last finished depth's result stands.  May
     * be NULL. */
    gts_stop *stop;
    /* Called after each finished depth of iterative deepening with the
     * move, score and depth so far (by the searching thread; nodes and
     * usec are not yet set).  May be NULL. */
    void (*on_depth)(const gm_result *r, void *arg);
    void *on_depth_arg;
} gm_search_options;

/* Defaults: PVS, depth 4, one thread, shapes, no VCF, the default table. */
void gm_search_defaults(gm_search_options *o);

struct gm_result {
    int move;               /* best move, GM_NO_MOVE if the game is over */
    int32_t score;
    int depth;              /* last depth searched to the end */
    uint64_t nodes;
    double usec;
    bool vcf;               /* the move starts a forced win found by VCF (or by VCT: vct) */
    bool vct;               /* ... found by VCT, VCF having found none */
    int vcf_length;         /* plies of that win */
};

/* A searcher keeps its table and its threads' scratch from one search to
 * the next (a game, a benchmark): creating one allocates and clears the
 * table.  Returns NULL with a one-line reason (options out of range, no
 * memory). */
typedef struct gm_searcher gm_searcher;
gm_searcher *gm_searcher_create(const gm_search_options *o, char *err, size_t errlen);

/* The memory a searcher made from o uses besides its table (o->tt_bytes):
 * its threads' contexts and stacks, and the pattern tables built once for
 * the process (counted in each searcher, so a sum over-counts them).  What
 * an engine given a memory limit subtracts before sizing its tables. */
size_t gm_searcher_bytes(const gm_search_options *o);
void gm_searcher_free(gm_searcher *s);

/* Searches b (not modified) with the searcher's options; the table keeps
 * what earlier searches stored (results depend only on the position, so
 * scores do not change; clear it for reproducible node counts). */
void gm_searcher_run(gm_searcher *s, const gm_board *b, gm_result *r);
void gm_searcher_clear(gm_searcher *s);

/* Changes the time limit of later runs (a game's clock). */
void gm_searcher_set_time(gm_searcher *s, long time_ms);

/* One search with a searcher made and freed for it.  Returns 0, or -1 with
 * a one-line reason. */
int gm_search(const gm_board *b, const gm_search_options *o, gm_result *r, char *err, size_t errlen);

/* A forced win for the side to move by continuous fours within max_plies
 * (its own moves and the forced replies), the shortest first.  Returns the
 * first move and sets *plies, or GM_NO_MOVE (also when time_ms, if not 0,
 * ran out, or after GM_VCF_NODES positions).  Positions read are added to
 * *nodes.  b is used as scratch and restored. */
#define GM_VCF_NODES 200000
int gm_vcf(gm_board *b, int max_plies, long time_ms, int *plies, uint64_t *nodes);

/* A forced win for the side to move by continuous threats (fours and
 * threes: src/gomoku/gm_vct.c) within max_plies, the shortest first; the
 * rest as gm_vcf, after GM_VCT_NODES positions.  The attacker's threes
 * are looked for among the board's candidates (b->near): a small radius
 * may miss a win, never invent one.  Under caro a three's answers include
 * the stones that shut a five: every cell near the open-four point is
 * tried. */
#define GM_VCT_NODES 100000
int gm_vct(gm_board *b, int max_plies, long time_ms, int *plies, uint64_t *nodes);

#ifdef __cplusplus
}
#endif

#endif
