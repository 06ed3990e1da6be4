/*
 * Internal to the server: the JSON API's answers, one function per game,
 * free of HTTP (web_server.c calls them with a request's arguments).
 */
#ifndef GTS_WEB_API_H
#define GTS_WEB_API_H

#include <stddef.h>

#include "gts/stop.h"
#include "web/web.h"

/* An answer: an HTTP status and a JSON body (malloc'd; the caller frees),
 * with a Retry-After of that many seconds when not 0 (a busy server). */
typedef struct web_answer {
    int status;
    char *body;
    int retry_after;
} web_answer;

/* Where a request's progress lines go (web_stream.c), or NULL when the
 * client asked for the answer alone. */
typedef struct web_progress web_progress;

/* One line of progress, a JSON object (nothing when p is NULL).  A line
 * that cannot be sent (the client has gone) stops the request's search. */
void web_progress_line(web_progress *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

typedef enum { WEB_C4, WEB_OTHELLO, WEB_GOMOKU } web_api_kind;

/* A request's arguments: copies (a streamed answer outlives the
 * connection's handler), NULL where absent. */
typedef struct web_request {
    web_api_kind api;
    char *moves, *depth, *size, *ms;
} web_request;

void web_request_free(web_request *q);

/* The answer to q (its game's function below), stopped by stop. */
web_answer web_answer_request(const web_options *o, const web_request *q, gts_stop *stop, web_progress *p);

/* A one-line JSON error answer. */
web_answer web_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* GET /api/c4?moves=M: the exact score of every column of the Connect 4
 * position M (the solver's convention: positive wins, 0 draws), null for
 * a full column, with o's book when it has one; stopped by stop (the time
 * bound).  Progress: {"col":C,"min":A,"max":B} as a column's score is
 * narrowed, {"col":C,"score":S} once it is known (C from 1). */
web_answer web_c4(const web_options *o, const char *moves, gts_stop *stop, web_progress *p);

/* GET /api/othello?moves=f5d6&depth=D: the 8x8 position after the moves
 * (a side without a move passes by itself, and the answer says so when
 * the side to move has to pass now), and every legal move's value
 * for the side to move: exact disc difference once the move leaves 20
 * empties or fewer, else the search's to depth D (default 6).  Progress:
 * {"move":M,"value":V,"exact":E} as each move's value is known. */
web_answer web_othello(const web_options *o, const char *moves, const char *depth, gts_stop *stop,
                       web_progress *p);

/* GET /api/gomoku?size=N&moves=h8i9&ms=T: the engine's move for the side
 * to move (PVS within T ms, default 1000, at most the time bound), and the
 * five on the board if there is one.  Progress: {"depth":D,"move":M,
 * "score":S} as each depth of the search ends. */
web_answer web_gomoku(const web_options *o, const char *size, const char *moves, const char *ms, gts_stop *stop,
                      web_progress *p);

#endif
