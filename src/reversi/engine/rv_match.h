/*
 * The GPU Reversi report's match between two players (rv_player.h): games
 * from the start of a W x H board, each player's search time, searches
 * and nodes over them, the branching factor's counts.
 */
#ifndef GTS_RV_MATCH_H
#define GTS_RV_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "reversi/engine/rv_player.h"

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
