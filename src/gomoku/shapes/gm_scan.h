/*
 * Internal: the Connect-5 report's "maximum potential" evaluation
 * (gm_eval_potential) computed by scanning each direction of the board
 * once, word-parallel over a row's cells, instead of walking cells and
 * lines one at a time.  Compiled by the C compiler (gm_scan.c) and by nvcc
 * for the GPU: no libc, no tables, only shifts, ands and popcounts.
 */
#ifndef GTS_GM_SCAN_H
#define GTS_GM_SCAN_H

#include <stdint.h>

#include "gomoku/gm_lines.h"
#include "gts/gomoku.h"

/* The potential of a cell by the longest run through it (gm_eval.c). */
enum { GM_SCAN_P1 = 1, GM_SCAN_P2 = 10, GM_SCAN_P3 = 100, GM_SCAN_P4 = 1000, GM_SCAN_P5 = 100000 };

/* The value for the sums of a whole board: a five point of the side to
 * move wins at once, two of the other side's cannot both be blocked
 * (gm_eval_potential's last rules). */
GM_FN int32_t gm_scan_result(uint32_t value, int my_five, int their_fives)
{
    if (my_five)
        return 2 * GM_SCAN_P5 * 10;
    if (their_fives >= 2)
        return -2 * GM_SCAN_P5 * 10;
    return (int32_t)value;
}

/* The scans on one row word at a time (gm_scan_rows.h). */
#define GM_SCAN_T uint32_t
#define GM_SCAN_LANES 1
#ifdef __CUDACC__
#define GM_SCAN_FN GM_FN
#else
#define GM_SCAN_FN GM_FN __attribute__((always_inline))
#endif
#define GM_SCAN_NAME(n) gm_scan_##n
#define GM_SCAN_ROW(r, y, h) ((unsigned)(y) < (unsigned)(h) ? (r)[y] : 0u)
#define GM_SCAN_BOARD(y, h, m) (m)
#define GM_SCAN_POPC(x) ((uint32_t)GM_POPC32(x))
#define GM_SCAN_SUM(x) (x)
#define GM_SCAN_ANY(x) ((x) != 0)
#include "gomoku/shapes/gm_scan_rows.h"
#undef GM_SCAN_T
#undef GM_SCAN_LANES
#undef GM_SCAN_FN
#undef GM_SCAN_NAME
#undef GM_SCAN_ROW
#undef GM_SCAN_BOARD
#undef GM_SCAN_POPC
#undef GM_SCAN_SUM
#undef GM_SCAN_ANY

/* The potential evaluation (== gm_eval_potential) of a width x height
 * board (width <= 32) given as rows: bit x of mine[y] / theirs[y] set
 * where the side to move / the other side has a stone at (x, y). near:
 * the board's candidate radius (0: every empty cell counts). */
GM_FN int32_t gm_scan_potential(const uint32_t *mine, const uint32_t *theirs, int width, int height, gm_rule rule,
                                int near)
{
    /* Each rule its own copy of the scans, with the run lengths it needs
     * known to the compiler. */
    return gm_blind_rule(rule) == GM_STANDARD ? gm_scan_board(mine, theirs, width, height, GM_STANDARD, near)
                               : gm_scan_board(mine, theirs, width, height, GM_FREESTYLE, near);
}

#ifndef __CUDACC__
/* The same 8 rows at a time in AVX2 vectors (gm_scan.c), for a CPU where
 * gm_scan_have_avx2() says so (off x86: never, and this is
 * gm_scan_potential). */
int32_t gm_scan_potential_avx2(const uint32_t *mine, const uint32_t *theirs, int width, int height, gm_rule rule,
                               int near);
bool gm_scan_have_avx2(void);
#endif

#endif
