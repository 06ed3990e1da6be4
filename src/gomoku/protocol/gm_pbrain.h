/*
 * Internal: the Gomocup engine protocol, as the Piskvork manager and its
 * successors speak it (https://plastovicka.github.io/protocl2en.htm),
 * over the engine (gomoku/engine/gm_engine.h).
 *
 * One command a line, answered in turn: START and RECTSTART set up a
 * board, BEGIN, TURN and BOARD ... DONE ask for a move, INFO sets limits
 * and the rule, TAKEBACK, RESTART, PLAY, ABOUT and END do what the
 * protocol says.  Each line is parsed and dispatched here and its replies
 * written to the session's stream, so that a test can drive a session line
 * by line without pipes; gm_pbrain_run reads a manager's lines from a
 * stream.  The engine never reads while it thinks, so one thread is
 * enough.  Whatever goes wrong, a request for a move gets a legal move
 * while the game goes on; once it is over (a full board, a five on it),
 * ERROR with the reason, as it is for a request out of order (BEGIN on a
 * board with stones, a move before START).
 *
 *     gm_pbrain p;
 *     gm_pbrain_init(&p, 1, "1.0", stdout);
 *     gm_pbrain_run(&p, stdin);
 *     gm_pbrain_free(&p);
 */
#ifndef GTS_GM_PBRAIN_H
#define GTS_GM_PBRAIN_H

#include <stdbool.h>
#include <stdio.h>

#include "gomoku/engine/gm_engine.h"

/* The longest line read, its end excluded; longer ones are refused. */
#define GM_PBRAIN_LINE_MAX 4095

typedef struct gm_pbrain {
    gm_engine engine;
    FILE *out;                       /* the replies, a line each, flushed */
    const char *version;             /* ABOUT's version */
    bool in_board;                   /* between BOARD and DONE */
} gm_pbrain;

/* A session before START: threads (1..GM_ENGINE_MAX_THREADS) until INFO
 * thread_num, version for ABOUT, replies on out. */
void gm_pbrain_init(gm_pbrain *p, int threads, const char *version, FILE *out);
void gm_pbrain_free(gm_pbrain *p);

/* One line from the manager, without its line end (line is modified):
 * its replies, if any, on p->out.  Returns false after END. */
bool gm_pbrain_line(gm_pbrain *p, char *line);

/* Lines from in (ended by LF, CR or CR LF; control characters read as
 * '?') until END or the end of the input.  False when in could not be
 * read (errno says why). */
bool gm_pbrain_run(gm_pbrain *p, FILE *in);

#endif
