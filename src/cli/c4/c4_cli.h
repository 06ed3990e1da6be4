/*
 * Internal to the gts command: what the gts c4 commands share.  Their
 * options (cli/c4/c4_cmd.c reads them into a c4_cli), position lines and the
 * standard test sets (cli/c4/c4_sets.c), and each command's entry point.
 */
#ifndef GTS_C4_CLI_H
#define GTS_C4_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/cli.h"
#include "mpi/farm.h"
#include "gts/c4_book.h"
#include "gts/c4_gpu.h"
#include "gts/c4_solver.h"
#include "gts/stop.h"

/* bench --threads: at most this many thread counts. */
#define C4_BENCH_MAX_THREADS 16

/* The options of a gts c4 command (the defaults where not given). */
typedef struct c4_cli {
    c4_geom g;                  /* --width, --height */
    c4_options opt;             /* --algo, --threads, --tt-mb; opt.stop: &stop; opt.book: --book once loaded */
    bool tt_given;              /* --tt-mb was given (perft: else the set is sized from the depth) */
    gts_stop stop;              /* raised by Ctrl-C (cli_stop_on_interrupt) */
    bool weak, json, csv;
    bool mpi;                   /* solve: --mpi, the lines dealt over MPI ranks (mpi/farm.h) */
    const char *checkpoint;     /* solve --mpi: --checkpoint FILE, or NULL */
    long mpi_split;             /* solve: --mpi-split S (mpi/split_transport.h), or -1 */
    const char *book_path, *output, *data_dir;
    const char *plot;           /* bench: --plot FILE.svg|png, or NULL */
    const char *algo_list;      /* bench: --algo's comma list, or NULL */
    int threads[C4_BENCH_MAX_THREADS], nthreads;   /* bench: --threads' list (none given: 0) */
    long depth, limit;          /* --depth (-1: not given), --limit (0: all) */
    /* GPU: --gpu (solve: on the device; bench: the Table 1 rows),
     * --executor cpu, --split-depth (-1: default, -2: auto),
     * --gpu-tt-mb (0: default), --gpu-budget (first-round nodes per item;
     * -1: default) */
    bool gpu, gpu_on_cpu;
    int gpu_device;             /* --gpu-device N, or -1 */
    int gpus;                   /* solve --gpu: --gpus N, or 0 */
    int split_depth;
    size_t gpu_tt_bytes;
    long gpu_budget;
    const char *first, *second;    /* play: the players */
    bool distinct;                  /* perft */
} c4_cli;

/* The GPU solver's options: gts's best, with --split-depth, --gpu-budget,
 * --gpu-tt-mb, --executor, --threads (for the CPU executor) and the stop
 * token as given. */
c4_gpu_options c4_cli_gpu_options(const c4_cli *c);

/* Prints err, the reason a GPU path failed, with what to do where there
 * is no device (the CPU executor runs the same code); returns EXIT_FAIL. */
int c4_gpu_failed(const c4_cli *c, const char *err);

/* The GPU solver with options o; NULL after an error line, with *status
 * EXIT_USAGE for options it does not take, EXIT_FAIL if the device cannot
 * be used. */
/* --mpi's order: the lines with the fewest stones (the longest to solve)
 * first, the length of the moves standing for it (cli/c4/c4_solve_cmd.c). */
long c4_cli_fewest_stones(void *ctx, const char *line);

/* Before the GPU is opened: the device of --gpu-device, or under --mpi
 * the rank's own (its index among the host's ranks, modulo the GPUs);
 * -1 after an error line. */
int c4_cli_choose_gpu(const c4_cli *c);

c4_gpu *c4_cli_gpu_open(const c4_cli *c, const c4_gpu_options *o, int *status);

/* Prints "gts: <what> (see 'gts c4 --help')"; returns EXIT_USAGE. */
int c4_usage_error(const char *what);

/* Loads the book named by --book (if any) into c->opt.book and *book (to
 * free with c4_book_free); -1 after an error line. */
int c4_load_book(c4_cli *c, c4_book **book);

/* A line of a position file: "moves [expected_score]", '-' for the empty
 * board.  Returns 1 with the position (and *has_expected, *expected), 0 for
 * a blank or '#' comment line, or -1 with a reason in err.  The moves'
 * text, '-' for the empty board, goes to shown (at least 128 bytes). */
int c4_read_line(const c4_geom *g, const char *line, c4_pos *p, char *shown, bool *has_expected, int *expected,
                 char *err, size_t errlen);

/* The score an expected (exact) score asks of a solve: its sign with
 * --weak. */
static inline int c4_cli_want(const c4_cli *c, int expected)
{
    return c->weak ? cli_sign(expected) : expected;
}

/* A solved input line, as solve prints it. */
typedef struct c4_solved_line {
    const char *where;          /* the file, "-" for stdin */
    long lineno;
    const char *shown;          /* the moves as given, '-' for the empty board */
    int score;
    uint64_t nodes;
    int64_t searched;           /* c4_result's, -1 where not counted (the GPU) */
    double usec;
    bool has_expected;
    int expected;               /* the exact score, also with --weak */
} c4_solved_line;

/* Prints l on stdout ("moves score nodes usec", or its JSON object with
 * the nodes that searched children and the expected score), flushed if
 * flush; a score other than the expected one (its sign with --weak) is
 * reported on stderr and counted in t. */
void c4_print_solved(const c4_cli *c, const c4_solved_line *l, bool flush, FILE *out, FILE *err, solve_totals *t);

/* solve --mpi's --checkpoint (mpi/farm.h): its file, the options that
 * change an answer or its printing written in run, and the check of a
 * recorded output against its line's expected score. */
farm_checkpoint c4_cli_checkpoint(const c4_cli *c, char *run, size_t runlen);

/* A test set in memory (bench). */
typedef struct c4_set_position {
    c4_pos pos;
    int expected;
    bool has_expected;
} c4_set_position;

typedef struct c4_set {
    char label[64];
    c4_set_position *p;
    long n;
    long bad_lines;     /* reported and skipped */
} c4_set;

/* The standard sets by their usual names ("end-easy" = Test_L3_R1 ...). */
typedef struct c4_set_name {
    const char *name, *file;
} c4_set_name;
extern const c4_set_name c4_set_names[];
extern const int c4_nsets;

/* Finds a set: a file path as given, or a set name or file name looked up
 * in data_dir alone (--data or $GTS_DATA: cli_data_override), or without
 * one in ../shared/data/connect4 (the full sets beside a checkout), then
 * the bundled samples (cli_bundled_file).  -1 if it is nowhere. */
int c4_find_set(const char *arg, const char *data_dir, char *path, size_t len, char *label, size_t llen);

/* Reads at most limit positions (0: all) of a set into s (s->p to free,
 * also after a failure); bad lines are reported, counted and skipped.
 * -1 after an error line if the file cannot be read whole. */
int c4_load_set(const c4_geom *g, const char *path, long limit, c4_set *s);

/* The gts c4 commands, after their options: argc and argv are the
 * operands alone. */
int c4_solve_main(c4_cli *c, int argc, char **argv);       /* cli/c4/c4_solve_cmd.c */
int c4_analyze_main(c4_cli *c, int argc, char **argv);     /* cli/c4/c4_solve_cmd.c */
int c4_solve_gpu_main(c4_cli *c, int argc, char **argv);   /* cli/c4/c4_gpu_cmd.c: solve --gpu */
int c4_book_main(c4_cli *c, int argc, char **argv);        /* cli/c4/c4_book_cmd.c */
int c4_play_main(c4_cli *c, int argc, char **argv);        /* cli/c4/c4_play_cmd.c */
int c4_perft_main(c4_cli *c, int argc, char **argv);       /* cli/c4/c4_perft_cmd.c */
int c4_bench_main(c4_cli *c, int argc, char **argv);       /* cli/c4/c4_bench_cmd.c */

#endif
