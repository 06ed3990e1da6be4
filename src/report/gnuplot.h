/*
 * Internal to the report layer (report/plot.c): gnuplot found on the PATH and run on a script,
 * its picture written whole: drawn into a new file beside the picture's
 * (a unique name, in its folder) and moved over it only once gnuplot has
 * succeeded, so that a gnuplot that fails (or is stopped) leaves an old
 * picture as it was.
 */
#ifndef GTS_REPORT_GNUPLOT_H
#define GTS_REPORT_GNUPLOT_H

#include <stddef.h>

/* gnuplot's path on the PATH into path; -1 if it is not there.  An empty
 * entry (the current folder) is not searched. */
int plot_find_gnuplot(char *path, size_t len);

/* Whether file's folder takes a new file (one is made there and
 * removed): 0, or -1 after an error line ("cannot write FILE: REASON"). */
int plot_check_writable(const char *file);

/* Runs gnuplot (its path) on script (len bytes), its output the picture
 * file: 0, or -1 after an error line (gnuplot failing, the file not
 * writable), file then as it was. */
int plot_run_gnuplot(const char *gnuplot, const char *script, size_t len, const char *file);

#endif
