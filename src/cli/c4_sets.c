/* Connect 4 positions as the commands read them: lines "moves [score]"
 * and the standard test sets (c4_cli.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "c4_cli.h"
#include "cli.h"

int c4_read_line(const c4_geom *g, const char *line, c4_pos *p, char *shown, bool *has_expected, int *expected,
                 char *err, size_t errlen)
{
    char moves[128], score[32], extra[32];
    const int k = sscanf(line, "%127s %31s %31s", moves, score, extra);
    if (k < 1 || moves[0] == '#')
        return 0;
    if (k == 3) {
        snprintf(err, errlen, "unexpected text '%s' after the score", extra);
        return -1;
    }
    long v = 0;
    if (k == 2 && cli_int(score, -64, 64, &v) != 0) {
        snprintf(err, errlen, "expected score '%s' is not an integer", score);
        return -1;
    }
    *has_expected = k == 2;
    *expected = (int)v;
    snprintf(shown, 128, "%s", moves);
    return c4_parse(g, p, strcmp(moves, "-") == 0 ? "" : moves, err, errlen) == 0 ? 1 : -1;
}

const c4_set_name c4_set_names[] = {
    { "end-easy", "Test_L3_R1" },      { "middle-easy", "Test_L2_R1" }, { "middle-medium", "Test_L2_R2" },
    { "begin-easy", "Test_L1_R1" },    { "begin-medium", "Test_L1_R2" }, { "begin-hard", "Test_L1_R3" },
};
const int c4_nsets = sizeof c4_set_names / sizeof *c4_set_names;

int c4_find_set(const char *arg, const char *data_dir, char *path, size_t len, char *label, size_t llen)
{
    snprintf(label, llen, "%s", arg);
    if (access(arg, R_OK) == 0) {
        snprintf(path, len, "%s", arg);
        const char *base = strrchr(arg, '/');
        base = base ? base + 1 : arg;
        for (int i = 0; i < c4_nsets; i++)
            if (strcmp(base, c4_set_names[i].file) == 0)
                snprintf(label, llen, "%s", c4_set_names[i].name);
        return 0;
    }
    const char *file = arg;
    for (int i = 0; i < c4_nsets; i++)
        if (strcmp(arg, c4_set_names[i].name) == 0)
            file = c4_set_names[i].file;
    const char *dirs[] = { data_dir, getenv("GTS_DATA"), "../shared/data/connect4", "data/c4" };
    for (size_t i = 0; i < sizeof dirs / sizeof *dirs; i++) {
        if (!dirs[i])
            continue;
        snprintf(path, len, "%s/%s", dirs[i], file);
        if (access(path, R_OK) == 0)
            return 0;
    }
    return -1;
}

int c4_load_set(const c4_geom *g, const char *path, long limit, c4_set *s)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0, alloc = 0;
    s->n = 0;
    s->bad_lines = 0;
    s->p = NULL;
    while ((limit == 0 || s->n < limit) && getline(&line, &cap, f) != -1) {
        lineno++;
        c4_pos pos;
        char shown[128], err[256];
        bool has_expected = false;
        int expected = 0;
        const int k = c4_read_line(g, line, &pos, shown, &has_expected, &expected, err, sizeof err);
        if (k < 0) {
            fprintf(stderr, "gts: %s:%ld: %s\n", path, lineno, err);
            s->bad_lines++;
        }
        if (k <= 0)
            continue;
        if (s->n == alloc) {
            alloc = alloc ? 2 * alloc : 256;
            c4_set_position *np = realloc(s->p, (size_t)alloc * sizeof *np);
            if (!np)
                break;
            s->p = np;
        }
        s->p[s->n] = (c4_set_position){ .pos = pos, .expected = expected, .has_expected = has_expected };
        s->n++;
    }
    free(line);
    fclose(f);
    return 0;
}
