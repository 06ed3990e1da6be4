/*
 * Internal to the gts command: CSV as RFC 4180 has it, one mechanism for
 * the benches' --csv and --plot rows (written) and `gts plot` (read), so
 * that any set or file name a bench prints reads back as the same field.
 */
#ifndef GTS_REPORT_CSV_H
#define GTS_REPORT_CSV_H

#include <stddef.h>
#include <stdio.h>

/* Writes s as one field: in double quotes, each quote doubled, when it
 * holds a comma, a quote, CR or LF, or starts with '#' (a line starting
 * with '#' is a note to gts plot); else as it is. */
void csv_field(FILE *f, const char *s);

/* One record read: field[0..n-1], unquoted and NUL-terminated. */
typedef struct csv_record {
    char **field;
    int n;
    long lines;         /* the lines it spans: more than 1 where a quoted field holds a line end */
    char *buf;          /* the rest is csv_read's */
    size_t len, cap;
    size_t *start;
    int cap_fields;
} csv_record;

enum { CSV_END = 0, CSV_RECORD = 1, CSV_NO_MEMORY = -1, CSV_OPEN_QUOTE = -2 };

/* Reads the record at text[*at] (text holding len bytes) into r (zeroed
 * before its first use) and moves *at past its line end (LF or CRLF):
 * CSV_RECORD, CSV_END where *at is at the end, or an error: no
 * memory, a quoted field not closed before the end.  A quote inside an
 * unquoted field, or after a closing one, is read as it is.  Any number
 * of fields. */
int csv_read(const char *text, size_t len, size_t *at, csv_record *r);

/* Frees what r holds. */
void csv_free(csv_record *r);

#endif
