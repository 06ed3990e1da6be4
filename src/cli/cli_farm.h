/*
 * --mpi: a line-by-line batch command (gts c4 solve FILE ...) as an MPI
 * task farm.  Rank 0 reads every line, deals them to the other ranks one
 * at a time, the hardest first (as the command's hardness says), and
 * prints each line's output and error lines in input order, exactly as the
 * single-process command would; each worker solves with its own threads.
 * With one rank, rank 0 solves every line itself.  Built without MPI
 * (CMake found none), --mpi is refused with a one-line reason.
 */
#ifndef GTS_CLI_FARM_H
#define GTS_CLI_FARM_H

#include <stdio.h>

#include "cli.h"

typedef struct cli_farm_ops {
    /* Solves one input line, writing what the single-process command
     * prints for it to out and err and counting it in t; -1 if
     * interrupted. */
    int (*solve)(void *ctx, const char *where, long lineno, const char *line, FILE *out, FILE *err,
                 solve_totals *t);
    /* How long a line may take, larger first (NULL: input order). */
    long (*hardness)(void *ctx, const char *line);
} cli_farm_ops;

/* Runs the lines of argv's files (or stdin) through the farm; rank 0
 * fills t and returns cli_each_line's status (-2 after a checkpoint
 * error line), the workers return 0 after their last line.  *is_root
 * tells the caller which it was.  checkpoint (NULL: none): a file each
 * finished line is appended to; a run started again with it prints those
 * lines from it and solves only the rest, so that a killed run loses
 * nothing it finished. */
int cli_farm_run(int argc, char **argv, const cli_farm_ops *ops, void *ctx, const char *checkpoint, solve_totals *t,
                 bool *is_root);

/* Whether this gts was built with MPI. */
bool cli_farm_available(void);

#endif
