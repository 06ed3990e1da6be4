/*
 * A whole GTP session (rv_gtp.h): the input through rv_gtp_serve as one
 * stream, then the answers checked against its lines.  The rule, GTP
 * version 2's: every line that holds a command (once control characters
 * but tabs are dropped and a '#' comment cut) gets exactly one answer,
 * "=" or "?", with the line's id when it starts with one (a number), each
 * answer ended by an empty line; "quit" is the last line answered.
 *
 * The session is kept small: 2-ply searches, exact at 8 empty squares or
 * fewer, one thread, small tables.
 */
#include "fuzz.h"

#include "reversi/protocol/rv_gtp.h"

/* The longest id compared: longer ones need only be answered. */
#define ID_MAX 20

/* One expected answer: the line's id ("" for none), and whether the line
 * was a quit. */
typedef struct want {
    char id[ID_MAX + 2];
    bool quit;
} want;

/* The line's answer, if it needs one: GTP's preprocessing, then the id
 * and the command word.  A line too long for the engine is answered (an
 * error) but not run: not a quit. */
static bool expected(const uint8_t *raw, size_t n, want *w)
{
    char *line = malloc(n + 1), *save;
    size_t k = 0;
    FUZZ_CHECK(line, "out of memory");
    for (size_t i = 0; i < n && raw[i] != '#'; i++)
        if (raw[i] == '\t' || (raw[i] >= 32 && raw[i] != 127))
            line[k++] = raw[i] == '\t' ? ' ' : (char)raw[i];
    line[k] = '\0';
    const char *first = strtok_r(line, " ", &save), *second = first ? strtok_r(NULL, " ", &save) : NULL;
    if (first) {
        const bool has_id = strspn(first, "0123456789") == strlen(first);
        snprintf(w->id, sizeof w->id, "%s", has_id && strlen(first) <= ID_MAX ? first : has_id ? "*" : "");
        const char *command = has_id ? second : first;
        w->quit = n + 1 <= RV_GTP_LINE_MAX && command && !strcmp(command, "quit");
    }
    free(line);
    return first != NULL;
}

/* The answers in text checked against the lines' wants, in order. */
static void check_answers(const char *text, size_t len, const want *w, int wants)
{
    int i = 0;
    for (const char *s = text; s < text + len; i++) {
        const char *end = strstr(s, "\n\n");
        FUZZ_CHECK(end, "gtp: answer %d not ended by an empty line: '%.60s'", i + 1, s);
        FUZZ_CHECK(i < wants, "gtp: answer %d ('%.60s') to no command (%d commands)", i + 1, s, wants);
        FUZZ_CHECK(*s == '=' || *s == '?', "gtp: answer %d starts '%.20s'", i + 1, s);
        const size_t id = strspn(s + 1, "0123456789");
        FUZZ_CHECK(!strcmp(w[i].id, "*") || (id == strlen(w[i].id) && !strncmp(s + 1, w[i].id, id)),
                   "gtp: answer %d '%.40s' is not for id '%s'", i + 1, s, w[i].id);
        s = end + 2;
    }
    FUZZ_CHECK(i == wants, "gtp: %d answers to %d commands", i, wants);
}

static want w[1 << 16];
static int wants;

/* One line's want, if it has one; false after a quit. */
static bool want_line(void *ctx, const uint8_t *line, size_t n)
{
    (void)ctx;
    return !(expected(line, n, &w[wants]) && w[wants++].quit) && wants < (int)(sizeof w / sizeof *w);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static rv_gtp g;
    wants = 0;
    fuzz_each_line(data, size, "\n", want_line, NULL);
    const rv_engine_settings s = { .depth = 2, .endgame = 8, .threads = 1, .tt_bytes = 1 << 16 };
    fuzz_out out;
    fuzz_out_open(&out);
    char why[200];
    FUZZ_CHECK(rv_gtp_init(&g, &s, "fuzz", out.f, why, sizeof why) == 0, "rv_gtp_init: %s", why);
    FILE *in = fmemopen((void *)data, size ? size : 1, "r");
    FUZZ_CHECK(in, "fmemopen failed");
    if (size)
        rv_gtp_serve(&g, in);
    fclose(in);
    size_t len;
    const char *text = fuzz_replies(&out, &len);
    check_answers(text, len, w, wants);
    rv_gtp_free(&g);
    fuzz_out_close(&out);
    return 0;
}
