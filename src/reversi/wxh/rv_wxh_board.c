/* Reversi on boards of any size: the rules on arrays of bitboard words. */
#include <stdio.h>
#include <string.h>

#include "gts/reversi_board.h"

/* The discs fill a growing patch around the centre, so the words outside
 * the rows that hold discs are empty and move generation, hashing and the
 * evaluation skip them: a 64x64 board early in the game costs a few words,
 * not 64. */
void rvb_span(const rvb *b, int *lo, int *hi)
{
    int l = 0, h = b->words - 1;
    while (l <= h && !(b->me[l] | b->opp[l]))
        l++;
    while (h > l && !(b->me[h] | b->opp[h]))
        h--;
    *lo = l;
    *hi = h;
}

static inline bool has(const uint64_t *w, int sq)
{
    return (w[sq >> 6] >> (sq & 63)) & 1;
}

static const int DX[8] = { 1, -1, 0, 0, 1, -1, 1, -1 }, DY[8] = { 0, 0, 1, -1, 1, 1, -1, -1 };

/* Walks the run of opponent discs from sq in each direction that ends on
 * one of mine.  Runs are short, so walking the squares costs less than
 * shifting whole arrays; each direction's room to the edge is worked out
 * once, so a step is an add and a bit test. */
static int flip_runs(const rvb *b, int sq, uint64_t *flips, int *lo, int *hi)
{
    /* Widths are powers of two: no division. */
    const int w = b->width, x0 = sq & (w - 1), y0 = sq >> __builtin_ctz((unsigned)w);
    const int east = w - 1 - x0, south = b->height - 1 - y0;
    const int room[8] = { east, x0, south, y0, east < south ? east : south, x0 < south ? x0 : south,
                          east < y0 ? east : y0, x0 < y0 ? x0 : y0 };
    int run[8], flipped = 0, up = 0, down = 0;
    for (int d = 0; d < 8; d++) {
        const int step = DY[d] * w + DX[d];
        int n = 0, s = sq + step;
        while (n < room[d] && has(b->opp, s)) {
            s += step;
            n++;
        }
        run[d] = n && n < room[d] && has(b->me, s) ? n : 0;
        flipped += run[d];
        if (DY[d] < 0 && run[d] > up)
            up = run[d];
        if (DY[d] > 0 && run[d] > down)
            down = run[d];
    }
    *lo = ((y0 - up) * w) >> 6;
    *hi = ((y0 + down) * w + w - 1) >> 6;
    for (int i = *lo; i <= *hi; i++)
        flips[i] = 0;
    for (int d = 0; d < 8; d++) {
        const int step = DY[d] * w + DX[d];
        for (int i = 1, s = sq + step; i <= run[d]; i++, s += step)
            flips[s >> 6] |= (uint64_t)1 << (s & 63);
    }
    return flipped;
}

int rvb_flips(const rvb *b, int sq, uint64_t *flips, int *lo, int *hi)
{
    if (sq < 0 || sq >= b->width * b->height || has(b->me, sq) || has(b->opp, sq))
        return 0;
    if (b->words == 1) {
        *lo = *hi = 0;
        flips[0] = rv_flips(b->me[0], b->opp[0], sq);
        return __builtin_popcountll(flips[0]);
    }
    return flip_runs(b, sq, flips, lo, hi);
}

void rvb_play_flips(rvb *dst, const rvb *src, int sq, const uint64_t *flips, int lo, int hi)
{
    if (dst != src) {
        dst->width = src->width;
        dst->height = src->height;
        dst->words = src->words;
    }
    for (int i = 0; i < src->words; i++) {
        const uint64_t me = src->me[i];
        dst->me[i] = src->opp[i];
        dst->opp[i] = me;
    }
    for (int i = lo; i <= hi; i++) {
        dst->me[i] &= ~flips[i];
        dst->opp[i] |= flips[i];
    }
    dst->opp[sq >> 6] |= (uint64_t)1 << (sq & 63);
}

bool rvb_play(rvb *b, int sq)
{
    uint64_t flips[RVB_MAX_WORDS];
    int lo, hi;
    if (!rvb_flips(b, sq, flips, &lo, &hi))
        return false;
    rvb_play_flips(b, b, sq, flips, lo, hi);
    return true;
}

bool rvb_can_play(const rvb *b, int sq)
{
    rvb t;
    rvb_copy(&t, b);
    return rvb_play(&t, sq);
}

void rvb_pass(rvb *b)
{
    for (int i = 0; i < b->words; i++) {
        const uint64_t t = b->me[i];
        b->me[i] = b->opp[i];
        b->opp[i] = t;
    }
}

void rvb_copy(rvb *dst, const rvb *src)
{
    dst->width = src->width;
    dst->height = src->height;
    dst->words = src->words;
    memcpy(dst->me, src->me, (size_t)src->words * sizeof src->me[0]);
    memcpy(dst->opp, src->opp, (size_t)src->words * sizeof src->opp[0]);
}

static int count(const uint64_t *w, int words)
{
    int n = 0;
    for (int i = 0; i < words; i++)
        n += __builtin_popcountll(w[i]);
    return n;
}

int rvb_empties(const rvb *b)
{
    return b->width * b->height - count(b->me, b->words) - count(b->opp, b->words);
}

int rvb_final_score(const rvb *b)
{
    return rv_final_from_counts(count(b->me, b->words), count(b->opp, b->words), b->width * b->height);
}

static bool valid_side(int n)
{
    return n == 8 || n == 16 || n == 32 || n == 64;
}

static void clear(rvb *b, int width, int height)
{
    b->width = width;
    b->height = height;
    b->words = width * height / 64;
    memset(b->me, 0, sizeof b->me);
    memset(b->opp, 0, sizeof b->opp);
}

static void put(uint64_t *w, int sq)
{
    w[sq >> 6] |= (uint64_t)1 << (sq & 63);
}

int rvb_init(rvb *b, int width, int height, char *err, size_t errlen)
{
    if (!valid_side(width) || !valid_side(height)) {
        snprintf(err, errlen, "board size %dx%d: width and height must each be 8, 16, 32 or 64", width, height);
        return -1;
    }
    clear(b, width, height);
    const int x = width / 2 - 1, y = height / 2 - 1;
    /* White on the top-left and bottom-right centre squares; black moves. */
    put(b->opp, y * width + x);
    put(b->opp, (y + 1) * width + x + 1);
    put(b->me, y * width + x + 1);
    put(b->me, (y + 1) * width + x);
    return 0;
}
