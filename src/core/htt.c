/* The Gomoku transposition table's memory; probe and store are inline. */
#include "core/htt.h"
#include "core/table_mem.h"

#include <stdlib.h>
#include <string.h>

htt *htt_create(size_t bytes)
{
    htt *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    uint64_t buckets = 1;
    while (buckets * 2 * 4 * sizeof(htt_slot) <= bytes)
        buckets *= 2;
    /* Zeroed already; no huge pages: tried three times for Reversi's
     * endgame, within noise (docs/notes/reversi_endgame.md). */
    t->slots = gts_table_alloc(buckets * 4 * sizeof(htt_slot), false);
    if (!t->slots) {
        free(t);
        return NULL;
    }
    t->mask = buckets - 1;
    return t;
}

void htt_free(htt *t)
{
    if (t)
        gts_table_free(t->slots, (t->mask + 1) * 4 * sizeof(htt_slot));
    free(t);
}

void htt_clear(htt *t)
{
    memset(t->slots, 0, (t->mask + 1) * 4 * sizeof(htt_slot));
    t->generation = 0;
}
