/*
 * The tests' reference Reversi on a plain array of squares, written from
 * the rules square by square (no shifts, no words): what rvb_* and the
 * search are checked against.
 */
#ifndef GTS_TESTS_RVB_REF_H
#define GTS_TESTS_RVB_REF_H

#include <stdbool.h>
#include <string.h>

#include "gts/reversi_board.h"

enum { REF_EMPTY, REF_ME, REF_OPP };

typedef struct ref_board {
    int w, h;
    unsigned char sq[RVB_MAX_SQUARES];
} ref_board;

static const int REF_DX[8] = { 1, -1, 0, 0, 1, -1, 1, -1 }, REF_DY[8] = { 0, 0, 1, -1, 1, 1, -1, -1 };

static inline void ref_from_rvb(ref_board *r, const rvb *b)
{
    r->w = b->width;
    r->h = b->height;
    for (int s = 0; s < r->w * r->h; s++)
        r->sq[s] = (b->me[s / 64] >> (s % 64)) & 1 ? REF_ME : (b->opp[s / 64] >> (s % 64)) & 1 ? REF_OPP : REF_EMPTY;
}

/* The squares a move at s flips (into out, may be NULL); how many. */
static inline int ref_flips(const ref_board *r, int s, int *out)
{
    if (r->sq[s] != REF_EMPTY)
        return 0;
    int n = 0;
    for (int d = 0; d < 8; d++) {
        int x = s % r->w + REF_DX[d], y = s / r->w + REF_DY[d], run = 0;
        while (x >= 0 && x < r->w && y >= 0 && y < r->h && r->sq[y * r->w + x] == REF_OPP) {
            x += REF_DX[d];
            y += REF_DY[d];
            run++;
        }
        if (!run || x < 0 || x >= r->w || y < 0 || y >= r->h || r->sq[y * r->w + x] != REF_ME)
            continue;
        for (int i = 1; i <= run; i++, n++)
            if (out)
                out[n] = (s / r->w + i * REF_DY[d]) * r->w + s % r->w + i * REF_DX[d];
    }
    return n;
}

/* The legal moves in square order; how many. */
static inline int ref_moves(const ref_board *r, int *out)
{
    int n = 0;
    for (int s = 0; s < r->w * r->h; s++)
        if (ref_flips(r, s, NULL))
            out[n++] = s;
    return n;
}

static inline void ref_swap(ref_board *r)
{
    for (int s = 0; s < r->w * r->h; s++)
        if (r->sq[s] != REF_EMPTY)
            r->sq[s] = r->sq[s] == REF_ME ? REF_OPP : REF_ME;
}

/* Plays a legal move (or passes when s is RVB_PASS). */
static inline void ref_play(ref_board *r, int s)
{
    if (s != RVB_PASS) {
        static int f[RVB_MAX_SQUARES];
        const int n = ref_flips(r, s, f);
        for (int i = 0; i < n; i++)
            r->sq[f[i]] = REF_ME;
        r->sq[s] = REF_ME;
    }
    ref_swap(r);
}

#endif
