/*
 * Internal to the gts command: what every command shares, whatever its
 * game, a file for each concern: exit codes and errors (cli_errors.c),
 * Ctrl-C (cli_interrupt.c), progress on stderr (cli_progress.c), input
 * files line by line (cli_lines.c), the bundled data (cli_data.c), a
 * process's GPU and its rank under mpirun (cli_gpu.c, cli_rank.c), whole
 * numbers, the CPUs and JSON strings (cli_util.c); options by
 * table in cli_options.h.  And the entry points main() dispatches to.  A
 * game's commands keep their own types in a header of their own
 * (cli/c4/c4_cli.h, ...).
 */
#ifndef GTS_CLI_H
#define GTS_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "gts/stop.h"

/* Exit codes of every command, one rule for all: EXIT_USAGE when the
 * command line is wrong (an unknown option, a bad option value, a missing
 * or extra operand; a file or folder an option names that cannot be used:
 * --book, --data), EXIT_FAIL when the input is (a position, an input file
 * that cannot be read, a line that does not parse; a wrong score) or the
 * machine fails the command (no GPU, no memory, an output that cannot be
 * written), EXIT_INTERRUPTED after Ctrl-C. */
enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_INTERRUPTED = 130 };

/* Prints "gts: <message>" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The same for an error in the command line itself (an option's value,
 * options that conflict): said by rank 0 alone under mpirun, where every
 * rank reads the same command line (three ranks said it three times). */
void cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Parses a whole decimal integer within [min, max]; -1 if it is not one. */
int cli_int(const char *s, long min, long max, long *out);

/* From this call on, Ctrl-C raises stop, the token the command gave its
 * searches (they stop soon; NULL: none), and cli_interrupted() turns true
 * for the rest of the command, so that it can finish what it prints and
 * exit with EXIT_INTERRUPTED.  Before the first call Ctrl-C kills. */
void cli_stop_on_interrupt(gts_stop *stop);
bool cli_interrupted(void);

/* Signal sig (SIGTERM, say) counts as Ctrl-C from now on. */
void cli_interrupt_on(int sig);

/* Progress on stderr, only when stderr is a terminal and at most a few
 * times a second; cli_progress_done ends the line. */
void cli_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_progress_done(void);

/* A line on stderr when a long command finishes a row of its table (a set,
 * a board size, a variant), only when stderr is not a terminal: a log or a
 * pipe then shows that the command is alive, where a terminal has
 * cli_progress. */
void cli_row_done(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The CPUs this process may run on (its affinity; the CPUs online where
 * that is unknown; at least 1): the default thread count where a command
 * takes all of the machine, and the count beyond which --threads warns. */
int cli_cpus(void);

/* The note that starts every bench's CSV: "# machine: MODEL, N cores"
 * (the CPU's model name of /proc/cpuinfo, "unknown CPU" without one;
 * cli_cpus), which gts plot shows at a picture's foot. */
void cli_csv_machine(FILE *f);

/* Writes s as a JSON string, quotes included. */
void cli_json_string(FILE *f, const char *s);

/* What a solve command counts, and how it ends: a one-line summary of what
 * went wrong on stderr and the exit status (status if all went well). */
typedef struct solve_totals {
    long positions, mismatches, bad_lines;
    unsigned long long nodes;   /* for summaries that print them (reversi solve) */
    double usec;
} solve_totals;
int cli_solve_status(const solve_totals *t, int status);

/* Prints err, the reason a run failed, and where it was to run on the GPU
 * (device) and there is no device, that --executor cpu runs the same code
 * on the CPU; returns EXIT_FAIL. */
int cli_gpu_failed(bool device, const char *err);

/* Every command that runs on the GPU (device: --gpu or --backend gpu,
 * not on --executor cpu) calls it before any other work: 0 where a device
 * may be there, else EXIT_FAIL after cli_gpu_failed's line (under --mpi
 * naming the rank), so that no command works for minutes on the CPU
 * before it says there is none. */
int cli_gpu_check(bool device, bool mpi);

/* --gpus N takes at most this many (core/gpu_devices.h's limit). */
#define CLI_MAX_GPUS 64

/* Why --gpus (0: not given) cannot go with --gpu-device (-1: not given)
 * or --mpi, or NULL where they can. */
const char *cli_gpus_conflict(int gpus, int device, bool mpi);

/* Before any GPU call: device `given` (>= 0), else under --mpi the
 * rank's own, its index among the ranks of its host (from mpirun's
 * environment) modulo the GPUs there; else with `gpus` > 1 (--gpus) the
 * check that so many are visible; else device 0.  -1 with a one-line
 * reason if there is no such device.  Needs no MPI. */
int cli_choose_gpu(int given, int gpus, bool mpi, char *err, size_t errlen);

/* The rank's index among the ranks of its host, from mpirun's
 * environment (Open MPI, MPICH, Slurm); 0 outside MPI.  Needs no MPI. */
int cli_local_rank(void);

/* The rank's place in the whole job, from mpirun's environment (Open
 * MPI, MPICH, PMIx); 0 outside MPI.  Needs no MPI. */
int cli_world_rank(void);

/* -1, 0 or 1: a score as a weak result. */
static inline int cli_sign(int v)
{
    return (v > 0) - (v < 0);
}

/* The longest input line a command reads, '\n' included: a longer one is
 * reported and ends its file (a file without newlines, /dev/zero, would
 * otherwise be held in memory whole, or read forever). */
#define CLI_MAX_LINE ((size_t)1 << 20)

/* An input file read line by line (cli/cli_lines.c).  Every line handed on is
 * a whole C string with its '\n' (if it had one): a line with a NUL byte
 * is reported ("gts: FILE:N: NUL byte at column C"), skipped and counted
 * in bad. */
typedef struct cli_lines {
    FILE *f;
    const char *name;           /* as given; "-" is standard input */
    long lineno;                /* of the last line read */
    long bad;                   /* lines reported and skipped */
    char *buf;
    size_t cap;
} cli_lines;

/* Opens name ("-": standard input); -1 after "gts: cannot open NAME:
 * reason".  A name that no file has and that the rule of
 * cli_lines_text_operands takes is read as one line, itself. */
int cli_lines_open(cli_lines *r, const char *name);

/* The rule by which a command's operands may be input lines themselves
 * (gts c4 solve 4453), set before its lines are read: is_text(operand)
 * true for text that is a line of input.  An existing file and "-" are
 * always read as files.  NULL, the default: every operand is a file. */
void cli_lines_text_operands(bool (*is_text)(const char *operand));

/* The next line: 1 with it in *line (valid until the next call), 0 at the
 * end of the file, -1 after an error line: "gts: cannot read NAME: reason"
 * (a directory, an I/O error; nothing is said when Ctrl-C ended a wait for
 * input), a line longer than CLI_MAX_LINE, no memory. */
int cli_lines_next(cli_lines *r, const char **line);
void cli_lines_close(cli_lines *r);

/* Hands every line of the files named (standard input for none, or "-")
 * to on_line, and calls on_file_end (if not NULL) after each file.  A file
 * that cannot be opened or read, and a line cli_lines_next skips, are
 * reported and the rest go on.  A callback returning non-zero, or Ctrl-C,
 * stops the reading.  Returns EXIT_OK, or EXIT_FAIL if a file could not be
 * read whole, a line was skipped or a callback stopped it. */
typedef int (*cli_line_fn)(void *ctx, const char *file, long lineno, const char *line);
int cli_each_line(int argc, char **argv, cli_line_fn on_line, int (*on_file_end)(void *ctx), void *ctx);

/* The folder a command is told to take its data from: given (an option
 * such as --data, or NULL), else $GTS_DATA if set; *dir is NULL when
 * neither names one (the command then looks in its default places).
 * Returns -1 after "gts: no such directory: DIR" when the folder named is
 * none: it is never passed over for another. */
int cli_data_override(const char *given, const char **dir);

/* The folder of the bundled data (data/ in the source tree, installed as
 * PREFIX/share/gts), the first there is of: beside the executable
 * (../share/gts: an installed gts, wherever the tree was moved), the
 * source tree a build tree's gts was built from, the install prefix
 * compiled in (cli/cli_data.c).  -1 (dir "") if there is none. */
int cli_data_dir(char *dir, size_t len);

/* The path of file FILE of the bundled data's folder SUB ("c4"); -1 if the
 * folder of cli_data_dir has no such file. */
int cli_bundled_file(const char *sub, const char *file, char *path, size_t len);

/* The bundled 7x6 Connect 4 book, in the data folder's c4/: gts serve's
 * and gts c4 solve's and analyze's by default (docs/notes/c4_book.md). */
#define C4_BUNDLED_BOOK "7x6-depth5.book"

/* The commands main() dispatches to, each given argv from its own name
 * on, returning the exit code. */
/* gts c4 ...: argv[0] is "c4" (cli/c4/c4_cmd.c). */
int c4_main(int argc, char **argv);
/* gts bench ...: argv[0] is "bench"; it takes --signature (cli/signature.c). */
int signature_main(int argc, char **argv);
/* gts info ...: argv[0] is "info" (cli/info.c). */
int info_main(int argc, char **argv);
/* gts serve ...: argv[0] is "serve" (cli/serve_cmd.c). */
int serve_main(int argc, char **argv);
/* gts plot ...: argv[0] is "plot" (cli/plot_cmd.c). */
int plot_main(int argc, char **argv);
/* gts reversi ...: argv[0] is "reversi" (cli/reversi/reversi_cmd.c). */
int reversi_main(int argc, char **argv);
/* gts gomoku ...: argv[0] is "gomoku" (cli/gomoku/gomoku_cmd.c). */
int gomoku_main(int argc, char **argv);
/* The Gomocup protocol on stdin/stdout (gts gomoku pbrain, or pbrain-gts);
 * options after the command name (argv[0]) as documented in --help. */
int gomoku_pbrain_main(int argc, char **argv);

#endif
