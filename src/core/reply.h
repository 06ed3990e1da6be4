/*
 * One reply line of an engine protocol (Gomocup, NBoard, GTP's answers):
 * the line and its newline, flushed at once, since the manager or GUI on
 * the other end waits for it before it sends anything more.
 */
#ifndef GTS_CORE_REPLY_H
#define GTS_CORE_REPLY_H

#include <stdio.h>

void gts_reply(FILE *out, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif
