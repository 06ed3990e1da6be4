/* Options by table (cli/cli_options.h). */
#include "cli/cli_options.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

/* "--name", "--name=value" or "-x" (an option); anything else beginning
 * with '-' ("-", "-5", a board "--X-O...") is an operand. */
static bool is_option(const char *a)
{
    if (a[0] != '-')
        return false;
    if (a[1] == '-')
        return a[2] >= 'a' && a[2] <= 'z';
    return ((a[1] >= 'a' && a[1] <= 'z') || (a[1] >= 'A' && a[1] <= 'Z')) && a[2] == '\0';
}

static const cli_option *find(const cli_option *opts, const char *name, size_t len, char letter)
{
    for (const cli_option *o = opts; o->name; o++)
        if (letter ? o->letter == letter : strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return o;
    return NULL;
}

/* Whether name (len characters) is in the space-separated list. */
static bool listed(const char *list, const char *name, size_t len)
{
    for (const char *p = list; p && *p;) {
        p += strspn(p, " ");
        const size_t n = strcspn(p, " ");
        if (n == len && strncmp(p, name, len) == 0)
            return true;
        p += n;
    }
    return false;
}

/* What an error says the option takes. */
static void describe(const cli_option *o, char *out, size_t len)
{
    if (o->values) {
        snprintf(out, len, "%s", o->values);
        return;
    }
    size_t at = 0;
    switch (o->kind) {
    case CLI_INT:
    case CLI_LONG:
        snprintf(out, len, "%ld..%ld", o->min, o->max);
        break;
    case CLI_MB:
        snprintf(out, len, "megabytes, %ld..%ld", o->min, o->max);
        break;
    case CLI_CHOICE:
        out[0] = '\0';
        for (int i = 0; o->choices[i] && at < len; i++)
            at += (size_t)snprintf(out + at, len - at, "%s%s", i ? ", " : "", o->choices[i]);
        break;
    default:
        out[0] = '\0';
    }
}

/* --threads (a count, or a list such as "1,2,4") beyond the cores this
 * process may run on: a warning, once, since the threads then take turns
 * (a 16-thread player on 2 cores searched no deeper than a 2-thread one). */
static void warn_threads(const char *text)
{
    static bool warned;
    long most = 0;
    for (const char *p = text; *p;) {
        char *end;
        const long v = strtol(p, &end, 10);
        if (end == p) {
            p++;
            continue;
        }
        most = v > most ? v : most;
        p = end;
    }
    const int cores = cli_cpus();
    if (most > cores && !warned) {
        warned = true;
        cli_error("warning: --threads %ld is more than the %d core%s this process may run on: the threads take turns",
                  most, cores, cores == 1 ? "" : "s");
    }
}

/* Stores text into o's target; -1 after the error. */
static int store(const cli_option *o, const char *text)
{
    char err[256] = "";
    long v = 0;
    bool ok = true;
    switch (o->kind) {
    case CLI_FLAG: *(bool *)o->target = true; break;
    case CLI_STRING: *(const char **)o->target = text; break;
    case CLI_INT:
        if ((ok = cli_int(text, o->min, o->max, &v) == 0))
            *(int *)o->target = (int)v;
        break;
    case CLI_LONG:
        if ((ok = cli_int(text, o->min, o->max, &v) == 0))
            *(long *)o->target = v;
        break;
    case CLI_MB:
        if ((ok = cli_int(text, o->min, o->max, &v) == 0 && (uint64_t)v <= SIZE_MAX >> 20))
            *(size_t *)o->target = (size_t)v << 20;
        break;
    case CLI_CHOICE:
        ok = false;
        for (int i = 0; o->choices[i] && !ok; i++)
            if (strcmp(text, o->choices[i]) == 0) {
                *(int *)o->target = i;
                ok = true;
            }
        break;
    case CLI_CUSTOM: ok = o->parse(o->target, text, err, sizeof err) == 0; break;
    }
    if (!ok) {
        char values[200];
        describe(o, values, sizeof values);
        if (err[0])
            cli_usage_error("bad --%s '%s': %s", o->name, text, err);
        else
            cli_usage_error("bad --%s '%s' (%s)", o->name, text, values);
        return -1;
    }
    if (o->given)
        *o->given = true;
    if (strcmp(o->name, "threads") == 0)
        warn_threads(text);
    return 0;
}

/* One option at argv[*i] (taking its value from the next word if it
 * needs one); -1 after an error. */
static int take(const cli_command *cmd, int argc, char **argv, int *i, const cli_option *opts)
{
    const char *a = argv[*i];
    const bool is_long = a[1] == '-';
    const char *name = is_long ? a + 2 : a + 1;
    const char *eq = is_long ? strchr(name, '=') : NULL;
    const size_t len = eq ? (size_t)(eq - name) : strlen(name);
    const cli_option *o = is_long ? find(opts, name, len, 0) : find(opts, NULL, 0, a[1]);
    if (!o) {
        if (is_long && listed(cmd->elsewhere, name, len))
            cli_usage_error("option --%.*s does not apply to 'gts %s'", (int)len, name, cmd->name);
        else
            cli_usage_error("unknown option %.*s (see 'gts %s --help')", (int)(len + (size_t)(is_long ? 2 : 1)), a,
                      cmd->name);
        return -1;
    }
    if (o->kind == CLI_FLAG) {
        if (eq) {
            cli_usage_error("--%s takes no value", o->name);
            return -1;
        }
        return store(o, NULL);
    }
    if (eq)
        return store(o, eq + 1);
    if (*i + 1 >= argc) {
        cli_usage_error("--%s needs a value (see 'gts %s --help')", o->name, cmd->name);
        return -1;
    }
    return store(o, argv[++*i]);
}

int cli_parse_options(const cli_command *cmd, int argc, char **argv, const cli_option *opts)
{
    int n = 0;
    bool options_end = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!options_end && strcmp(a, "--") == 0) {
            options_end = true;
        } else if (options_end || !is_option(a)) {
            argv[1 + n++] = argv[i];
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(cmd->usage, stdout);
            return CLI_HELP;
        } else if (take(cmd, argc, argv, &i, opts) != 0) {
            return CLI_BAD;
        }
    }
    return n;
}

int cli_parse_status(int n)
{
    return n == CLI_HELP ? EXIT_OK : EXIT_USAGE;
}
