/* Answers sent with their progress, line by line (web_stream.h). */
#include "web/web_stream.h"

#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/write_all.h"

/* A streamed answer, which is also where its search's progress goes:
 * held by the search's thread and by the connection, the last to let go
 * frees it. */
struct web_progress {
    const web_options *o;
    web_watch *w;
    web_request q;
    gts_stop stop;           /* raised too when a line cannot be sent */
    int slot;
    int out;                 /* the pipe's end the search writes */
    atomic_int holders;
    /* Until the first line of progress the answer may still go as an
     * ordinary one, with its own status (a bad request is a 400). */
    pthread_mutex_t lock;
    pthread_cond_t news;
    bool streaming;          /* a line of progress has gone into the pipe */
    bool answered;           /* the answer came first: it is in early */
    web_answer early;
};
typedef struct web_progress stream;

/* Frees s (its request already freed or handed back). */
static void drop(stream *s)
{
    pthread_cond_destroy(&s->news);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

static void let_go(stream *s)
{
    if (atomic_fetch_sub(&s->holders, 1) == 1) {
        web_request_free(&s->q);
        drop(s);
    }
}

void web_progress_line(stream *s, const char *fmt, ...)
{
    if (!s || gts_stop_raised(&s->stop))
        return;
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line - 1)
        return;   /* no progress line is that long */
    line[n] = '\n';
    if (!s->streaming) {
        pthread_mutex_lock(&s->lock);
        s->streaming = true;
        pthread_cond_signal(&s->news);
        pthread_mutex_unlock(&s->lock);
    }
    if (!gts_write_all(s->out, line, (size_t)n + 1))
        gts_stop_raise(&s->stop);
}

static void *run(void *arg)
{
    stream *s = arg;
    /* A write to the pipe of a connection gone must fail, not kill us. */
    sigset_t pipe_signal;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_signal, NULL);
    web_answer a = web_answer_request(s->o, &s->q, &s->stop, s);
    pthread_mutex_lock(&s->lock);
    const bool early = !s->streaming;
    if (early) {
        s->early = a;
        s->answered = true;
        pthread_cond_signal(&s->news);
    }
    pthread_mutex_unlock(&s->lock);
    if (!early) {
        static const char no_memory[] = "{\"error\":\"out of memory\"}\n";
        const char *last = a.body ? a.body : no_memory;
        gts_write_all(s->out, last, strlen(last));
        free(a.body);
    }
    close(s->out);
    web_watch_remove(s->w, s->slot);
    let_go(s);
    return NULL;
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

struct MHD_Response *web_stream_start(const web_options *o, web_watch *w, web_request *q, double deadline, int fd,
                                      void **state, web_answer *plain)
{
    stream *s = calloc(1, sizeof *s);
    int ends[2] = { -1, -1 };
    if (!s || pipe(ends) != 0) {
        free(s);
        *plain = web_error(503, "no pipe to be had for the answer");
        return NULL;
    }
    s->o = o;
    s->w = w;
    s->q = *q;
    s->stop = (gts_stop)GTS_STOP_INIT;
    s->out = ends[1];
    atomic_init(&s->holders, 2);
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->news, NULL);
    struct MHD_Response *r = MHD_create_response_from_pipe(ends[0]);
    s->slot = r ? web_watch_add(w, &s->stop, deadline, fd) : -1;
    if (s->slot < 0 || !start(s)) {
        *plain = web_error(503, "too many searches at once (%d), or no thread to be had", WEB_SLOTS);
        if (s->slot >= 0)
            web_watch_remove(w, s->slot);
        if (r)
            MHD_destroy_response(r);   /* closes ends[0] */
        else
            close(ends[0]);
        close(ends[1]);
        drop(s);
        return NULL;
    }
    *q = (web_request){ 0 };
    if (answered_first(s)) {
        *plain = s->early;
        MHD_destroy_response(r);
        let_go(s);
        return NULL;
    }
    *plain = (web_answer){ 0 };
    *state = s;
    return r;
}

void web_stream_closed(web_watch *w, void *state)
{
    stream *s = state;
    web_watch_closed(w, s->slot, &s->stop);
    let_go(s);
}
