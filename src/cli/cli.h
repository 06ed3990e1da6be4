/* Internal to the gts command: shared helpers of the front end. */
#ifndef GTS_CLI_H
#define GTS_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "gts/c4_solver.h"

/* Exit codes of every command. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };

/* Prints "gts: <message>" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parses a whole decimal integer within [min, max]; -1 if it is not one. */
int cli_int(const char *s, long min, long max, long *out);

/* Ctrl-C during a search interrupts it: the solver's search stops and
 * cli_interrupted() turns true, so commands can finish what they print. */
void cli_watch_interrupts(c4_solver *s);
bool cli_interrupted(void);

/* Progress on stderr, only when stderr is a terminal and at most a few
 * times a second; cli_progress_done ends the line. */
void cli_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_progress_done(void);

/* A line of a position file: "moves [expected_score]", '-' for the empty
 * board.  Returns 1 with the position (and *has_expected, *expected), 0 for
 * a blank or '#' comment line, or -1 with a reason in err.  The moves'
 * text, '-' for the empty board, goes to shown (at least 128 bytes). */
int cli_read_line(const c4_geom *g, const char *line, c4_pos *p, char *shown, bool *has_expected, int *expected,
                  char *err, size_t errlen);

/* Monotonic clock in microseconds. */
double cli_now_usec(void);

/* Writes s as a JSON string, quotes included. */
void cli_json_string(FILE *f, const char *s);

/* Options of the gts c4 commands. */
typedef struct c4_cli {
    c4_geom g;
    c4_options opt;
    bool weak, json, csv;
    const char *book_path, *output, *data_dir;
    const char *algo_list, *thread_list;   /* bench: comma lists */
    long depth, limit;
} c4_cli;

/* Command entry points. */
int c4_main(int argc, char **argv);
int c4_bench_main(int argc, char **argv, const c4_cli *c);
int signature_main(int argc, char **argv);

#endif
