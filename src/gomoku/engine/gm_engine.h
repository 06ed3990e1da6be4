/*
 * Internal: the Gomoku engine behind a protocol: the game (gm_game.h),
 * the match clock (gm_clock.h), the rule and the resources the manager
 * grants, and one searcher for the whole session, so that its table
 * carries over from move to move.  The searcher is made when the first
 * move is wanted and made again only when the threads or the table size
 * have changed; its table is cleared when what it holds no longer fits
 * (another board size or rule, a position of uneven stone counts).
 *
 *     gm_engine e;
 *     gm_engine_init(&e, 1);
 *     gm_engine_new_game(&e, 15, 15);
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
#include "gts/gomoku_search.h"

#define GM_ENGINE_MAX_THREADS 64

typedef struct gm_engine {
    gm_game game;                    /* the stones; change them with gm_game_* */
    gm_clock clock;                  /* the limits; set them as the manager gives them */
    long max_memory;                 /* bytes the process may use; 0: no limit */
    gm_rule rule;                    /* gm_engine_set_rule */
    int threads;                     /* gm_engine_set_threads */
    gm_board board;                  /* the game's stones for the search */
    gm_searcher *searcher;           /* NULL until the first search */
    int searcher_threads;            /* what it was made with */
    size_t searcher_tt;
    bool stale_table;                /* clear the table before the next search */
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

/* The table's size for a memory limit (bytes, 0: none): a quarter of the
 * limit, leaving the rest to the process, at most 1 GiB; 0 (the search's
 * default size) without a limit. */
size_t gm_engine_table_bytes(long max_memory);

/* Chooses our move within the clock's time, puts our stone there and
 * returns its cell.  GM_NO_MOVE when there is no move to make, with the
 * reason in note: the board is full, or a five is on it (the game is
 * over; under the standard rule a five exactly).  Otherwise the move is
 * legal whatever goes wrong: when the search finds nothing, the empty cell
 * nearest the centre, and when the searcher could not be made, note (else
 * "") says why. */
int gm_engine_move(gm_engine *e, char *note, size_t notelen);

#endif
