/*
 * 8x8 Othello through the Go Text Protocol (version 2), which GoGui,
 * Quarry and game servers' bridges speak to engines (gts reversi gtp).
 *
 * GTP is strictly one command, one answer: "=[id] result" or "?[id]
 * error", each ended by an empty line.  Squares are Othello's a1..h8 (a1
 * top left, as in .obf files and move lists; any case) or "pass".  A side
 * with no legal move passes by itself: a move or genmove for the other
 * side puts the pass in first.  genmove plays the engine's move (exact at
 * few empty squares), reg_genmove only says it; "pass" at the game's end.
 * With time_settings and time_left the midgame search takes a share of
 * the time left (rv_clock.h; the exact endgame is not limited).
 *
 * rv_gtp_line answers one line, so that a test can drive the protocol
 * without pipes; rv_gtp_serve reads the lines of a stream.
 */
#ifndef GTS_RV_GTP_H
#define GTS_RV_GTP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "reversi/engine/rv_engine.h"

/* The longest line taken, its end included: rv_gtp_serve answers a longer
 * one "?[id] line too long (...): ignored"; rv_gtp_line reads no further. */
#define RV_GTP_LINE_MAX 4096

typedef struct rv_gtp {
    rv_engine eng;              /* the game, the clock, the searches (no stop token: GTP waits for each answer) */
    const char *version;        /* what "version" answers */
    FILE *out;                  /* the answers, each flushed */
    bool quit;                  /* "quit" was answered */
} rv_gtp;

/* An engine of settings s on a new game, answering to out; -1 with a
 * reason when out of memory. */
int rv_gtp_init(rv_gtp *g, const rv_engine_settings *s, const char *version, FILE *out, char *err, size_t errlen);
void rv_gtp_free(rv_gtp *g);

/* One line of input, its end of line optional: the answer on g->out,
 * nothing for a line empty but for spaces and a '#' comment. */
void rv_gtp_line(rv_gtp *g, const char *line);

/* Answers every line of in until "quit" or the end of the input: one
 * answer per command, with its id, whatever the bytes (control
 * characters, NUL among them, are removed first, as GTP asks; a line too
 * long is answered as an error). */
void rv_gtp_serve(rv_gtp *g, FILE *in);

#endif
