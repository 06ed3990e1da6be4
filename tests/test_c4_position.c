/* Connect 4 rules on bitboards: geometry, parsing (moves and a position
 * file's lines), moves, keys, scores. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "gts/c4.h"
#include "test_util.h"

/* The geometry masks, computed cell by cell from their definitions. */
static void expected_masks(int w, int h, uint64_t *bottom, uint64_t *board, uint64_t *even_rows)
{
    *bottom = *board = *even_rows = 0;
    for (int c = 0; c < w; c++)
        for (int r = 0; r < h; r++) {
            const uint64_t bit = (uint64_t)1 << (c * (h + 1) + r);
            *board |= bit;
            if (r == 0)
                *bottom |= bit;
            if (r % 2 == 0)
                *even_rows |= bit;
        }
}

static void test_geometry(void)
{
    char err[256] = "";
    c4_geom g;
    CHECK_EQ(c4_geom_init(&g, 7, 6, err, sizeof err), 0);
    CHECK_EQ(g.width, c4_standard.width);
    CHECK_EQ(g.height, c4_standard.height);
    CHECK_EQ(g.cells, c4_standard.cells);
    CHECK_EQ(g.key_bits, c4_standard.key_bits);
    CHECK_EQ_U64(g.bottom, c4_standard.bottom);
    CHECK_EQ_U64(g.board, c4_standard.board);
    CHECK_EQ_U64(g.even_rows, c4_standard.even_rows);

    /* And both against the definitions. */
    uint64_t bottom, board, even;
    expected_masks(7, 6, &bottom, &board, &even);
    CHECK_EQ(c4_standard.width, 7);
    CHECK_EQ(c4_standard.height, 6);
    CHECK_EQ(c4_standard.cells, 42);
    CHECK_EQ(c4_standard.key_bits, 49);
    CHECK_EQ_U64(c4_standard.bottom, bottom);
    CHECK_EQ_U64(c4_standard.board, board);
    CHECK_EQ_U64(c4_standard.even_rows, even);

    /* Other accepted sizes, up to the limits W <= 9 and W*(H+1) <= 64. */
    static const int good[][2] = { { 4, 4 }, { 5, 4 }, { 6, 5 }, { 9, 6 }, { 8, 7 }, { 4, 15 }, { 7, 7 } };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        const int w = good[i][0], h = good[i][1];
        CHECK_MSG(c4_geom_init(&g, w, h, err, sizeof err) == 0, "%dx%d rejected: %s", w, h, err);
        expected_masks(w, h, &bottom, &board, &even);
        CHECK_EQ(g.width, w);
        CHECK_EQ(g.height, h);
        CHECK_EQ(g.cells, w * h);
        CHECK_EQ(g.key_bits, w * (h + 1));
        CHECK_EQ_U64(g.bottom, bottom);
        CHECK_EQ_U64(g.board, board);
        CHECK_EQ_U64(g.even_rows, even);
    }

    /* Rejected sizes, each with a message; heights whose width * (height +
     * 1) overflows an int (a book's header may hold any). */
    static const int bad[][2] = { { 3, 6 }, { 10, 6 }, { 8, 8 }, { 4, 3 }, { 4, 16 }, { 0, 0 }, { -7, 6 },
                                  { 4, 2054845799 }, { 9, INT_MAX } };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        strcpy(err, "");
        CHECK_MSG(c4_geom_init(&g, bad[i][0], bad[i][1], err, sizeof err) == -1, "%dx%d accepted", bad[i][0],
                  bad[i][1]);
        CHECK_CONTAINS(err, "out of range");
        char size[32];
        snprintf(size, sizeof size, "%dx%d", bad[i][0], bad[i][1]);
        CHECK_CONTAINS(err, size);
    }
}

static void expect_parse_error(const char *moves, const char *position, const char *problem)
{
    c4_pos p;
    char err[256] = "";
    CHECK_MSG(c4_parse(&c4_standard, &p, moves, err, sizeof err) == -1, "\"%s\" parsed", moves);
    CHECK_CONTAINS(err, position);
    CHECK_CONTAINS(err, problem);
}

static void test_parse(void)
{
    expect_parse_error("44a", "move 3", "not a column digit");
    expect_parse_error("4 4", "move 2", "not a column digit");
    expect_parse_error("48", "move 2", "out of range");
    expect_parse_error("40", "move 2", "out of range");
    expect_parse_error("4444444", "move 7", "full");
    expect_parse_error("12131415", "move 8", "won");
    expect_parse_error("121314111", "move 8", "won");

    c4_pos p;
    char err[256];
    CHECK_EQ(c4_parse(&c4_standard, &p, "1213141", err, sizeof err), 0);
    CHECK_EQ(p.moves, 7);
    CHECK(c4_game_won(&c4_standard, &p));
    CHECK_EQ(c4_parse(&c4_standard, &p, "444444", err, sizeof err), 0);
    CHECK(!c4_can_play(&c4_standard, &p, 3));
    CHECK_EQ(c4_parse(&c4_standard, &p, "", err, sizeof err), 0);
    CHECK_EQ(p.moves, 0);
    CHECK_EQ_U64(p.mask, 0);

    /* Column 9 is valid on a 9-wide board only. */
    c4_geom g9;
    CHECK_EQ(c4_geom_init(&g9, 9, 6, err, sizeof err), 0);
    CHECK_EQ(c4_parse(&g9, &p, "95", err, sizeof err), 0);
    CHECK_EQ(c4_cell(&g9, &p, 8, 0), 1);
    CHECK_EQ(c4_cell(&g9, &p, 4, 0), 2);
    expect_parse_error("95", "move 1", "out of range");

    /* A parse replays the moves: same cells as a reference board. */
    const char *seq = "4453127622";
    CHECK_EQ(c4_parse(&c4_standard, &p, seq, err, sizeof err), 0);
    ref_board b;
    ref_init(&b, 7, 6);
    for (const char *s = seq; *s; s++)
        ref_play(&b, *s - '1');
    CHECK(ref_same_board(&b, &c4_standard, &p));
}

static void test_moves(void)
{
    const c4_geom *g = &c4_standard;
    c4_pos p;
    c4_init(&p);
    CHECK_EQ_U64(c4_possible(g, &p), g->bottom);
    c4_play(g, &p, 3);
    CHECK_EQ(p.moves, 1);
    CHECK_EQ(c4_cell(g, &p, 3, 0), 1);
    CHECK_EQ(c4_cell(g, &p, 3, 1), 0);
    /* Column 4 now offers its second cell. */
    CHECK_EQ_U64(c4_possible(g, &p), (g->bottom & ~c4_bottom_cell(g, 3)) | (c4_bottom_cell(g, 3) << 1));
    for (int i = 0; i < 5; i++) {
        CHECK(c4_can_play(g, &p, 3));
        c4_play(g, &p, 3);
    }
    CHECK(!c4_can_play(g, &p, 3));
    CHECK_EQ(c4_cell(g, &p, 3, 5), 2);
    CHECK_EQ_U64(c4_possible(g, &p) & c4_column_mask(g, 3), 0);

    /* Vertical, horizontal and both diagonal wins, for either player. */
    char err[256];
    struct {
        const char *moves;
        int col;        /* 1-based winning column */
        int not_col;    /* 1-based column that does not win */
    } wins[] = {
        { "121212", 1, 2 },          /* X vertical */
        { "7121212", 1, 2 },         /* O vertical */
        { "112233", 4, 5 },          /* X horizontal 1234 */
        { "7172635", 4, 5 },         /* O horizontal 1234 */
        { "1223633444", 4, 5 },      /* X diagonal / to (4,4) */
        { "7665255444", 4, 3 },      /* X diagonal \ to (4,4) */
    };
    for (size_t i = 0; i < sizeof wins / sizeof *wins; i++) {
        if (!CHECK_MSG(c4_parse(g, &p, wins[i].moves, err, sizeof err) == 0, "%s: %s", wins[i].moves, err))
            continue;
        CHECK_MSG(c4_is_winning_move(g, &p, wins[i].col - 1), "%s: column %d should win", wins[i].moves,
                  wins[i].col);
        CHECK_MSG(!c4_is_winning_move(g, &p, wins[i].not_col - 1), "%s: column %d should not win",
                  wins[i].moves, wins[i].not_col);
        CHECK(c4_can_win_next(g, &p));
        CHECK(!c4_game_won(g, &p));
        c4_play(g, &p, wins[i].col - 1);
        CHECK_MSG(c4_game_won(g, &p), "%s%d: should be won", wins[i].moves, wins[i].col);
    }
}

/* Every cell, rule and mask against the reference board, on random games
 * of several sizes. */
static void test_against_reference(void)
{
    static const int sizes[][2] = { { 7, 6 }, { 4, 4 }, { 5, 4 }, { 6, 5 }, { 9, 6 }, { 8, 7 }, { 4, 15 } };
    test_rng rng = { 12345 };
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        c4_geom g;
        char err[256];
        CHECK_EQ(c4_geom_init(&g, sizes[si][0], sizes[si][1], err, sizeof err), 0);
        long bad = 0;
        for (int game = 0; game < 300 && !bad; game++) {
            ref_board b;
            ref_init(&b, g.width, g.height);
            c4_pos p;
            c4_init(&p);
            for (;;) {
                if (!ref_same_board(&b, &g, &p)) {
                    bad++;
                    CHECK_MSG(false, "%dx%d: board differs from the reference", g.width, g.height);
                    break;
                }
                uint64_t possible = 0;
                for (int c = 0; c < g.width; c++) {
                    CHECK_EQ(c4_can_play(&g, &p, c), ref_can_play(&b, c));
                    if (ref_can_play(&b, c))
                        possible |= (uint64_t)1 << (c * (g.height + 1) + b.height[c]);
                    if (!CHECK_EQ(c4_is_winning_move(&g, &p, c), ref_wins_with(&b, c)))
                        bad++;
                }
                CHECK_EQ_U64(c4_possible(&g, &p), possible);
                CHECK_EQ(c4_can_win_next(&g, &p), ref_can_win_next(&b));
                CHECK(g.key_bits == 64 || c4_key(&p) >> g.key_bits == 0);
                CHECK_EQ_U64(p.mask & ~g.board, 0);
                if (ref_game_over(&b) || bad)
                    break;
                int col;
                do
                    col = rng_below(&rng, g.width);
                while (!ref_can_play(&b, col));
                const int me = ref_to_move(&b);
                ref_play(&b, col);
                c4_play(&g, &p, col);
                CHECK_EQ(c4_game_won(&g, &p), ref_has_four(&b, me));
            }
        }
    }
}

/*
 * Keys: every position reachable in up to 7 plies (no moves after a win),
 * with its board read through c4_cell; two move sequences must have equal
 * keys exactly when their boards are equal.
 */
typedef struct key_board {
    uint64_t key;
    uint64_t board[2]; /* 2 bits per cell, cell = col * 6 + row */
} key_board;

static key_board *kb;
static size_t kb_n, kb_cap;

static void record(const c4_pos *p)
{
    key_board e = { .key = c4_key(p) };
    for (int c = 0; c < 7; c++)
        for (int r = 0; r < 6; r++) {
            const int i = c * 6 + r;
            e.board[i / 32] |= (uint64_t)c4_cell(&c4_standard, p, c, r) << (2 * (i % 32));
        }
    if (kb_n == kb_cap) {
        kb_cap = kb_cap ? 2 * kb_cap : 1 << 16;
        kb = realloc(kb, kb_cap * sizeof *kb);
        if (!kb) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
    }
    kb[kb_n++] = e;
}

static void dfs(c4_pos *p, int depth)
{
    record(p);
    if (depth == 0 || (p->moves > 0 && c4_game_won(&c4_standard, p)))
        return;
    for (int col = 0; col < 7; col++) {
        if (!c4_can_play(&c4_standard, p, col))
            continue;
        const c4_pos saved = *p;
        c4_play(&c4_standard, p, col);
        dfs(p, depth - 1);
        *p = saved;
    }
}

static int cmp_key(const void *a, const void *b)
{
    const key_board *x = a, *y = b;
    if (x->key != y->key)
        return x->key < y->key ? -1 : 1;
    return memcmp(x->board, y->board, sizeof x->board);
}

static int cmp_board(const void *a, const void *b)
{
    const key_board *x = a, *y = b;
    const int c = memcmp(x->board, y->board, sizeof x->board);
    if (c)
        return c;
    return (x->key > y->key) - (x->key < y->key);
}

static void test_keys_unique(void)
{
    c4_pos p;
    c4_init(&p);
    dfs(&p, 7);
    /* 1 + 7 + ... + 7^7 sequences, less one at ply 7 for each of the 7
     * sequences that fill a column in 6 plies: no four is possible before
     * ply 7, and nothing is played after it. */
    CHECK_EQ(kb_n, 960800 - 7);
    /* Sorted by key, then board: equal keys must have equal boards. */
    qsort(kb, kb_n, sizeof *kb, cmp_key);
    size_t distinct = 1;
    long bad = 0;
    for (size_t i = 1; i < kb_n; i++) {
        if (kb[i].key == kb[i - 1].key) {
            if (memcmp(kb[i].board, kb[i - 1].board, sizeof kb[i].board) != 0 && bad++ < 5)
                CHECK_MSG(false, "key 0x%" PRIx64 " shared by two different boards", kb[i].key);
        } else {
            distinct++;
        }
    }
    CHECK_EQ(bad, 0);
    /* Sorted by board: equal boards must have equal keys. */
    qsort(kb, kb_n, sizeof *kb, cmp_board);
    size_t boards = 1;
    bad = 0;
    for (size_t i = 1; i < kb_n; i++) {
        if (memcmp(kb[i].board, kb[i - 1].board, sizeof kb[i].board) == 0) {
            if (kb[i].key != kb[i - 1].key && bad++ < 5)
                CHECK_MSG(false, "one board, two keys 0x%" PRIx64 " and 0x%" PRIx64, kb[i].key, kb[i - 1].key);
        } else {
            boards++;
        }
    }
    CHECK_EQ(bad, 0);
    CHECK_EQ(distinct, boards);
    /* Distinct positions at plies 0..7 of 7x6 Connect 4 (OEIS A212693:
     * 1, 7, 49, 238, 1120, 4263, 16422, 54859). */
    CHECK_EQ(boards, 1 + 7 + 49 + 238 + 1120 + 4263 + 16422 + 54859);
    free(kb);
    kb = NULL;
    kb_n = kb_cap = 0;
}

static void test_mirror(void)
{
    test_rng rng = { 777 };
    static const int sizes[][2] = { { 7, 6 }, { 4, 4 }, { 5, 4 }, { 6, 5 }, { 9, 6 } };
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        c4_geom g;
        char err[256];
        CHECK_EQ(c4_geom_init(&g, sizes[si][0], sizes[si][1], err, sizeof err), 0);
        int done = 0;
        while (done < 200) {
            char moves[80], mirrored[80];
            c4_pos p, q;
            const int stones = rng_below(&rng, g.cells);
            if (!random_position(&rng, &g, stones, &p, moves))
                continue;
            done++;
            for (int i = 0; moves[i]; i++)
                mirrored[i] = (char)('1' + g.width - (moves[i] - '0'));
            mirrored[stones] = '\0';
            if (!CHECK_MSG(c4_parse(&g, &q, mirrored, err, sizeof err) == 0, "%s: %s", mirrored, err))
                continue;
            CHECK_EQ_U64(c4_mirror_key(&g, &p), c4_key(&q));
            CHECK_EQ_U64(c4_mirror_key(&g, &q), c4_key(&p));
            const uint64_t k = c4_key(&p), m = c4_key(&q);
            CHECK_EQ_U64(c4_symmetric_key(&g, &p), k < m ? k : m);
            CHECK_EQ_U64(c4_symmetric_key(&g, &p), c4_symmetric_key(&g, &q));
        }
    }
    /* A symmetric position is its own mirror. */
    c4_pos p;
    char err[256];
    CHECK_EQ(c4_parse(&c4_standard, &p, "4444", err, sizeof err), 0);
    CHECK_EQ_U64(c4_mirror_key(&c4_standard, &p), c4_key(&p));
    CHECK_EQ(c4_parse(&c4_standard, &p, "1", err, sizeof err), 0);
    c4_pos q;
    CHECK_EQ(c4_parse(&c4_standard, &q, "7", err, sizeof err), 0);
    CHECK_NE_U64(c4_key(&p), c4_key(&q));
    CHECK_EQ_U64(c4_mirror_key(&c4_standard, &p), c4_key(&q));
}

/* Non-losing moves against brute force over random positions in which the
 * side to move cannot win at once. */
static void test_non_losing(void)
{
    test_rng rng = { 4242 };
    static const int sizes[][2] = { { 7, 6 }, { 5, 4 }, { 6, 5 } };
    int empty_sets = 0, forced = 0;
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        c4_geom g;
        char err[256];
        CHECK_EQ(c4_geom_init(&g, sizes[si][0], sizes[si][1], err, sizeof err), 0);
        int done = 0;
        while (done < 3000) {
            char moves[80];
            c4_pos p;
            const int stones = rng_below(&rng, g.cells - 1);
            if (!random_position(&rng, &g, stones, &p, moves))
                continue;
            ref_board b;
            ref_init(&b, g.width, g.height);
            for (int i = 0; moves[i]; i++)
                ref_play(&b, moves[i] - '1');
            if (ref_can_win_next(&b))
                continue;
            done++;
            uint64_t want = 0;
            int opp_threats = 0;
            for (int c = 0; c < g.width; c++) {
                if (!ref_can_play(&b, c))
                    continue;
                /* The opponent's immediate wins if it were to move now. */
                b.moves++;
                opp_threats += ref_wins_with(&b, c);
                b.moves--;
                const int row = b.height[c];
                ref_play(&b, c);
                const bool opp_wins = ref_can_win_next(&b);
                ref_undo(&b, c);
                if (!opp_wins)
                    want |= (uint64_t)1 << (c * (g.height + 1) + row);
            }
            const uint64_t got = c4_non_losing_moves(&g, &p);
            CHECK_MSG(got == want, "%dx%d %s: non-losing 0x%" PRIx64 ", brute force 0x%" PRIx64, g.width, g.height,
                      moves, got, want);
            if (opp_threats >= 2)
                CHECK_MSG(got == 0, "%s: two threats, yet moves 0x%" PRIx64, moves, got);
            empty_sets += want == 0;
            forced += opp_threats == 1;
        }
    }
    /* The random positions covered the interesting cases. */
    CHECK_GT(empty_sets, 50);
    CHECK_GT(forced, 50);
}

/* The ply (1-based) at which a 7x6 game first has a four, 0 if never. */
static int ref_first_four(const char *moves)
{
    ref_board b;
    ref_init(&b, 7, 6);
    for (int i = 0; moves[i]; i++) {
        const int me = ref_to_move(&b);
        ref_play(&b, moves[i] - '1');
        if (ref_has_four(&b, me))
            return i + 1;
    }
    return 0;
}

static void test_final_score(void)
{
    const c4_geom *g = &c4_standard;
    c4_pos p;
    char err[256];
    int score = 99;

    CHECK(!c4_final_score(g, (c4_init(&p), &p), &score));
    CHECK_EQ(c4_parse(g, &p, "121212", err, sizeof err), 0);
    CHECK(!c4_final_score(g, &p, &score));

    /* Games whose last move makes the first four (checked on the reference
     * board): the winner scores 22 minus its stones, the side to move the
     * negation. */
    static const struct {
        const char *moves;
        int score;
    } won[] = {
        { "1213141", -18 },    /* X with its 4th stone */
        { "71212121", -18 },   /* O with its 4th stone */
        { "267473727", -17 },  /* X with its 5th stone */
    };
    for (size_t i = 0; i < sizeof won / sizeof *won; i++) {
        CHECK_EQ(ref_first_four(won[i].moves), (int)strlen(won[i].moves));
        CHECK_EQ(c4_parse(g, &p, won[i].moves, err, sizeof err), 0);
        score = 99;
        CHECK(c4_final_score(g, &p, &score));
        CHECK_EQ(score, won[i].score);
    }

    /* A full board without a four (checked cell by cell here), and one
     * whose 42nd stone makes the first four. */
    static const struct {
        const char *moves;
        bool last_wins;
        int score;
    } full[] = {
        { "234726157224242433573136671347745566651115", false, 0 },
        { "141724165222235463442116413533656576777735", true, -1 },
        { "746336637473574166457736351524215222121415", true, -1 },
    };
    for (size_t i = 0; i < sizeof full / sizeof *full; i++) {
        ref_board b;
        ref_init(&b, 7, 6);
        c4_init(&p);
        bool four_early = false;
        for (int k = 0; full[i].moves[k]; k++) {
            const int col = full[i].moves[k] - '1';
            const int me = ref_to_move(&b);
            ref_play(&b, col);
            c4_play(g, &p, col);
            const bool won = ref_has_four(&b, me);
            if (k < 41) {
                four_early |= won;
                CHECK(!c4_final_score(g, &p, &score));
            } else {
                CHECK_EQ(won, full[i].last_wins);
            }
        }
        CHECK(!four_early);
        CHECK_EQ(b.moves, 42);
        CHECK(ref_same_board(&b, g, &p));
        CHECK_EQ(c4_parse(g, &p, full[i].moves, err, sizeof err), 0);
        score = 99;
        CHECK(c4_final_score(g, &p, &score));
        CHECK_EQ(score, full[i].score);
        CHECK_EQ_U64(c4_possible(g, &p), 0);
    }
}

/* A position file's line: moves, an optional exact score, '#' comments. */
static void test_file_line(void)
{
    c4_pos p;
    char shown[C4_LINE_MOVES], err[256] = "";
    bool has = true;
    int score = 99;
    CHECK_EQ(c4_parse_line(&c4_standard, "  4453 -2\r\n", &p, shown, &has, &score, err, sizeof err), 1);
    CHECK_STREQ(shown, "4453");
    CHECK(has);
    CHECK_EQ(score, -2);
    CHECK_EQ(p.moves, 4);
    CHECK_EQ(c4_parse_line(&c4_standard, "-\n", &p, shown, &has, &score, err, sizeof err), 1);
    CHECK_STREQ(shown, "-");
    CHECK(!has);
    CHECK_EQ(p.moves, 0);
    CHECK_EQ(c4_parse_line(&c4_standard, "# 4453 -2\n", &p, shown, &has, &score, err, sizeof err), 0);
    CHECK_EQ(c4_parse_line(&c4_standard, " \t\n", &p, shown, &has, &score, err, sizeof err), 0);
    CHECK_EQ(c4_parse_line(&c4_standard, "4453 x", &p, shown, &has, &score, err, sizeof err), -1);
    CHECK_CONTAINS(err, "is not an integer");
    CHECK_EQ(c4_parse_line(&c4_standard, "4453 -2 7", &p, shown, &has, &score, err, sizeof err), -1);
    CHECK_CONTAINS(err, "after the score");
    CHECK_EQ(c4_parse_line(&c4_standard, "4444444 0", &p, shown, &has, &score, err, sizeof err), -1);
    CHECK_CONTAINS(err, "full");
    char longer[64] = "";
    memset(longer, '4', 43);
    CHECK_EQ(c4_parse_line(&c4_standard, longer, &p, shown, &has, &score, err, sizeof err), -1);
    CHECK_CONTAINS(err, "position too long");
}

static void test_format(void)
{
    c4_pos p;
    char err[256], buf[128];
    CHECK_EQ(c4_parse(&c4_standard, &p, "4453", err, sizeof err), 0);
    const int n = c4_format_board(&c4_standard, &p, buf, sizeof buf);
    CHECK_EQ(n, 6 * 8);
    CHECK_STREQ(buf, ".......\n"
                     ".......\n"
                     ".......\n"
                     ".......\n"
                     "...O...\n"
                     "..OXX..\n");
    /* A short buffer is cut and terminated; the length needed is returned. */
    char small[10];
    CHECK_EQ(c4_format_board(&c4_standard, &p, small, sizeof small), 48);
    CHECK_STREQ(small, ".......\n.");
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "geometry", test_geometry }, { "parse", test_parse }, { "moves", test_moves },
        { "reference", test_against_reference }, { "keys_unique", test_keys_unique }, { "mirror", test_mirror },
        { "non_losing", test_non_losing }, { "final_score", test_final_score }, { "format", test_format },
        { "file_line", test_file_line },
    };
    return check_run_parts(argc, argv, "test_c4_position", parts, sizeof parts / sizeof *parts);
}
