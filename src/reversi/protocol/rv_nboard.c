/*
 * gts reversi nboard: the NBoard engine protocol (version 2) on stdin and
 * stdout, as the NBoard Othello GUI speaks it to the engines it starts.
 *
 * The GUI keeps the game and tells the engine about it: "set game" with a
 * whole GGF game, "move" for each move after, "set depth" for the search
 * depth.  "go" asks for the engine's move ("=== F5/eval/seconds"; the
 * engine does not play it: the GUI sends it back as a "move"), "hint N"
 * for the values of the N best moves ("search" lines between two "status"
 * lines), "ping N" for "pong N" once everything before it is done.
 *
 * Lines are read by a thread of their own.  A search for "hint" or
 * "analyze" stops as soon as another line comes (the GUI sends "ping"
 * when the position changes, and the protocol asks the engine to stop
 * thinking then); what it finished is still reported, before the next
 * line is taken.  A search for "go" runs to its end unless "quit" has
 * come (then nothing is answered: quit ends the engine at once).  The end
 * of the input stops nothing: what came before it is answered, then the
 * engine ends.  Every
 * line is answered in order, so "pong N" always comes after the replies
 * to what came before it.
 *
 * Midgame positions are searched to the set depth (PVS, the report's
 * evaluation: values in discs, i.e. the evaluation's hundredths / 100, a
 * proven result as its exact disc difference); positions with at most
 * --endgame empty squares (default twice the depth, at most 20) are solved
 * exactly, and their values are the exact final disc difference (depth
 * "100%" in hint lines).  A bad or out-of-place line gets one line on
 * stderr and is otherwise ignored.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/reversi_cli.h"
#include "reversi/engine/rv_engine.h"
#include "reversi/engine/rv_game.h"
#include "gts/reversi.h"

#define LINE_MAX_LEN 65536

static const char usage_text[] =
    "usage: gts reversi nboard [--depth D] [--endgame E] [--threads N] [--tt-mb MB]\n"
    "\n"
    "Plays 8x8 Othello through the NBoard engine protocol on stdin/stdout: nboard,\n"
    "set depth, set game (GGF), set contempt, move, go, hint, ping, learn,\n"
    "analyze, quit.  Give NBoard this command line as the engine's.\n"
    "\n"
    "options:\n"
    "  --depth D     midgame depth until the GUI sends 'set depth' (1..60, default 6)\n"
    "  --endgame E   solve exactly at E or fewer empty squares (0..60; default twice\n"
    "                the depth, at most 20)\n"
    "  --threads N   search and endgame threads (1..256, default 1)\n"
    "  --tt-mb MB    size of each of the engine's three tables (default 32)\n"
    "  -h, --help    this help\n";

/* A line from the GUI, queued by the reader thread. */
typedef struct line {
    struct line *next;
    char text[];
} line;

typedef struct engine {
    /* Shared with the reader thread, under lock. */
    pthread_mutex_t lock;
    pthread_cond_t more;
    line *first, *last;
    bool eof;                 /* the input ended */
    bool quit_read;           /* a "quit" line was read */
    bool cut_on_input;        /* the running search stops when a line comes */
    gts_stop cut;             /* every search's stop token */

    rv_game game;
    int contempt;             /* set contempt: kept, no search uses it */
    rv_engine eng;
} engine;

/* ---- input ---- */

static bool is_quit(const char *s)
{
    s += strspn(s, " \t");
    return strncmp(s, "quit", 4) == 0 && (!s[4] || s[4] == ' ' || s[4] == '\t');
}

/* Queues one line and raises the search's stop token when it should stop. */
static void queue_line(engine *e, const char *text, size_t n)
{
    line *l = malloc(sizeof *l + n + 1);
    if (!l) {
        cli_error("out of memory: a line ignored");
        return;
    }
    memcpy(l->text, text, n);
    l->text[n] = '\0';
    l->next = NULL;
    pthread_mutex_lock(&e->lock);
    if (e->last)
        e->last->next = l;
    else
        e->first = l;
    e->last = l;
    e->quit_read |= is_quit(l->text);
    if (e->cut_on_input || e->quit_read)
        gts_stop_raise(&e->cut);
    pthread_cond_signal(&e->more);
    pthread_mutex_unlock(&e->lock);
}

/* The reader thread: lines from standard input, CR LF or LF ended, by
 * read(2) rather than stdio, so that the process can end while this
 * thread waits for input without a stdio lock held. */
static void *read_input(void *arg)
{
    engine *e = arg;
    static char buf[LINE_MAX_LEN + 1];
    size_t len = 0;
    bool too_long = false;   /* dropping the rest of a line too long */
    for (;;) {
        const ssize_t k = read(STDIN_FILENO, buf + len, sizeof buf - len);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            break;
        len += (size_t)k;
        size_t start = 0;
        for (char *nl; (nl = memchr(buf + start, '\n', len - start)) != NULL; start = (size_t)(nl - buf) + 1) {
            size_t n = (size_t)(nl - buf) - start;
            if (n > 0 && buf[start + n - 1] == '\r')
                n--;
            if (!too_long)
                queue_line(e, buf + start, n);
            too_long = false;
        }
        memmove(buf, buf + start, len - start);
        len -= start;
        if (len == sizeof buf) {
            if (!too_long)
                cli_error("a line longer than %d bytes: ignored", LINE_MAX_LEN);
            too_long = true;
            len = 0;
        }
    }
    if (len > 0 && !too_long)
        queue_line(e, buf, len);   /* a last line without its end */
    pthread_mutex_lock(&e->lock);
    e->eof = true;
    pthread_cond_signal(&e->more);
    pthread_mutex_unlock(&e->lock);
    return NULL;
}

/* The next line (to be freed), or NULL at the end of the input. */
static line *next_line(engine *e)
{
    pthread_mutex_lock(&e->lock);
    while (!e->first && !e->eof)
        pthread_cond_wait(&e->more, &e->lock);
    line *l = e->first;
    if (l) {
        e->first = l->next;
        if (!e->first)
            e->last = NULL;
    }
    pthread_mutex_unlock(&e->lock);
    return l;
}

/* Before a search: whether a new line stops it (hint, analyze: a line
 * already waiting stops it at once) or only "quit" does (go). */
static void begin_search(engine *e, bool cut_on_input)
{
    pthread_mutex_lock(&e->lock);
    e->cut_on_input = cut_on_input;
    if (e->quit_read || (cut_on_input && e->first))
        gts_stop_raise(&e->cut);
    else
        gts_stop_reset(&e->cut);
    pthread_mutex_unlock(&e->lock);
}

/* ---- searching ---- */

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

static void depth_text(const engine *e, bool exact, char *out, size_t len)
{
    if (exact)
        snprintf(out, len, "100%%");
    else
        snprintf(out, len, "%d", e->eng.depth);
}

static void square_text(int sq, char out[3])
{
    rv_format_square(sq, out);
    out[0] = (char)(out[0] - 'a' + 'A');
    if (sq == RV_PASS)
        memcpy(out, "PA", 3);
}

/* The value of each move of p (a pass when there is none), best first (the
 * lower square first among equals); how many were valued before a stop. */
static int value_moves(engine *e, const rv_pos *p, bool exact, rv_value *out, uint64_t *nodes)
{
    int squares[64], count = 0, n = 0;
    const uint64_t moves = rv_moves(p->me, p->opp);
    for (uint64_t m = moves; m; m &= m - 1)
        squares[count++] = __builtin_ctzll(m);
    if (!moves)
        squares[count++] = RV_PASS;
    for (int k = 0; k < count && !gts_stop_raised(&e->cut); k++) {
        rv_pos c = *p;
        if (squares[k] == RV_PASS)
            rv_pass(&c);
        else
            rv_play(&c, squares[k], rv_flips(p->me, p->opp, squares[k]));
        rv_value v;
        if (!rv_engine_search(&e->eng, e->eng.child, &c, exact, &v))
            break;
        *nodes += v.nodes;
        int i = n++;
        for (; i > 0 && out[i - 1].score < -v.score; i--)
            out[i] = out[i - 1];
        out[i] = (rv_value){ squares[k], -v.score, v.nodes };
    }
    return n;
}

/* ---- commands ---- */

/* The searchers (midgame) or the solver is ready; false after an error. */
static bool ready(engine *e, const char *cmd)
{
    char err[256];
    if (rv_engine_ready(&e->eng, err, sizeof err) != 0) {
        cli_error("%s: %s", cmd, err);
        return false;
    }
    return true;
}

static void cmd_go(engine *e)
{
    const rv_pos *p = &e->game.pos[e->game.n];
    if (rv_game_over(p)) {
        cli_error("go: the game is over (%+d for the side to move): no move to play", rv_final_score(p));
        return;
    }
    if (!ready(e, "go"))
        return;
    const bool exact = rv_engine_exact(&e->eng, p);
    cli_reply("status gts is thinking (%s)", exact ? "exact" : "midgame");
    begin_search(e, false);
    const double t0 = cli_now_usec();
    rv_value v = { RV_PASS, 0, 0 };
    if (rv_moves(p->me, p->opp) && !rv_engine_search(&e->eng, e->eng.root, p, exact, &v))
        return;   /* quit or the end of the input */
    const double s = (cli_now_usec() - t0) / 1e6;
    char move[3], eval[32];
    square_text(v.move, move);
    eval_text(v.score, exact, eval, sizeof eval);
    cli_reply("nodestats %llu %.3f", (unsigned long long)v.nodes, s);
    if (v.move == RV_PASS)
        cli_reply("=== PA");
    else
        cli_reply("=== %s/%s/%.3f", move, eval, s);
    cli_reply("status");
}

static void cmd_hint(engine *e, const char *arg)
{
    long n;
    char extra[2];
    char word[24] = "";
    if (sscanf(arg, "%23s %1s", word, extra) != 1 || cli_int(word, 1, 1000000, &n) != 0) {
        cli_error("hint takes a number of moves (1 or more), not '%s'", arg);
        return;
    }
    const rv_pos *p = &e->game.pos[e->game.n];
    if (rv_game_over(p)) {
        cli_error("hint: the game is over");
        return;
    }
    if (!ready(e, "hint"))
        return;
    const bool exact = rv_engine_exact(&e->eng, p);
    char depth[16];
    depth_text(e, exact, depth, sizeof depth);
    cli_reply("status gts is analysing (%s)", exact ? "exact" : "midgame");
    begin_search(e, true);
    const double t0 = cli_now_usec();
    rv_value v[64];
    uint64_t nodes = 0;
    const int k = value_moves(e, p, exact, v, &nodes);
    cli_reply("nodestats %llu %.3f", (unsigned long long)nodes, (cli_now_usec() - t0) / 1e6);
    for (int i = 0; i < k && i < n; i++) {
        char move[3], eval[32];
        square_text(v[i].move, move);
        eval_text(v[i].score, exact, eval, sizeof eval);
        cli_reply("search %s %s 0 %s", move, eval, depth);
    }
    cli_reply("status");
}

/* analysis N EVAL for each position of the game from the last back to the
 * start (N: moves played before it), the value for its side to move. */
static void cmd_analyze(engine *e)
{
    if (!ready(e, "analyze"))
        return;
    cli_reply("status gts is analysing the game");
    begin_search(e, true);
    for (int i = e->game.n; i >= 0; i--) {
        const rv_pos *p = &e->game.pos[i];
        const bool exact = rv_engine_exact(&e->eng, p) || rv_game_over(p);
        rv_value v;
        if (!rv_engine_search(&e->eng, e->eng.root, p, exact, &v))
            break;
        char eval[32];
        eval_text(v.score, exact, eval, sizeof eval);
        cli_reply("analysis %d %s", i, eval);
    }
    cli_reply("status");
}

static void cmd_move(engine *e, const char *arg)
{
    char text[16], err[256];
    const size_t n = strcspn(arg, "/ \t");
    if (n == 0 || n >= sizeof text) {
        cli_error("move takes a square (F5, or PA for a pass), not '%s'", arg);
        return;
    }
    memcpy(text, arg, n);
    text[n] = '\0';
    const int sq = rv_parse_square(text, err, sizeof err);
    if (sq < 0 || rv_game_play(&e->game, sq, RV_BY_EITHER, err, sizeof err) != 0)
        cli_error("move %s: %s", text, err);
}

static void cmd_set(engine *e, const char *arg)
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
            cli_error("set game: %s (the game is unchanged)", err);
        else
            e->game = g;
    } else if (strcmp(what, "depth") == 0) {
        if (cli_int(value, 1, RV_MAX_DEPTH, &v) != 0)
            cli_error("set depth takes 1..%d, not '%s'", RV_MAX_DEPTH, value);
        else
            e->eng.depth = (int)v;
    } else if (strcmp(what, "contempt") == 0) {
        if (cli_int(value, -6400, 6400, &v) != 0)
            cli_error("set contempt takes centidiscs (-6400..6400), not '%s'", value);
        else
            e->contempt = (int)v;
    } else {
        cli_error("set: unknown setting '%s' (game, depth, contempt)", what);
    }
}

/* One line from the GUI; false at "quit". */
static bool command(engine *e, const char *text)
{
    char cmd[16] = "";
    if (sscanf(text, " %15s", cmd) != 1)
        return true;
    const char *arg = text + strspn(text, " \t") + strlen(cmd);
    arg += strspn(arg, " \t");
    long v;
    char err[128];
    if (strcmp(cmd, "quit") == 0) {
        return false;
    } else if (strcmp(cmd, "nboard") == 0) {
        if (cli_int(arg, 1, 1000, &v) != 0)
            cli_error("nboard takes the protocol version, not '%s'", arg);
        cli_reply("set myname gts");
    } else if (strcmp(cmd, "ping") == 0) {
        if (cli_int(arg, LONG_MIN, LONG_MAX, &v) != 0)
            cli_error("ping takes a number, not '%s'", arg);
        else
            cli_reply("pong %ld", v);
    } else if (strcmp(cmd, "set") == 0) {
        cmd_set(e, arg);
    } else if (strcmp(cmd, "move") == 0) {
        cmd_move(e, arg);
    } else if (strcmp(cmd, "go") == 0 && !*arg) {
        cmd_go(e);
    } else if (strcmp(cmd, "hint") == 0) {
        cmd_hint(e, arg);
    } else if (strcmp(cmd, "learn") == 0) {
        cli_reply("learned");
    } else if (strcmp(cmd, "analyze") == 0) {
        cmd_analyze(e);
    } else if (strlen(cmd) == 2 && !*arg && rv_parse_square(cmd, err, sizeof err) >= 0) {
        cmd_move(e, cmd);   /* NBoard 1.1 sent a bare move */
    } else {
        cli_error("unknown command '%.40s' (ignored)", text + strspn(text, " \t"));
    }
    return true;
}

int reversi_nboard_main(int argc, char **argv)
{
    rv_engine_args args;
    const int rc = rv_engine_parse_args(argc, argv, "nboard", usage_text, &args);
    if (rc >= 0)
        return rc;
    static engine e;
    char err[256];
    if (rv_engine_init(&e.eng, &args, &e.cut, err, sizeof err) != 0) {
        cli_error("%s", err);
        return EXIT_FAIL;
    }
    rv_pos start;
    rv_start(&start);
    rv_game_start(&e.game, &start, true);
    pthread_mutex_init(&e.lock, NULL);
    pthread_cond_init(&e.more, NULL);
    pthread_t reader;
    if (pthread_create(&reader, NULL, read_input, &e) != 0) {
        cli_error("cannot start the input thread");
        rv_engine_free(&e.eng);
        return EXIT_FAIL;
    }
    line *l;
    bool going = true;
    while (going && (l = next_line(&e)) != NULL) {
        going = command(&e, l->text);
        free(l);
    }
    /* The reader is blocked on input we no longer want (after "quit"):
     * the process ends without waiting for it. */
    pthread_detach(reader);
    rv_engine_free(&e.eng);
    return EXIT_OK;
}
