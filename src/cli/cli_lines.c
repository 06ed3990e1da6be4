/* Input files read line by line (cli/cli.h): what every batch command reads
 * goes through here, so that a directory, a read error, a NUL byte or a
 * line without end is reported the same way everywhere. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

static bool (*text_operand)(const char *operand);

void cli_lines_text_operands(bool (*is_text)(const char *operand))
{
    text_operand = is_text;
}

/* An operand read as the one line it is: no file of its name, and the
 * command's rule takes it. */
static bool is_text(const char *name)
{
    return text_operand && access(name, F_OK) != 0 && text_operand(name);
}

int cli_lines_open(cli_lines *r, const char *name)
{
    memset(r, 0, sizeof *r);
    r->name = name;
    r->f = strcmp(name, "-") == 0 ? stdin : is_text(name) ? fmemopen((void *)name, strlen(name), "r") : fopen(name, "r");
    if (!r->f) {
        cli_error("cannot open %s: %s", name, strerror(errno));
        return -1;
    }
    return 0;
}

void cli_lines_close(cli_lines *r)
{
    if (r->f && r->f != stdin)
        fclose(r->f);
    free(r->buf);
    r->f = NULL;
    r->buf = NULL;
}

/* Appends c to the line; -1 without memory. */
static int append(cli_lines *r, size_t *len, int c)
{
    if (*len + 2 > r->cap) {
        const size_t cap = r->cap ? 2 * r->cap : 256;
        char *b = realloc(r->buf, cap);
        if (!b)
            return -1;
        r->buf = b;
        r->cap = cap;
    }
    r->buf[(*len)++] = (char)c;
    return 0;
}

/* One line, its '\n' kept, byte by byte: getline would hold a line of any
 * length in memory, and a NUL byte would end the line for every caller
 * that reads it as a string.  A line longer than CLI_MAX_LINE ends the
 * file: what follows it is no text a command reads (/dev/zero has no
 * line end at all). */
static int read_line(cli_lines *r, size_t *len, bool *nul)
{
    int c;
    *len = 0;
    *nul = false;
    while ((c = getc_unlocked(r->f)) != EOF) {
        *nul |= c == '\0';
        if (*len == CLI_MAX_LINE) {
            cli_error("%s:%ld: line longer than %zu bytes: the rest of the file is not read", r->name,
                      r->lineno + 1, (size_t)CLI_MAX_LINE);
            return -1;
        }
        if (append(r, len, c) != 0) {
            cli_error("%s:%ld: out of memory", r->name, r->lineno + 1);
            return -1;
        }
        if (c == '\n')
            break;
    }
    if (c == EOF && ferror(r->f)) {
        /* Ctrl-C ends a wait for input: not a read error. */
        if (!cli_interrupted())
            cli_error("cannot read %s: %s", r->name, strerror(errno));
        return -1;
    }
    if (*len == 0)
        return 0;
    r->buf[*len] = '\0';
    r->lineno++;
    return 1;
}

int cli_lines_next(cli_lines *r, const char **line)
{
    for (;;) {
        size_t len;
        bool nul;
        const int k = read_line(r, &len, &nul);
        if (k <= 0)
            return k;
        if (nul) {
            cli_error("%s:%ld: NUL byte at column %zu", r->name, r->lineno, strlen(r->buf) + 1);
            r->bad++;
        } else {
            *line = r->buf;
            return 1;
        }
    }
}

int cli_each_line(int argc, char **argv, cli_line_fn on_line, int (*on_file_end)(void *ctx), void *ctx)
{
    int status = EXIT_OK;
    bool stop = false;
    const int nfiles = argc > 0 ? argc : 1;
    for (int i = 0; i < nfiles && !stop && !cli_interrupted(); i++) {
        cli_lines r;
        if (cli_lines_open(&r, argc > 0 ? argv[i] : "-") != 0) {
            status = EXIT_FAIL;
            continue;
        }
        const char *line;
        int k = 0;
        while (!stop && !cli_interrupted() && (k = cli_lines_next(&r, &line)) > 0)
            stop = on_line(ctx, r.name, r.lineno, line) != 0;
        if (!stop && !cli_interrupted() && (k < 0 || r.bad))
            status = EXIT_FAIL;
        if (!stop && !cli_interrupted() && on_file_end)
            stop = on_file_end(ctx) != 0;
        cli_lines_close(&r);
    }
    return stop && !cli_interrupted() ? EXIT_FAIL : status;
}
