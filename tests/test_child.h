/*
 * A test's child process on pipes: started with its standard input and
 * output (and error) on pipes, written to and read from by lines, never
 * blocking without a timeout, and waited for or killed.  Shared by the
 * protocol engines' session tests (test_pbrain, test_nboard).
 */
#ifndef GTS_TESTS_TEST_CHILD_H
#define GTS_TESTS_TEST_CHILD_H

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct child {
    pid_t pid;
    int in, out, err;          /* its stdin, stdout, stderr (-1: not ours) */
    char buf[1 << 17];         /* read, not yet taken as lines */
    size_t len;
    bool eof;
} child;

static inline double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Starts argv[0] with pipes for stdin and stdout, and for stderr when
 * with_err (else it is ours, so sanitizer reports show). */
static inline bool spawn(child *c, char **argv, bool with_err)
{
    int in[2], out[2], err[2] = { -1, -1 };
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || (with_err && pipe2(err, O_CLOEXEC) != 0))
        return false;
    c->pid = fork();
    if (c->pid < 0)
        return false;
    if (c->pid == 0) {
        dup2(in[0], 0);
        dup2(out[1], 1);
        if (with_err)
            dup2(err[1], 2);
        execv(argv[0], argv);
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    if (with_err)
        close(err[1]);
    c->in = in[1];
    c->out = out[0];
    c->err = err[0];
    c->len = 0;
    c->eof = false;
    fcntl(c->in, F_SETFL, O_NONBLOCK);
    return true;
}

/* Writes all of data, waiting at most timeout_ms for room. */
static inline bool send_bytes(child *c, const char *data, size_t len, int timeout_ms)
{
    const double end = now_ms() + timeout_ms;
    while (len > 0) {
        const ssize_t k = write(c->in, data, len);
        if (k > 0) {
            data += k;
            len -= (size_t)k;
            continue;
        }
        if (k < 0 && errno != EAGAIN && errno != EINTR)
            return false;
        struct pollfd p = { c->in, POLLOUT, 0 };
        const int left = (int)(end - now_ms());
        if (left <= 0 || poll(&p, 1, left) < 0)
            return false;
    }
    return true;
}

/* The next line of the engine's output, CR LF or LF ended: 1, 0 at the end
 * of its output, -1 when none comes within timeout_ms. */
static inline int read_line(child *c, char *line, size_t size, int timeout_ms)
{
    const double end = now_ms() + timeout_ms;
    for (;;) {
        char *nl = memchr(c->buf, '\n', c->len);
        if (nl || (c->eof && c->len > 0) || c->len == sizeof c->buf) {
            const size_t n = nl ? (size_t)(nl - c->buf) : c->len, used = nl ? n + 1 : n;
            const size_t k = n < size - 1 ? n : size - 1;
            memcpy(line, c->buf, k);
            line[k] = '\0';
            if (k > 0 && line[k - 1] == '\r')
                line[k - 1] = '\0';
            memmove(c->buf, c->buf + used, c->len - used);
            c->len -= used;
            return 1;
        }
        if (c->eof)
            return 0;
        struct pollfd p = { c->out, POLLIN, 0 };
        const int left = (int)(end - now_ms());
        if (left <= 0 || poll(&p, 1, left) <= 0)
            return -1;
        /* The clamp is always a no-op here (a full buffer returned above);
         * it lets gcc 13's fortify check see the read fits. */
        const size_t used = c->len < sizeof c->buf ? c->len : sizeof c->buf;
        const ssize_t k = read(c->out, c->buf + used, sizeof c->buf - used);
        if (k > 0)
            c->len += (size_t)k;
        else if (k == 0 || errno != EINTR)
            c->eof = true;
    }
}

/* Closes the child's input, if not yet closed. */
static inline void close_input(child *c)
{
    if (c->in >= 0)
        close(c->in);
    c->in = -1;
}

/* Closes the engine's input and waits for it to exit, killing it after
 * timeout_ms; its wait status, or -1 if it had to be killed. */
static inline int wait_exit(child *c, int timeout_ms)
{
    close_input(c);
    const double end = now_ms() + timeout_ms;
    int status;
    while (waitpid(c->pid, &status, WNOHANG) == 0) {
        if (now_ms() > end) {
            kill(c->pid, SIGKILL);
            waitpid(c->pid, &status, 0);
            return -1;
        }
        struct timespec ts = { 0, 5000000 };
        nanosleep(&ts, NULL);
    }
    return status;
}

static inline int reap(child *c, int timeout_ms)
{
    const int status = wait_exit(c, timeout_ms);
    close(c->out);
    if (c->err >= 0)
        close(c->err);
    return status;
}

/* Kills the child at once (a session that failed) and reaps it. */
static inline void kill_child(child *c, int timeout_ms)
{
    kill(c->pid, SIGKILL);
    reap(c, timeout_ms);
}

/* Whether line matches pattern: text, a trailing '*' for a prefix,
 * alternatives split by '|'. */
static inline bool matches(const char *line, const char *pattern)
{
    while (*pattern) {
        const size_t n = strcspn(pattern, "|");
        const bool prefix = n > 0 && pattern[n - 1] == '*';
        const size_t k = prefix ? n - 1 : n;
        if (strncmp(line, pattern, k) == 0 && (prefix || line[k] == '\0'))
            return true;
        pattern += n + (pattern[n] == '|');
    }
    return false;
}

/* What is left in a pipe whose writer has exited, at most size - 1 bytes. */
static inline void slurp(int fd, char *out, size_t size)
{
    size_t n = 0;
    ssize_t k;
    while (n + 1 < size && ((k = read(fd, out + n, size - 1 - n)) > 0 || (k < 0 && errno == EINTR)))
        n += k > 0 ? (size_t)k : 0;
    out[n] = '\0';
}

#endif
