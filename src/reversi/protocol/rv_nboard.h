/*
 * The NBoard engine protocol (version 2), as the NBoard Othello GUI speaks
 * it to the engines it starts (gts reversi nboard), over the Reversi
 * engine.
 *
 * The GUI keeps the game and tells the engine about it: "set game" with a
 * whole GGF game, "move" for each move after, "set depth" for the search
 * depth.  "go" asks for the engine's move ("=== F5/eval/seconds"; the
 * engine does not play it: the GUI sends it back as a "move"), "hint N"
 * for the values of the N best moves (between two "status" lines, N
 * "search" lines for each depth from 1 to the set depth as it ends, or
 * for the exact solve, then "nodestats"), "ping N" for "pong N" once
 * everything before it is done.
 * NBoard tells the engine nothing of the time: the searches are bounded
 * by their depth alone.
 *
 * rv_nboard_serve reads the lines in a thread of its own.  A search for
 * "hint" or "analyze" stops as soon as another line comes (the GUI sends
 * "ping" when the position changes, and the protocol asks the engine to
 * stop thinking then); what it finished (a hint's last whole depth, the
 * moves an exact one solved) is reported, with every node searched, before
 * the next line is taken.  A search for "go" runs to its end unless "quit"
 * has come (then nothing is answered: quit ends the engine at once).  The
 * end of the input stops nothing: what came before it is answered, then
 * the engine ends.  Every line is answered in order, so "pong N" always
 * comes after the replies to what came before it.
 *
 * Midgame positions are searched to the set depth (PVS, the report's
 * evaluation: values in discs, i.e. the evaluation's hundredths / 100, a
 * proven result as its exact disc difference); positions with at most
 * --endgame empty squares (default twice the depth, at most 20) are solved
 * exactly, and their values are the exact final disc difference (depth
 * "100%" in hint lines).  A bad or out-of-place line gets one line on the
 * error stream ("gts: ...") and is otherwise ignored.
 *
 * rv_nboard_line answers one line, so that a test can drive the protocol
 * without pipes (and raise the stop token itself to cut a search short).
 */
#ifndef GTS_RV_NBOARD_H
#define GTS_RV_NBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "gts/stop.h"
#include "reversi/engine/rv_engine.h"

/* The longest line rv_nboard_serve takes. */
#define RV_NBOARD_LINE_MAX 65536

typedef struct rv_nboard {
    rv_engine eng;              /* the game, the searches (eng.stop is &stop) */
    gts_stop stop;              /* every search's stop token */
    int contempt;               /* set contempt: kept, no search uses it */
    FILE *out, *err;            /* replies (each line flushed), error lines */
    /* Called before each search with whether a line that comes in should
     * stop it (hint, analyze) or only "quit" should (go): rv_nboard_serve
     * arms the stop token so.  NULL: the token is left as it is. */
    void (*before_search)(void *arg, bool cut_on_input);
    void *before_search_arg;
} rv_nboard;

/* An engine of settings s on the start position, replying to out, errors
 * to err; nb must stay where it is (the engine holds its stop token).  -1
 * with a reason when out of memory. */
int rv_nboard_init(rv_nboard *nb, const rv_engine_settings *s, FILE *out, FILE *err, char *errbuf, size_t errlen);
void rv_nboard_free(rv_nboard *nb);

/* One line from the GUI (without its end of line): its replies on
 * nb->out, or an error line on nb->err.  False at "quit". */
bool rv_nboard_line(rv_nboard *nb, const char *line);

/* One error line, "gts: <message>", on nb->err. */
void rv_nboard_error(rv_nboard *nb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Answers the lines of in_fd (CR LF or LF ended, the last one's end
 * optional, read by a thread of its own) until "quit" or the end of the
 * input.  A line with a NUL byte, or longer than RV_NBOARD_LINE_MAX, gets
 * its error line in its turn and is otherwise ignored.  After quit the reader may
 * still wait on in_fd: it no longer touches nb, and ends with the
 * process.  0, or -1 with a reason when the thread cannot start. */
int rv_nboard_serve(rv_nboard *nb, int in_fd, char *err, size_t errlen);

#endif
