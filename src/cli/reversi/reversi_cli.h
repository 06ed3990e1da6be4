/* Internal to the gts command: what the gts reversi commands share. */
#ifndef GTS_REVERSI_CLI_H
#define GTS_REVERSI_CLI_H

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "mpi/farm.h"
#include "mpi/split_transport.h"
#include "gts/reversi.h"
#include "reversi/engine/rv_player.h"

/* Every option of the gts reversi commands: the `elsewhere` list of each
 * (cli/cli_options.h), so that one command names another's option as such. */
#define REVERSI_OPTIONS                                                                                         \
    "wld tt-mb threads size depth algo parallel split-depth wpc mobility time-ms board player player1 player2 " \
    "sizes depths max-seconds csv plot endgame gpu executor each mpi checkpoint mpi-split gpus gpu-device "     \
    "gpu-budget cpu-beside window split log"

/* The options several commands take, each written once: --size WxH (or
 * N), --depth, --tt-mb, --player1 and --player2 (rv_player.h's specs). */
typedef struct reversi_size {
    int width, height;
} reversi_size;
int reversi_parse_size(void *size, const char *text, char *err, size_t errlen);
#define REVERSI_OPT_SIZE(s) CLI_OPT_CUSTOM("size", CLI_TARGET(reversi_size, s), reversi_parse_size, NULL)
#define REVERSI_OPT_DEPTH(d) CLI_OPT_INT("depth", 0, d, 1, RV_MAX_DEPTH)
#define REVERSI_OPT_TT_MB(bytes) CLI_OPT_MB("tt-mb", bytes, 1, 1 << 20)
#define REVERSI_OPT_PLAYERS(text) CLI_OPT_STRING("player1", 0, &(text)[0]), CLI_OPT_STRING("player2", 0, &(text)[1])

/* The players' specs: 0, or -1 after an error line. */
int reversi_parse_players(const char *const text[2], rvp_spec specs[2]);

/* cli_parse_options for a command of options only: -1 to go on, else the
 * exit status (after the help, or an error; an operand is one: "<what>
 * takes no arguments, only options: '...'"). */
int reversi_options_only(const char *what, const cli_command *cmd, int argc, char **argv, const cli_option *opts);

/* gts reversi's usage: its --help, perft's and solve's. */
extern const char reversi_usage_text[];

/* --gpu and --executor gpu|cpu of perft and solve: REVERSI_OPT_GPU(&f) in
 * their options, read by reversi_parse_gpu_options. */
typedef struct reversi_gpu_flags {
    bool gpu;
    int executor;           /* 0: gpu, 1: cpu, -1: not given (gpu) */
    int gpus;               /* --gpus N: the first N visible; 0: one */
    int device;             /* --gpu-device N: the one used; -1: none */
} reversi_gpu_flags;
#define REVERSI_GPU_FLAGS { .executor = -1, .device = -1 }
extern const char *const reversi_executors[];
#define REVERSI_OPT_GPU(f)                                                                            \
    CLI_OPT_FLAG("gpu", 0, &(f)->gpu), CLI_OPT_CHOICE("executor", &(f)->executor, reversi_executors), \
    CLI_OPT_INT("gpus", 0, &(f)->gpus, 1, CLI_MAX_GPUS), CLI_OPT_INT("gpu-device", 0, &(f)->device, 0, 1023)
/* cli_parse_options for `gts reversi <name>`; --executor, --gpus and
 * --gpu-device only with --gpu, and not --gpus with --gpu-device: the
 * operand count, or -1 with the exit status in *status (after
 * the help, or an error line). */
int reversi_parse_gpu_options(const char *name, int argc, char **argv, const cli_option *opts,
                              const reversi_gpu_flags *f, int *status);

/* After reversi_parse_gpu_options, before CUDA starts and any other
 * work: the device of --gpu-device (or a rank's under --mpi), or the
 * check that --gpus are there, then cli_gpu_check (no device: the error
 * at once).  0, or the exit status after an error line. */
int reversi_choose_gpu(const reversi_gpu_flags *f, bool mpi);

/* A line of gts reversi solve: its position, number, side and score. */
typedef struct reversi_line {
    rv_pos p;
    long lineno;
    bool black, has_score;
    int expected;
} reversi_line;

/* Reads a line of solve (cli/reversi/reversi_lines.c): 1 with its position,
 * or 0 for a blank line, a comment or a bad line (reported on errors,
 * counted in t). */
int reversi_read_line(const char *file, long lineno, const char *line, reversi_line *out, FILE *errors,
                      solve_totals *t);

/* The start of a solved line on out: line, side, empties, move, score and
 * the expected one; whether the score is the expected one (counted in t). */
bool reversi_print_score(const reversi_line *l, int move, int score, bool wld, FILE *out, solve_totals *t);

/* --log (cli/reversi/reversi_log.c): the columns' header; a solved
 * line with its principal variation (plies < 0: none, the search for it
 * stopped), whether its score is the expected one (counted in t); a line
 * stopped before its score, with the bounds proved; the totals. */
void reversi_log_header(FILE *out);
bool reversi_log_line(const reversi_line *l, const rv_solve_result *r, const int *pv, int plies, FILE *out,
                      solve_totals *t);
void reversi_log_stopped(const reversi_line *l, const rv_solve_result *r, FILE *out);
void reversi_log_totals(const solve_totals *t, FILE *out);

/* --mpi (cli/reversi/reversi_mpi.c): farm_run with ops, the most empties
 * (the longest) first, and --checkpoint (NULL: none) of a run whose
 * answers or printing change with --wld and batch (--each, --gpu). */
int reversi_farm(const farm_ops *ops, void *ctx, const char *checkpoint, const bool *wld, bool batch,
                 gts_stop *stop, solve_totals *t, bool *root, int argc, char **argv);

/* --mpi-split: rank 0's root search (first guess, MTD(f) steps) on a
 * solver of its own, its windows S plies down on every rank's `rank`. */
typedef struct reversi_split {
    mpi_split *split;
    rv_solver *rank, *root;
    int depth;
    uint64_t nodes;     /* the ranks' nodes for the position */
} reversi_split;

/* Starts MPI: 0 on rank 0 ready to solve, -1 there after an error line,
 * 1 on another rank once rank 0 ended the split. */
int reversi_split_start(reversi_split *s, rv_solver *rank, const rv_solve_options *so, int depth, gts_stop *stop);

void reversi_split_solve(reversi_split *s, const rv_pos *p, rv_solve_result *r);
void reversi_split_end(reversi_split *s);

/* The positions --each and --gpu read, solve and print before reading
 * more (--window), and --mpi's most lines in a rank's batch: 2^20 lines
 * hold 32 MB (reversi_line) and 40 MB of positions and answers (40 MB more
 * for the GPU), and keep a GPU's lanes busy (docs/notes/reversi_batch_window.md). */
#define REVERSI_BATCH_WINDOW ((size_t)1 << 20)

/* gts reversi solve --each / --gpu: the input in windows of `window`
 * positions (0: REVERSI_BATCH_WINDOW), each solved as one batch and printed
 * in input order before the next is read (--mpi: in batches dealt to the
 * ranks, each on its own GPU) (cli/reversi/reversi_solve_batch.c); Ctrl-C
 * raises o->stop. */
int reversi_batch_main(const rv_batch_options *o, size_t window, bool mpi, const char *checkpoint, int argc,
                       char **argv);

/* The commands: argv[0] is the command's name (perft, solve ...). */
int reversi_perft_main(int argc, char **argv);
int reversi_solve_main(int argc, char **argv);
int reversi_best_main(int argc, char **argv);
int reversi_nboard_main(int argc, char **argv);
int reversi_gtp_main(int argc, char **argv);
int reversi_play_main(int argc, char **argv);
int reversi_bench_main(int argc, char **argv);

#endif
