/*
 * Internal: a pattern evaluation of 8x8 Reversi positions in discs for the
 * side to move, fitted to exact endgame scores (tools/rv_train.c), for the
 * endgame solver's move ordering and its first MTD(f) guess.
 *
 * The board is seen in its 8 symmetric images (B0 as it is, B1 upside
 * down, B2 mirrored left-right, B3 both; B4-B7 those transposed about
 * a1-h8), and every shape is read in one place, near a1, of some of them:
 *
 *   shape   squares (on the image)        images   instances
 *   edge+X  a1-h1, b2, g2                 0 1 4 6  the 4 edges
 *   corner  a1-e1, a2-e2 (2x5)            0-7      8
 *   block   a1-c3 (3x3)                   0-3      the 4 corners
 *   line2   a2-h2 (3, 4: a3-h3, a4-h4)    0 1 4 6  4 each
 *   diag8   a1-h8                         0 1      2
 *   diag7   b1-h7 (6, 5, 4: c1, d1, e1-)  0-3      4 each
 *
 * A shape's squares are its ternary digits in the order of the bits of
 * the image (digit 0 the lowest square; edge+X: a1-h1, b2, g2), 0 empty,
 * 1 the mover's, 2 the opponent's; all instances of a shape share one
 * table.  Images that read an instance of a symmetric shape backwards
 * (edges and lines reversed, the block transposed) give the same weight:
 * the fit ties those entries, so the sum is the same on all 8 images of a
 * position.  Plus mobility, potential mobility, parity and a bias.
 */
#ifndef GTS_RV_EG_EVAL_H
#define GTS_RV_EG_EVAL_H

#include <stdint.h>

/* Evaluation units per disc. */
#define RV_EG_EVAL_SCALE 64

enum { RV_EG_EDGE, RV_EG_CORNER, RV_EG_BLOCK, RV_EG_LINE2, RV_EG_LINE3, RV_EG_LINE4,
       RV_EG_DIAG8, RV_EG_DIAG7, RV_EG_DIAG6, RV_EG_DIAG5, RV_EG_DIAG4, RV_EG_SHAPES };

/* Pattern instances per position, shapes' squares, where each shape's
 * table starts in the weights and the weights in all. */
#define RV_EG_INSTANCES 46
extern const int rv_eg_shape_squares[RV_EG_SHAPES];
extern const int rv_eg_shape_offset[RV_EG_SHAPES + 1];
#define RV_EG_PATTERN_WEIGHTS 167265
/* The other terms: mobility (moves, own minus the opponent's), potential
 * mobility (empty squares next to the opponent's discs minus next to
 * one's own), parity (1 with an odd number of empties, else -1), bias. */
enum { RV_EG_MOBILITY, RV_EG_POTENTIAL, RV_EG_PARITY, RV_EG_BIAS, RV_EG_TERMS };

/* Weights by phase, phases by empties (rv_eg_weights.c, generated). */
#define RV_EG_PHASES 1
static inline int rv_eg_phase(int empties)
{
    (void)empties;
    return 0;
}
extern const int16_t rv_eg_weights[RV_EG_PHASES][RV_EG_PATTERN_WEIGHTS];
extern const int16_t rv_eg_terms[RV_EG_PHASES][RV_EG_TERMS];

/* A position's features: each instance's entry in the weights, and the
 * other terms' values. */
typedef struct rv_eg_features {
    uint32_t at[RV_EG_INSTANCES];
    int term[RV_EG_TERMS];
} rv_eg_features;

/* Builds the instances' tables (once; before any of the functions below). */
void rv_eg_eval_init(void);
void rv_eg_features_of(uint64_t me, uint64_t opp, rv_eg_features *f);

/* The evaluation in RV_EG_EVAL_SCALE units per disc. */
int rv_eg_eval(uint64_t me, uint64_t opp);

/* The index of the same instance read the other way (reversed, or the
 * block transposed; the 2x5 corner: itself): a shape's entries `index`
 * and rv_eg_twin(shape, index) hold the same weight. */
uint32_t rv_eg_twin(int shape, uint32_t index);

#endif
