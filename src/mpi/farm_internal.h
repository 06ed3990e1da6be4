/*
 * Internal to the task farm (mpi/farm.c): the window of input lines
 * (mpi/farm_window.c) and the checkpoint file (mpi/farm_store.c, in the
 * format of mpi/checkpoint.h).
 */
#ifndef GTS_MPI_FARM_INTERNAL_H
#define GTS_MPI_FARM_INTERNAL_H

#include <stdio.h>

#include "mpi/farm.h"
#include "mpi/checkpoint.h"

/* Lines rank 0 holds at once, unless $GTS_FARM_WINDOW says otherwise
 * (docs/notes/mpi_farm.md: 2 M lines took 630 MB held whole). */
#define FARM_WINDOW 65536

/* One input line and, once solved, what it printed. */
typedef struct farm_entry {
    const char *where;          /* the file's name as given: not copied */
    char *line, *out, *err;
    long lineno, hardness;
    size_t out_len, err_len;
    solve_totals t;
    bool done;
} farm_entry;

typedef struct farm {
    const farm_ops *ops;
    void *ctx;
    /* The window: lines[0..n) are the input's lines base..base+n-1. */
    farm_entry *lines;
    long n, window, base;
    /* The input, read a window at a time. */
    int argc, file;
    char **argv;
    cli_lines in;
    bool in_open, in_end;
    const char *last_where;     /* the last line read */
    long last_lineno;
    int read_status;            /* cli_each_line's: EXIT_FAIL once a file or line could not be read */
    /* --checkpoint: each finished line appended to `checkpoint`; the
     * records of a run before read back through `resume`. */
    const farm_checkpoint *ck;
    FILE *checkpoint;
    farm_resume resume;
} farm;

/* The next window of lines (the last one's freed), each taken from the
 * checkpoint where it holds it: 0, or -1 after an error line (the
 * checkpoint's). f->n == 0 at the end of the input or on Ctrl-C. */
int farm_window_next(farm *f);

/* Frees the window and closes the input. */
void farm_window_end(farm *f);

/* --checkpoint: opens ck->path for the run, its records checked: -1
 * after an error line (the file then unchanged). */
int farm_checkpoint_open(farm *f, int argc, char **argv);

/* Line i of the window from the checkpoint, where it holds it: 0 (taken
 * or not), -1 after an error line (not this input's line, or its output
 * not what the line expects). */
int farm_checkpoint_take(farm *f, long i);

/* Line i's record appended and flushed (nothing without a file). */
void farm_checkpoint_append(farm *f, long i);

/* Closes the file; -1 after an error line where the input ended
 * (whole) before lines the checkpoint holds. */
int farm_checkpoint_close(farm *f, bool whole);

#endif
