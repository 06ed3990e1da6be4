/* The task farm's window of input lines (mpi/farm_internal.h): rank 0
 * holds at most f->window lines, not the whole input. */
#include <stdlib.h>
#include <string.h>

#include "mpi/farm_internal.h"

/* The next line of the input, across its files: 1 with it, 0 at the end
 * (or on Ctrl-C). */
static int next_line(farm *f, const char **line)
{
    const int files = f->argc > 0 ? f->argc : 1;
    while (!cli_interrupted()) {
        if (!f->in_open) {
            if (f->file == files)
                return 0;
            const char *name = f->argc > 0 ? f->argv[f->file] : "-";
            f->file++;
            if (cli_lines_open(&f->in, name) != 0) {
                f->read_status = EXIT_FAIL;
                continue;
            }
            f->in_open = true;
        }
        const int k = cli_lines_next(&f->in, line);
        if (k > 0)
            return 1;
        if (!cli_interrupted() && (k < 0 || f->in.bad))
            f->read_status = EXIT_FAIL;
        cli_lines_close(&f->in);
        f->in_open = false;
    }
    return 0;
}

/* Frees the window's lines. */
static void drop_lines(farm *f)
{
    for (long i = 0; i < f->n; i++) {
        free(f->lines[i].line);
        free(f->lines[i].out);
        free(f->lines[i].err);
    }
    f->base += f->n;
    f->n = 0;
}

int farm_window_next(farm *f)
{
    drop_lines(f);
    if (!f->lines) {
        const char *given = getenv("GTS_FARM_WINDOW");
        long w;
        f->window = given && cli_int(given, 1, 1L << 30, &w) == 0 ? w : FARM_WINDOW;
        f->lines = malloc((size_t)f->window * sizeof *f->lines);
        if (!f->lines) {
            cli_error("out of memory for the farm's %ld lines", f->window);
            return -1;
        }
    }
    const char *text;
    while (f->n < f->window && !f->in_end) {
        if (next_line(f, &text) == 0) {
            f->in_end = !cli_interrupted();
            break;
        }
        farm_entry *l = &f->lines[f->n];
        *l = (farm_entry){ .where = f->in.name, .line = strdup(text), .lineno = f->in.lineno };
        if (!l->line) {
            cli_error("out of memory for the farm's lines");
            return -1;
        }
        f->last_where = l->where, f->last_lineno = l->lineno;
        l->hardness = f->ops->hardness ? f->ops->hardness(f->ctx, text) : 0;
        f->n++;
        if (farm_checkpoint_take(f, f->n - 1) != 0)
            return -1;
    }
    return 0;
}

void farm_window_end(farm *f)
{
    drop_lines(f);
    if (f->in_open)
        cli_lines_close(&f->in);
    f->in_open = false;
    free(f->lines);
    f->lines = NULL;
}
