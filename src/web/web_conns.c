/* The connections open and their deadlines (web_conns.h). */
#include "web/web_conns.h"

#include <stdlib.h>
#include <sys/socket.h>

#include "core/clock.h"

struct web_conn {
    web_conn *prev, *next;
    int fd;
    uint32_t client;
    double deadline;    /* 0: a request is being answered */
};

void web_conns_init(web_conns *t, double header_seconds)
{
    pthread_mutex_init(&t->lock, NULL);
    t->head = NULL;
    t->header_usec = header_seconds * 1e6;
}

void web_conns_destroy(web_conns *t)
{
    pthread_mutex_destroy(&t->lock);
}

web_conn *web_conns_open(web_conns *t, int fd, uint32_t client)
{
    web_conn *c = malloc(sizeof *c);
    if (!c) {
        shutdown(fd, SHUT_RDWR);
        return NULL;
    }
    *c = (web_conn){ .fd = fd, .client = client, .deadline = gts_now_usec() + t->header_usec };
    pthread_mutex_lock(&t->lock);
    c->next = t->head;
    if (t->head)
        t->head->prev = c;
    t->head = c;
    pthread_mutex_unlock(&t->lock);
    return c;
}

static void set_deadline(web_conns *t, web_conn *c, double deadline)
{
    if (!c)
        return;
    pthread_mutex_lock(&t->lock);
    c->deadline = deadline;
    pthread_mutex_unlock(&t->lock);
}

void web_conns_request_in(web_conns *t, web_conn *c)
{
    set_deadline(t, c, 0);
}

void web_conns_request_done(web_conns *t, web_conn *c)
{
    set_deadline(t, c, gts_now_usec() + t->header_usec);
}

void web_conns_close(web_conns *t, web_conn *c)
{
    if (!c)
        return;
    pthread_mutex_lock(&t->lock);
    if (c->prev)
        c->prev->next = c->next;
    else
        t->head = c->next;
    if (c->next)
        c->next->prev = c->prev;
    pthread_mutex_unlock(&t->lock);
    free(c);
}

uint32_t web_conn_client(const web_conn *c)
{
    return c ? c->client : 0;
}

/* The socket stays open (its connection's thread closes it, after
 * web_conns_close): shutting it down wakes that thread, which finds the
 * connection over. */
int web_conns_check(web_conns *t, double now)
{
    int late = 0;
    pthread_mutex_lock(&t->lock);
    for (web_conn *c = t->head; c; c = c->next)
        if (c->deadline > 0 && now > c->deadline) {
            shutdown(c->fd, SHUT_RDWR);
            c->deadline = 0;
            late++;
        }
    pthread_mutex_unlock(&t->lock);
    return late;
}
