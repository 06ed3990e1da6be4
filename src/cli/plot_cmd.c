/* gts plot: draws CSV files, a bench's --csv or a table of measured
 * figures, with the drawing code of the benches' --plot (report/plot.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_options.h"
#include "report/plot.h"
#include "core/list.h"

static const char usage_text[] =
    "usage: gts plot FILE.csv... -o PICTURE.svg|png --x COLUMN --y COLUMN [options]\n"
    "\n"
    "Draws CSV files (a header line naming the columns, then a line a row; a\n"
    "field holding a comma, a quote or a line end in double quotes, its quotes\n"
    "doubled, as RFC 4180 has it; lines starting with '#' are notes; '-' reads\n"
    "stdin) with gnuplot (apt-get install gnuplot-nox), as the benches' --plot\n"
    "draws their rows: what `gts c4 bench --csv`, `gts gomoku bench\n"
    "table|positions --csv` and `gts reversi bench table --csv` print, or a table\n"
    "of figures measured elsewhere.  The rows are grouped into panels (--panel)\n"
    "and lines or bars (--series); rows of one series on the same x are added\n"
    "up; a row whose x or y is empty, or whose y is not a number, is left out;\n"
    "values past +-1e300 are drawn at +-1e300.  The picture is drawn beside\n"
    "PICTURE and moved over it once whole.\n"
    "\n"
    "options:\n"
    "  -o, --output FILE        the picture, FILE.svg or FILE.png\n"
    "  --x COLUMN, --y COLUMN   the columns across and up\n"
    "  --series COLUMN[,...]    the columns whose values name a series (joined\n"
    "                           by spaces; default: one series, named after --y)\n"
    "  --panel COLUMN           a panel per value of COLUMN\n"
    "  --style lines|bars|threads   lines (default); bars (x a category, in the\n"
    "                           order first seen); threads: lines and the ideal\n"
    "                           speed-up y = x / (the least x), x above 0 (a\n"
    "                           GPU row's 0 threads left out)\n"
    "  --speedup-over first|NAME    each value y becomes REF / y: first, REF the\n"
    "                           series' own value at its least x (threads: the\n"
    "                           speed-up over the fewest); NAME, the value of\n"
    "                           the series NAME at the same x; values of 0 or\n"
    "                           less left out\n"
    "  --logy                   a log scale up (values of 0 or less left out)\n"
    "  --hline Y                a dashed line at y = Y (--hline 1: equal)\n"
    "  --title T, --xlabel T, --ylabel T   (default labels: the columns' names)\n"
    "  --labels A,B,...         each file's series names end with its label\n"
    "                           (default with several files: the file's name)\n"
    "  -h, --help               this help\n"
    "\n"
    "exit status: 0 drawn, 1 a file that cannot be read or drawn (or no\n"
    "gnuplot), 2 usage error.\n";

/* The most files one picture is drawn from, and the largest. */
enum { MAX_FILES = 16 };
#define MAX_FILE_BYTES ((size_t)64 << 20)

/* --hline: a number. */
static int parse_number(void *target, const char *text, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    char *end;
    errno = 0;
    const double v = strtod(text, &end);
    if (errno || end == text || *end || !isfinite(v))
        return -1;
    *(double *)target = v;
    return 0;
}

typedef struct labels {
    char v[MAX_FILES][GTS_LIST_ITEM_MAX + 1];
    int n;
} labels;

static int add_label(void *ctx, const char *item, char *err, size_t errlen)
{
    labels *l = ctx;
    if (l->n == MAX_FILES) {
        snprintf(err, errlen, "more than %d labels", MAX_FILES);
        return -1;
    }
    snprintf(l->v[l->n++], sizeof l->v[0], "%s", item);
    return 0;
}

/* --labels: a comma list (core/list.h). */
static int parse_labels(void *target, const char *text, char *err, size_t errlen)
{
    labels *l = target;
    l->n = 0;
    return gts_each_item(text, add_label, l, err, errlen) < 0 ? -1 : 0;
}

/* The whole of name ("-": stdin) into src->text (NULL if none was read,
 * else to free); -1 after an error line. */
static int read_file(const char *name, plot_source *src)
{
    *src = (plot_source){ .name = name };
    FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "r");
    if (!f) {
        cli_error("cannot open %s: %s", name, strerror(errno));
        return -1;
    }
    char *text = NULL;
    size_t len = 0, cap = 0;
    while (!ferror(f) && !feof(f) && len < MAX_FILE_BYTES) {
        char *more = len == cap ? realloc(text, cap = 2 * cap + 65536) : text;
        if (!more) {
            cli_error("out of memory");
            free(text);
            return -1;
        }
        text = more;
        len += fread(text + len, 1, cap - len, f);
    }
    const bool failed = ferror(f) || len >= MAX_FILE_BYTES;
    if (failed)
        cli_error("cannot read %s: %s", name, ferror(f) ? strerror(errno) : "over 64 MB");
    if (f != stdin)
        fclose(f);
    *src = (plot_source){ .name = name, .text = text, .len = len };
    return failed ? -1 : 0;
}

/* Each file's label: --labels' item, else with several files the file's
 * name without its folder and extension (into names). */
static void set_labels(plot_source *src, int n, const labels *given, char (*names)[64])
{
    for (int i = 0; i < n; i++) {
        const char *base = strrchr(src[i].name, '/') ? strrchr(src[i].name, '/') + 1 : src[i].name;
        snprintf(names[i], sizeof names[i], "%.*s", (int)strcspn(base, "."), base);
        src[i].label = i < given->n ? given->v[i] : n > 1 ? names[i] : NULL;
    }
}

/* The picture of files argv[0..argc-1]. */
static int draw(const plot_spec *spec, int argc, char **argv, const labels *given, const char *output)
{
    plot_source src[MAX_FILES];
    char names[MAX_FILES][64];
    int n = 0, status = EXIT_OK;
    for (; n < argc && status == EXIT_OK; n++)
        if (read_file(argv[n], &src[n]) != 0)
            status = EXIT_FAIL;
    if (status == EXIT_OK) {
        set_labels(src, n, given, names);
        status = plot_draw(spec, src, n, output);
    }
    for (int i = 0; i < n; i++)
        free((char *)src[i].text);
    return status;
}

int plot_main(int argc, char **argv)
{
    plot_spec spec = { 0 };
    const char *output = NULL;
    int style = PLOT_LINES;
    labels given = { .n = 0 };
    const cli_option opts[] = {
        CLI_OPT_STRING("output", 'o', &output),
        CLI_OPT_STRING("x", 0, &spec.x),
        CLI_OPT_STRING("y", 0, &spec.y),
        CLI_OPT_STRING("series", 0, &spec.series),
        CLI_OPT_STRING("panel", 0, &spec.panel),
        CLI_OPT_CHOICE("style", &style, plot_style_names),
        CLI_OPT_STRING("speedup-over", 0, &spec.over),
        CLI_OPT_FLAG("logy", 0, &spec.logy),
        { .name = "hline", .kind = CLI_CUSTOM, .target = &spec.hline, .parse = parse_number, .values = "a number",
          .given = &spec.hline_given },
        CLI_OPT_STRING("title", 0, &spec.title),
        CLI_OPT_STRING("xlabel", 0, &spec.xlabel),
        CLI_OPT_STRING("ylabel", 0, &spec.ylabel),
        CLI_OPT_CUSTOM("labels", &given, parse_labels, NULL),
        CLI_OPT_END,
    };
    const cli_command cmd = { "plot", usage_text, NULL };
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    if (n < 0)
        return cli_parse_status(n);
    spec.style = (plot_style)style;
    const char *missing = n == 0 ? "a CSV file" : !output ? "-o PICTURE" : !spec.x ? "--x" : !spec.y ? "--y" : NULL;
    if (missing || n > MAX_FILES) {
        if (missing)
            cli_error("gts plot needs %s (see 'gts plot --help')", missing);
        else
            cli_error("at most %d files a picture", MAX_FILES);
        return EXIT_USAGE;
    }
    const int status = plot_check("output", output);
    return status != EXIT_OK ? status : draw(&spec, n, argv + 1, &given, output);
}
