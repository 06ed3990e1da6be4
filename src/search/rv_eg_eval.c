/*
 * The endgame solver's pattern evaluation (rv_eg_eval.h has the shapes).
 * An instance's squares are gathered from each side's discs by one
 * _pext_u64 (BMI2; a loop without it), and a table of the instance turns
 * the gathered bits into the shape's ternary digits in the shape's order:
 * no image of the board is built.
 */
#include <pthread.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "rv_eg_eval.h"
#include "../games/reversi/rv_bits.h"

const int rv_eg_shape_squares[RV_EG_SHAPES] = { 10, 10, 9, 8, 8, 8, 8, 7, 6, 5, 4 };
const int rv_eg_shape_offset[RV_EG_SHAPES + 1] = {
    0, 59049, 118098, 137781, 144342, 150903, 157464, 164025, 166212, 166941, 167184, RV_EG_PATTERN_WEIGHTS,
};

/* One instance: its squares (the mask), and for each content of the mask
 * as _pext_u64 gathers it (bits in the order of the squares), the ternary
 * digits in the shape's order: entry = offset + gather[pext(me)] +
 * 2 * gather[pext(opp)]. */
typedef struct instance {
    uint64_t mask;
    uint32_t offset;
    const uint16_t *gather;
} instance;

static instance inst[RV_EG_INSTANCES];
/* The gather tables of all instances, 2^squares entries each. */
static uint16_t gather_tables[4 * 1024 + 8 * 1024 + 4 * 512 + 12 * 256 + 2 * 256 + 4 * (128 + 64 + 32 + 16)];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The shapes drawn on the images they are read on (rank, file per digit;
 * image bit k: read on image k). */
static const struct {
    unsigned images;
    const char *squares;
} shape_drawing[RV_EG_SHAPES] = {
    [RV_EG_EDGE] = { 0x53, "00010203040506071116" },  [RV_EG_CORNER] = { 0xff, "00010203041011121314" },
    [RV_EG_BLOCK] = { 0x0f, "000102101112202122" },   [RV_EG_LINE2] = { 0x53, "1011121314151617" },
    [RV_EG_LINE3] = { 0x53, "2021222324252627" },     [RV_EG_LINE4] = { 0x53, "3031323334353637" },
    [RV_EG_DIAG8] = { 0x03, "0011223344556677" },     [RV_EG_DIAG7] = { 0x0f, "01122334455667" },
    [RV_EG_DIAG6] = { 0x0f, "021324354657" },         [RV_EG_DIAG5] = { 0x0f, "0314253647" },
    [RV_EG_DIAG4] = { 0x0f, "04152637" },
};

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
    int n = 0;
    uint16_t *table = gather_tables;
    for (int shape = 0; shape < RV_EG_SHAPES; shape++) {
        const int digits = rv_eg_shape_squares[shape];
        for (int k = 0; k < 8; k++) {
            if (!((shape_drawing[shape].images >> k) & 1))
                continue;
            int digit_of[64];
            uint64_t mask = 0;
            for (int i = 0; i < digits; i++) {
                const char *rf = shape_drawing[shape].squares + 2 * i;
                const int sq = image_square(k, rf[0] - '0', rf[1] - '0');
                digit_of[sq] = i;
                mask |= (uint64_t)1 << sq;
            }
            for (unsigned bits = 0; bits < 1u << digits; bits++) {
                unsigned t = 0, j = 0;
                for (uint64_t m = mask; m; m &= m - 1, j++)
                    if ((bits >> j) & 1) {
                        unsigned p = 1;
                        for (int d = 0; d < digit_of[__builtin_ctzll(m)]; d++)
                            p *= 3;
                        t += p;
                    }
                table[bits] = (uint16_t)t;
            }
            inst[n++] = (instance){ mask, (uint32_t)rv_eg_shape_offset[shape], table };
            table += 1u << digits;
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
    const instance *x = &inst[i];
    return x->offset + x->gather[gather(me, x->mask)] + 2u * x->gather[gather(opp, x->mask)];
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

void rv_eg_features_of(uint64_t me, uint64_t opp, rv_eg_features *f)
{
    for (int i = 0; i < RV_EG_INSTANCES; i++)
        f->at[i] = entry(i, me, opp);
    terms(me, opp, f->term);
}

int rv_eg_eval(uint64_t me, uint64_t opp)
{
    int term[RV_EG_TERMS];
    terms(me, opp, term);
    int v = 0;
    /* Unrolled, each weight summed as its entry is found (no array of
     * entries): 40% fewer instructions here, 4-5% less time on FFO #53,
     * #56, #58 (docs/notes/reversi_endgame.md). */
#pragma GCC unroll 64
    for (int i = 0; i < RV_EG_INSTANCES; i++)
        v += rv_eg_weights[entry(i, me, opp)];
    for (int i = 0; i < RV_EG_TERMS; i++)
        v += rv_eg_terms[i] * term[i];
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
