/*
 * Internal to the report layer: the numbers of a picture, read from CSV text by a
 * spec (report/plot_data.c) and drawn by gnuplot (report/plot.c).
 */
#ifndef GTS_REPORT_PLOT_DATA_H
#define GTS_REPORT_PLOT_DATA_H

#include "report/plot.h"

/* What one picture holds: more is refused rather than drawn unreadably. */
enum { PLOT_MAX_SERIES = 64, PLOT_MAX_POINTS = 256, PLOT_MAX_PANELS = 16, PLOT_NAME = 128 };

typedef struct plot_series {
    char name[PLOT_NAME];
    int panel;
    int key;                    /* its name before a source's label, in plot_data.keys: its colour */
    int source;                 /* the index of its source: its dash pattern */
    int n;
    double x[PLOT_MAX_POINTS];  /* bars: the category's index; lines: in increasing order */
    double y[PLOT_MAX_POINTS];
} plot_series;

typedef struct plot_data {
    int npanels, ncategories, nseries;
    char panels[PLOT_MAX_PANELS][PLOT_NAME];            /* "COLUMN VALUE"; one unnamed without --panel */
    char categories[PLOT_MAX_POINTS][PLOT_NAME];        /* bars: the x values in the order first seen */
    int nkeys;
    char keys[PLOT_MAX_SERIES][PLOT_NAME];              /* the series' names without a source's label */
    plot_series series[PLOT_MAX_SERIES];
    /* The first source's note "# machine: TEXT" (a bench's --csv writes
     * one), for the picture's foot; "" without one. */
    char machine[PLOT_NAME];
} plot_data;

/* The largest magnitude drawn: gnuplot (5.4) finds no range for points at
 * +-1e308, and overflows its axes at +-8e307; 1e300 draws. */
#define PLOT_MAX_VALUE 1e300

/* v within +-PLOT_MAX_VALUE. */
double plot_clamp(double v);

/* Reads the sources into d (zeroed first) as spec says, sorted, divided
 * into spec->over's reference, each value within +-PLOT_MAX_VALUE: 0, or -1 after an error line (see
 * plot_draw). */
int plot_data_read(const plot_spec *spec, const plot_source *sources, int nsources, plot_data *d);

#endif
