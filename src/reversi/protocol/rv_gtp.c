/* The Go Text Protocol over the Reversi engine (rv_gtp.h). */
#include "reversi/protocol/rv_gtp.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/number.h"

/* A command's handler: the n arguments in arg; out, empty on entry,
 * takes the answer, or the error when it returns -1. */
typedef int gtp_handler(rv_gtp *g, char **arg, int n, char *out, size_t len);

/* ---- answers ---- */

static void answer(rv_gtp *g, const char *id, bool ok, const char *text)
{
    fprintf(g->out, "%c%s%s%s\n\n", ok ? '=' : '?', id, *text && *text != '\n' ? " " : "", text);
    fflush(g->out);
}

/* ---- arguments ---- */

/* RV_BY_BLACK or RV_BY_WHITE from "b", "black", "w", "white" (any case), else -1. */
static int parse_color(const char *s)
{
    if (!strcasecmp(s, "b") || !strcasecmp(s, "black"))
        return RV_BY_BLACK;
    if (!strcasecmp(s, "w") || !strcasecmp(s, "white"))
        return RV_BY_WHITE;
    return -1;
}

/* ---- commands ---- */

/* Plays sq by `by` in the game; the answer's error when it cannot. */
static int play(rv_gtp *g, int sq, int by, const char *what, char *out, size_t len)
{
    char err[200];
    if (rv_game_play(&g->eng.game, sq, by, err, sizeof err) != 0) {
        snprintf(out, len, "%s%s", what, err);
        return -1;
    }
    return 0;
}

static int cmd_play(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    int by;
    if (n != 2 || (by = parse_color(arg[0])) < 0) {
        snprintf(out, len, "syntax error: play takes a color (b, w) and a square (a1..h8 or pass)");
        return -1;
    }
    char err[200];
    const int sq = strcasecmp(arg[1], "pass") == 0 ? RV_PASS : rv_parse_square(arg[1], err, sizeof err);
    if (sq < 0) {
        snprintf(out, len, "syntax error: %s", err);
        return -1;
    }
    return play(g, sq, by, "illegal move: ", out, len);
}

/* genmove (play) and reg_genmove (!play). */
static int genmove(rv_gtp *g, char **arg, int n, bool play_it, char *out, size_t len)
{
    int by, move;
    if (n != 1 || (by = parse_color(arg[0])) < 0) {
        snprintf(out, len, "syntax error: %s takes a color (b or w)", play_it ? "genmove" : "reg_genmove");
        return -1;
    }
    const bool over = rv_game_over(rv_game_now(&g->eng.game));
    if (rv_engine_choose(&g->eng, by, &move, out, len) != 0)
        return -1;
    if (play_it && !over && play(g, move, by, "the search's move cannot be played: ", out, len) != 0)
        return -1;
    if (move == RV_PASS)
        snprintf(out, len, "pass");
    else
        rv_format_square(move, out);
    return 0;
}

static int cmd_genmove(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    return genmove(g, arg, n, true, out, len);
}

static int cmd_reg_genmove(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    return genmove(g, arg, n, false, out, len);
}

static int cmd_showboard(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n;
    const rv_pos *p = rv_game_now(&g->eng.game);
    const bool black = rv_game_mover(&g->eng.game) == RV_BY_BLACK;
    const uint64_t x = black ? p->me : p->opp, o = black ? p->opp : p->me;
    size_t k = (size_t)snprintf(out, len, "\n  a b c d e f g h");
    for (int r = 0; r < 8 && k < len; r++) {
        k += (size_t)snprintf(out + k, len - k, "\n%d", r + 1);
        for (int c = 0; c < 8 && k < len; c++) {
            const int sq = r * 8 + c;
            k += (size_t)snprintf(out + k, len - k, " %c", (x >> sq) & 1 ? 'X' : (o >> sq) & 1 ? 'O' : '.');
        }
    }
    if (k < len)
        snprintf(out + k, len - k, "\nX (black) %d, O (white) %d, %s to move", __builtin_popcountll(x),
                 __builtin_popcountll(o), rv_game_over(p) ? "nobody" : rv_side_name(rv_game_mover(&g->eng.game)));
    return 0;
}

/* The finished game's score, or with perfect play from here when the
 * position is within the exact solver's reach: "B+n", "W+n" or "0". */
static int cmd_final_score(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n;
    int black_discs;
    if (!rv_engine_final_score(&g->eng, &black_discs)) {
        snprintf(out, len, "cannot score: the game is not over, and its %d empty squares are more than --endgame",
                 rv_empties(rv_game_now(&g->eng.game)));
        return -1;
    }
    if (black_discs == 0)
        snprintf(out, len, "0");
    else
        snprintf(out, len, "%c+%d", black_discs > 0 ? 'B' : 'W', abs(black_discs));
    return 0;
}

/* A number of seconds (or stones) >= 0. */
static bool parse_seconds(const char *s, double *v)
{
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return end != s && !*end && errno == 0 && isfinite(*v) && *v >= 0;
}

static int cmd_time_settings(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    double main_time, byo, stones;
    if (n != 3 || !parse_seconds(arg[0], &main_time) || !parse_seconds(arg[1], &byo) ||
        !parse_seconds(arg[2], &stones)) {
        snprintf(out, len, "syntax error: time_settings takes main time, byo-yomi time and stones (numbers >= 0)");
        return -1;
    }
    rv_clock_settings(&g->eng.clock, main_time, byo, stones);
    return 0;
}

static int cmd_time_left(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    int by;
    double t, stones;
    if (n != 3 || (by = parse_color(arg[0])) < 0 || !parse_seconds(arg[1], &t) || !parse_seconds(arg[2], &stones)) {
        snprintf(out, len, "syntax error: time_left takes a color, seconds and stones");
        return -1;
    }
    rv_clock_left(&g->eng.clock, by, t);
    return 0;
}

static int cmd_protocol_version(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g, (void)arg, (void)n;
    snprintf(out, len, "2");
    return 0;
}

static int cmd_name(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g, (void)arg, (void)n;
    snprintf(out, len, "gts");
    return 0;
}

static int cmd_version(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n;
    snprintf(out, len, "%s", g->version);
    return 0;
}

static int cmd_known_command(rv_gtp *g, char **arg, int n, char *out, size_t len);
static int cmd_list_commands(rv_gtp *g, char **arg, int n, char *out, size_t len);

static int cmd_quit(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n, (void)out, (void)len;
    g->quit = true;
    return 0;
}

static int cmd_boardsize(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    long size;
    if (n != 1 || !gts_whole_number(arg[0], 1, 1000, &size)) {
        snprintf(out, len, "syntax error: boardsize takes a number");
        return -1;
    }
    if (size != 8) {
        snprintf(out, len, "unacceptable size: only 8x8 Othello (not %ld)", size);
        return -1;
    }
    rv_game_new(&g->eng.game);
    return 0;
}

static int cmd_clear_board(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n, (void)out, (void)len;
    rv_game_new(&g->eng.game);
    return 0;
}

/* Othello has no komi: the value is checked and not used. */
static int cmd_komi(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g;
    char *end = NULL;
    if (n != 1 || (strtod(arg[0], &end), end == arg[0] || *end)) {
        snprintf(out, len, "syntax error: komi takes a number");
        return -1;
    }
    return 0;
}

static int cmd_undo(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n;
    if (!rv_game_undo(&g->eng.game)) {
        snprintf(out, len, "cannot undo: no move to take back");
        return -1;
    }
    return 0;
}
/* Every command, in the order list_commands gives them. */
static const struct {
    const char *name;
    gtp_handler *run;
} commands[] = {
    { "protocol_version", cmd_protocol_version },
    { "name", cmd_name },
    { "version", cmd_version },
    { "known_command", cmd_known_command },
    { "list_commands", cmd_list_commands },
    { "quit", cmd_quit },
    { "boardsize", cmd_boardsize },
    { "clear_board", cmd_clear_board },
    { "komi", cmd_komi },
    { "play", cmd_play },
    { "genmove", cmd_genmove },
    { "reg_genmove", cmd_reg_genmove },
    { "undo", cmd_undo },
    { "showboard", cmd_showboard },
    { "final_score", cmd_final_score },
    { "time_settings", cmd_time_settings },
    { "time_left", cmd_time_left },
};
#define N_COMMANDS (sizeof commands / sizeof *commands)

static gtp_handler *find_command(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(name, commands[i].name) == 0)
            return commands[i].run;
    return NULL;
}

static int cmd_known_command(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g;
    snprintf(out, len, "%s", n == 1 && find_command(arg[0]) ? "true" : "false");
    return 0;
}

static int cmd_list_commands(rv_gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g, (void)arg, (void)n;
    size_t k = 0;
    for (size_t i = 0; i < N_COMMANDS && k < len; i++)
        k += (size_t)snprintf(out + k, len - k, "%s%s", i ? "\n" : "", commands[i].name);
    return 0;
}

/* One command (name, n arguments) into out; 0, or -1 when out is an
 * error. */
static int command(rv_gtp *g, const char *name, char **arg, int n, char *out, size_t len)
{
    out[0] = '\0';
    gtp_handler *run = find_command(name);
    if (!run) {
        snprintf(out, len, "unknown command: %.60s", name);
        return -1;
    }
    return run(g, arg, n, out, len);
}

/* Drops control characters but tabs and the comment after '#', turns tabs
 * into spaces (GTP's preprocessing). */
static void clean(char *s)
{
    char *w = s;
    for (char *r = s; *r && *r != '#'; r++) {
        const unsigned char c = (unsigned char)*r;
        if (c == '\t')
            *w++ = ' ';
        else if (c >= 32 && c != 127)
            *w++ = (char)c;
    }
    *w = '\0';
}

/* The id a cleaned line begins with (its first word, when all digits),
 * in id (cut to the buffer); "" when it has none. */
static void line_id(const char *text, char *id, size_t len)
{
    const char *s = text + strspn(text, " ");
    const size_t n = strspn(s, "0123456789");
    id[0] = '\0';
    if (n > 0 && (s[n] == '\0' || s[n] == ' '))
        snprintf(id, len, "%.*s", (int)n, s);
}

void rv_gtp_line(rv_gtp *g, const char *line)
{
    char text[RV_GTP_LINE_MAX], out[RV_GTP_LINE_MAX];
    snprintf(text, sizeof text, "%s", line);
    clean(text);
    char id[RV_GTP_LINE_MAX];
    line_id(text, id, sizeof id);
    char *save, *word[16];
    int n = 0;
    for (char *t = strtok_r(text, " ", &save); t && n < 16; t = strtok_r(NULL, " ", &save))
        word[n++] = t;
    if (n == 0)
        return;
    const int first = *id ? 1 : 0;
    if (first == n) {
        answer(g, id, false, "syntax error: an id with no command");
        return;
    }
    const int rc = command(g, word[first], word + first + 1, n - first - 1, out, sizeof out);
    answer(g, id, rc == 0, out);
}

/* The next line of in into text (RV_GTP_LINE_MAX bytes), its end left out,
 * and with it the control characters but tabs (NUL bytes among them),
 * which GTP's preprocessing removes: a line is then always a string.
 * *too_long: the line had more, read and dropped.  False at the end of
 * the input (a last line without its end of line is still a line). */
static bool read_line(FILE *in, char *text, bool *too_long)
{
    size_t n = 0;
    bool any = false;
    int c;
    *too_long = false;
    while ((c = getc(in)) != EOF && c != '\n') {
        any = true;
        if ((c < 32 && c != '\t') || c == 127)
            continue;
        if (n < RV_GTP_LINE_MAX - 1)
            text[n++] = (char)c;
        else
            *too_long = true;
    }
    text[n] = '\0';
    return c == '\n' || any;
}

void rv_gtp_serve(rv_gtp *g, FILE *in)
{
    static char text[RV_GTP_LINE_MAX];
    bool too_long;
    while (!g->quit && read_line(in, text, &too_long)) {
        if (!too_long) {
            rv_gtp_line(g, text);
            continue;
        }
        /* Its command is cut: answered as an error, with its id (no
         * answer for a comment or spaces, as for a line of any length). */
        clean(text);
        if (!text[strspn(text, " ")])
            continue;
        char id[RV_GTP_LINE_MAX], why[64];
        line_id(text, id, sizeof id);
        snprintf(why, sizeof why, "line too long (over %d bytes): ignored", RV_GTP_LINE_MAX - 1);
        answer(g, id, false, why);
    }
}

int rv_gtp_init(rv_gtp *g, const rv_engine_settings *s, const char *version, FILE *out, char *err, size_t errlen)
{
    g->version = version;
    g->out = out;
    g->quit = false;
    return rv_engine_init(&g->eng, s, NULL, err, errlen);
}

void rv_gtp_free(rv_gtp *g)
{
    rv_engine_free(&g->eng);
}
