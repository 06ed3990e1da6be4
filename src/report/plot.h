/*
 * Internal to the gts command: pictures of the benches' tables, drawn by
 * gnuplot (Debian's gnuplot-nox), as SVG or PNG by the file's extension.
 *
 * A picture is drawn from CSV text (report/csv.h): a header line naming the
 * columns, then a record a row, any number of fields, quoted as RFC 4180
 * has it; lines starting with '#' are notes and skipped.  That text is
 * what a bench prints with --csv, collected while it runs for its --plot
 * (plot_rows), or files read by `gts plot`: one drawing path for both, so that a picture drawn
 * after a run is the picture `gts plot` draws from the run's --csv.
 *
 * A spec names the columns (plot_spec): the rows are grouped into
 * panels by one column's value and into series (a line, or a colour of
 * bar) by others'; rows of one series on the same x are added up (the
 * positions of `gomoku bench positions` make its total).  A row whose x or
 * y is empty, or whose y is not a number ('-', a skipped cell), is left
 * out.  The series may then be divided into a reference (speed-ups).
 * A note "# machine: TEXT" (the benches' --csv start with one, cli.h's
 * cli_csv_machine) is shown at the picture's foot.
 */
#ifndef GTS_REPORT_PLOT_H
#define GTS_REPORT_PLOT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef enum {
    PLOT_LINES,     /* x a number, a line per series */
    PLOT_BARS,      /* x a category (in the order first seen), a bar per series */
    PLOT_THREADS,   /* lines, with the ideal speed-up y = x / (the least x), both axes
                         * log2 (x or y of 0 or less, a GPU row's 0 threads, left
                         * out), the y range the points' so that the ideal line is cut
                         * at the frame */
} plot_style;

/* The styles' names as `gts plot --style` takes them, by plot_style. */
extern const char *const plot_style_names[];

typedef struct plot_spec {
    const char *x, *y;          /* the columns across and up */
    const char *series;         /* comma list of columns naming a series (their values joined by
                                 * spaces); NULL: one series, named after y */
    const char *panel;          /* a panel per value of this column, or NULL */
    /* NULL, or each value y becomes ref / y: "first", ref the series' own
     * value at its least x (threads: the speed-up over the fewest); else
     * the name of a series, ref its value at the same x in the same panel
     * (a point without one is left out).  Values of 0 or less are left out. */
    const char *over;
    plot_style style;
    bool logy;                  /* a log scale up (values of 0 or less left out) */
    bool hline_given;
    double hline;               /* a dashed grey line at y = hline (1: the two sides equal) */
    const char *title;          /* NULL: none */
    const char *xlabel, *ylabel;   /* NULL: the x column's name; a speed-up's (over) or the
                                    * y column's name */
} plot_spec;

/* A CSV text to draw. */
typedef struct plot_source {
    const char *name;           /* for messages: a file name, or what made it */
    const char *text;
    size_t len;
    const char *label;          /* NULL, or added to each of its series' names (several files) */
} plot_source;

/* Before a bench runs, so that no work is lost to a picture that cannot
 * be drawn: file, the value of --option, ends in .svg or .png (else
 * EXIT_USAGE), gnuplot is on the PATH (else EXIT_FAIL, "--plot needs
 * gnuplot, ... (apt-get install gnuplot-nox)") and file's folder takes a
 * new file (else EXIT_FAIL, "cannot write FILE: REASON"), after a
 * one-line error; EXIT_OK if all hold. */
int plot_check(const char *option, const char *file);

/* Draws the sources as spec says into file (written whole, or an old
 * file left as it was):
 * EXIT_OK, or EXIT_FAIL after an error line (a column that is not there,
 * an x that is not a number where it must be, nothing to draw, more
 * series or points than a picture holds, gnuplot failing, the file not
 * writable).  plot_check(file) must have passed. */
int plot_draw(const plot_spec *spec, const plot_source *sources, int nsources, const char *file);

/* A bench's rows as CSV, collected while it runs for its --plot. */
typedef struct plot_rows {
    FILE *f;                    /* where the bench writes its header and rows; NULL: no --plot */
    char *text;
    size_t len;
} plot_rows;

/* Opens r->f for file (the --plot option), or leaves it NULL for none:
 * EXIT_OK, or plot_check's status after its error line, or EXIT_FAIL
 * without memory. */
int plot_rows_open(plot_rows *r, const char *file);

/* Draws what was written to r->f (see plot_draw; source name what)
 * and frees it; EXIT_OK where there was no --plot. */
int plot_rows_draw(plot_rows *r, const plot_spec *spec, const char *what, const char *file);

#endif
