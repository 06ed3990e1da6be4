/*
 * The endgame solver's pattern evaluation (rv_endgame_eval.h has the shapes).
 * An instance's squares are gathered from each side's discs by one
 * _pext_u64 (BMI2; a loop without it), and a table of the instance turns
 * the gathered bits into the shape's ternary digits in the shape's order:
 * no image of the board is built.
 */
#include <pthread.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "reversi/rv_endgame_eval.h"
#include "reversi/rv_8x8_bits.h"

const int rv_eg_shape_squares[RV_EG_SHAPES] = { 10, 10, 9, 8, 8, 8, 8, 7, 6, 5, 4 };
const int rv_eg_shape_offset[RV_EG_SHAPES + 1] = {
    0, 59049, 118098, 137781, 144342, 150903, 157464, 164025, 166212, 166941, 167184, RV_EG_PATTERN_WEIGHTS,
};

/* The shapes drawn near a1 of an image of the board (rank, file per
 * digit). */
static const char *const shape_drawing[RV_EG_SHAPES] = {
    [RV_EG_EDGE] = "00010203040506071116",  [RV_EG_CORNER] = "00010203041011121314",
    [RV_EG_BLOCK] = "000102101112202122",   [RV_EG_LINE2] = "1011121314151617",
    [RV_EG_LINE3] = "2021222324252627",     [RV_EG_LINE4] = "3031323334353637",
    [RV_EG_DIAG8] = "0011223344556677",     [RV_EG_DIAG7] = "01122334455667",
    [RV_EG_DIAG6] = "021324354657",         [RV_EG_DIAG5] = "0314253647",
    [RV_EG_DIAG4] = "04152637",
};

/* The instances: a shape read on one image (rv_endgame_eval.h), and its
 * squares on the board, which the drawing gives.  The squares are written
 * out so that the unrolled evaluation holds them as constants instead of
 * loading them; the tests check the entries they give against a reading
 * of the drawings square by square. */
static const struct {
    int shape, image;
    uint64_t mask;
} instance_of[RV_EG_INSTANCES] = {
    { RV_EG_EDGE, 0, 0x00000000000042ffULL }, { RV_EG_EDGE, 1, 0xff42000000000000ULL },
    { RV_EG_EDGE, 4, 0x0103010101010301ULL }, { RV_EG_EDGE, 6, 0x80c080808080c080ULL },
    { RV_EG_CORNER, 0, 0x0000000000001f1fULL }, { RV_EG_CORNER, 1, 0x1f1f000000000000ULL },
    { RV_EG_CORNER, 2, 0x000000000000f8f8ULL }, { RV_EG_CORNER, 3, 0xf8f8000000000000ULL },
    { RV_EG_CORNER, 4, 0x0000000303030303ULL }, { RV_EG_CORNER, 5, 0x0303030303000000ULL },
    { RV_EG_CORNER, 6, 0x000000c0c0c0c0c0ULL }, { RV_EG_CORNER, 7, 0xc0c0c0c0c0000000ULL },
    { RV_EG_BLOCK, 0, 0x0000000000070707ULL }, { RV_EG_BLOCK, 1, 0x0707070000000000ULL },
    { RV_EG_BLOCK, 2, 0x0000000000e0e0e0ULL }, { RV_EG_BLOCK, 3, 0xe0e0e00000000000ULL },
    { RV_EG_LINE2, 0, 0x000000000000ff00ULL }, { RV_EG_LINE2, 1, 0x00ff000000000000ULL },
    { RV_EG_LINE2, 4, 0x0202020202020202ULL }, { RV_EG_LINE2, 6, 0x4040404040404040ULL },
    { RV_EG_LINE3, 0, 0x0000000000ff0000ULL }, { RV_EG_LINE3, 1, 0x0000ff0000000000ULL },
    { RV_EG_LINE3, 4, 0x0404040404040404ULL }, { RV_EG_LINE3, 6, 0x2020202020202020ULL },
    { RV_EG_LINE4, 0, 0x00000000ff000000ULL }, { RV_EG_LINE4, 1, 0x000000ff00000000ULL },
    { RV_EG_LINE4, 4, 0x0808080808080808ULL }, { RV_EG_LINE4, 6, 0x1010101010101010ULL },
    { RV_EG_DIAG8, 0, 0x8040201008040201ULL }, { RV_EG_DIAG8, 1, 0x0102040810204080ULL },
    { RV_EG_DIAG7, 0, 0x0080402010080402ULL }, { RV_EG_DIAG7, 1, 0x0204081020408000ULL },
    { RV_EG_DIAG7, 2, 0x0001020408102040ULL }, { RV_EG_DIAG7, 3, 0x4020100804020100ULL },
    { RV_EG_DIAG6, 0, 0x0000804020100804ULL }, { RV_EG_DIAG6, 1, 0x0408102040800000ULL },
    { RV_EG_DIAG6, 2, 0x0000010204081020ULL }, { RV_EG_DIAG6, 3, 0x2010080402010000ULL },
    { RV_EG_DIAG5, 0, 0x0000008040201008ULL }, { RV_EG_DIAG5, 1, 0x0810204080000000ULL },
    { RV_EG_DIAG5, 2, 0x0000000102040810ULL }, { RV_EG_DIAG5, 3, 0x1008040201000000ULL },
    { RV_EG_DIAG4, 0, 0x0000000080402010ULL }, { RV_EG_DIAG4, 1, 0x1020408000000000ULL },
    { RV_EG_DIAG4, 2, 0x0000000001020408ULL }, { RV_EG_DIAG4, 3, 0x0804020100000000ULL },
};

/* Each instance's gather table: for each content of its squares as
 * _pext_u64 gathers them (in the order of the bits), the ternary digits in
 * the shape's order, so that its entry in the weights is the shape's
 * offset + gather[pext(me)] + 2 * gather[pext(opp)].  A fixed stride, so
 * that the tables' addresses are constants too; only the first
 * 2^squares entries of each are used. */
static uint16_t gather_table[RV_EG_INSTANCES][1 << 10];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The board square at (rank r, file f) of image k. */
static int image_square(int k, int r, int f)
{
    if (k >= 4) {
        const int t = r;
        r = f, f = t, k -= 4;
    }
    return 8 * ((k & 1) ? 7 - r : r) + ((k & 2) ? 7 - f : f);
}

static void init_instances(void)
{
    for (int n = 0; n < RV_EG_INSTANCES; n++) {
        const int shape = instance_of[n].shape, digits = rv_eg_shape_squares[shape];
        /* The table follows the drawing: a written-out square that differs
         * from it makes the entries wrong (which the tests see), not this
         * read past the drawn squares. */
        int digit_of[64];
        uint64_t drawn = 0;
        for (int i = 0; i < digits; i++) {
            const char *rf = shape_drawing[shape] + 2 * i;
            const int sq = image_square(instance_of[n].image, rf[0] - '0', rf[1] - '0');
            digit_of[sq] = i;
            drawn |= (uint64_t)1 << sq;
        }
        for (unsigned bits = 0; bits < 1u << digits; bits++) {
            unsigned t = 0, j = 0;
            for (uint64_t m = drawn; m; m &= m - 1, j++)
                if ((bits >> j) & 1) {
                    unsigned p = 1;
                    for (int d = 0; d < digit_of[__builtin_ctzll(m)]; d++)
                        p *= 3;
                    t += p;
                }
            gather_table[n][bits] = (uint16_t)t;
        }
    }
}

void rv_eg_eval_init(void)
{
    pthread_once(&once, init_instances);
}

static inline uint64_t gather(uint64_t b, uint64_t mask)
{
#ifdef __BMI2__
    return _pext_u64(b, mask);
#else
    uint64_t r = 0;
    for (uint64_t bit = 1; mask; mask &= mask - 1, bit += bit)
        if (b & mask & -mask)
            r |= bit;
    return r;
#endif
}

/* Instance i's entry in the weights. */
static inline uint32_t entry(int i, uint64_t me, uint64_t opp)
{
    const uint64_t mask = instance_of[i].mask;
    return (uint32_t)rv_eg_shape_offset[instance_of[i].shape] + gather_table[i][gather(me, mask)] +
           2u * gather_table[i][gather(opp, mask)];
}

/* The empty squares next to discs of b: where the other side may later
 * move. */
static inline uint64_t around(uint64_t b, uint64_t empty)
{
    const uint64_t h = ((b << 1) & 0xfefefefefefefefeULL) | ((b >> 1) & 0x7f7f7f7f7f7f7f7fULL);
    return (h | b | (h << 8) | (h >> 8) | (b << 8) | (b >> 8)) & empty;
}

static inline void terms(uint64_t me, uint64_t opp, int term[RV_EG_TERMS])
{
    const uint64_t empty = ~(me | opp);
    term[RV_EG_MOBILITY] = __builtin_popcountll(rv_moves_fast(me, opp)) - __builtin_popcountll(rv_moves_fast(opp, me));
    term[RV_EG_POTENTIAL] = __builtin_popcountll(around(opp, empty)) - __builtin_popcountll(around(me, empty));
    term[RV_EG_PARITY] = (__builtin_popcountll(empty) & 1) ? 1 : -1;
    term[RV_EG_BIAS] = 1;
}

static inline int phase_of(uint64_t me, uint64_t opp)
{
    return RV_EG_PHASE(64 - __builtin_popcountll(me | opp));
}

void rv_eg_features_of(uint64_t me, uint64_t opp, rv_eg_features *f)
{
    for (int i = 0; i < RV_EG_INSTANCES; i++)
        f->at[i] = entry(i, me, opp);
    terms(me, opp, f->term);
    f->phase = phase_of(me, opp);
}

int rv_eg_eval(uint64_t me, uint64_t opp)
{
    int term[RV_EG_TERMS];
    terms(me, opp, term);
    const int phase = phase_of(me, opp);
    const int16_t *w = rv_eg_weights[phase];
    int v = 0;
    /* Unrolled, each weight summed as its entry is found (no array of
     * entries): 40% fewer instructions here, 4-5% less time on FFO #53,
     * #56, #58 (docs/notes/reversi_endgame.md). */
#pragma GCC unroll 64
    for (int i = 0; i < RV_EG_INSTANCES; i++)
        v += w[entry(i, me, opp)];
    for (int i = 0; i < RV_EG_TERMS; i++)
        v += rv_eg_terms[phase][i] * term[i];
    return v;
}

/* Digit i of `index` (base 3) moved to position map[i]. */
static uint32_t permute(uint32_t index, const int *map, int n)
{
    int digit[10];
    for (int i = 0; i < n; i++, index /= 3)
        digit[map[i]] = (int)(index % 3);
    uint32_t t = 0;
    for (int i = n - 1; i >= 0; i--)
        t = 3 * t + (uint32_t)digit[i];
    return t;
}

uint32_t rv_eg_twin(int shape, uint32_t index)
{
    const int n = rv_eg_shape_squares[shape];
    int map[10];
    for (int i = 0; i < n; i++) {
        if (shape == RV_EG_BLOCK)
            map[i] = i % 3 * 3 + i / 3;
        else if (shape == RV_EG_EDGE)
            map[i] = i < 8 ? 7 - i : 17 - i;
        else
            map[i] = n - 1 - i;
    }
    return shape == RV_EG_CORNER ? index : permute(index, map, n);
}
