/*
 * The NBoard protocol engine (gts reversi nboard) driven the way the
 * NBoard GUI drives it: whole sessions written as scripts, each run on a
 * fresh engine through pipes, every reply on stdout and every error on
 * stderr checked against the script and against the game kept here: moves
 * legal in the position, hint lines distinct legal moves best first,
 * exact values equal to this file's own exhaustive search at few empty
 * squares, pong after everything asked before it, one error line for
 * each bad line while the session goes on, exit status 0 at the end.
 * The first failed check ends its session (the engine is killed).
 *
 *     usage: test_nboard [--part SESSION] ENGINE [ARGS...]
 *                                       (ARGS: "reversi nboard" for gts)
 *
 * Script lines (leading spaces and '#' comments ignored):
 *   > TEXT         send TEXT ended by LF (>crlf: CR LF, >noeol: nothing,
 *                  >nul: a NUL byte and more, then LF); "set depth N"
 *                  sent so is remembered (the exact-solving threshold)
 *   < PATTERN      the next stdout line matches PATTERN (text, a trailing
 *                  '*' for a prefix, alternatives split by '|')
 *   ! PATTERN      the next stderr line matches PATTERN
 *   start          send "set game" of the starting position
 *   random S E [pass]  send "set game" of a game of random moves (seed S)
 *                  down to E empty squares (pass: the first such game from
 *                  seed S on whose last position's side must pass)
 *   move [SQ]      send "move SQ" (none: the best move here, exact when
 *                  the position is small, else the first legal one)
 *   playout        such moves to the end of the game
 *   passmove       the other side's move when the side to move must pass,
 *                  the pass left out
 *   go [exact]     the answer to "go": a legal move (exact: of the exact
 *                  value, which the eval must be)
 *   hint N [exact] the answer to "hint N": min(N, moves) search lines (of
 *                  each depth 1..D in turn, or of the exact solve)
 *   analyze        the answer to "analyze": positions from the last back
 *   syncping N [searched]  send "ping N" and read to "pong N": only
 *                  status, nodestats and search lines of legal moves
 *                  before it, the last a status (a hint cut short by the
 *                  ping); searched: nodestats not 0
 *   junk N         a line of N random bytes
 *   eof            close the engine's input
 *   exit           close it (if open), expect the engine to exit with
 *                  status 0 and nothing more said (done at the end of
 *                  every script)
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "test_session.h"
#include "gts/reversi.h"

#define REPLY_TIMEOUT_MS 20000   /* no reply in this long: the engine hangs */
#define EXIT_TIMEOUT_MS 5000
#define BRUTE_EMPTIES 12         /* exact values computed here up to this many empties */
#define MAX_PLIES 128

typedef struct run {
    const char *name;
    int lineno;
    child c, errs;             /* errs: the engine's stderr, read as lines */
    bool dead, failed;
    rv_pos pos[MAX_PLIES + 1]; /* the game as the GUI has it: pos[n] now */
    int n;
    int depth;                 /* the engine's set depth */
    int go_at;                 /* the position of the last go's answer (-1: none) */
    char go_eval[32];          /* its eval: the best hint's must be the same */
    uint64_t rng;
} run;

/* ---- the reference: exhaustive alpha-beta on the final disc difference ---- */

static int final_discs(uint64_t me, uint64_t opp)
{
    const int a = __builtin_popcountll(me), b = __builtin_popcountll(opp), empty = 64 - a - b;
    return a > b ? a - b + empty : a < b ? a - b - empty : 0;
}

static int exact(uint64_t me, uint64_t opp, int alpha, int beta)
{
    const uint64_t moves = rv_moves(me, opp);
    if (!moves) {
        if (!rv_moves(opp, me))
            return final_discs(me, opp);
        return -exact(opp, me, -beta, -alpha);
    }
    int best = -65;
    for (uint64_t m = moves; m; m &= m - 1) {
        const int sq = __builtin_ctzll(m);
        const uint64_t f = rv_flips(me, opp, sq);
        const int v = -exact(opp & ~f, me | f | (m & -m), -beta, -alpha);
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    return best;
}

static int exact_value(const rv_pos *p)
{
    return exact(p->me, p->opp, -65, 65);
}

/* The value of sq (RV_PASS) in p for its side to move. */
static int exact_move_value(const rv_pos *p, int sq)
{
    rv_pos c = *p;
    if (sq == RV_PASS)
        rv_pass(&c);
    else
        rv_play(&c, sq, rv_flips(p->me, p->opp, sq));
    return -exact_value(&c);
}

/* ---- the game kept here ---- */

static const rv_pos *now(const run *r)
{
    return &r->pos[r->n];
}

static int endgame_empties(const run *r)
{
    return 2 * r->depth < 20 ? 2 * r->depth : 20;
}

static void play(run *r, int sq)
{
    r->go_at = -1;
    rv_pos p = *now(r);
    if (sq == RV_PASS)
        rv_pass(&p);
    else
        rv_play(&p, sq, rv_flips(p.me, p.opp, sq));
    r->pos[++r->n] = p;
}

/* A square or pass as read from the engine: legal here, or -1. */
static int legal_square(run *r, const char *text, const char *what)
{
    char sq[3] = { text[0], text[0] ? text[1] : 0, 0 }, err[128];
    const int s = rv_parse_square(sq, err, sizeof err);
    const uint64_t moves = rv_moves(now(r)->me, now(r)->opp);
    const bool ok = s >= 0 && (s == RV_PASS ? !moves : ((moves >> s) & 1));
    expect(r, ok, "%s '%s' is not a legal move here", what, text);
    return ok ? s : -1;
}

static void send_text(run *r, const char *text, const char *ending)
{
    char line[8192];
    snprintf(line, sizeof line, "%s%s", text, ending);
    int d;
    if (sscanf(text, "set depth %d", &d) == 1 && d >= 1 && d <= 60) {
        r->depth = d;
        r->go_at = -1;
    }
    expect(r, send_bytes(&r->c, line, strlen(line), REPLY_TIMEOUT_MS), "could not send '%.60s' (engine gone?)",
           text);
}

/* "set game" of the game kept here: GGF with every move and pass. */
static void send_game(run *r)
{
    static const char start_board[] = "---------------------------O*------*O---------------------------";
    char text[4096];
    int k = snprintf(text, sizeof text, "set game (;GM[Othello]PC[test]PB[b]PW[w]RE[?]TI[0]TY[8]BO[8 %s *]",
                     start_board);
    for (int i = 0; i < r->n; i++) {
        /* the move from pos[i] to pos[i + 1]: the square that filled */
        const uint64_t filled = (r->pos[i + 1].me | r->pos[i + 1].opp) & ~(r->pos[i].me | r->pos[i].opp);
        char sq[3];
        rv_format_square(filled ? __builtin_ctzll(filled) : RV_PASS, sq);
        sq[0] = (char)(sq[0] - 'a' + 'A');
        k += snprintf(text + k, sizeof text - (size_t)k, "%c[%s]", i % 2 ? 'W' : 'B', filled ? sq : "PA");
    }
    snprintf(text + k, sizeof text - (size_t)k, ";)");
    send_text(r, text, "\n");
}

/* A game of random moves from the start down to `empties` (or its end). */
static void random_game(run *r, uint64_t seed, int empties)
{
    rv_start(&r->pos[0]);
    r->n = 0;
    r->go_at = -1;
    while (rv_empties(now(r)) > empties && !rv_game_over(now(r))) {
        const uint64_t moves = rv_moves(now(r)->me, now(r)->opp);
        if (!moves) {
            play(r, RV_PASS);
            continue;
        }
        int k = (int)(lcg_next(&seed) % (uint64_t)__builtin_popcountll(moves));
        uint64_t m = moves;
        while (k-- > 0)
            m &= m - 1;
        play(r, __builtin_ctzll(m));
    }
}

/* ---- replies ---- */

static bool next_out(run *r, char *line, size_t size)
{
    const int got = read_line(&r->c, line, size, REPLY_TIMEOUT_MS);
    return expect(r, got == 1, "%s", got == 0 ? "the engine's output ended" : "no reply");
}

static void expect_line(run *r, child *from, const char *pattern)
{
    char line[512];
    const int got = read_line(from, line, sizeof line, REPLY_TIMEOUT_MS);
    if (expect(r, got == 1, "%s instead of '%s' on %s", got == 0 ? "the end" : "nothing", pattern,
               from == &r->c ? "stdout" : "stderr"))
        expect(r, matches(line, pattern), "'%s', expected '%s' on %s", line, pattern,
               from == &r->c ? "stdout" : "stderr");
}

/* A whole number of discs, or a failed check. */
static bool parse_discs(run *r, const char *text, int *v)
{
    char *end;
    const long x = strtol(text, &end, 10);
    *v = (int)x;
    return expect(r, end != text && (*end == '\0' || *end == '/' || *end == ' ') && x >= -64 && x <= 64,
                  "value '%s' is not an exact disc count", text);
}

static void check_go(run *r, bool want_exact)
{
    char line[512];
    expect_line(r, &r->c, "status *");
    expect_line(r, &r->c, "nodestats *");
    if (r->failed || !next_out(r, line, sizeof line))
        return;
    if (!expect(r, strncmp(line, "=== ", 4) == 0, "'%s' is not '=== MOVE/EVAL/TIME'", line))
        return;
    const int sq = legal_square(r, line + 4, "go's move");
    if (sq < 0 || sq == RV_PASS || r->failed) {
        expect(r, sq < 0 || strcmp(line + 4, "PA") == 0, "a pass is written '=== PA', not '%s'", line);
        expect_line(r, &r->c, "status");
        return;
    }
    expect(r, line[6] == '/' && strchr(line + 7, '/'), "'%s' is not '=== MOVE/EVAL/TIME'", line);
    snprintf(r->go_eval, sizeof r->go_eval, "%.*s", (int)strcspn(line + 7, "/"), line + 7);
    r->go_at = r->n;
    int v;
    if (want_exact && parse_discs(r, line + 7, &v)) {
        const int best = exact_value(now(r));
        expect(r, v == best, "go's eval %d, the exact value is %d", v, best);
        expect(r, exact_move_value(now(r), sq) == best, "go's move %.2s is not a best move", line + 4);
    }
    expect_line(r, &r->c, "status");
}

/* Whether depth is a hint's here: "100%" where the engine solves exactly,
 * else 1 .. the set depth. */
static bool hint_depth(const run *r, const char *depth)
{
    if (rv_empties(now(r)) <= endgame_empties(r))
        return strcmp(depth, "100%") == 0;
    char *end;
    const long d = strtol(depth, &end, 10);
    return end != depth && !*end && d >= 1 && d <= r->depth;
}

/* One "search MOVE EVAL 0 DEPTH" line, of depth want_depth (NULL: any of
 * the hint's); the move, or -1 after a failure. */
static int check_search_line(run *r, const char *line, bool want_exact, const char *want_depth, int *v)
{
    char move[16], eval[32], games[8], depth[16], extra[2];
    if (!expect(r, sscanf(line, "search %15s %31s %7s %15s %1s", move, eval, games, depth, extra) == 4,
                "'%s' is not 'search MOVE EVAL 0 DEPTH'", line))
        return -1;
    const int sq = legal_square(r, move, "hint's move");
    expect(r, strcmp(games, "0") == 0 && (want_depth ? strcmp(depth, want_depth) == 0 : hint_depth(r, depth)),
           "'%s': expected games 0 and depth %s", line, want_depth ? want_depth : "of the hint");
    char *end;
    const double value = strtod(eval, &end);
    expect(r, end != eval && !*end, "'%s': eval '%s' is not a number", line, eval);
    *v = (int)(value * 100 + (value < 0 ? -0.5 : 0.5));
    if (want_exact && sq >= 0 && parse_discs(r, eval, v)) {
        const int ref = exact_move_value(now(r), sq);
        expect(r, *v == ref, "hint %s = %d, the exact value is %d", move, *v, ref);
        *v *= 100;
    }
    return sq;
}

/* The search lines of one depth of a hint (want_depth; last: the hint's
 * last depth, whose best move go's value must have). */
static void check_hint_depth(run *r, int n, bool want_exact, const char *want_depth, bool last)
{
    const uint64_t moves = rv_moves(now(r)->me, now(r)->opp);
    const int count = moves ? __builtin_popcountll(moves) : 1;
    uint64_t seen = 0;
    int worse = 1 << 30;
    for (int i = 0; i < (n < count ? n : count) && !r->failed; i++) {
        char line[512];
        int v;
        if (!next_out(r, line, sizeof line))
            return;
        const int sq = check_search_line(r, line, want_exact, want_depth, &v);
        if (sq < 0)
            return;
        const uint64_t bit = sq == RV_PASS ? 0 : (uint64_t)1 << sq;
        expect(r, !(seen & bit), "'%s': the move came twice", line);
        char eval[32];
        if (last && i == 0 && r->go_at == r->n && sscanf(line, "search %*s %31s", eval) == 1)
            expect(r, strcmp(eval, r->go_eval) == 0, "'%s': the best move's value is not go's, %s", line, r->go_eval);
        expect(r, v <= worse, "'%s': not in order, best first", line);
        seen |= bit;
        worse = v;
    }
}

/* A whole hint: exact, the values of one search; midgame, those of each
 * depth from 1 to the set depth; then the nodes and the status. */
static void check_hint(run *r, int n, bool want_exact)
{
    expect_line(r, &r->c, "status *");
    const bool exact_here = rv_empties(now(r)) <= endgame_empties(r);
    const int depths = exact_here ? 1 : r->depth;
    for (int d = 1; d <= depths && !r->failed; d++) {
        char depth[16];
        snprintf(depth, sizeof depth, exact_here ? "100%%" : "%d", d);
        check_hint_depth(r, n, want_exact, depth, d == depths);
    }
    expect_line(r, &r->c, "nodestats *");
    expect_line(r, &r->c, "status");
}

static void check_analyze(run *r)
{
    expect_line(r, &r->c, "status *");
    for (int i = r->n; i >= 0 && !r->failed; i--) {
        char line[512], eval[32];
        int k, v;
        if (!next_out(r, line, sizeof line) ||
            !expect(r, sscanf(line, "analysis %d %31s", &k, eval) == 2 && k == i, "'%s', expected 'analysis %d EVAL'",
                    line, i))
            return;
        const rv_pos *p = &r->pos[i];
        const bool exact_here = rv_empties(p) <= endgame_empties(r) || rv_game_over(p);
        if (exact_here && rv_empties(p) <= BRUTE_EMPTIES && parse_discs(r, eval, &v))
            expect(r, v == exact_value(p), "'%s': the exact value is %d", line, exact_value(p));
    }
    expect_line(r, &r->c, "status");
}

/* Everything up to "pong N" belongs to a hint cut short by the ping: its
 * search lines, its nodes (searched: not 0), its status last. */
static void sync_ping(run *r, const char *n, bool searched)
{
    char text[80], line[512], last[512] = "";
    snprintf(text, sizeof text, "ping %s", n);
    send_text(r, text, "\n");
    snprintf(text, sizeof text, "pong %s", n);
    while (!r->failed && next_out(r, line, sizeof line) && strcmp(line, text) != 0) {
        int v;
        unsigned long long nodes;
        if (strncmp(line, "search ", 7) == 0)
            check_search_line(r, line, false, NULL, &v);
        else if (sscanf(line, "nodestats %llu", &nodes) == 1)
            expect(r, nodes > 0 || !searched, "'%s': the hint's nodes are not counted", line);
        else
            expect(r, matches(line, "status*|nodestats *"), "'%s' before '%s'", line, text);
        snprintf(last, sizeof last, "%s", line);
    }
    expect(r, r->failed || strcmp(last, "status") == 0, "'%s' came before the hint's last 'status'", text);
}

/* The engine ends: nothing more on stdout or stderr, exit status 0. */
static void expect_exit(run *r)
{
    char line[512];
    int got;
    close_input(&r->c);
    while ((got = read_line(&r->c, line, sizeof line, EXIT_TIMEOUT_MS)) == 1)
        expect(r, false, "unexpected output '%s'", line);
    expect(r, got == 0, "the engine did not close its output");
    while (read_line(&r->errs, line, sizeof line, EXIT_TIMEOUT_MS) == 1)
        expect(r, false, "unexpected error line '%s'", line);
    const int status = reap(&r->c, EXIT_TIMEOUT_MS);
    expect(r, status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0, "exit status %d, expected 0",
           status >= 0 && WIFEXITED(status) ? WEXITSTATUS(status) : -1);
    r->dead = true;
}

/* "move F5/0.00/0.0" as NBoard writes it ("move PA" for a pass), played
 * here too. */
static void send_move(run *r, int sq)
{
    char text[32] = "PA";
    if (sq != RV_PASS) {
        rv_format_square(sq, text);
        text[0] = (char)(text[0] - 'a' + 'A');
        strcat(text, "/0.00/0.0");
    }
    char line[48];
    snprintf(line, sizeof line, "move %s", text);
    send_text(r, line, "\n");
    play(r, sq);
}

/* The best move (exact in small positions, else the first), or RV_PASS. */
static int chosen_move(const run *r)
{
    const rv_pos *p = now(r);
    const uint64_t moves = rv_moves(p->me, p->opp);
    if (!moves)
        return RV_PASS;
    int best = __builtin_ctzll(moves);
    if (rv_empties(p) <= BRUTE_EMPTIES)
        for (uint64_t m = moves; m; m &= m - 1)
            if (exact_move_value(p, __builtin_ctzll(m)) > exact_move_value(p, best))
                best = __builtin_ctzll(m);
    return best;
}

static void step(run *r, char *s)
{
    char word[16] = "", arg[64] = "", arg2[16] = "";
    sscanf(s, "%15s %63s %15s", word, arg, arg2);
    if (strncmp(s, ">nul ", 5) == 0) {
        /* TEXT, a NUL byte and more before the end of line */
        char line[512];
        const int n = snprintf(line, sizeof line, "%s%cmore\n", s + 5, '\0');
        expect(r, send_bytes(&r->c, line, (size_t)n, REPLY_TIMEOUT_MS), "could not send a line with a NUL byte");
    } else if (s[0] == '>') {
        const size_t n = strcspn(s, " ");
        const char *end = strncmp(s, ">crlf", 5) == 0 ? "\r\n" : strncmp(s, ">noeol", 6) == 0 ? "" : "\n";
        send_text(r, s[n] ? s + n + 1 : s + n, end);
    } else if (s[0] == '<' || s[0] == '!') {
        expect_line(r, s[0] == '<' ? &r->c : &r->errs, s + 2);
    } else if (strcmp(word, "start") == 0) {
        rv_start(&r->pos[0]);
        r->n = 0;
        r->go_at = -1;
        send_game(r);
    } else if (strcmp(word, "random") == 0) {
        unsigned long long seed;
        int empties;
        char flag[8] = "";
        if (!expect(r, sscanf(s, "random %llu %d %7s", &seed, &empties, flag) >= 2, "bad script line '%s'", s))
            return;
        const bool pass = strcmp(flag, "pass") == 0;
        const unsigned long long last_seed = seed + 100000;
        for (random_game(r, seed, empties);
             pass && seed < last_seed && (rv_moves(now(r)->me, now(r)->opp) || rv_game_over(now(r)));)
            random_game(r, ++seed, empties);
        if (expect(r, !pass || seed < last_seed, "no game with a pass from seed %s", arg))
            send_game(r);
    } else if (strcmp(word, "move") == 0) {
        char err[128];
        const int sq = *arg ? rv_parse_square(arg, err, sizeof err) : chosen_move(r);
        if (expect(r, sq >= 0, "bad script move '%s'", arg))
            send_move(r, sq);
    } else if (strcmp(word, "playout") == 0) {
        while (!rv_game_over(now(r)) && !r->failed)
            send_move(r, chosen_move(r));
    } else if (strcmp(word, "passmove") == 0) {
        /* The other side's first move, its pass left out. */
        const rv_pos *p = now(r);
        const uint64_t theirs = rv_moves(p->opp, p->me);
        if (!expect(r, !rv_moves(p->me, p->opp) && theirs, "passmove: the side to move does not have to pass"))
            return;
        char text[32];
        rv_format_square(__builtin_ctzll(theirs), text);
        play(r, RV_PASS);
        play(r, __builtin_ctzll(theirs));
        char line[48];
        snprintf(line, sizeof line, "move %s", text);
        send_text(r, line, "\n");
    } else if (strcmp(word, "go") == 0) {
        send_text(r, "go", "\n");
        check_go(r, strcmp(arg, "exact") == 0);
    } else if (strcmp(word, "hint") == 0) {
        char text[80];
        snprintf(text, sizeof text, "hint %s", arg);
        send_text(r, text, "\n");
        check_hint(r, atoi(arg), strcmp(arg2, "exact") == 0);
    } else if (strcmp(word, "analyze") == 0) {
        send_text(r, "analyze", "\n");
        check_analyze(r);
    } else if (strcmp(word, "syncping") == 0) {
        sync_ping(r, arg, strcmp(arg2, "searched") == 0);
    } else if (strcmp(word, "junk") == 0) {
        const size_t n = (size_t)atol(arg);
        expect(r, send_junk(&r->c, &r->rng, n, 'Z', 'x', "\n", REPLY_TIMEOUT_MS), "could not send a %zu-byte line",
               n);
    } else if (strcmp(word, "eof") == 0) {
        close_input(&r->c);
    } else if (strcmp(word, "exit") == 0) {
        expect_exit(r);
    } else {
        expect(r, false, "bad script line '%s'", s);
    }
}

static void run_session(char **engine, const char *name, const char *script)
{
    static run r;
    memset(&r, 0, sizeof r);
    r.name = name;
    r.rng = 12345;
    r.depth = 6;
    r.go_at = -1;
    rv_start(&r.pos[0]);
    if (!expect(&r, spawn(&r.c, engine, true), "cannot start %s", engine[0]))
        return;
    r.errs.out = r.c.err;
    r.errs.in = r.errs.err = -1;
    RUN_SCRIPT(&r, script, step, expect_exit, EXIT_TIMEOUT_MS);
}

/* ---- sessions ---- */

/* What NBoard sends to play a game: the name, pings before each change,
 * go, hints, moves. */
static const char s_game[] =
    "> nboard 2\n< set myname gts\n"
    "> ping 1\n> set depth 3\n"
    "start\n"
    "> ping 2\n< pong 1\n< pong 2\n"
    "go\n"
    "hint 3\n"
    "move f5\nmove\nmove\n"
    "go\nhint 64\n"
    "> ping 3\n< pong 3\n"
    "> learn\n< learned\n"
    "> set contempt 100\n"
    "move\ngo\n"
    "analyze\n"
    "> quit\n"
    "exit\n";

/* Exact values near the end: go, every move's value, moves to the end,
 * go after the end is an error and the session goes on. */
static const char s_endgame[] =
    "> nboard 2\n< set myname gts\n"
    "> set depth 5\n"
    "random 1 8\n"
    "go exact\nhint 64 exact\n"
    "move\ngo exact\nhint 2 exact\n"
    "random 7 10\n"
    "go exact\nhint 64 exact\n"
    "playout\n"
    "> go\n! gts: go: the game is over*\n"
    "> hint 3\n! gts: hint: the game is over\n"
    "analyze\n"
    "> ping 4\n< pong 4\n"
    "exit\n";

/* A side that must pass: "=== PA", the pass's value, the pass left out. */
static const char s_pass[] =
    "> nboard 2\n< set myname gts\n"
    "> set depth 6\n"
    "random 3 12 pass\n"
    "go exact\nhint 4 exact\n"
    "move PA\ngo exact\n"
    "random 3 12 pass\n"
    "# the other side's move without the pass: the pass is put in\n"
    "passmove\n> ping 5\n< pong 5\n"
    "go exact\n"
    "exit\n";

/* Bad lines: one error line each on stderr, nothing on stdout, the game
 * unchanged. */
static const char s_bad[] =
    "> nboard 2\n< set myname gts\n"
    "> set depth 2\n"
    "start\n"
    "> frobnicate\n! gts: unknown command 'frobnicate'*\n"
    "> move z9\n! gts: move z9:*\n"
    "> move a1\n! gts: move a1: a1 is illegal for black\n"
    "> move\n! gts: move takes*\n"
    "> move PA\n! gts: move PA: a pass, but black has a legal move\n"
    "> set game (;GM[Chess];)\n! gts: set game: GM[Chess]*\n"
    "> set game (;GM[Othello]TY[10];)\n! gts: set game: TY[10]: board size not 8, gts plays 8x8 games only*\n"
    "> set game (;GM[Othello]BO[10 --];)\n! gts: set game: BO*\n"
    "> set game (;GM[Othello]SZ[64];)\n! gts: set game: SZ[64]: the board is not 8x8*\n"
    "> set game (;GM[Othello]B[F5];)\n! gts: set game: no BO[*\n"
    "> set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F5];)\n"
    "! gts: set game: move 2*\n"
    "> set game (;GM[Othello]B[F5\n! gts: set game: property B has no closing ']'*\n"
    "> set game garbage\n! gts: set game: a GGF game starts with*\n"
    "> set depth 0\n! gts: set depth*\n"
    "> set depth deep\n! gts: set depth*\n"
    "> set colour blue\n! gts: set: unknown setting*\n"
    "> hint 0\n! gts: hint takes*\n"
    "> hint many\n! gts: hint takes*\n"
    "> ping\n! gts: ping takes*\n"
    "> go now\n! gts: unknown command*\n"
    "junk 300\n! gts: unknown command*|gts: a line with a NUL byte*\n"
    "junk 100000\n! gts: a line longer than*\n"
    "# a NUL byte is not the line's end: the whole line is an error\n"
    ">nul ping 6\n! gts: a line with a NUL byte ('ping 6...'): ignored\n"
    ">nul quit\n! gts: a line with a NUL byte ('quit...'): ignored\n"
    "> \n>    \n"
    ">crlf ping 7\n< pong 7\n"
    "# the game is still the start: f5 is legal\n"
    "move f5\ngo\n"
    "> ping 8\n< pong 8\n"
    "exit\n";

/* A hint cut short by the next line: the values of the depths it
 * finished (depth 30 never does: the ping comes once depth 1's have), its
 * nodes, its status, then the pong; a shorter one, cut or not. */
static const char s_cut[] =
    "> nboard 2\n< set myname gts\n"
    "> set depth 30\n"
    "start\nmove f5\nmove\nmove\n"
    "> hint 3\n< status gts is analysing (midgame)\n< search *\n"
    "syncping 9 searched\n"
    "> set depth 7\n"
    "> hint 64\n"
    "syncping 10\n"
    "go\n"
    "exit\n";

/* The end of the input without quit; quit with lines after it. */
static const char s_eof[] =
    "> nboard 2\n< set myname gts\n"
    "> ping 1\n< pong 1\n"
    ">noeol ping 2\n"
    "eof\n< pong 2\n"
    "exit\n";

/* quit stops a go: no answer, and the engine ends at once. */
static const char s_quit[] =
    "> nboard 2\n< set myname gts\n"
    "> set depth 30\n"
    "start\n"
    "> go\n< status gts is thinking*\n"
    "> quit\n"
    "exit\n";

SESSION_PART(game)
SESSION_PART(endgame)
SESSION_PART(pass)
SESSION_PART(bad)
SESSION_PART(cut)
SESSION_PART(eof)
SESSION_PART(quit)

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "game", part_game }, { "endgame", part_endgame }, { "pass", part_pass }, { "bad", part_bad },
        { "cut", part_cut },   { "eof", part_eof },         { "quit", part_quit },
    };
    return session_main(argc, argv, "test_nboard", parts, sizeof parts / sizeof *parts);
}
