/*
 * gts reversi gtp: 8x8 Othello through the Go Text Protocol (version 2),
 * which GoGui, Quarry and game servers' bridges speak to engines.
 *
 * GTP is strictly one command, one answer: "=[id] result" or "?[id]
 * error", each ended by an empty line.  Squares are Othello's a1..h8 (a1
 * top left, as in .obf files and move lists; any case) or "pass".  A side
 * with no legal move passes by itself: a move or genmove for the other
 * side puts the pass in first.  genmove plays the search's move (exact at
 * few empty squares), reg_genmove only says it; "pass" at the game's end.
 * With time_settings and time_left the midgame search takes a share of
 * the time left (the exact endgame is not limited).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/time_budget.h"
#include "cli/reversi_cli.h"
#include "reversi/engine/rv_engine.h"
#include "reversi/engine/rv_game.h"
#include "gts/reversi.h"

#define LINE_LEN 4096
#define MARGIN_MS 30   /* a move's time the search does not see: the protocol's delays */

static const char usage_text[] =
    "usage: gts reversi gtp [--depth D] [--endgame E] [--threads N] [--tt-mb MB]\n"
    "\n"
    "Plays 8x8 Othello through the Go Text Protocol on stdin/stdout (for GoGui,\n"
    "Quarry and GTP bridges).  Squares a1..h8, a1 top left, or 'pass'.\n"
    "Commands: protocol_version name version known_command list_commands quit\n"
    "boardsize clear_board komi play genmove reg_genmove undo showboard\n"
    "final_score time_settings time_left.\n"
    "\n"
    "options:\n"
    "  --depth D     midgame search depth (1..60, default 6)\n"
    "  --endgame E   solve exactly at E or fewer empty squares (0..60; default twice\n"
    "                the depth, at most 20)\n"
    "  --threads N   search and endgame threads (1..256, default 1)\n"
    "  --tt-mb MB    size of each of the engine's three tables (default 32)\n"
    "  -h, --help    this help\n";

typedef struct gtp {
    rv_game game;
    int undo[RV_GAME_MAX_MOVES + 1];   /* game.n before each play or genmove */
    int undos;
    rv_engine eng;
    bool timed;                        /* time_settings with a main time or byo-yomi */
    double time_left[2];               /* seconds, by side (RV_BY_BLACK, RV_BY_WHITE) */
    bool quit;                         /* "quit" was given */
} gtp;

/* A command's handler: the n arguments in arg; out, empty on entry,
 * takes the answer, or the error when it returns -1. */
typedef int gtp_handler(gtp *g, char **arg, int n, char *out, size_t len);

/* ---- answers ---- */

static void answer(const char *id, bool ok, const char *text)
{
    cli_reply("%c%s%s%s\n", ok ? '=' : '?', id, *text && *text != '\n' ? " " : "", text);
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

static const char *color_name(int by)
{
    return by == RV_BY_BLACK ? "black" : "white";
}

/* The side to move in the current position. */
static int mover(const gtp *g)
{
    return g->game.black[g->game.n] ? RV_BY_BLACK : RV_BY_WHITE;
}

/* ---- commands ---- */

static int cmd_play(gtp *g, char **arg, int n, char *out, size_t len)
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
    const int before = g->game.n;
    if (rv_game_play(&g->game, sq, by, err, sizeof err) != 0) {
        snprintf(out, len, "illegal move: %s", err);
        return -1;
    }
    g->undo[g->undos++] = before;
    return 0;
}

/* The midgame search's share of the time left to `by` over the moves it
 * still has to make, about half the empty squares (core/time_budget.h);
 * 0 (no limit) when untimed. */
static long time_share_ms(const gtp *g, int by, const rv_pos *p)
{
    const double left_ms = g->time_left[by] * 1000;
    return gts_time_budget_ms(GTS_TIME_UNKNOWN, g->timed ? (long)(left_ms < 1e12 ? left_ms : 1e12) : GTS_TIME_UNKNOWN,
                              (rv_empties(p) + 1) / 2, MARGIN_MS);
}

/* genmove (play) and reg_genmove (!play). */
static int genmove(gtp *g, char **arg, int n, bool play, char *out, size_t len)
{
    int by;
    if (n != 1 || (by = parse_color(arg[0])) < 0) {
        snprintf(out, len, "syntax error: %s takes a color (b or w)", play ? "genmove" : "reg_genmove");
        return -1;
    }
    const rv_pos *now = &g->game.pos[g->game.n];
    if (rv_game_over(now)) {
        snprintf(out, len, "pass");
        return 0;
    }
    rv_pos p = *now;
    if (by != mover(g)) {
        if (rv_moves(now->me, now->opp)) {
            snprintf(out, len, "%s is to move, not %s", color_name(mover(g)), color_name(by));
            return -1;
        }
        rv_pass(&p);   /* the side to move must pass: the other side's move */
    }
    int move = RV_PASS;
    if (rv_moves(p.me, p.opp)) {
        char err[256];
        g->eng.time_ms = time_share_ms(g, by, &p);
        if (rv_engine_ready(&g->eng, err, sizeof err) != 0) {
            snprintf(out, len, "%s", err);
            return -1;
        }
        rv_value v;
        rv_engine_search(&g->eng, g->eng.root, &p, rv_engine_exact(&g->eng, &p), &v);
        move = v.move;
    }
    if (play) {
        char err[200];
        const int before = g->game.n;
        if (rv_game_play(&g->game, move, by, err, sizeof err) != 0) {
            snprintf(out, len, "the search's move cannot be played: %s", err);
            return -1;
        }
        g->undo[g->undos++] = before;
    }
    if (move == RV_PASS)
        snprintf(out, len, "pass");
    else
        rv_format_square(move, out);
    return 0;
}

static int cmd_genmove(gtp *g, char **arg, int n, char *out, size_t len)
{
    return genmove(g, arg, n, true, out, len);
}

static int cmd_reg_genmove(gtp *g, char **arg, int n, char *out, size_t len)
{
    return genmove(g, arg, n, false, out, len);
}

static int cmd_showboard(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n;
    const rv_pos *p = &g->game.pos[g->game.n];
    const bool black = g->game.black[g->game.n];
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
                 __builtin_popcountll(o), rv_game_over(p) ? "nobody" : color_name(mover(g)));
    return 0;
}

/* The result as GTP writes it: "B+n", "W+n" or "0" from black's view. */
static void score_text(int black_discs, char *out, size_t len)
{
    if (black_discs == 0)
        snprintf(out, len, "0");
    else
        snprintf(out, len, "%c+%d", black_discs > 0 ? 'B' : 'W', abs(black_discs));
}

/* The finished game's score, or with perfect play from here when the
 * position is within the exact solver's reach. */
static int cmd_final_score(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n;
    const rv_pos *p = &g->game.pos[g->game.n];
    const int sign = g->game.black[g->game.n] ? 1 : -1;
    if (rv_game_over(p)) {
        score_text(sign * rv_final_score(p), out, len);
        return 0;
    }
    if (!rv_engine_exact(&g->eng, p)) {
        snprintf(out, len, "cannot score: the game is not over, and its %d empty squares are more than --endgame",
                 rv_empties(p));
        return -1;
    }
    rv_value v;
    rv_engine_search(&g->eng, NULL, p, true, &v);
    score_text(sign * v.score, out, len);
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

static int cmd_time_settings(gtp *g, char **arg, int n, char *out, size_t len)
{
    double main_time, byo, stones;
    if (n != 3 || !parse_seconds(arg[0], &main_time) || !parse_seconds(arg[1], &byo) ||
        !parse_seconds(arg[2], &stones)) {
        snprintf(out, len, "syntax error: time_settings takes main time, byo-yomi time and stones (numbers >= 0)");
        return -1;
    }
    /* Byo-yomi time 0 with stones 0 means no limit (GTP). */
    g->timed = !(byo > 0 && stones == 0) && (main_time > 0 || byo > 0);
    g->time_left[0] = g->time_left[1] = main_time > 0 ? main_time : byo;
    return 0;
}

static int cmd_time_left(gtp *g, char **arg, int n, char *out, size_t len)
{
    int by;
    double t, stones;
    if (n != 3 || (by = parse_color(arg[0])) < 0 || !parse_seconds(arg[1], &t) || !parse_seconds(arg[2], &stones)) {
        snprintf(out, len, "syntax error: time_left takes a color, seconds and stones");
        return -1;
    }
    g->time_left[by] = t;
    return 0;
}

static void new_game(gtp *g)
{
    rv_pos start;
    rv_start(&start);
    rv_game_start(&g->game, &start, true);
    g->undos = 0;
}

static int cmd_protocol_version(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g, (void)arg, (void)n;
    snprintf(out, len, "2");
    return 0;
}

static int cmd_name(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g, (void)arg, (void)n;
    snprintf(out, len, "gts");
    return 0;
}

static int cmd_version(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g, (void)arg, (void)n;
    snprintf(out, len, "%s", GTS_VERSION);
    return 0;
}

static int cmd_known_command(gtp *g, char **arg, int n, char *out, size_t len);
static int cmd_list_commands(gtp *g, char **arg, int n, char *out, size_t len);

static int cmd_quit(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n, (void)out, (void)len;
    g->quit = true;
    return 0;
}

static int cmd_boardsize(gtp *g, char **arg, int n, char *out, size_t len)
{
    long size;
    if (n != 1 || cli_int(arg[0], 1, 1000, &size) != 0) {
        snprintf(out, len, "syntax error: boardsize takes a number");
        return -1;
    }
    if (size != 8) {
        snprintf(out, len, "unacceptable size: only 8x8 Othello (not %ld)", size);
        return -1;
    }
    new_game(g);
    return 0;
}

static int cmd_clear_board(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n, (void)out, (void)len;
    new_game(g);
    return 0;
}

/* Othello has no komi: the value is checked and not used. */
static int cmd_komi(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g;
    char *end = NULL;
    if (n != 1 || (strtod(arg[0], &end), end == arg[0] || *end)) {
        snprintf(out, len, "syntax error: komi takes a number");
        return -1;
    }
    return 0;
}

static int cmd_undo(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)arg, (void)n;
    if (g->undos == 0) {
        snprintf(out, len, "cannot undo: no move to take back");
        return -1;
    }
    g->game.n = g->undo[--g->undos];
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

static int cmd_known_command(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g;
    snprintf(out, len, "%s", n == 1 && find_command(arg[0]) ? "true" : "false");
    return 0;
}

static int cmd_list_commands(gtp *g, char **arg, int n, char *out, size_t len)
{
    (void)g, (void)arg, (void)n;
    size_t k = 0;
    for (size_t i = 0; i < N_COMMANDS && k < len; i++)
        k += (size_t)snprintf(out + k, len - k, "%s%s", i ? "\n" : "", commands[i].name);
    return 0;
}

/* One command (name, n arguments) into out; 0, or -1 when out is an
 * error. */
static int command(gtp *g, const char *name, char **arg, int n, char *out, size_t len)
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

static void serve(gtp *g)
{
    static char text[LINE_LEN], out[LINE_LEN];
    bool too_long = false;
    while (!g->quit && fgets(text, sizeof text, stdin)) {
        const size_t got = strlen(text);
        const bool whole = got > 0 && text[got - 1] == '\n';
        if (too_long) {            /* the rest of a line too long, already answered */
            too_long = !whole;
            continue;
        }
        if (!whole && !feof(stdin)) {
            too_long = true;
            answer("", false, "line too long: ignored");
            continue;
        }
        clean(text);
        char *save, *word[16];
        int n = 0;
        for (char *t = strtok_r(text, " ", &save); t && n < 16; t = strtok_r(NULL, " ", &save))
            word[n++] = t;
        if (n == 0)
            continue;
        char id[24] = "";
        int first = 0;
        if (strspn(word[0], "0123456789") == strlen(word[0])) {
            snprintf(id, sizeof id, "%.20s", word[0]);
            first = 1;
        }
        if (first == n) {
            answer(id, false, "syntax error: an id with no command");
            continue;
        }
        const int rc = command(g, word[first], word + first + 1, n - first - 1, out, sizeof out);
        answer(id, rc == 0, out);
    }
}

int reversi_gtp_main(int argc, char **argv)
{
    rv_engine_args args;
    const int rc = rv_engine_parse_args(argc, argv, "gtp", usage_text, &args);
    if (rc >= 0)
        return rc;
    static gtp g;
    char err[256];
    /* No stop token: GTP waits for each answer. */
    if (rv_engine_init(&g.eng, &args, NULL, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    new_game(&g);
    serve(&g);
    rv_engine_free(&g.eng);
    return EXIT_OK;
}
