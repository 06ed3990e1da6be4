/*
 * Internal to the server: how many searches run at once.  Each search
 * takes a core and a table, so letting every connection search (64 at
 * once on 2 cores in issue 38, #8, all of them then past their bound)
 * answers no one: `limit` run (--searches, default the cores), as many
 * more wait for a place, a client has at most WEB_JOBS_PER_CLIENT running
 * or waiting, and any other request is told at once that the server is
 * busy (503 with Retry-After).
 */
#ifndef GTS_WEB_JOBS_H
#define GTS_WEB_JOBS_H

#include <pthread.h>
#include <stdint.h>

#include "gts/stop.h"
#include "web/web.h"
#include "web/web_answer.h"

#define WEB_JOBS_PER_CLIENT 4
#define WEB_RETRY_SECONDS 5       /* Retry-After of a busy answer */

typedef struct web_jobs {
    pthread_mutex_t lock;
    pthread_cond_t freed;         /* a search has ended */
    int limit, running, waiting;
    struct {
        uint32_t client;
        int n;
    } client[2 * WEB_SEARCHES_MAX + 1];   /* the clients with a search running or waiting */
    int clients;
} web_jobs;

void web_jobs_init(web_jobs *j, int limit);
void web_jobs_destroy(web_jobs *j);

/* A place for a search of client: 0 once it may run (then web_jobs_leave
 * when it ends), at once or after waiting for a place (waiting(ctx, n)
 * is called first, n the searches waiting with it); -1 with the 503
 * answer in *refusal when the server or the client is busy, or when stop
 * is raised while waiting. */
int web_jobs_enter(web_jobs *j, uint32_t client, gts_stop *stop, void (*waiting)(void *ctx, int n), void *ctx,
                   web_answer *refusal);
void web_jobs_leave(web_jobs *j, uint32_t client);

/* The searches running and those waiting for a place, read together. */
void web_jobs_count(web_jobs *j, int *running, int *waiting);

#endif
