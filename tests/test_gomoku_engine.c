/*
 * The Gomoku engine layer (src/gomoku/engine): the match clock's share of
 * time, the table's size from a memory limit, a protocol's game put on a
 * board (colours from the counts), when the engine's table is cleared,
 * the moves it makes when it cannot search, and whole games of the match
 * runner (random openings from a seed, humans through a callback).
 */
#include <string.h>

#include "check.h"
#include "core/time_budget.h"
#include "gomoku/engine/gm_engine.h"
#include "gomoku/engine/gm_maker.h"
#include "gomoku/engine/gm_match.h"
#include "gomoku/gm_search_internal.h"

static void test_clock(void)
{
    gm_clock c;
    gm_clock_init(&c);
    /* Nothing known: 5000 ms a move, 80 % of it less the 30 ms margin. */
    CHECK_EQ(gm_clock_move_ms(&c, 225), 3970);
    c.turn_ms = 0;   /* as fast as possible: 50 ms, its quarter (12) over 40 - 30 */
    CHECK_EQ(gm_clock_move_ms(&c, 225), 12);
    c.turn_ms = 1000;
    c.left_ms = 10000;   /* no timeout_match given: time_left counts */
    CHECK_EQ(gm_clock_move_ms(&c, 225), 10000 / 25 * 8 / 10 - 30);
    CHECK_EQ(gm_clock_move_ms(&c, 40), 10000 / 20 * 8 / 10 - 30);   /* half the empty cells to come */
    c.match_ms = 0;   /* no match limit: time_left does not count */
    CHECK_EQ(gm_clock_move_ms(&c, 40), 770);
    c.match_ms = 100000;
    c.left_ms = 0;
    CHECK_EQ(gm_clock_move_ms(&c, 40), 1);
    /* The formula is core's. */
    CHECK_EQ(gm_clock_move_ms(&c, 2), gts_time_budget_ms(1000, 0, 1, 30));
}

/* What max_memory buys: everything the two searchers use within it, a
 * tiny limit the least there is (never the default table of no limit). */
static void test_table(void)
{
    gm_engine_plan p = gm_engine_plan_memory(0, GM_ALGO_PATTERN, 8);
    CHECK(p.threads == 8 && p.table == 0 && p.stopgap_table == 4L << 20);
    CHECK_EQ(gm_engine_plan_memory(16L << 20, GM_ALGO_PATTERN, 1).table, 4L << 20);
    CHECK_EQ(gm_engine_plan_memory(64L << 30, GM_ALGO_PATTERN, 1).table, 1L << 30);
    for (long limit = 1; limit <= 1L << 30; limit *= 3) {
        for (int algo = GM_ALGO_PVS; algo <= GM_ALGO_PATTERN; algo++) {
            p = gm_engine_plan_memory(limit, (gm_algo)algo, 16);
            gm_search_options o;
            gm_search_defaults(&o);
            o.algo = (gm_algo)algo;
            o.threads = p.threads;
            const size_t used = 2 * gm_searcher_bytes(&o) + p.table + p.stopgap_table;
            CHECK(p.threads >= 1 && p.table >= 1 && p.stopgap_table >= 1);
            /* Within the limit, unless one thread's searchers alone are over. */
            CHECK_MSG(used <= (size_t)limit || (p.threads == 1 && p.table == 1 && p.stopgap_table == 1),
                      "limit %ld: %zu bytes planned", limit, used);
            CHECK(limit < 1L << 24 || p.threads > 1);
        }
    }
}

/* Puts stones on cells (x,y pairs), alternately first's and the other
 * side's. */
static void put_stones(gm_game *g, const int (*xy)[2], int n, int first)
{
    const int second = first == GM_GAME_MINE ? GM_GAME_THEIRS : GM_GAME_MINE;
    for (int i = 0; i < n; i++)
        gm_game_put(g, xy[i][1] * g->width + xy[i][0], i % 2 ? second : first);
}

static void test_game(void)
{
    static gm_game g;
    static gm_board b;
    gm_game_new(&g, 9, 7);
    CHECK_EQ(gm_game_centre_move(&g), 3 * 9 + 4);
    static const int xy[][2] = { { 4, 3 }, { 5, 3 }, { 4, 4 }, { 5, 4 } };
    /* The opponent first, as many stones each: we are black. */
    put_stones(&g, xy, 4, GM_GAME_THEIRS);
    CHECK(!gm_game_board(&g, GM_FREESTYLE, 2, &b));
    CHECK_EQ(b.side, GM_BLACK);
    CHECK_EQ(b.stones, 4);
    CHECK_EQ(b.cell[3 * 9 + 5], GM_BLACK_STONE);
    CHECK_EQ(b.history[0].cell, 3 * 9 + 5);   /* black's stones in their order first */
    /* One stone fewer for us: we are white. */
    gm_game_take(&g, 4 * 9 + 5);
    CHECK_EQ(g.stones, 3);
    CHECK(!gm_game_board(&g, GM_FREESTYLE, 2, &b));
    CHECK_EQ(b.side, GM_WHITE);
    CHECK_EQ(b.cell[3 * 9 + 4], GM_BLACK_STONE);
    /* Two more of the opponent's: uneven, still white to move. */
    gm_game_put(&g, 0, GM_GAME_THEIRS);
    gm_game_put(&g, 1, GM_GAME_THEIRS);
    CHECK(gm_game_board(&g, GM_FREESTYLE, 2, &b));
    CHECK_EQ(b.side, GM_WHITE);
    CHECK_EQ(b.stones, 5);
    /* The centre taken: the nearest cell, the lowest of equals. */
    CHECK_EQ(gm_game_centre_move(&g), 2 * 9 + 4);
    gm_game_clear(&g);
    CHECK_EQ(g.stones, 0);
    for (int cell = 0; cell < 63; cell++)
        gm_game_put(&g, cell, GM_GAME_THEIRS);
    CHECK_EQ(gm_game_centre_move(&g), GM_NO_MOVE);
}

/* When the table is cleared, and the moves made without a search. */
static void test_engine(void)
{
    static gm_engine e;
    char note[256];
    gm_engine_init(&e, 0);
    CHECK_EQ(e.threads, 1);
    gm_engine_new_game(&e, 15, 15);
    CHECK(e.stale_table);
    e.stale_table = false;
    gm_engine_new_game(&e, 15, 15);
    gm_engine_set_rule(&e, GM_FREESTYLE);
    CHECK(!e.stale_table);
    gm_engine_set_rule(&e, GM_STANDARD);
    CHECK(e.stale_table);
    e.stale_table = false;
    gm_engine_new_game(&e, 15, 12);
    CHECK(e.stale_table);

    /* The opponent has five already, or we have: the game is over, no
     * search, no move. */
    gm_engine_new_game(&e, 9, 9);
    for (int x = 0; x < 5; x++)
        gm_game_put(&e.game, x, GM_GAME_THEIRS);
    for (int x = 0; x < 5; x++)
        gm_game_put(&e.game, 8 * 9 + 2 * x - x % 2, GM_GAME_MINE);
    CHECK_EQ(gm_engine_move(&e, note, sizeof note), GM_NO_MOVE);
    CHECK_STREQ(note, "the game is over: the opponent has five in a row");
    CHECK(e.searcher == NULL);
    CHECK_EQ(e.game.stones, 10);
    for (int cell = 0; cell < 81; cell++)
        if (e.game.who[cell] != GM_GAME_EMPTY)
            e.game.who[cell] ^= GM_GAME_MINE ^ GM_GAME_THEIRS;
    CHECK_EQ(gm_engine_move(&e, note, sizeof note), GM_NO_MOVE);
    CHECK_STREQ(note, "the game is over: this engine has five in a row");

    /* A full board: no move. */
    gm_game_clear(&e.game);
    for (int cell = 0; cell < 81; cell++)
        gm_game_put(&e.game, cell, cell % 2 ? GM_GAME_MINE : GM_GAME_THEIRS);
    CHECK_EQ(gm_engine_move(&e, note, sizeof note), GM_NO_MOVE);
    CHECK_STREQ(note, "the board is full");
    CHECK_EQ(e.game.stones, 81);

    /* A search: a legal move within the clock.  The session's searcher
     * is ordered by the move, so the move searches with the small one. */
    gm_game_clear(&e.game);
    e.max_memory = 8L << 20;
    e.clock.turn_ms = 50;
    gm_game_put(&e.game, 40, GM_GAME_THEIRS);
    const int move = gm_engine_move(&e, note, sizeof note);
    CHECK(move >= 0 && move < 81 && move != 40);
    CHECK_EQ(e.main, GM_ENGINE_ORDERED);
    CHECK(e.stopgap != NULL);
    gm_engine_free(&e);
}

/* The session's searcher: ordered when the resources are known, taken
 * once made, kept while nothing changes, ordered anew for other threads
 * or a stale table; positions of uneven counts search with the small one. */
static void test_engine_searcher(void)
{
    static gm_engine e;
    char note[256];
    gm_engine_init(&e, 1);
    gm_engine_new_game(&e, 9, 9);
    e.max_memory = 16L << 20;   /* room for two searchers of two threads */
    e.clock.turn_ms = 50;
    gm_engine_prepare(&e);
    CHECK_EQ(e.main, GM_ENGINE_ORDERED);
    CHECK_EQ(e.main_tt, 4L << 20);
    gm_maker_wait(e.maker);
    gm_engine_prepare(&e);
    CHECK_EQ(e.main, GM_ENGINE_READY);
    const gm_searcher *made = e.searcher;
    CHECK(made != NULL);
    CHECK(!e.stale_table);
    gm_game_put(&e.game, 40, GM_GAME_THEIRS);
    CHECK(gm_engine_move(&e, note, sizeof note) >= 0);
    CHECK(e.searcher == made);
    CHECK(e.stopgap != NULL);   /* made by prepare, for the first move's sake */
    gm_engine_set_threads(&e, 2);
    gm_engine_prepare(&e);
    CHECK_EQ(e.main, GM_ENGINE_ORDERED);
    CHECK(e.searcher == NULL);
    gm_maker_wait(e.maker);
    gm_engine_prepare(&e);
    CHECK_EQ(e.main, GM_ENGINE_READY);
    CHECK_EQ(e.main_threads, 2);
    gm_engine_set_rule(&e, GM_STANDARD);
    gm_engine_prepare(&e);
    CHECK_EQ(e.main, GM_ENGINE_ORDERED);
    gm_maker_wait(e.maker);
    gm_engine_prepare(&e);
    CHECK_EQ(e.main, GM_ENGINE_READY);
    CHECK(!e.stale_table);
    /* Three stones of the opponent's to our one: uneven. */
    made = e.searcher;
    gm_game_put(&e.game, 0, GM_GAME_THEIRS);
    gm_game_put(&e.game, 80, GM_GAME_THEIRS);
    CHECK(gm_engine_move(&e, note, sizeof note) >= 0);
    CHECK(e.searcher == made);
    CHECK(e.stopgap != NULL);
    gm_engine_free(&e);
}

/* The maker: the last order wins, what was made for another is freed, and
 * nothing is taken while nothing is ordered. */
static void test_maker(void)
{
    gm_maker *m = gm_maker_create();
    gm_searcher *s = NULL;
    char err[128];
    CHECK(!gm_maker_take(m, &s, err, sizeof err));
    gm_search_options o;
    gm_search_defaults(&o);
    o.tt_bytes = 1 << 20;
    for (int threads = 1; threads <= 3; threads++) {
        o.threads = threads;
        gm_maker_order(m, &o, NULL);
    }
    gm_maker_wait(m);
    CHECK(gm_maker_take(m, &s, err, sizeof err));
    CHECK(s != NULL);
    CHECK_EQ(s->o.threads, 3);
    CHECK(!gm_maker_take(m, &s, err, sizeof err));
    /* An order that cannot be made: NULL and the reason. */
    o.threads = 0;
    gm_maker_order(m, &o, s);
    gm_maker_wait(m);
    CHECK(gm_maker_take(m, &s, err, sizeof err));
    CHECK(s == NULL);
    CHECK_STREQ(err, "threads 0 out of range (1..256)");
    /* Freed with an order made and not taken. */
    o.threads = 1;
    gm_maker_order(m, &o, NULL);
    gm_maker_free(m);
}

/* Cells for a random move: near the stones (or the centre), none that
 * makes five. */
static void test_random_cells(void)
{
    static gm_board b;
    char err[128];
    int16_t cells[GM_MAX_CELLS];
    CHECK_EQ(gm_init(&b, 9, 9, GM_FREESTYLE, 2, err, sizeof err), 0);
    CHECK_EQ(gm_match_random_cells(&b, 1, cells), 9);
    CHECK_EQ(cells[0], gm_cell(&b, 3, 3));
    CHECK_EQ(gm_parse_moves(&b, "a1 i9 a2 i8 a3 i7 a4 i6", err, sizeof err), 0);
    /* Black to move; a5 would make five. */
    const int n = gm_match_random_cells(&b, 1, cells);
    CHECK_EQ(n, 5 + 6);   /* b1..b5 near black (not a5), h5..h9 and i5 near white */
    for (int i = 0; i < n; i++)
        CHECK_MSG(cells[i] != gm_cell(&b, 0, 4), "a5 offered");
}

/* What the callbacks of a match saw. */
typedef struct seen {
    int moves, random, engine, human;
    char line[512];            /* the moves as cells, ' ' between */
    const char *script;        /* the human's moves, ' ' between */
    gts_stop *raise;           /* raised when the script is over, if not NULL */
} seen;

static void on_move(void *ctx, const gm_board *b, const gm_match_move *m)
{
    seen *s = ctx;
    char cell[16];
    gm_format_cell(b, m->cell, cell, sizeof cell);
    snprintf(s->line + strlen(s->line), sizeof s->line - strlen(s->line), " %s", cell);
    s->moves++;
    s->random += strcmp(m->by, "random") == 0 && !m->search && m->usec < 0;
    s->engine += strcmp(m->by, "engine") == 0 && m->search && m->search->move == m->cell;
    s->human += strcmp(m->by, "human") == 0 && !m->search && m->usec >= 0;
}

static bool human_move(void *ctx, const gm_board *b, int *cell)
{
    seen *s = ctx;
    char move[8];
    int used;
    if (sscanf(s->script, " %7s%n", move, &used) != 1) {
        gts_stop_raise(s->raise);
        return false;
    }
    s->script += used;
    char err[128];
    return gm_parse_cell(b, move, cell, err, sizeof err) == 0;
}

/* A game of the runner from options o; the callbacks' record. */
static gm_match_end play_match(gm_player black, gm_player white, int random, uint64_t seed,
                               const gm_search_options *o, seen *s)
{
    static gm_match m;
    char err[128];
    m = (gm_match){ .player = { black, white }, .random_moves = random, .random_radius = 2, .seed = seed,
                    .human_move = human_move, .on_move = on_move, .ctx = s };
    gm_init(&m.board, 7, 7, GM_FREESTYLE, 2, err, sizeof err);
    if (!CHECK_EQ(gm_match_start(&m, o, err, sizeof err), 0))
        return GM_MATCH_STOPPED;
    CHECK((m.engine != NULL) == (black == GM_ENGINE_PLAYER || white == GM_ENGINE_PLAYER));
    const gm_match_end end = gm_match_play(&m);
    gm_match_free(&m);
    CHECK_EQ(s->moves, m.board.stones);
    CHECK_EQ(m.moves[GM_BLACK] + m.moves[GM_WHITE] + s->random, s->moves);
    CHECK_EQ(s->engine + s->human + s->random, s->moves);
    CHECK(end != GM_MATCH_FIVE || m.board.winner >= 0);
    CHECK(end != GM_MATCH_FULL || m.board.stones == 49);
    return end;
}

static void test_match(void)
{
    gm_search_options o;
    gm_search_defaults(&o);
    o.depth = 2;
    seen a = { 0 }, b = { 0 }, c = { 0 };
    const gm_match_end end = play_match(GM_ENGINE_PLAYER, GM_ENGINE_PLAYER, 3, 7, &o, &a);
    CHECK(end == GM_MATCH_FIVE || end == GM_MATCH_FULL);
    CHECK_EQ(a.random, 3);
    /* The same seed, the same game; another seed, another opening. */
    CHECK_EQ(play_match(GM_ENGINE_PLAYER, GM_ENGINE_PLAYER, 3, 7, &o, &b), end);
    CHECK_STREQ(a.line, b.line);
    play_match(GM_ENGINE_PLAYER, GM_ENGINE_PLAYER, 3, 8, &o, &c);
    CHECK(strncmp(a.line, c.line, 9) != 0);

    /* A human as white: the end of the script ends the game. */
    seen h = { .script = "a1 b1" };
    CHECK_EQ(play_match(GM_ENGINE_PLAYER, GM_HUMAN_PLAYER, 0, 0, &o, &h), GM_MATCH_INPUT_ENDED);
    CHECK_EQ(h.human, 2);
    CHECK_EQ(h.engine, 3);
    char moves[5][8];
    CHECK_EQ(sscanf(h.line, "%7s %7s %7s %7s %7s", moves[0], moves[1], moves[2], moves[3], moves[4]), 5);
    CHECK_STREQ(moves[0], "d4");   /* the engine's first: the centre */
    CHECK_STREQ(moves[1], "a1");
    CHECK_STREQ(moves[3], "b1");

    /* Two humans and the stop token: stopped, not ended. */
    gts_stop stop = GTS_STOP_INIT;
    o.stop = &stop;
    seen t = { .script = "d4 d5 e4", .raise = &stop };
    CHECK_EQ(play_match(GM_HUMAN_PLAYER, GM_HUMAN_PLAYER, 0, 0, &o, &t), GM_MATCH_STOPPED);
    CHECK_EQ(t.human, 3);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "clock", test_clock }, { "table", test_table },       { "game", test_game },
        { "engine", test_engine }, { "engine_searcher", test_engine_searcher }, { "maker", test_maker },
        { "random_cells", test_random_cells }, { "match", test_match },
    };
    return check_run_parts(argc, argv, "test_gomoku_engine", parts, sizeof parts / sizeof *parts);
}
