/*
 * Internal to the server: an answer with its progress, as lines of JSON
 * (application/x-ndjson) sent as they come.  The search runs on a thread
 * of its own and leaves its lines in memory, never waiting on the client;
 * libmicrohttpd takes them from there.  When no line has come for
 * WEB_KEEPALIVE_SECONDS an empty line goes instead, so the stream never
 * falls silent (issue 38, #9: a Gomoku search silent for 30 s after depth
 * 8 was cut by the connection's timeout, its answer lost) and a client
 * that has gone is found by the write that fails.  The last line is the
 * answer, or its error (the HTTP status being sent already), and the
 * chunked reply is ended.
 */
#ifndef GTS_WEB_STREAM_H
#define GTS_WEB_STREAM_H

#include <microhttpd.h>
#include <stdint.h>

#include "web/web_games.h"
#include "web/web_jobs.h"
#include "web/web_watch.h"

#define WEB_KEEPALIVE_SECONDS 2

/* Starts answering q for client within deadline: its place among the
 * searches taken from jobs (waiting for one says {"queued":N} first), its
 * stop token in w with the client's socket fd; waits for its first line.
 * Returns the response that streams the lines, or NULL with the answer to
 * send as an ordinary one in *plain: the answer came before any progress
 * (a bad request, a busy server), or no thread can be had.  q is taken
 * over. */
struct MHD_Response *web_stream_start(const web_options *o, web_watch *w, web_jobs *jobs, uint32_t client,
                                      web_request *q, double deadline, int fd, web_answer *plain);

#endif
