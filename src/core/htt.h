/*
 * Internal: the transposition table for hashed keys (Gomoku, Reversi),
 * shared lock-free by threads.
 *
 * An entry of score, bound, depth and best move needs more than the 13
 * data bits of the exact-key Connect 4 table (tt.h), and these games' keys
 * are 64-bit hashes, not exact.  So an entry is two words, the data and
 * the key XOR the data, each written with one relaxed atomic store: a
 * reader that sees a torn pair (one word from each of two writers) gets a
 * key that matches neither and treats it as a miss.  A bucket is four
 * entries in one 64-byte cache line.
 */
#ifndef GTS_HTT_H
#define GTS_HTT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { HTT_BOUND_NONE, HTT_BOUND_UPPER, HTT_BOUND_LOWER, HTT_BOUND_EXACT };

typedef struct htt_slot {
    _Atomic uint64_t check;   /* key ^ data */
    _Atomic uint64_t data;
} htt_slot;

typedef struct htt {
    htt_slot *slots;
    uint64_t mask;            /* buckets - 1 */
    unsigned generation;      /* of the current search, 8 bits */
} htt;

typedef struct htt_hit {
    int32_t score;
    int move;                 /* -1 if none */
    int depth, bound;
} htt_hit;

/* A table of at most `bytes` (at least one bucket); NULL if out of memory. */
htt *gts_htt_create(size_t bytes);
void gts_htt_free(htt *t);
void gts_htt_clear(htt *t);

static inline htt_slot *htt_bucket(const htt *t, uint64_t key)
{
    return t->slots + (key & t->mask) * 4;
}

static inline uint64_t htt_pack(int32_t score, int move, int depth, int bound, unsigned gen)
{
    return (uint64_t)(uint32_t)score | (uint64_t)(move + 1) << 32 | (uint64_t)depth << 43 |
           (uint64_t)bound << 50 | (uint64_t)(gen & 255) << 52;
}

static inline bool htt_probe(const htt *t, uint64_t key, htt_hit *hit)
{
    htt_slot *b = htt_bucket(t, key);
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
static inline void htt_store(htt *t, uint64_t key, int32_t score, int move, int depth, int bound)
{
    htt_slot *b = htt_bucket(t, key);
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
    const uint64_t data = htt_pack(score, move, depth, bound, t->generation);
    atomic_store_explicit(&b[victim].data, data, memory_order_relaxed);
    atomic_store_explicit(&b[victim].check, key ^ data, memory_order_relaxed);
}

#endif
