/* Answers sent with their progress, line by line (web_stream.h). */
#include "web/web_stream.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cond.h"

/* Progress kept for a client that reads slower than the search writes:
 * past this, progress lines are dropped (the answer never is). */
#define BACKLOG (64 << 10)

/* A streamed answer, which is also where its search's progress goes (its
 * sink first): held by the search's thread and by the response, the last
 * to let go frees it. */
typedef struct stream {
    web_progress sink;
    const web_options *o;
    web_watch *w;
    web_jobs *jobs;
    uint32_t client;
    web_request q;
    gts_stop stop;           /* raised too when the client has gone */
    int slot;
    atomic_int holders;
    pthread_mutex_t lock;
    pthread_cond_t news;
    char *lines;             /* progress not yet sent */
    size_t len, cap;
    char *answer;            /* the last line, once in; sent from answer_at */
    size_t answer_at;
    bool done;               /* the answer is in */
    /* Until the first line of progress the answer may still go as an
     * ordinary one, with its own status (a bad request is a 400). */
    bool streaming, answered;
    web_answer early;
} stream;

static void let_go(stream *s)
{
    if (atomic_fetch_sub(&s->holders, 1) == 1) {
        web_request_free(&s->q);
        free(s->lines);
        free(s->answer);
        pthread_cond_destroy(&s->news);
        pthread_mutex_destroy(&s->lock);
        free(s);
    }
}

/* line (n bytes) after the lines not yet sent; s->lock held. */
static void keep(stream *s, const char *line, size_t n)
{
    if (s->len + n > s->cap) {
        const size_t cap = s->len + n > 2 * s->cap ? s->len + n : 2 * s->cap;
        char *more = s->len + n <= BACKLOG ? realloc(s->lines, cap) : NULL;
        if (!more)
            return;   /* a progress line less */
        s->lines = more;
        s->cap = cap;
    }
    memcpy(s->lines + s->len, line, n);
    s->len += n;
}

/* The sink: a line of progress kept for the client, unless its search
 * was stopped. */
static void take_line(web_progress *p, const char *line, size_t n)
{
    stream *s = (stream *)p;
    if (gts_stop_raised(&s->stop))
        return;
    pthread_mutex_lock(&s->lock);
    s->streaming = true;
    keep(s, line, n);
    pthread_cond_broadcast(&s->news);
    pthread_mutex_unlock(&s->lock);
}

static void on_waiting(void *ctx, int n)
{
    stream *s = ctx;
    web_progress_line(&s->sink, "{\"queued\":%d}", n);
}

static void *run(void *arg)
{
    stream *s = arg;
    web_answer a;
    if (web_jobs_enter(s->jobs, s->client, &s->stop, on_waiting, s, &a) == 0) {
        a = web_answer_request(s->o, &s->q, &s->stop, &s->sink);
        web_jobs_leave(s->jobs, s->client);
    }
    web_watch_remove(s->w, s->slot);
    static const char no_memory[] = "{\"error\":\"out of memory\"}\n";
    pthread_mutex_lock(&s->lock);
    if (!s->streaming) {
        s->early = a;
        s->answered = true;
    } else {
        s->answer = a.body ? a.body : strdup(no_memory);
        s->done = true;
    }
    pthread_cond_broadcast(&s->news);
    pthread_mutex_unlock(&s->lock);
    let_go(s);
    return NULL;
}

/* libmicrohttpd's reader: the lines in, the answer last, or an empty line
 * once none has come for WEB_KEEPALIVE_SECONDS.  It may block: each
 * connection has a thread of its own. */
static ssize_t read_lines(void *cls, uint64_t pos, char *buf, size_t max)
{
    (void)pos;
    stream *s = cls;
    const struct timespec until = gts_cond_after(WEB_KEEPALIVE_SECONDS * 1000000L);
    pthread_mutex_lock(&s->lock);
    while (!s->len && !s->done && pthread_cond_timedwait(&s->news, &s->lock, &until) != ETIMEDOUT)
        ;
    ssize_t n = 1;
    if (s->len) {
        n = (ssize_t)(s->len < max ? s->len : max);
        memcpy(buf, s->lines, (size_t)n);
        memmove(s->lines, s->lines + n, s->len - (size_t)n);
        s->len -= (size_t)n;
    } else if (s->done && s->answer && s->answer[s->answer_at]) {
        const size_t left = strlen(s->answer + s->answer_at);
        n = (ssize_t)(left < max ? left : max);
        memcpy(buf, s->answer + s->answer_at, (size_t)n);
        s->answer_at += (size_t)n;
    } else if (s->done) {
        n = MHD_CONTENT_READER_END_OF_STREAM;
    } else {
        buf[0] = '\n';
    }
    pthread_mutex_unlock(&s->lock);
    return n;
}

/* The response is done with (sent, or its connection closed): a search
 * still running has lost its client and stops. */
static void response_gone(void *cls)
{
    stream *s = cls;
    if (s->slot >= 0)
        web_watch_closed(s->w, s->slot, &s->stop);
    let_go(s);
}

/* Waits for the search's first line of progress or its answer; true
 * when the answer came first (then in s->early). */
static bool answered_first(stream *s)
{
    pthread_mutex_lock(&s->lock);
    while (!s->streaming && !s->answered)
        pthread_cond_wait(&s->news, &s->lock);
    const bool answered = s->answered;
    pthread_mutex_unlock(&s->lock);
    return answered;
}

/* s's search on a detached thread of its own; false if none starts. */
static bool start(stream *s)
{
    pthread_t t;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    const bool started = pthread_create(&t, &attr, run, s) == 0;
    pthread_attr_destroy(&attr);
    return started;
}

static stream *stream_new(const web_options *o, web_watch *w, web_jobs *jobs, uint32_t client, web_request *q)
{
    stream *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    *s = (stream){ .sink = { take_line }, .o = o, .w = w, .jobs = jobs, .client = client, .q = *q, .stop = GTS_STOP_INIT, .slot = -1 };
    *q = (web_request){ 0 };
    atomic_init(&s->holders, 2);
    pthread_mutex_init(&s->lock, NULL);
    gts_cond_init(&s->news);
    return s;
}

struct MHD_Response *web_stream_start(const web_options *o, web_watch *w, web_jobs *jobs, uint32_t client,
                                      web_request *q, double deadline, int fd, web_answer *plain)
{
    stream *s = stream_new(o, w, jobs, client, q);
    if (!s) {
        web_request_free(q);
        *plain = web_error(503, "out of memory");
        return NULL;
    }
    struct MHD_Response *r = MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, 4096, read_lines, s, response_gone);
    if (r)
        s->slot = web_watch_add(w, &s->stop, deadline, fd);
    if (!r || s->slot < 0 || !start(s)) {
        *plain = web_error(503, "too many searches at once (%d), or no thread to be had", WEB_SLOTS);
        if (s->slot >= 0)
            web_watch_remove(w, s->slot);
        atomic_store(&s->holders, 1);   /* the search's share: it never ran */
        if (r)
            MHD_destroy_response(r);    /* response_gone lets go */
        else
            let_go(s);
        return NULL;
    }
    if (answered_first(s)) {
        *plain = s->early;
        MHD_destroy_response(r);
        return NULL;
    }
    *plain = (web_answer){ 0 };
    return r;
}
