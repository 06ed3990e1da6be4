/*
 * Internal to the gts command: what the gts c4 commands share, written
 * once below them.  Each command's file reads its own options from a table
 * (cli/cli_options.h) into a struct of its run; the entries several take
 * are the C4_OPT_* macros here, their parsers and checks in
 * cli/c4/c4_cli.c; bench's test sets are read in cli/c4/c4_sets.c, solve
 * --mpi's and --mpi-split's side of the MPI run-time is cli/c4/c4_mpi.c.
 */
#ifndef GTS_C4_CLI_H
#define GTS_C4_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "mpi/farm.h"
#include "mpi/split_transport.h"
#include "gts/c4_bench.h"
#include "gts/c4_book.h"
#include "gts/c4_gpu.h"
#include "gts/c4_solver.h"
#include "gts/stop.h"

/* Every option of the gts c4 commands: the `elsewhere` list of each
 * (cli/cli_options.h), so that one command names another's option as such. */
#define C4_OPTIONS                                                                                           \
    " width height weak algo threads tt-mb book json csv limit data depth output gpu split-depth gpu-tt-mb " \
    "executor gpu-budget first second distinct plot mpi checkpoint gpu-device mpi-split gpus gpu-only "

/* The usage of gts c4, which every command's --help prints. */
extern const char c4_usage_text[];

/* --width W, --height H: the board, checked by c4_parse_options. */
typedef struct c4_size {
    int width, height;
} c4_size;
#define C4_SIZE_INIT { C4_DEFAULT_WIDTH, C4_DEFAULT_HEIGHT }
#define C4_OPT_SIZE(s) CLI_OPT_INT("width", 0, &(s)->width, 1, 64), CLI_OPT_INT("height", 0, &(s)->height, 1, 64)

/* The solver's --algo, --threads and --tt-mb (given: set when it is on
 * the command line, or NULL) into a c4_options. */
int c4_parse_algo(void *algo, const char *text, char *err, size_t errlen);
#define C4_OPT_ALGO(o) CLI_OPT_CUSTOM("algo", &(o)->algo, c4_parse_algo, "solver, alphabeta, minimax")
#define C4_OPT_THREADS(o) CLI_OPT_INT("threads", 0, &(o)->threads, 1, 1024)
#define C4_OPT_TT(o, is_given) \
    { .name = "tt-mb", .kind = CLI_MB, .target = &(o)->tt_bytes, .min = 1, .max = 1 << 20, .given = (is_given) }

/* The GPU's options: --gpu, --executor gpu|cpu, --split-depth (-1:
 * default, -2: auto), --gpu-tt-mb (0: default), --gpu-budget (first-round
 * nodes per item; -1: default), --gpu-device N (-1: none), --gpus N (0:
 * one). */
typedef struct c4_gpu_flags {
    bool gpu;
    int executor;               /* 1: cpu (c4_executors) */
    int split_depth;
    size_t tt_bytes;
    long budget;
    int device, gpus;
} c4_gpu_flags;
#define C4_GPU_FLAGS_INIT { .split_depth = -1, .budget = -1, .device = -1 }
extern const char *const c4_executors[];
int c4_parse_split_depth(void *split_depth, const char *text, char *err, size_t errlen);
#define C4_OPT_EXECUTOR(f) CLI_OPT_CHOICE("executor", &(f)->executor, c4_executors)
#define C4_OPT_GPU(f) CLI_OPT_FLAG("gpu", 0, &(f)->gpu), C4_OPT_EXECUTOR(f)
#define C4_OPT_GPU_TT(f) CLI_OPT_MB("gpu-tt-mb", &(f)->tt_bytes, 1, 1 << 20)
#define C4_OPT_GPU_TUNING(f)                                                                   \
    CLI_OPT_CUSTOM("split-depth", &(f)->split_depth, c4_parse_split_depth, "0..8 or auto"), \
        CLI_OPT_LONG("gpu-budget", 0, &(f)->budget, 0, 1L << 40), C4_OPT_GPU_TT(f)
#define C4_OPT_GPU_DEVICE(f) CLI_OPT_INT("gpu-device", 0, &(f)->device, 0, 255)

/* cli_parse_options for `gts c4 <name>` (argv[0] the name), then the
 * board of size into g: the operand count (the operands left in
 * argv[1...]), or CLI_HELP or CLI_BAD (after an error line). */
int c4_parse_options(const char *name, int argc, char **argv, const cli_option *opts, const c4_size *size,
                     c4_geom *g);

/* Prints "gts: <what> (see 'gts c4 --help')"; returns EXIT_USAGE. */
int c4_usage_error(const char *what);

/* Loads the book of --book (path; NULL or "none": none) into opt->book
 * and *book (to free with c4_book_free); -1 after an error line. */
int c4_load_book(const char *path, const c4_geom *g, c4_options *opt, c4_book **book);

/* c4_load_book for solve and analyze: with no --book, the bundled book
 * where it can answer (the solver of --algo solver on 7x6, the book
 * installed), else none.  Its scores are exact, so an answer is the same
 * with it and without (--book none), only sooner within its depth. */
int c4_load_default_book(const char *path, const c4_geom *g, c4_options *opt, c4_book **book);

/* The GPU solver's options: gts's best, with --split-depth, --gpu-budget,
 * --gpu-tt-mb, --executor, --gpus, the CPU executor's threads and the stop
 * token as given. */
c4_gpu_options c4_cli_gpu_options(const c4_gpu_flags *f, int cpu_threads, gts_stop *stop);

/* Prints err, the reason a GPU path failed, with what to do where there
 * is no device (the CPU executor runs the same code); returns EXIT_FAIL. */
int c4_gpu_failed(const c4_gpu_flags *f, const char *err);

/* Before the GPU is opened and any other work: the device of --gpu-device,
 * or under --mpi the rank's own (its index among the host's ranks, modulo
 * the GPUs), then cli_gpu_check (no device: the error at once); -1 after
 * an error line. */
int c4_cli_choose_gpu(const c4_gpu_flags *f, bool mpi);

/* The GPU solver with options o; NULL after an error line (under --mpi
 * naming the rank), with *status EXIT_USAGE for options it does not take,
 * EXIT_FAIL if the device cannot be used. */
c4_gpu *c4_cli_gpu_open(const c4_geom *g, const c4_gpu_flags *f, bool mpi, const c4_gpu_options *o, int *status);

/* The score an expected (exact) score asks of a solve: its sign with
 * --weak. */
static inline int c4_want(bool weak, int expected)
{
    return weak ? cli_sign(expected) : expected;
}

/* gts c4 solve's options (cli/c4/c4_solve_cmd.c), which its --gpu
 * (cli/c4/c4_gpu_cmd.c) and --mpi (cli/c4/c4_mpi.c) sides read. */
/* c4 solve --gpu: the device beside the CPU threads opens once they have
 * worked this long (core/late.h): the CUDA start-up, some 370 ms on the
 * H200 host, is longer than whole standard sets take on the CPU threads'
 * batch (End-Easy 50 ms, Middle-Medium 200 ms), so those never pay it,
 * and a batch that lasts has the lanes join when the device is ready.  A
 * batch that ends while the device starts waits for it at the exit: at
 * 200 ms, Middle-Medium took 0.64 s against 0.20 s for the CPU alone
 * (bench/hybrid.sh at 15e607f).  Waiting about one start-up before paying
 * for one (the ski-rental rule) bounds that to twice the CPU's time. */
#define C4_GPU_AFTER_MS 400

typedef struct c4_solve_args {
    c4_geom g;
    c4_options opt;             /* --algo, --threads, --tt-mb; opt.stop: &stop; opt.book: --book once loaded */
    gts_stop stop;              /* raised by Ctrl-C (cli_stop_on_interrupt) */
    bool weak, json;
    bool threads_given;         /* --threads given (--gpu: else every core) */
    bool gpu_only;              /* --gpu-only: the lanes alone */
    long gpu_after_ms;          /* --gpu-after, or -1: C4_GPU_AFTER_MS (the executor: 0) */
    bool mpi;                   /* --mpi, the lines dealt over MPI ranks (mpi/farm.h) */
    const char *book, *checkpoint;
    long mpi_split;             /* --mpi-split S (mpi/split_transport.h), or -1 */
    c4_gpu_flags gpu;
} c4_solve_args;

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
void c4_print_solved(const c4_solve_args *a, const c4_solved_line *l, bool flush, FILE *out, FILE *err,
                     solve_totals *t);

/* solve --mpi (cli/c4/c4_mpi.c): farm_run with ops, the lines with the
 * fewest stones (the longest to solve) first, and a's --checkpoint
 * (mpi/farm.h), whose run names the options that change an answer or its
 * printing, each recorded output checked against its line's expected
 * score. */
int c4_mpi_farm(c4_solve_args *a, const farm_ops *ops, void *ctx, solve_totals *t, bool *root, int argc,
                char **argv);

/* solve --mpi-split (cli/c4/c4_mpi.c): each position by every rank
 * together, its probes split a->mpi_split plies down into window searches
 * dealt to the ranks, each on its solver s.  Start: 0 on rank 0 (*root
 * true), else -1 after the other ranks served theirs (*root false) or after
 * an error. */
typedef struct c4_mpi_split {
    const c4_solve_args *a;
    c4_solver *s;
    mpi_split *split;
    uint64_t nodes;             /* the ranks' nodes for the position */
} c4_mpi_split;
int c4_mpi_split_start(c4_mpi_split *sp, c4_solve_args *a, c4_solver *s, bool *root);
/* The exact score of p into r (nodes: every rank's; searched: -1). */
int c4_mpi_split_solve(c4_mpi_split *sp, const c4_pos *p, c4_result *r);
void c4_mpi_split_end(c4_mpi_split *sp);

/* A test set in memory (bench). */
typedef struct c4_set {
    char label[64];
    c4_bench_position *p;
    long n;
    long bad_lines;     /* reported and skipped */
} c4_set;

/* The number of standard sets (end-easy ... begin-hard). */
extern const int c4_nsets;

/* The sets named in argv[0..argc) (none: the standard ones) into sets, a
 * name found in data_dir (--data or $GTS_DATA: cli_data_override) alone,
 * or without one in ../shared/data/connect4 (the full sets beside a
 * checkout), then the bundled samples; a set is a file path, a set name or
 * a file name, its first limit positions (0: all).  Returns how many were
 * read (each s->p to free); a missing set, or bad lines in one (reported,
 * counted and skipped), makes *status EXIT_FAIL. */
int c4_load_sets(const c4_geom *g, long limit, const char *data_dir, int argc, char **argv, c4_set *sets,
                 int *status);

/* gts c4 solve --gpu: the input as GPU batches (cli/c4/c4_gpu_cmd.c). */
int c4_solve_gpu_main(c4_solve_args *a, int argc, char **argv);

/* The gts c4 commands, each in its own file (cli/c4/c4_<name>_cmd.c):
 * argv[0] is the command's name, then its options and operands. */
int c4_solve_main(int argc, char **argv);
int c4_analyze_main(int argc, char **argv);
int c4_book_main(int argc, char **argv);
int c4_play_main(int argc, char **argv);
int c4_perft_main(int argc, char **argv);
int c4_bench_main(int argc, char **argv);

#endif
