/*
 * A whole NBoard session (rv_nboard.h): the input's lines (LF or CR LF
 * ended) through rv_nboard_line one at a time, until "quit".  The rule
 * checked: "ping N" is answered by exactly one "pong N" (the GUI matches
 * them to know the engine has caught up), and no other line by a pong.
 *
 * The session is kept small: searches are at most 3 plies deep whatever
 * "set depth" said (set after each line), exact at 8 empty squares or
 * fewer, on one thread with small tables.
 */
#include "fuzz.h"

#include <ctype.h>

#include "reversi/protocol/rv_nboard.h"

#define DEPTH_CAP 3

/* What a line asks of pongs: PING (exactly one, "pong N"), MAYBE (a ping
 * of another form, "ping \r1": at most one) or NONE (not a ping). */
typedef enum { NONE, MAYBE, PING } ping_kind;

/* The line's kind, and for PING its N (a number of at most 18 digits
 * after "ping" and blanks, nothing after it).  A blank after the number
 * makes it MAYBE: "ping 5 " gets no pong today (reported for issue 19);
 * with that fixed it is one more PING form. */
static ping_kind ping_of(const char *line, size_t n, long long *number)
{
    const char *rest, *end = line + n;
    size_t i = 0;
    while (i < n && isspace((unsigned char)line[i]))
        i++;
    if (n - i < 4 || strncmp(line + i, "ping", 4) || (i + 4 < n && !isspace((unsigned char)line[i + 4])))
        return NONE;
    if (!fuzz_word(line, n, "ping", false, &rest))
        return MAYBE;
    const char *d = rest + (rest < end && (*rest == '-' || *rest == '+'));
    size_t digits = 0;
    while (d + digits < end && isdigit((unsigned char)d[digits]))
        digits++;
    if (!digits || digits > 18 || d + digits != end)
        return MAYBE;
    *number = strtoll(rest, NULL, 10);
    return PING;
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

static rv_nboard nb;   /* the session, and its replies */
static fuzz_out out;

/* One line; false at quit. */
static bool session_line(void *ctx, const uint8_t *raw, size_t n)
{
    (void)ctx;
    if (n && raw[n - 1] == '\r')
        n--;
    char *line = fuzz_string(raw, n);
    const size_t len = strlen(line);   /* a NUL byte ends the line for the engine */
    long long want = 0, number = 0;
    const ping_kind ping = ping_of(line, len, &want);
    const bool more = rv_nboard_line(&nb, line);
    size_t got_len;
    const char *text = fuzz_replies(&out, &got_len);
    const int got = pongs(text, got_len, &number);
    if (ping == PING)
        FUZZ_CHECK(got == 1 && number == want, "nboard: '%.60s' answered by %d pongs (%lld)", line, got, number);
    else
        FUZZ_CHECK(got <= (ping == MAYBE), "nboard: '%.60s' answered by %d pongs", line, got);
    if (nb.eng.set.depth > DEPTH_CAP)
        nb.eng.set.depth = DEPTH_CAP;
    free(line);
    return more;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static FILE *err;
    if (!err)
        err = fopen("/dev/null", "w");
    const rv_engine_settings s = { .depth = 2, .endgame = 8, .threads = 1, .tt_bytes = 1 << 16 };
    fuzz_out_open(&out);
    char why[200];
    FUZZ_CHECK(rv_nboard_init(&nb, &s, out.f, err, why, sizeof why) == 0, "rv_nboard_init: %s", why);
    fuzz_each_line(data, size, "\n", session_line, NULL);
    rv_nboard_free(&nb);
    fuzz_out_close(&out);
    return 0;
}
