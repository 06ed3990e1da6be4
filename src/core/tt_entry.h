/*
 * Internal to the library: the word format of the exact-key tables,
 * shared by the CPU table (tt.h) and the GPU's device table
 * (src/c4/gpu/c4_gpu_core.h), which differ only in how they load and
 * store a word.
 *
 * An entry is one 64-bit word:
 *
 *     check (46 bits) | work (5 bits) | data (13 bits, never 0 when used)
 *
 * A key of n bits is first mixed by a multiplication modulo 2^n, which is a
 * bijection; the top bits of the mixed key pick a bucket of TT_BUCKET
 * entries and the remaining bits are stored as the check.  Bucket and check
 * together give back the whole key, so a hit never belongs to another
 * position.  A whole entry is read and written with one 64-bit access, so a
 * reader sees an old word or a new one, never a torn mix: no lock and no
 * integrity hash.
 */
#ifndef GTS_TT_ENTRY_H
#define GTS_TT_ENTRY_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __CUDACC__
#define TT_INLINE static inline __host__ __device__
#else
#define TT_INLINE static inline
#endif

#define TT_BUCKET 4
#define TT_DATA_BITS 13
#define TT_WORK_BITS 5
#define TT_CHECK_BITS (64 - TT_DATA_BITS - TT_WORK_BITS)
#define TT_MAX_WORK ((1u << TT_WORK_BITS) - 1)

TT_INLINE uint64_t tt_mix_key(uint64_t key, uint64_t key_mask)
{
    return (key * 0x9e3779b97f4a7c15ULL) & key_mask;
}

TT_INLINE bool tt_entry_matches(uint64_t e, uint64_t check)
{
    return e && (e >> (TT_DATA_BITS + TT_WORK_BITS)) == check;
}

TT_INLINE unsigned tt_entry_data(uint64_t e)
{
    return (unsigned)(e & ((1u << TT_DATA_BITS) - 1));
}

TT_INLINE uint64_t tt_entry_make(uint64_t check, unsigned work, unsigned data)
{
    if (work > TT_MAX_WORK)
        work = TT_MAX_WORK;
    return (check << (TT_DATA_BITS + TT_WORK_BITS)) | ((uint64_t)work << TT_DATA_BITS) | data;
}

/* The entry of a bucket (loaded into e) that a new entry for check
 * replaces: the same key if present, else the first empty one (slots fill
 * in order), else the one with the least work, so that expensive results
 * survive. */
TT_INLINE int tt_victim(const uint64_t e[TT_BUCKET], uint64_t check)
{
    int victim = 0;
    unsigned least = ~0u;
    for (int i = 0; i < TT_BUCKET; i++) {
        if (!e[i] || tt_entry_matches(e[i], check))
            return i;
        const unsigned w = (unsigned)(e[i] >> TT_DATA_BITS) & TT_MAX_WORK;
        if (w < least) {
            least = w;
            victim = i;
        }
    }
    return victim;
}

#endif
