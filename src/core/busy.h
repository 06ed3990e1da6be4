/*
 * Internal: the table of positions being searched, for ABDADA (Weill's
 * "alpha-beta distributed with deferred search").
 *
 * Threads sharing a search mark the position they are about to search;
 * a thread that finds a move's position marked by another puts the move
 * off until its node's other moves are done, by when the table often
 * holds its result.  So threads that all search the same root spread over
 * the tree instead of repeating each other.  The Connect 4 solver's
 * threads use it (the Reversi endgame solver's did until it split nodes
 * instead: rv_endgame_threads.c).
 *
 * One 64-bit key per slot (0: free), the slot picked by the key's low
 * bits: keys are hashes or exact positions whose low bits vary.  A wrong
 * answer only costs time: a missed mark repeats work, a stale one defers a
 * move that is searched in the end all the same.  Every mark is cleared by
 * the thread that made it when its search returns (stopped or not), so the
 * table is empty again once every thread is back.
 */
#ifndef GTS_BUSY_H
#define GTS_BUSY_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/* 512 KB: threads mark only nodes far from the leaves (Connect 4: 12
 * empty cells and more), so few keys are in it at once. */
#define GTS_BUSY_SLOTS 65536

typedef struct gts_busy {
    _Atomic uint64_t slot[GTS_BUSY_SLOTS];
} gts_busy;

/* An empty table; NULL if out of memory. */
gts_busy *gts_busy_create(void);
void gts_busy_free(gts_busy *b);

static inline _Atomic uint64_t *gts_busy_slot(gts_busy *b, uint64_t key)
{
    return &b->slot[key & (GTS_BUSY_SLOTS - 1)];
}

/* Whether some thread marked key. */
static inline bool gts_busy_test(gts_busy *b, uint64_t key)
{
    return atomic_load_explicit(gts_busy_slot(b, key), memory_order_relaxed) == key;
}

/* Marks key, over whatever the slot held (the Connect 4 solver: a plain
 * store, the cheapest mark; clear with gts_busy_clear). */
static inline void gts_busy_mark(gts_busy *b, uint64_t key)
{
    atomic_store_explicit(gts_busy_slot(b, key), key, memory_order_relaxed);
}

/* Frees key's slot (after gts_busy_mark). */
static inline void gts_busy_clear(gts_busy *b, uint64_t key)
{
    atomic_store_explicit(gts_busy_slot(b, key), 0, memory_order_relaxed);
}

#endif
