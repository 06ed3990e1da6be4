/*
 * A whole Gomocup session (gm_pbrain.h): the input's lines, one at a
 * time, through gm_pbrain_run (so that its line reading is fuzzed too),
 * each line's replies checked.  The rule, from the protocol
 * (plastovicka.github.io/protocl2en.htm): every command is answered by
 * exactly one line (its answer, ERROR or UNKNOWN; MESSAGE, DEBUG and
 * SUGGEST lines may come besides), except INFO, END, an empty line, the
 * BOARD that opens a board and its stone lines (a bad stone line may get
 * an ERROR).  A move answer (BEGIN, TURN, DONE, PLAY) is ERROR or "x,y"
 * on the board, where our stone now is.
 *
 * The session is kept small, or a fuzzer run would search for the time
 * and with the memory a manager grants: each move gets 1 ms and one
 * thread, and INFO max_memory and thread_num are capped before the line
 * goes in.
 */
#include "fuzz.h"

#include <ctype.h>

#include "gomoku/protocol/gm_pbrain.h"

#define MEMORY_CAP "16000000"   /* a 4 MB table */

/* What a line must get. */
typedef enum { NONE, ONE, MOVE, BOARD_LINE, BOARD_START, END } expect;

/* The line as gm_pbrain_run reads it (control characters as '?'), its
 * blanks around trimmed. */
static void as_read(const uint8_t *raw, size_t n, char *out)
{
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        out[k++] = raw[i] < 0x20 && raw[i] != '\t' ? '?' : (char)raw[i];
    out[k] = '\0';
}

static expect expected(const gm_pbrain *p, const char *line, size_t raw_len)
{
    if (raw_len > GM_PBRAIN_LINE_MAX)
        return ONE;   /* "line too long" */
    const char *s = line + strspn(line, " \t");
    const size_t n = strlen(s);
    if (!n || strspn(s, " \t") == n)
        return NONE;
    if (p->in_board && (isdigit((unsigned char)*s) || *s == '-' || *s == '+'))
        return BOARD_LINE;
    if (fuzz_word(s, n, "END", true, NULL))
        return END;
    if (fuzz_word(s, n, "INFO", true, NULL))
        return NONE;
    if (fuzz_word(s, n, "BOARD", true, NULL))
        return BOARD_START;
    if ((p->in_board && fuzz_word(s, n, "DONE", true, NULL)) || fuzz_word(s, n, "BEGIN", true, NULL) ||
        fuzz_word(s, n, "TURN", true, NULL) || fuzz_word(s, n, "PLAY", true, NULL))
        return MOVE;
    return ONE;
}

/* INFO max_memory and thread_num with a number: the number capped. */
static void cap_info(char *line, size_t size)
{
    const char *rest, *value;
    const size_t n = strlen(line);
    if (!fuzz_word(line, n, "INFO", true, &rest))
        return;
    const char *cap = fuzz_word(rest, strlen(rest), "max_memory", true, &value) ? MEMORY_CAP
                      : fuzz_word(rest, strlen(rest), "thread_num", true, &value) ? "1"
                                                                                  : NULL;
    if (cap && isdigit((unsigned char)*value))
        snprintf(line + (value - line), size - (size_t)(value - line), "%s", cap);
}

/* The answer lines among the replies (MESSAGE, DEBUG, SUGGEST left out):
 * how many, and the first. */
static int answers(const char *text, size_t len, const char **first)
{
    int count = 0;
    for (const char *s = text; s < text + len;) {
        const char *end = memchr(s, '\n', (size_t)(text + len - s));
        FUZZ_CHECK(end, "pbrain: a reply without its line end: '%.*s'", (int)(text + len - s), s);
        if (strncmp(s, "MESSAGE", 7) && strncmp(s, "DEBUG", 5) && strncmp(s, "SUGGEST", 7) && !count++)
            *first = s;
        s = end + 1;
    }
    return count;
}

static void check_move(const gm_pbrain *p, const char *answer, const char *line)
{
    if (!strncmp(answer, "ERROR", 5))
        return;
    const gm_game *g = &p->engine.game;
    int x, y, used = 0;
    FUZZ_CHECK(sscanf(answer, "%d,%d%n", &x, &y, &used) == 2 && answer[used] == '\n',
               "pbrain: '%s' answered by '%.40s', not a move", line, answer);
    FUZZ_CHECK(x >= 0 && x < g->width && y >= 0 && y < g->height && g->who[y * g->width + x] == GM_GAME_MINE,
               "pbrain: '%s' answered by %d,%d, not our stone on the %dx%d board", line, x, y, g->width, g->height);
}

static fuzz_out out;   /* the session's replies */

/* One line through gm_pbrain_run, its replies checked; false after END. */
static bool session_line(void *ctx, const uint8_t *raw, size_t n)
{
    gm_pbrain *p = ctx;
    static char line[2 * GM_PBRAIN_LINE_MAX + 64];
    if (n > sizeof line - 64)
        n = sizeof line - 64;   /* still too long for the engine */
    as_read(raw, n, line);
    const expect e = expected(p, line, n);
    cap_info(line, sizeof line);
    strcat(line, "\n");
    FILE *in = fmemopen(line, strlen(line), "r");
    FUZZ_CHECK(in, "fmemopen failed");
    gm_pbrain_run(p, in);
    fclose(in);
    line[strlen(line) - 1] = '\0';
    size_t len;
    const char *text = fuzz_replies(&out, &len), *first = NULL;
    const int got = answers(text, len, &first);
    switch (e) {
    case NONE:
    case END:
        FUZZ_CHECK(got == 0, "pbrain: '%.60s' answered (%d lines: '%.60s')", line, got, first);
        break;
    case BOARD_LINE:
        FUZZ_CHECK(got == 0 || (got == 1 && !strncmp(first, "ERROR", 5)),
                   "pbrain: board line '%.60s' answered by '%.60s' (%d lines)", line, first, got);
        break;
    case BOARD_START:
        FUZZ_CHECK(got == (p->in_board ? 0 : 1), "pbrain: '%.60s' got %d answers", line, got);
        break;
    default:
        FUZZ_CHECK(got == 1, "pbrain: '%.60s' got %d answers, not one", line, got);
        if (e == MOVE)
            check_move(p, first, line);
    }
    /* The clock the protocol set is replaced: 1 ms a move, one thread. */
    p->engine.clock.turn_ms = 1;
    p->engine.threads = 1;
    return e != END;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    gm_pbrain p;
    fuzz_out_open(&out);
    gm_pbrain_init(&p, 1, "fuzz", out.f);
    p.engine.clock.turn_ms = 1;
    p.engine.max_memory = atol(MEMORY_CAP);
    fuzz_each_line(data, size, "\n\r", session_line, &p);
    gm_pbrain_free(&p);
    fuzz_out_close(&out);
    return 0;
}
