/* The Gomocup protocol: parse and dispatch over the engine (gm_pbrain.h). */
#include "gomoku/protocol/gm_pbrain.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/reply.h"

/* rule bits of INFO rule. */
enum { RULE_EXACT_FIVE = 1, RULE_RENJU = 4, RULE_CARO = 8 };

/* Text from the manager quoted in a reply: printable ASCII, shortened. */
static const char *shown(const char *s)
{
    static char out[48];
    size_t n = 0;
    for (; s[n] && n < sizeof out - 4; n++)
        out[n] = s[n] >= 0x20 && s[n] < 0x7f ? s[n] : '?';
    strcpy(out + n, s[n] ? "..." : "");
    return out;
}

/* One integer within [min, max] at *s, blanks around it skipped: true
 * with *v and *s past them. */
static bool read_number(const char **s, long min, long max, long *v)
{
    const char *p = *s + strspn(*s, " \t");
    char *end;
    if (!isdigit((unsigned char)*p) && *p != '-' && *p != '+')
        return false;
    errno = 0;
    *v = strtol(p, &end, 10);
    if (errno || end == p || *v < min || *v > max)
        return false;
    *s = end + strspn(end, " \t");
    return true;
}

/* Exactly n comma-separated integers, blanks allowed around them. */
static bool parse_ints(const char *s, long *v, int n)
{
    for (int i = 0; i < n; i++) {
        if (!read_number(&s, -1000000, 1000000, &v[i]) || *s != (i + 1 < n ? ',' : '\0'))
            return false;
        s += i + 1 < n;
    }
    return true;
}

/* The whole of s one integer within [min, max]. */
static bool whole(const char *s, long min, long max, long *v)
{
    return read_number(&s, min, max, v) && !*s;
}

/* Whether a board was set up; if not, answers the ERROR. */
static bool started(const gm_pbrain *p)
{
    if (!p->engine.game.width)
        gts_reply(p->out, "ERROR no board: START or RECTSTART first");
    return p->engine.game.width != 0;
}

/* Whether x,y is on the board; if not, answers the ERROR. */
static bool on_board(const gm_pbrain *p, long x, long y)
{
    const gm_game *g = &p->engine.game;
    if (x < 0 || x >= g->width || y < 0 || y >= g->height) {
        gts_reply(p->out, "ERROR %ld,%ld is outside the %dx%d board", x, y, g->width, g->height);
        return false;
    }
    return true;
}

/* The cell of "x,y" if it is on the board (and empty when want_empty),
 * else -1 after an ERROR reply. */
static int parse_cell(const gm_pbrain *p, const char *arg, bool want_empty)
{
    const gm_game *g = &p->engine.game;
    long v[2];
    if (!parse_ints(arg, v, 2)) {
        gts_reply(p->out, "ERROR bad coordinates '%s' (X,Y expected)", shown(arg));
        return -1;
    }
    if (!on_board(p, v[0], v[1]))
        return -1;
    const int cell = (int)(v[1] * g->width + v[0]);
    if (want_empty && g->who[cell] != GM_GAME_EMPTY) {
        gts_reply(p->out, "ERROR %ld,%ld is not empty", v[0], v[1]);
        return -1;
    }
    return cell;
}

static void reply_cell(const gm_pbrain *p, int cell)
{
    gts_reply(p->out, "%d,%d", cell % p->engine.game.width, cell / p->engine.game.width);
}

/* Our move: searched, played, answered; an ERROR with the reason when
 * there is none to make (a full board, a finished game). */
static void play_own(gm_pbrain *p)
{
    char note[320];
    const int move = gm_engine_move(&p->engine, note, sizeof note);
    if (move == GM_NO_MOVE) {
        gts_reply(p->out, "ERROR %s", note);
        return;
    }
    if (note[0])
        gts_reply(p->out, "MESSAGE %s", note);
    reply_cell(p, move);
}

/* START N or RECTSTART W,H: a new empty board, or none after an ERROR (the
 * manager may go on to try another size). */
static void start(gm_pbrain *p, const char *arg, bool rect)
{
    long v[2];
    if (!parse_ints(arg, v, rect ? 2 : 1)) {
        gm_engine_new_game(&p->engine, 0, 0);
        gts_reply(p->out, "ERROR bad size '%s' (%s expected)", shown(arg), rect ? "RECTSTART W,H" : "START N");
        return;
    }
    if (!rect)
        v[1] = v[0];
    if (v[0] < GM_MIN_SIZE || v[0] > GM_MAX_SIZE || v[1] < GM_MIN_SIZE || v[1] > GM_MAX_SIZE) {
        gm_engine_new_game(&p->engine, 0, 0);
        gts_reply(p->out, "ERROR unsupported size %ldx%ld (%d to %d a side)", v[0], v[1], GM_MIN_SIZE, GM_MAX_SIZE);
        return;
    }
    gm_engine_new_game(&p->engine, (int)v[0], (int)v[1]);
    gm_engine_prepare(&p->engine);   /* the table made now, not in the first move's time */
    gts_reply(p->out, "OK");
}

/* INFO rule: bit 1 exactly five, bit 4 renju (over the others), bit 8
 * caro: 8 alone GM_CARO, with 1 GM_CARO_EXACT (Piskvork's "Caro with
 * overlines" and "standard Caro"). */
static void info_rule(gm_pbrain *p, long v)
{
    const int bits = (int)(v & 0xff);
    const bool exact = bits & RULE_EXACT_FIVE;
    gm_engine_set_rule(&p->engine, bits & RULE_RENJU ? GM_RENJU
                                   : bits & RULE_CARO ? (exact ? GM_CARO_EXACT : GM_CARO)
                                   : exact            ? GM_STANDARD
                                                      : GM_FREESTYLE);
}

/* INFO key value: no reply, as the manager expects none; unknown keys are
 * ignored, as the protocol asks. */
static void info(gm_pbrain *p, const char *arg)
{
    enum { TIMEOUT_TURN, TIMEOUT_MATCH, TIME_LEFT, MAX_MEMORY, RULE, THREAD_NUM, KEYS };
    static const char *const keys[KEYS] = { "timeout_turn", "timeout_match", "time_left",
                                            "max_memory", "rule", "thread_num" };
    gm_engine *e = &p->engine;
    const size_t n = strcspn(arg, " \t");
    int k = 0;
    while (k < KEYS && (strlen(keys[k]) != n || strncasecmp(arg, keys[k], n) != 0))
        k++;
    if (k == KEYS)
        return;
    const char *value = arg + n + strspn(arg + n, " \t");
    long v;
    if (!whole(value, 0, LONG_MAX, &v)) {
        /* The manager may report time_left below zero. */
        if (k == TIME_LEFT && whole(value, LONG_MIN, 0, &v))
            e->clock.left_ms = 0;
        else
            gts_reply(p->out, "MESSAGE INFO %s: bad value '%s' ignored", keys[k], shown(value));
        return;
    }
    switch (k) {
    case TIMEOUT_TURN: e->clock.turn_ms = v; break;
    case TIMEOUT_MATCH: e->clock.match_ms = v; break;
    case TIME_LEFT: e->clock.left_ms = v; break;
    case MAX_MEMORY: e->max_memory = v; break;
    case RULE: info_rule(p, v); break;
    default: gm_engine_set_threads(e, v); break;
    }
    /* Another table size, thread count or rule: a searcher made now, in
     * the background (before START, START makes it). */
    if (e->game.width)
        gm_engine_prepare(e);
}

/* A line "x,y,field" between BOARD and DONE: 1 own stone, 2 the
 * opponent's, 3 a continuous game's marked stone (the last game's winning
 * line), which blocks like the opponent's but makes no five. */
static void board_line(gm_pbrain *p, const char *line)
{
    gm_game *g = &p->engine.game;
    long v[3];
    if (!parse_ints(line, v, 3)) {
        gts_reply(p->out, "ERROR bad BOARD line '%s' (X,Y,FIELD or DONE expected)", shown(line));
        return;
    }
    if (!on_board(p, v[0], v[1]))
        return;
    if (v[2] < 1 || v[2] > 3) {
        gts_reply(p->out, "ERROR bad field %ld in BOARD line (1, 2 or 3)", v[2]);
        return;
    }
    const int cell = (int)(v[1] * g->width + v[0]);
    if (g->who[cell] != GM_GAME_EMPTY) {
        gts_reply(p->out, "ERROR %ld,%ld is given twice", v[0], v[1]);
        return;
    }
    gm_game_put(g, cell, v[2] == 1 ? GM_GAME_MINE : v[2] == 2 ? GM_GAME_THEIRS : GM_GAME_MARKED);
}

/* A line that starts like "x,y,field". */
static bool stone_line(const char *line)
{
    return isdigit((unsigned char)*line) || *line == '-' || *line == '+';
}

/* TURN, PLAY and TAKEBACK: a cell, and what becomes of it. */
static void cell_command(gm_pbrain *p, const char *name, const char *arg)
{
    gm_game *g = &p->engine.game;
    const bool takeback = strcasecmp(name, "TAKEBACK") == 0;
    const int cell = started(p) ? parse_cell(p, arg, !takeback) : -1;
    if (cell < 0)
        return;
    if (takeback && g->who[cell] == GM_GAME_EMPTY) {
        gts_reply(p->out, "ERROR %d,%d is empty", cell % g->width, cell / g->width);
    } else if (takeback) {
        gm_game_take(g, cell);
        gts_reply(p->out, "OK");
    } else if (strcasecmp(name, "TURN") == 0) {
        gm_game_put(g, cell, GM_GAME_THEIRS);
        play_own(p);
    } else {
        /* PLAY: our move, chosen by the manager (after a SUGGEST). */
        gm_game_put(g, cell, GM_GAME_MINE);
        reply_cell(p, cell);
    }
}

/* A command outside BOARD ... DONE, its name and argument split. */
static void command(gm_pbrain *p, const char *name, const char *arg)
{
    if (strcasecmp(name, "ABOUT") == 0) {
        gts_reply(p->out, "name=\"gts\", version=\"%s\", author=\"gts developers\"", p->version);
    } else if (strcasecmp(name, "START") == 0 || strcasecmp(name, "RECTSTART") == 0) {
        start(p, arg, strcasecmp(name, "RECTSTART") == 0);
    } else if (strcasecmp(name, "INFO") == 0) {
        info(p, arg);
    } else if (strcasecmp(name, "RESTART") == 0) {
        if (started(p)) {
            gm_game_clear(&p->engine.game);
            gts_reply(p->out, "OK");
        }
    } else if (strcasecmp(name, "BEGIN") == 0) {
        /* The first move of a game; a second BEGIN, or one after TURN or
         * BOARD, is a manager out of step. */
        if (!started(p))
            return;
        if (p->engine.game.stones)
            gts_reply(p->out, "ERROR BEGIN on a board with stones (the first move only; RESTART or START first)");
        else
            play_own(p);
    } else if (strcasecmp(name, "TURN") == 0 || strcasecmp(name, "PLAY") == 0 || strcasecmp(name, "TAKEBACK") == 0) {
        cell_command(p, name, arg);
    } else if (strcasecmp(name, "BOARD") == 0) {
        if (started(p)) {
            gm_game_clear(&p->engine.game);
            p->in_board = true;
        }
    } else if (strcasecmp(name, "DONE") == 0 || stone_line(name)) {
        gts_reply(p->out, "ERROR '%s' outside BOARD ... DONE", shown(name));
    } else {
        gts_reply(p->out, "UNKNOWN command '%s'", shown(name));
    }
}

bool gm_pbrain_line(gm_pbrain *p, char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t end = strlen(line);
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        line[--end] = '\0';
    if (!*line)
        return true;   /* empty lines are ignored */
    if (p->in_board && stone_line(line)) {
        board_line(p, line);
        return true;
    }
    char *arg = line + strcspn(line, " \t");
    if (*arg)
        *arg++ = '\0';
    arg += strspn(arg, " \t");
    if (p->in_board) {
        p->in_board = false;
        if (strcasecmp(line, "DONE") == 0) {
            play_own(p);
            return true;
        }
        /* Any other command ends the BOARD unanswered; its stones stay. */
    }
    if (strcasecmp(line, "END") == 0)
        return false;
    command(p, line, arg);
    return true;
}

/* Reads a line ended by LF, CR or CR LF (an empty line in between is
 * ignored anyway).  Control characters become '?', so binary junk is just
 * an unknown command.  Returns 1, 0 at the end of input, or -1 for a line
 * too long, which has been read to its end. */
static int read_line(FILE *in, char *buf, size_t size)
{
    size_t n = 0;
    int ch;
    bool too_long = false;
    while ((ch = getc(in)) != EOF && ch != '\n' && ch != '\r') {
        if (n + 1 < size)
            buf[n++] = ch < 0x20 && ch != '\t' ? '?' : (char)ch;
        else
            too_long = true;
    }
    buf[n] = '\0';
    if (ch == EOF && n == 0)
        return 0;
    return too_long ? -1 : 1;
}

bool gm_pbrain_run(gm_pbrain *p, FILE *in)
{
    char line[GM_PBRAIN_LINE_MAX + 1];
    int got;
    while ((got = read_line(in, line, sizeof line)) != 0) {
        if (got < 0)
            gts_reply(p->out, "ERROR line longer than %d bytes ignored", GM_PBRAIN_LINE_MAX);
        else if (!gm_pbrain_line(p, line))
            return true;
    }
    return !ferror(in);
}

void gm_pbrain_init(gm_pbrain *p, int threads, const char *version, FILE *out)
{
    *p = (gm_pbrain){ .out = out, .version = version };
    gm_engine_init(&p->engine, threads);
}

void gm_pbrain_free(gm_pbrain *p)
{
    gm_engine_free(&p->engine);
}
