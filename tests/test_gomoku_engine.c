/*
 * The Gomoku engine layer (src/gomoku/engine): the match clock's share of
 * time, the table's size from a memory limit, a protocol's game put on a
 * board (colours from the counts), when the engine's table is cleared,
 * and the moves it makes when it cannot search.
 */
#include <string.h>

#include "check.h"
#include "core/time_budget.h"
#include "gomoku/engine/gm_engine.h"

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

static void test_table(void)
{
    CHECK_EQ(gm_engine_table_bytes(0), 0);
    CHECK_EQ(gm_engine_table_bytes(16L << 20), 4L << 20);
    CHECK_EQ(gm_engine_table_bytes(64L << 30), 1L << 30);
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

    /* The opponent has five already: no search, the centre. */
    gm_engine_new_game(&e, 9, 9);
    for (int x = 0; x < 5; x++)
        gm_game_put(&e.game, x, GM_GAME_THEIRS);
    for (int x = 0; x < 5; x++)
        gm_game_put(&e.game, 8 * 9 + 2 * x - x % 2, GM_GAME_MINE);
    CHECK_EQ(gm_engine_move(&e, note, sizeof note), 4 * 9 + 4);
    CHECK_STREQ(note, "");
    CHECK(e.searcher == NULL);
    CHECK_EQ(e.game.who[4 * 9 + 4], GM_GAME_MINE);

    /* A full board: no move. */
    gm_game_clear(&e.game);
    for (int cell = 0; cell < 81; cell++)
        gm_game_put(&e.game, cell, cell % 2 ? GM_GAME_MINE : GM_GAME_THEIRS);
    CHECK_EQ(gm_engine_move(&e, note, sizeof note), GM_NO_MOVE);
    CHECK_EQ(e.game.stones, 81);

    /* A search: a legal move within the clock, the table kept. */
    gm_game_clear(&e.game);
    e.max_memory = 8L << 20;
    e.clock.turn_ms = 50;
    gm_game_put(&e.game, 40, GM_GAME_THEIRS);
    const int move = gm_engine_move(&e, note, sizeof note);
    CHECK(move >= 0 && move < 81 && move != 40);
    CHECK(e.searcher != NULL);
    CHECK_EQ(e.searcher_tt, 2L << 20);
    gm_engine_free(&e);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "clock", test_clock }, { "table", test_table }, { "game", test_game }, { "engine", test_engine },
    };
    return check_run_parts(argc, argv, "test_gomoku_engine", parts, sizeof parts / sizeof *parts);
}
