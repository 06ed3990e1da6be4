/*
 * Internal to the server: where a search's progress lines go.  A game's
 * API writes its lines here without knowing who reads them: a streamed
 * answer (web_stream.c) sends them to its client; a plain answer has no
 * progress (NULL).  The sink is a function of its own so that the games'
 * files, which the stream calls, never call the stream back.
 */
#ifndef GTS_WEB_PROGRESS_H
#define GTS_WEB_PROGRESS_H

#include <stddef.h>

typedef struct web_progress web_progress;

/* A sink: takes one line (its newline included, len bytes).  A streamed
 * answer's state begins with it. */
struct web_progress {
    void (*line)(web_progress *p, const char *line, size_t len);
};

/* One line of progress, a JSON object (nothing when p is NULL, nor when
 * it would pass 510 bytes).  A line that cannot be sent (the client has
 * gone) stops the request's search. */
void web_progress_line(web_progress *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
