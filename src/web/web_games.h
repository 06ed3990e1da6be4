/*
 * Internal to the server: the games' JSON APIs.  Each game's API is a file
 * of its own (web_c4.c, web_othello.c, web_gomoku.c) that fills a
 * web_game: its URL, the names of its arguments and the function that
 * answers them, free of HTTP.  The rest of the server (routing,
 * connections, the searches at once, streams) knows the games only
 * through the table web_games, so a game is added by one file and one
 * line there.
 */
#ifndef GTS_WEB_GAMES_H
#define GTS_WEB_GAMES_H

#include <stdbool.h>

#include "gts/stop.h"
#include "web/web.h"
#include "web/web_answer.h"
#include "web/web_progress.h"

#define WEB_GAME_ARGS 4   /* arguments of one API at most */

/* A game's API.  answer gets the arguments named by arg, in that order,
 * NULL where the request has none; it is stopped by stop (the time bound,
 * the client gone, the server stopping) and writes its progress lines to
 * p (NULL: none wanted). */
typedef struct web_game {
    const char *url;                  /* "/api/c4" */
    const char *arg[WEB_GAME_ARGS];   /* the arguments' names; NULL after the last */
    web_answer (*answer)(const web_options *o, const char *const *arg, gts_stop *stop, web_progress *p);
} web_game;

/* Every game's API, in the order the 404 answer lists them; NULL-ended. */
extern const web_game *const web_games[];

/* GET /api/c4?moves=M: the exact score of every column of the Connect 4
 * position M (the solver's convention: positive wins, 0 draws), null for
 * a full column, with o's book when it has one ("book": its file, depth
 * and positions, or null).  A game over ("over": a four or a full board)
 * has every score null, "winner" 1 (the first player) or 2 (0: none) and
 * "line" the four's cells [[col,row],...] (col from 1, row 0 the bottom).  Progress:
 * {"col":C,"min":A,"max":B} as a column's score is narrowed,
 * {"col":C,"score":S} once it is known (C from 1). */
extern const web_game web_c4;

/* GET /api/othello?moves=f5d6&depth=D&exact=E: the 8x8 position after the moves
 * (a side without a move passes by itself, and the answer says so when
 * the side to move has to pass now), and every legal move's value in
 * discs for the side to move: the exact disc difference ("exact": true)
 * once the move leaves E empties or fewer (default and most 20) or the
 * game ends within the
 * search, else the estimate of a search D plies past the move (default
 * 5; the standard weights, in discs to two decimals).  Progress:
 * {"move":M,"value":V,"exact":E} as each move's value is known. */
extern const web_game web_othello;

/* GET /api/gomoku?size=N&moves=h8i9&ms=T&rule=R: the engine's move for
 * the side to move (the Gomocup engine's VCF and pattern search,
 * within T ms, default 1000, at most the time bound) under rule R
 * (freestyle, the default: five or more; standard: exactly five; renju;
 * caro and caro-exact: gts/gomoku.h's gm_rule),
 * and the five on the board if there is one.  Progress: {"depth":D,"move":M,
 * "score":S} as each depth of the search ends. */
extern const web_game web_gomoku;

/* A request to one game's API: copies of its arguments (a streamed
 * answer outlives the connection's handler), NULL where absent. */
typedef struct web_request {
    const web_game *game;
    char *arg[WEB_GAME_ARGS];
} web_request;

void web_request_free(web_request *q);

/* Whether o's cache holds the answer to q: then *a is a copy, given at
 * once (before any wait for a place among the searches: an Undo is
 * answered while other searches run). */
bool web_answer_cached(const web_options *o, const web_request *q, web_answer *a);

/* The answer to q from its game's API, kept in o's cache when
 * successful. */
web_answer web_answer_request(const web_options *o, const web_request *q, gts_stop *stop, web_progress *p);

#endif
