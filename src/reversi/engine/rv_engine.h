/*
 * The Reversi engine the protocols (NBoard, GTP) drive, 8x8: the game
 * being played, the clock, and the searches that value positions and
 * choose moves.  Midgame positions are searched to the set depth (PVS,
 * the report's evaluation); positions with few enough empty squares are
 * solved exactly.  Every search stops when the engine's stop token is
 * raised.
 */
#ifndef GTS_RV_ENGINE_H
#define GTS_RV_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/reversi.h"
#include "gts/reversi_search.h"
#include "reversi/engine/rv_clock.h"
#include "reversi/engine/rv_game.h"

#define RV_ENGINE_DEPTH 6          /* the default midgame depth */
#define RV_ENGINE_TT_MB 32         /* the default size of each of the three tables */
#define RV_ENGINE_ENDGAME_CAP 20   /* the default exact-solving threshold's cap */

/* What the engine is started with (the command line's options). */
typedef struct rv_engine_settings {
    int depth;                  /* midgame plies, 1..RV_MAX_DEPTH */
    int endgame;                /* solve exactly at this many empties or fewer;
                                   < 0: twice the depth, at most the cap */
    int threads;
    size_t tt_bytes;            /* each of the three tables */
} rv_engine_settings;

/* The defaults: depth 6, the endgame threshold from the depth, one
 * thread, 32 MB tables. */
void rv_engine_defaults(rv_engine_settings *s);

typedef struct rv_engine {
    rv_engine_settings set;     /* set.depth: the GUI may change it (NBoard's "set depth") */
    gts_stop *stop;             /* may be NULL */
    rv_game game;               /* the game being played */
    rv_clock clock;             /* untimed unless the controller tells the time */
    rv_searcher *root, *child;  /* depth and depth - 1 (NULL when depth is 1) */
    int made_depth;             /* what they were made for; 0: not yet */
    rv_solver *solver;
} rv_engine;

/* A position's value for its side to move (exact: the final disc
 * difference; else the search's score, RV_WIN + discs for a proven
 * result), a best move (RV_PASS, RV_NO_MOVE at the game's end) and the
 * nodes it took. */
typedef struct rv_value {
    int move, score;
    uint64_t nodes;
} rv_value;

/* Sets up e with its solver (the searchers come with rv_engine_ready), a
 * new game and an untimed clock; -1 with a reason when out of memory. */
int rv_engine_init(rv_engine *e, const rv_engine_settings *s, gts_stop *stop, char *err, size_t errlen);
void rv_engine_free(rv_engine *e);

/* Makes the searchers for the current depth if it changed, and gives
 * them time_ms each (0: no limit); -1 with a reason. */
int rv_engine_ready(rv_engine *e, long time_ms, char *err, size_t errlen);

/* Whether p is within the exact-solving threshold. */
bool rv_engine_exact(const rv_engine *e, const rv_pos *p);

/* The value of p, exact or by the midgame search (after rv_engine_ready).
 * False when the search was stopped. */
bool rv_engine_value(rv_engine *e, const rv_pos *p, bool exact, rv_value *v);

/* The value of each move of p (a pass when there is none) for p's side to
 * move, best first (the lower square first among equals): exact, or p
 * searched to depth (1..the set depth), i.e. each move a ply shallower
 * (after rv_engine_ready).  *nodes adds their nodes, those of a search
 * the stop token cut short included.  Returns how many were valued
 * before the stop token was raised. */
int rv_engine_value_moves(rv_engine *e, const rv_pos *p, bool exact, int depth, rv_value out[64], uint64_t *nodes);

/* The engine's move for side `by` in the game's position, with the
 * clock's share of by's time: RV_PASS when by has no move (the side to
 * move must pass, by being the other side, or the game is over).  -1 with
 * a reason when the other side is to move and can, or out of memory. */
int rv_engine_choose(rv_engine *e, int by, int *move, char *err, size_t errlen);

/* The game's score for black, final or with perfect play from here;
 * false when the game is not over and its position is beyond the exact
 * solver's threshold. */
bool rv_engine_final_score(rv_engine *e, int *black_discs);

#endif
