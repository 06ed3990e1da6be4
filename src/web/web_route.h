/*
 * Internal to the server: what a request asks for, decided from its
 * method, its (decoded) URL, its Host header and its arguments alone, so
 * that it can be checked without a socket (fuzz/web_request.c).
 */
#ifndef GTS_WEB_ROUTE_H
#define GTS_WEB_ROUTE_H

#include <stdbool.h>

#include "web/web_answer.h"
#include "web/web_games.h"

typedef enum {
    WEB_ROUTE_ANSWER,   /* an error to send as it is */
    WEB_ROUTE_FILE,     /* a file of the page */
    WEB_ROUTE_STATUS,   /* GET /api/status */
    WEB_ROUTE_SEARCH,   /* one of the games' API (web_games.h) */
} web_route_kind;

typedef struct web_route {
    web_route_kind kind;
    web_answer answer;    /* ANSWER: the error (its body malloc'd) */
    const char *file;     /* FILE: a plain name ([a-z0-9_-]+.ext), within the URL given */
    const char *type;     /* FILE: its Content-Type */
    web_request q;        /* SEARCH: the game, copies of its arguments (web_request_free) */
    bool progress;        /* SEARCH: lines of progress, then the answer */
} web_route;

/* A request's argument by name, NULL when absent. */
typedef const char *(*web_argument)(void *ctx, const char *name);

/* Routes a request.  host is its Host header (NULL when it has none),
 * checked when hosts (n names, --allow-host) is not empty: another gets
 * 421.  A method other than GET or HEAD gets 405, an unknown API 404, a
 * bad progress argument 400. */
web_route web_route_request(const char *method, const char *url, const char *host, const char *const *hosts, int n,
                            web_argument argument, void *ctx);

#endif
