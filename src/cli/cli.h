/* Internal to the gts command: shared helpers of the front end. */
#ifndef GTS_CLI_H
#define GTS_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "gts/c4_solver.h"
#include "gts/stop.h"

/* Exit codes of every command. */
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

/* A line of a position file: "moves [expected_score]", '-' for the empty
 * board.  Returns 1 with the position (and *has_expected, *expected), 0 for
 * a blank or '#' comment line, or -1 with a reason in err.  The moves'
 * text, '-' for the empty board, goes to shown (at least 128 bytes). */
int cli_read_line(const c4_geom *g, const char *line, c4_pos *p, char *shown, bool *has_expected, int *expected,
                  char *err, size_t errlen);

/* One line of an engine protocol on stdout, flushed at once: the GUI or
 * manager on the other end waits for it. */
void cli_reply(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Monotonic clock in microseconds. */
double cli_now_usec(void);

/* Writes s as a JSON string, quotes included. */
void cli_json_string(FILE *f, const char *s);

/* Options of the gts c4 commands. */
typedef struct c4_cli {
    c4_geom g;
    c4_options opt;             /* opt.stop: &stop */
    gts_stop stop;              /* raised by Ctrl-C (cli_stop_on_interrupt) */
    bool weak, json, csv;
    const char *book_path, *output, *data_dir;
    const char *algo_list, *thread_list;   /* bench: comma lists */
    long depth, limit;
    /* GPU: --gpu (solve: on the device; bench: the Table 1 rows),
     * --executor cpu, --split-depth (-1: default, -2: auto), --gpu-tt-mb (0: default) */
    bool gpu, gpu_on_cpu;
    int split_depth;
    size_t gpu_tt_bytes;
    long gpu_budget;
    const char *first, *second;    /* play: the players */
    bool distinct;                  /* perft */        /* --gpu-budget: first-round nodes per item; -1 default */
} c4_cli;

/* A test set in memory (bench). */
typedef struct position {
    c4_pos pos;
    int expected;
    bool has_expected;
} position;

typedef struct set {
    char label[64];
    position *p;
    long n;
    long bad_lines;     /* reported and skipped */
} set;

/* The standard sets by their usual names ("end-easy" = Test_L3_R1 ...). */
typedef struct c4_set_name {
    const char *name, *file;
} c4_set_name;
extern const c4_set_name c4_set_names[];
extern const int c4_nsets;

/* Finds a set: a file path as given, or a set name or file name looked up
 * in data_dir, $GTS_DATA, ../shared/data/connect4 and data/c4 in turn. */
int c4_find_set(const char *arg, const char *data_dir, char *path, size_t len, char *label, size_t llen);

/* Reads at most limit positions (0: all) of a set; bad lines are reported
 * and skipped. */
int c4_load_set(const c4_geom *g, const char *path, long limit, set *s);

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

/* Command entry points. */
int c4_main(int argc, char **argv);
int c4_bench_main(int argc, char **argv, const c4_cli *c);
int c4_solve_gpu_main(c4_cli *c, int argc, char **argv);
int c4_play_main(c4_cli *c, int argc, char **argv);
int c4_perft_main(c4_cli *c, int argc, char **argv);
int signature_main(int argc, char **argv);
/* gts reversi ...: argv[0] is "reversi". */
int reversi_main(int argc, char **argv);
/* gts gomoku ...: argv[0] is "gomoku". */
int gomoku_main(int argc, char **argv);
/* The Gomocup protocol on stdin/stdout (gts gomoku pbrain, or pbrain-gts);
 * options after the command name (argv[0]) as documented in --help. */
int gomoku_pbrain_main(int argc, char **argv);

#endif
