/* Helpers shared by the gts commands (cli/cli.h). */
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "core/number.h"
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

int cli_int(const char *s, long min, long max, long *out)
{
    return gts_whole_number(s, min, max, out) ? 0 : -1;
}

/* Atomics, not volatile sig_atomic_t: the farm's runner threads read the
 * flag while the handler writes it on the main thread, a data race that
 * ThreadSanitizer reported (volatile orders nothing between threads).
 * Both are lock-free (gts_stop asserts it for int), so the handler may
 * use them. */
_Static_assert(ATOMIC_POINTER_LOCK_FREE == 2, "the SIGINT handler needs a lock-free atomic pointer");
static _Atomic(gts_stop *) raised_on_interrupt;
static atomic_int interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    atomic_store(&interrupted, 1);
    gts_stop_raise(atomic_load(&raised_on_interrupt));
}

/* Without SA_RESTART: a read waiting for a human's move returns. */
void cli_interrupt_on(int sig)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(sig, &sa, NULL);
}

void cli_stop_on_interrupt(gts_stop *stop)
{
    atomic_store(&raised_on_interrupt, stop);
    if (atomic_load(&interrupted))
        gts_stop_raise(stop);
    cli_interrupt_on(SIGINT);
}

bool cli_interrupted(void)
{
    return atomic_load(&interrupted) != 0;
}

double cli_now_usec(void)
{
    return gts_now_usec();
}

int cli_cpus(void)
{
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus > 1 ? (int)cpus : 1;
}

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

void cli_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        const unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
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
