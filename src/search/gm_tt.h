/*
 * Internal: the Gomoku transposition table, shared lock-free by threads.
 *
 * A heuristic entry (score, bound, depth, best move) needs more than the
 * 13 data bits of the exact-key Connect 4 table (tt.h), and Gomoku keys are
 * 64-bit Zobrist hashes, not exact.  So an entry is two words, the data and
 * the key XOR the data, each written with one relaxed atomic store: a
 * reader that sees a torn pair (one word from each of two writers) gets a
 * key that matches neither and treats it as a miss.  A bucket is four
 * entries in one 64-byte cache line.
 */
#ifndef GTS_GM_TT_H
#define GTS_GM_TT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { GM_BOUND_NONE, GM_BOUND_UPPER, GM_BOUND_LOWER, GM_BOUND_EXACT };

typedef struct gm_tt_slot {
    _Atomic uint64_t check;   /* key ^ data */
    _Atomic uint64_t data;
} gm_tt_slot;

typedef struct gm_tt {
    gm_tt_slot *slots;
    uint64_t mask;            /* buckets - 1 */
    unsigned generation;      /* of the current search, 8 bits */
} gm_tt;

typedef struct gm_tt_hit {
    int32_t score;
    int move;                 /* GM_NO_MOVE if none */
    int depth, bound;
} gm_tt_hit;

/* A table of at most `bytes` (at least one bucket); NULL if out of memory. */
gm_tt *gm_tt_create(size_t bytes);
void gm_tt_free(gm_tt *t);
void gm_tt_clear(gm_tt *t);

static inline gm_tt_slot *gm_tt_bucket(const gm_tt *t, uint64_t key)
{
    return t->slots + (key & t->mask) * 4;
}

static inline uint64_t gm_tt_pack(int32_t score, int move, int depth, int bound, unsigned gen)
{
    return (uint64_t)(uint32_t)score | (uint64_t)(move + 1) << 32 | (uint64_t)depth << 43 |
           (uint64_t)bound << 50 | (uint64_t)(gen & 255) << 52;
}

static inline bool gm_tt_probe(const gm_tt *t, uint64_t key, gm_tt_hit *hit)
{
    gm_tt_slot *b = gm_tt_bucket(t, key);
    for (int i = 0; i < 4; i++) {
        const uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        const uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if (data && (check ^ data) == key) {
            hit->score = (int32_t)(uint32_t)data;
            hit->move = (int)((data >> 32) & 2047) - 1;
            hit->depth = (int)((data >> 43) & 127);
            hit->bound = (int)((data >> 50) & 3);
            return true;
        }
    }
    return false;
}

/* Replaces the same key, else an entry of an older search, else the
 * shallowest. */
static inline void gm_tt_store(gm_tt *t, uint64_t key, int32_t score, int move, int depth, int bound)
{
    gm_tt_slot *b = gm_tt_bucket(t, key);
    int victim = 0, worst = 1 << 30;
    for (int i = 0; i < 4; i++) {
        const uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        const uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if (!data || (check ^ data) == key) {
            victim = i;
            break;
        }
        const int old = ((data >> 52) & 255) != (t->generation & 255);
        const int rank = (int)((data >> 43) & 127) - 256 * old;
        if (rank < worst) {
            worst = rank;
            victim = i;
        }
    }
    const uint64_t data = gm_tt_pack(score, move, depth, bound, t->generation);
    atomic_store_explicit(&b[victim].data, data, memory_order_relaxed);
    atomic_store_explicit(&b[victim].check, key ^ data, memory_order_relaxed);
}

#endif
