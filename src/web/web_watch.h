/*
 * Internal to the server: the searches running, each with its stop token,
 * its deadline and its client's socket.  A watchdog thread calls
 * web_watch_check every few milliseconds; it raises a search's token at
 * its time bound, when its client's socket has failed (a reset: a client
 * that only stopped sending still reads its answer), or, all of them,
 * when the server stops.
 */
#ifndef GTS_WEB_WATCH_H
#define GTS_WEB_WATCH_H

#include <pthread.h>
#include <stdbool.h>

#include "gts/stop.h"
#include "web/web_conns.h"

#define WEB_SLOTS WEB_CONNECTIONS   /* a search a connection at most, running or waiting */

typedef struct web_watch {
    pthread_mutex_t lock;
    pthread_cond_t idle;     /* signalled when the last search leaves */
    gts_stop *stop[WEB_SLOTS];
    double deadline[WEB_SLOTS];
    int fd[WEB_SLOTS];       /* -1: not polled */
    bool closing;            /* every search stopped: one added now stops at once */
} web_watch;

void web_watch_init(web_watch *w);
void web_watch_destroy(web_watch *w);

/* A search in: its slot, or -1 when all WEB_SLOTS are taken.  Once the
 * server is stopping its token is raised at once. */
int web_watch_add(web_watch *w, gts_stop *stop, double deadline, int fd);
void web_watch_remove(web_watch *w, int slot);

/* The connection of the search in slot (with token stop) has closed: its
 * socket number may be reused, so it is no longer polled, and the search
 * is stopped.  Nothing when the slot has gone to another search. */
void web_watch_closed(web_watch *w, int slot, gts_stop *stop);

/* Raises the tokens past their deadline or of a client gone (with all:
 * every one, and those added from now on); returns how many searches
 * run. */
int web_watch_check(web_watch *w, bool all);

/* Waits until no search runs. */
void web_watch_wait_idle(web_watch *w);

#endif
