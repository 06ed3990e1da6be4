/* The searches running and their watchdog (web_watch.h). */
#include "web/web_watch.h"

#include <poll.h>

#include "core/clock.h"

void web_watch_init(web_watch *w)
{
    pthread_mutex_init(&w->lock, NULL);
    pthread_cond_init(&w->idle, NULL);
    for (int i = 0; i < WEB_SLOTS; i++)
        w->stop[i] = NULL;
    w->closing = false;
}

void web_watch_destroy(web_watch *w)
{
    pthread_cond_destroy(&w->idle);
    pthread_mutex_destroy(&w->lock);
}

int web_watch_add(web_watch *w, gts_stop *stop, double deadline, int fd)
{
    pthread_mutex_lock(&w->lock);
    int slot = -1;
    for (int i = 0; i < WEB_SLOTS && slot < 0; i++)
        if (!w->stop[i]) {
            w->stop[i] = stop;
            w->deadline[i] = deadline;
            w->fd[i] = fd;
            slot = i;
        }
    if (slot >= 0 && w->closing)
        gts_stop_raise(stop);
    pthread_mutex_unlock(&w->lock);
    return slot;
}

static bool any_running(const web_watch *w)
{
    for (int i = 0; i < WEB_SLOTS; i++)
        if (w->stop[i])
            return true;
    return false;
}

void web_watch_remove(web_watch *w, int slot)
{
    pthread_mutex_lock(&w->lock);
    w->stop[slot] = NULL;
    if (!any_running(w))
        pthread_cond_broadcast(&w->idle);
    pthread_mutex_unlock(&w->lock);
}

void web_watch_closed(web_watch *w, int slot, gts_stop *stop)
{
    pthread_mutex_lock(&w->lock);
    if (w->stop[slot] == stop) {
        w->fd[slot] = -1;
        gts_stop_raise(stop);
    }
    pthread_mutex_unlock(&w->lock);
}

/* Whether the client of socket fd has gone: an error, or both ways shut
 * (a reset).  Not POLLRDHUP, the end of what the client sends: one that
 * shuts down its sending side after its request (shutdown(SHUT_WR), as
 * `nc -N` does) still reads the answer, and was answered 503 (issue 38,
 * #11).  A client that closed its socket looks the same until something
 * is written to it; a stream's keep-alive lines do that (web_stream.c). */
static bool hung_up(int fd)
{
    struct pollfd p = { .fd = fd, .events = 0 };
    return fd >= 0 && poll(&p, 1, 0) > 0 && (p.revents & (POLLHUP | POLLERR));
}

int web_watch_check(web_watch *w, bool all)
{
    const double now = gts_now_usec();
    int running = 0;
    pthread_mutex_lock(&w->lock);
    w->closing |= all;
    for (int i = 0; i < WEB_SLOTS; i++) {
        if (!w->stop[i])
            continue;
        running++;
        if (all || now > w->deadline[i] || hung_up(w->fd[i]))
            gts_stop_raise(w->stop[i]);
    }
    pthread_mutex_unlock(&w->lock);
    return running;
}

void web_watch_wait_idle(web_watch *w)
{
    pthread_mutex_lock(&w->lock);
    while (any_running(w))
        pthread_cond_wait(&w->idle, &w->lock);
    pthread_mutex_unlock(&w->lock);
}
