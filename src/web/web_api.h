/*
 * Internal to the server: the JSON API's answers, one function per game,
 * free of HTTP (web_server.c calls them with a request's arguments).
 */
#ifndef GTS_WEB_API_H
#define GTS_WEB_API_H

#include <stddef.h>

#include "gts/stop.h"
#include "web/web.h"

/* An answer: an HTTP status and a JSON body (malloc'd; the caller frees). */
typedef struct web_answer {
    int status;
    char *body;
} web_answer;

/* A one-line JSON error answer. */
web_answer web_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* GET /api/c4?moves=M: the exact score of every column of the Connect 4
 * position M (the solver's convention: positive wins, 0 draws), null for
 * a full column; stopped by stop (the time bound). */
web_answer web_c4(const web_options *o, const char *moves, gts_stop *stop);

/* GET /api/othello?moves=f5d6&depth=D: the 8x8 position after the moves
 * (a side without a move passes by itself, and the answer says so when
 * the side to move has to pass now), and every legal move's value
 * for the side to move: exact disc difference once the move leaves 20
 * empties or fewer, else the search's to depth D (default 6). */
web_answer web_othello(const web_options *o, const char *moves, const char *depth, gts_stop *stop);

/* GET /api/gomoku?size=N&moves=h8i9&ms=T: the engine's move for the side
 * to move (PVS within T ms, default 1000, at most the time bound), and the
 * five on the board if there is one. */
web_answer web_gomoku(const web_options *o, const char *size, const char *moves, const char *ms, gts_stop *stop);

#endif
