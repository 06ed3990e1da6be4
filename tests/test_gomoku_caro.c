/*
 * The caro rule (gts/gomoku.h's gm_rule) on hand-made positions, each rule
 * beside it: which moves win (a five shut at both ends, at one, against
 * the edge, an overline), five points that lapse when the opponent shuts
 * the far end, the line patterns of the caro tables, VCF and VCT whose
 * answers differ from standard's, the searches agreeing with each other,
 * and the protocol's five judged whatever the order of the stones.  The
 * random positions of test_gomoku, test_gomoku_pattern and
 * test_gomoku_gpu turn through the caro rules too.
 *
 * usage: test_gomoku_caro [wins|lapse|patterns|threats|searches|answers|game]
 */
#include <stdlib.h>

#include "check.h"
#include "test_gomoku_search.h"
#include "gomoku/engine/gm_game.h"
#include "gomoku/pattern/gm_pboard.h"
#include "gts/gomoku.h"
#include "gts/gomoku_search.h"

enum { RULES = 4 };
static const gm_rule rules[RULES] = { GM_FREESTYLE, GM_STANDARD, GM_CARO, GM_CARO_EXACT };

/* Black's h8-k8 between white's g8 and m8: l8 makes a shut five. */
#define SHUT "h8 g8 i8 a1 j8 a3 k8 m8"
/* Black's c8 d8 _ f8 g8 h8 between white's b8 and i8: e8 makes six. */
#define OVERLINE "c8 b8 d8 i8 f8 a1 g8 a3 h8 a5"
/* White to move: black's row four h8-k8 (g8 white) and diagonal four
 * i4-l7 (h3 white) have the five points l8 and m8.  Under caro white's
 * m8 blocks the diagonal and shuts the row's five: its only move; under
 * standard white is lost. */
#define LAPSE "h8 g8 i8 h3 j8 a1 k8 a3 i4 a5 j5 a15 k6 c15 l7"

static gm_board *board_of(gm_rule rule, const char *moves)
{
    gm_board *b = malloc(sizeof *b);
    char err[128];
    if (!b || gm_init(b, 15, 15, rule, 2, err, sizeof err) != 0 || gm_parse_moves(b, moves, err, sizeof err) != 0) {
        fprintf(stderr, "setup '%s': %s\n", moves, b ? err : "out of memory");
        exit(1);
    }
    return b;
}

static int cell_of(const gm_board *b, const char *name)
{
    int cell = GM_NO_MOVE;
    char err[128];
    CHECK_EQ(gm_parse_cell(b, name, &cell, err, sizeof err), 0);
    return cell;
}

static bool has_cell(const int16_t *cells, int n, int cell)
{
    for (int i = 0; i < n; i++)
        if (cells[i] == cell)
            return true;
    return false;
}

/* Whether the side to move wins at `move`, asked four ways that must
 * agree: the winning-move test, the move's delta, the five points, and
 * the winner after playing it. */
static bool wins_at(gm_board *b, int move)
{
    const int me = b->side;
    const bool win = gm_is_winning_move(b, move, me);
    int32_t delta[2];
    bool five;
    gm_move_delta(b, move, me, delta, &five);
    int16_t points[GM_MAX_CELLS];
    const int n = gm_five_points(b, me, GM_NO_MOVE, points);
    gm_play(b, move);
    const int winner = b->winner;
    gm_undo(b);
    CHECK_EQ(five, win);
    CHECK_EQ(has_cell(points, n, move), win);
    CHECK_EQ(winner, win ? me : -1);
    return win;
}

static void part_wins(void)
{
    static const struct {
        const char *moves, *move;
        bool wins[RULES];   /* freestyle, standard, caro, caro-exact */
    } cases[] = {
        { SHUT, "l8", { true, true, false, false } },
        /* The same four with one end open (a5 for m8): a win under all. */
        { "h8 g8 i8 a1 j8 a3 k8 a5", "l8", { true, true, true, true } },
        /* a8-e8 against the edge, white on f8: the edge is no block. */
        { "a8 f8 b8 o1 c8 o3 d8 o5", "e8", { true, true, true, true } },
        /* An overline shut at both ends wins where overlines do. */
        { OVERLINE, "e8", { true, false, true, false } },
        /* A diagonal d4-h8 between white's c3 and i9. */
        { "d4 c3 e5 i9 f6 a15 g7 o15", "h8", { true, true, false, false } },
        /* A column j2-j6 between white's j1 and j7, the edge one further. */
        { "j2 j1 j3 j7 j4 a1 j5 a3", "j6", { true, true, false, false } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (int r = 0; r < RULES; r++) {
            gm_board *b = board_of(rules[r], cases[i].moves);
            CHECK_MSG(wins_at(b, cell_of(b, cases[i].move)) == cases[i].wins[r], "case %zu (%s %s) under %s", i,
                      cases[i].moves, cases[i].move, gm_rule_names[rules[r]]);
            free(b);
        }
}

/* Black's five points in LAPSE, and after white's m8. */
static void part_lapse(void)
{
    for (int r = 0; r < RULES; r++) {
        gm_board *b = board_of(rules[r], LAPSE);
        const int l8 = cell_of(b, "l8"), m8 = cell_of(b, "m8");
        int16_t points[GM_MAX_CELLS];
        int n = gm_five_points(b, GM_BLACK, GM_NO_MOVE, points);
        CHECK(n == 2 && has_cell(points, n, l8) && has_cell(points, n, m8));
        gm_play(b, m8);
        n = gm_five_points(b, GM_BLACK, GM_NO_MOVE, points);
        const bool caro = rules[r] == GM_CARO || rules[r] == GM_CARO_EXACT;
        CHECK_MSG(caro ? n == 0 : n == 1 && points[0] == l8, "%s: %d five points after m8", gm_rule_names[rules[r]],
                  n);
        free(b);
    }
}

/* Black's line pattern at cell in direction d, and its cell pattern. */
static void codes_at(gm_rule rule, const char *moves, const char *cell_name, int d, int *code, int *pattern)
{
    gm_board *b = board_of(rule, moves);
    gm_pboard *pb = malloc(sizeof *pb);
    if (!pb)
        exit(1);
    gm_pboard_init(pb, b);
    const int cell = cell_of(b, cell_name);
    *code = gm_pboard_code(pb, GM_BLACK, cell, d);
    *pattern = pb->pattern[GM_BLACK][cell];
    free(pb);
    free(b);
}

static void part_patterns(void)
{
    static const struct {
        const char *moves, *cell;
        int d;
        int code[RULES];
    } cases[] = {
        /* The shut five's cell is dead under caro: no five can hold it. */
        { SHUT, "l8", 0, { GM_LP_F5, GM_LP_F5, GM_LP_DEAD, GM_LP_DEAD } },
        /* h8-j8 between g8 and m8: k8 makes a four whose one five is shut. */
        { "h8 g8 i8 a1 j8 m8", "k8", 0, { GM_LP_B4, GM_LP_B4, GM_LP_DEAD, GM_LP_DEAD } },
        /* The edge is not white's stone: a8-e8 wins with f8 white. */
        { "b8 f8 c8 o1 d8 o3 e8 o5", "a8", 0, { GM_LP_F5, GM_LP_F5, GM_LP_F5, GM_LP_F5 } },
        /* b8-d8 on the edge side, f8 white: a8 or e8 makes the five, each
         * against the edge on one side. */
        { "b8 f8 c8 o1 d8 o3", "e8", 0, { GM_LP_B4, GM_LP_B4, GM_LP_B4, GM_LP_B4 } },
        { OVERLINE, "e8", 0, { GM_LP_F5, GM_LP_DEAD, GM_LP_F5, GM_LP_DEAD } },
        /* i8-k8 with white on g8: l8 makes an open four whose h8 five white
         * shuts by taking m8, so under caro only a four. */
        { "i8 g8 j8 a1 k8 a3", "l8", 0, { GM_LP_F4, GM_LP_F4, GM_LP_B4, GM_LP_B4 } },
        /* The diagonal d4-g7 between c3 and i9. */
        { "d4 c3 e5 i9 f6 a15 g7 o15", "h8", 3, { GM_LP_F5, GM_LP_F5, GM_LP_DEAD, GM_LP_DEAD } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (int r = 0; r < RULES; r++) {
            int code, pattern;
            codes_at(rules[r], cases[i].moves, cases[i].cell, cases[i].d, &code, &pattern);
            CHECK_MSG(code == cases[i].code[r], "case %zu (%s) under %s: %d, want %d", i, cases[i].moves,
                      gm_rule_names[rules[r]], code, cases[i].code[r]);
            CHECK_EQ(pattern == GM_CP_FIVE, cases[i].code[r] == GM_LP_F5);
        }
}

/* Black's h8-j8 between white's f8 and m8: k8 makes an open four, a win
 * in 3, but under caro white's g8 takes g8 and shuts the l8 five. */
#define OPEN_FOUR "h8 f8 i8 m8 j8 a1"

/* VCF and VCT: standard's five in one is no win under caro, and caro's
 * overline is one under caro but not caro-exact; standard's open four is
 * no win under caro. */
static void part_threats(void)
{
    static const struct {
        const char *moves, *move;
        int plies;
        bool wins[RULES];
    } cases[] = {
        { SHUT, "l8", 1, { true, true, false, false } },
        { OVERLINE, "e8", 1, { true, false, true, false } },
        { OPEN_FOUR, "k8", 3, { true, true, false, false } },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (int r = 0; r < RULES; r++) {
            for (int vct = 0; vct < 2; vct++) {
                gm_board *b = board_of(rules[r], cases[i].moves);
                int plies = 0;
                uint64_t nodes = 0;
                const int move = vct ? gm_vct(b, 9, 0, &plies, &nodes) : gm_vcf(b, 25, 0, &plies, &nodes);
                const int want = cases[i].wins[r] ? cell_of(b, cases[i].move) : GM_NO_MOVE;
                CHECK_MSG(move == want && (want == GM_NO_MOVE || plies == cases[i].plies),
                          "case %zu under %s, %s: move %d in %d, want %d", i, gm_rule_names[rules[r]],
                          vct ? "VCT" : "VCF", move, plies, want);
                free(b);
            }
        }
}

static int32_t score_of(const gm_board *b, gm_algo algo, int depth, int threads, gm_parallel way, int *move)
{
    gm_search_options o;
    gm_search_defaults(&o);
    o.algo = algo;
    o.depth = depth;
    o.threads = threads;
    o.parallel = way;
    o.tt_bytes = 4 << 20;
    return search_score(b, &o, move);
}

/* Every search on caro positions: the negamax ones equal (serial and on
 * threads), the pattern search's wins and losses within the depth theirs
 * (its threats cost no depth, so it may see one past the depth that they
 * cannot: LAPSE's m8 is lost in 10 at depth 2, as the search of depth 4
 * before threats were free found); in LAPSE every one plays m8 under
 * caro and is lost in 2 under standard. */
static void part_searches(void)
{
    static const struct {
        const char *moves;
        int depth;
    } cases[] = { { LAPSE, 2 }, { SHUT, 3 }, { "h8 g8 i8 a1 j8 m8", 3 }, { OVERLINE, 2 }, { OPEN_FOUR, 3 } };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        for (int r = 0; r < RULES; r++) {
            gm_board *b = board_of(rules[r], cases[i].moves);
            const bool caro = rules[r] == GM_CARO || rules[r] == GM_CARO_EXACT;
            int move;
            const int32_t want = score_of(b, GM_ALGO_MINIMAX, cases[i].depth, 1, GM_PAR_NONE, &move);
            for (int algo = GM_ALGO_ALPHABETA; algo <= GM_ALGO_PATTERN; algo++)
                for (int way = GM_PAR_NONE; way <= GM_PAR_SHARED; way++) {
                    const int threads = way == GM_PAR_NONE ? 1 : 2;
                    if (algo == GM_ALGO_PATTERN && way != GM_PAR_NONE && way != GM_PAR_SHARED)
                        continue;
                    const int32_t v = score_of(b, (gm_algo)algo, cases[i].depth, threads, (gm_parallel)way, &move);
                    const bool decided = want > GM_WIN_BOUND || want < -GM_WIN_BOUND;
                    const int32_t plies = GM_WIN - (v < 0 ? -v : v);
                    const bool beyond = (v > GM_WIN_BOUND || v < -GM_WIN_BOUND) && plies > cases[i].depth;
                    CHECK_MSG(algo == GM_ALGO_PATTERN && !decided ? beyond || (v > -GM_WIN_BOUND && v < GM_WIN_BOUND)
                                                                  : v == want,
                              "case %zu under %s, algo %d, way %d: %d, minimax %d", i, gm_rule_names[rules[r]], algo,
                              way, (int)v, (int)want);
                    if (i == 0 && caro)
                        CHECK_EQ(move, cell_of(b, "m8"));
                }
            if (i == 0 && caro)
                CHECK_GT(want, -GM_WIN_BOUND);
            else if (i == 0)
                CHECK_EQ(want, -(GM_WIN - 2));
            free(b);
        }
}

/* A five point answered by a stone that is not one: black's h8-k8 (g8
 * white) has l8, which white's m8 shuts while it makes an open four of
 * white's open three m9-m11, a win in 3 under caro only. */
static void part_answers(void)
{
    for (int r = 0; r < RULES; r++) {
        const bool caro = rules[r] == GM_CARO || rules[r] == GM_CARO_EXACT;
        gm_board *b = board_of(rules[r], "h8 g8 i8 m9 j8 m10 a1 m11 k8");
        const int l8 = cell_of(b, "l8"), m8 = cell_of(b, "m8");
        int16_t fives[GM_MAX_CELLS], answers[5 * GM_MAX_CELLS];
        const int nf = gm_five_points(b, GM_BLACK, GM_NO_MOVE, fives);
        const int na = gm_five_answers(b, GM_BLACK, fives, nf, answers);
        CHECK(nf == 1 && fives[0] == l8);
        CHECK_MSG(caro ? na == 2 && has_cell(answers, na, m8) : na == 1, "%s: %d answers", gm_rule_names[rules[r]], na);
        CHECK_EQ(gm_fives_left(b, GM_BLACK, fives, nf, m8), caro ? 0 : 1);
        for (int algo = GM_ALGO_MINIMAX; algo <= GM_ALGO_PATTERN; algo++) {
            int move;
            const int32_t v = score_of(b, (gm_algo)algo, 3, 1, GM_PAR_NONE, &move);
            CHECK_MSG(caro ? v == GM_WIN - 3 && move == m8 : v < GM_WIN_BOUND && move == l8,
                      "%s, algo %d: %d, move %d", gm_rule_names[rules[r]], algo, (int)v, move);
        }
        free(b);
    }
}

/* The protocol's game (engine/gm_game.h): black's h8-l8 and white's g8,
 * m8 in either order, the five put down before its blocks or after. */
static void part_game(void)
{
    static const int five[] = { 7, 8, 9, 10, 11 }, blocks[] = { 6, 12 }, far[] = { 0, 2, 4 };
    for (int r = 0; r < RULES; r++)
        for (int blocks_first = 0; blocks_first < 2; blocks_first++) {
            static gm_game g;
            gm_game_new(&g, 15, 15);
            for (int step = 0; step < 2; step++) {
                const bool put_blocks = step == !blocks_first;
                for (int i = 0; i < (put_blocks ? 2 : 5); i++)
                    gm_game_put(&g, 7 * 15 + (put_blocks ? blocks[i] : five[i]),
                                put_blocks ? GM_GAME_THEIRS : GM_GAME_MINE);
            }
            for (int i = 0; i < 3; i++)
                gm_game_put(&g, far[i] * 15, GM_GAME_THEIRS);
            const bool caro = rules[r] == GM_CARO || rules[r] == GM_CARO_EXACT;
            CHECK_MSG(gm_game_five(&g, rules[r]) == (caro ? GM_GAME_EMPTY : GM_GAME_MINE), "%s, blocks first %d",
                      gm_rule_names[rules[r]], blocks_first);
            gm_board b;
            gm_game_board(&g, rules[r], 2, &b);
            CHECK_EQ(b.winner, caro ? -1 : GM_BLACK);
        }
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "wins", part_wins },         { "lapse", part_lapse },       { "patterns", part_patterns },
        { "threats", part_threats },   { "searches", part_searches }, { "answers", part_answers },
        { "game", part_game },
    };
    return check_run_parts(argc, argv, "test_gomoku_caro", parts, sizeof parts / sizeof *parts);
}
