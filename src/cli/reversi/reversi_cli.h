/* Internal to the gts command: the gts reversi commands in files of their own. */
#ifndef GTS_REVERSI_CLI_H
#define GTS_REVERSI_CLI_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/cli.h"
#include "mpi/farm.h"
#include "cli/cli_options.h"
#include "gts/reversi.h"

/* Every option of the gts reversi commands: the `elsewhere` list of each
 * (cli/cli_options.h), so that one command names another's option as such. */
#define REVERSI_OPTIONS                                                                                 \
    "wld tt-mb threads size depth algo parallel split-depth wpc mobility time-ms board player1 player2 sizes depths " \
    "max-seconds csv plot endgame gpu executor each mpi checkpoint mpi-split gpus gpu-device cpu-beside window"

/* --size WxH (or N): a CLI_OPT_CUSTOM parser into a reversi_size. */
typedef struct reversi_size {
    int width, height;
} reversi_size;
int reversi_parse_size(void *size, const char *text, char *err, size_t errlen);

/* cli_parse_options for a command of options only: -1 to go on, else the
 * exit status (after the help, or an error; an operand is one: "<what>
 * takes no arguments, only options: '...'"). */
int reversi_options_only(const char *what, const cli_command *cmd, int argc, char **argv, const cli_option *opts);

/* The usage text of gts reversi (cli/reversi/reversi_cmd.c), for its commands' --help. */
extern const char reversi_usage_text[];

/* --gpu and --executor gpu|cpu of perft and solve: REVERSI_OPT_GPU(&f) in
 * their options, read by reversi_parse_gpu_options. */
typedef struct reversi_gpu_flags {
    bool gpu;
    int executor;           /* 1: cpu */
    bool executor_given;
    int gpus;               /* --gpus N: the first N visible; 0: one */
    int device;             /* --gpu-device N: the one used; -1: none */
} reversi_gpu_flags;
#define REVERSI_GPU_FLAGS { .device = -1 }
extern const char *const reversi_executors[];
#define REVERSI_OPT_GPU(f)                                                                                 \
    CLI_OPT_FLAG("gpu", 0, &(f)->gpu),                                                                     \
    {                                                                                                      \
        .name = "executor", .kind = CLI_CHOICE, .target = &(f)->executor, .choices = reversi_executors,   \
        .given = &(f)->executor_given                                                                      \
    },                                                                                                     \
    CLI_OPT_INT("gpus", 0, &(f)->gpus, 1, CLI_MAX_GPUS), CLI_OPT_INT("gpu-device", 0, &(f)->device, 0, 1023)
/* cli_parse_options for `gts reversi <name>`; --executor, --gpus and
 * --gpu-device only with --gpu, and not --gpus with --gpu-device: the
 * operand count, or -1 with the exit status in *status (after
 * the help, or an error line). */
int reversi_parse_gpu_options(const char *name, int argc, char **argv, const cli_option *opts,
                              const reversi_gpu_flags *f, int *status);

/* After reversi_parse_gpu_options, before CUDA starts: the device of
 * --gpu-device (or a rank's under --mpi), or the check that --gpus are
 * there.  0, or the exit status after an error line. */
int reversi_choose_gpu(const reversi_gpu_flags *f, bool mpi);

/* gts reversi perft (argv[0] = "perft", cli/reversi/reversi_perft.c). */
int reversi_perft_main(int argc, char **argv);

/* gts reversi solve (argv[0] = "solve", cli/reversi/reversi_solve.c). */
int reversi_solve_main(int argc, char **argv);

/* gts reversi solve's token, raised by Ctrl-C. */
extern gts_stop reversi_stop;

/* A line of gts reversi solve: its position, number, side and score. */
typedef struct reversi_line {
    rv_pos p;
    long lineno;
    bool black, has_score;
    int expected;
} reversi_line;

/* Reads a line: 1 with its position, or 0 for a blank line, a comment or
 * a bad line (reported on errors, counted in t). */
int reversi_read_line(const char *file, long lineno, const char *line, reversi_line *out, FILE *errors,
                      solve_totals *t);

/* The start of a solved line on out: line, side, empties, move, score and
 * the expected one; whether the score is the expected one (counted in t). */
bool reversi_print_score(const reversi_line *l, int move, int score, bool wld, FILE *out, solve_totals *t);

/* solve --mpi's --checkpoint (mpi/farm.h): path, the options that change
 * an answer or its printing (--wld; batch: --each or --gpu, whose lines
 * are printed otherwise) written in run, and the check of a recorded
 * output against its line's expected score. */
farm_checkpoint reversi_checkpoint(const char *path, const bool *wld, bool batch, char *run, size_t runlen);

/* --mpi's order: the positions with the most empties (the longest) first. */
long reversi_most_empties(void *ctx, const char *line);

/* The positions --each and --gpu read, solve and print before reading
 * more (--window), and --mpi's most lines in a rank's batch: 2^20 lines
 * hold 32 MB (reversi_line) and 40 MB of positions and answers (40 MB more
 * for the GPU), and keep a GPU's lanes busy (docs/notes/reversi_batch_window.md). */
#define REVERSI_BATCH_WINDOW ((size_t)1 << 20)

/* gts reversi solve --each / --gpu: the input in windows of `window`
 * positions (0: REVERSI_BATCH_WINDOW), each solved as one batch and printed
 * in input order before the next is read (--mpi: in batches dealt to the
 * ranks, each on its own GPU) (cli/reversi/reversi_solve_batch.c). */
int reversi_batch_main(const rv_batch_options *o, size_t window, bool mpi, const char *checkpoint, int argc,
                       char **argv);

/* gts reversi best (argv[0] = "best"): the search's move for a position. */
int reversi_best_main(int argc, char **argv);
/* Each takes argv[0] = the command's name, then its options. */
int reversi_nboard_main(int argc, char **argv);
int reversi_gtp_main(int argc, char **argv);
int reversi_play_main(int argc, char **argv);
int reversi_bench_main(int argc, char **argv);

/* Adds the Reversi searches' nodes and time on the bench signature's
 * positions; -1 (after an error line) if one cannot be searched. */
int reversi_signature(unsigned long long *nodes, double *usec);

#endif
