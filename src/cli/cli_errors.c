/* Errors and how a command ends (cli/cli.h): one line on stderr for each
 * error, and the exit status of a solve command from its totals. */
#include <stdarg.h>
#include <stdio.h>

#include "cli/cli.h"
#include "gts/gpu.h"

/* One write for the line: under mpirun the ranks' lines share a stream,
 * and an unbuffered stderr in three writes came out as "gts: gts: ...". */
static void say(const char *fmt, va_list ap)
{
    char line[4200];    /* a path of PATH_MAX and its reason */
    int n = snprintf(line, sizeof line, "gts: ");
    n += vsnprintf(line + n, sizeof line - (size_t)n - 1, fmt, ap);
    if (n > (int)sizeof line - 2)
        n = (int)sizeof line - 2;
    line[n++] = '\n';
    fwrite(line, 1, (size_t)n, stderr);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
}

void cli_usage_error(const char *fmt, ...)
{
    if (cli_world_rank() > 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    say(fmt, ap);
    va_end(ap);
}

int cli_solve_status(const solve_totals *t, int status)
{
    if (cli_interrupted()) {
        cli_error("interrupted after %ld positions", t->positions);
        return EXIT_INTERRUPTED;
    }
    if (t->mismatches || t->bad_lines) {
        cli_error("%ld positions, %ld wrong scores, %ld bad lines", t->positions, t->mismatches, t->bad_lines);
        return EXIT_FAIL;
    }
    return status;
}

int cli_gpu_failed(bool device, const char *err)
{
    char why[256];
    if (device && gts_gpu_available(why, sizeof why) != 0)
        cli_error("%s; --executor cpu runs the same code on the CPU", err);
    else
        cli_error("%s", err);
    return EXIT_FAIL;
}
