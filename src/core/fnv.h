/*
 * FNV-1a, 64 bits: a fingerprint of bytes (the split's memory of
 * positions, the farm's checkpoint records).  Not a defence against a
 * forger, only against a changed or mistaken byte.
 */
#ifndef GTS_CORE_FNV_H
#define GTS_CORE_FNV_H

#include <stddef.h>
#include <stdint.h>

#define GTS_FNV_START 1469598103934665603ULL

/* h (GTS_FNV_START at first) carried over n bytes at p. */
static inline uint64_t gts_fnv(uint64_t h, const void *p, size_t n)
{
    for (const unsigned char *b = p, *end = b + n; b < end; b++)
        h = (h ^ *b) * 1099511628211ULL;
    return h;
}

#endif
