/* Pictures through gnuplot (report/plot.h): the script is written with the
 * numbers inline and piped to gnuplot (report/gnuplot.c), whose output
 * is the file.  No file name reaches the script, and every text in it
 * (labels, titles, series and categories, which may come from a file's
 * name or its cells) is passed by put_text. */
#include "report/plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "report/gnuplot.h"
#include "report/plot_data.h"

const char *const plot_style_names[] = { "lines", "bars", "threads", NULL };

/* gnuplot's terminal for the file's extension, or NULL. */
static const char *terminal_of(const char *file)
{
    const char *dot = strrchr(file, '.');
    if (dot && strcmp(dot, ".svg") == 0)
        return "svg dynamic background rgb 'white'";
    if (dot && strcmp(dot, ".png") == 0)
        return "pngcairo background rgb 'white'";
    return NULL;
}

static int check(const char *option, const char *file, char *gnuplot, size_t len)
{
    if (!terminal_of(file)) {
        cli_error("bad --%s '%s' (a picture: FILE.svg or FILE.png)", option, file);
        return EXIT_USAGE;
    }
    if (plot_find_gnuplot(gnuplot, len) != 0) {
        cli_error("--%s needs gnuplot, which is not on the PATH (apt-get install gnuplot-nox)", option);
        return EXIT_FAIL;
    }
    /* So that a folder that is not there, or not writable, is said before
     * the bench runs, not after. */
    return plot_check_writable(file) == 0 ? EXIT_OK : EXIT_FAIL;
}

int plot_check(const char *option, const char *file)
{
    char gnuplot[4096];
    return check(option, file, gnuplot, sizeof gnuplot);
}

/* s as gnuplot text in quote marks q: '\'' in a command, where a quote is
 * doubled (a single-quoted string's one escape: backslashes, backquotes
 * and '@' inside are only text), '"' in a data block, which has no escape
 * (a quote there becomes a single one).  Each control character becomes a
 * space: a line end would end the string's command or data block, and
 * gnuplot would run what follows (a file's name, a label) as a command. */
static void put_text(FILE *f, const char *s, char q)
{
    fputc(q, f);
    for (; *s; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c < 0x20 || c == 0x7f)
            fputc(' ', f);
        else if (c == q)
            fputs(q == '\'' ? "''" : "'", f);
        else
            fputc(c, f);
    }
    fputc(q, f);
}

static void put_string(FILE *f, const char *s)
{
    put_text(f, s, '\'');
}

/* Lines: tics at the x values when they are a few whole numbers (thread
 * counts, depths, board sizes), so that each is read off the axis. */
static void put_xtics(FILE *f, const plot_data *d)
{
    double xs[17];
    int n = 0;
    for (int i = 0; i < d->nseries; i++)
        for (int k = 0; k < d->series[i].n; k++) {
            const double x = d->series[i].x[k];
            if (x != floor(x) || fabs(x) > 1e9)
                return;
            int j = 0;
            while (j < n && xs[j] != x)
                j++;
            if (j == n && n++ == 16)
                return;
            xs[j] = x;
        }
    fputs("set xtics (", f);
    for (int j = 0; j < n; j++)
        fprintf(f, "%s%.0f", j ? ", " : "", xs[j]);
    fputs(")\n", f);
}

/* Lines: the x range of the points and a little room on each side, so
 * that the first and last points stand off the frame (on a log axis, a
 * factor of room). */
static void put_xrange(FILE *f, const plot_data *d, bool logx)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < d->nseries; i++) {
        lo = fmin(lo, d->series[i].x[0]);
        hi = fmax(hi, d->series[i].x[d->series[i].n - 1]);
    }
    const double room = hi > lo ? (hi - lo) * 0.04 : 0.5;
    if (logx)
        fprintf(f, "set xrange [%.17g:%.17g]\n", lo / 1.15, hi * 1.15);
    else
        fprintf(f, "set xrange [%.17g:%.17g]\n", lo - room, hi + room);
}

/* Threads: the y range of the points alone, with room, so that the ideal
 * line is cut at the frame instead of stretching the axis past them. */
static void put_yrange(FILE *f, const plot_data *d)
{
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < d->nseries; i++)
        for (int k = 0; k < d->series[i].n; k++) {
            lo = fmin(lo, d->series[i].y[k]);
            hi = fmax(hi, d->series[i].y[k]);
        }
    fprintf(f, "set yrange [%.17g:%.17g]\n", fmin(lo, 1) / 1.25, fmax(hi, 1) * 1.25);
}

/* The y axis's label: the spec's, else what is drawn: a speed-up where
 * the values were divided into a reference (never the column's name
 * alone, which names a time), else the column. */
static void put_ylabel(FILE *f, const plot_spec *spec)
{
    char label[3 * PLOT_NAME];
    if (spec->ylabel)
        snprintf(label, sizeof label, "%s", spec->ylabel);
    else if (spec->over && strcmp(spec->over, "first") == 0)
        snprintf(label, sizeof label, "speed-up (%s at the least %s / %s)", spec->y, spec->x, spec->y);
    else if (spec->over)
        snprintf(label, sizeof label, "speed-up (%s of %s / %s)", spec->y, spec->over, spec->y);
    else
        snprintf(label, sizeof label, "%s", spec->y);
    fputs("set ylabel ", f);
    put_string(f, label);
    fputc('\n', f);
}

/* The machine the numbers are from (the CSV's "# machine:" note), small
 * at the foot's right under one panel (the key stands at the top right);
 * above several, whose keys are below them, the picture's title says it
 * (put_script). */
static void put_machine(FILE *f, const plot_data *d)
{
    if (!d->machine[0] || d->npanels > 1)
        return;
    char note[PLOT_NAME + 16];
    snprintf(note, sizeof note, "machine: %s", d->machine);
    fputs("set label 1 ", f);
    put_string(f, note);
    fputs(" at screen 0.99, screen 0.015 right font ',8' textcolor rgb 'gray30'\n", f);
}

/* The terminal, axes, style and labels. */
static void put_setup(FILE *f, const plot_spec *spec, const plot_data *d, const char *terminal)
{
    const int cols = d->npanels > 1 ? 2 : 1, rows = (d->npanels + cols - 1) / cols;
    fprintf(f, "set terminal %s noenhanced size %d,%d font 'Sans,11'\n", terminal, cols > 1 ? 1300 : 900,
            rows > 1 ? 450 * rows : 560);
    fputs("set datafile missing 'NaN'\nset grid\n", f);
    /* Under several panels the key goes below each, leaving their width
     * to the lines. */
    fputs(d->npanels > 1 ? "set key below font ',9'\n" : "set key outside right top\n", f);
    /* Threads on a log2 axis, the speed-up too: the ideal line straight,
     * 1, 2, 4 ... 16 threads evenly apart. */
    const bool threads = spec->style == PLOT_THREADS;
    if (threads)
        fputs("set logscale x 2\nset logscale y 2\n", f);
    else if (spec->logy)
        fputs("set logscale y\n", f);
    /* Tick labels as short as their values ("0.001", "1e-06", "16"), not
     * gnuplot's fixed decimals. */
    fputs("set format x '%g'\nset format y '%g'\n", f);
    fputs("set xlabel ", f);
    put_string(f, spec->xlabel ? spec->xlabel : spec->x);
    fputc('\n', f);
    put_ylabel(f, spec);
    put_machine(f, d);
    if (spec->style == PLOT_BARS)
        fputs("set style data histograms\nset style histogram clustered gap 1\n"
              "set style fill solid 0.85 border -1\nset xtics nomirror rotate by -25\n",
              f);
    else
        put_xrange(f, d, threads);
    if (threads)
        put_yrange(f, d);
    if (spec->style != PLOT_BARS)
        put_xtics(f, d);
}

/* The numbers: a block per series (lines), or per panel a block with a
 * row per category and a column per series (bars). */
static void put_data(FILE *f, const plot_spec *spec, const plot_data *d)
{
    if (spec->style != PLOT_BARS) {
        for (int i = 0; i < d->nseries; i++) {
            fprintf(f, "$s%d << EOD\n", i);
            for (int k = 0; k < d->series[i].n; k++)
                fprintf(f, "%.17g %.17g\n", d->series[i].x[k], d->series[i].y[k]);
            fputs("EOD\n", f);
        }
        return;
    }
    for (int p = 0; p < d->npanels; p++) {
        fprintf(f, "$p%d << EOD\n", p);
        for (int c = 0; c < d->ncategories; c++) {
            put_text(f, d->categories[c], '"');
            for (int i = 0; i < d->nseries; i++) {
                const plot_series *s = &d->series[i];
                double y = NAN;
                for (int k = 0; k < s->n && s->panel == p; k++)
                    y = s->x[k] == c ? s->y[k] : y;
                if (s->panel == p && isnan(y))
                    fputs(" NaN", f);
                else if (s->panel == p)
                    fprintf(f, " %.17g", y);
            }
            fputc('\n', f);
        }
        fputs("EOD\n", f);
    }
}

/* The plot command of panel p; least_x: the ideal line's start. */
static void put_plot(FILE *f, const plot_spec *spec, const plot_data *d, int p, double least_x)
{
    const char *sep = "plot ";
    int column = 2;
    for (int i = 0; i < d->nseries; i++) {
        if (d->series[i].panel != p)
            continue;
        /* A colour (and point) per name, the same in every panel; a dash
         * pattern per source. */
        const int key = d->series[i].key + 1;
        if (spec->style != PLOT_BARS)
            fprintf(f, "%s$s%d using 1:2 with linespoints linecolor %d pointtype %d dashtype %d pointsize 0.8 title ",
                    sep, i, key, key, d->series[i].source + 1);
        else if (column == 2)
            fprintf(f, "%s$p%d using 2:xtic(1) linecolor %d title ", sep, p, key);
        else
            fprintf(f, "%s'' using %d linecolor %d title ", sep, column, key);
        put_string(f, d->series[i].name);
        sep = ", \\\n  ";
        column++;
    }
    if (spec->style == PLOT_THREADS)
        fprintf(f, "%sx / %.17g with lines dashtype 2 linecolor rgb 'gray40' title 'ideal'", sep, least_x);
    if (spec->hline_given)
        fprintf(f, "%s%.17g with lines dashtype 3 linecolor rgb 'gray40' notitle", sep, plot_clamp(spec->hline));
    fputc('\n', f);
}

/* Panel p's title: the panel's name under several, else the picture's
 * title with it. */
static void panel_title(const plot_spec *spec, const plot_data *d, int p, char *t, size_t len)
{
    const char *title = spec->title ? spec->title : "";
    if (d->npanels > 1 || !title[0])
        snprintf(t, len, "%s", d->panels[p]);
    else if (d->panels[p][0])
        snprintf(t, len, "%s (%s)", title, d->panels[p]);
    else
        snprintf(t, len, "%s", title);
}

/* The whole script for d into f. */
static void put_script(FILE *f, const plot_spec *spec, const plot_data *d, const char *terminal)
{
    put_setup(f, spec, d, terminal);
    put_data(f, spec, d);
    double least_x = INFINITY;
    for (int i = 0; i < d->nseries; i++)
        least_x = fmin(least_x, d->series[i].x[0]);
    if (d->npanels > 1) {
        char title[3 * PLOT_NAME];
        snprintf(title, sizeof title, "%s%s%s%s", spec->title ? spec->title : "", d->machine[0] ? "  (machine: " : "",
                 d->machine, d->machine[0] ? ")" : "");
        fprintf(f, "set multiplot layout %d,2 title ", (d->npanels + 1) / 2);
        put_string(f, title);
        fputs(" font 'Sans,13'\n", f);
    }
    for (int p = 0; p < d->npanels; p++) {
        char t[2 * PLOT_NAME + 8];
        panel_title(spec, d, p, t, sizeof t);
        fputs("set title ", f);
        put_string(f, t);
        fputc('\n', f);
        put_plot(f, spec, d, p, least_x);
    }
    if (d->npanels > 1)
        fputs("unset multiplot\n", f);
}

int plot_draw(const plot_spec *spec, const plot_source *sources, int nsources, const char *file)
{
    char gnuplot[4096];
    plot_data *d = malloc(sizeof *d);
    if (!d) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    char *script = NULL;
    size_t len = 0;
    FILE *f = NULL;
    int status = check("plot", file, gnuplot, sizeof gnuplot);
    if (status == EXIT_OK && plot_data_read(spec, sources, nsources, d) != 0)
        status = EXIT_FAIL;
    if (status == EXIT_OK && !(f = open_memstream(&script, &len))) {
        cli_error("out of memory");
        status = EXIT_FAIL;
    }
    if (f) {
        put_script(f, spec, d, terminal_of(file));
        fclose(f);
    }
    free(d);
    if (status == EXIT_OK && plot_run_gnuplot(gnuplot, script, len, file) != 0)
        status = EXIT_FAIL;
    free(script);
    return status;
}

int plot_rows_open(plot_rows *r, const char *file)
{
    *r = (plot_rows){ 0 };
    if (!file)
        return EXIT_OK;
    const int status = plot_check("plot", file);
    if (status != EXIT_OK)
        return status;
    if (!(r->f = open_memstream(&r->text, &r->len))) {
        cli_error("out of memory");
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

int plot_rows_draw(plot_rows *r, const plot_spec *spec, const char *what, const char *file)
{
    if (!r->f)
        return EXIT_OK;
    fclose(r->f);
    r->f = NULL;
    /* Only a header: nothing was measured, and the bench has said why. */
    const char *first = memchr(r->text, '\n', r->len);
    const bool rows = first && first + 1 < r->text + r->len;
    const plot_source src = { .name = what, .text = r->text, .len = r->len };
    const int status = rows ? plot_draw(spec, &src, 1, file) : EXIT_OK;
    free(r->text);
    r->text = NULL;
    return status;
}
