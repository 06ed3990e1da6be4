/* The Gomoku transposition table's memory; probe and store are inline. */
#include "gm_tt.h"

#include <stdlib.h>
#include <string.h>

gm_tt *gm_tt_create(size_t bytes)
{
    gm_tt *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    uint64_t buckets = 1;
    while (buckets * 2 * 4 * sizeof(gm_tt_slot) <= bytes)
        buckets *= 2;
    t->slots = aligned_alloc(64, buckets * 4 * sizeof(gm_tt_slot));
    if (!t->slots) {
        free(t);
        return NULL;
    }
    t->mask = buckets - 1;
    gm_tt_clear(t);
    return t;
}

void gm_tt_free(gm_tt *t)
{
    if (t)
        free(t->slots);
    free(t);
}

void gm_tt_clear(gm_tt *t)
{
    memset(t->slots, 0, (t->mask + 1) * 4 * sizeof(gm_tt_slot));
    t->generation = 0;
}
