/* Transposition table allocation and clearing; probe and store are inline
 * in tt.h. */
#include "core/tt.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

size_t gts_tt_min_bytes(int key_bits)
{
    return (size_t)TT_BUCKET * sizeof(uint64_t) << (key_bits > TT_CHECK_BITS ? key_bits - TT_CHECK_BITS : 0);
}

tt_table *gts_tt_create(size_t bytes, int key_bits, char *err, size_t errlen)
{
    const size_t bucket_bytes = TT_BUCKET * sizeof(uint64_t);
    int log2b = 0;
    while (log2b < key_bits && ((size_t)bucket_bytes << (log2b + 1)) <= bytes)
        log2b++;
    if (key_bits - log2b > TT_CHECK_BITS) {
        snprintf(err, errlen, "table of %zu bytes too small for %d-bit keys: need at least %zu MB", bytes,
                 key_bits, (gts_tt_min_bytes(key_bits) + (1u << 20) - 1) >> 20);
        return NULL;
    }
    tt_table *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory for the transposition table");
        return NULL;
    }
    t->nbuckets = (uint64_t)1 << log2b;
    t->key_bits = key_bits;
    t->key_mask = key_bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << key_bits) - 1;
    t->check_bits = key_bits - log2b;
    t->dirty_cap = t->nbuckets / 8 / TT_SHARDS;
    const size_t table_bytes = t->nbuckets * bucket_bytes;
    /* 2 MB alignment lets the kernel back the table with huge pages: a
     * probe is a random access, and with 4 KB pages most of them would
     * also miss the TLB. */
    const size_t align = table_bytes >= ((size_t)2 << 20) ? (size_t)2 << 20 : 64;
    t->slots = aligned_alloc(align, table_bytes < align ? align : table_bytes);
    if (t->slots && align > 64)
        madvise((void *)t->slots, table_bytes, MADV_HUGEPAGE);
    t->dirty = malloc((t->dirty_cap * TT_SHARDS + 1) * sizeof *t->dirty);
    if (!t->slots || !t->dirty) {
        snprintf(err, errlen, "out of memory for a %zu-byte transposition table", table_bytes);
        gts_tt_free(t);
        return NULL;
    }
    memset((void *)t->slots, 0, table_bytes);
    for (int i = 0; i < TT_SHARDS; i++)
        atomic_init(&t->shard[i].count, 0);
    return t;
}

void gts_tt_free(tt_table *t)
{
    if (!t)
        return;
    free((void *)t->slots);
    free(t->dirty);
    free(t);
}

size_t gts_tt_bytes(const tt_table *t)
{
    return t->nbuckets * TT_BUCKET * sizeof(uint64_t);
}

void gts_tt_log_dirty(tt_table *t, uint64_t bucket)
{
    const unsigned s = (unsigned)bucket % TT_SHARDS;
    _Atomic size_t *count = &t->shard[s].count;
    /* Once a shard overflows the whole table will be zeroed: stop counting. */
    if (atomic_load_explicit(count, memory_order_relaxed) > t->dirty_cap)
        return;
    const size_t i = atomic_fetch_add_explicit(count, 1, memory_order_relaxed);
    if (i < t->dirty_cap)
        t->dirty[s * t->dirty_cap + i] = (uint32_t)bucket;
}

void gts_tt_clear(tt_table *t)
{
    bool all = t->nbuckets > UINT32_MAX;
    for (int s = 0; s < TT_SHARDS; s++)
        all |= atomic_load_explicit(&t->shard[s].count, memory_order_relaxed) > t->dirty_cap;
    if (all) {
        memset((void *)t->slots, 0, gts_tt_bytes(t));
    } else {
        for (int s = 0; s < TT_SHARDS; s++) {
            const size_t n = atomic_load_explicit(&t->shard[s].count, memory_order_relaxed);
            for (size_t i = 0; i < n; i++) {
                _Atomic uint64_t *b = t->slots + (uint64_t)t->dirty[s * t->dirty_cap + i] * TT_BUCKET;
                for (int j = 0; j < TT_BUCKET; j++)
                    atomic_store_explicit(&b[j], 0, memory_order_relaxed);
            }
        }
    }
    for (int s = 0; s < TT_SHARDS; s++)
        atomic_store_explicit(&t->shard[s].count, 0, memory_order_relaxed);
}

uint64_t gts_tt_used(const tt_table *t)
{
    uint64_t used = 0;
    for (uint64_t i = 0; i < t->nbuckets * TT_BUCKET; i++)
        used += atomic_load_explicit(&t->slots[i], memory_order_relaxed) != 0;
    return used;
}
