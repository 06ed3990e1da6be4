/*
 * Internal: the direction scans of the potential evaluation (gm_scan.h),
 * written once for any word type whose bit x is column x of a row: a
 * uint32_t (one row, gm_scan.h; the GPU's kernels too) or a vector of 8
 * of them (8 rows, gm_scan.c's AVX2 path).  No include guard: it is
 * included once per word type, after defining
 *
 *   GM_SCAN_T             the word type (&, |, ~, << and >> by an int)
 *   GM_SCAN_LANES         the rows of a word
 *   GM_SCAN_FN            the functions' qualifiers (inlined: the rule and
 *                         the directions become constants, the loops unroll)
 *   GM_SCAN_NAME(n)       the name of function or type n for that type
 *   GM_SCAN_ROW(r, y, h)  the word of rows y.. of r (h rows; zero off the board)
 *   GM_SCAN_BOARD(y, h, m)  the word of rows y.. with each row on the board
 *                         m (its columns), those past the board 0
 *   GM_SCAN_POPC(x)       the bits of each row of x, as a GM_SCAN_T
 *   GM_SCAN_SUM(x)        the rows' sum of x, a uint32_t
 *   GM_SCAN_ANY(x)        whether any bit of x is set
 *
 * (gm_scan.h defines GM_SCAN_P1..GM_SCAN_P5 and gm_scan_result).  Every mask
 * has bit x set where cell (x, y) has the property; bits at or beyond the
 * board's width are never read (the caller's `cells` mask), so no shift
 * needs masking.
 */

/* What the rows scanned so far add up to, lane by lane. */
typedef struct GM_SCAN_NAME(acc) {
    GM_SCAN_T runs[4];      /* cells where the side to move's longest run reaches t = 2..5, less
                             * the other side's (mod 2^32); weighted at the end */
    GM_SCAN_T my_five;      /* the side to move's five points */
    GM_SCAN_T their_fives;  /* how many five points the other side has */
} GM_SCAN_NAME(acc);

/* w moved s columns towards higher x (s < 0: lower); |s| <= 5, so never
 * a shift by 32 or more. */
GM_SCAN_FN GM_SCAN_T GM_SCAN_NAME(shift)(GM_SCAN_T w, int s)
{
    return s >= 0 ? w << s : w >> -s;
}

/* own's runs in direction (dx, dy), added to best[t - 2]: the cells where
 * a stone of own would make a run of at least t (t = 2..5); and to *five
 * its five points, a run of 5 or more (exactly 5 under the standard rule:
 * kmax is then 5, else 4).  before[k - 1] holds the cells with k own
 * stones in a row just before them (at x - j*dx, y - j*dy, j = 1..k),
 * after[k - 1] those with k just after; a run of t is l before and
 * t - 1 - l after for some l. */
GM_SCAN_FN void GM_SCAN_NAME(dir_runs)(const uint32_t *own, int height, int y, int dx, int dy, int kmax,
                                       GM_SCAN_T best[4], GM_SCAN_T *five)
{
    GM_SCAN_T ge[5];
    GM_SCAN_T before[5], after[5];
    before[0] = GM_SCAN_NAME(shift)(GM_SCAN_ROW(own, y - dy, height), dx);
    after[0] = GM_SCAN_NAME(shift)(GM_SCAN_ROW(own, y + dy, height), -dx);
    for (int k = 2; k <= kmax; k++) {
        before[k - 1] = before[k - 2] & GM_SCAN_NAME(shift)(GM_SCAN_ROW(own, y - k * dy, height), k * dx);
        after[k - 1] = after[k - 2] & GM_SCAN_NAME(shift)(GM_SCAN_ROW(own, y + k * dy, height), -k * dx);
    }
    for (int t = 2; t <= kmax + 1; t++) {
        GM_SCAN_T g = before[t - 2] | after[t - 2];
        for (int l = 1; l <= t - 2; l++)
            g |= before[l - 1] & after[t - 2 - l];
        ge[t - 2] = g;
    }
    for (int t = 0; t < 4; t++)
        best[t] |= ge[t];
    *five |= kmax == 5 ? ge[3] & ~ge[4] : ge[3];
}

/* The cells of rows y.. where own's longest run would reach t = 2..5
 * into best[t - 2], and own's five points there into *five: a run of 5 or
 * more in some direction, under the standard rule exactly 5 in that same
 * direction. */
GM_SCAN_FN void GM_SCAN_NAME(colour)(const uint32_t *own, int height, int y, gm_rule rule, GM_SCAN_T cells,
                                     GM_SCAN_T best[4], GM_SCAN_T *five)
{
    const int kmax = rule != GM_FREESTYLE ? 5 : 4;
    GM_SCAN_T f = { 0 };
    best[0] = best[1] = best[2] = best[3] = f;
    /* The directions one by one, not in a loop: each one's shifts are
     * then constants (a loop of them is too long for GCC to unroll). */
    GM_SCAN_NAME(dir_runs)(own, height, y, 1, 0, kmax, best, &f);
    GM_SCAN_NAME(dir_runs)(own, height, y, 0, 1, kmax, best, &f);
    GM_SCAN_NAME(dir_runs)(own, height, y, 1, 1, kmax, best, &f);
    GM_SCAN_NAME(dir_runs)(own, height, y, 1, -1, kmax, best, &f);
    for (int t = 0; t < 4; t++)
        best[t] &= cells;
    *five = f & cells;
}

/* The candidate cells' mask of rows y..: within `near` (Chebyshev) of a
 * stone of either side.  The square's dilation is the rows' (their OR)
 * then the columns': 2 near shifts, not (2 near + 1)^2. */
GM_SCAN_FN GM_SCAN_T GM_SCAN_NAME(near)(const uint32_t *mine, const uint32_t *theirs, int height, int y, int near)
{
    GM_SCAN_T stones = { 0 };
    for (int j = -near; j <= near; j++)
        stones |= GM_SCAN_ROW(mine, y + j, height) | GM_SCAN_ROW(theirs, y + j, height);
    GM_SCAN_T m = stones;
    for (int s = 1; s <= near; s++)
        m |= stones << s | stones >> s;
    return m;
}

/* Adds rows y.. to *a.  board: the cells of those rows on the board. */
GM_SCAN_FN void GM_SCAN_NAME(rows)(const uint32_t *mine, const uint32_t *theirs, int height, int y, GM_SCAN_T board,
                                   gm_rule rule, int near, GM_SCAN_NAME(acc) *a)
{
    GM_SCAN_T cells = board & ~(GM_SCAN_ROW(mine, y, height) | GM_SCAN_ROW(theirs, y, height));
    if (near)
        cells &= GM_SCAN_NAME(near)(mine, theirs, height, y, near);
    /* Rows far from the stones (most of a board early on) have no cells
     * to score. */
    if (!GM_SCAN_ANY(cells))
        return;
    GM_SCAN_T my_runs[4], their_runs[4], five;
    GM_SCAN_NAME(colour)(mine, height, y, rule, cells, my_runs, &five);
    a->my_five |= five;
    GM_SCAN_NAME(colour)(theirs, height, y, rule, cells, their_runs, &five);
    a->their_fives += GM_SCAN_POPC(five);
    for (int t = 0; t < 4; t++)
        a->runs[t] += GM_SCAN_POPC(my_runs[t]) - GM_SCAN_POPC(their_runs[t]);
}

/* The value of a whole board (gm_scan_potential's) under one rule. */
GM_SCAN_FN int32_t GM_SCAN_NAME(board)(const uint32_t *mine, const uint32_t *theirs, int width, int height,
                                       gm_rule rule, int near)
{
    const uint32_t columns = width >= 32 ? ~0u : (1u << width) - 1;
    const GM_SCAN_T zero = { 0 };
    GM_SCAN_NAME(acc) a;
    a.runs[0] = a.runs[1] = a.runs[2] = a.runs[3] = a.my_five = a.their_fives = zero;
    for (int y = 0; y < height; y += GM_SCAN_LANES)
        GM_SCAN_NAME(rows)(mine, theirs, height, y, GM_SCAN_BOARD(y, height, columns), rule, near, &a);
    /* A cell adds potential[t] - potential[t - 1] for each t its run
     * reaches; t = 1, every cell, adds the same to both sides. */
    const uint32_t value = (GM_SCAN_P2 - GM_SCAN_P1) * GM_SCAN_SUM(a.runs[0]) +
                           (GM_SCAN_P3 - GM_SCAN_P2) * GM_SCAN_SUM(a.runs[1]) +
                           (GM_SCAN_P4 - GM_SCAN_P3) * GM_SCAN_SUM(a.runs[2]) +
                           (GM_SCAN_P5 - GM_SCAN_P4) * GM_SCAN_SUM(a.runs[3]);
    return gm_scan_result(value, GM_SCAN_ANY(a.my_five), (int)GM_SCAN_SUM(a.their_fives));
}
