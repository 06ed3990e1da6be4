/*
 * Internal to the server: the connections open, each with the deadline of
 * the request it is receiving.  libmicrohttpd's own timeout is an idle
 * one that every byte restarts, so a client sending a header line every
 * 20 s kept its connection for ever (issue 38, #7: 64 of them and no
 * other request was answered).  Here a request's headers and body must
 * all be in within header_seconds of the connection's start, or of the
 * end of its previous request; a connection past that is shut down.  The
 * counts (16 a client, 256 in all) are libmicrohttpd's options
 * (web_server.c).
 */
#ifndef GTS_WEB_CONNS_H
#define GTS_WEB_CONNS_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#define WEB_CONNECTIONS 256          /* connections at once */
#define WEB_CONNECTIONS_PER_CLIENT 16

typedef struct web_conn web_conn;

typedef struct web_conns {
    pthread_mutex_t lock;
    web_conn *head;
    double header_usec;
} web_conns;

void web_conns_init(web_conns *t, double header_seconds);
void web_conns_destroy(web_conns *t);

/* A connection opened on socket fd by client (its IPv4 address): its
 * deadline starts; NULL when there is no memory (the socket is then shut
 * down). */
web_conn *web_conns_open(web_conns *t, int fd, uint32_t client);

/* c's request is in whole: no deadline while it is answered. */
void web_conns_request_in(web_conns *t, web_conn *c);

/* c's answer has gone: the next request's deadline starts. */
void web_conns_request_done(web_conns *t, web_conn *c);

/* c is closing (before its socket is closed): forgotten. */
void web_conns_close(web_conns *t, web_conn *c);

uint32_t web_conn_client(const web_conn *c);

/* Shuts down the socket of each connection past its deadline at time
 * now (gts_now_usec); returns how many. */
int web_conns_check(web_conns *t, double now);

#endif
