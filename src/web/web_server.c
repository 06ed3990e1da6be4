/*
 * gts serve's HTTP side (web.h) on libmicrohttpd: a thread per connection
 * (a long analysis in one tab starves no other), at most
 * WEB_CONNECTIONS_PER_CLIENT connections a client and WEB_CONNECTIONS in
 * all, a deadline for each request's headers (web_conns.h), a bounded
 * number of searches (web_jobs.h), what a request asks for from
 * web_route.c, the answers from the games' APIs (web_games.h), and a
 * watchdog loop that raises a request's stop token at its time bound,
 * when its client has gone, and every one when the server stops.
 */
#include "web/web.h"

#include <arpa/inet.h>
#include <malloc.h>
#include <microhttpd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "web/web_answer.h"
#include "web/web_games.h"
#include "web/web_conns.h"
#include "web/web_jobs.h"
#include "web/web_route.h"
#include "web/web_stream.h"
#include "web/web_watch.h"

#define MAX_FILE (1 << 20)    /* the page's files are small; a larger one is refused */

typedef struct server {
    const web_options *o;
    web_watch w;
    web_jobs jobs;
    web_conns conns;
} server;

/* Sends r (NULL: none could be made) with its type, uncached, and a
 * Retry-After when retry_after is not 0. */
static enum MHD_Result queue(struct MHD_Connection *c, int status, const char *type, struct MHD_Response *r,
                             int retry_after)
{
    if (!r)
        return MHD_NO;
    MHD_add_response_header(r, "Content-Type", type);
    MHD_add_response_header(r, "Cache-Control", "no-store");
    if (retry_after) {
        char seconds[16];
        snprintf(seconds, sizeof seconds, "%d", retry_after);
        MHD_add_response_header(r, "Retry-After", seconds);
    }
    const enum MHD_Result rc = MHD_queue_response(c, (unsigned)status, r);
    MHD_destroy_response(r);
    return rc;
}

static enum MHD_Result send_answer(struct MHD_Connection *c, web_answer a)
{
    if (!a.body)
        return MHD_NO;
    return queue(c, a.status, "application/json",
                 MHD_create_response_from_buffer(strlen(a.body), a.body, MHD_RESPMEM_MUST_FREE), a.retry_after);
}

static enum MHD_Result send_file(struct MHD_Connection *c, const server *s, const char *name, const char *type)
{
    char path[4096];
    FILE *f = NULL;
    if (snprintf(path, sizeof path, "%s/%s", s->o->www, name) < (int)sizeof path)
        f = fopen(path, "rb");
    if (!f)
        return send_answer(c, web_error(404, "no such page: /%.80s", name));
    char *body = malloc(MAX_FILE);
    const size_t len = body ? fread(body, 1, MAX_FILE, f) : 0;
    const bool whole = body && feof(f) && !ferror(f);
    fclose(f);
    if (!whole) {
        free(body);
        return send_answer(c, web_error(500, "cannot read %.80s", name));
    }
    return queue(c, 200, type, MHD_create_response_from_buffer(len, body, MHD_RESPMEM_MUST_FREE), 0);
}

/* GET /api/status: the searches in (running or waiting for a place). */
static enum MHD_Result send_status(struct MHD_Connection *c, server *s)
{
    int running, waiting;
    web_jobs_count(&s->jobs, &running, &waiting);
    web_answer a = { .status = 200, .body = malloc(96) };
    if (a.body)
        snprintf(a.body, 96, "{\"searches\":%d,\"running\":%d,\"waiting\":%d}\n", web_watch_check(&s->w, false),
                 running, waiting);
    return send_answer(c, a);
}

static web_conn *conn_of(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info ? info->socket_context : NULL;
}

/* The answer to q, or with progress its progress and then the answer
 * (web_stream.h); q is freed. */
static enum MHD_Result answer(struct MHD_Connection *c, server *s, web_request *q, bool progress)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    const int fd = info ? info->connect_fd : -1;
    const double deadline = gts_now_usec() + s->o->max_seconds * 1e6;
    const uint32_t client = web_conn_client(conn_of(c));
    web_answer a;
    if (web_answer_cached(s->o, q, &a)) {   /* with or without progress: the answer at once */
        web_request_free(q);
        return send_answer(c, a);
    }
    if (progress) {
        struct MHD_Response *r = web_stream_start(s->o, &s->w, &s->jobs, client, q, deadline, fd, &a);
        return r ? queue(c, 200, "application/x-ndjson", r, 0) : send_answer(c, a);
    }
    gts_stop stop = GTS_STOP_INIT;
    const int slot = web_watch_add(&s->w, &stop, deadline, fd);
    if (slot < 0) {
        a = web_error(503, "too many searches at once (%d)", WEB_SLOTS);
    } else {
        if (web_jobs_enter(&s->jobs, client, &stop, NULL, NULL, &a) == 0) {
            a = web_answer_request(s->o, q, &stop, NULL);
            web_jobs_leave(&s->jobs, client);
        }
        web_watch_remove(&s->w, slot);
    }
    web_request_free(q);
    return send_answer(c, a);
}

static const char *argument(void *ctx, const char *name)
{
    return MHD_lookup_connection_value(ctx, MHD_GET_ARGUMENT_KIND, name);
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c, const char *url, const char *method,
                                  const char *version, const char *upload, size_t *upload_size, void **state)
{
    (void)version, (void)upload;
    server *s = cls;
    if (!*state) {   /* the headers: answer once the (empty) body is in */
        *state = c;
        return MHD_YES;
    }
    if (*upload_size) {
        *upload_size = 0;   /* a body is read and ignored: nothing here takes one */
        return MHD_YES;
    }
    web_conns_request_in(&s->conns, conn_of(c));
    const char *host = MHD_lookup_connection_value(c, MHD_HEADER_KIND, MHD_HTTP_HEADER_HOST);
    web_route r = web_route_request(method, url, host, s->o->hosts, s->o->nhosts, argument, c);
    switch (r.kind) {
    case WEB_ROUTE_ANSWER:
        return send_answer(c, r.answer);
    case WEB_ROUTE_FILE:
        return send_file(c, s, r.file, r.type);
    case WEB_ROUTE_STATUS:
        return send_status(c, s);
    case WEB_ROUTE_SEARCH:
        break;
    }
    return answer(c, s, &r.q, r.progress);
}

/* A request is over: the connection's next one has its deadline. */
static void on_completed(void *cls, struct MHD_Connection *c, void **state, enum MHD_RequestTerminationCode why)
{
    (void)why;
    server *s = cls;
    web_conns_request_done(&s->conns, conn_of(c));
    *state = NULL;
}

static void on_connection(void *cls, struct MHD_Connection *c, void **context, enum MHD_ConnectionNotificationCode code)
{
    server *s = cls;
    if (code == MHD_CONNECTION_NOTIFY_CLOSED) {
        web_conns_close(&s->conns, *context);
        *context = NULL;
        return;
    }
    const union MHD_ConnectionInfo *fd = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    const union MHD_ConnectionInfo *addr = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    uint32_t client = 0;
    if (addr && addr->client_addr->sa_family == AF_INET)
        client = ntohl(((const struct sockaddr_in *)(const void *)addr->client_addr)->sin_addr.s_addr);
    *context = fd ? web_conns_open(&s->conns, fd->connect_fd, client) : NULL;
}

static struct MHD_Daemon *start(server *s, const struct sockaddr_in *addr)
{
    return MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, (uint16_t)s->o->port, NULL, NULL,
        on_request, s, MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)addr, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned)WEB_CONNECTIONS, MHD_OPTION_PER_IP_CONNECTION_LIMIT, (unsigned)WEB_CONNECTIONS_PER_CLIENT,
        MHD_OPTION_CONNECTION_TIMEOUT, 30u, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, s, MHD_OPTION_NOTIFY_CONNECTION, on_connection, s,
        MHD_OPTION_END);
}

int web_serve(const web_options *o, void (*ready)(int port, void *ctx), void *ctx, char *err, size_t errlen)
{
    struct sockaddr_in addr = { .sin_family = AF_INET, .sin_port = htons((uint16_t)o->port) };
    if (inet_pton(AF_INET, o->bind, &addr.sin_addr) != 1) {
        snprintf(err, errlen, "--bind %s: not an IPv4 address", o->bind);
        return -1;
    }
    /* Each search's table is malloc'd and freed; glibc serves a large
     * block from its heaps once one that size has been freed, and keeps
     * it after the free (issue 38, #10: 2.3-2.5 GB kept after a burst).  A
     * fixed threshold maps every table on its own and gives it back to
     * the system when freed (docs/notes/serve.md). */
    mallopt(M_MMAP_THRESHOLD, 256 << 10);
    server s = { .o = o };
    web_watch_init(&s.w);
    web_jobs_init(&s.jobs, o->searches);
    web_conns_init(&s.conns, o->client_seconds);
    struct MHD_Daemon *d = start(&s, &addr);
    if (!d) {
        snprintf(err, errlen, "cannot listen on %s:%d (in use, or not an address of this machine)", o->bind,
                 o->port);
    } else {
        const union MHD_DaemonInfo *info = MHD_get_daemon_info(d, MHD_DAEMON_INFO_BIND_PORT);
        ready(info ? info->port : o->port, ctx);
        const struct timespec tick = { 0, 10 * 1000 * 1000 };
        while (!gts_stop_raised(o->stop)) {
            web_watch_check(&s.w, false);
            web_conns_check(&s.conns, gts_now_usec());
            nanosleep(&tick, NULL);
        }
        /* Every search ends within its next stop check; then the
         * threads, and the streams' searches (their connections may have
         * closed first). */
        web_watch_check(&s.w, true);
        MHD_stop_daemon(d);
        web_watch_wait_idle(&s.w);
    }
    web_conns_destroy(&s.conns);
    web_jobs_destroy(&s.jobs);
    web_watch_destroy(&s.w);
    return d ? 0 : -1;
}
