/*
 * Stable discs: discs that no continuation of the game can flip.  A disc
 * flips only along a line through it, between two of the other side's
 * discs; so it is stable if along each of its four lines the line is full,
 * or it has the board's edge or a stable disc of its own colour next to
 * it (that disc would have to flip with it).  Edge discs are taken from a
 * table of the 3^8 contents of an edge (an edge disc flips only along the
 * edge), assuming any empty edge square may be played by either side.
 */
#include <pthread.h>

#include "reversi/rv_endgame.h"

#define FILE_A 0x0101010101010101ULL
#define FILE_H 0x8080808080808080ULL
#define RANK_1 0x00000000000000ffULL
#define RANK_8 0xff00000000000000ULL
#define BORDER (FILE_A | FILE_H | RANK_1 | RANK_8)

/* [mine][theirs] of an 8-square edge: its squares whose discs are stable. */
static uint8_t edge_stable[256][256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* The discs a disc of `me` at i flips along an 8-square edge. */
static unsigned edge_flips(unsigned me, unsigned opp, int i)
{
    unsigned flips = 0;
    for (int d = -1; d <= 1; d += 2) {
        unsigned run = 0;
        int j = i + d;
        while (j >= 0 && j < 8 && ((opp >> j) & 1)) {
            run |= 1u << j;
            j += d;
        }
        if (j >= 0 && j < 8 && ((me >> j) & 1))
            flips |= run;
    }
    return flips;
}

/* Fuller edges first, so that every move's result is known. */
static void init_edges(void)
{
    for (int filled = 8; filled >= 0; filled--)
        for (unsigned a = 0; a < 256; a++)
            for (unsigned b = 0; b < 256; b++) {
                if ((a & b) || __builtin_popcount(a | b) != filled)
                    continue;
                unsigned stable = a | b;
                for (int i = 0; i < 8; i++) {
                    if (((a | b) >> i) & 1)
                        continue;
                    const unsigned fa = edge_flips(a, b, i), fb = edge_flips(b, a, i);
                    stable &= ~fa & edge_stable[a | fa | 1u << i][b & ~fa];
                    stable &= ~fb & edge_stable[a & ~fb][b | fb | 1u << i];
                }
                edge_stable[a][b] = (uint8_t)stable;
            }
}

void rv_stable_init(void)
{
    pthread_once(&once, init_edges);
}

/* Squares of file A gathered into the low byte (bit i = rank i+1), and
 * back. */
static inline unsigned file_a_byte(uint64_t b)
{
    return (unsigned)(((b & FILE_A) * 0x0102040810204080ULL) >> 56);
}

static inline uint64_t byte_to_file_a(unsigned x)
{
    return ((((x * 0x0101010101010101ULL) & 0x8040201008040201ULL) + 0x7f7f7f7f7f7f7f7fULL) >> 7) & FILE_A;
}

/* The squares of `filled` whose whole line in one direction is filled.
 * A row is full when its byte is: ANDing the byte's bits by halves
 * leaves that in its first bit; a column likewise by ranks. */
static inline uint64_t full_rows(uint64_t filled)
{
    filled &= filled >> 4;
    filled &= filled >> 2;
    filled &= filled >> 1;
    return (filled & FILE_A) * 0xff;
}

static inline uint64_t full_columns(uint64_t filled)
{
    filled &= filled >> 32;
    filled &= filled >> 16;
    filled &= filled >> 8;
    return (filled & 0xff) * FILE_A;
}

/* For a diagonal direction the empty squares are smeared along it, 1, 2
 * and 4 steps up and then down (seven in all); `up` / `down`: what stays of
 * the board after a shift of 1, 2 and 4 steps that way (no wrap across the
 * side of the board). */
static inline uint64_t full_diagonals(uint64_t filled, int d, const uint64_t up[3], const uint64_t down[3])
{
    uint64_t e = ~filled;
    for (int i = 0; i < 3; i++)
        e |= (e << (d << i)) & up[i];
    for (int i = 0; i < 3; i++)
        e |= (e >> (d << i)) & down[i];
    return filled & ~e;
}

/* Files A, A-B and A-D, and H, G-H and E-H, off. */
static const uint64_t no_west[3] = { ~0x0101010101010101ULL, ~0x0303030303030303ULL, ~0x0f0f0f0f0f0f0f0fULL };
static const uint64_t no_east[3] = { ~0x8080808080808080ULL, ~0xc0c0c0c0c0c0c0c0ULL, ~0xf0f0f0f0f0f0f0f0ULL };

uint64_t rv_stable_discs(uint64_t disc, uint64_t other)
{
    const uint64_t filled = disc | other;
    const uint64_t full_h = full_rows(filled);
    const uint64_t full_v = full_columns(filled);
    const uint64_t full_d9 = full_diagonals(filled, 9, no_west, no_east);
    const uint64_t full_d7 = full_diagonals(filled, 7, no_east, no_west);
    uint64_t stable = disc & full_h & full_v & full_d9 & full_d7;
    stable |= disc & edge_stable[disc & 0xff][other & 0xff];
    stable |= disc & ((uint64_t)edge_stable[disc >> 56][other >> 56] << 56);
    stable |= disc & byte_to_file_a(edge_stable[file_a_byte(disc)][file_a_byte(other)]);
    stable |= disc & (byte_to_file_a(edge_stable[file_a_byte(disc >> 7)][file_a_byte(other >> 7)]) << 7);
    if (!stable)
        return 0;
    /* Safe along a direction: the line is full or ends next to the disc. */
    const uint64_t safe_h = full_h | FILE_A | FILE_H, safe_v = full_v | RANK_1 | RANK_8;
    const uint64_t safe_d9 = full_d9 | BORDER, safe_d7 = full_d7 | BORDER;
    for (;;) {
        const uint64_t h = safe_h | ((stable << 1) & ~FILE_A) | ((stable >> 1) & ~FILE_H);
        const uint64_t v = safe_v | (stable << 8) | (stable >> 8);
        const uint64_t d9 = safe_d9 | ((stable << 9) & ~FILE_A) | ((stable >> 9) & ~FILE_H);
        const uint64_t d7 = safe_d7 | ((stable << 7) & ~FILE_H) | ((stable >> 7) & ~FILE_A);
        const uint64_t more = stable | (disc & h & v & d9 & d7);
        if (more == stable)
            return stable;
        stable = more;
    }
}
