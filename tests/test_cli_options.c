/* The command line's option tables (src/cli/cli_options.c): every kind of
 * value, operands in order wherever options stand, and the one-line
 * errors of bad input. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cli/cli_options.h"

typedef struct values {
    bool flag, given_depth;
    int depth, choice;
    long limit;
    size_t bytes;
    const char *name;
    int custom;
} values;

static int parse_even(void *target, const char *text, char *err, size_t errlen)
{
    int v;
    if (sscanf(text, "%d", &v) != 1 || v % 2) {
        snprintf(err, errlen, "not an even number");
        return -1;
    }
    *(int *)target = v;
    return 0;
}

static const char *const colours[] = { "red", "green", "blue", NULL };

/* A stream sent to a temporary file while the parser runs. */
typedef struct capture {
    FILE *stream, *tmp;
    int saved;
} capture;

static capture capture_start(FILE *stream)
{
    fflush(stream);
    capture c = { stream, tmpfile(), dup(fileno(stream)) };
    dup2(fileno(c.tmp), fileno(stream));
    return c;
}

/* Ends c; its first line, without the newline, into line (256 bytes). */
static void capture_end(capture *c, char *line)
{
    fflush(c->stream);
    dup2(c->saved, fileno(c->stream));
    close(c->saved);
    rewind(c->tmp);
    if (!fgets(line, 256, c->tmp))
        line[0] = '\0';
    line[strcspn(line, "\n")] = '\0';
    fclose(c->tmp);
}

/* Parses the words of line (split at spaces) with the test's table; the
 * operands come back joined by '|', the first lines of stdout and stderr
 * in out and err. */
static int parse_with_output(const char *line, values *v, char *operands, char *out, char *err)
{
    *v = (values){ .depth = -1, .choice = -1 };
    const cli_option opts[] = {
        CLI_OPT_FLAG("flag", 'f', &v->flag),
        { .name = "depth", .letter = 'd', .kind = CLI_INT, .target = &v->depth, .min = 1, .max = 60,
          .given = &v->given_depth },
        CLI_OPT_LONG("limit", 0, &v->limit, 0, 1L << 40),
        CLI_OPT_MB("tt-mb", &v->bytes, 1, 1 << 20),
        CLI_OPT_STRING("name", 'o', &v->name),
        CLI_OPT_CHOICE("colour", &v->choice, colours),
        CLI_OPT_CUSTOM("even", &v->custom, parse_even, NULL),
        CLI_OPT_END,
    };
    const cli_command cmd = { "test run", "usage: test run\n", "algo threads" };
    char copy[512], *argv[64];
    int argc = 0;
    snprintf(copy, sizeof copy, "run %s", line);
    for (char *save, *w = strtok_r(copy, " ", &save); w && argc < 63; w = strtok_r(NULL, " ", &save))
        argv[argc++] = w;
    argv[argc] = NULL;

    capture out_cap = capture_start(stdout), err_cap = capture_start(stderr);
    const int n = cli_parse_options(&cmd, argc, argv, opts);
    capture_end(&out_cap, out);
    capture_end(&err_cap, err);
    operands[0] = '\0';
    for (int i = 1; i <= n; i++)
        snprintf(operands + strlen(operands), 256 - strlen(operands), "%s%s", i > 1 ? "|" : "", argv[i]);
    return n;
}

static int parse(const char *line, values *v, char *operands, char *err)
{
    char out[256];
    return parse_with_output(line, v, operands, out, err);
}

static void test_values(void)
{
    values v;
    char ops[256], err[256];
    CHECK_EQ(parse("a --flag b --depth 7 --limit=1099511627776 c", &v, ops, err), 3);
    CHECK_STREQ(ops, "a|b|c");
    CHECK(v.flag);
    CHECK_EQ(v.depth, 7);
    CHECK(v.given_depth);
    CHECK_EQ(v.limit, 1L << 40);
    CHECK_EQ(parse("-f -d 3 -o out.txt --tt-mb 16 --colour blue --even 12", &v, ops, err), 0);
    CHECK(v.flag);
    CHECK_EQ(v.depth, 3);
    CHECK_STREQ(v.name, "out.txt");
    CHECK_EQ(v.bytes, (size_t)16 << 20);
    CHECK_EQ(v.choice, 2);
    CHECK_EQ(v.custom, 12);
    CHECK(!v.given_depth || v.depth == 3);
    CHECK_EQ(parse("x", &v, ops, err), 1);
    CHECK(!v.given_depth);
    CHECK_EQ(v.depth, -1);
}

/* A lone '-', numbers below zero, boards of dashes and everything after
 * "--" are operands. */
static void test_operands(void)
{
    values v;
    char ops[256], err[256];
    CHECK_EQ(parse("- -5 ---X-O-- --flag -- --depth -d", &v, ops, err), 5);
    CHECK_STREQ(ops, "-|-5|---X-O--|--depth|-d");
    CHECK(v.flag);
    CHECK_EQ(v.depth, -1);
}

static void test_errors(void)
{
    values v;
    char ops[256], err[256];
    static const struct {
        const char *line, *error;
    } bad[] = {
        { "--depth 0", "gts: bad --depth '0' (1..60)" },
        { "--depth 7x", "gts: bad --depth '7x' (1..60)" },
        { "--depth", "gts: --depth needs a value (see 'gts test run --help')" },
        { "--tt-mb 0", "gts: bad --tt-mb '0' (megabytes, 1..1048576)" },
        { "--colour pink", "gts: bad --colour 'pink' (red, green, blue)" },
        { "--even 3", "gts: bad --even '3': not an even number" },
        { "--flag=1", "gts: --flag takes no value" },
        { "--nope", "gts: unknown option --nope (see 'gts test run --help')" },
        { "--nope=3", "gts: unknown option --nope (see 'gts test run --help')" },
        { "-z", "gts: unknown option -z (see 'gts test run --help')" },
        { "--threads 4", "gts: option --threads does not apply to 'gts test run'" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        CHECK_EQ(parse(bad[i].line, &v, ops, err), CLI_BAD);
        CHECK_STREQ(err, bad[i].error);
    }
    CHECK_EQ(cli_parse_status(CLI_BAD), 2);
}

static void test_help(void)
{
    values v;
    char ops[256], out[256], err[256];
    CHECK_EQ(parse_with_output("a --depth 3 --help --nope", &v, ops, out, err), CLI_HELP);
    CHECK_STREQ(out, "usage: test run");
    CHECK_STREQ(err, "");
    CHECK_EQ(cli_parse_status(CLI_HELP), 0);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "values", test_values },
        { "operands", test_operands },
        { "errors", test_errors },
        { "help", test_help },
    };
    return check_run_parts(argc, argv, "test_cli_options", parts, sizeof parts / sizeof *parts);
}
