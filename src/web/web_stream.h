/*
 * Internal to the server: an answer with its progress, as lines of JSON
 * (application/x-ndjson) sent as they come.  The search runs on a thread
 * of its own and writes its lines into a pipe that libmicrohttpd sends on;
 * the last line is the answer (or its error, the HTTP status being sent
 * already).
 */
#ifndef GTS_WEB_STREAM_H
#define GTS_WEB_STREAM_H

#include <microhttpd.h>

#include "web/web_api.h"
#include "web/web_watch.h"

/* Starts answering q within deadline, its search in w with the client's
 * socket fd, and waits for its first line.  Returns the response that
 * streams the lines (*state then holds the stream for web_stream_closed),
 * or NULL with the answer to send as an ordinary one in *plain: the
 * answer came before any progress (a bad request, a search without
 * progress), or every slot is taken, or no pipe or thread can be had.  q
 * is taken over when the search starts (and left to the caller if not). */
struct MHD_Response *web_stream_start(const web_options *o, web_watch *w, web_request *q, double deadline, int fd,
                                      void **state, web_answer *plain);

/* The stream's connection has closed (answered, or the client gone). */
void web_stream_closed(web_watch *w, void *state);

#endif
