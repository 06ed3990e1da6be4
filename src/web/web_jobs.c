/* The searches at once (web_jobs.h). */
#include "web/web_jobs.h"

#include "core/cond.h"

void web_jobs_init(web_jobs *j, int limit)
{
    pthread_mutex_init(&j->lock, NULL);
    gts_cond_init(&j->freed);
    j->limit = limit < 1 ? 1 : limit > WEB_SEARCHES_MAX ? WEB_SEARCHES_MAX : limit;
    j->running = j->waiting = j->clients = 0;
}

void web_jobs_destroy(web_jobs *j)
{
    pthread_cond_destroy(&j->freed);
    pthread_mutex_destroy(&j->lock);
}

/* client's entry (added with n = 0 when absent; there is room: at most
 * 2 * limit searches are in, and this one). */
static int client_entry(web_jobs *j, uint32_t client)
{
    for (int i = 0; i < j->clients; i++)
        if (j->client[i].client == client)
            return i;
    j->client[j->clients].client = client;
    j->client[j->clients].n = 0;
    return j->clients++;
}

/* One search of client i fewer; the entry goes with its last. */
static void client_drop(web_jobs *j, int i)
{
    if (--j->client[i].n <= 0)
        j->client[i] = j->client[--j->clients];
}

static web_answer busy(const web_jobs *j, int mine)
{
    web_answer a = mine >= WEB_JOBS_PER_CLIENT
                       ? web_error(503, "busy: this client has %d searches running or waiting (at most %d)", mine,
                                   WEB_JOBS_PER_CLIENT)
                       : web_error(503, "busy: %d searches running, %d waiting (at most %d and %d); try again later",
                                   j->running, j->waiting, j->limit, j->limit);
    a.retry_after = WEB_RETRY_SECONDS;
    return a;
}

/* Waits for a place or stop; true with the place taken.  The stop token
 * has no signal of its own: it is looked at every 50 ms. */
static bool wait_place(web_jobs *j, gts_stop *stop)
{
    while (j->running >= j->limit && !gts_stop_raised(stop)) {
        const struct timespec until = gts_cond_after(50 * 1000L);
        pthread_cond_timedwait(&j->freed, &j->lock, &until);
    }
    if (j->running >= j->limit)
        return false;
    j->running++;
    return true;
}

int web_jobs_enter(web_jobs *j, uint32_t client, gts_stop *stop, void (*waiting)(void *ctx, int n), void *ctx,
                   web_answer *refusal)
{
    pthread_mutex_lock(&j->lock);
    const int mine = client_entry(j, client);
    if (j->client[mine].n >= WEB_JOBS_PER_CLIENT || (j->running >= j->limit && j->waiting >= j->limit)) {
        *refusal = busy(j, j->client[mine].n);
        if (j->client[mine].n == 0)
            client_drop(j, mine);
        pthread_mutex_unlock(&j->lock);
        return -1;
    }
    j->client[mine].n++;
    if (j->running < j->limit) {
        j->running++;
        pthread_mutex_unlock(&j->lock);
        return 0;
    }
    const int ahead = j->waiting++;
    pthread_mutex_unlock(&j->lock);
    if (waiting)
        waiting(ctx, ahead + 1);
    pthread_mutex_lock(&j->lock);
    const bool placed = wait_place(j, stop);
    j->waiting--;
    if (!placed) {
        client_drop(j, client_entry(j, client));
        *refusal = web_error(503, "stopped while waiting for a place (%d searches running; the bound or the "
                                  "server's stop)",
                             j->running);
    }
    pthread_mutex_unlock(&j->lock);
    return placed ? 0 : -1;
}

void web_jobs_count(web_jobs *j, int *running, int *waiting)
{
    pthread_mutex_lock(&j->lock);
    *running = j->running;
    *waiting = j->waiting;
    pthread_mutex_unlock(&j->lock);
}

void web_jobs_leave(web_jobs *j, uint32_t client)
{
    pthread_mutex_lock(&j->lock);
    j->running--;
    client_drop(j, client_entry(j, client));
    pthread_cond_broadcast(&j->freed);
    pthread_mutex_unlock(&j->lock);
}
