/*
 * Internal: the Gomoku engine behind a protocol: the game (gm_game.h),
 * the match clock (gm_clock.h), the rule and the resources the manager
 * grants, and one searcher for the whole session, so that its table
 * carries over from move to move.
 *
 * The searcher is made on the maker's thread (gm_maker.h), never in a
 * move's time: allocating and clearing a table of a gigabyte takes longer
 * than many a turn.  gm_engine_prepare orders it as soon as the manager
 * has said what the engine may use (the protocol calls it after START and
 * INFO), and again when the threads or the table size change or when what
 * the table holds no longer fits (another board size or rule).  Until it
 * is made, and for positions of uneven stone counts (whose keys must not
 * mix with a game's), moves search with a small table of their own.
 *
 *     gm_engine e;
 *     gm_engine_init(&e, 1);
 *     gm_engine_new_game(&e, 15, 15);
 *     gm_engine_prepare(&e);
 *     gm_game_put(&e.game, cell, GM_GAME_THEIRS);
 *     const int move = gm_engine_move(&e, note, sizeof note);
 *     gm_engine_free(&e);
 */
#ifndef GTS_GM_ENGINE_H
#define GTS_GM_ENGINE_H

#include <stdbool.h>
#include <stddef.h>

#include "gomoku/engine/gm_clock.h"
#include "gomoku/engine/gm_game.h"
#include "gomoku/engine/gm_maker.h"
#include "gts/gomoku_search.h"

#define GM_ENGINE_MAX_THREADS 64

/* Where the session's searcher stands. */
typedef enum { GM_ENGINE_NONE, GM_ENGINE_ORDERED, GM_ENGINE_READY, GM_ENGINE_FAILED } gm_engine_main;

typedef struct gm_engine {
    gm_game game;                    /* the stones; change them with gm_game_* */
    gm_clock clock;                  /* the limits; set them as the manager gives them */
    long max_memory;                 /* bytes the process may use; 0: no limit */
    gm_rule rule;                    /* gm_engine_set_rule */
    int threads;                     /* gm_engine_set_threads */
    gm_algo algo;                    /* GM_ALGO_PATTERN (one thread) or GM_ALGO_PVS; set before the first move */
    gm_board board;                  /* the game's stones for the search */
    gm_maker *maker;
    gm_engine_main main;             /* the session's searcher: ordered, made (searcher), or not */
    gm_searcher *searcher;           /* when main is GM_ENGINE_READY */
    int main_threads;                /* what it was ordered with */
    size_t main_tt;
    char failure[256];               /* GM_ENGINE_FAILED: why, until a move has said it */
    bool stale_table;                /* the table holds another board size's or rule's keys */
    gm_searcher *stopgap;            /* the small one; NULL until gm_engine_prepare */
    int stopgap_threads;
    size_t stopgap_tt;
} gm_engine;

/* No board, no limits, freestyle, threads (1..GM_ENGINE_MAX_THREADS). */
void gm_engine_init(gm_engine *e, int threads);
void gm_engine_free(gm_engine *e);

/* A new empty width x height board (GM_MIN_SIZE..GM_MAX_SIZE a side), or
 * none for 0 x 0. */
void gm_engine_new_game(gm_engine *e, int width, int height);

void gm_engine_set_rule(gm_engine *e, gm_rule rule);

/* Threads for the next searches, brought within 1..GM_ENGINE_MAX_THREADS. */
void gm_engine_set_threads(gm_engine *e, long threads);

/* Takes the session's searcher if it has been made, and orders one if
 * the threads, the table size (max_memory) or what the table may hold
 * (board size, rule) call for one that is neither made nor being made;
 * makes the small searcher if there is none for the plan (a few MB:
 * milliseconds).  Otherwise returns at once.  Every move calls it too. */
void gm_engine_prepare(gm_engine *e);

/* What a memory limit buys: threads, and the two searchers' tables. */
typedef struct gm_engine_plan {
    int threads;            /* the threads asked for, fewer if their contexts do not fit */
    size_t table;           /* the session's searcher's gts_tt_bytes (0: the default size) */
    size_t stopgap_table;   /* the small searcher's */
} gm_engine_plan;

/* The plan for max_memory bytes (0: no limit: the default table, a small
 * one of 4 MB, every thread).  Under a limit everything the engine makes
 * counts: both searchers (gm_searcher_bytes: contexts, stacks, the
 * pattern tables) and both tables.  Threads are dropped while two
 * searchers of them exceed the limit; the session's table gets a quarter
 * of the limit (at most 1 GiB) or what is left, the small one an eighth
 * of what is left (at most 4 MB).  Below the least the engine can use
 * (one thread's two searchers, about 4.5 MB) both tables are the smallest
 * there is, one bucket: a tiny limit is never read as none. */
gm_engine_plan gm_engine_plan_memory(long max_memory, gm_algo algo, int threads);

/* Chooses our move within the clock's time (the session's searcher if it
 * is made, else the small one), puts our stone there and returns its
 * cell.  GM_NO_MOVE when there is no move to make, with the
 * reason in note: the board is full, or a five is on it (the game is
 * over; under the standard rule a five exactly).  Otherwise the move is
 * legal whatever goes wrong: when the search finds nothing, the empty cell
 * nearest the centre.  When no searcher could be made, or the session's
 * could not and the small one searches instead, note (else "") says why. */
int gm_engine_move(gm_engine *e, char *note, size_t notelen);

#endif
