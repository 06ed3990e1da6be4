/* Line and cell pattern tables (gm_pattern.h), built from the rules. */
#include "gomoku/pattern/gm_pattern.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gomoku/gm_lines.h"

enum { WINDOW = 11, CENTRE = 5, WINDOWS = 59049 };   /* 3^10 windows around the centre */
/* A window's cells: under caro the edge (WALL) is told from the
 * opponent's stones (BLOCKED), as only the latter stop a five. */
enum { EMPTY, OWN, BLOCKED, WALL };

uint16_t gm_pattern_ternary[1024];
uint8_t gm_cell_pattern_of[1 << 16];
static uint8_t line_table[2][WINDOWS];
static uint8_t caro_table[2][GM_CARO_WINDOWS];   /* GM_CARO, GM_CARO_EXACT */

/* The index of a window's ten side cells (the centre skipped): ternary,
 * or gm_caro_window_index's two bits a cell under caro. */
static int window_index(const uint8_t w[WINDOW], bool caro)
{
    int index = 0, power = 1, j = 0;
    for (int i = 0; i < WINDOW; i++)
        if (i != CENTRE) {
            if (caro)
                index |= (w[i] & 1) << j | (w[i] >> 1) << (10 + j);
            else
                index += w[i] * power;
            power *= 3;
            j++;
        }
    return index;
}

/* The length of own's run through cell i. */
static int run_through(const uint8_t w[WINDOW], int i)
{
    int lo = i, hi = i;
    while (lo > 0 && w[lo - 1] == OWN)
        lo--;
    while (hi < WINDOW - 1 && w[hi + 1] == OWN)
        hi++;
    return hi - lo + 1;
}

/* Whether own's run through cell i wins under rule and holds the centre:
 * a run through the centre of five fits inside the window with a cell to
 * spare on each side, so an overline and a five's ends are always seen. */
static bool five_through(const uint8_t w[WINDOW], int i, gm_rule rule)
{
    const int n = run_through(w, i);
    int lo = i;
    while (lo > 0 && w[lo - 1] == OWN)
        lo--;
    const bool shut = lo > 0 && lo + n < WINDOW && w[lo - 1] == BLOCKED && w[lo + n] == BLOCKED;
    return gm_run_wins(rule, n, shut) && lo <= CENTRE && CENTRE < lo + n;
}

/* Own's five points through the centre. */
static int five_points(uint8_t w[WINDOW], gm_rule rule)
{
    int fives = 0;
    for (int i = 0; i < WINDOW; i++)
        if (w[i] == EMPTY) {
            w[i] = OWN;
            fives += five_through(w, i, rule);
            w[i] = EMPTY;
        }
    return fives;
}

/* Whether one opponent's stone takes away all of own's five points: under
 * caro, on one of them it can shut the other's five (O_XXXX_ answered on
 * the right). */
static bool one_stone_stops(uint8_t w[WINDOW], gm_rule rule)
{
    if (!gm_rule_caro(rule))
        return false;
    bool stops = false;
    for (int i = 0; i < WINDOW && !stops; i++)
        if (w[i] == EMPTY) {
            w[i] = BLOCKED;
            stops = five_points(w, rule) == 0;
            w[i] = EMPTY;
        }
    return stops;
}

/* The pattern of a window whose centre holds own's stone. */
static int level(uint8_t w[WINDOW], gm_rule rule, int8_t *memo)
{
    const int index = window_index(w, gm_rule_caro(rule));
    if (memo[index] >= 0)
        return memo[index];
    int result;
    if (five_through(w, CENTRE, rule) || run_through(w, CENTRE) >= 5) {
        /* Made a five, or a run that wins nothing (an overline, a shut
         * caro five): no five point more through it. */
        result = five_through(w, CENTRE, rule) ? GM_LP_F5 : GM_LP_DEAD;
    } else {
        const int fives = five_points(w, rule);
        if (fives)
            result = fives >= 2 && !one_stone_stops(w, rule) ? GM_LP_F4 : GM_LP_B4;
        else {
            /* One level weaker than the best another stone can make. */
            static const uint8_t down[GM_LP_CODES] = {
                [GM_LP_F4] = GM_LP_F3, [GM_LP_B4] = GM_LP_B3, [GM_LP_F3] = GM_LP_F2,
                [GM_LP_B3] = GM_LP_B2, [GM_LP_F2] = GM_LP_F1, [GM_LP_B2] = GM_LP_B1,
            };
            result = GM_LP_DEAD;
            for (int i = 0; i < WINDOW; i++)
                if (w[i] == EMPTY) {
                    w[i] = OWN;
                    const int l = level(w, rule, memo);
                    w[i] = EMPTY;
                    if (l < GM_LP_F5 && down[l] > result)
                        result = down[l];
                }
        }
    }
    memo[index] = (int8_t)result;
    return result;
}

static int cell_pattern(const int n[GM_LP_CODES])
{
    const int threes = n[GM_LP_B3] + n[GM_LP_F2];   /* what adds to a four or an open three */
    if (n[GM_LP_F5])
        return GM_CP_FIVE;
    if (n[GM_LP_F4] || n[GM_LP_B4] >= 2)
        return GM_CP_FLEX4;
    if (n[GM_LP_B4])
        return n[GM_LP_F3] ? GM_CP_BLOCK4_FLEX3 : threes ? GM_CP_BLOCK4_PLUS : GM_CP_BLOCK4;
    if (n[GM_LP_F3])
        return n[GM_LP_F3] >= 2 ? GM_CP_FLEX3_2X : threes ? GM_CP_FLEX3_PLUS : GM_CP_FLEX3;
    if (n[GM_LP_B3])
        return threes >= 2 ? GM_CP_BLOCK3_PLUS : GM_CP_BLOCK3;
    if (n[GM_LP_F2])
        return n[GM_LP_F2] >= 2 ? GM_CP_FLEX2_2X : GM_CP_FLEX2;
    return GM_CP_NONE;
}

static void build(void)
{
    for (int m = 0; m < 1024; m++) {
        int t = 0, power = 1;
        for (int i = 0; i < 10; i++, power *= 3)
            t += (m >> i & 1) * power;
        gm_pattern_ternary[m] = (uint16_t)t;
    }
    static int8_t memo[WINDOWS];
    for (int exact = 0; exact < 2; exact++) {
        memset(memo, -1, sizeof memo);
        for (int index = 0; index < WINDOWS; index++) {
            uint8_t w[WINDOW];
            for (int i = 0, rest = index; i < WINDOW; i++)
                if (i == CENTRE)
                    w[i] = OWN;
                else
                    w[i] = (uint8_t)(rest % 3), rest /= 3;
            line_table[exact][index] = (uint8_t)level(w, exact ? GM_STANDARD : GM_FREESTYLE, memo);
        }
    }
    for (int key = 0; key < 1 << 16; key++) {
        int n[16] = {0};
        for (int d = 0; d < 4; d++)
            n[key >> (4 * d) & 15]++;
        gm_cell_pattern_of[key] = (uint8_t)cell_pattern(n);
    }
}

/* The window of a caro index, false for one no line has: the edge only
 * from the window's ends inwards. */
static bool caro_window(int index, uint8_t w[WINDOW])
{
    for (int i = 0, j = 0; i < WINDOW; i++)
        if (i == CENTRE)
            w[i] = OWN;
        else
            w[i] = (uint8_t)((index >> j & 1) | (index >> (10 + j) & 1) << 1), j++;
    for (int i = 1; i < CENTRE; i++)
        if ((w[i - 1] != WALL && w[i] == WALL) || (w[WINDOW - i] != WALL && w[WINDOW - 1 - i] == WALL))
            return false;
    return true;
}

/* A caro table: 2^20 windows, of which 364^2 can occur (132,496). */
static void build_caro_table(int exact)
{
    int8_t *memo = malloc(GM_CARO_WINDOWS);
    if (!memo) {
        fprintf(stderr, "gts: out of memory for the caro pattern tables\n");
        abort();
    }
    memset(memo, -1, GM_CARO_WINDOWS);
    for (int index = 0; index < GM_CARO_WINDOWS; index++) {
        uint8_t w[WINDOW];
        caro_table[exact][index] =
            caro_window(index, w) ? (uint8_t)level(w, exact ? GM_CARO_EXACT : GM_CARO, memo) : GM_LP_DEAD;
    }
    free(memo);
}

static void build_caro(void)
{
    build_caro_table(0);
}

static void build_caro_exact(void)
{
    build_caro_table(1);
}

void gm_patterns_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build);
}

const uint8_t *gm_line_patterns(gm_rule rule)
{
    gm_patterns_init();
    if (gm_rule_caro(rule)) {
        static pthread_once_t once[2] = { PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT };
        const int exact = rule == GM_CARO_EXACT;
        pthread_once(&once[exact], exact ? build_caro_exact : build_caro);
        return caro_table[exact];
    }
    return line_table[rule == GM_STANDARD];
}
