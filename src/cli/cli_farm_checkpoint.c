/* The task farm's checkpoint file (cli_farm_internal.h). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_farm_internal.h"

/*
 * --checkpoint FILE: each finished line as a record, "R index positions
 * mismatches bad_lines nodes usec out_len err_len fingerprint\n" then its output and
 * its errors, flushed at once.  A run started again with the file prints
 * those lines from it and solves only the others.  The fingerprint (FNV-1a
 * of the file name, line number and line) ties a record to its input line;
 * a record cut short by a kill is dropped and the file cut back to the
 * records before it.
 */
static unsigned long long fingerprint(const farm_line *l)
{
    unsigned long long h = 1469598103934665603ULL;
    char number[32];
    snprintf(number, sizeof number, ":%ld:", l->lineno);
    for (const char *parts[3] = { l->where, number, l->line }, **p = parts; p < parts + 3; p++)
        for (const char *c = *p; *c; c++)
            h = (h ^ (unsigned char)*c) * 1099511628211ULL;
    return h;
}

void farm_checkpoint_append(farm *f, long i)
{
    const farm_line *l = &f->lines[i];
    if (!f->checkpoint)
        return;
    fprintf(f->checkpoint, "R %ld %ld %ld %ld %llu %.17g %zu %zu %llu\n", i, l->t.positions, l->t.mismatches,
            l->t.bad_lines, l->t.nodes, l->t.usec, l->out_len, l->err_len, fingerprint(l));
    fwrite(l->out, 1, l->out_len, f->checkpoint);
    fwrite(l->err, 1, l->err_len, f->checkpoint);
    fflush(f->checkpoint);
}

/* Reads one record into its line; false at the end or on a cut record. */
static bool read_record(farm *f, FILE *in, char *why, size_t whylen)
{
    long i;
    solve_totals t;
    size_t out_len, err_len;
    unsigned long long print;
    if (fscanf(in, "R %ld %ld %ld %ld %llu %lg %zu %zu %llu", &i, &t.positions, &t.mismatches, &t.bad_lines,
               &t.nodes, &t.usec, &out_len, &err_len, &print) != 9 || fgetc(in) != '\n')
        return false;
    char *out = malloc(out_len + 1), *err = malloc(err_len + 1);
    if (!out || !err || fread(out, 1, out_len, in) != out_len || fread(err, 1, err_len, in) != err_len) {
        free(out);
        free(err);
        return false;
    }
    if (i < 0 || i >= f->n || fingerprint(&f->lines[i]) != print) {
        snprintf(why, whylen, "its record of line %ld is not of this input", i + 1);
        free(out);
        free(err);
        return false;
    }
    farm_line *l = &f->lines[i];
    free(l->out);
    free(l->err);
    *l = (farm_line){ .where = l->where, .line = l->line, .lineno = l->lineno, .hardness = l->hardness,
                      .out = out, .err = err, .out_len = out_len, .err_len = err_len, .t = t, .done = true };
    return true;
}

/* Opens path for the run: its records loaded, then kept for appending.
 * -1 after an error line. */
int farm_checkpoint_open(farm *f, const char *path)
{
    FILE *in = fopen(path, "rb");
    long good = 0;
    char why[160] = "";
    if (in) {
        while (read_record(f, in, why, sizeof why))
            good = ftell(in);
        fclose(in);
        if (why[0]) {
            cli_error("--checkpoint %s: %s (another input's checkpoint?)", path, why);
            return -1;
        }
    }
    f->checkpoint = fopen(path, in ? "r+b" : "wb");
    if (!f->checkpoint || ftruncate(fileno(f->checkpoint), good) != 0 || fseek(f->checkpoint, good, SEEK_SET) != 0) {
        cli_error("--checkpoint %s: cannot write it", path);
        return -1;
    }
    return 0;
}

