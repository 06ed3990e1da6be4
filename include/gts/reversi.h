/* gts - Reversi, the 8x8 board: bitboards (src/reversi/rv_8x8_*); W x H boards are reversi_board.h.
 *
 * Reversi / Othello on 8x8 bitboards, perft and the exact endgame solver.
 *
 * A position is two 64-bit words: the discs of the side to move and the
 * other side's.  Square A1 is bit 0, H1 bit 7, A8 bit 56 (row by row from
 * the top, as the .obf test files write the board).  Moves are generated
 * for all squares at once with shifts and masks, eight directions in
 * parallel; a move that flips nothing is illegal, and a side without a
 * legal move passes.  The game ends when neither side can move; the final
 * score is the disc difference for the side to move, the empty squares
 * going to the winner.
 *
 * Bad input: every function that reads text, sizes or options checks them
 * and returns -1 (or NULL) with a one-line reason in err (never more than
 * errlen bytes, always terminated when errlen > 0).  The move functions of
 * the search's inner loop (rv_play and its kin) check nothing, for speed: a move
 * they are given must be one that rv_moves accepts, and what they do with
 * any other is undefined.  Pointers are never NULL unless a comment says so.
 */
#ifndef GTS_REVERSI_H
#define GTS_REVERSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/hybrid.h"
#include "gts/stop.h"
#include "gts/tt_size.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RV_PASS 64         /* the "move" of a side that cannot move */
#define RV_NO_MOVE (-1)
#define RV_MAX_MOVES 64    /* room for any position's moves */

typedef struct rv_pos {
    uint64_t me;   /* discs of the side to move */
    uint64_t opp;  /* discs of the other side */
} rv_pos;

/* The starting position, black (X) to move. */
void rv_start(rv_pos *p);

/* Every legal move of the side to move, one bit per square. */
uint64_t rv_moves(uint64_t me, uint64_t opp);

/* The discs a move at sq flips (0 if the move is illegal, sq outside
 * 0..63 among them). */
uint64_t rv_flips(uint64_t me, uint64_t opp, int sq);

/* Plays sq, a legal move (0..63), with its rv_flips; the other side is
 * then to move.  A pass is rv_pass (RV_PASS here is undefined). */
static inline void rv_play(rv_pos *p, int sq, uint64_t flips)
{
    const uint64_t me = p->me | flips | ((uint64_t)1 << sq);
    p->me = p->opp & ~flips;
    p->opp = me;
}

static inline void rv_pass(rv_pos *p)
{
    const uint64_t t = p->me;
    p->me = p->opp;
    p->opp = t;
}

static inline int rv_empties(const rv_pos *p)
{
    return 64 - __builtin_popcountll(p->me | p->opp);
}

static inline bool rv_game_over(const rv_pos *p)
{
    return !rv_moves(p->me, p->opp) && !rv_moves(p->opp, p->me);
}

/* The final score of a finished game for the side to move, from the disc
 * counts on a board of `squares` squares: the disc difference, the empty
 * squares counted for the winner.  Every board size and the endgame solver
 * score a finished game by this. */
static inline int rv_final_from_counts(int me, int opp, int squares)
{
    const int empty = squares - me - opp;
    return me > opp ? me - opp + empty : me < opp ? me - opp - empty : 0;
}

static inline int rv_final_score(const rv_pos *p)
{
    return rv_final_from_counts(__builtin_popcountll(p->me), __builtin_popcountll(p->opp), 64);
}

/* "a1".."h8" <-> 0..63 ("ps" or "pa" for a pass); -1 with a reason.
 * rv_format_square writes "" for any other sq (RV_NO_MOVE among them). */
int rv_parse_square(const char *s, char *err, size_t errlen);
void rv_format_square(int sq, char out[3]);

/* A board of 64 characters (X black, O white, - or . empty, A1..H8 row by
 * row) and the side to move ('X' or 'O').  Returns 0, or -1 with a reason;
 * *black_to_move says whose turn it is. */
int rv_parse_board(const char *board, char side, rv_pos *p, bool *black_to_move, char *err, size_t errlen);

/* Plays a move list ("f5d6c3...", passes as "ps" optional: a side without
 * a move passes by itself) from the starting position. */
int rv_parse_moves(const char *moves, rv_pos *p, bool *black_to_move, char *err, size_t errlen);

/* One .obf line: board, side, then optionally "; move:score; ..." with the
 * best moves and their exact scores.  *best_score is the first (best)
 * score when *has_score.  Every field is checked: a move a1..h8 (or ps)
 * and a whole score in -64..64, or -1 with the field named in err. */
int rv_parse_obf(const char *line, rv_pos *p, bool *black_to_move, bool *has_score, int *best_score, char *err,
                 size_t errlen);

/* Perft: move sequences of length depth from p, a pass counted as a move
 * and a game that ends before depth counted as no sequence; 1 (the empty
 * sequence) for a depth of 0 or less. */
uint64_t rv_perft(const rv_pos *p, int depth);

/* A position by uniformly random moves from the start until `empties`
 * squares are empty, passes as they come, the choices drawn from *seed
 * (splitmix64: the same games on every machine); false if the game ended
 * first or the position is over.  *black_to_move: whose turn it is. */
bool rv_random_position(uint64_t *seed, int empties, rv_pos *p, bool *black_to_move);

/* Perft on CPU threads or the GPU (src/reversi/gpu/): the first plies are
 * enumerated on the host into prefixes (many thousand), each prefix's
 * subtree is a task; counts equal rv_perft's. */
typedef struct rv_perft_options {
    int threads;        /* CPU threads sharing the tasks; 0 or 1: one */
    bool gpu;           /* the GPU kernel */
    bool cpu_executor;  /* with gpu: the kernel's code on one CPU thread */
    /* The plies the host enumerates into prefixes (the report's split S),
     * within rv_perft_split_range; 0: the fewest giving enough tasks for
     * the threads or the device's lanes. */
    int split;
    /* gpu: the GPUs (the first `devices` visible), the prefixes dealt to
     * them in turn; 0 or 1: one */
    int devices;
    gts_stop *stop;     /* raised: stop soon (a second at most); may be NULL */
} rv_perft_options;

typedef struct rv_perft_result {
    uint64_t leaves;      /* the sequences of the depth */
    double usec;          /* end to end: prefixes, copies, the count */
    double kernel_usec;   /* gpu: the launches (CUDA events; several
                             devices: the longest), else the count */
    size_t prefixes;      /* the tasks */
    int split;            /* their plies */
} rv_perft_result;

/* The splits a perft of `depth` (2 or more) takes: 1..depth-1, and with
 * gpu at least depth - 7 (a lane's stack holds 7 plies below its prefix). */
void rv_perft_split_range(int depth, bool gpu, int *low, int *high);

/* 0, or -1 with a reason ("stopped" when o->stop was raised; no device). */
int rv_perft_run(const rv_pos *p, int depth, const rv_perft_options *o, rv_perft_result *r, char *err,
                 size_t errlen);

/* Exact endgame solving. */
typedef struct rv_solve_options {
    bool wld;           /* win / draw / loss only: scores -1, 0, 1 */
    size_t tt_bytes;    /* table size; 0: the default, GTS_TT_DEFAULT_BYTES */
    /* Raised from outside to stop the search (the result is then not
     * exact: rv_solve_result.stopped).  May be NULL. */
    gts_stop *stop;
    /* Threads sharing the table; 0 or 1: serial.  The score (and in exact
     * mode the best move's score) is the serial one. */
    int threads;
    /* Called with the bounds on the score proved so far each time a root
     * search moves them (the exact score once they meet), e.g. to show
     * the progress of a long solve.  May be NULL. */
    void (*on_bounds)(void *arg, int lower, int upper);
    void *on_bounds_arg;
    /* The GPU's lanes beside threads - 1 CPU threads (one core is the
     * GPU's host thread): each root search walks the top of the tree on
     * the host, and every position of gpu_frontier empties (0:
     * RV_GPU_FRONTIER_DEFAULT) is a task for a CPU thread, with the
     * solver's table, or for the lanes, without (src/core/hybrid.h).  A
     * position of gpu_frontier empties or fewer is solved by the threads
     * alone.  Needs a device (rv_solver_create fails without one) or
     * cpu_executor, the kernel's code on the GPU's host thread. */
    bool gpu;
    bool cpu_executor;
    int gpus;           /* the first `gpus` devices; 0 or 1: one */
    int gpu_frontier;
    int gpu_least;      /* tasks waiting before a launch; 0: RV_GPU_LEAST_DEFAULT */
    uint64_t gpu_budget; /* a lane's nodes on a task before it hands it to
                            the CPU threads; 0: RV_GPU_BUDGET_DEFAULT */
} rv_solve_options;

/* The frontier of the hybrid solve (rv_solve_options.gpu): chosen by
 * measurement on FFO #40-59 (docs/notes/hybrid.md). */
#define RV_GPU_FRONTIER_DEFAULT 14
#define RV_GPU_LEAST_DEFAULT 64

/* Defaults: exact scores, GTS_TT_DEFAULT_BYTES, one thread. */
void rv_solve_defaults(rv_solve_options *o);

typedef struct rv_solve_result {
    int score;          /* exact disc difference for the side to move (or -1/0/1 when wld) */
    int move;           /* a best move, RV_PASS, or RV_NO_MOVE at the game's end */
    uint64_t nodes;
    double usec;
    bool stopped;       /* stopped from outside: score and move mean nothing */
    int lower, upper;   /* the bounds proved: both the score, or when stopped
                           those of the root searches that finished */
} rv_solve_result;

/* A solver keeps its table from one position to the next (a test file, a
 * game); NULL with a one-line reason (no memory). */
typedef struct rv_solver rv_solver;
rv_solver *rv_solver_create(const rv_solve_options *o, char *err, size_t errlen);
void rv_solver_free(rv_solver *s);
void rv_solver_run(rv_solver *s, const rv_pos *p, rv_solve_result *r);

/* A principal variation of p, whose exact score (rv_solver_run's, not
 * --wld's sign) is score: the moves of a line of best play to the game's
 * end, RV_PASS for a pass; its length, or -1 when score is not p's or the
 * options' stop token is raised.  Taken from the solver's table as the
 * last solve left it (the table's move at each ply, proved by a search to
 * keep the score, else the first move that does): right after
 * rv_solver_run of p it costs little.  Its searches' nodes are in no
 * rv_solve_result. */
#define RV_MAX_PV 120   /* 60 moves at most, a pass at most before each */
int rv_solver_pv(rv_solver *s, const rv_pos *p, int score, int pv[RV_MAX_PV]);

/* One search of p in (alpha, beta) on the solver's threads, its table
 * kept (no new generation): r->score is fail-soft (<= alpha an upper
 * bound, >= beta a lower one), r->move the move that gave it. */
void rv_solver_window(rv_solver *s, const rv_pos *p, int alpha, int beta, rv_solve_result *r);

/* A window search done elsewhere (the MPI split of cli_split.c): p's
 * fail-soft value in (alpha, beta) and the move that gave it
 * (RV_NO_MOVE if unknown); non-zero if stopped. */
typedef int rv_window_fn(void *arg, const rv_pos *p, int alpha, int beta, int *value, int *move);

/* rv_solver_run with each of the root's windows (the same first guess
 * and MTD(f) steps) searched by window; stopped (r->stopped) if one says
 * so, when the options' stop token is raised. */
void rv_solver_run_with(rv_solver *s, const rv_pos *p, rv_window_fn *window, void *arg, rv_solve_result *r);

/* The children a split search walks below p, the opponent's fewest
 * replies first, corners before others on ties, with their moves; one
 * (RV_PASS) where the side to move must pass; none at the game's end. */
int rv_split_children(const rv_pos *p, rv_pos kids[RV_MAX_MOVES], int moves[RV_MAX_MOVES]);

/* What the GPU and the CPU threads did in the solver's hybrid solves
 * (rv_solve_options.gpu) since it was made; all zero without gpu. */
gts_hybrid_stats rv_solver_hybrid_stats(rv_solver *s);
/* Its frontier in empties (0 without gpu). */
int rv_solver_frontier(const rv_solver *s);

/* One position with a solver made and freed for it: 0, or -1 with a reason. */
int rv_solve(const rv_pos *p, const rv_solve_options *o, rv_solve_result *r, char *err, size_t errlen);

/* Batch solving: many positions, each solved whole by one worker.  On the
 * CPU, `threads` threads each take positions of their own from a queue,
 * each with its own solver and table (rv_endgame_batch.c); on the GPU
 * (src/reversi/gpu/), a persistent kernel whose lanes take positions from
 * an atomic queue, each solving its own with an explicit stack and no
 * table, for positions of at most RV_GPU_MAX_EMPTIES empties; those of
 * more go to the CPU threads (rv_batch_gpu.c).  Scores are the serial
 * solver's; a best move is one that reaches the score. */
#define RV_GPU_MAX_EMPTIES 20

typedef struct rv_batch_options {
    bool wld;           /* win / draw / loss only: scores -1, 0, 1 */
    bool gpu;           /* the GPU kernel */
    bool cpu_executor;  /* with gpu: the kernel's code on `threads` CPU threads */
    /* CPU threads, each with positions of its own; with gpu also those
     * that solve the positions the lanes hand back; 0: 1 */
    int threads;
    /* gpu: the nodes a lane spends on a position before it hands it to
     * the CPU threads (rounded up to 4096); 0: no limit */
    uint64_t gpu_budget;
    /* gpu: the GPUs (the first `devices` visible), each a host thread and
     * a share of the positions dealt in turn; 0 or 1: one.  With
     * cpu_executor each share is an executor of `threads` threads. */
    int devices;
    /* gpu: CPU threads (`threads` less one a device) solve positions too
     * while the lanes run: those of more than RV_GPU_MAX_EMPTIES empties
     * first (a thread each; a couple a thread or fewer are solved one at
     * a time by all the threads together after the launch), then from
     * the far end of each device's share.  Without it the lanes run
     * alone, and the positions they cannot take are solved after them,
     * all the threads together. */
    bool cpu_beside;
    size_t tt_bytes;    /* CPU: each thread's table; 0: the default */
    gts_stop *stop;     /* raised: stop soon, answers not found marked so */
    /* gpu: the fewest positions the lanes take a device (of at most
     * RV_GPU_MAX_EMPTIES empties); a batch of fewer is all the CPU
     * threads' (as the deep ones: a thread each, or all together when
     * there are few).
     * 0 or 1: any. */
    size_t gpu_least;
    /* Called with i as out[i] is final (once a position, from any of the
     * batch's threads, so it must be thread-safe), e.g. to print the
     * answers in order as they come; NULL: not called. */
    void (*on_solved)(void *arg, size_t i);
    void *on_solved_arg;
} rv_batch_options;

/* The fewest positions `gts reversi solve --gpu` gives the lanes of a
 * device.  A lane alone solves about 640,000 nodes a second (a position
 * of 6.4 M lane nodes ran alone for about 10 s), a full grid (an H200:
 * 132 SMs x 8 blocks of 64 lanes, 67,584) about 15,000 each, and 16
 * threads about 114 us a position at 12 empties: a batch far smaller
 * than the grid lasts as long as its slowest lanes (up to the budget,
 * 0.4 s alone, then the CPU's), which 16 threads match at about 3,500
 * positions of 12 empties, more of more.  An estimate, to be measured
 * on the device (--gpu-least). */
#define RV_GPU_BATCH_LEAST_DEFAULT 10000

/* The budget `gts reversi solve --gpu` gives a lane.  Without one, one
 * position in 200,000 at 12 empties (6.4 M lane nodes, the mean 20,000)
 * kept a lane, alone at the end, busy for seconds. */
#define RV_GPU_BUDGET_DEFAULT ((uint64_t)1 << 18)

typedef struct rv_batch_answer {
    int score;
    int move;           /* a best move, RV_PASS, RV_NO_MOVE at the game's
                           end; RV_NOT_SOLVED when stopped before it */
    bool handed_back;   /* gpu: over the budget, solved by the CPU threads */
    uint64_t nodes;     /* handed back: the lane's and the CPU solver's */
} rv_batch_answer;
#define RV_NOT_SOLVED (-2)

typedef struct rv_batch_stats {
    double work_usec;       /* the solving: the CPU threads', or the kernel
                               launch (CUDA events) or its executor's; with
                               several devices the longest */
    double work_usec_least; /* gpu: the device that finished first */
    double handback_usec;   /* gpu: the CPU threads on the handed back */
    size_t lanes;           /* gpu: positions the lanes solved */
    size_t beside;          /* gpu: positions the CPU threads beside solved */
    size_t handed_back;     /* gpu: positions over the budget */
    /* gpu: positions the CPU threads solved as the lanes could not take
     * them: of more empties than they take, or in a batch of fewer than
     * gpu_least; and of those the ones all the threads solved together */
    size_t too_deep, too_few, together;
} rv_batch_stats;

/* Solves p[0..n) into out[0..n), *stats the times.  0 (also when stopped:
 * see out), or -1 with a reason (no device, no memory). */
int rv_solve_batch(const rv_pos *p, size_t n, const rv_batch_options *o, rv_batch_answer *out,
                   rv_batch_stats *stats, char *err, size_t errlen);

/* The same over batch after batch (a file read in windows): the CPU
 * threads' solvers and tables made once, in rv_batch_create (NULL with a
 * reason), and kept until rv_batch_free.  rv_batch_run is rv_solve_batch
 * with the options given to rv_batch_create. */
typedef struct rv_batch rv_batch;
rv_batch *rv_batch_create(const rv_batch_options *o, char *err, size_t errlen);
int rv_batch_run(rv_batch *b, const rv_pos *p, size_t n, rv_batch_answer *out, rv_batch_stats *stats, char *err,
                 size_t errlen);
void rv_batch_free(rv_batch *b);

/* Batch solving of an input too long to hold: positions added one at a
 * time (rv_batch_window_add) into a window of at most `size` (0: 1), solved at
 * once with rv_batch_run when full, or when the input ends
 * (rv_batch_window_solve), the times and counts summed over the windows.  Each
 * position carries a note of note_size bytes (the caller's: its line, say)
 * handed back with its answer.  On the GPU the first window is preceded by
 * a one-position launch that makes the CUDA context, so that it is not
 * counted in the times.  rv_batch_window_create: NULL with a reason. */
typedef struct rv_batch_window rv_batch_window;
rv_batch_window *rv_batch_window_create(const rv_batch_options *o, size_t size, size_t note_size, char *err, size_t errlen);

/* Adds p and its note: 1 when the window is now full (rv_batch_window_solve it),
 * 0, or -1 with a reason (no memory). */
int rv_batch_window_add(rv_batch_window *w, const rv_pos *p, const void *note, char *err, size_t errlen);

/* The positions added since the last rv_batch_window_solve. */
size_t rv_batch_window_count(const rv_batch_window *w);

/* Solves the window's positions (at least one), calls on_answer(ctx, note,
 * answer, flush) for each solved (all of them unless o->stop was raised)
 * in the order added, as soon as it and those before it are solved (on
 * the batch's threads, one call at a time), and empties the window.
 * flush: the next answer is not in yet, so that a caller writing a stream
 * flushes it there (a flush a line cost 1.3 s a million lines on the dev
 * VM).  0, or -1 with a reason. */
typedef void (*rv_batch_window_fn)(void *ctx, const void *note, const rv_batch_answer *answer, bool flush);
int rv_batch_window_solve(rv_batch_window *w, rv_batch_window_fn on_answer, void *ctx, char *err, size_t errlen);

/* The windows solved so far. */
typedef struct rv_batch_window_totals {
    size_t windows;
    uint64_t nodes;         /* of the positions solved */
    double usec;            /* rv_batch_run's, end to end, warm-up not counted */
    rv_batch_stats stats;   /* summed */
} rv_batch_window_totals;
const rv_batch_window_totals *rv_batch_window_sums(const rv_batch_window *w);

void rv_batch_window_free(rv_batch_window *w);

#ifdef __cplusplus
}
#endif

#endif
