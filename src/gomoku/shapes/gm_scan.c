/*
 * The potential evaluation by direction scans (gm_scan.h) on the CPU: the
 * board's rows read from its row lines, and the scans on 8 rows at a time
 * in AVX2 vectors (GCC/Clang vector extensions) where the CPU has AVX2,
 * else on one row word at a time.  Both give gm_eval_potential's value.
 */
#include <string.h>

#include "gomoku/shapes/gm_scan.h"
#include "gts/gomoku.h"

/* Rows above and below the board that the vector scans read (a run of 5
 * before or after a cell, a candidate radius of 4), and the 7 rows of the
 * last vector past the board. */
enum { PAD = 5, PADDED = PAD + GM_MAX_SIZE + 7 + PAD };

#if defined(__x86_64__) || defined(__i386__)
#define GM_SCAN_VECTORS 1

#define GM_AVX2 __attribute__((target("avx2")))

typedef uint32_t v8u __attribute__((vector_size(32)));

static inline GM_AVX2 v8u load8(const uint32_t *p)
{
    v8u v;
    memcpy(&v, p, sizeof v);
    return v;
}

/* The bits of each lane, by pairs, nibbles and bytes: AVX2 has no lane
 * popcount.  The bytes are added by shifts, not a multiply (vpmulld is
 * slow). */
static inline GM_AVX2 v8u popc8(v8u x)
{
    x -= (x >> 1) & 0x55555555u;
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0fu;
    x += x >> 8;
    return (x + (x >> 16)) & 0x3fu;
}

static inline GM_AVX2 bool any8(v8u v)
{
    return (v[0] | v[1] | v[2] | v[3] | v[4] | v[5] | v[6] | v[7]) != 0;
}

static inline GM_AVX2 uint32_t sum8(v8u v)
{
    return v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
}

/* The lanes of rows y.. on the board: the board's columns; the others 0. */
static inline GM_AVX2 v8u board8(int y, int height, uint32_t columns)
{
    const v8u lane = { 0, 1, 2, 3, 4, 5, 6, 7 };
    return (v8u)(lane + (uint32_t)y < (uint32_t)height) & columns;
}

/* The scans on 8 rows a vector (gm_scan_rows.h); r points to row 0 of a
 * board padded with empty rows, so that a row off the board reads as
 * zero without a test. */
#define GM_SCAN_T v8u
#define GM_SCAN_LANES 8
#define GM_SCAN_FN static inline __attribute__((always_inline)) GM_AVX2
#define GM_SCAN_NAME(n) gm_scan8_##n
#define GM_SCAN_ROW(r, y, h) ((void)(h), load8((r) + (y)))
#define GM_SCAN_BOARD(y, h, m) board8(y, h, m)
#define GM_SCAN_POPC(x) popc8(x)
#define GM_SCAN_SUM(x) sum8(x)
#define GM_SCAN_ANY(x) any8(x)
#include "gomoku/shapes/gm_scan_rows.h"

/* rows copied into out with PAD empty rows before and the rest after. */
static void pad_rows(const uint32_t *rows, int height, uint32_t out[PADDED])
{
    memset(out, 0, PADDED * sizeof out[0]);
    memcpy(out + PAD, rows, (size_t)height * sizeof rows[0]);
}

/* gm_scan_potential_avx2 on rows with PAD empty rows before row 0 and
 * after the last (mine and theirs point to row 0). */
static GM_AVX2 int32_t scan8_padded(const uint32_t *mine, const uint32_t *theirs, int width, int height,
                                    gm_rule rule, int near)
{
    return gm_blind_rule(rule) == GM_STANDARD ? gm_scan8_board(mine, theirs, width, height, GM_STANDARD, near)
                               : gm_scan8_board(mine, theirs, width, height, GM_FREESTYLE, near);
}

int32_t gm_scan_potential_avx2(const uint32_t *mine, const uint32_t *theirs, int width, int height, gm_rule rule,
                               int near)
{
    uint32_t m[PADDED], t[PADDED];
    pad_rows(mine, height, m);
    pad_rows(theirs, height, t);
    return scan8_padded(m + PAD, t + PAD, width, height, rule, near);
}

bool gm_scan_have_avx2(void)
{
    /* libgcc reads the CPU's features once, at start-up. */
    return __builtin_cpu_supports("avx2");
}

#else

/* No AVX2 off x86: the row-word scans. */
int32_t gm_scan_potential_avx2(const uint32_t *mine, const uint32_t *theirs, int width, int height, gm_rule rule,
                               int near)
{
    return gm_scan_potential(mine, theirs, width, height, rule, near);
}

bool gm_scan_have_avx2(void)
{
    return false;
}

#endif

int32_t gm_eval_scan(const gm_board *b)
{
    /* The row lines are the rows (bit GM_LINE_OFFSET + x is column x),
     * padded as the vector scans read them. */
    uint32_t mine[PADDED] = { 0 }, theirs[PADDED] = { 0 };
    for (int y = 0; y < b->height; y++) {
        mine[PAD + y] = (uint32_t)(b->line[b->side][0][y] >> GM_LINE_OFFSET);
        theirs[PAD + y] = (uint32_t)(b->line[b->side ^ 1][0][y] >> GM_LINE_OFFSET);
    }
#ifdef GM_SCAN_VECTORS
    if (gm_scan_have_avx2())
        return scan8_padded(mine + PAD, theirs + PAD, b->width, b->height, b->rule, b->near);
#endif
    return gm_scan_potential(mine + PAD, theirs + PAD, b->width, b->height, b->rule, b->near);
}
