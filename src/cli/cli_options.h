/*
 * Internal to the gts command: the one way every command reads its
 * options.  A command describes its options in a table; cli_parse_options
 * reads them wherever they stand (before or after operands), checks each
 * value, and leaves the operands in order.
 *
 *     int depth = 6;  bool json = false;
 *     const cli_option opts[] = {
 *         CLI_OPT_INT("depth", 'd', &depth, 1, 60),
 *         CLI_OPT_FLAG("json", 0, &json),
 *         CLI_OPT_END,
 *     };
 *     const cli_command cmd = { "reversi best", usage_text, NULL };
 *     const int n = cli_parse_options(&cmd, argc, argv, opts);
 *     if (n < 0)
 *         return cli_parse_status(n);
 *
 * Errors are one line on stderr naming the option and the values it
 * takes, "gts: bad --depth '0' (1..60)"; "--help" or "-h" prints the
 * command's usage on stdout.
 */
#ifndef GTS_CLI_OPTIONS_H
#define GTS_CLI_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
    CLI_FLAG,       /* bool *: set when given */
    CLI_INT,        /* int *: a whole number within min..max */
    CLI_LONG,       /* long *: a whole number within min..max */
    CLI_MB,         /* size_t *: megabytes within min..max, stored as bytes */
    CLI_STRING,     /* const char **: the text as given */
    CLI_CHOICE,     /* int *: the index of the value in choices (NULL-ended) */
    CLI_CUSTOM,     /* parse(target, text, err): 0, or -1 with the reason */
} cli_kind;

typedef struct cli_option {
    const char *name;           /* the long name, without "--"; NULL ends a table */
    char letter;                /* a one-letter form (-w), or 0 */
    cli_kind kind;
    void *target;
    long min, max;              /* CLI_INT, CLI_LONG, CLI_MB */
    const char *const *choices; /* CLI_CHOICE */
    int (*parse)(void *target, const char *text, char *err, size_t errlen);   /* CLI_CUSTOM */
    const char *values;         /* what an error says the option takes; default from the kind */
    bool *given;                /* set when the option is on the command line; may be NULL */
} cli_option;

/* Table entries; each checks its target's type (a mismatch is a compile
 * error).  An entry that needs `given` or `values` is written out with
 * designated initializers. */
#define CLI_TARGET(type, t) ((void *)(1 ? (t) : (type *)0))
#define CLI_OPT_FLAG(n, l, t) { .name = (n), .letter = (l), .kind = CLI_FLAG, .target = CLI_TARGET(bool, t) }
#define CLI_OPT_INT(n, l, t, lo, hi) \
    { .name = (n), .letter = (l), .kind = CLI_INT, .target = CLI_TARGET(int, t), .min = (lo), .max = (hi) }
#define CLI_OPT_LONG(n, l, t, lo, hi) \
    { .name = (n), .letter = (l), .kind = CLI_LONG, .target = CLI_TARGET(long, t), .min = (lo), .max = (hi) }
#define CLI_OPT_MB(n, t, lo, hi) { .name = (n), .kind = CLI_MB, .target = CLI_TARGET(size_t, t), .min = (lo), .max = (hi) }
#define CLI_OPT_STRING(n, l, t) { .name = (n), .letter = (l), .kind = CLI_STRING, .target = CLI_TARGET(const char *, t) }
#define CLI_OPT_CHOICE(n, t, c) { .name = (n), .kind = CLI_CHOICE, .target = CLI_TARGET(int, t), .choices = (c) }
#define CLI_OPT_CUSTOM(n, t, fn, what) { .name = (n), .kind = CLI_CUSTOM, .target = (t), .parse = (fn), .values = (what) }
#define CLI_OPT_END { .name = NULL }

/* Options that another of the game's commands takes: named, they get
 * "does not apply to 'gts c4 play'" instead of "unknown option".  A
 * space-separated list of long names, or NULL. */
typedef struct cli_command {
    const char *name;           /* "c4 solve": for messages */
    const char *usage;          /* printed on stdout for --help / -h */
    const char *elsewhere;      /* the game's options this command does not take */
} cli_command;

/* Reads the options of argv[1..argc-1] into the table's targets and
 * moves the operands to argv[1..n] in their order.  Returns n (the
 * operand count, >= 0), CLI_HELP after printing the usage, or CLI_BAD
 * after a one-line error on stderr.  A lone "-" is an operand; "--" ends
 * the options. */
enum { CLI_HELP = -1, CLI_BAD = -2 };
int cli_parse_options(const cli_command *cmd, int argc, char **argv, const cli_option *opts);

/* The exit status a command returns after cli_parse_options failed. */
int cli_parse_status(int n);

#endif
