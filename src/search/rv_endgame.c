/*
 * Exact Reversi endgame solving: negamax alpha-beta on the final disc
 * difference (or on its sign alone), with
 * - fastest-first ordering away from the end: the moves that leave the
 *   opponent fewest replies first, corners before the rest;
 * - parity ordering near the end: moves into regions (quadrants) with an
 *   odd number of empty squares first, where the side to move gets the
 *   last disc;
 * - a table of results for positions with many empties.
 */
#include <stdio.h>
#include <stdlib.h>

#include "htt.h"
#include "gts/reversi.h"
#include "../util/gts_clock.h"

/* Below these many empties ordering or the table costs more than it saves. */
#define ORDER_EMPTIES 7
#define TABLE_EMPTIES 12

#define CORNERS 0x8100000000000081ULL

struct rv_solver {
    rv_solve_options opt;
    htt *tt;
    uint64_t nodes;
};
typedef struct rv_solver solver;

static inline uint64_t hash(uint64_t me, uint64_t opp)
{
    uint64_t z = me * 0x9e3779b97f4a7c15ULL ^ (opp + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 29)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 32);
}

/* Squares of the quadrants (a1-d4, e1-h4, a5-d8, e5-h8). */
static const uint64_t quadrant[4] = {
    0x000000000f0f0f0fULL, 0x00000000f0f0f0f0ULL, 0x0f0f0f0f00000000ULL, 0xf0f0f0f000000000ULL,
};

static int search(solver *s, uint64_t me, uint64_t opp, int alpha, int beta, bool passed, bool wld, int *best);

/* The moves in search order, most promising first; returns how many. */
static int order(uint64_t me, uint64_t opp, uint64_t moves, int tt_move, int *out)
{
    int n = 0;
    const uint64_t empty = ~(me | opp);
    if (__builtin_popcountll(empty) <= 14) {
        /* Parity: odd regions first, each in square order. */
        uint64_t odd = 0;
        for (int q = 0; q < 4; q++)
            if (__builtin_popcountll(empty & quadrant[q]) & 1)
                odd |= quadrant[q];
        if (tt_move >= 0 && (moves >> tt_move) & 1) {
            out[n++] = tt_move;
            moves &= ~((uint64_t)1 << tt_move);
        }
        for (uint64_t m = moves & odd; m; m &= m - 1)
            out[n++] = __builtin_ctzll(m);
        for (uint64_t m = moves & ~odd; m; m &= m - 1)
            out[n++] = __builtin_ctzll(m);
        return n;
    }
    int key[64];
    for (uint64_t m = moves; m; m &= m - 1) {
        const int sq = __builtin_ctzll(m);
        const uint64_t flips = rv_flips(me, opp, sq);
        const uint64_t after_opp = opp & ~flips, after_me = me | flips | (m & -m);
        int k = -16 * __builtin_popcountll(rv_moves(after_opp, after_me));
        if ((CORNERS >> sq) & 1)
            k += 64;
        if (sq == tt_move)
            k += 1 << 20;
        key[n] = k;
        out[n++] = sq;
    }
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && key[j] > key[j - 1]; j--) {
            const int tk = key[j], tm = out[j];
            key[j] = key[j - 1], out[j] = out[j - 1];
            key[j - 1] = tk, out[j - 1] = tm;
        }
    return n;
}

static int final_score(uint64_t me, uint64_t opp, bool wld)
{
    const rv_pos p = { me, opp };
    const int v = rv_final_score(&p);
    return wld ? (v > 0) - (v < 0) : v;
}

static int search(solver *s, uint64_t me, uint64_t opp, int alpha, int beta, bool passed, bool wld, int *best)
{
    s->nodes++;
    *best = RV_NO_MOVE;
    if (s->opt.stop && *s->opt.stop)
        return 0;
    const uint64_t moves = rv_moves(me, opp);
    if (!moves) {
        if (passed)
            return final_score(me, opp, wld);
        int ignored;
        *best = RV_PASS;
        return -search(s, opp, me, -beta, -alpha, true, wld, &ignored);
    }
    const int empties = 64 - __builtin_popcountll(me | opp);
    const int alpha0 = alpha;
    uint64_t key = 0;
    int tt_move = -1;
    if (empties >= TABLE_EMPTIES) {
        key = hash(me, opp);
        htt_hit hit;
        if (htt_probe(s->tt, key, &hit)) {
            tt_move = hit.move;
            if (hit.bound == HTT_BOUND_EXACT || (hit.bound == HTT_BOUND_LOWER && hit.score >= beta) ||
                (hit.bound == HTT_BOUND_UPPER && hit.score <= alpha)) {
                *best = hit.move;
                return hit.score;
            }
        }
    }
    int list[64], n;
    if (empties > ORDER_EMPTIES || tt_move >= 0) {
        n = order(me, opp, moves, tt_move, list);
    } else {
        n = 0;
        for (uint64_t m = moves; m; m &= m - 1)
            list[n++] = __builtin_ctzll(m);
    }
    int bestv = -65;
    for (int i = 0; i < n; i++) {
        const int sq = list[i];
        const uint64_t flips = rv_flips(me, opp, sq);
        int ignored, v;
        const uint64_t nme = opp & ~flips, nopp = me | flips | ((uint64_t)1 << sq);
        if (i > 0 && !wld && beta - alpha > 1) {
            /* PVS: later moves must prove they beat the first. */
            v = -search(s, nme, nopp, -alpha - 1, -alpha, false, wld, &ignored);
            if (v > alpha && v < beta)
                v = -search(s, nme, nopp, -beta, -alpha, false, wld, &ignored);
        } else {
            v = -search(s, nme, nopp, -beta, -alpha, false, wld, &ignored);
        }
        if (v > bestv) {
            bestv = v;
            *best = sq;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    if (key && !(s->opt.stop && *s->opt.stop)) {
        const int bound = bestv <= alpha0 ? HTT_BOUND_UPPER : bestv >= beta ? HTT_BOUND_LOWER : HTT_BOUND_EXACT;
        htt_store(s->tt, key, bestv, *best, empties, bound);
    }
    return bestv;
}

void rv_solve_defaults(rv_solve_options *o)
{
    *o = (rv_solve_options){ .tt_bytes = (size_t)64 << 20 };
}

rv_solver *rv_solver_create(const rv_solve_options *o, char *err, size_t errlen)
{
    solver *s = calloc(1, sizeof *s);
    if (s) {
        s->opt = *o;
        s->tt = htt_create(o->tt_bytes ? o->tt_bytes : (size_t)64 << 20);
    }
    if (!s || !s->tt) {
        snprintf(err, errlen, "out of memory for the endgame table");
        rv_solver_free(s);
        return NULL;
    }
    return s;
}

void rv_solver_free(rv_solver *s)
{
    if (s) {
        htt_free(s->tt);
        free(s);
    }
}

void rv_solver_run(rv_solver *s, const rv_pos *p, rv_solve_result *r)
{
    const double t0 = gts_now_usec();
    /* Entries of earlier positions stay valid (a key is the position), but
     * a new generation lets this one's replace them first. */
    s->tt->generation++;
    s->nodes = 0;
    const int bound = s->opt.wld ? 1 : 64;
    r->score = search(s, p->me, p->opp, -bound, bound, false, s->opt.wld, &r->move);
    r->stopped = s->opt.stop && *s->opt.stop;
    r->nodes = s->nodes;
    r->usec = gts_now_usec() - t0;
}

int rv_solve(const rv_pos *p, const rv_solve_options *o, rv_solve_result *r, char *err, size_t errlen)
{
    rv_solver *s = rv_solver_create(o, err, errlen);
    if (!s)
        return -1;
    rv_solver_run(s, p, r);
    rv_solver_free(s);
    return 0;
}
