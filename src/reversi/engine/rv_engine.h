/*
 * Internal to the gts command: the searching side of the Reversi protocol
 * engines (NBoard, GTP), 8x8.  Midgame positions are searched to the set
 * depth (PVS, the report's evaluation); positions with few enough empty
 * squares are solved exactly.  Every search stops when stop is raised.
 */
#ifndef GTS_REVERSI_ENGINE_H
#define GTS_REVERSI_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/reversi.h"
#include "gts/reversi_search.h"

#define RV_ENGINE_ENDGAME_CAP 20   /* the default exact-solving threshold's cap */

typedef struct rv_engine {
    int depth;                  /* midgame plies, 1..RV_MAX_DEPTH */
    int endgame;                /* solve exactly at this many empties or fewer;
                                   < 0: twice the depth, at most the cap */
    int threads;
    size_t tt_bytes;            /* each of the three tables */
    gts_stop *stop;             /* may be NULL */
    long time_ms;               /* the midgame searches' limit; 0: none */
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

/* The protocol engines' options (--depth, --endgame, --threads, --tt-mb,
 * --help) into e's settings, for rv_engine_init.  Returns -1 to go on,
 * else the exit status (after the help, or an error naming the bad
 * option); `command` names the command in errors. */
typedef struct rv_engine_args {
    int depth, endgame, threads;
    size_t tt_bytes;
} rv_engine_args;
int rv_engine_parse_args(int argc, char **argv, const char *command, const char *usage, rv_engine_args *a);

/* Sets up e with its solver (the searchers come with rv_engine_ready);
 * -1 with a reason when out of memory. */
int rv_engine_init(rv_engine *e, const rv_engine_args *a, gts_stop *stop, char *err, size_t errlen);
void rv_engine_free(rv_engine *e);

/* Makes the searchers for the current depth if it changed; -1 with a reason. */
int rv_engine_ready(rv_engine *e, char *err, size_t errlen);

/* Whether p is within the exact-solving threshold. */
bool rv_engine_exact(const rv_engine *e, const rv_pos *p);

/* The value of p: exact, or by s (e->root or e->child; NULL: the
 * evaluation, depth 0).  False when the search was stopped. */
bool rv_engine_search(rv_engine *e, rv_searcher *s, const rv_pos *p, bool exact, rv_value *v);

#endif
