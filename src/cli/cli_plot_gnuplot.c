/* gnuplot found and run, its picture written whole (cli_plot_gnuplot.h). */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "cli_plot_gnuplot.h"
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

/* A new file beside file (in its folder, so that a rename moves it over
 * file): its descriptor and its name in *tmp (to free), or -1 after an
 * error line. */
static int open_beside(const char *file, char **tmp)
{
    const size_t len = strlen(file) + sizeof ".XXXXXX";
    if (!(*tmp = malloc(len))) {
        cli_error("out of memory");
        return -1;
    }
    snprintf(*tmp, len, "%s.XXXXXX", file);
    const int fd = mkostemp(*tmp, O_CLOEXEC);
    if (fd < 0) {
        cli_error("cannot write %s: %s", file, strerror(errno));
        free(*tmp);
        *tmp = NULL;
    }
    return fd;
}

int plot_check_writable(const char *file)
{
    char *tmp;
    const int fd = open_beside(file, &tmp);
    if (fd < 0)
        return -1;
    close(fd);
    unlink(tmp);
    free(tmp);
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
    char *tmp;
    const int out = open_beside(file, &tmp);
    if (out < 0)
        return -1;
    int rc = run(gnuplot, script, len, out);
    /* mkstemp's file is the owner's alone; a picture is for others to
     * read too, as a file open() makes. */
    const mode_t mask = umask(0);
    umask(mask);
    if (rc == 0 && (fchmod(out, 0666 & ~mask) != 0 || rename(tmp, file) != 0)) {
        cli_error("cannot write %s: %s", file, strerror(errno));
        rc = -1;
    } else if (rc > 0) {
        cli_error("gnuplot failed drawing %s (exit status %d)", file, rc);
    }
    close(out);
    if (rc != 0)
        unlink(tmp);
    free(tmp);
    return rc == 0 ? 0 : -1;
}
