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

/* Flips in place the run of opponent discs from sq in each direction that
 * ends on one of mine; returns how many.  Runs are short, so walking the
 * squares costs less than shifting whole arrays. */
static int flip_runs(rvb *b, int sq)
{
    /* Widths are powers of two: no division. */
    const int w = b->width, h = b->height, x0 = sq & (w - 1), y0 = sq >> __builtin_ctz((unsigned)w);
    int flipped = 0;
    for (int d = 0; d < 8; d++) {
        int x = x0 + DX[d], y = y0 + DY[d], n = 0;
        while (x >= 0 && x < w && y >= 0 && y < h && has(b->opp, y * w + x)) {
            x += DX[d];
            y += DY[d];
            n++;
        }
        if (!n || x < 0 || x >= w || y < 0 || y >= h || !has(b->me, y * w + x))
            continue;
        for (int i = 1; i <= n; i++) {
            const int s = (y0 + i * DY[d]) * w + x0 + i * DX[d];
            const uint64_t bit = (uint64_t)1 << (s & 63);
            b->opp[s >> 6] &= ~bit;
            b->me[s >> 6] |= bit;
        }
        flipped += n;
    }
    return flipped;
}

bool rvb_play(rvb *b, int sq)
{
    if (sq < 0 || sq >= b->width * b->height || has(b->me, sq) || has(b->opp, sq))
        return false;
    if (b->words == 1) {
        const uint64_t f = rv_flips(b->me[0], b->opp[0], sq);
        if (!f)
            return false;
        const uint64_t me = b->me[0] | f | ((uint64_t)1 << sq);
        b->me[0] = b->opp[0] & ~f;
        b->opp[0] = me;
        return true;
    }
    if (!flip_runs(b, sq))
        return false;
    b->me[sq >> 6] |= (uint64_t)1 << (sq & 63);
    rvb_pass(b);
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

bool rvb_game_over(const rvb *b)
{
    return rvb_mobility(b, false) == 0 && rvb_mobility(b, true) == 0;
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
