/* Searchers made on a thread of their own (gm_maker.h). */
#include "gomoku/engine/gm_maker.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TRASH_MAX 4   /* searchers to free on the thread; more are freed by the caller */

struct gm_maker {
    pthread_mutex_t lock;       /* guards everything below */
    pthread_cond_t wake;        /* an order, a searcher to free, or quit */
    pthread_cond_t idle;        /* a round of work ended */
    pthread_t thread;
    bool threaded;              /* the thread runs; else the caller works */
    gm_search_options order;
    bool ordered;               /* an order no round has started */
    bool busy;                  /* a round is under way */
    bool done;                  /* the last order is made: result, err */
    gm_searcher *result;
    char err[256];
    gm_searcher *trash[TRASH_MAX];
    int ntrash;
    bool quit;
    bool orphan;                /* freed mid-round: the thread frees the maker */
};

/* Puts s (may be NULL) among the searchers to free; the lock held. */
static void discard(gm_maker *m, gm_searcher *s)
{
    if (s && m->ntrash < TRASH_MAX)
        m->trash[m->ntrash++] = s;
    else
        gm_searcher_free(s);
}

/* One round, the lock held on entry and exit but not while it works:
 * frees the searchers discarded, then makes the order if there is one.
 * What is made for an order replaced meanwhile is discarded. */
static void work(gm_maker *m)
{
    gm_searcher *trash[TRASH_MAX];
    const int ntrash = m->ntrash;
    memcpy(trash, m->trash, sizeof trash);
    m->ntrash = 0;
    const bool ordered = m->ordered;
    const gm_search_options o = m->order;
    m->ordered = false;
    m->busy = true;
    pthread_mutex_unlock(&m->lock);
    for (int i = 0; i < ntrash; i++)
        gm_searcher_free(trash[i]);
    char err[sizeof m->err] = "";
    gm_searcher *s = ordered ? gm_searcher_create(&o, err, sizeof err) : NULL;
    pthread_mutex_lock(&m->lock);
    m->busy = false;
    if (ordered && !m->ordered) {
        m->result = s;
        m->done = true;
        memcpy(m->err, err, sizeof err);
    } else {
        discard(m, s);
    }
    pthread_cond_broadcast(&m->idle);
}

/* Frees the maker and every searcher it holds; its thread has ended or is
 * the caller. */
static void release(gm_maker *m)
{
    for (int i = 0; i < m->ntrash; i++)
        gm_searcher_free(m->trash[i]);
    gm_searcher_free(m->result);
    pthread_cond_destroy(&m->wake);
    pthread_cond_destroy(&m->idle);
    pthread_mutex_destroy(&m->lock);
    free(m);
}

static void *maker_main(void *arg)
{
    gm_maker *m = arg;
    pthread_mutex_lock(&m->lock);
    while (!m->quit) {
        if (m->ordered || m->ntrash)
            work(m);
        else
            pthread_cond_wait(&m->wake, &m->lock);
    }
    const bool orphan = m->orphan;
    pthread_mutex_unlock(&m->lock);
    if (orphan)
        release(m);
    return NULL;
}

gm_maker *gm_maker_create(void)
{
    gm_maker *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    pthread_mutex_init(&m->lock, NULL);
    pthread_cond_init(&m->wake, NULL);
    pthread_cond_init(&m->idle, NULL);
    m->threaded = pthread_create(&m->thread, NULL, maker_main, m) == 0;
    return m;
}

void gm_maker_free(gm_maker *m)
{
    if (!m)
        return;
    pthread_mutex_lock(&m->lock);
    m->quit = true;
    pthread_cond_signal(&m->wake);
    /* A round under way may take seconds (a gigabyte's first touch on a
     * loaded machine): the caller does not wait for it, so that END ends
     * the engine at once; the thread frees the maker when it is done. */
    m->orphan = m->threaded && m->busy;
    const bool orphan = m->orphan;
    const pthread_t thread = m->thread;   /* m may be gone once unlocked */
    pthread_mutex_unlock(&m->lock);
    if (orphan) {
        pthread_detach(thread);
        return;
    }
    if (m->threaded)
        pthread_join(m->thread, NULL);
    release(m);
}

void gm_maker_order(gm_maker *m, const gm_search_options *o, gm_searcher *old)
{
    pthread_mutex_lock(&m->lock);
    discard(m, old);
    if (m->done)
        discard(m, m->result);
    m->result = NULL;
    m->done = false;
    m->order = *o;
    m->ordered = true;
    if (m->threaded)
        pthread_cond_signal(&m->wake);
    else
        work(m);
    pthread_mutex_unlock(&m->lock);
}

bool gm_maker_take(gm_maker *m, gm_searcher **s, char *err, size_t errlen)
{
    pthread_mutex_lock(&m->lock);
    const bool done = m->done;
    if (done) {
        *s = m->result;
        snprintf(err, errlen, "%s", m->err);
        m->result = NULL;
        m->done = false;
    }
    pthread_mutex_unlock(&m->lock);
    return done;
}

void gm_maker_wait(gm_maker *m)
{
    pthread_mutex_lock(&m->lock);
    while (m->ordered || m->busy)
        pthread_cond_wait(&m->idle, &m->lock);
    pthread_mutex_unlock(&m->lock);
}
