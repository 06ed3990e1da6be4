/*
 * The Reversi engine layer (src/reversi/engine) and its protocols driven
 * without pipes: the game record's passes and undo, the clock's share of
 * the time, a match, bench table's cell, and GTP and NBoard sessions fed
 * line by line to rv_gtp_line and rv_nboard_line, every reply read back
 * from memory streams.  (The same protocols through pipes: test_nboard and
 * test_reversi_gtp_cli.sh.)
 *
 * usage: test_reversi_engine [game|clock|match|cell|gtp|gtp_game|nboard|nboard_stop]   (no part: all)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "test_rng.h"
#include "reversi/engine/rv_bench_cell.h"
#include "reversi/engine/rv_clock.h"
#include "reversi/engine/rv_engine.h"
#include "reversi/engine/rv_game.h"
#include "reversi/engine/rv_ggf.h"
#include "reversi/engine/rv_match.h"
#include "reversi/protocol/rv_gtp.h"
#include "reversi/protocol/rv_nboard.h"

/* ---- a memory stream and what was written to it since last read ---- */

typedef struct capture {
    FILE *f;
    char *buf;
    size_t len, seen;
    char text[16384];      /* the text since the last read */
} capture;

static void capture_open(capture *c)
{
    c->buf = NULL;
    c->len = c->seen = 0;
    c->f = open_memstream(&c->buf, &c->len);
}

static const char *capture_new(capture *c)
{
    fflush(c->f);
    snprintf(c->text, sizeof c->text, "%s", c->buf + c->seen);
    c->seen = c->len;
    return c->text;
}

static void capture_close(capture *c)
{
    fclose(c->f);
    free(c->buf);
}

/* ---- the engine ---- */

static int square(const char *name)
{
    char err[64];
    return rv_parse_square(name, err, sizeof err);
}

/* A game of random moves from the start up to a position whose side to
 * move must pass; false when the game ends first. */
static bool game_with_pass(rv_game *g, test_rng *rng)
{
    rv_game_new(g);
    char err[128];
    while (!rv_game_over(rv_game_now(g))) {
        const rv_pos *p = rv_game_now(g);
        const uint64_t moves = rv_moves(p->me, p->opp);
        if (!moves)
            return true;
        int k = (int)rng_below(rng, __builtin_popcountll(moves));
        uint64_t m = moves;
        while (k-- > 0)
            m &= m - 1;
        if (rv_game_play(g, __builtin_ctzll(m), RV_BY_EITHER, err, sizeof err) != 0)
            return false;
    }
    return false;
}

/* GGF games: the 8x8 ones taken, every property that says another board
 * or other rules refused with its name (never taken as the 8x8 start). */
static void test_ggf(void)
{
#define START_BO "BO[8 ---------------------------O*------*O--------------------------- *]"
    static const struct {
        const char *text;
        int moves;              /* -1: refused */
        const char *error;      /* what the reason holds */
    } cases[] = {
        { "(;GM[Othello]PC[x]TY[8]" START_BO "B[F5]W[f6/1.5/2];)", 2, NULL },
        { "(;GM[Othello]SZ[8]RU[Othello]TY[8r]" START_BO ";)", 0, NULL },
        { "(;B[F5]" START_BO "TY[ 8 ];)", 1, NULL },
        { "(;GM[Othello]SZ[64];)", -1, "SZ[64]: the board is not 8x8" },
        { "(;GM[Othello]SZ[10]" START_BO ";)", -1, "SZ[10]: the board is not 8x8" },
        { "(;GM[Othello]SZ[8x]" START_BO ";)", -1, "SZ[8x]: the board is not 8x8" },
        { "(;GM[Othello];)", -1, "no BO[" },
        { "(;GM[Othello]TY[8]B[F5];)", -1, "no BO[" },
        { "(;GM[Othello]BO[64 --];)", -1, "BO[...]: the board is not 8x8" },
        { "(;GM[Othello]TY[10]" START_BO ";)", -1, "TY[10]: board size not 8" },
        { "(;GM[Othello]TY[8k]" START_BO ";)", -1, "TY[8k]: the variant 'k' is not played" },
        { "(;GM[Othello]TY[8x]" START_BO ";)", -1, "TY[8x]: the variant 'x' is not played" },
        { "(;GM[Othello]TY[s8]" START_BO ";)", -1, "TY[s8]: anti and synchro" },
        { "(;GM[Othello]TY[8a]" START_BO ";)", -1, "TY[8a]: anti and synchro" },
        { "(;GM[Othello]RU[Go]" START_BO ";)", -1, "RU[Go]: rules gts does not play" },
        { "(;GM[Chess]" START_BO ";)", -1, "GM[Chess] is not an Othello game" },
    };
#undef START_BO
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        static rv_game g;
        char err[256] = "";
        const int rc = rv_ggf_parse(cases[i].text, &g, err, sizeof err);
        if (cases[i].moves < 0)
            CHECK_MSG(rc == -1 && strstr(err, cases[i].error), "%s: %d '%s'", cases[i].text, rc, err);
        else
            CHECK_MSG(rc == 0 && g.n == cases[i].moves, "%s: %d '%s'", cases[i].text, rc, err);
    }
}

static void test_game(void)
{
    rv_game g;
    char err[160];
    rv_game_new(&g);
    CHECK_EQ(rv_game_mover(&g), RV_BY_BLACK);
    CHECK(!rv_game_undo(&g));
    CHECK_EQ(rv_game_play(&g, square("f5"), RV_BY_BLACK, err, sizeof err), 0);
    CHECK_EQ(rv_game_play(&g, square("a1"), RV_BY_WHITE, err, sizeof err), -1);
    CHECK_STREQ(err, "a1 is illegal for white");
    CHECK_EQ(rv_game_play(&g, square("d6"), RV_BY_BLACK, err, sizeof err), -1);
    CHECK_STREQ(err, "d6 by black, but white is to move");
    CHECK_EQ(rv_game_play(&g, RV_PASS, RV_BY_EITHER, err, sizeof err), -1);
    CHECK_STREQ(err, "a pass, but white has a legal move");
    CHECK_EQ(rv_game_play(&g, square("d6"), RV_BY_EITHER, err, sizeof err), 0);
    CHECK_EQ(g.n, 2);
    CHECK(rv_game_undo(&g));
    CHECK(rv_game_undo(&g));
    CHECK(!rv_game_undo(&g));
    CHECK_EQ(g.n, 0);

    /* The other side's move where the side to move must pass: the pass is
     * put in, and one undo takes both back. */
    test_rng rng = { 12345 };
    int tries = 0;
    while (tries < 10000 && !game_with_pass(&g, &rng))
        tries++;
    if (!CHECK_MSG(tries < 10000, "no random game with a pass"))
        return;
    const rv_pos *p = rv_game_now(&g);
    const int mover = rv_game_mover(&g), n = g.n;
    const int theirs = __builtin_ctzll(rv_moves(p->opp, p->me));
    CHECK_EQ(rv_game_play(&g, theirs, !mover, err, sizeof err), 0);
    CHECK_EQ(g.n, n + 2);
    CHECK_EQ(g.moves[n], RV_PASS);
    CHECK_EQ(rv_game_mover(&g), mover);
    CHECK(rv_game_undo(&g));
    CHECK_EQ(g.n, n);
    test_ggf();
}

static void test_clock(void)
{
    rv_clock c;
    rv_pos start;
    rv_start(&start);
    rv_clock_untimed(&c);
    CHECK_EQ(rv_clock_move_ms(&c, RV_BY_BLACK, &start), 0);
    /* 30 s left, 60 empties: 30 own moves to come, a 1 s allowance, 80 %
     * of it less the 30 ms margin (core/time_budget.h). */
    rv_clock_settings(&c, 60, 0, 0);
    rv_clock_left(&c, RV_BY_BLACK, 30);
    CHECK_EQ(rv_clock_move_ms(&c, RV_BY_BLACK, &start), 770);
    CHECK_EQ(rv_clock_move_ms(&c, RV_BY_WHITE, &start), 60000 / 30 * 8 / 10 - 30);
    /* Byo-yomi time with no stones: no limit (GTP). */
    rv_clock_settings(&c, 0, 10, 0);
    CHECK_EQ(rv_clock_move_ms(&c, RV_BY_BLACK, &start), 0);
    rv_clock_settings(&c, 0, 0, 0);
    CHECK_EQ(rv_clock_move_ms(&c, RV_BY_BLACK, &start), 0);
}

static void test_match(void)
{
    rvp_spec specs[2];
    char err[256];
    CHECK_EQ(rvp_parse("alphabeta", &specs[0], err, sizeof err), 0);
    CHECK_EQ(rvp_parse("pvs:wpc=standard", &specs[1], err, sizeof err), 0);
    CHECK_EQ(rvp_parse("pvs:threads=2,backend=serial", &specs[1], err, sizeof err), -1);
    CHECK_CONTAINS(err, "the serial backend runs one thread");
    CHECK_EQ(rvp_parse("pvs:wpc=standard", &specs[1], err, sizeof err), 0);
    static rvp_player store[2];
    rvp_player *players[2] = { &store[0], &store[1] };
    for (int i = 0; i < 2; i++)
        if (!CHECK_EQ(rvp_create(players[i], &specs[i], 2, NULL, err, sizeof err), 0))
            return;
    static rvp_match m;
    CHECK_EQ(rvp_play_match(players, 8, 8, NULL, &m, err, sizeof err), 0);
    CHECK(!m.stopped);
    for (int k = 0; k < 2; k++) {
        const rvp_game *g = &m.games[k];
        const int empty = 64 - g->black_discs - g->white_discs, diff = g->black_discs - g->white_discs;
        CHECK_EQ(g->score, diff > 0 ? diff + empty : diff < 0 ? diff - empty : 0);
        CHECK_GE(g->n, 60 - empty);
    }
    CHECK_EQ(m.searches[0] + m.searches[1], m.games[0].positions + m.games[1].positions);
    char moves[2 * RVB_MAX_SQUARES * 8];
    rvp_format_moves(&m.games[0], moves, sizeof moves);
    CHECK_EQ(strlen(moves), 2 * (size_t)m.games[0].n);
    for (int i = 0; i < 2; i++)
        rvp_free(players[i]);
}

/* bench table's cell: the skip rule on a row, a match played, one past
 * its time (16x16 at depth 6 takes seconds, the limit 1 ms), a bad board. */
static void test_cell(void)
{
    rvp_cell row[4] = { { .state = RVP_CELL_DONE, .usec = { 5e5, 5e5 } },
                        { .state = RVP_CELL_DONE, .usec = { 1e6, 1e6 } } };
    CHECK(!rvp_cell_skipped(row, 0, 1));
    CHECK(!rvp_cell_skipped(row, 1, 1));   /* one cell before: no prediction */
    CHECK(rvp_cell_skipped(row, 2, 3.9));  /* 2 s * 2 s / 1 s */
    CHECK(!rvp_cell_skipped(row, 2, 4.1));
    row[2].state = RVP_CELL_SKIPPED;
    CHECK(rvp_cell_skipped(row, 3, 1e6));
    rvp_spec specs[2];
    char err[320];
    CHECK_EQ(rvp_parse("alphabeta", &specs[0], err, sizeof err), 0);
    CHECK_EQ(rvp_parse("pvs", &specs[1], err, sizeof err), 0);
    gts_stop stop = GTS_STOP_INIT;
    rvp_cell c = { 0 };
    rvp_cell_options o = { specs, 8, 8, 1, 60, &stop };
    CHECK_EQ(rvp_play_cell(&o, &c, err, sizeof err), 0);
    CHECK_EQ(c.state, RVP_CELL_DONE);
    CHECK_GT(c.positions, 0);
    CHECK_GE(c.legal_moves, c.positions);
    o = (rvp_cell_options){ specs, 16, 16, 6, 0.001, &stop };
    CHECK_EQ(rvp_play_cell(&o, &c, err, sizeof err), 0);
    CHECK_EQ(c.state, RVP_CELL_SKIPPED);
    CHECK(gts_stop_raised(&stop));
    gts_stop_reset(&stop);
    o = (rvp_cell_options){ specs, 9, 8, 1, 60, &stop };
    CHECK_EQ(rvp_play_cell(&o, &c, err, sizeof err), -1);
    CHECK_CONTAINS(err, "9x8 depth 1: ");
}

/* ---- GTP ---- */

typedef struct gtp_run {
    rv_gtp g;
    capture out;
} gtp_run;

static bool gtp_start(gtp_run *r, int depth, int endgame)
{
    rv_engine_settings s;
    rv_engine_defaults(&s);
    s.depth = depth;
    s.endgame = endgame;
    s.tt_bytes = (size_t)4 << 20;
    capture_open(&r->out);
    char err[256];
    return CHECK_EQ(rv_gtp_init(&r->g, &s, "9.9", r->out.f, err, sizeof err), 0);
}

static void gtp_stop(gtp_run *r)
{
    rv_gtp_free(&r->g);
    capture_close(&r->out);
}

/* The answer to line, "=..." or "?..." and its empty line. */
static const char *gtp(gtp_run *r, const char *line)
{
    rv_gtp_line(&r->g, line);
    return capture_new(&r->out);
}

static void test_gtp(void)
{
    static gtp_run r;
    if (!gtp_start(&r, 3, -1))
        return;
    CHECK_STREQ(gtp(&r, "protocol_version"), "= 2\n\n");
    CHECK_STREQ(gtp(&r, "1 name"), "=1 gts\n\n");
    CHECK_STREQ(gtp(&r, "version\n"), "= 9.9\n\n");
    CHECK_STREQ(gtp(&r, "known_command\tgenmove"), "= true\n\n");
    CHECK_STREQ(gtp(&r, "known_command foo"), "= false\n\n");
    CHECK_STREQ(gtp(&r, "  # a comment only"), "");
    CHECK_STREQ(gtp(&r, ""), "");
    CHECK_STREQ(gtp(&r, "play b f5 # the first move"), "=\n\n");
    CHECK_STREQ(gtp(&r, "2 play W d6"), "=2\n\n");
    CHECK_STREQ(gtp(&r, "showboard"), "=\n  a b c d e f g h\n1 . . . . . . . .\n2 . . . . . . . .\n"
                                      "3 . . . . . . . .\n4 . . . O X . . .\n5 . . . O X X . .\n"
                                      "6 . . . O . . . .\n7 . . . . . . . .\n8 . . . . . . . .\n"
                                      "X (black) 3, O (white) 3, black to move\n\n");
    CHECK_STREQ(gtp(&r, "play b a1"), "? illegal move: a1 is illegal for black\n\n");
    CHECK_STREQ(gtp(&r, "play b"), "? syntax error: play takes a color (b, w) and a square (a1..h8 or pass)\n\n");
    CHECK_STREQ(gtp(&r, "foo bar"), "? unknown command: foo\n\n");
    CHECK_STREQ(gtp(&r, "genmove w"), "? black is to move, not white\n\n");
    CHECK_STREQ(gtp(&r, "12"), "?12 syntax error: an id with no command\n\n");
    CHECK_STREQ(gtp(&r, "undo"), "=\n\n");
    CHECK_STREQ(gtp(&r, "undo"), "=\n\n");
    CHECK_STREQ(gtp(&r, "undo"), "? cannot undo: no move to take back\n\n");
    CHECK_STREQ(gtp(&r, "boardsize 10"), "? unacceptable size: only 8x8 Othello (not 10)\n\n");
    CHECK_STREQ(gtp(&r, "komi 6.5"), "=\n\n");
    const char *move = gtp(&r, "reg_genmove b");
    CHECK_MSG(strcmp(move, "= c4\n\n") == 0 || strcmp(move, "= d3\n\n") == 0 || strcmp(move, "= e6\n\n") == 0 ||
                  strcmp(move, "= f5\n\n") == 0,
              "reg_genmove b: '%s'", move);
    CHECK_STREQ(gtp(&r, "undo"), "? cannot undo: no move to take back\n\n");   /* reg_genmove plays nothing */
    CHECK_STREQ(gtp(&r, "final_score"),
                "? cannot score: the game is not over, and its 60 empty squares are more than --endgame\n\n");
    CHECK_STREQ(gtp(&r, "time_settings 60 0 0"), "=\n\n");
    CHECK(r.g.eng.clock.timed);
    CHECK_STREQ(gtp(&r, "time_left b 30 0"), "=\n\n");
    CHECK_EQ(r.g.eng.clock.left_s[RV_BY_BLACK], 30);
    CHECK_STREQ(gtp(&r, "time_left q 3 0"), "? syntax error: time_left takes a color, seconds and stones\n\n");
    CHECK(!r.g.quit);
    CHECK_STREQ(gtp(&r, "quit"), "=\n\n");
    CHECK(r.g.quit);
    gtp_stop(&r);
}

/* A whole game of genmoves, exact from 10 empties: every answer a move
 * (or pass) that showboard's discs agree with, and final_score the
 * board's result. */
static void test_gtp_game(void)
{
    static gtp_run r;
    if (!gtp_start(&r, 2, 10))
        return;
    int passes_in_a_row = 0;
    for (int i = 0; i < 130 && passes_in_a_row < 2; i++) {
        const char *a = gtp(&r, i % 2 ? "genmove w" : "genmove b");
        if (!CHECK_MSG(a[0] == '=', "genmove: '%s'", a))
            break;
        passes_in_a_row = strcmp(a, "= pass\n\n") == 0 ? passes_in_a_row + 1 : 0;
    }
    const rv_pos *p = rv_game_now(&r.g.eng.game);
    CHECK(rv_game_over(p));
    const bool black = rv_game_mover(&r.g.eng.game) == RV_BY_BLACK;
    const int x = __builtin_popcountll(black ? p->me : p->opp), o = __builtin_popcountll(black ? p->opp : p->me);
    const int empty = 64 - x - o;
    char want[32];
    if (x == o)
        snprintf(want, sizeof want, "= 0\n\n");
    else
        snprintf(want, sizeof want, "= %c+%d\n\n", x > o ? 'B' : 'W', abs(x - o) + empty);
    CHECK_STREQ(gtp(&r, "final_score"), want);
    CHECK_CONTAINS(gtp(&r, "showboard"), "nobody to move");
    gtp_stop(&r);
}

/* ---- NBoard ---- */

static bool starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

typedef struct nboard_run {
    rv_nboard nb;
    capture out, err;
} nboard_run;

static bool nboard_start(nboard_run *r)
{
    rv_engine_settings s;
    rv_engine_defaults(&s);
    s.tt_bytes = (size_t)4 << 20;
    capture_open(&r->out);
    capture_open(&r->err);
    char err[256];
    return CHECK_EQ(rv_nboard_init(&r->nb, &s, r->out.f, r->err.f, err, sizeof err), 0);
}

static void nboard_stop(nboard_run *r)
{
    rv_nboard_free(&r->nb);
    capture_close(&r->out);
    capture_close(&r->err);
}

/* The replies to line (the error lines in r->err). */
static const char *nboard(nboard_run *r, const char *line)
{
    CHECK(rv_nboard_line(&r->nb, line));
    return capture_new(&r->out);
}

static const char *nboard_errors(nboard_run *r)
{
    return capture_new(&r->err);
}

static void test_nboard(void)
{
    static nboard_run r;
    if (!nboard_start(&r))
        return;
    CHECK_STREQ(nboard(&r, "nboard 2"), "set myname gts\n");
    CHECK_STREQ(nboard(&r, "set depth 2"), "");
    CHECK_EQ(r.nb.eng.set.depth, 2);
    CHECK_STREQ(nboard(&r, "ping 1"), "pong 1\n");
    CHECK_STREQ(nboard(&r, "set game (;GM[Othello]PC[test]TY[8]BO[8 "
                           "---------------------------O*------*O--------------------------- *]B[F5]W[F6];)"),
                "");
    CHECK_EQ(r.nb.eng.game.n, 2);
    CHECK_STREQ(nboard(&r, "move E6/0.00/0.0"), "");
    CHECK_EQ(r.nb.eng.game.n, 3);
    const char *go = nboard(&r, "go");
    CHECK_MSG(starts(go, "status gts is thinking (midgame)\nnodestats ") && strstr(go, "\n=== ") &&
                  strstr(go, "\nstatus\n"),
              "go: '%s'", go);
    const char *hint = nboard(&r, "hint 2");
    CHECK_MSG(starts(hint, "status gts is analysing (midgame)\nsearch ") && strstr(hint, "\nnodestats ") &&
                  strstr(hint, "\nstatus\n"),
              "hint: '%s'", hint);
    int lines = 0;
    for (const char *s = strstr(hint, "\nsearch "); s; s = strstr(s + 1, "\nsearch "))
        lines++;
    CHECK_EQ(lines, 4);                /* 2 of depth 1, then 2 of depth 2 */
    CHECK_CONTAINS(hint, " 0 1\n");   /* games 0, depth 1 */
    CHECK_CONTAINS(hint, " 0 2\nnodestats ");
    CHECK_STREQ(nboard(&r, "learn"), "learned\n");
    CHECK_STREQ(nboard_errors(&r), "");
    /* Bad lines: an error line each, nothing replied, the game unchanged. */
    CHECK_STREQ(nboard(&r, "move a1"), "");
    CHECK_STREQ(nboard_errors(&r), "gts: move a1: a1 is illegal for white\n");
    CHECK_STREQ(nboard(&r, "set depth 0"), "");
    CHECK_STREQ(nboard_errors(&r), "gts: set depth takes 1..60, not '0'\n");
    CHECK_STREQ(nboard(&r, "frobnicate now"), "");
    CHECK_STREQ(nboard_errors(&r), "gts: unknown command 'frobnicate now' (ignored)\n");
    CHECK_STREQ(nboard(&r, "set game (;GM[Chess];)"), "");
    CHECK_STREQ(nboard_errors(&r), "gts: set game: GM[Chess] is not an Othello game (the game is unchanged)\n");
    CHECK_EQ(r.nb.eng.game.n, 3);
    CHECK_EQ(r.nb.eng.set.depth, 2);
    const char *analysis = nboard(&r, "analyze");
    CHECK_MSG(starts(analysis, "status gts is analysing the game\nanalysis 3 ") &&
                  strstr(analysis, "\nanalysis 0 ") && strstr(analysis, "\nstatus\n"),
              "analyze: '%s'", analysis);
    CHECK(!rv_nboard_line(&r.nb, "quit"));
    nboard_stop(&r);
}

/* Raises the stop token after a while, as the reader does when NBoard's
 * ping comes. */
/* The replies of a hint to be cut: written through to `to`, and the stop
 * token raised once `after` search lines have come, on the engine's own
 * thread as it writes them (each reply line is flushed), so that the
 * search is cut in the depth after them however slow the machine.  (A
 * timer of 300 ms once fired before the first node: TSan on a 2-core
 * machine with a load of 12.) */
typedef struct cut_after {
    FILE *to;
    gts_stop *stop;
    int after, seen;
} cut_after;

static ssize_t cut_write(void *arg, const char *buf, size_t n)
{
    cut_after *c = arg;
    for (size_t i = 0; i + 7 <= n; i++)
        if ((i == 0 || buf[i - 1] == '\n') && memcmp(buf + i, "search ", 7) == 0 && ++c->seen == c->after)
            gts_stop_raise(c->stop);
    return (ssize_t)fwrite(buf, 1, n, c->to);
}

/* The "search ... 0 D" lines of a hint: whole depths from 1 on, `per` lines
 * each; the last depth, or -1 when they are not so. */
static int hint_depths(const char *hint, int per)
{
    int depth = 0, lines = 0;
    for (const char *s = strstr(hint, "\nsearch "); s; s = strstr(s + 1, "\nsearch ")) {
        int d;
        if (sscanf(s + 1, "search %*s %*s 0 %d", &d) != 1 || d != lines / per + 1)
            return -1;
        lines++;
        depth = d;
    }
    return lines % per == 0 ? depth : -1;
}

/* A raised stop token (as the reader raises it when a line comes) cuts a
 * hint short: its status lines, and no search line when raised before;
 * raised during the search of a depth that never ends (30: raised after
 * depth 1's lines, cut_after), the values of
 * every whole depth before it, and the nodes searched (all of them, the
 * cut search's too: not 0 as when only whole moves of depth 30 counted). */
static void test_nboard_stop(void)
{
    static nboard_run r;
    if (!nboard_start(&r))
        return;
    gts_stop_raise(&r.nb.stop);
    CHECK_STREQ(nboard(&r, "hint 3"), "status gts is analysing (midgame)\nnodestats 0 0.000\nstatus\n");
    gts_stop_reset(&r.nb.stop);
    const char *hint = nboard(&r, "hint 3");
    CHECK_CONTAINS(hint, "\nsearch ");
    CHECK_STREQ(nboard(&r, "set depth 30"), "");
    /* Cut once depth 1's three lines are out; depth 30 would take years. */
    cut_after cut = { r.out.f, &r.nb.stop, 3, 0 };
    FILE *f = fopencookie(&cut, "w", (cookie_io_functions_t){ .write = cut_write });
    if (!CHECK(f != NULL))
        return;
    setvbuf(f, NULL, _IOLBF, 0);
    r.nb.out = f;
    CHECK(rv_nboard_line(&r.nb, "hint 3"));
    fclose(f);
    r.nb.out = r.out.f;
    hint = capture_new(&r.out);
    const int depth = hint_depths(hint, 3);
    unsigned long long nodes = 0;
    const char *stats = strstr(hint, "\nnodestats ");
    CHECK_MSG(starts(hint, "status gts is analysing (midgame)\nsearch ") && depth >= 1 && depth < 30 && stats &&
                  sscanf(stats, "\nnodestats %llu", &nodes) == 1 && nodes > 0 && strstr(stats, "\nstatus\n"),
              "hint cut short: '%s'", hint);
    CHECK_STREQ(nboard_errors(&r), "");
    nboard_stop(&r);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "game", test_game },       { "clock", test_clock },   { "match", test_match },
        { "cell", test_cell },
        { "gtp", test_gtp },         { "gtp_game", test_gtp_game }, { "nboard", test_nboard },
        { "nboard_stop", test_nboard_stop },
    };
    return check_run_parts(argc, argv, "test_reversi_engine", parts, sizeof parts / sizeof *parts);
}
