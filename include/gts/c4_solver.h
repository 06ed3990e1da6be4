/*
 * gts - the Connect 4 exact solver.
 *
 * A solver owns a transposition table and, with threads > 1, a pool of CPU
 * threads that share it: every thread searches the same root, and a thread
 * puts off a move that another one is searching, so they spread over the
 * tree.  The first to finish gives the answer; all answers are exact, so
 * the score never depends on the thread count.
 */
#ifndef GTS_C4_SOLVER_H
#define GTS_C4_SOLVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/c4.h"
#include "gts/c4_book.h"
#include "gts/stop.h"
#include "gts/tt_size.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum c4_algo {
    C4_ALGO_SOLVER,     /* everything: table, ordering, anticipation */
    C4_ALGO_ALPHABETA,  /* negamax alpha-beta, no table, no ordering */
    C4_ALGO_MINIMAX,    /* no pruning at all: small positions only */
} c4_algo;

/* Minimax visits every line of play: beyond this many empty cells it would
 * run for hours, so the front ends refuse such positions. */
#define C4_MINIMAX_MAX_EMPTY 16

/* Whether algorithm a is fit to solve p (minimax: at most
 * C4_MINIMAX_MAX_EMPTY empty cells); if not, a one-line reason in err. */
bool c4_algo_fits(c4_algo a, const c4_geom *g, const c4_pos *p, char *err, size_t errlen);

/* Name of an algorithm ("solver", "alphabeta", "minimax"), and back. */
const char *c4_algo_name(c4_algo a);
int c4_algo_parse(const char *name, c4_algo *a);

/* Called by a strong solve between its null-window probes with the range
 * the score is known to lie in so far and the nodes searched (by the
 * calling thread). */
typedef void (*c4_progress_fn)(int min, int max, uint64_t nodes, void *ctx);

/* Called by c4_analyze as it goes: before it solves column col (score
 * NULL), and with the column's score once it is known. */
typedef void (*c4_column_fn)(int col, const int *score, void *ctx);

typedef struct c4_options {
    c4_algo algo;
    size_t tt_bytes;            /* transposition table size (GTS_TT_DEFAULT_BYTES) */
    int threads;                /* >= 1; more than 1 only for C4_ALGO_SOLVER */
    const c4_book *book;        /* or NULL; used by C4_ALGO_SOLVER */
    c4_progress_fn progress;    /* or NULL */
    void *progress_ctx;
    c4_column_fn column;        /* or NULL */
    void *column_ctx;
    /* Raised from outside (a signal handler, another thread) to stop the
     * solves: each returns -1 soon, and every solve after it at once
     * while the token stays raised.  May be NULL. */
    gts_stop *stop;
} c4_options;

/* The defaults: solver, GTS_TT_DEFAULT_BYTES, one thread, no book, no
 * progress, no stop token. */
c4_options c4_default_options(void);

typedef struct c4_result {
    int score;                  /* exact score, or -1/0/1 when weak */
    uint64_t nodes;             /* positions searched, all threads */
    uint64_t tt_hits;           /* table probes that found the position */
    /* Nodes that searched their children: not settled by a bound, the
     * table, a forced move or a move that leaves no defence (the count the
     * reference solvers report, which play such positions out without
     * counting them); the plain algorithms: every node. */
    uint64_t searched;
    double usec;                /* wall-clock microseconds */
} c4_result;

typedef struct c4_solver c4_solver;

/* Returns NULL with a reason in err on bad options or too little memory. */
c4_solver *c4_solver_create(const c4_geom *g, const c4_options *opt, char *err, size_t errlen);
void c4_solver_free(c4_solver *s);

/* Solves p: exact score, or its sign when weak.  Returns 0, or -1 if the
 * options' stop token was raised (r is then unset). */
int c4_solve(c4_solver *s, const c4_pos *p, bool weak, c4_result *r);

/* Exact score of every move: scores[col] for playable columns (a move that
 * wins at once included), and playable[col] false for full ones.  Nodes and
 * time add up over the moves in r.  Returns 0, or -1 if interrupted. */
int c4_analyze(c4_solver *s, const c4_pos *p, int scores[C4_MAX_WIDTH], bool playable[C4_MAX_WIDTH],
               c4_result *r);

/* Solves ps[0..n-1] (exact scores, or signs when weak) into r[0..n-1],
 * spread over the solver's threads: each thread solves positions alone
 * while any are left, those with the fewest stones (the longest) first,
 * then helps with the ones still running.  Each thread has a table of its
 * own for the call (the solver's table size split among them: the
 * solver's table is left as it is), cleared before each position it
 * owns; r[i].usec is the time from the start of position i to its
 * answer.  With one thread, or a plain algorithm, the positions are
 * solved in turn.  Returns 0; -1 if the stop token was raised (the
 * positions answered before it keep their results; the others have usec
 * -1); -2 if out of memory. */
int c4_solve_batch(c4_solver *s, const c4_pos *ps, int n, bool weak, c4_result *r);

/* One search of p in (alpha, beta) with the full solver on its threads,
 * its table kept: r->score is fail-soft (<= alpha: an upper bound on the
 * score; >= beta: a lower bound; between: the score).  Returns 0, or -1
 * if stopped. */
int c4_solve_window(c4_solver *s, const c4_pos *p, int alpha, int beta, c4_result *r);

/* A window search done elsewhere (the MPI split of cli_split.c): p's
 * fail-soft value in (alpha, beta) into *value; non-zero if stopped. */
typedef int (*c4_window_fn)(void *arg, const c4_pos *p, int alpha, int beta, int *value);

/* The exact score of p by the solver root's null-window probes, in its
 * order, each one a call of window.  Returns 0, or -1 if one stopped. */
int c4_solve_by_windows(const c4_geom *g, const c4_pos *p, c4_window_fn window, void *arg, int *score);

/* The children a split search walks below p, centre first; none (0)
 * where the game is over or the side to move wins at once. */
int c4_split_children(const c4_geom *g, const c4_pos *p, c4_pos kids[C4_MAX_WIDTH]);

/* Empties the table (cheaply: in proportion to what was stored). */
void c4_solver_clear(c4_solver *s);

#ifdef __cplusplus
}
#endif

#endif
