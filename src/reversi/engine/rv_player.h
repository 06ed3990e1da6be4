/*
 * The players of the report's matches (gts reversi play, gts reversi
 * bench table): a search, written as a spec, and its running totals.
 *
 * A player is written ALGO[:KEY=VALUE,...]:
 *   ALGO       minimax | alphabeta | pvs
 *   depth=D    plies (1..60); play's --depth when left out; bench sets it
 *   backend=B  serial (one thread) or threads (the CPU threads' search);
 *              the default is serial for one thread and threads for more
 *   threads=N  threads of the threads backend (1..256, default 1)
 *   tt-mb=MB   table size (default: the search's)
 *   wpc=W      ctdl (default, the report's weights) or standard
 *   mobility=M hundredths per move of mobility difference (default: the search's)
 * e.g. "alphabeta:depth=6", "pvs:depth=6,threads=16".  A backend is a value
 * of rvp_backend with the keys it takes: the GPU backend of a later issue
 * is one more value and its own keys, the same specs around it.
 */
#ifndef GTS_RV_PLAYER_H
#define GTS_RV_PLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "gts/reversi_board.h"
#include "gts/reversi_search.h"

typedef enum { RVP_SERIAL, RVP_THREADS } rvp_backend;

typedef struct rvp_spec {
    char text[128];          /* as given */
    rvp_backend backend;
    bool has_depth;          /* depth= was given */
    rv_search_options o;
} rvp_spec;

/* Parses a player; 0, or -1 with a one-line reason. */
int rvp_parse(const char *text, rvp_spec *spec, char *err, size_t errlen);

/* "pvs, threads backend, 16 threads, ctdl weights": what a spec plays. */
void rvp_describe(const rvp_spec *spec, char *out, size_t len);

typedef struct rvp_player {
    rvp_spec spec;
    rv_searcher *searcher;
    double usec;             /* wall time of its searches since made */
    long searches;
    uint64_t nodes;
} rvp_player;

/* A player of spec searching to depth, stopped when stop is raised (may
 * be NULL).  0, or -1 with a reason. */
int rvp_create(rvp_player *p, const rvp_spec *spec, int depth, gts_stop *stop, char *err, size_t errlen);
void rvp_free(rvp_player *p);

#endif
