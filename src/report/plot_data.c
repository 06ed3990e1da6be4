/* The numbers of a picture from CSV text (report/plot_data.h). */
#include "report/plot_data.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "report/csv.h"

/* The most series columns a spec names. */
enum { MAX_KEYS = 8 };

/* Where the spec's columns are in a source's lines; -1: not asked for. */
typedef struct columns {
    int x, y, panel;
    int keys[MAX_KEYS], nkeys;
} columns;

/* A whole finite number. */
static bool number(const char *s, double *v)
{
    char *end;
    *v = strtod(s, &end);
    return end != s && *end == '\0' && isfinite(*v);
}

/* The index of column name in the header, or -1 after an error line
 * naming the columns there are. */
static int find_column(char *const *head, int n, const char *name, const char *source)
{
    char names[256] = "";
    size_t at = 0;
    for (int i = 0; i < n; i++) {
        if (strcmp(head[i], name) == 0)
            return i;
        if (at < sizeof names)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", i ? ", " : "", head[i]);
    }
    cli_error("%s: no column '%s' (its %d columns: %s%s)", source, name, n, names, at >= sizeof names ? "..." : "");
    return -1;
}

/* The spec's columns in the header's n fields; -1 after an error line. */
static int find_columns(const plot_spec *spec, char *const *head, int n, const char *source, columns *c)
{
    *c = (columns){ .panel = -1 };
    if ((c->x = find_column(head, n, spec->x, source)) < 0 || (c->y = find_column(head, n, spec->y, source)) < 0)
        return -1;
    if (spec->panel && (c->panel = find_column(head, n, spec->panel, source)) < 0)
        return -1;
    for (const char *p = spec->series; p && *p; p += *p == ',') {
        const size_t len = strcspn(p, ",");
        char name[PLOT_NAME];
        snprintf(name, sizeof name, "%.*s", (int)len, p);
        if (c->nkeys == MAX_KEYS) {
            cli_error("more than %d series columns", MAX_KEYS);
            return -1;
        }
        if ((c->keys[c->nkeys++] = find_column(head, n, name, source)) < 0)
            return -1;
        p += len;
    }
    return 0;
}

/* The index of name in list (count names, room for cap), added if new;
 * -1 if the list is full. */
static int index_of(char (*list)[PLOT_NAME], int *count, int cap, const char *name)
{
    for (int i = 0; i < *count; i++)
        if (strcmp(list[i], name) == 0)
            return i;
    if (*count == cap)
        return -1;
    snprintf(list[*count], PLOT_NAME, "%s", name);
    return (*count)++;
}

/* The series named name in panel p, made if new (key: its name without
 * the source's label); NULL if d is full. */
static plot_series *series_of(plot_data *d, const char *name, int panel, const char *key, int source)
{
    for (int i = 0; i < d->nseries; i++)
        if (d->series[i].panel == panel && strcmp(d->series[i].name, name) == 0)
            return &d->series[i];
    const int k = index_of(d->keys, &d->nkeys, PLOT_MAX_SERIES, key);
    if (d->nseries == PLOT_MAX_SERIES || k < 0)
        return NULL;
    plot_series *s = &d->series[d->nseries++];
    snprintf(s->name, sizeof s->name, "%s", name);
    s->panel = panel;
    s->key = k;
    s->source = source;
    return s;
}

/* Adds y at x to s (to the value there if x has one); -1 if s is full. */
static int add_point(plot_series *s, double x, double y)
{
    for (int i = 0; i < s->n; i++)
        if (s->x[i] == x) {
            s->y[i] += y;
            return 0;
        }
    if (s->n == PLOT_MAX_POINTS)
        return -1;
    s->x[s->n] = x;
    s->y[s->n++] = y;
    return 0;
}

/* The name of a row's series: the key columns' values (or y's name),
 * into key, and with the source's label, into name. */
static void series_name(const plot_spec *spec, const columns *c, char *const *f, int n, const char *label,
                        char *key, char *name)
{
    size_t at = 0;
    key[0] = '\0';
    for (int k = 0; k < c->nkeys; k++)
        at += (size_t)snprintf(key + at, PLOT_NAME - at, "%s%s", k ? " " : "", c->keys[k] < n ? f[c->keys[k]] : "");
    if (c->nkeys == 0)
        snprintf(key, PLOT_NAME, "%s", spec->y);
    snprintf(name, PLOT_NAME, label ? "%s %s" : "%s", key, label);
}

/* One row into d: 0 (drawn, or left out), or -1 after an error line. */
static int add_row(const plot_spec *spec, const columns *c, char *const *f, int n, const plot_source *src,
                   int source, long lineno, plot_data *d)
{
    const char *xs = c->x < n ? f[c->x] : "", *ys = c->y < n ? f[c->y] : "";
    double x, y;
    if (!*xs || !number(ys, &y))
        return 0;
    if (spec->style == PLOT_BARS) {
        const int i = index_of(d->categories, &d->ncategories, PLOT_MAX_POINTS, xs);
        if (i < 0) {
            cli_error("%s: more than %d values of %s in one picture", src->name, PLOT_MAX_POINTS, spec->x);
            return -1;
        }
        x = i;
    } else if (!number(xs, &x)) {
        cli_error("%s:%ld: %s '%s' is not a number", src->name, lineno, spec->x, xs);
        return -1;
    }
    char panel[PLOT_NAME] = "", key[PLOT_NAME], name[PLOT_NAME];
    if (c->panel >= 0)
        snprintf(panel, sizeof panel, "%s %s", spec->panel, c->panel < n ? f[c->panel] : "");
    const int p = index_of(d->panels, &d->npanels, PLOT_MAX_PANELS, panel);
    series_name(spec, c, f, n, src->label, key, name);
    plot_series *s = p < 0 ? NULL : series_of(d, name, p, key, source);
    if (!s || add_point(s, x, y) != 0) {
        cli_error("%s: more than %d panels, %d series or %d points a series in one picture", src->name,
                  PLOT_MAX_PANELS, PLOT_MAX_SERIES, PLOT_MAX_POINTS);
        return -1;
    }
    return 0;
}

/* The index of the line after the one at text[at]. */
static size_t next_line(const plot_source *src, size_t at)
{
    const char *end = memchr(src->text + at, '\n', src->len - at);
    return end ? (size_t)(end - src->text) + 1 : src->len;
}

/* The note "# machine: TEXT" of line (len bytes, its line end included)
 * into d->machine, unless one came before. */
static void keep_machine(const char *line, size_t len, plot_data *d)
{
    static const char tag[] = "# machine: ";
    const size_t n = sizeof tag - 1;
    if (d->machine[0] || len <= n || strncmp(line, tag, n) != 0)
        return;
    size_t text = len - n;
    while (text > 0 && (line[n + text - 1] == '\n' || line[n + text - 1] == '\r'))
        text--;
    snprintf(d->machine, sizeof d->machine, "%.*s", (int)text, line + n);
}

/* Every row of one source into d; -1 after an error line. */
static int read_source(const plot_spec *spec, const plot_source *src, int source, plot_data *d)
{
    columns c = { 0 };
    csv_record r = { 0 };
    bool header = false;
    long lineno = 1;
    int rc = 0;
    for (size_t at = 0; rc == 0 && at < src->len;) {
        const char first = src->text[at];
        /* Notes and blank lines, skipped before they are read as CSV (a
         * note's quote opens no field). */
        if (first == '#' || first == '\n' || (first == '\r' && next_line(src, at) == at + 2)) {
            const size_t end = next_line(src, at);
            keep_machine(src->text + at, end - at, d);
            at = end;
            lineno++;
            continue;
        }
        const int read = csv_read(src->text, src->len, &at, &r);
        if (read == CSV_NO_MEMORY)
            cli_error("out of memory");
        else if (read != CSV_RECORD)
            cli_error("%s:%ld: a quoted field is not closed", src->name, lineno);
        if (read != CSV_RECORD) {
            rc = -1;
        } else if (header) {
            rc = add_row(spec, &c, r.field, r.n, src, source, lineno, d);
        } else {
            rc = find_columns(spec, r.field, r.n, src->name, &c);
            header = true;
        }
        lineno += r.lines;
    }
    csv_free(&r);
    if (rc == 0 && !header) {
        cli_error("%s: no header line (the columns' names)", src->name);
        return -1;
    }
    return rc;
}

/* Sorts s's points by x, leaving out those whose y (if positive_y) or x
 * (if positive_x) is 0 or less. */
static void tidy(plot_series *s, bool positive_y, bool positive_x)
{
    int n = 0;
    for (int i = 0; i < s->n; i++) {
        if ((positive_y && !(s->y[i] > 0)) || (positive_x && !(s->x[i] > 0)))
            continue;
        const double x = s->x[i], y = s->y[i];
        int j = n++;
        for (; j > 0 && s->x[j - 1] > x; j--) {
            s->x[j] = s->x[j - 1];
            s->y[j] = s->y[j - 1];
        }
        s->x[j] = x;
        s->y[j] = y;
    }
    s->n = n;
}

/* s's value at x, or 0 if it has none. */
static double value_at(const plot_series *s, double x)
{
    for (int i = 0; i < s->n; i++)
        if (s->x[i] == x)
            return s->y[i];
    return 0;
}

/* Each value y of s becomes ref / y (ref: the values of *ref, else s's
 * own first); points without a reference are left out. */
static void divide(plot_series *s, const plot_series *ref)
{
    const double first = s->n ? s->y[0] : 0;
    int n = 0;
    for (int i = 0; i < s->n; i++) {
        const double r = ref ? value_at(ref, s->x[i]) : first;
        if (r > 0) {
            s->x[n] = s->x[i];
            s->y[n++] = r / s->y[i];
        }
    }
    s->n = n;
}

/* spec->over: every series divided into its reference; -1 after an
 * error line if no series has the name given. */
static int divide_all(const plot_spec *spec, plot_data *d)
{
    if (strcmp(spec->over, "first") == 0) {
        for (int i = 0; i < d->nseries; i++)
            divide(&d->series[i], NULL);
        return 0;
    }
    int refs[PLOT_MAX_PANELS], found = 0;
    for (int p = 0; p < d->npanels; p++) {
        refs[p] = -1;
        for (int i = 0; i < d->nseries; i++)
            if (d->series[i].panel == p && strcmp(d->series[i].name, spec->over) == 0)
                refs[p] = i, found++;
    }
    if (!found) {
        cli_error("no series named '%s' to divide by", spec->over);
        return -1;
    }
    for (int i = 0; i < d->nseries; i++)
        if (refs[d->series[i].panel] < 0)
            d->series[i].n = 0;   /* a panel without the reference is not drawn */
    for (int i = 0; i < d->nseries; i++) {
        const int r = refs[d->series[i].panel];
        if (r >= 0 && r != i)
            divide(&d->series[i], &d->series[r]);
    }
    /* The references last, their values being the others' divisors. */
    for (int p = 0; p < d->npanels; p++)
        for (int k = 0; refs[p] >= 0 && k < d->series[refs[p]].n; k++)
            d->series[refs[p]].y[k] = 1;
    return 0;
}

double plot_clamp(double v)
{
    return fmax(-PLOT_MAX_VALUE, fmin(PLOT_MAX_VALUE, v));
}

int plot_data_read(const plot_spec *spec, const plot_source *sources, int nsources, plot_data *d)
{
    memset(d, 0, sizeof *d);
    for (int i = 0; i < nsources; i++)
        if (read_source(spec, &sources[i], i, d) != 0)
            return -1;
    for (int i = 0; i < d->nseries; i++)
        tidy(&d->series[i], spec->logy || spec->over || spec->style == PLOT_THREADS, spec->style == PLOT_THREADS);
    if (spec->over && divide_all(spec, d) != 0)
        return -1;
    /* Series left without a point are not drawn; sums and quotients may
     * have overflowed (inf / inf: a point left out). */
    int kept = 0;
    for (int i = 0; i < d->nseries; i++) {
        plot_series *s = &d->series[i];
        int n = 0;
        for (int k = 0; k < s->n; k++)
            if (!isnan(s->x[k]) && !isnan(s->y[k]))
                s->x[n] = plot_clamp(s->x[k]), s->y[n++] = plot_clamp(s->y[k]);
        if ((s->n = n) > 0)
            d->series[kept++] = *s;
    }
    d->nseries = kept;
    if (!kept) {
        cli_error("nothing to draw: no row has a number for both %s and %s", spec->x, spec->y);
        return -1;
    }
    return 0;
}
