/*
 * gts gomoku pbrain (and pbrain-gts): the Gomocup engine protocol on
 * stdin/stdout, as the Piskvork manager and its successors speak it
 * (https://plastovicka.github.io/protocl2en.htm).
 *
 * One command a line, answered in turn: START and RECTSTART set up a board,
 * BEGIN, TURN and BOARD ... DONE ask for a move, INFO sets limits and the
 * rule, TAKEBACK, RESTART, PLAY, ABOUT and END do what the protocol says.
 * The engine never reads while it thinks, so one thread is enough.
 *
 * The position is kept here as own and opponent's stones (the protocol's
 * view) and put on a gm_board afresh for each search, which keeps BOARD,
 * TAKEBACK and uneven stone counts simple.  One searcher serves the whole
 * session, so its table carries over from move to move and is allocated
 * only when the memory limit or the threads change.  Whatever goes wrong,
 * a request for a move gets a legal move while the board has an empty cell.
 */
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli/cli.h"
#include "core/time_budget.h"
#include "gts/gomoku.h"
#include "gts/gomoku_search.h"

#define LINE_MAX_LEN 4096
#define DEFAULT_TURN_MS 5000   /* when the manager sends no timeout_turn */
#define FAST_TURN_MS 50        /* timeout_turn 0: "as fast as possible" */
#define MOVES_AHEAD 25         /* at most this many own moves share time_left */
#define MARGIN_MS 30           /* a move's time the search does not see */
#define MAX_PLIES 20           /* iterative deepening's cap; time ends it first */
#define NEAR 2                 /* candidate moves: cells within 2 of a stone */
#define TT_MAX_BYTES (1UL << 30)

/* rule bits of INFO rule. */
enum { RULE_EXACT_FIVE = 1, RULE_RENJU = 4, RULE_CARO = 8 };
enum { EMPTY, MINE, THEIRS };

typedef struct engine {
    int width, height;               /* 0 before START */
    uint8_t who[GM_MAX_CELLS];       /* EMPTY, MINE, THEIRS */
    int16_t order[GM_MAX_CELLS];     /* the stones' cells as they came */
    int stones;
    bool in_board;                   /* between BOARD and DONE */
    long timeout_turn, timeout_match, time_left;   /* ms; -1 not given */
    long max_memory;                 /* bytes; 0 no limit */
    int rule_bits, threads;
    bool said_rule;                  /* the unsupported rule was reported */
    gm_board board;
    gm_searcher *searcher;           /* NULL until the first search */
    int searcher_threads;            /* what it was made with */
    size_t searcher_tt;
    bool stale_table;                /* clear the table before the next search */
} engine;

static const char usage_text[] =
    "usage: gts gomoku pbrain [--threads N]\n"
    "       pbrain-gts [--threads N]\n"
    "\n"
    "Plays Gomoku through the Gomocup (Piskvork) protocol on stdin/stdout:\n"
    "START, RECTSTART, RESTART, BEGIN, TURN, BOARD, INFO, TAKEBACK, PLAY, ABOUT,\n"
    "END.  Boards from 5x5 to 32x32.  INFO rule 1 plays exactly five; renju and\n"
    "caro are played as exactly five.  Without INFO timeout_turn a move takes\n"
    "up to 5000 ms; INFO time_left is shared out over the moves to come unless\n"
    "timeout_match is 0 (no match limit).\n"
    "\n"
    "options:\n"
    "  --threads N   search threads (1..64, default 1; INFO thread_num overrides)\n"
    "  -h, --help    this help\n";

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

/* Exactly n comma-separated integers, spaces allowed around them. */
static bool parse_ints(const char *s, long *v, int n)
{
    for (int i = 0; i < n; i++) {
        char *end;
        while (*s == ' ' || *s == '\t')
            s++;
        if (!isdigit((unsigned char)*s) && *s != '-' && *s != '+')
            return false;
        v[i] = strtol(s, &end, 10);
        if (end == s || v[i] < -1000000 || v[i] > 1000000)
            return false;
        for (s = end; *s == ' ' || *s == '\t'; s++)
            ;
        if (*s != (i + 1 < n ? ',' : '\0'))
            return false;
        s += i + 1 < n;
    }
    return true;
}

/* Whether a board was set up; if not, answers the ERROR. */
static bool started(const engine *e)
{
    if (!e->width)
        cli_reply("ERROR no board: START or RECTSTART first");
    return e->width != 0;
}

/* The cell of "x,y" if it is on the board (and empty when want_empty),
 * else -1 after an ERROR reply. */
static int parse_cell(const engine *e, const char *arg, bool want_empty)
{
    long v[2];
    if (!parse_ints(arg, v, 2)) {
        cli_reply("ERROR bad coordinates '%s' (X,Y expected)", shown(arg));
        return -1;
    }
    if (v[0] < 0 || v[0] >= e->width || v[1] < 0 || v[1] >= e->height) {
        cli_reply("ERROR %ld,%ld is outside the %dx%d board", v[0], v[1], e->width, e->height);
        return -1;
    }
    const int cell = (int)(v[1] * e->width + v[0]);
    if (want_empty && e->who[cell] != EMPTY) {
        cli_reply("ERROR %ld,%ld is not empty", v[0], v[1]);
        return -1;
    }
    return cell;
}

static void clear_board(engine *e)
{
    memset(e->who, EMPTY, sizeof e->who);
    e->stones = 0;
}

static void put(engine *e, int cell, int who)
{
    e->who[cell] = (uint8_t)who;
    e->order[e->stones++] = (int16_t)cell;
}

static void take(engine *e, int cell)
{
    int i = 0;
    while (e->order[i] != cell)
        i++;
    memmove(e->order + i, e->order + i + 1, (size_t)(e->stones - i - 1) * sizeof e->order[0]);
    e->stones--;
    e->who[cell] = EMPTY;
}

/* The rule played for INFO rule's bits. */
static gm_rule rule_of(long bits)
{
    return bits & (RULE_EXACT_FIVE | RULE_RENJU | RULE_CARO) ? GM_STANDARD : GM_FREESTYLE;
}

/* Puts the stones on e->board, the side to move being ours.  Colours come
 * from the counts: with as many stones as the opponent we are black, with
 * fewer white.  Each colour's stones go on in the order they came,
 * alternately; the extra stones of uneven counts (a continuous game's
 * marked stones, a made-up position) go on with the side set by hand.
 * The hash may then differ from a game's by the side key: a consistent
 * key within one search, but not to be mixed with other positions' in the
 * table.  Returns whether the counts were uneven. */
static bool build(engine *e)
{
    gm_board *b = &e->board;
    char err[128];
    gm_init(b, e->width, e->height, rule_of(e->rule_bits), NEAR, err, sizeof err);   /* sizes checked by START */
    int mine = 0;
    for (int i = 0; i < e->stones; i++)
        mine += e->who[e->order[i]] == MINE;
    const int me = e->stones - mine > mine ? GM_WHITE : GM_BLACK;
    int16_t list[2][GM_MAX_CELLS];
    int len[2] = { 0, 0 }, next[2] = { 0, 0 };
    for (int i = 0; i < e->stones; i++) {
        const int c = e->who[e->order[i]] == MINE ? me : me ^ 1;
        list[c][len[c]++] = e->order[i];
    }
    bool uneven = false;
    while (next[GM_BLACK] < len[GM_BLACK] || next[GM_WHITE] < len[GM_WHITE]) {
        if (next[b->side] == len[b->side]) {
            b->side ^= 1;
            uneven = true;
        }
        const int c = b->side;
        gm_play(b, list[c][next[c]++]);
    }
    uneven |= b->side != me;
    b->side = me;
    return uneven;
}

/* The empty cell nearest the centre (the lowest of equals): the move when
 * the search has none. */
static int near_centre(const engine *e)
{
    int best = -1;
    long best_d = 0;
    for (int y = 0; y < e->height; y++)
        for (int x = 0; x < e->width; x++) {
            const long dx = 2 * x - (e->width - 1), dy = 2 * y - (e->height - 1), d = dx * dx + dy * dy;
            const int cell = y * e->width + x;
            if (e->who[cell] == EMPTY && (best < 0 || d < best_d))
                best = cell, best_d = d;
        }
    return best;
}

/* The search's time for this move, in ms (core/time_budget.h):
 * timeout_turn, or its share of time_left (unless timeout_match is 0, no
 * match limit) over our moves still to come, half the empty cells but at
 * most MOVES_AHEAD, if that is less. */
static long budget_ms(const engine *e)
{
    const long turn = e->timeout_turn < 0 ? DEFAULT_TURN_MS : e->timeout_turn > 0 ? e->timeout_turn : FAST_TURN_MS;
    const long left = e->time_left >= 0 && e->timeout_match != 0 ? e->time_left : GTS_TIME_UNKNOWN;
    const long empty = (long)e->width * e->height - e->stones;
    return gts_time_budget_ms(turn, left, empty / 2 > MOVES_AHEAD ? MOVES_AHEAD : empty / 2, MARGIN_MS);
}

/* The session's searcher, made anew when the threads or the table size
 * have changed; NULL with a reason in err if it cannot be made. */
static gm_searcher *searcher(engine *e, char *err, size_t errlen)
{
    /* A quarter of the memory limit for the table, leaving the rest to the
     * process; without a limit the search's default. */
    size_t tt = 0;
    if (e->max_memory > 0)
        tt = (size_t)e->max_memory / 4 < TT_MAX_BYTES ? (size_t)e->max_memory / 4 : TT_MAX_BYTES;
    if (e->searcher && e->searcher_threads == e->threads && e->searcher_tt == tt)
        return e->searcher;
    gm_searcher_free(e->searcher);
    gm_search_options o;
    gm_search_defaults(&o);
    o.depth = MAX_PLIES;
    o.time_ms = 1;   /* set for each move */
    o.threads = e->threads;
    o.vcf = true;
    o.tt_bytes = tt;
    e->searcher = gm_searcher_create(&o, err, errlen);
    e->searcher_threads = e->threads;
    e->searcher_tt = tt;
    e->stale_table = false;
    return e->searcher;
}

/* Searches the position, plays our stone and answers its cell. */
static void play_own(engine *e)
{
    if (e->stones == e->width * e->height) {
        cli_reply("ERROR the board is full");
        return;
    }
    const double t0 = cli_now_usec();
    const bool uneven = build(e);
    int move = GM_NO_MOVE;
    if (!gm_game_over(&e->board)) {
        char err[256];
        gm_searcher *s = searcher(e, err, sizeof err);
        if (s) {
            if (e->stale_table || uneven)
                gm_searcher_clear(s);
            e->stale_table = uneven;
            /* Making the searcher (allocating its table) took part of the
             * time. */
            const long left = budget_ms(e) - (long)((cli_now_usec() - t0) / 1000);
            gm_searcher_set_time(s, left > 1 ? left : 1);
            gm_result r;
            gm_searcher_run(s, &e->board, &r);
            move = r.move;
        } else {
            cli_reply("MESSAGE no search (%s): playing near the centre", err);
        }
    }
    /* The game may be over on the board given (a five), or the search
     * without a move: any empty cell keeps the match going. */
    if (move < 0 || move >= e->width * e->height || e->who[move] != EMPTY)
        move = near_centre(e);
    put(e, move, MINE);
    cli_reply("%d,%d", move % e->width, move / e->width);
}

/* START N or RECTSTART W,H: a new empty board, or none after an ERROR (the
 * manager may go on to try another size). */
static void start(engine *e, const char *arg, bool rect)
{
    const int old_width = e->width, old_height = e->height;
    long v[2];
    e->width = e->height = 0;
    if (!parse_ints(arg, v, rect ? 2 : 1)) {
        cli_reply("ERROR bad size '%s' (%s expected)", shown(arg), rect ? "RECTSTART W,H" : "START N");
        return;
    }
    if (!rect)
        v[1] = v[0];
    if (v[0] < GM_MIN_SIZE || v[0] > GM_MAX_SIZE || v[1] < GM_MIN_SIZE || v[1] > GM_MAX_SIZE) {
        cli_reply("ERROR unsupported size %ldx%ld (%d to %d a side)", v[0], v[1], GM_MIN_SIZE, GM_MAX_SIZE);
        return;
    }
    e->width = (int)v[0];
    e->height = (int)v[1];
    clear_board(e);
    /* The table's keys are cell numbers: another size, other cells. */
    e->stale_table |= e->width != old_width || e->height != old_height;
    cli_reply("OK");
}

/* INFO key value: no reply, as the manager expects none; unknown keys are
 * ignored, as the protocol asks. */
static void info(engine *e, const char *arg)
{
    enum { TIMEOUT_TURN, TIMEOUT_MATCH, TIME_LEFT, MAX_MEMORY, RULE, THREAD_NUM, KEYS };
    static const char *const keys[KEYS] = { "timeout_turn", "timeout_match", "time_left",
                                            "max_memory", "rule", "thread_num" };
    const size_t n = strcspn(arg, " \t");
    int k = 0;
    while (k < KEYS && (strlen(keys[k]) != n || strncasecmp(arg, keys[k], n) != 0))
        k++;
    if (k == KEYS)
        return;
    const char *value = arg + n + strspn(arg + n, " \t");
    long v;
    if (cli_int(value, 0, LONG_MAX, &v) != 0) {
        /* The manager may report time_left below zero. */
        if (k == TIME_LEFT && cli_int(value, LONG_MIN, 0, &v) == 0) {
            e->time_left = 0;
            return;
        }
        cli_reply("MESSAGE INFO %s: bad value '%s' ignored", keys[k], shown(value));
        return;
    }
    switch (k) {
    case TIMEOUT_TURN: e->timeout_turn = v; break;
    case TIMEOUT_MATCH: e->timeout_match = v; break;
    case TIME_LEFT: e->time_left = v; break;
    case MAX_MEMORY: e->max_memory = v; break;
    case RULE:
        e->stale_table |= rule_of(v) != rule_of(e->rule_bits);   /* the table's scores were for the other */
        e->rule_bits = (int)(v & 0xff);
        if (e->rule_bits & (RULE_RENJU | RULE_CARO) && !e->said_rule) {
            cli_reply("MESSAGE rule %ld: %s is not implemented, playing exactly five wins", v,
                  e->rule_bits & RULE_RENJU ? "renju" : "caro");
            e->said_rule = true;
        }
        break;
    default: e->threads = v < 1 ? 1 : v > 64 ? 64 : (int)v; break;
    }
}

/* A line "x,y,field" between BOARD and DONE: 1 own stone, 2 the
 * opponent's, 3 a continuous game's marked stone, which blocks like the
 * opponent's. */
static void board_line(engine *e, const char *line)
{
    long v[3];
    if (!parse_ints(line, v, 3)) {
        cli_reply("ERROR bad BOARD line '%s' (X,Y,FIELD or DONE expected)", shown(line));
        return;
    }
    if (v[0] < 0 || v[0] >= e->width || v[1] < 0 || v[1] >= e->height) {
        cli_reply("ERROR %ld,%ld is outside the %dx%d board", v[0], v[1], e->width, e->height);
        return;
    }
    if (v[2] < 1 || v[2] > 3) {
        cli_reply("ERROR bad field %ld in BOARD line (1, 2 or 3)", v[2]);
        return;
    }
    const int cell = (int)(v[1] * e->width + v[0]);
    if (e->who[cell] != EMPTY) {
        cli_reply("ERROR %ld,%ld is given twice", v[0], v[1]);
        return;
    }
    put(e, cell, v[2] == 1 ? MINE : THEIRS);
}

enum { GO_ON, QUIT };

/* A line that starts like "x,y,field". */
static bool stone_line(const char *line)
{
    return isdigit((unsigned char)*line) || *line == '-' || *line == '+';
}

static int command(engine *e, char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    size_t end = strlen(line);
    while (end > 0 && (line[end - 1] == ' ' || line[end - 1] == '\t'))
        line[--end] = '\0';
    if (!*line)
        return GO_ON;   /* empty lines are ignored */
    if (e->in_board && stone_line(line)) {
        board_line(e, line);
        return GO_ON;
    }
    char *arg = line + strcspn(line, " \t");
    if (*arg)
        *arg++ = '\0';
    arg += strspn(arg, " \t");
    if (e->in_board) {
        e->in_board = false;
        if (strcasecmp(line, "DONE") == 0) {
            play_own(e);
            return GO_ON;
        }
        /* Any other command ends the BOARD unanswered; its stones stay. */
    }
    if (strcasecmp(line, "END") == 0)
        return QUIT;
    if (strcasecmp(line, "ABOUT") == 0) {
        cli_reply("name=\"gts\", version=\"%s\", author=\"gts developers\"", GTS_VERSION);
    } else if (strcasecmp(line, "START") == 0 || strcasecmp(line, "RECTSTART") == 0) {
        start(e, arg, strcasecmp(line, "RECTSTART") == 0);
    } else if (strcasecmp(line, "INFO") == 0) {
        info(e, arg);
    } else if (strcasecmp(line, "RESTART") == 0) {
        if (started(e)) {
            clear_board(e);
            cli_reply("OK");
        }
    } else if (strcasecmp(line, "BEGIN") == 0) {
        if (started(e))
            play_own(e);
    } else if (strcasecmp(line, "TURN") == 0) {
        int cell;
        if (started(e) && (cell = parse_cell(e, arg, true)) >= 0) {
            put(e, cell, THEIRS);
            play_own(e);
        }
    } else if (strcasecmp(line, "PLAY") == 0) {
        /* Our move, chosen by the manager (after a SUGGEST). */
        int cell;
        if (started(e) && (cell = parse_cell(e, arg, true)) >= 0) {
            put(e, cell, MINE);
            cli_reply("%d,%d", cell % e->width, cell / e->width);
        }
    } else if (strcasecmp(line, "TAKEBACK") == 0) {
        int cell;
        if (started(e) && (cell = parse_cell(e, arg, false)) >= 0) {
            if (e->who[cell] == EMPTY) {
                cli_reply("ERROR %d,%d is empty", cell % e->width, cell / e->width);
            } else {
                take(e, cell);
                cli_reply("OK");
            }
        }
    } else if (strcasecmp(line, "BOARD") == 0) {
        if (started(e)) {
            clear_board(e);
            e->in_board = true;
        }
    } else if (strcasecmp(line, "DONE") == 0 || stone_line(line)) {
        cli_reply("ERROR '%s' outside BOARD ... DONE", shown(line));
    } else {
        cli_reply("UNKNOWN command '%s'", shown(line));
    }
    return GO_ON;
}

/* Reads a line ended by LF, CR or CR LF (an empty line in between is
 * ignored anyway).  Control characters become '?', so binary junk is just
 * an unknown command.  Returns 1, 0 at the end of input, or -1 for a line
 * too long, which has been read to its end. */
static int read_line(char *buf, size_t size)
{
    size_t n = 0;
    int ch;
    bool too_long = false;
    while ((ch = getchar()) != EOF && ch != '\n' && ch != '\r') {
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

int gomoku_pbrain_main(int argc, char **argv)
{
    static engine e;
    e.timeout_turn = e.timeout_match = e.time_left = -1;
    e.threads = 1;
    for (int i = 1; i < argc; i++) {
        long v;
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            fputs(usage_text, stdout);
            return EXIT_OK;
        }
        if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc) {
            if (cli_int(argv[++i], 1, 64, &v) != 0) {
                cli_error("bad --threads '%s' (1..64)", argv[i]);
                return EXIT_USAGE;
            }
            e.threads = (int)v;
        } else {
            /* argv[0] is "pbrain" under gts gomoku, else the pbrain-gts path. */
            cli_error("unknown option or missing value: %s (see '%s --help')", argv[i],
                      strcmp(argv[0], "pbrain") == 0 ? "gts gomoku pbrain" : argv[0]);
            return EXIT_USAGE;
        }
    }
    static char line[LINE_MAX_LEN];
    int got;
    while ((got = read_line(line, sizeof line)) != 0) {
        if (got < 0)
            cli_reply("ERROR line longer than %d bytes ignored", LINE_MAX_LEN - 1);
        else if (command(&e, line) == QUIT)
            break;
    }
    gm_searcher_free(e.searcher);
    return EXIT_OK;
}
