/*
 * What the protocol engines' session tests (test_nboard, test_pbrain)
 * share: their command line, their checks of a session step, the reading
 * of a script and each script as a part of the test.
 *
 *     usage: test_x [--part NAME] ENGINE [ARGS...]
 *
 * A test keeps its session in a struct `run` with at least
 *
 *     const char *name;     the session's name, in failure messages
 *     int lineno;           the script line being run
 *     child c;              the engine
 *     bool dead;            the engine was killed or has exited
 *     bool failed;          a check failed: the rest is skipped
 *
 * and runs a script by run_session(char **engine, name, script).
 */
#ifndef GTS_TESTS_TEST_SESSION_H
#define GTS_TESTS_TEST_SESSION_H

#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_child.h"
#include "test_rng.h"

/* The engine's command line, NULL-ended: main's arguments after --part. */
static char **session_engine;
static int session_engine_argc;

static inline bool session_check(bool *failed, const char *name, int lineno, bool ok, const char *file, int line,
                                 const char *fmt, ...) __attribute__((format(printf, 7, 8)));
static inline bool session_check(bool *failed, const char *name, int lineno, bool ok, const char *file, int line,
                                 const char *fmt, ...)
{
    char msg[600] = "";
    if (!ok) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        *failed = true;
    }
    return check_report(ok, file, line, "session %s line %d: %s", name, lineno, msg);
}

/* A check of a session step (r: the run): a failure names the session and
 * its script line, with the printf-style message, and ends the session
 * (what follows would fail for the same reason). */
#define expect(r, ok, ...) \
    session_check(&(r)->failed, (r)->name, (r)->lineno, (ok), __FILE__, __LINE__, __VA_ARGS__)

/* The next line of a script to run, cut out of the copy that *at points
 * into: leading spaces left out, blank lines and '#' comments passed over,
 * every line counted in *lineno.  NULL at the end. */
static inline char *script_line(char **at, int *lineno)
{
    while (*at) {
        char *line = *at, *end = strchr(line, '\n');
        *at = end ? end + 1 : NULL;
        if (end)
            *end = '\0';
        ++*lineno;
        line += strspn(line, " ");
        if (*line && *line != '#')
            return line;
    }
    return NULL;
}

/* Sends a junk line of n bytes, then `end`: the letter `first` (so that it
 * is one unknown command), then bytes of the generator (rng; NULL: more of
 * `first`) with the line ends among them made `not_end`.  False if it
 * could not be sent within timeout_ms. */
static inline bool send_junk(child *c, uint64_t *rng, size_t n, char first, char not_end, const char *end,
                             int timeout_ms)
{
    const size_t k = strlen(end);
    char *line = malloc(n + k);
    for (size_t i = 0; i < n; i++) {
        const char ch = !rng || i == 0 ? first : (char)lcg_next(rng);
        line[i] = ch == '\r' || ch == '\n' ? not_end : ch;
    }
    memcpy(line + n, end, k);
    const bool sent = send_bytes(c, line, n + k, timeout_ms);
    free(line);
    return sent;
}

/* Runs a script on the session r (its engine started): each line through
 * step(r, line) while the engine lives and no check has failed, then the
 * end: the engine killed after a failure, else finish(r), the test's check
 * of how the engine ends. */
#define RUN_SCRIPT(r, script, step, finish, exit_timeout_ms)                            \
    do {                                                                                \
        char *copy_ = strdup(script), *at_ = copy_, *line_;                             \
        while (!(r)->dead && !(r)->failed && (line_ = script_line(&at_, &(r)->lineno))) \
            step((r), line_);                                                           \
        free(copy_);                                                                    \
        if ((r)->failed && !(r)->dead)                                                  \
            kill_child(&(r)->c, (exit_timeout_ms));                                     \
        else if (!(r)->dead)                                                            \
            finish(r);                                                                  \
    } while (0)

/* SESSION_PART(game) is part_game, the part that runs the script s_game
 * on a fresh engine. */
#define SESSION_PART(script) \
    static void part_##script(void) { run_session(session_engine, #script, s_##script); }

/* The main of a session test: every part on the engine, or the one that
 * --part names; no engine is a bad invocation (status 2). */
static inline int session_main(int argc, char **argv, const char *program, const check_part *parts, size_t n)
{
    const int first = argc > 1 && strcmp(argv[1], "--part") == 0 ? 3 : 1;
    if (first >= argc || argv[first][0] == '-') {
        char text[256];
        snprintf(text, sizeof text, "usage: %s [--part NAME] ENGINE [ARGS...]", program);
        return check_bad_invocation(text, parts, n);
    }
    signal(SIGPIPE, SIG_IGN);
    session_engine = argv + first;
    session_engine_argc = argc - first;
    return check_run_part(program, parts, n, first == 3 ? argv[2] : NULL);
}

#endif
