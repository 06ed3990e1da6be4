/* gnuplot found and run, its picture written whole (report/gnuplot.h). */
#include "report/gnuplot.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/replace_file.h"
#include "core/write_all.h"

extern char **environ;

int plot_find_gnuplot(char *path, size_t len)
{
    for (const char *p = getenv("PATH"); p && *p;) {
        const size_t n = strcspn(p, ":");
        if (n > 0) {
            snprintf(path, len, "%.*s/gnuplot", (int)n, p);
            if (access(path, X_OK) == 0)
                return 0;
        }
        p += n + (p[n] == ':');
    }
    return -1;
}

int plot_check_writable(const char *file)
{
    gts_replace r;
    char err[512];
    if (!gts_replace_open(&r, file, err, sizeof err)) {
        cli_error("%s", err);
        return -1;
    }
    gts_replace_abort(&r);
    return 0;
}

/* Runs gnuplot on script with its output to out; its exit status, or -1
 * if it could not be started (after an error line). */
static int run(const char *gnuplot, const char *script, size_t len, int out)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        cli_error("cannot run gnuplot: %s", strerror(errno));
        return -1;
    }
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fds[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&fa, out, STDOUT_FILENO);
    static char name[] = "gnuplot";
    char *argv[] = { name, NULL };
    pid_t pid;
    const int rc = posix_spawn(&pid, gnuplot, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fds[0]);
    if (rc != 0) {
        close(fds[1]);
        cli_error("cannot run %s: %s", gnuplot, strerror(rc));
        return -1;
    }
    /* Ignored only here, after the spawn (an ignored signal stays ignored
     * across exec): gnuplot stopping early must not kill gts, its exit
     * status says what went wrong. */
    struct sigaction ignore = { .sa_handler = SIG_IGN }, old;
    sigaction(SIGPIPE, &ignore, &old);
    gts_write_all(fds[1], script, len);
    close(fds[1]);
    sigaction(SIGPIPE, &old, NULL);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

int plot_run_gnuplot(const char *gnuplot, const char *script, size_t len, const char *file)
{
    gts_replace r;
    char err[512];
    if (!gts_replace_open(&r, file, err, sizeof err)) {
        cli_error("%s", err);
        return -1;
    }
    const int rc = run(gnuplot, script, len, fileno(r.f));
    if (rc != 0) {
        gts_replace_abort(&r);
        if (rc > 0)
            cli_error("gnuplot failed drawing %s (exit status %d)", file, rc);
        return -1;
    }
    if (gts_replace_finish(&r, err, sizeof err) != 0) {
        cli_error("%s", err);
        return -1;
    }
    return 0;
}
