/*
 * Internal to the library: a lock-free transposition table for exact keys,
 * the one the Connect 4 solver shares between its threads (src/c4).  Not
 * public: no entry point takes or returns one; each search makes its own
 * from its options' tt_bytes (the default in gts/tt_size.h).
 *
 * Every entry is one 64-bit word in the format of tt_entry.h, read and
 * written with one relaxed atomic access: no locks and no integrity hash
 * are needed, and a hit can never belong to another position.
 *
 * A bucket is four entries in 32 aligned bytes (half a cache line).  A new
 * entry replaces the same key if present, else the entry with the least work
 * (log2 of the nodes its search took), so expensive results survive.
 *
 * Clearing costs what was used: the first store into an empty bucket logs
 * it, and gts_tt_clear zeroes the logged buckets, falling back to zeroing the
 * whole table only once more than an eighth of it was touched.
 */
#ifndef GTS_TT_H
#define GTS_TT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "core/tt_entry.h"

#define TT_SHARDS 16

typedef struct tt_table {
    _Atomic uint64_t *slots;        /* nbuckets * TT_BUCKET entries */
    uint64_t nbuckets;              /* a power of two */
    uint64_t key_mask;              /* keys are below 2^key_bits */
    int key_bits;
    int check_bits;                 /* key_bits - log2(nbuckets) */
    /* Buckets filled since the last clear, in TT_SHARDS logs of dirty_cap
     * entries each, picked by bucket index so that threads filling the
     * table rarely touch the same counter.  A count past dirty_cap means
     * the next clear zeroes the whole table. */
    uint32_t *dirty;
    size_t dirty_cap;
    struct {
        _Alignas(64) _Atomic size_t count;
    } shard[TT_SHARDS];
} tt_table;

/* The least size of a lossless table for keys below 2^key_bits. */
size_t gts_tt_min_bytes(int key_bits);

/* Allocates a table of at most `bytes` bytes (rounded down to a power of two
 * number of buckets) for keys below 2^key_bits.  Returns NULL with a reason
 * in err if the size is too small to stay lossless or memory is short. */
tt_table *gts_tt_create(size_t bytes, int key_bits, char *err, size_t errlen);
void gts_tt_free(tt_table *t);

/* Forgets every entry, at a cost in proportion to what was stored. */
void gts_tt_clear(tt_table *t);

size_t gts_tt_bytes(const tt_table *t);

/* Entries in use (a full scan: for statistics, not for the search). */
uint64_t gts_tt_used(const tt_table *t);

static inline uint64_t tt_mix(const tt_table *t, uint64_t key)
{
    return tt_mix_key(key, t->key_mask);
}

static inline _Atomic uint64_t *tt_bucket(const tt_table *t, uint64_t mixed)
{
    return t->slots + (mixed >> t->check_bits) * TT_BUCKET;
}

/* Starts loading key's bucket into the cache: the search calls it for every
 * child while ordering moves, so the probes that follow rarely wait on
 * memory. */
static inline void tt_prefetch(const tt_table *t, uint64_t key)
{
    __builtin_prefetch((const void *)tt_bucket(t, tt_mix(t, key)));
}

/* The data stored for key, or 0 if there is none. */
static inline unsigned tt_probe(const tt_table *t, uint64_t key)
{
    const uint64_t mixed = tt_mix(t, key);
    const uint64_t check = mixed & (((uint64_t)1 << t->check_bits) - 1);
    _Atomic uint64_t *b = tt_bucket(t, mixed);
    for (int i = 0; i < TT_BUCKET; i++) {
        const uint64_t e = atomic_load_explicit(&b[i], memory_order_relaxed);
        if (tt_entry_matches(e, check))
            return tt_entry_data(e);
    }
    return 0;
}

void gts_tt_log_dirty(tt_table *t, uint64_t bucket);

/* Stores data (non-zero, below 2^TT_DATA_BITS) for key; work is log2 of the
 * nodes the result took. */
static inline void tt_store(tt_table *t, uint64_t key, unsigned data, unsigned work)
{
    const uint64_t mixed = tt_mix(t, key);
    const uint64_t check = mixed & (((uint64_t)1 << t->check_bits) - 1);
    _Atomic uint64_t *b = tt_bucket(t, mixed);
    uint64_t e[TT_BUCKET];
    for (int i = 0; i < TT_BUCKET; i++)
        e[i] = atomic_load_explicit(&b[i], memory_order_relaxed);
    const int victim = tt_victim(e, check);
    if (!e[0])
        gts_tt_log_dirty(t, mixed >> t->check_bits);
    const uint64_t entry = tt_entry_make(check, work, data);
    atomic_store_explicit(&b[victim], entry, memory_order_relaxed);
}

#endif
