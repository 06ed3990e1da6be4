/*
 * The task farm's checkpoint file (--checkpoint FILE, mpi/farm.h), its
 * format.  A first line names the run:
 *
 *   gts-checkpoint 2 HASH RUN
 *
 * RUN is what of the command line changes an answer or its printing
 * (game, size, --weak/--wld, algorithm, output form) and the input files'
 * names, HASH its FNV-1a; a run of another RUN refuses the file.  Then
 * each finished line as a record, in the order they finished:
 *
 *   R index positions mismatches bad_lines nodes usec out_len err_len LINE DATA HEAD
 *   out_len bytes of the line's output, err_len bytes of its errors
 *
 * LINE is the FNV-1a of the input line (file name, number, text), DATA of
 * the output and errors, HEAD of the record's first line before it.  Every
 * number is checked against its bounds and every byte against a hash, so
 * that a changed file is named as corrupt rather than read as a length of
 * 2^64 - 1 (issue 38, #1, #2), and an edited output refused (#4).  A
 * record that the file ends inside is a killed run's last (FARM_CUT).
 * Needs no MPI and prints nothing: the fuzz target `checkpoint` reads it.
 */
#ifndef GTS_MPI_CHECKPOINT_H
#define GTS_MPI_CHECKPOINT_H

#include <stdint.h>
#include <stdio.h>

#include "cli/cli.h"

#define FARM_CHECKPOINT_MAGIC "gts-checkpoint 2"

/* A line's output and errors together are at most this many bytes (a
 * Connect 4 line prints under 200, a Reversi line under 120). */
#define FARM_RECORD_MAX ((size_t)1 << 20)

/* One finished line, as recorded. */
typedef struct farm_record {
    long index;                 /* the line's place in the input, from 0 */
    solve_totals t;
    size_t out_len, err_len;
    uint64_t line_print;        /* farm_line_print of the input line */
    uint64_t data_print;        /* of the output then the errors */
} farm_record;

/* The fingerprint that ties a record to its input line. */
uint64_t farm_line_print(const char *where, long lineno, const char *line);

/* The first line for run `run` (its control characters written as '?'). */
int farm_header_write(FILE *f, const char *run);

/* Reads the first line: 1 where it is run's, 0 where the file is empty
 * (or holds only the start of that line), -1 with why where it is not a
 * checkpoint of this version or of another run. */
int farm_header_read(FILE *in, const char *run, char *why, size_t whylen);

/* Appends a record (its data_print computed here) and flushes it; -1 on
 * a write error. */
int farm_record_write(FILE *f, farm_record *r, const char *out, const char *err);

enum { FARM_CORRUPT = -1, FARM_END = 0, FARM_RECORD = 1, FARM_CUT = 2 };

/* Reads the record at in's position: FARM_RECORD with *out and *err
 * (malloc'd, NUL-ended, the caller frees), FARM_END at the end of the
 * file, FARM_CUT where the file ends inside the record, FARM_CORRUPT with
 * why (the record's first line too long, a number out of its bounds, a
 * hash that does not match). */
int farm_record_read(FILE *in, farm_record *r, char **out, char **err, char *why, size_t whylen);

/* A checkpoint read back (mpi/farm_resume.c): where each line's record
 * is, 16 bytes a record, so that a run started again holds no line's
 * output before its turn to print it comes. */
typedef struct farm_resume {
    FILE *in;
    struct farm_at {
        long index, offset;
    } *at;                      /* by line index */
    long n, cap, taken;
} farm_resume;

/* Reads every record of in (after its first line), each checked: 0 with
 * r holding where they are, *end the bytes up to the last whole record
 * and *cut whether a cut record followed it; -1 with why (and the byte
 * *end where the bad record begins) where one is corrupt, or two are of
 * the same line.  r keeps in. */
int farm_resume_scan(farm_resume *r, FILE *in, long *end, bool *cut, char *why, size_t whylen);

/* Line index's record, read and checked again: 1 with it (*out, *err as
 * farm_record_read's), 0 where there is none, -1 with why. */
int farm_resume_take(farm_resume *r, long index, farm_record *rec, char **out, char **err, char *why,
                     size_t whylen);

/* Frees what scan kept (not in). */
void farm_resume_free(farm_resume *r);

#endif
