/* The task farm's checkpoint file on disk (mpi/farm_internal.h): opened
 * only where it is this run's or new, read back a window at a time,
 * appended to. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "mpi/farm_internal.h"

/* The run's name in the file's first line: the command's part, then the
 * input files. */
static char *run_name(const farm_checkpoint *ck, int argc, char **argv)
{
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (!m)
        return NULL;
    fprintf(m, "%s on", ck->run);
    for (int i = 0; i < argc; i++)
        fprintf(m, " %s", argv[i]);
    if (argc == 0)
        fprintf(m, " -");
    return fclose(m) == 0 ? text : (free(text), NULL);
}

/* The input operand that is the file st, or NULL. */
static const char *same_as_input(const struct stat *st, int argc, char **argv)
{
    for (int i = 0; i < (argc ? argc : 1); i++) {
        const char *name = argc ? argv[i] : "-";
        struct stat in;
        const int rc = strcmp(name, "-") == 0 ? fstat(STDIN_FILENO, &in) : stat(name, &in);
        if (rc == 0 && in.st_dev == st->st_dev && in.st_ino == st->st_ino)
            return strcmp(name, "-") == 0 ? "on standard input" : name;
    }
    return NULL;
}

/* Reads an existing file's records back (in, positioned after its first
 * line) and cuts a killed run's half record off: -1 after an error line. */
static int read_back(farm *f, FILE *in, const char *path)
{
    long end;
    bool cut;
    char why[256];
    if (farm_resume_scan(&f->resume, in, &end, &cut, why, sizeof why) != 0) {
        cli_error("--checkpoint %s: corrupt at byte %ld: %s (left as it is: move it away to start again)", path, end,
                  why);
        return -1;
    }
    if (cut) {
        cli_error("--checkpoint %s: its last record cut short at byte %ld (a killed run): that line is solved again",
                  path, end);
        if (ftruncate(fileno(f->checkpoint), end) != 0) {
            cli_error("--checkpoint %s: cannot write it: %s", path, strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* Opens path (existing: st) for appending and reading back: -1 after an
 * error line. */
static int open_file(farm *f, const char *path, bool exists, const char *run)
{
    char why[600];
    f->checkpoint = fopen(path, exists ? "r+b" : "w+b");
    FILE *in = f->checkpoint ? fopen(path, "rb") : NULL;
    if (!in) {
        cli_error("--checkpoint %s: cannot write it: %s", path, strerror(errno));
        return -1;
    }
    const int k = farm_header_read(in, run, why, sizeof why);
    if (k < 0) {
        cli_error("--checkpoint %s: %s: refused (left as it is)", path, why);
        fclose(in);
        return -1;
    }
    if (k == 0 && (ftruncate(fileno(f->checkpoint), 0) != 0 || farm_header_write(f->checkpoint, run) != 0)) {
        cli_error("--checkpoint %s: cannot write it: %s", path, strerror(errno));
        fclose(in);
        return -1;
    }
    if (k > 0 && read_back(f, in, path) != 0) {
        fclose(in);
        f->resume.in = NULL;
        return -1;
    }
    f->resume.in = in;
    return fseek(f->checkpoint, 0, SEEK_END);
}

int farm_checkpoint_open(farm *f, int argc, char **argv)
{
    const char *path = f->ck->path;
    struct stat st;
    const bool exists = stat(path, &st) == 0;
    if (exists && S_ISDIR(st.st_mode)) {
        cli_error("--checkpoint %s: %s", path, strerror(EISDIR));
        return -1;
    }
    const char *input = exists ? same_as_input(&st, argc, argv) : NULL;
    if (input) {
        cli_error("--checkpoint %s is the input %s: refused (it would be written over)", path, input);
        return -1;
    }
    char *run = run_name(f->ck, argc, argv);
    if (!run) {
        cli_error("out of memory");
        return -1;
    }
    const int rc = open_file(f, path, exists, run);
    free(run);
    return rc;
}

int farm_checkpoint_take(farm *f, long i)
{
    farm_entry *l = &f->lines[i];
    farm_record r;
    char *out, *err, why[256];
    const int k = f->resume.in ? farm_resume_take(&f->resume, f->base + i, &r, &out, &err, why, sizeof why) : 0;
    if (k == 0)
        return 0;
    const char *path = f->ck->path;
    if (k < 0) {
        cli_error("--checkpoint %s: %s", path, why);
        return -1;
    }
    if (r.line_print != farm_line_print(l->where, l->lineno, l->line)) {
        cli_error("--checkpoint %s: its record of line %ld is not of %s:%ld (the input changed?)", path, f->base + i + 1,
                  l->where, l->lineno);
    } else if (f->ck->mismatches && f->ck->mismatches(f->ck->ctx, l->line, out) != r.t.mismatches) {
        cli_error("--checkpoint %s: its output for %s:%ld does not agree with the line's expected score (edited?)",
                  path, l->where, l->lineno);
    } else {
        free(l->out), free(l->err);
        l->out = out, l->err = err;
        l->out_len = r.out_len, l->err_len = r.err_len;
        l->t = r.t;
        l->done = true;
        return 0;
    }
    free(out), free(err);
    return -1;
}

void farm_checkpoint_append(farm *f, long i)
{
    const farm_entry *l = &f->lines[i];
    if (!f->checkpoint)
        return;
    farm_record r = { .index = f->base + i, .t = l->t, .out_len = l->out_len, .err_len = l->err_len,
                      .line_print = farm_line_print(l->where, l->lineno, l->line) };
    if (farm_record_write(f->checkpoint, &r, l->out, l->err) != 0) {
        cli_error("--checkpoint %s: cannot write it: %s (the run goes on without it)", f->ck->path, strerror(errno));
        fclose(f->checkpoint);
        f->checkpoint = NULL;
    }
}

int farm_checkpoint_close(farm *f, bool whole)
{
    const long past = f->resume.n - f->resume.taken;
    int rc = 0;
    if (whole && past > 0 && f->ck && f->ck->path) {
        cli_error("--checkpoint %s: %ld of its lines are past the input's %ld (another input's?)", f->ck->path, past,
                  f->base + f->n);
        rc = -1;
    }
    if (f->checkpoint)
        fclose(f->checkpoint);
    if (f->resume.in)
        fclose(f->resume.in);
    farm_resume_free(&f->resume);
    f->checkpoint = f->resume.in = NULL;
    return rc;
}
