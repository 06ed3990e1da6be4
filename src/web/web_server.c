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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "web/web_api.h"
#include "web/web_stream.h"
#include "web/web_watch.h"

#define MAX_FILE (1 << 20)    /* the page's files are small; a larger one is refused */

typedef struct server {
    const web_options *o;
    web_watch w;
} server;

/* Sends r (NULL: none could be made) with its type, uncached. */
static enum MHD_Result queue(struct MHD_Connection *c, int status, const char *type, struct MHD_Response *r)
{
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    const enum MHD_Result rc = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result reply(struct MHD_Connection *c, int status, const char *type, void *body, size_t len,
                            enum MHD_ResponseMemoryMode mode)
{
    return queue(c, status, type, MHD_create_response_from_buffer(len, body, mode));
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
        snprintf(a.body, 64, "{\"searches\":%d}\n", web_watch_check(&s->w, false));
    return send_answer(c, a);
}

static char *argument(struct MHD_Connection *c, const char *name)
{
    const char *v = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, name);
    return v ? strdup(v) : NULL;
}

/* The answer to q, or with progress=1 its progress and then the answer
 * (web_stream.h); q is freed. */
static enum MHD_Result answer(struct MHD_Connection *c, server *s, web_request *q, bool progress, void **state)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    const int fd = info ? info->connect_fd : -1;
    const double deadline = gts_now_usec() + s->o->max_seconds * 1e6;
    if (progress) {
        web_answer plain;
        struct MHD_Response *r = web_stream_start(s->o, &s->w, q, deadline, fd, state, &plain);
        web_request_free(q);
        return r ? queue(c, 200, "application/x-ndjson", r) : send_answer(c, plain);
    }
    gts_stop stop = GTS_STOP_INIT;
    const int slot = web_watch_add(&s->w, &stop, deadline, fd);
    web_answer a;
    if (slot < 0) {
        a = web_error(503, "too many searches at once (%d)", WEB_SLOTS);
    } else {
        a = web_answer_request(s->o, q, &stop, NULL);
        web_watch_remove(&s->w, slot);
    }
    web_request_free(q);
    return send_answer(c, a);
}

/* An API request with its time bound and its client watched. */
static enum MHD_Result send_api(struct MHD_Connection *c, server *s, const char *url, void **state)
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
    const char *progress = MHD_lookup_connection_value(c, MHD_GET_ARGUMENT_KIND, "progress");
    if (progress && strcmp(progress, "0") != 0 && strcmp(progress, "1") != 0)
        return send_answer(c, web_error(400, "progress '%.16s': 1 (lines of progress, then the answer) or 0",
                                        progress));
    web_request q = { api == C4 ? WEB_C4 : api == OTHELLO ? WEB_OTHELLO : WEB_GOMOKU, argument(c, "moves"),
                      argument(c, "depth"), argument(c, "size"), argument(c, "ms") };
    return answer(c, s, &q, progress && progress[0] == '1', state);
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
    return strncmp(url, "/api/", 5) == 0 ? send_api(c, cls, url, state) : send_file(c, cls, url);
}

/* A connection's request is over: a stream's search stops if it still
 * runs (its client has gone). */
static void on_completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why)
{
    (void)why;
    server *s = cls;
    if (*state && *state != c)
        web_stream_closed(&s->w, *state);
    *state = NULL;
}

int web_serve(const web_options *o, void (*ready)(int port, void *ctx), void *ctx, char *err, size_t errlen)
{
    struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons((uint16_t)o->port) };
    if (inet_pton(AF_INET, o->bind, &addr.sin_addr) != 1) {
        snprintf(err, errlen, "--bind %s: not an IPv4 address", o->bind);
        return -1;
    }
    server s = { .o = o };
    web_watch_init(&s.w);
    struct MHD_Daemon *d = MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, (uint16_t)o->port, NULL, NULL, on_request,
        &s, MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr, MHD_OPTION_CONNECTION_LIMIT, (unsigned)WEB_SLOTS,
        MHD_OPTION_CONNECTION_TIMEOUT, 30u, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, &s, MHD_OPTION_END);
    if (!d) {
        snprintf(err, errlen, "cannot listen on %s:%d (in use, or not an address of this machine)", o->bind,
                 o->port);
        web_watch_destroy(&s.w);
        return -1;
    }
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
    ready(info ? info->port : o->port, ctx);
    const struct timespec tick = { 0, 10 * 1000 * 1000 };
    while (!gts_stop_raised(o->stop)) {
        web_watch_check(&s.w, false);
        nanosleep(&tick, NULL);
    }
    /* Every search ends within its next stop check; then the threads, and
     * the streams' searches (their connections may have closed first). */
    web_watch_check(&s.w, true);
    MHD_stop_daemon(d);
    web_watch_wait_idle(&s.w);
    web_watch_destroy(&s.w);
    return 0;
}
