/*
 * A whole NBoard session (rv_nboard.h): the input's lines (LF or CR LF
 * ended) through rv_nboard_line one at a time, until "quit".  The rule
 * checked: "ping N" is answered by exactly one "pong N" (the GUI matches
 * them to know the engine has caught up), and nothing else by a pong.
 *
 * The session is kept small: searches are at most 3 plies deep whatever
 * "set depth" said (set after each line), exact at 8 empty squares or
 * fewer, on one thread with small tables.
 */
#include "fuzz.h"

#include <ctype.h>

#include "reversi/protocol/rv_nboard.h"

#define DEPTH_CAP 3

/* The N of a line "ping N" (N a number of at most 18 digits, blanks
 * around), else NULL. */
static const char *ping_number(const char *line, size_t n)
{
    const char *rest;
    if (!fuzz_word(line, n, "ping", false, &rest))
        return NULL;
    const char *end = line + n, *d = rest + (*rest == '-' || *rest == '+');
    size_t digits = 0;
    while (d + digits < end && isdigit((unsigned char)d[digits]))
        digits++;
    const char *after = d + digits;
    while (after < end && (*after == ' ' || *after == '\t'))
        after++;
    return digits && digits <= 18 && after == end ? rest : NULL;
}

/* The pong lines among the replies: how many, and the number of the last. */
static int pongs(const char *text, size_t len, long long *number)
{
    int count = 0;
    for (const char *s = text; s < text + len;) {
        const char *end = memchr(s, '\n', (size_t)(text + len - s));
        FUZZ_CHECK(end, "nboard: a reply without its line end");
        if (!strncmp(s, "pong", 4)) {
            count++;
            *number = strtoll(s + 4, NULL, 10);
        }
        s = end + 1;
    }
    return count;
}

/* One line; false at quit. */
static bool session_line(rv_nboard *nb, fuzz_out *out, const uint8_t *raw, size_t n)
{
    if (n && raw[n - 1] == '\r')
        n--;
    char *line = fuzz_string(raw, n);
    const size_t len = strlen(line);   /* a NUL byte ends the line for the engine */
    const char *ping = ping_number(line, len);
    const bool more = rv_nboard_line(nb, line);
    size_t got_len;
    const char *text = fuzz_replies(out, &got_len);
    long long number = 0;
    const int got = pongs(text, got_len, &number);
    if (ping)
        FUZZ_CHECK(got == 1 && number == strtoll(ping, NULL, 10), "nboard: '%.60s' answered by %d pongs (%lld)", line,
                   got, number);
    else
        FUZZ_CHECK(got == 0, "nboard: '%.60s' answered by a pong", line);
    if (nb->eng.set.depth > DEPTH_CAP)
        nb->eng.set.depth = DEPTH_CAP;
    free(line);
    return more;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static rv_nboard nb;
    static FILE *err;
    if (!err)
        err = fopen("/dev/null", "w");
    const rv_engine_settings s = { .depth = 2, .endgame = 8, .threads = 1, .tt_bytes = 1 << 16 };
    fuzz_out out;
    fuzz_out_open(&out);
    char why[200];
    FUZZ_CHECK(rv_nboard_init(&nb, &s, out.f, err, why, sizeof why) == 0, "rv_nboard_init: %s", why);
    size_t pos = 0, n;
    const uint8_t *line;
    while (fuzz_next_line(data, size, &pos, "\n", &line, &n) && session_line(&nb, &out, line, n))
        ;
    rv_nboard_free(&nb);
    fuzz_out_close(&out);
    return 0;
}
