/*
 * --mpi: a line-by-line batch command (gts c4 solve FILE ...) as an MPI
 * task farm over the ranks of mpi/team.h.  Rank 0 reads the lines a window
 * at a time (65,536 lines; $GTS_FARM_WINDOW), deals each window's to the
 * ranks (itself included) in tasks of up to max_lines lines, the hardest
 * first (as the command's hardness says), and prints each
 * line's output and error lines in input order, exactly as the
 * single-process command would; each rank solves with its own threads (or
 * its GPU).  Built without MPI, --mpi is refused with a one-line reason.
 */
#ifndef GTS_MPI_FARM_H
#define GTS_MPI_FARM_H

#include <stdio.h>

#include "cli/cli.h"
#include "gts/stop.h"

/* One input line, and where it came from. */
typedef struct farm_line {
    const char *where, *line;
    long lineno;
} farm_line;

/* Where a task's lines are written: every line's output to out and its
 * errors to err, each write after farm_to_line(sink, i) for its line
 * i (the lines may be written in any order, a line in several goes). */
typedef struct farm_sink {
    FILE *out, *err;
    struct farm_task *task;     /* the farm's own (mpi/farm.c) */
} farm_sink;

/* What is written to the sink from now on is line i's. */
void farm_to_line(farm_sink *sink, long i);

/* One line of a command that solves line by line: what the
 * single-process command prints for it to out and err, counted in t;
 * non-zero if interrupted. */
typedef int farm_line_fn(void *ctx, const char *where, long lineno, const char *line, FILE *out, FILE *err,
                             solve_totals *t);

typedef struct farm_ops {
    /* Solves lines[0..n), writing what the single-process command prints
     * for line i to the sink (farm_to_line) and counting it in t[i];
     * -1 if interrupted.  NULL: solve_line on each line in turn. */
    int (*solve)(void *ctx, const farm_line *lines, long n, farm_sink *sink, solve_totals *t);
    /* How long a line may take, larger first (NULL: input order). */
    long (*hardness)(void *ctx, const char *line);
    /* Lines a task may hold: 1 for a CPU solver, up to a GPU batch for
     * the device's (0 counts as 1). */
    long max_lines;
    farm_line_fn *solve_line;   /* where solve is NULL */
} farm_ops;

/* --checkpoint FILE: each finished line appended to path, so that a run
 * started again with it prints those lines from it and solves only the
 * rest.  The file is refused where it is a folder, the input, not a
 * checkpoint, or another run's: one whose `run` (or input files) differ,
 * or whose output for a line does not agree with the line's expected
 * score (mismatches). */
typedef struct farm_checkpoint {
    const char *path;           /* NULL: no checkpoint */
    /* What of the command line changes an answer or how it is printed
     * (the game, its size, --weak or --wld, the algorithm, the output's
     * form), in words: "c4 solve 7x6 --weak". */
    const char *run;
    /* The wrong scores that output `out` (a line's, as the command
     * printed it) shows against input line `line`'s expected ones: 0
     * where there are none (or no expected score), -1 where out is not
     * the command's. */
    long (*mismatches)(const void *ctx, const char *line, const char *out);
    const void *ctx;
} farm_checkpoint;

/* Runs the lines of argv's files (or stdin) through the farm; stop is the
 * token the command's solver watches (raised to cancel a task).  Rank 0
 * fills t and returns cli_each_line's status (-1 when stopped, -2 after
 * a checkpoint's error line), the workers return 0 after their last
 * line.  *is_root tells the caller which it was.  ck: --checkpoint, or
 * NULL.  When the run is stopped (Ctrl-C to rank 0, or mpirun's SIGTERM
 * after a rank died), rank 0 names the lines each rank still held, prints
 * every line solved in input order and names those that were not. */
int farm_run(int argc, char **argv, const farm_ops *ops, void *ctx, gts_stop *stop,
                 const farm_checkpoint *ck, solve_totals *t, bool *is_root);

/* Whether this gts was built with MPI (mpi_available of mpi/team.h, for
 * a command that needs only the farm). */
bool farm_available(void);

#endif
