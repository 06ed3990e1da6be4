/*
 * gts serve: a local web page and a small JSON API over the engines
 * (src/web/web_server.c), on libmicrohttpd.  The server binds 127.0.0.1
 * unless told otherwise, serves only the files of its page folder (plain
 * names, no path), answers each connection on a thread of its own, runs a
 * bounded number of searches at once, each with its time bound, gives
 * each request a deadline for its headers, and stops cleanly when its
 * stop token is raised.  It has no authentication and no TLS.
 */
#ifndef GTS_WEB_H
#define GTS_WEB_H

#include <stddef.h>

#include "gts/c4_book.h"
#include "gts/stop.h"
#include "web/web_cache.h"

#define WEB_SEARCHES_MAX 64   /* --searches at most */

typedef struct web_options {
    const char *bind;        /* the address to listen on (default 127.0.0.1) */
    int port;                /* 0: any free port */
    const char *www;         /* the page's folder */
    double max_seconds;      /* a search's time bound, its wait for a place included */
    size_t tt_bytes;         /* each search's table */
    const c4_book *book;     /* Connect 4's opening book, or NULL */
    gts_stop *stop;          /* raised (Ctrl-C, SIGTERM): the server stops */
    int searches;            /* searches at once (as many more wait) */
    double client_seconds;   /* a request's headers must be in within this */
    const char *const *hosts;   /* the Host names served (--allow-host) */
    int nhosts;              /* 0: any */
    int threads;             /* each search's threads */
    web_cache *cache;        /* the answers already given, or NULL */
    const char *book_name;   /* the book's file name, shown by /api/c4 */
} web_options;

/* Serves until o->stop is raised; ready(port, ctx) is called once the
 * socket listens.  0, or -1 with a one-line reason (the address cannot be
 * bound, no server in this build). */
int web_serve(const web_options *o, void (*ready)(int port, void *ctx), void *ctx, char *err, size_t errlen);

#endif
