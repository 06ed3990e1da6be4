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

#include "reversi/rv_search_internal.h"

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

/* 8x8: per byte of the word, the sum of the weights of its set bits. */
static void byte_tables(rv_weights *w)
{
    for (int j = 0; j < 8; j++)
        for (int v = 0; v < 256; v++) {
            int sum = 0;
            for (int bit = 0; bit < 8; bit++)
                if ((v >> bit) & 1)
                    sum += w->square[8 * j + bit];
            w->bytes[j][v] = (int16_t)sum;
        }
}

/* Larger boards: words of the same weights share a kind (at most the first
 * two and last two rows' kinds and the middle one: 5 on 32-wide boards),
 * and a kind's squares are grouped by weight, zero weights left out.  A
 * word holds at most the 10 classes, and a 64-wide one 4. */
static void word_groups(rv_weights *w)
{
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
    for (int k = 0; k < nkinds; k++) {
        struct rv_word_groups *g = &w->groups[k];
        g->n = 0;
        for (int bit = 0; bit < 64; bit++) {
            const int v = w->square[64 * first_word[k] + bit];
            int j = 0;
            while (j < g->n && g->weight[j] != v)
                j++;
            if (j == g->n) {
                g->weight[g->n] = v;
                g->mask[g->n++] = 0;
            }
            g->mask[j] |= (uint64_t)1 << bit;
        }
        for (int j = 0; j < g->n; j++)
            if (!g->weight[j])
                g->mask[j] = g->mask[--g->n], g->weight[j] = g->weight[g->n], j--;
    }
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
    if (w->words == 1)
        byte_tables(w);
    else
        word_groups(w);
}

/* The sum by popcounts: on 64x64, 3 to 4 groups a word against 16 byte
 * lookups (docs/notes/reversi_search.md, "Large boards: cost per node"). */
int rv_wpc_value(const rv_weights *w, const rvb *b)
{
    if (b->words == 1) {
        int v = 0;
        for (int j = 0; j < 8; j++)
            v += w->bytes[j][(b->me[0] >> (8 * j)) & 255] - w->bytes[j][(b->opp[0] >> (8 * j)) & 255];
        return v;
    }
    int lo, hi, v = 0;
    rvb_span(b, &lo, &hi);
    for (int i = lo; i <= hi; i++) {
        const struct rv_word_groups *g = &w->groups[w->kind[i]];
        for (int j = 0; j < g->n; j++)
            v += g->weight[j] * (__builtin_popcountll(b->me[i] & g->mask[j]) -
                                 __builtin_popcountll(b->opp[i] & g->mask[j]));
    }
    return v;
}

int rv_wpc_gain(const rv_weights *w, int sq, const uint64_t *flips, int lo, int hi)
{
    int v = 0;
    if (w->words == 1) {
        for (int j = 0; j < 8; j++)
            v += w->bytes[j][(flips[0] >> (8 * j)) & 255];
        return w->square[sq] + 2 * v;
    }
    for (int i = lo; i <= hi; i++) {
        const struct rv_word_groups *g = &w->groups[w->kind[i]];
        for (int j = 0; j < g->n; j++)
            v += g->weight[j] * __builtin_popcountll(flips[i] & g->mask[j]);
    }
    return w->square[sq] + 2 * v;
}

int rv_evaluate(const rvb *b, const rv_search_options *o)
{
    rv_weights w;
    rv_weights_init(&w, b->width, b->height, o->wpc, o->mobility_weight);
    return rv_leaf_value(&w, b);
}
