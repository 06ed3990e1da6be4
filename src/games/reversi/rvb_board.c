/* Reversi on boards of any size: the rules on arrays of bitboard words. */
#include <stdio.h>
#include <string.h>

#include "gts/reversi_board.h"

/* The discs fill a growing patch around the centre, so the words outside
 * the rows that hold discs (and one word each side, where moves land) are
 * empty and are skipped: a 64x64 board early in the game costs a few
 * words, not 64. */
typedef struct span {
    int lo, hi;
} span;

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

/* The words a move can be in: those with discs and one more each side (a
 * move touches a disc, at most width + 1 <= 65 squares away). */
static span move_span(const rvb *b)
{
    int lo, hi;
    rvb_span(b, &lo, &hi);
    if (lo > hi)
        return (span){ 0, -1 };
    return (span){ lo > 0 ? lo - 1 : 0, hi < b->words - 1 ? hi + 1 : hi };
}

/* Squares of column 0 in a word (one bit per row it holds). */
static uint64_t first_column(int width)
{
    uint64_t m = 0;
    for (int i = 0; i < 64; i += width)
        m |= (uint64_t)1 << i;
    return m;
}

/* One direction: a shift of the whole array by k squares (towards higher
 * squares when up), with the column the shift must not wrap into masked. */
typedef struct dir {
    int k;
    bool up;
    uint64_t mask;
} dir;

static void directions(int width, dir d[8])
{
    const uint64_t col0 = first_column(width);
    const uint64_t not_first = ~col0, not_last = ~(col0 << (width - 1));
    d[0] = (dir){ 1, true, not_first };            /* east */
    d[1] = (dir){ 1, false, not_last };            /* west */
    d[2] = (dir){ width, true, ~0ULL };            /* south */
    d[3] = (dir){ width, false, ~0ULL };           /* north */
    d[4] = (dir){ width + 1, true, not_first };    /* south-east */
    d[5] = (dir){ width - 1, true, not_last };     /* south-west */
    d[6] = (dir){ width - 1, false, not_first };   /* north-east */
    d[7] = (dir){ width + 1, false, not_last };    /* north-west */
}

/* out = in shifted by d over the words of s; in is zero outside s. */
static inline void shift(const uint64_t *in, uint64_t *out, span s, const dir *d)
{
    const int q = d->k >> 6, r = d->k & 63;
    for (int i = s.lo; i <= s.hi; i++) {
        uint64_t v = 0;
        if (d->up) {
            const int j = i - q;
            if (j >= s.lo)
                v = in[j] << r;
            if (r && j - 1 >= s.lo)
                v |= in[j - 1] >> (64 - r);
        } else {
            const int j = i + q;
            if (j <= s.hi)
                v = in[j] >> r;
            if (r && j + 1 <= s.hi)
                v |= in[j + 1] << (64 - r);
        }
        out[i] = v & d->mask;
    }
}

/* me's moves against opp, on the words of s. */
static int moves_in(const uint64_t *me, const uint64_t *opp, int width, span s, uint64_t *moves)
{
    dir d[8];
    directions(width, d);
    uint64_t x[RVB_MAX_WORDS], t[RVB_MAX_WORDS];
    for (int i = s.lo; i <= s.hi; i++)
        moves[i] = 0;
    for (int k = 0; k < 8; k++) {
        /* Runs of opponent discs from one of mine, one square longer each
         * round, until no run goes on. */
        shift(me, t, s, &d[k]);
        uint64_t any = 0;
        for (int i = s.lo; i <= s.hi; i++)
            any |= x[i] = t[i] & opp[i];
        while (any) {
            shift(x, t, s, &d[k]);
            any = 0;
            for (int i = s.lo; i <= s.hi; i++) {
                moves[i] |= t[i] & ~(me[i] | opp[i]);
                any |= x[i] = t[i] & opp[i];
            }
        }
    }
    int n = 0;
    for (int i = s.lo; i <= s.hi; i++)
        n += __builtin_popcountll(moves[i]);
    return n;
}

int rvb_moves(const rvb *b, uint64_t *moves)
{
    if (b->words == 1) {
        moves[0] = rv_moves(b->me[0], b->opp[0]);
        return __builtin_popcountll(moves[0]);
    }
    const span s = move_span(b);
    memset(moves, 0, (size_t)b->words * sizeof *moves);
    return moves_in(b->me, b->opp, b->width, s, moves);
}

int rvb_mobility(const rvb *b, bool of_opponent)
{
    const uint64_t *me = of_opponent ? b->opp : b->me, *opp = of_opponent ? b->me : b->opp;
    if (b->words == 1)
        return __builtin_popcountll(rv_moves(me[0], opp[0]));
    uint64_t moves[RVB_MAX_WORDS];
    return moves_in(me, opp, b->width, move_span(b), moves);
}

int rvb_move_list(const rvb *b, int *out)
{
    uint64_t moves[RVB_MAX_WORDS];
    rvb_moves(b, moves);
    int n = 0;
    for (int i = 0; i < b->words; i++)
        for (uint64_t m = moves[i]; m; m &= m - 1)
            out[n++] = i * 64 + __builtin_ctzll(m);
    return n;
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
    const int w = b->width, h = b->height, x0 = sq % w, y0 = sq / w;
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
    const int me = count(b->me, b->words), opp = count(b->opp, b->words);
    const int empty = b->width * b->height - me - opp;
    return me > opp ? me - opp + empty : me < opp ? me - opp - empty : 0;
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
