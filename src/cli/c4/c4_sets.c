/* The Connect 4 test sets that bench runs: found by name or path, and
 * read into memory (cli/c4/c4_cli.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/c4/c4_cli.h"
#include "cli/cli.h"

/* The standard sets by their usual names ("end-easy" = Test_L3_R1 ...). */
static const struct {
    const char *name, *file;
} standard_sets[] = {
    { "end-easy", "Test_L3_R1" },      { "middle-easy", "Test_L2_R1" }, { "middle-medium", "Test_L2_R2" },
    { "begin-easy", "Test_L1_R1" },    { "begin-medium", "Test_L1_R2" }, { "begin-hard", "Test_L1_R3" },
};
const int c4_nsets = sizeof standard_sets / sizeof *standard_sets;

/* Finds a set: a file path as given, or a set name or file name looked up
 * in data_dir alone (--data or $GTS_DATA: cli_data_override), or without
 * one in ../shared/data/connect4 (the full sets beside a checkout), then
 * the bundled samples (cli_bundled_file).  -1 if it is nowhere. */
static int find_set(const char *arg, const char *data_dir, char *path, size_t len, char *label, size_t llen)
{
    snprintf(label, llen, "%s", arg);
    if (access(arg, F_OK) == 0) {
        snprintf(path, len, "%s", arg);
        const char *base = strrchr(arg, '/');
        base = base ? base + 1 : arg;
        for (int i = 0; i < c4_nsets; i++)
            if (strcmp(base, standard_sets[i].file) == 0)
                snprintf(label, llen, "%s", standard_sets[i].name);
        return 0;
    }
    const char *file = arg;
    for (int i = 0; i < c4_nsets; i++)
        if (strcmp(arg, standard_sets[i].name) == 0)
            file = standard_sets[i].file;
    /* The folder given, alone; else the full sets beside a checkout of
     * the repository, then the bundled samples. */
    if (data_dir) {
        snprintf(path, len, "%s/%s", data_dir, file);
        return access(path, F_OK) == 0 ? 0 : -1;
    }
    snprintf(path, len, "../shared/data/connect4/%s", file);
    if (access(path, F_OK) == 0)
        return 0;
    return cli_bundled_file("c4", file, path, len);
}

/* Reads at most limit positions (0: all) of a set into s (s->p to free,
 * also after a failure); bad lines are reported, counted and skipped.
 * -1 after an error line if the file cannot be read whole. */
static int load_set(const c4_geom *g, const char *path, long limit, c4_set *s)
{
    s->n = 0;
    s->bad_lines = 0;
    s->p = NULL;
    cli_lines r;
    if (cli_lines_open(&r, path) != 0)
        return -1;
    long alloc = 0;
    const char *line;
    int k = 0;
    while ((limit == 0 || s->n < limit) && (k = cli_lines_next(&r, &line)) > 0) {
        c4_pos pos;
        char shown[C4_LINE_MOVES], err[256];
        bool has_expected = false;
        int expected = 0;
        const int parsed = c4_parse_line(g, line, &pos, shown, &has_expected, &expected, err, sizeof err);
        if (parsed < 0) {
            cli_error("%s:%ld: %s", path, r.lineno, err);
            s->bad_lines++;
        }
        if (parsed <= 0)
            continue;
        if (s->n == alloc) {
            alloc = alloc ? 2 * alloc : 256;
            c4_bench_position *np = realloc(s->p, (size_t)alloc * sizeof *np);
            if (!np) {
                cli_error("%s: out of memory", path);
                k = -1;
                break;
            }
            s->p = np;
        }
        s->p[s->n++] = (c4_bench_position){ .pos = pos, .expected = expected, .has_expected = has_expected };
    }
    s->bad_lines += r.bad;
    cli_lines_close(&r);
    return k < 0 ? -1 : 0;
}

int c4_load_sets(const c4_geom *g, long limit, const char *data_dir, int argc, char **argv, c4_set *sets, int *status)
{
    const int nsets = argc > 0 ? argc : c4_nsets;
    int loaded = 0;
    for (int i = 0; i < nsets; i++) {
        const char *arg = argc > 0 ? argv[i] : standard_sets[i].name;
        char path[4096];
        c4_set *s = &sets[loaded];
        if (find_set(arg, data_dir, path, sizeof path, s->label, sizeof s->label) != 0) {
            cli_error("cannot find set '%s' (a file, or a set name: end-easy ... begin-hard)", arg);
            *status = EXIT_FAIL;
            continue;
        }
        if (load_set(g, path, limit, s) != 0) {
            free(s->p);
            *status = EXIT_FAIL;
            continue;
        }
        if (s->bad_lines)
            *status = EXIT_FAIL;
        loaded++;
    }
    return loaded;
}
