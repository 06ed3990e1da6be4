/*
 * gts serve's HTTP side (web.h) on libmicrohttpd: a thread per connection
 * (a long analysis in one tab starves no other), the page's files by plain
 * name only, the API's answers from web_api.c, and a watchdog thread that
 * raises a request's stop token at its time bound, when its client has
 * gone (a page's new request closes the one it replaces), and every one
 * when the server stops.
 */
#include "web/web.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <microhttpd.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "web/web_api.h"

#define SLOTS 64              /* connections at once, searching or not */
#define MAX_FILE (1 << 20)    /* the page's files are small; a larger one is refused */

/* The searches running: their stop tokens, deadlines and sockets. */
typedef struct watch {
    pthread_mutex_t lock;
    gts_stop *stop[SLOTS];
    double deadline[SLOTS];
    int fd[SLOTS];
} watch;

typedef struct server {
    const web_options *o;
    watch w;
} server;

static int watch_add(watch *w, gts_stop *stop, double deadline, int fd)
{
    pthread_mutex_lock(&w->lock);
    int slot = -1;
    for (int i = 0; i < SLOTS && slot < 0; i++)
        if (!w->stop[i]) {
            w->stop[i] = stop;
            w->deadline[i] = deadline;
            w->fd[i] = fd;
            slot = i;
        }
    pthread_mutex_unlock(&w->lock);
    return slot;
}

static void watch_remove(watch *w, int slot)
{
    pthread_mutex_lock(&w->lock);
    w->stop[slot] = NULL;
    pthread_mutex_unlock(&w->lock);
}

/* Whether the client of socket fd has closed its side (a request waits
 * for its answer without sending more, so any hang-up is a cancel). */
static bool hung_up(int fd)
{
    struct pollfd p = { .fd = fd, .events = POLLRDHUP };
    return fd >= 0 && poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

/* Raises the tokens past their deadline or of a client gone (all of them
 * when all); returns how many searches run. */
static int watch_check(watch *w, bool all)
{
    const double now = gts_now_usec();
    int running = 0;
    pthread_mutex_lock(&w->lock);
    for (int i = 0; i < SLOTS; i++) {
        if (!w->stop[i])
            continue;
        running++;
        if (all || now > w->deadline[i] || hung_up(w->fd[i]))
            gts_stop_raise(w->stop[i]);
    }
    pthread_mutex_unlock(&w->lock);
    return running;
}

static enum MHD_Result reply(struct MHD_Connection *c, int status, const char *type, void *body, size_t len,
                            enum MHD_ResponseMemoryMode mode)
{
    struct MHD_Response *r = MHD_create_response_from_buffer(len, body, mode);
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    const enum MHD_Result rc = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result send_answer(struct MHD_Connection *c, web_answer a)
{
    if (!a.body)
        return MHD_NO;
    return reply(c, a.status, "application/json", a.body, strlen(a.body), MHD_RESPMEM_MUST_FREE);
}

/* A file of the page by plain name: [a-z0-9_-]+ and an extension we
 * serve; anything else (a path, "..", an unknown type) is not found. */
static const char *file_type(const char *name)
{
    static const struct {
        const char *ext, *type;
    } types[] = { { ".html", "text/html; charset=utf-8" }, { ".js", "text/javascript; charset=utf-8" },
                  { ".css", "text/css; charset=utf-8" }, { ".svg", "image/svg+xml" } };
    size_t n = 0;
    while (name[n] && (islower((unsigned char)name[n]) || isdigit((unsigned char)name[n]) || name[n] == '_' ||
                       name[n] == '-'))
        n++;
    if (n == 0 || n > 64)
        return NULL;
    for (size_t i = 0; i < sizeof types / sizeof *types; i++)
        if (strcmp(name + n, types[i].ext) == 0)
            return types[i].type;
    return NULL;
}

static enum MHD_Result send_file(struct MHD_Connection *c, const server *s, const char *url)
{
    const char *name = strcmp(url, "/") == 0 ? "index.html" : url + 1;
    const char *type = file_type(name);
    char path[4096];
    FILE *f = NULL;
    if (type && snprintf(path, sizeof path, "%s/%s", s->o->www, name) < (int)sizeof path)
        f = fopen(path, "rb");
    if (!f)
        return send_answer(c, web_error(404, "no such page: %.80s", url));
    char *body = malloc(MAX_FILE);
    const size_t len = body ? fread(body, 1, MAX_FILE, f) : 0;
    const bool whole = body && feof(f) && !ferror(f);
    fclose(f);
    if (!whole) {
        free(body);
        return send_answer(c, web_error(500, "cannot read %.80s", name));
    }
    return reply(c, 200, type, body, len, MHD_RESPMEM_MUST_FREE);
}

/* GET /api/status: the searches running now. */
static enum MHD_Result send_status(struct MHD_Connection *c, server *s)
{
    web_answer a = { 200, malloc(64) };
    if (a.body)
        snprintf(a.body, 64, "{\"searches\":%d}\n", watch_check(&s->w, false));
    return send_answer(c, a);
}

/* An API request with its time bound and its client watched. */
static enum MHD_Result send_api(struct MHD_Connection *c, server *s, const char *url)
{
    enum { C4, OTHELLO, GOMOKU, STATUS, NONE } api = strcmp(url, "/api/c4") == 0        ? C4
                                                     : strcmp(url, "/api/othello") == 0 ? OTHELLO
                                                     : strcmp(url, "/api/gomoku") == 0  ? GOMOKU
                                                     : strcmp(url, "/api/status") == 0  ? STATUS
                                                                                        : NONE;
    if (api == NONE)
        return send_answer(c, web_error(404, "no such API: %.80s (there are /api/c4, /api/othello, /api/gomoku, "
                                             "/api/status)",
                                        url));
    if (api == STATUS)
        return send_status(c, s);
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    gts_stop stop = GTS_STOP_INIT;
    const int slot = watch_add(&s->w, &stop, gts_now_usec() + s->o->max_seconds * 1e6, info ? info->connect_fd : -1);
    if (slot < 0)
        return send_answer(c, web_error(503, "too many searches at once (%d)", SLOTS));
    if (gts_stop_raised(s->o->stop))
        gts_stop_raise(&stop);
    const char *moves = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "moves");
    web_answer a;
    if (api == C4)
        a = web_c4(s->o, moves, &stop);
    else if (api == OTHELLO)
        a = web_othello(s->o, moves, MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "depth"), &stop);
    else
        a = web_gomoku(s->o, MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "size"), moves,
                       MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "ms"), &stop);
    watch_remove(&s->w, slot);
    return send_answer(c, a);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **state)
{
    (void)version, (void)upload;
    if (!*state) {   /* the headers: answer once the (empty) body is in */
        *state = c;
        return MHD_YES;
    }
    if (*upload_size) {
        *upload_size = 0;   /* a body is read and ignored: nothing here takes one */
        return MHD_YES;
    }
    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        return send_answer(c, web_error(405, "method %.16s: only GET", method));
    return strncmp(url, "/api/", 5) == 0 ? send_api(c, cls, url) : send_file(c, cls, url);
}

int web_serve(const web_options *o, void (*ready)(int port, void *ctx), void *ctx, char *err, size_t errlen)
{
    struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons((uint16_t)o->port) };
    if (inet_pton(AF_INET, o->bind, &addr.sin_addr) != 1) {
        snprintf(err, errlen, "--bind %s: not an IPv4 address", o->bind);
        return -1;
    }
    server s = { .o = o };
    pthread_mutex_init(&s.w.lock, NULL);
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, (uint16_t)o->port, NULL, NULL, on_request,
        &s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr, MHD_OPTION_CONNECTION_LIMIT, (unsigned)SLOTS,
        MHD_OPTION_CONNECTION_TIMEOUT, 30u, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768, MHD_OPTION_END);
    if (!d) {
        snprintf(err, errlen, "cannot listen on %s:%d (in use, or not an address of this machine)", o->bind,
                 o->port);
        pthread_mutex_destroy(&s.w.lock);
        return -1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    ready(info ? info->port : o->port, ctx);
    const struct timespec tick = { 0, 10 * 1000 * 1000 };
    while (!gts_stop_raised(o->stop)) {
        watch_check(&s.w, false);
        nanosleep(&tick, NULL);
    }
    /* Every search ends within its next stop check; then the threads. */
    watch_check(&s.w, true);
    MHD_stop_daemon(d);
    pthread_mutex_destroy(&s.w.lock);
    return 0;
}
