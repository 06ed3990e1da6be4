/*
 * Internal to the gts command: what every command shares, whatever its
 * game: exit codes, errors, whole numbers, Ctrl-C, progress, protocol
 * replies, JSON strings, reading input files line by line, and the entry
 * points main() dispatches to.  A game's commands keep their own types in
 * a header of their own (the Connect 4 ones in c4_cli.h).
 */
#ifndef GTS_CLI_H
#define GTS_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "gts/stop.h"

/* Exit codes of every command, one rule for all: EXIT_USAGE when the
 * command line is wrong (an unknown option, a bad option value, a missing
 * or extra operand), EXIT_FAIL when the input is (a position, a file, a
 * line that does not parse; a wrong score; a file that cannot be read),
 * EXIT_INTERRUPTED after Ctrl-C. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };

/* Prints "gts: <message>" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parses a whole decimal integer within [min, max]; -1 if it is not one. */
int cli_int(const char *s, long min, long max, long *out);

/* From this call on, Ctrl-C raises stop, the token the command gave its
 * searches (they stop soon; NULL: none), and cli_interrupted() turns true
 * for the rest of the command, so that it can finish what it prints and
 * exit with EXIT_INTERRUPTED.  Before the first call Ctrl-C kills. */
void cli_stop_on_interrupt(gts_stop *stop);
bool cli_interrupted(void);

/* Progress on stderr, only when stderr is a terminal and at most a few
 * times a second; cli_progress_done ends the line. */
void cli_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_progress_done(void);

/* A line on stderr when a long command finishes a row of its table (a set,
 * a board size, a variant), only when stderr is not a terminal: a log or a
 * pipe then shows that the command is alive, where a terminal has
 * cli_progress. */
void cli_row_done(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Monotonic clock in microseconds. */
double cli_now_usec(void);

/* Writes s as a JSON string, quotes included. */
void cli_json_string(FILE *f, const char *s);

/* What a solve command counts, and how it ends: a one-line summary of what
 * went wrong on stderr and the exit status (status if all went well). */
typedef struct solve_totals {
    long positions, mismatches, bad_lines;
} solve_totals;
int cli_solve_status(const solve_totals *t, int status);

/* -1, 0 or 1: a score as a weak result. */
static inline int cli_sign(int v)
{
    return (v > 0) - (v < 0);
}

/* Hands every line of the files named (standard input for none, or "-")
 * to on_line, and calls on_file_end (if not NULL) after each file.  A file
 * that cannot be opened is reported and the rest go on.  A callback
 * returning non-zero, or Ctrl-C, stops the reading.  Returns EXIT_OK, or
 * EXIT_FAIL if a file was missing or a callback stopped it. */
typedef int (*cli_line_fn)(void *ctx, const char *file, long lineno, const char *line);
int cli_each_line(int argc, char **argv, cli_line_fn on_line, int (*on_file_end)(void *ctx), void *ctx);

/* The commands main() dispatches to. */
/* gts c4 ...: argv[0] is "c4" (c4_cmd.c). */
int c4_main(int argc, char **argv);
/* gts bench ...: argv[0] is "bench"; it takes --signature (signature.c). */
int signature_main(int argc, char **argv);
/* gts info ...: argv[0] is "info" (info.c). */
int info_main(int argc, char **argv);
/* gts reversi ...: argv[0] is "reversi". */
int reversi_main(int argc, char **argv);
/* gts gomoku ...: argv[0] is "gomoku". */
int gomoku_main(int argc, char **argv);
/* The Gomocup protocol on stdin/stdout (gts gomoku pbrain, or pbrain-gts);
 * options after the command name (argv[0]) as documented in --help. */
int gomoku_pbrain_main(int argc, char **argv);

#endif
