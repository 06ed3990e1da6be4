/*
 * The players of gts reversi play and gts reversi bench table, and the
 * game between two of them.
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
#ifndef GTS_REVERSI_PLAYERS_H
#define GTS_REVERSI_PLAYERS_H

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

/* "pvs, depth 6, threads backend, 16 threads": what a spec plays. */
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

/* A finished (or stopped) game. */
typedef struct rvp_game {
    int width, height;
    int n;                        /* moves, passes included */
    int16_t moves[2 * RVB_MAX_SQUARES];
    int black_discs, white_discs;
    int score;                    /* black's: disc difference, empties to the winner */
    long positions;               /* positions where a player had a move to choose */
    long legal_moves;             /* their legal moves, summed: the branching factor's */
    bool stopped;
} rvp_game;

/* Plays a game from the start of a width x height board, black first,
 * each player's table cleared first; stops early when stop is raised (may
 * be NULL).  0, or -1 with a reason (a bad size, a player's illegal move). */
int rvp_play_game(rvp_player *black, rvp_player *white, int width, int height, const gts_stop *stop, rvp_game *g,
                  char *err, size_t errlen);

/* The report's match: two games from the start, players[0] black in the
 * first and white in the second; each player's search time and searches
 * over both.  Stops early as rvp_play_game does (m->stopped). */
typedef struct rvp_match {
    rvp_game games[2];
    double usec[2];
    long searches[2];
    uint64_t nodes[2];
    bool stopped;
} rvp_match;

int rvp_play_match(rvp_player *players[2], int width, int height, const gts_stop *stop, rvp_match *m, char *err,
                   size_t errlen);

/* The game's moves, squares named as on the board ("f5d6c3..." with "ps"
 * for passes); out needs 8 bytes a move. */
void rvp_format_moves(const rvp_game *g, char *out, size_t len);

#endif
