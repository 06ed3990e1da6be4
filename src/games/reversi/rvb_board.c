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
static inline uint64_t first_column(int width)
{
    uint64_t m = 0;
    for (int i = 0; i < 64; i += width)
        m |= (uint64_t)1 << i;
    return m;
}

/* Word arrays with two zero words before and after the span worked on, so
 * that a shift (by at most 65 squares, one word and a bit) reads no
 * bounds: word i of the board is at [i + PAD - lo]. */
#define PAD 2
typedef uint64_t padded[RVB_MAX_WORDS + 2 * PAD];

/* out = in shifted by k squares (towards higher squares when up), words
 * 0..n-1 of the span, the column the shift must not wrap into masked. */
static inline __attribute__((always_inline)) void shift(const uint64_t *in, uint64_t *out, int n, const int k,
                                                        const bool up, const uint64_t mask)
{
    const int q = k >> 6, r = k & 63;
    for (int i = PAD; i < PAD + n; i++) {
        uint64_t v;
        if (up)
            v = r ? in[i - q] << r | in[i - q - 1] >> (64 - r) : in[i - q];
        else
            v = r ? in[i + q] >> r | in[i + q + 1] << (64 - r) : in[i + q];
        out[i] = v & mask;
    }
}

/* One direction's moves: runs of opponent discs from one of mine, one
 * square longer each round, until no run goes on. */
static inline __attribute__((always_inline)) void direction(const uint64_t *me, const uint64_t *opp,
                                                            const uint64_t *empty, uint64_t *moves, int n,
                                                            const int k, const bool up, const uint64_t mask)
{
    padded x, t;
    x[0] = x[1] = x[n + PAD] = x[n + PAD + 1] = 0;
    shift(me, t, n, k, up, mask);
    uint64_t any = 0;
    for (int i = PAD; i < PAD + n; i++)
        any |= x[i] = t[i] & opp[i];
    while (any) {
        shift(x, t, n, k, up, mask);
        any = 0;
        for (int i = PAD; i < PAD + n; i++) {
            moves[i] |= t[i] & empty[i];
            any |= x[i] = t[i] & opp[i];
        }
    }
}

static inline __attribute__((always_inline)) void all_directions(const uint64_t *me, const uint64_t *opp,
                                                                 const uint64_t *empty, uint64_t *moves, int n,
                                                                 const int width)
{
    const uint64_t col0 = first_column(width), not_first = ~col0, not_last = ~(col0 << (width - 1));
    direction(me, opp, empty, moves, n, 1, true, not_first);              /* east */
    direction(me, opp, empty, moves, n, 1, false, not_last);              /* west */
    direction(me, opp, empty, moves, n, width, true, ~0ULL);              /* south */
    direction(me, opp, empty, moves, n, width, false, ~0ULL);             /* north */
    direction(me, opp, empty, moves, n, width + 1, true, not_first);      /* south-east */
    direction(me, opp, empty, moves, n, width - 1, true, not_last);       /* south-west */
    direction(me, opp, empty, moves, n, width - 1, false, not_first);     /* north-east */
    direction(me, opp, empty, moves, n, width + 1, false, not_last);      /* north-west */
}

/* me's moves against opp on the words of s, into moves[s.lo..s.hi]. */
static int moves_in(const uint64_t *me_w, const uint64_t *opp_w, int width, span s, uint64_t *moves_out)
{
    const int n = s.hi - s.lo + 1;
    if (n <= 0)
        return 0;
    padded me, opp, empty, moves;
    me[0] = me[1] = opp[0] = opp[1] = me[n + PAD] = me[n + PAD + 1] = opp[n + PAD] = opp[n + PAD + 1] = 0;
    for (int i = 0; i < n; i++) {
        me[PAD + i] = me_w[s.lo + i];
        opp[PAD + i] = opp_w[s.lo + i];
        empty[PAD + i] = ~(me[PAD + i] | opp[PAD + i]);
        moves[PAD + i] = 0;
    }
    /* The shifts specialised to each width: constant word and bit steps. */
    switch (width) {
    case 8: all_directions(me, opp, empty, moves, n, 8); break;
    case 16: all_directions(me, opp, empty, moves, n, 16); break;
    case 32: all_directions(me, opp, empty, moves, n, 32); break;
    default: all_directions(me, opp, empty, moves, n, 64); break;
    }
    int count = 0;
    for (int i = 0; i < n; i++) {
        moves_out[s.lo + i] = moves[PAD + i];
        count += __builtin_popcountll(moves[PAD + i]);
    }
    return count;
}

int rvb_moves(const rvb *b, uint64_t *moves)
{
    if (b->words == 1) {
        moves[0] = rv_moves(b->me[0], b->opp[0]);
        return __builtin_popcountll(moves[0]);
    }
    memset(moves, 0, (size_t)b->words * sizeof *moves);
    return moves_in(b->me, b->opp, b->width, move_span(b), moves);
}

void rvb_mobilities(const rvb *b, int *mine, int *theirs)
{
    if (b->words == 1) {
        *mine = __builtin_popcountll(rv_moves(b->me[0], b->opp[0]));
        *theirs = __builtin_popcountll(rv_moves(b->opp[0], b->me[0]));
        return;
    }
    uint64_t moves[RVB_MAX_WORDS];
    const span s = move_span(b);
    *mine = moves_in(b->me, b->opp, b->width, s, moves);
    *theirs = moves_in(b->opp, b->me, b->width, s, moves);
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
