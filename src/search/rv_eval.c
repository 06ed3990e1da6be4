/*
 * The GPU Reversi report's evaluation: a weighted piece counter plus
 * mobility, on every board size.
 *
 * 8x8 uses a 64-square table as it is.  A larger board gives each square
 * the class of its distances to the nearest side column and the nearest
 * end row, each capped at 3: (0,0) corner, (0,1) C-square, (1,1) X-square,
 * (0,2) A-square, (0,3) B-square and the rest of the edge, (1,2) and (1,3)
 * the line next to the edge, (2,2), (2,3) and (3,3) the interior, the
 * order of the two distances not mattering.  Its weight is the mean of the
 * 8x8 table's squares of that class (the 4 or 8 images of a square under
 * the board's symmetries), rounded to the nearest hundredth.  So the
 * corners keep the table's corner weight, the X- and C-squares stay bad,
 * and the long edges and interior take the table's edge and centre means
 * (docs/notes/reversi_search.md).
 */
#include <string.h>

#include "rv_search_internal.h"

/* data/reversi/wpc-weights.txt in hundredths (the tests compare them). */
static const int8_t CTDL[64] = {
    102, -27, 55,  -10, 8,   47,  -38, 100,  //
    -13, -52, -18, -7,  -18, -29, -68, -44,  //
    55,  -24, 2,   -1,  -1,  10,  -13, 77,   //
    -10, -10, 1,   -1,  0,   -1,  -9,  -5,   //
    5,   -17, 2,   -4,  -3,  3,   -9,  -5,   //
    56,  -25, 5,   2,   -2,  17,  -35, 42,   //
    -25, -71, -24, -23, -8,  -29, -63, -24,  //
    93,  -44, 55,  22,  -15, 74,  -57, 97,
};

static const int8_t STANDARD[64] = {
    100, -25, 10, 5, 5, 10, -25, 100,  //
    -25, -25, 1,  1, 1, 1,  -25, -25,  //
    10,  1,   5,  2, 2, 5,  1,   10,   //
    5,   1,   2,  1, 1, 2,  1,   5,    //
    5,   1,   2,  1, 1, 2,  1,   5,    //
    10,  1,   5,  2, 2, 5,  1,   10,   //
    -25, -25, 1,  1, 1, 1,  -25, -25,  //
    100, -25, 10, 5, 5, 10, -25, 100,
};

const int8_t *rv_wpc_table(rv_wpc wpc)
{
    return wpc == RV_WPC_STANDARD ? STANDARD : CTDL;
}

static int edge_distance(int i, int n)
{
    const int d = i < n - 1 - i ? i : n - 1 - i;
    return d < 3 ? d : 3;
}

/* The mean weight of the 8x8 squares of class {a, b}, rounded. */
static int class_weight(const int8_t *t, int a, int b)
{
    int sum = 0, n = 0;
    for (int sq = 0; sq < 64; sq++) {
        const int dx = edge_distance(sq % 8, 8), dy = edge_distance(sq / 8, 8);
        if ((dx == a && dy == b) || (dx == b && dy == a)) {
            sum += t[sq];
            n++;
        }
    }
    return sum >= 0 ? (2 * sum + n) / (2 * n) : -((-2 * sum + n) / (2 * n));
}

void rv_weights_init(rv_weights *w, int width, int height, rv_wpc wpc, int mobility)
{
    w->width = width;
    w->height = height;
    w->words = width * height / 64;
    w->mobility = mobility;
    const int8_t *t = rv_wpc_table(wpc);
    for (int sq = 0; sq < width * height; sq++)
        w->square[sq] = (int16_t)(width == 8 && height == 8
                                      ? t[sq]
                                      : class_weight(t, edge_distance(sq % width, width),
                                                     edge_distance(sq / width, height)));
    /* Words of the same weights share byte tables: at most the first two
     * and last two rows' kinds and the middle one (5 on 32-wide boards). */
    int nkinds = 0;
    int first_word[RV_WORD_KINDS];
    for (int i = 0; i < w->words; i++) {
        int k = 0;
        while (k < nkinds && memcmp(&w->square[64 * first_word[k]], &w->square[64 * i], 64 * sizeof(int16_t)))
            k++;
        if (k == nkinds)
            first_word[nkinds++] = i;
        w->kind[i] = (uint8_t)k;
    }
    for (int k = 0; k < nkinds; k++)
        for (int j = 0; j < 8; j++)
            for (int v = 0; v < 256; v++) {
                int sum = 0;
                for (int bit = 0; bit < 8; bit++)
                    if ((v >> bit) & 1)
                        sum += w->square[64 * first_word[k] + 8 * j + bit];
                w->bytes[k][j][v] = (int16_t)sum;
            }
}

static inline int word_value(const int16_t (*t)[256], uint64_t me, uint64_t opp)
{
    int v = 0;
    for (int j = 0; j < 8; j++)
        v += t[j][(me >> (8 * j)) & 255] - t[j][(opp >> (8 * j)) & 255];
    return v;
}

int rv_wpc_value(const rv_weights *w, const rvb *b)
{
    if (b->words == 1)
        return word_value(w->bytes[0], b->me[0], b->opp[0]);
    int lo, hi, v = 0;
    rvb_span(b, &lo, &hi);
    for (int i = lo; i <= hi; i++)
        v += word_value(w->bytes[w->kind[i]], b->me[i], b->opp[i]);
    return v;
}

int rv_evaluate(const rvb *b, const rv_search_options *o)
{
    rv_weights w;
    rv_weights_init(&w, b->width, b->height, o->wpc, o->mobility_weight);
    return rv_leaf_value(&w, b);
}
