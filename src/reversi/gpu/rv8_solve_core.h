/*
 * Internal: the 8x8 GPU batch solver's per-lane search, for the kernel
 * (rv8_solve_kernel.cu) and the CPU executor (rv8_solve.c): fail-soft
 * negamax alpha-beta to the end of the game with an explicit stack, no
 * table, and the CPU solver's shallow rules (rv_endgame*.c): fastest-first
 * order from RV8S_SORT_EMPTIES empties (the fewest replies, corners
 * twice; a corner move first), parity order below (moves into quadrants
 * with an odd number of empties first), the last two empties by the code
 * the CPU solver shares (rv_8x8_last.h: the last move counted, not
 * played).
 */
#ifndef GTS_RV8_SOLVE_CORE_H
#define GTS_RV8_SOLVE_CORE_H

#include "reversi/gpu/rv8_stop.h"
#include "reversi/rv_8x8_last.h"

/* The most empties a lane solves: no table, so a position of 20 empties
 * takes a lane seconds; the CPU solver takes the rest. */
#define RV8S_MAX_EMPTIES 20
/* A frame per node with three or more empties, one more per pass. */
#define RV8S_MAX_FRAMES (2 * RV8S_MAX_EMPTIES)
/* Sorted from 5 empties, not 6 as on the CPU: 1,000,000 positions at 12
 * empties on an H200 took 20.3 s at 5 against 21.1-21.2 s at 6 and 22.0 s
 * at 7 (7% fewer nodes than at 6).  -D overrides it for that experiment. */
#ifndef RV8S_SORT_EMPTIES
#define RV8S_SORT_EMPTIES 5
#endif
#define RV8S_PASS 64
#define RV8S_NONE 0xff
#define RV8S_CORNERS 0x8100000000000081ULL

/* A position's answer: score for the side to move (wld: -1, 0, 1), a best
 * move (0..63, RV8S_PASS, or RV8S_NONE at the game's end; RV8S_STOPPED or
 * RV8S_OVER_BUDGET if the lane gave it up), nodes. */
#define RV8S_STOPPED (-1)
#define RV8S_OVER_BUDGET (-2)
typedef struct rv8s_answer {
    int score;
    int move;
    uint64_t nodes;
} rv8s_answer;

/* The squares of the quadrants holding an odd number of empties. */
RV_INLINE uint64_t rv8s_odd_squares(uint64_t empty)
{
    uint64_t odd = 0;
    for (int q = 0; q < 4; q++) {
        const uint64_t squares = 0x0f0f0f0fULL << (4 * (q & 1) + 32 * (q >> 1));
        if (rv_popcount(empty & squares) & 1)
            odd |= squares;
    }
    return odd;
}

/* 48 bytes, not 64: the lanes' stacks live in local memory, and an SM's
 * lanes' frames must stay in its L1 (scores -65..65 and squares fit a
 * byte). */
typedef struct rv8s_frame {
    uint64_t me, opp;
    signed char alpha, beta, best;
    unsigned char n, i, best_move;
    unsigned char list[RV8S_MAX_EMPTIES];
} rv8s_frame;

/* The fastest-first key of moving at sq: fewer replies (corners twice)
 * first, a corner first among equals; lower is earlier. */
RV_INLINE int rv8s_key(uint64_t me, uint64_t opp, int sq)
{
    const uint64_t flips = rv_flips_shift(me, opp, sq);
    const uint64_t replies = rv_moves_scalar(opp & ~flips, me | flips | ((uint64_t)1 << sq));
    return 4 * (rv_popcount(replies) + rv_popcount(replies & RV8S_CORNERS)) - (int)((RV8S_CORNERS >> sq) & 1);
}

/* Fills f's move list for (me, opp) with moves (not 0), in the order of
 * the shallow rules. */
RV_INLINE void rv8s_order(rv8s_frame *f, uint64_t me, uint64_t opp, uint64_t moves, int empties)
{
    int n = 0;
    if (empties < RV8S_SORT_EMPTIES) {
        const uint64_t odd = rv8s_odd_squares(~(me | opp));
        for (uint64_t m = moves & odd; m; m &= m - 1)
            f->list[n++] = (unsigned char)rv_first_square(m);
        for (uint64_t m = moves & ~odd; m; m &= m - 1)
            f->list[n++] = (unsigned char)rv_first_square(m);
    } else {
        int key[RV8S_MAX_EMPTIES];
        for (uint64_t m = moves; m; m &= m - 1) {
            const int sq = rv_first_square(m), k = rv8s_key(me, opp, sq);
            int j = n++;
            for (; j > 0 && key[j - 1] > k; j--) {
                key[j] = key[j - 1];
                f->list[j] = f->list[j - 1];
            }
            key[j] = k;
            f->list[j] = (unsigned char)sq;
        }
    }
    f->n = (unsigned char)n;
}

/* The value of a node of at most two empties, or false if it needs a
 * frame. */
RV_INLINE bool rv8s_leaf(uint64_t me, uint64_t opp, int beta, int *value)
{
    const uint64_t empty = ~(me | opp);
    const int e = rv_popcount(empty);
    if (e == 0)
        *value = rv_last_final(me, opp);
    else if (e == 1)
        *value = rv_last1(me, opp, rv_first_square(empty));
    else if (e == 2)
        *value = rv_last2(me, opp, beta, rv_first_square(empty), rv_first_square(empty & (empty - 1)));
    else
        return false;
    return true;
}

/* Pushes the node (me, opp) in (alpha, beta) as frame st[top]; false (and
 * its value) if it ends the game.  A side that cannot move gets a list of
 * the pass alone. */
RV_INLINE bool rv8s_push(rv8s_frame *f, uint64_t me, uint64_t opp, int alpha, int beta, int *value)
{
    const uint64_t moves = rv_moves_scalar(me, opp);
    f->me = me, f->opp = opp, f->alpha = (signed char)alpha, f->beta = (signed char)beta;
    f->best = -65, f->i = 0, f->best_move = RV8S_NONE;
    if (moves) {
        rv8s_order(f, me, opp, moves, 64 - rv_popcount(me | opp));
        return true;
    }
    if (!rv_moves_scalar(opp, me)) {
        *value = rv_last_final(me, opp);
        return false;
    }
    f->list[0] = RV8S_PASS;
    f->n = 1;
    return true;
}

/* Nodes between two reads of the stop word and of the budget: a lane does
 * some tens of thousands a second, so a stop ends a position of minutes at
 * once. */
#define RV8S_STOP_NODES 4096

/* Solves (me, opp) (at most RV8S_MAX_EMPTIES empties) in (alpha, beta):
 * the exact score inside the window, else a bound beyond it, and the move
 * that gave it; move RV8S_STOPPED if stop was raised first, or
 * RV8S_OVER_BUDGET once it took `budget` nodes (0: no limit; checked
 * every RV8S_STOP_NODES). */
RV_INLINE rv8s_answer rv8s_solve(uint64_t me, uint64_t opp, int alpha, int beta, const int *stop, uint64_t budget)
{
    rv8s_frame st[RV8S_MAX_FRAMES];
    rv8s_answer a = { 0, RV8S_NONE, 1 };
    int top = 0, value = 0;
    if (!rv8s_push(&st[0], me, opp, alpha, beta, &a.score))
        return a;
    for (;;) {
        rv8s_frame *f = &st[top];
        if (f->i == f->n || f->best >= f->beta) {
            if (top == 0)
                break;
            value = -f->best;
            f = &st[--top];
            const int sq = f->list[f->i - 1];
            if (value > f->best)
                f->best = (signed char)value, f->best_move = (unsigned char)sq;
            continue;
        }
        const int sq = f->list[f->i++];
        uint64_t child_me = f->opp, child_opp = f->me;
        if (sq != RV8S_PASS) {
            const uint64_t flips = rv_flips_shift(f->me, f->opp, sq);
            child_me = f->opp & ~flips;
            child_opp = f->me | flips | ((uint64_t)1 << sq);
        }
        const int child_alpha = -f->beta, child_beta = -(f->alpha > f->best ? f->alpha : f->best);
        if (++a.nodes % RV8S_STOP_NODES == 0) {
            const int given_up = rv8_stop_raised(stop)             ? RV8S_STOPPED
                                 : budget && a.nodes >= budget ? RV8S_OVER_BUDGET
                                                               : 0;
            if (given_up) {
                a.move = given_up;
                return a;
            }
        }
        if (rv8s_leaf(child_me, child_opp, child_beta, &value) ||
            !rv8s_push(&st[top + 1], child_me, child_opp, child_alpha, child_beta, &value)) {
            if (-value > f->best)
                f->best = (signed char)-value, f->best_move = (unsigned char)sq;
            continue;
        }
        top++;
    }
    a.score = st[0].best;
    a.move = st[0].best_move;
    return a;
}

#endif
