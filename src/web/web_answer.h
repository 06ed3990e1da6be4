/*
 * Internal to the server: an answer of the JSON API, whatever asked for
 * it (a game's API, the routing, the place among the searches), and the
 * one-line JSON error every refusal is.
 */
#ifndef GTS_WEB_ANSWER_H
#define GTS_WEB_ANSWER_H

/* An answer: an HTTP status and a JSON body (malloc'd; the caller frees),
 * with a Retry-After of that many seconds when not 0 (a busy server). */
typedef struct web_answer {
    int status;
    char *body;
    int retry_after;
} web_answer;

/* A one-line JSON error answer: {"error":"..."}, the message escaped. */
web_answer web_error(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
