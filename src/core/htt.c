/* The Gomoku transposition table's memory; probe and store are inline. */
#include "core/htt.h"

#include <stdlib.h>
#include <string.h>

htt *gts_htt_create(size_t bytes)
{
    htt *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    uint64_t buckets = 1;
    while (buckets * 2 * 4 * sizeof(htt_slot) <= bytes)
        buckets *= 2;
    t->slots = aligned_alloc(64, buckets * 4 * sizeof(htt_slot));
    if (!t->slots) {
        free(t);
        return NULL;
    }
    t->mask = buckets - 1;
    gts_htt_clear(t);
    return t;
}

void gts_htt_free(htt *t)
{
    if (t)
        free(t->slots);
    free(t);
}

void gts_htt_clear(htt *t)
{
    memset(t->slots, 0, (t->mask + 1) * 4 * sizeof(htt_slot));
    t->generation = 0;
}
