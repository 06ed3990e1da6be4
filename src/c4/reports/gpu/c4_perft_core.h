/*
 * The GPU perft's per-thread work, for the kernel (c4_perft_kernel.cu) and
 * the CPU executor (c4_perft_gpu.c): play sequence number idx (base-W
 * digits, first move most significant) of k moves, and keep its final
 * position in a set of keys shared by all threads.
 */
#ifndef GTS_C4_PERFT_CORE_H
#define GTS_C4_PERFT_CORE_H

#include "gts/c4.h"

#define C4P_MAX_SUFFIX 8

/* Plays sequence idx of k moves on q; false if a move goes into a full
 * column or follows a win. */
C4_INLINE bool c4p_play_sequence(const c4_geom *g, c4_pos *q, uint64_t idx, int k)
{
    int cols[C4P_MAX_SUFFIX];
    for (int i = k - 1; i >= 0; i--) {
        cols[i] = (int)(idx % (uint64_t)g->width);
        idx /= (uint64_t)g->width;
    }
    bool over = false;
    for (int i = 0; i < k; i++) {
        if (over || !c4_can_play(g, q, cols[i]))
            return false;
        over = c4_is_winning_move(g, q, cols[i]);
        c4_play(g, q, cols[i]);
    }
    return true;
}

/* A position `depth` plies below the root, and whether its last move won
 * (nothing may follow). */
typedef struct c4p_prefix {
    c4_pos pos;
    bool over;
} c4p_prefix;

/* Every position `depth` plies below p, as sequences (with repeats), into
 * out (room for W^depth), counted in *n. */
static inline void c4p_prefixes(const c4_geom *g, const c4_pos *p, int depth, bool over, c4p_prefix *out,
                                size_t *n)
{
    if (depth == 0) {
        out[*n].pos = *p;
        out[*n].over = over;
        ++*n;
        return;
    }
    if (over || p->moves == g->cells)
        return;
    for (int col = 0; col < g->width; col++) {
        if (!c4_can_play(g, p, col))
            continue;
        const bool win = c4_is_winning_move(g, p, col);
        c4_pos q = *p;
        c4_play(g, &q, col);
        c4p_prefixes(g, &q, depth - 1, win, out, n);
    }
}

/* Slots of a set of keys in at most `bytes` (a power of two, at least
 * 1024); it is full at three quarters. */
C4_INLINE uint64_t c4p_set_slots(size_t bytes)
{
    uint64_t cap = 1024;
    while (cap * 2 * sizeof(uint64_t) <= bytes)
        cap *= 2;
    return cap;
}

#ifndef __CUDACC__
/* The set size of a perft: set_bytes if given, else c4_perft_set_bytes's
 * for the depth, at most half the machine's memory (c4_perft.c). */
size_t c4p_resolve_set_bytes(const c4_geom *g, const c4_pos *p, int depth, size_t set_bytes);
#endif

C4_INLINE uint64_t c4p_slot(uint64_t key, uint64_t mask)
{
    return ((key + 1) * 0x9e3779b97f4a7c15ULL >> 17) & mask;
}

#endif
