/*
 * Internal to the task farm (cli_farm.c): its lines, and their
 * checkpoint file (cli_farm_checkpoint.c).
 */
#ifndef GTS_CLI_FARM_INTERNAL_H
#define GTS_CLI_FARM_INTERNAL_H

#include <stdio.h>

#include "cli_farm.h"

/* One input line and, once solved, what it printed. */
typedef struct farm_line {
    char *where, *line, *out, *err;
    long lineno, hardness;
    size_t out_len, err_len;
    solve_totals t;
    bool done;
} farm_line;

typedef struct farm {
    const cli_farm_ops *ops;
    void *ctx;
    farm_line *lines;
    long n, cap;
    FILE *checkpoint;       /* --checkpoint: each finished line appended, or NULL */
} farm;

/* --checkpoint: line i's record appended and flushed (nothing without a
 * file). */
void farm_checkpoint_append(farm *f, long i);

/* Opens path for the run: its records loaded into f's lines, then kept
 * for appending.  -1 after an error line. */
int farm_checkpoint_open(farm *f, const char *path);

#endif
