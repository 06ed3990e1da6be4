/* A long command's signs of life on stderr (cli/cli.h): a progress line
 * redrawn on a terminal, a line a finished row where stderr is a log. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/clock.h"

static double last_progress;
static bool progress_shown;

/* Asked once: a system call per solved position would cost more than an
 * easy position's whole search. */
static bool stderr_is_tty(void)
{
    static int tty = -1;
    if (tty < 0)
        tty = isatty(STDERR_FILENO);
    return tty;
}

void cli_progress(const char *fmt, ...)
{
    if (!stderr_is_tty())
        return;
    const double now = gts_now_usec() / 1e6;
    if (now - last_progress < 0.2)
        return;
    last_progress = now;
    va_list ap;
    va_start(ap, fmt);
    fputs("\r\033[K", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    progress_shown = true;
}

void cli_progress_done(void)
{
    if (progress_shown)
        fputs("\r\033[K", stderr);
    progress_shown = false;
}

void cli_row_done(const char *fmt, ...)
{
    if (stderr_is_tty())
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("gts: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}
