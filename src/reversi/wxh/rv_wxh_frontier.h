/*
 * Internal: both sides' mobility after each move of one position, made
 * from that position's move generation instead of from scratch.
 *
 * The search's nodes one ply above the leaves (a 64x64 board has 100-200
 * moves each) evaluate every child, and a child differs from its parent
 * in the rows of the move and its flips only.  The generator
 * (rv_wxh_moves.c) goes along each row, then up the words and down the
 * words carrying runs of discs from word to word.  rv_frontier_prepare
 * keeps, for the parent and per word, what each of the three found for
 * each side and the runs that entered the word.  For a child, the rows
 * are redone in the changed words only; the pass up starts at the first
 * changed word from the runs the parent had there (the words below are
 * the same) and stops at the first word, past the changed ones, that the
 * same runs enter as in the parent; the pass down likewise.
 */
#ifndef GTS_RV_WXH_FRONTIER_H
#define GTS_RV_WXH_FRONTIER_H

#include "gts/reversi_board.h"

/* What was found per side (0: the side to move, 1: the other). */
typedef struct rv_frontier {
    int lo, hi;                     /* the words worked on: the discs' and two more each side */
    int count[2];                   /* each side's number of moves */
    uint64_t row[2][RVB_MAX_WORDS], up[2][RVB_MAX_WORDS], down[2][RVB_MAX_WORDS];
    /* The runs entering word i in the pass up and in the pass down (three
     * directions each). */
    uint64_t up_in[2][RVB_MAX_WORDS][3], down_in[2][RVB_MAX_WORDS][3];
} rv_frontier;

/* f for the position b (two or more words). */
void rv_frontier_prepare(rv_frontier *f, const rvb *b);

/* The side to move's moves found by rv_frontier_prepare, as rvb_moves
 * gives them (words of the board). */
void rv_frontier_moves(const rv_frontier *f, int words, uint64_t *moves);

/* The mobilities of the position after b (f's position) plays sq with
 * those flips (rvb_flips): *mine for the side to move there (b's
 * opponent), *theirs for the other. */
void rv_frontier_child(const rv_frontier *f, const rvb *b, int sq, const uint64_t *flips, int lo, int hi, int *mine,
                       int *theirs);

#endif
