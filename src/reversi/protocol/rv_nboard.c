/* The NBoard protocol's commands over the Reversi engine (rv_nboard.h). */
#include "reversi/protocol/rv_nboard.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "core/clock.h"
#include "reversi/engine/rv_ggf.h"
#include "core/number.h"
#include "core/reply.h"

int rv_nboard_init(rv_nboard *nb, const rv_engine_settings *s, FILE *out, FILE *err, char *errbuf, size_t errlen)
{
    nb->out = out;
    nb->err = err;
    nb->contempt = 0;
    nb->before_search = NULL;
    nb->before_search_arg = NULL;
    gts_stop_reset(&nb->stop);
    return rv_engine_init(&nb->eng, s, &nb->stop, errbuf, errlen);
}

void rv_nboard_free(rv_nboard *nb)
{
    rv_engine_free(&nb->eng);
}

void rv_nboard_error(rv_nboard *nb, const char *fmt, ...)
{
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    fprintf(nb->err, "gts: %s\n", text);   /* one call: the reader thread writes errors too */
}

/* ---- values ---- */

/* A value as the protocol writes it, in discs. */
static void eval_text(int score, bool exact, char *out, size_t len)
{
    if (exact)
        snprintf(out, len, "%d", score);
    else if (score > RV_WIN / 2)
        snprintf(out, len, "%d", score - RV_WIN);
    else if (score < -RV_WIN / 2)
        snprintf(out, len, "%d", score + RV_WIN);
    else
        snprintf(out, len, "%.2f", score / 100.0);
}

static void square_text(int sq, char out[3])
{
    rv_format_square(sq, out);
    out[0] = (char)(out[0] - 'a' + 'A');
    if (sq == RV_PASS)
        memcpy(out, "PA", 3);
}

/* Before a search: the searchers (midgame) or the solver are ready (false
 * after an error line), and the stop token is armed. */
static bool ready(rv_nboard *nb, const char *cmd)
{
    char err[256];
    /* No time: NBoard does not tell the engine any. */
    if (rv_engine_ready(&nb->eng, 0, err, sizeof err) != 0) {
        rv_nboard_error(nb, "%s: %s", cmd, err);
        return false;
    }
    return true;
}

static void begin_search(rv_nboard *nb, bool cut_on_input)
{
    if (nb->before_search)
        nb->before_search(nb->before_search_arg, cut_on_input);
}

/* ---- commands ---- */

static void cmd_go(rv_nboard *nb)
{
    const rv_pos *p = rv_game_now(&nb->eng.game);
    if (rv_game_over(p)) {
        rv_nboard_error(nb, "go: the game is over (%+d for the side to move): no move to play", rv_final_score(p));
        return;
    }
    if (!ready(nb, "go"))
        return;
    const bool exact = rv_engine_exact(&nb->eng, p);
    gts_reply(nb->out, "status gts is thinking (%s)", exact ? "exact" : "midgame");
    begin_search(nb, false);
    const double t0 = gts_now_usec();
    rv_value v = { RV_PASS, 0, 0 };
    if (rv_moves(p->me, p->opp) && !rv_engine_value(&nb->eng, p, exact, &v))
        return;   /* quit or the end of the input */
    const double s = (gts_now_usec() - t0) / 1e6;
    char move[3], eval[32];
    square_text(v.move, move);
    eval_text(v.score, exact, eval, sizeof eval);
    gts_reply(nb->out, "nodestats %llu %.3f", (unsigned long long)v.nodes, s);
    if (v.move == RV_PASS)
        gts_reply(nb->out, "=== PA");
    else
        gts_reply(nb->out, "=== %s/%s/%.3f", move, eval, s);
    gts_reply(nb->out, "status");
}

/* "search MOVE EVAL 0 DEPTH" for the first k values, best first. */
static void search_lines(rv_nboard *nb, const rv_value *v, int k, bool exact, const char *depth)
{
    for (int i = 0; i < k; i++) {
        char move[3], eval[32];
        square_text(v[i].move, move);
        eval_text(v[i].score, exact, eval, sizeof eval);
        gts_reply(nb->out, "search %s %s 0 %s", move, eval, depth);
    }
}

static void cmd_hint(rv_nboard *nb, const char *arg)
{
    long n;
    char extra[2];
    char word[24] = "";
    if (sscanf(arg, "%23s %1s", word, extra) != 1 || !gts_whole_number(word, 1, 1000000, &n)) {
        rv_nboard_error(nb, "hint takes a number of moves (1 or more), not '%s'", arg);
        return;
    }
    const rv_pos *p = rv_game_now(&nb->eng.game);
    if (rv_game_over(p)) {
        rv_nboard_error(nb, "hint: the game is over");
        return;
    }
    if (!ready(nb, "hint"))
        return;
    const bool exact = rv_engine_exact(&nb->eng, p);
    gts_reply(nb->out, "status gts is analysing (%s)", exact ? "exact" : "midgame");
    begin_search(nb, true);
    const double t0 = gts_now_usec();
    rv_value v[64];
    uint64_t nodes = 0;
    if (exact) {
        /* The moves solved before a stop, if one comes. */
        const int k = rv_engine_value_moves(&nb->eng, p, true, 0, v, &nodes);
        search_lines(nb, v, k < n ? k : (int)n, true, "100%");
    } else {
        /* Depth after depth, each depth's lines once all its moves are
         * valued, so that the GUI shows values at once, and a hint cut
         * short (NBoard's ping) has given the last whole depth's. */
        const uint64_t moves = rv_moves(p->me, p->opp);
        const int count = moves ? __builtin_popcountll(moves) : 1;
        for (int d = 1; d <= nb->eng.set.depth; d++) {
            if (rv_engine_value_moves(&nb->eng, p, false, d, v, &nodes) < count)
                break;
            char depth[16];
            snprintf(depth, sizeof depth, "%d", d);
            search_lines(nb, v, count < n ? count : (int)n, false, depth);
        }
    }
    gts_reply(nb->out, "nodestats %llu %.3f", (unsigned long long)nodes, (gts_now_usec() - t0) / 1e6);
    gts_reply(nb->out, "status");
}

/* analysis N EVAL for each position of the game from the last back to the
 * start (N: moves played before it), the value for its side to move. */
static void cmd_analyze(rv_nboard *nb)
{
    if (!ready(nb, "analyze"))
        return;
    gts_reply(nb->out, "status gts is analysing the game");
    begin_search(nb, true);
    for (int i = nb->eng.game.n; i >= 0; i--) {
        const rv_pos *p = &nb->eng.game.pos[i];
        const bool exact = rv_engine_exact(&nb->eng, p) || rv_game_over(p);
        rv_value v;
        if (!rv_engine_value(&nb->eng, p, exact, &v))
            break;
        char eval[32];
        eval_text(v.score, exact, eval, sizeof eval);
        gts_reply(nb->out, "analysis %d %s", i, eval);
    }
    gts_reply(nb->out, "status");
}

static void cmd_move(rv_nboard *nb, const char *arg)
{
    char text[16], err[256];
    const size_t n = strcspn(arg, "/ \t");
    if (n == 0 || n >= sizeof text) {
        rv_nboard_error(nb, "move takes a square (F5, or PA for a pass), not '%s'", arg);
        return;
    }
    memcpy(text, arg, n);
    text[n] = '\0';
    const int sq = rv_parse_square(text, err, sizeof err);
    if (sq < 0 || rv_game_play(&nb->eng.game, sq, RV_BY_EITHER, err, sizeof err) != 0)
        rv_nboard_error(nb, "move %s: %s", text, err);
}

static void cmd_set(rv_nboard *nb, const char *arg)
{
    char what[16] = "";
    sscanf(arg, "%15s", what);
    const char *value = arg + strspn(arg, " \t") + strlen(what);
    value += strspn(value, " \t");
    char err[256];
    long v;
    if (strcmp(what, "game") == 0) {
        static rv_game g;
        if (rv_ggf_parse(value, &g, err, sizeof err) != 0)
            rv_nboard_error(nb, "set game: %s (the game is unchanged)", err);
        else
            nb->eng.game = g;
    } else if (strcmp(what, "depth") == 0) {
        if (!gts_whole_number(value, 1, RV_MAX_DEPTH, &v))
            rv_nboard_error(nb, "set depth takes 1..%d, not '%s'", RV_MAX_DEPTH, value);
        else
            nb->eng.set.depth = (int)v;
    } else if (strcmp(what, "contempt") == 0) {
        if (!gts_whole_number(value, -6400, 6400, &v))
            rv_nboard_error(nb, "set contempt takes centidiscs (-6400..6400), not '%s'", value);
        else
            nb->contempt = (int)v;
    } else {
        rv_nboard_error(nb, "set: unknown setting '%s' (game, depth, contempt)", what);
    }
}

/* The commands without a search. */
static void cmd_nboard(rv_nboard *nb, const char *arg)
{
    long v;
    if (!gts_whole_number(arg, 1, 1000, &v))
        rv_nboard_error(nb, "nboard takes the protocol version, not '%s'", arg);
    gts_reply(nb->out, "set myname gts");
}

static void cmd_ping(rv_nboard *nb, const char *arg)
{
    long v;
    if (!gts_whole_number(arg, LONG_MIN, LONG_MAX, &v))
        rv_nboard_error(nb, "ping takes a number, not '%s'", arg);
    else
        gts_reply(nb->out, "pong %ld", v);
}

bool rv_nboard_line(rv_nboard *nb, const char *text)
{
    char cmd[16] = "", err[128];
    if (sscanf(text, " %15s", cmd) != 1)
        return true;
    const char *arg = text + strspn(text, " \t") + strlen(cmd);
    arg += strspn(arg, " \t");
    if (strcmp(cmd, "quit") == 0)
        return false;
    if (strcmp(cmd, "nboard") == 0)
        cmd_nboard(nb, arg);
    else if (strcmp(cmd, "ping") == 0)
        cmd_ping(nb, arg);
    else if (strcmp(cmd, "set") == 0)
        cmd_set(nb, arg);
    else if (strcmp(cmd, "move") == 0)
        cmd_move(nb, arg);
    else if (strcmp(cmd, "go") == 0 && !*arg)
        cmd_go(nb);
    else if (strcmp(cmd, "hint") == 0)
        cmd_hint(nb, arg);
    else if (strcmp(cmd, "learn") == 0)
        gts_reply(nb->out, "learned");
    else if (strcmp(cmd, "analyze") == 0)
        cmd_analyze(nb);
    else if (strlen(cmd) == 2 && !*arg && rv_parse_square(cmd, err, sizeof err) >= 0)
        cmd_move(nb, cmd);   /* NBoard 1.1 sent a bare move */
    else
        rv_nboard_error(nb, "unknown command '%.40s' (ignored)", text + strspn(text, " \t"));
    return true;
}
