/*
 * The pattern search's board (gm_pattern.h, gm_pboard.h) and its search.
 *
 * Line patterns are checked against a second reading of the rules: the
 * same definition applied to the whole line word of a real board (no
 * window, no table), so the eleven-cell window, the tables and their
 * indexing are all under test.  The incremental board must equal one set
 * up from scratch after every play and undo.  The search's wins and losses
 * are checked with full-width search.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "test_gomoku_search.h"
#include "test_rng.h"
#include "gomoku/gm_lines.h"
#include "gomoku/pattern/gm_cell_table.h"
#include "gomoku/pattern/gm_pboard.h"
#include "gomoku/gm_renju.h"
#include "gts/gomoku.h"
#include "gts/gomoku_search.h"

/* A random position of 6 + up to 40 stones without a five. */
static gm_board *random_board(test_rng *rng, gm_rule rule, int size)
{
    gm_board *b = malloc(sizeof *b);
    char err[128];
    if (!b || gm_init(b, size, size, rule, 2, err, sizeof err) != 0)
        exit(1);
    const int moves = 6 + rng_below(rng, 40);
    for (int i = 0; i < moves && !gm_game_over(b); i++) {
        int16_t cand[GM_MAX_CELLS];
        const int cell = cand[rng_below(rng, gm_candidates(b, cand))];
        if (gm_is_winning_move(b, cell, b->side))
            break;
        gm_play(b, cell);
    }
    return b;
}

/* The rules the tests turn through. */
static const gm_rule rules[4] = { GM_FREESTYLE, GM_STANDARD, GM_CARO, GM_CARO_EXACT };

/* The second reading: own's run through bit i of a whole line word wins
 * and holds p.  Under caro a five with other's stones (not the wall) just
 * past both ends does not win. */
static bool five_holding(gm_rule rule, uint64_t own, uint64_t other, int i, int p)
{
    int lo, hi;
    gm_run_ends(own, i, &lo, &hi);
    const int n = hi - lo - 1;
    const bool shut = (other >> lo & 1) && (other >> hi & 1);
    bool wins = n == 5;
    if (rule == GM_FREESTYLE)
        wins = n >= 5;
    else if (rule == GM_CARO)
        wins = n > 5 || (n == 5 && !shut);
    else if (rule == GM_CARO_EXACT)
        wins = n == 5 && !shut;
    return wins && lo < p && p < hi;
}

/* Under caro: whether one stone of other's on an empty cell takes away
 * all of own's five points that would hold p (its fives reach p +- 5). */
static bool one_stone_stops(gm_rule rule, uint64_t own, uint64_t other, uint64_t empty, int p)
{
    if (rule != GM_CARO && rule != GM_CARO_EXACT)
        return false;
    for (int e = p - 5; e <= p + 5; e++) {
        int left = 0;
        for (int q = p - 4; q <= p + 4 && (empty >> e & 1); q++)
            if (q != e && (empty >> q & 1))
                left += five_holding(rule, own | (uint64_t)1 << q, other | (uint64_t)1 << e, q, p);
        if ((empty >> e & 1) && left == 0)
            return true;
    }
    return false;
}

static int reference_level(gm_rule rule, uint64_t own, uint64_t other, uint64_t empty, int p)
{
    int lo, hi;
    gm_run_ends(own, p, &lo, &hi);
    if (hi - lo - 1 >= 5)
        return five_holding(rule, own, other, p, p) ? GM_LP_F5 : GM_LP_DEAD;
    int fives = 0;
    for (int q = p - 4; q <= p + 4; q++)
        if (empty >> q & 1)
            fives += five_holding(rule, own | (uint64_t)1 << q, other, q, p);
    if (fives)
        return fives >= 2 && !one_stone_stops(rule, own, other, empty, p) ? GM_LP_F4 : GM_LP_B4;
    int best = GM_LP_DEAD;
    for (int q = p - 4; q <= p + 4 && best < GM_LP_F3; q++)
        if (empty >> q & 1) {
            const int l = reference_level(rule, own | (uint64_t)1 << q, other, empty & ~((uint64_t)1 << q), p);
            /* one level weaker: F4 -> F3, B4 -> B3, ... B2 -> B1 */
            const int down = l >= GM_LP_B2 && l <= GM_LP_F4 ? l - 2 : GM_LP_DEAD;
            if (down > best)
                best = down;
        }
    return best;
}

static int reference_code(const gm_board *b, int cell, int colour, int d)
{
    const int id = b->line_id[d][cell], p = b->line_pos[d][cell] + GM_LINE_OFFSET;
    const uint64_t own = b->line[colour][d][id], other = b->line[colour ^ 1][d][id], wall = b->wall[d][id];
    return reference_level(b->rule, own | (uint64_t)1 << p, other, ~(own | other | wall) & ~((uint64_t)1 << p), p);
}

static void part_lines(void)
{
    test_rng rng = { 0x9a77e54ULL };
    long compared = 0, seen[GM_LP_CODES] = {0};
    for (int game = 0; game < 60; game++) {
        gm_board *b = random_board(&rng, rules[game % 4], game % 3 ? 15 : 8);
        gm_pboard *pb = malloc(sizeof *pb);
        gm_pboard_init(pb, b);
        for (int cell = 0; cell < b->cells; cell++) {
            if (b->cell[cell] != GM_EMPTY)
                continue;
            for (int colour = 0; colour < 2; colour++) {
                for (int d = 0; d < 4; d++) {
                    const int want = reference_code(b, cell, colour, d);
                    seen[want]++;
                    compared++;
                    if (!CHECK_MSG(gm_pboard_code(pb, colour, cell, d) == want, "game %d cell %d colour %d dir %d: %d, want %d",
                                   game, cell, colour, d, gm_pboard_code(pb, colour, cell, d), want))
                        goto next;
                }
                CHECK_EQ(pb->pattern[colour][cell] == GM_CP_FIVE, gm_is_winning_move(b, cell, colour));
            }
        }
    next:
        free(pb);
        free(b);
    }
    printf("%ld line patterns compared; F5 %ld F4 %ld B4 %ld F3 %ld B3 %ld F2 %ld DEAD %ld\n", compared,
           seen[GM_LP_F5], seen[GM_LP_F4], seen[GM_LP_B4], seen[GM_LP_F3], seen[GM_LP_B3], seen[GM_LP_F2],
           seen[GM_LP_DEAD]);
    /* Every pattern that matters occurred, or the check proved little. */
    for (int code = GM_LP_B2; code < GM_LP_CODES; code++)
        CHECK_MSG(seen[code] > 0, "no line pattern %d in the sample", code);
}

/* Everything but the board itself, compared with a fresh set-up. */
static bool same_patterns(const gm_pboard *a, const gm_pboard *b)
{
    const size_t cells = (size_t)a->b.cells;
    bool same = !memcmp(a->sum, b->sum, sizeof a->sum) && !memcmp(a->count, b->count, sizeof a->count);
    for (int c = 0; c < 2; c++)
        same = same && !memcmp(a->key[c], b->key[c], cells * sizeof a->key[c][0]) &&
               !memcmp(a->pattern[c], b->pattern[c], cells) && !memcmp(a->value[c], b->value[c], cells * sizeof a->value[c][0]);
    /* The empty cells' windows (occupied cells' are kept too, but a fresh
     * set-up reads them as it finds them). */
    for (int cell = 0; cell < a->b.cells; cell++)
        for (int d = 0; d < 4 && a->b.cell[cell] == GM_EMPTY; d++) {
            const int id = a->b.line_id[d][cell], p = a->b.line_pos[d][cell] + GM_LINE_OFFSET;
            for (int c = 0; c < 2; c++)
                same = same && a->window[c][d][id][p] == b->window[c][d][id][p];
        }
    return same;
}

/* gm_pboard_find against a scan of every cell, for each threshold. */
static bool find_agrees(const gm_pboard *pb)
{
    for (int c = 0; c < 2; c++)
        for (int at_least = 0; at_least <= GM_CP_CLASSES; at_least++) {
            int want = GM_NO_MOVE;
            for (int cell = pb->b.cells - 1; cell >= 0; cell--)
                if (pb->pattern[c][cell] >= at_least)
                    want = cell;
            if (gm_pboard_find(pb, c, at_least) != want)
                return false;
        }
    return true;
}

static void part_incremental(void)
{
    test_rng rng = { 0x1c7e3e17ULL };
    gm_pboard *pb = malloc(sizeof *pb), *fresh = malloc(sizeof *fresh);
    int steps = 0;
    for (int game = 0; game < 40; game++) {
        gm_board *b = random_board(&rng, rules[game % 4], 15);
        gm_pboard_init(pb, b);
        for (int i = 0; i < 30 && !gm_game_over(&pb->b); i++, steps++) {
            if (pb->b.stones > 0 && rng_below(&rng, 3) == 0) {
                gm_pboard_undo(pb);
            } else {
                int16_t cand[GM_MAX_CELLS];
                gm_pboard_play(pb, cand[rng_below(&rng, gm_candidates(&pb->b, cand))]);
            }
            gm_pboard_init(fresh, &pb->b);
            if (!CHECK_MSG(same_patterns(pb, fresh), "game %d step %d: the board drifted", game, i) ||
                !CHECK_MSG(find_agrees(pb), "game %d step %d: gm_pboard_find disagrees", game, i))
                break;
        }
        free(b);
    }
    free(pb);
    free(fresh);
    CHECK_GE(steps, 600);
}

static gm_search_options pattern_options(int depth)
{
    gm_search_options o;
    gm_search_defaults(&o);
    o.algo = GM_ALGO_PATTERN;
    o.depth = depth;
    o.tt_bytes = 4 << 20;
    return o;
}

/* The search's wins and losses in random positions are real: full-width
 * search (PVS over every candidate, without the pattern rules) finds the
 * win at that length or sooner (wins up to 5 plies). */
static void decided_confirmed(int threads)
{
    test_rng rng = { 0x5ea7c4ULL };
    gm_search_options pat = pattern_options(4);
    pat.threads = threads;
    int decided = 0;
    for (int game = 0; game < 300 && decided < 30; game++) {
        gm_board *b = random_board(&rng, rules[game % 4], 15);
        if (gm_game_over(b)) {
            free(b);
            continue;
        }
        int move;
        const int32_t v = search_score(b, &pat, &move);
        CHECK_MSG(gm_can_play(b, move), "game %d: move %d is not legal", game, move);
        const int plies = GM_WIN - (v > 0 ? v : -v);
        /* Longer ones cost full-width search too much for a test. */
        if ((v > GM_WIN_BOUND || v < -GM_WIN_BOUND) && plies <= 5) {
            gm_search_options full = pattern_options(plies);
            full.algo = GM_ALGO_PVS;
            const int32_t w = search_score(b, &full, NULL);
            decided++;
            if (v > 0)
                CHECK_MSG(w >= v, "game %d: a win in %d not confirmed (%d)", game, plies, (int)w);
            else
                CHECK_MSG(w <= v, "game %d: a loss in %d not confirmed (%d)", game, plies, (int)w);
        }
        free(b);
    }
    printf("%d positions decided by the pattern search on %d threads, each confirmed\n", decided, threads);
    CHECK_GE(decided, 30);
}

static void part_search(void)
{
    decided_confirmed(1);
}

/* Lazy SMP: the helpers change what the main thread reads from the table,
 * never a win or a loss into something else. */
static void part_threads(void)
{
    decided_confirmed(3);
}

/* A renju board of the listed stones ("x,y" cells, black's then white's
 * after a '|'), black to move. */
static gm_pboard *renju(const char *stones)
{
    gm_board *b = malloc(sizeof *b);
    gm_pboard *pb = malloc(sizeof *pb);
    char err[128];
    if (!b || !pb || gm_init(b, 15, 15, GM_RENJU, 2, err, sizeof err) != 0)
        exit(1);
    int colour = GM_BLACK, x, y, used;
    for (const char *s = stones; *s; s += used) {
        used = 1;
        if (*s == '|')
            colour = GM_WHITE;
        else if (sscanf(s, "%d,%d%n", &x, &y, &used) == 2) {
            b->side = colour;
            gm_play(b, gm_cell(b, x, y));
        }
    }
    b->side = GM_BLACK;
    gm_pboard_init(pb, b);
    free(b);
    return pb;
}

/* Forbidden points built by hand, each with why; the cell asked is 7,7
 * unless said. */
static void part_renju(void)
{
    static const struct {
        const char *stones;
        int x, y;
        bool forbidden;
        const char *why;
    } cases[] = {
        { "5,7 6,7 7,5 7,6", 7, 7, true, "two open threes" },
        { "4,7 5,7 6,7 7,4 7,5 7,6", 7, 7, true, "two fours" },
        { "2,7 3,7 4,7 6,7 7,7", 5, 7, true, "an overline" },
        { "3,7 4,7 5,7 6,7 7,4 7,5 7,6", 7, 7, false, "a five, with a four beside it" },
        { "4,7 5,7 6,7 7,5 7,6", 7, 7, false, "a four and a three" },
        { "5,7 6,7 7,5 7,6 | 8,7", 7, 7, false, "one three blocked by white" },
        { "5,7 6,7 7,5 7,6 4,4 4,5 4,6 8,8 8,9 8,10", 7, 7, false,
          "the row's three is false: both its open-four points (4,7 and 8,7) are double fours" },
        { "5,7 6,7 7,5 7,6 4,4 4,5 4,6", 7, 7, true, "one open-four point (4,7) forbidden, the other (8,7) not" },
        { "5,7 6,7", 7, 7, false, "one three" },
        { "4,7 5,7 6,7", 7, 7, false, "an open four" },
        { "3,7 5,7 6,7 9,7", 7, 7, true, "two fours in one line (X_XXX_X)" },
        { "3,7 5,7 6,7 9,7 | 2,7", 7, 7, true, "X_XXX_X with white beyond: still two fours" },
        { "4,7 5,7 6,7 | 3,7", 7, 7, false, "a four blocked at one end" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        gm_pboard *pb = renju(cases[i].stones);
        const int cell = gm_cell(&pb->b, cases[i].x, cases[i].y);
        CHECK_MSG(gm_renju_forbidden(&pb->b, cell) == cases[i].forbidden, "case %zu (%s): %s", i + 1, cases[i].why,
                  cases[i].forbidden ? "allowed" : "forbidden");
        pb->b.rule = GM_STANDARD;   /* no forbidden points outside renju */
        CHECK(!gm_renju_forbidden(&pb->b, cell));
        free(pb);
    }
    /* An overline wins for white and not for black. */
    gm_pboard *pb = renju("| 2,7 3,7 4,7 6,7 7,7");
    CHECK(gm_is_winning_move(&pb->b, gm_cell(&pb->b, 5, 7), GM_WHITE));
    CHECK(!gm_is_winning_move(&pb->b, gm_cell(&pb->b, 5, 7), GM_BLACK));
    free(pb);
    /* The search never plays black onto a forbidden point. */
    test_rng rng = { 0x4e27a1ULL };
    int asked = 0, had_forbidden = 0;
    for (int game = 0; game < 200 && had_forbidden < 5; game++) {
        gm_board *b = random_board(&rng, GM_RENJU, 15);
        if (gm_game_over(b) || b->side != GM_BLACK) {
            free(b);
            continue;
        }
        gm_pboard *scratch = malloc(sizeof *scratch);
        gm_pboard_init(scratch, b);
        int forbidden = 0;
        for (int cell = 0; cell < b->cells; cell++)
            forbidden += b->cell[cell] == GM_EMPTY && gm_renju_forbidden(&scratch->b, cell);
        const gm_search_options o = pattern_options(3);
        int move;
        search_score(b, &o, &move);
        CHECK_MSG(gm_can_play(b, move) && !gm_renju_forbidden(&scratch->b, move), "game %d: black plays %d", game, move);
        asked++;
        had_forbidden += forbidden > 0;
        free(scratch);
        free(b);
    }
    printf("%d renju positions searched, %d with forbidden points\n", asked, had_forbidden);
    CHECK_GE(had_forbidden, 5);
}

/* Each search that takes a renju board, at a depth a test affords. */
static gm_search_options renju_options(gm_algo algo)
{
    gm_search_options o = pattern_options(algo == GM_ALGO_MINIMAX ? 2 : 3);
    o.algo = algo;
    o.tt_bytes = 1 << 20;
    return o;
}

static const gm_algo renju_algos[] = { GM_ALGO_MINIMAX, GM_ALGO_ALPHABETA, GM_ALGO_PVS, GM_ALGO_PATTERN };
#define RENJU_ALGOS (int)(sizeof renju_algos / sizeof *renju_algos)

/* The move of algo on b, black to move: legal and not forbidden. */
static int renju_move(gm_board *b, gm_algo algo, int32_t *score, const char *what)
{
    const gm_search_options o = renju_options(algo);
    int move;
    const int32_t v = search_score(b, &o, &move);
    CHECK_MSG(gm_can_play(b, move) && !gm_renju_forbidden(b, move), "%s, algo %d: black plays %d (forbidden)", what,
              (int)algo, move);
    if (score)
        *score = v;
    return move;
}

/* No search returns a forbidden point for black: issue 38's position
 * (every search played h8, a double four, for a win), a lost one where
 * white's five point is black's double three (each played it), and
 * random positions. */
static void part_renju_searches(void)
{
    gm_pboard *issue = renju("4,7 5,7 6,7 7,10 7,9 7,8 | 3,7 7,11 0,14 0,12 14,0 14,2");
    gm_pboard *lost = renju("5,7 6,7 7,5 7,6 2,2 | 3,3 4,4 5,5 6,6 14,14");
    const int h8 = gm_cell(&issue->b, 7, 7);
    CHECK(gm_renju_forbidden(&issue->b, h8) && gm_renju_forbidden(&lost->b, h8));
    for (int i = 0; i < RENJU_ALGOS; i++) {
        int32_t v;
        CHECK_NE(renju_move(&issue->b, renju_algos[i], &v, "issue 38's position"), h8);
        CHECK_MSG(v != GM_WIN - 3, "algo %d: the win in 3 by the forbidden point", (int)renju_algos[i]);
        renju_move(&lost->b, renju_algos[i], &v, "the lost position");
        CHECK_MSG(v < -GM_WIN_BOUND, "algo %d: the lost position scores %d", (int)renju_algos[i], (int)v);
    }
    free(issue);
    free(lost);
    test_rng rng = { 0x38a3ULL };
    int asked = 0, had_forbidden = 0;
    for (int game = 0; game < 120; game++) {
        gm_board *b = random_board(&rng, GM_RENJU, 15);
        if (!gm_game_over(b) && b->side == GM_BLACK) {
            int forbidden = 0;
            for (int cell = 0; cell < b->cells; cell++)
                forbidden += gm_renju_forbidden(b, cell);
            for (int i = 0; i < RENJU_ALGOS; i++)
                renju_move(b, renju_algos[i], NULL, "a random position");
            asked++;
            had_forbidden += forbidden > 0;
        }
        free(b);
    }
    printf("%d random renju positions searched by %d searches, %d with forbidden points\n", asked, RENJU_ALGOS,
           had_forbidden);
    CHECK_GE(had_forbidden, 5);
}

/* The cell table's combinations: one per multiset of four codes, the
 * same for every order of the directions, the cell pattern beside it. */
static void part_table_keys(void)
{
    gm_pboard_tables_init();
    static bool seen[GM_CELL_KEYS];
    int distinct = 0;
    for (int key = 0; key < 1 << 16; key++) {
        const uint8_t code[4] = { key & 15, key >> 4 & 15, key >> 8 & 15, key >> 12 };
        if (code[0] >= GM_LP_CODES || code[1] >= GM_LP_CODES || code[2] >= GM_LP_CODES || code[3] >= GM_LP_CODES)
            continue;
        const int index = gm_cell_code[key] >> 4;
        const uint8_t turned[4] = { code[2], code[0], code[3], code[1] };
        uint8_t back[4];
        gm_cell_key_codes(index, back);
        int n[GM_LP_CODES] = {0};
        for (int d = 0; d < 4; d++)
            n[code[d]]++, n[back[d]]--;
        for (int c = 0; c < GM_LP_CODES; c++)
            if (!CHECK_MSG(n[c] == 0, "key %#x: combination %d holds other codes", key, index))
                return;
        CHECK_EQ(gm_cell_code[gm_pattern_key(turned)], gm_cell_code[key]);
        CHECK_EQ(gm_cell_code[key] & 15, gm_cell_pattern_of[key]);
        distinct += !seen[index];
        seen[index] = true;
    }
    CHECK_EQ(distinct, GM_CELL_KEYS);
    CHECK_EQ(gm_cell_code[0], 0);
    /* A cell with no line left (an occupied one) is worth nothing to
     * anyone: the board never settles those. */
    for (int set = 0; set < GM_EVAL_SETS; set++)
        CHECK(gm_cell_table[set][0][0] == 0 && gm_cell_table[set][0][1] == 0);
    CHECK_EQ(gm_eval_set_of(GM_FREESTYLE, GM_WHITE), GM_EVAL_FREESTYLE);
    CHECK_EQ(gm_eval_set_of(GM_STANDARD, GM_BLACK), GM_EVAL_STANDARD);
    CHECK_EQ(gm_eval_set_of(GM_RENJU, GM_BLACK), GM_EVAL_RENJU_BLACK);
    CHECK_EQ(gm_eval_set_of(GM_RENJU, GM_WHITE), GM_EVAL_RENJU_WHITE);
}

/* The evaluation, played and undone, against the tables read cell by cell:
 * the side to move's cells from its set's first column, the opponent's
 * from its own set's second, the mover's tempo. */
static void part_table_eval(void)
{
    test_rng rng = { 0x7ab1e5ULL };
    gm_pboard *pb = malloc(sizeof *pb);
    int compared = 0;
    for (int game = 0; game < 30; game++) {
        const gm_rule rule = (gm_rule)(game % GM_RULES);
        gm_board *b = random_board(&rng, rule, 15);
        gm_pboard_init(pb, b);
        for (int i = 0; i < 12 && !gm_game_over(&pb->b); i++, compared++) {
            int16_t cand[GM_MAX_CELLS];
            if (i % 4 == 3)
                gm_pboard_undo(pb);
            else
                gm_pboard_play(pb, cand[rng_below(&rng, gm_candidates(&pb->b, cand))]);
            const int me = pb->b.side;
            int32_t want = gm_eval_tempo[gm_eval_set_of(rule, me)];
            for (int cell = 0; cell < pb->b.cells; cell++)
                for (int c = 0; c < 2 && pb->b.cell[cell] == GM_EMPTY; c++) {
                    const int index = gm_cell_code[pb->key[c][cell]] >> 4;
                    const int16_t *v = gm_cell_table[gm_eval_set_of(rule, c)][index];
                    want += c == me ? v[0] : -v[1];
                }
            if (!CHECK_MSG(gm_pboard_eval(pb) == want, "game %d step %d: eval %d, the tables say %d", game, i,
                           (int)gm_pboard_eval(pb), (int)want))
                break;
        }
        free(b);
    }
    free(pb);
    CHECK_GE(compared, 300);
}

/* A node budget stops iterative deepening at the last whole depth, the
 * same move and nodes each time (what makes gm_train's games repeatable). */
static void part_max_nodes(void)
{
    gm_board b;
    char err[128];
    if (gm_init(&b, 15, 15, GM_FREESTYLE, 2, err, sizeof err) != 0 || gm_parse_moves(&b, "h8 i9 h9 h10 g8 j8", err, sizeof err) != 0)
        exit(1);
    gm_search_options o = pattern_options(GM_MAX_DEPTH);
    o.max_nodes = 20000;
    gm_result r[2];
    for (int i = 0; i < 2; i++)
        if (gm_search(&b, &o, &r[i], err, sizeof err) != 0)
            exit(1);
    printf("max_nodes 20000: depth %d, %llu nodes, move %d\n", r[0].depth, (unsigned long long)r[0].nodes, r[0].move);
    CHECK(r[0].nodes >= 20000 && r[0].nodes < 20000 + 1024 + 64);
    CHECK(r[0].depth >= 2 && r[0].depth < GM_MAX_DEPTH);
    CHECK(gm_can_play(&b, r[0].move));
    CHECK(r[1].nodes == r[0].nodes && r[1].move == r[0].move && r[1].score == r[0].score);
}

int main(int argc, char **argv)
{
    static const check_part parts[] = {
        { "lines", part_lines }, { "incremental", part_incremental }, { "search", part_search },
        { "threads", part_threads }, { "renju", part_renju },
        { "renju_searches", part_renju_searches }, { "table_keys", part_table_keys },
        { "table_eval", part_table_eval }, { "max_nodes", part_max_nodes } };
    return check_run_parts(argc, argv, "test_gomoku_pattern", parts, sizeof parts / sizeof *parts);
}
