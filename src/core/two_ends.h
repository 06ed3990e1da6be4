/*
 * Internal: the two ends of a batch, one queue for CPU threads and GPU
 * lanes, for every game.
 *
 * The caller gives the items in an order, cheapest first.  The lanes take
 * from the cheap end (place 0 up), the CPU threads from the dear end (the
 * last place down), until the two meet: each side gets what it is best at
 * (the lanes many shallow trees, the CPU the deep ones, with its table and
 * ordering).  The places are dealt to `shares` in turn (place k to share
 * k % shares), one a device whose lanes take continuously, or one share
 * that every device takes chunks from.
 *
 * The lanes take two ways:
 *   - in chunks (a whole launch: Connect 4), gts_ends_lanes_take, the
 *     count exact;
 *   - continuously (Reversi's persistent kernel): the host thread of the
 *     device tells the lanes, every half millisecond, where the CPU threads
 *     have come to (the lanes' limit) and reads how far the lanes have come
 *     (gts_ends_meet); the CPU threads stop `margin` short of that, as it
 *     is read late.  A place may so be solved twice near the meeting
 *     point, never not at all: a lane that finds its place at or past the
 *     limit leaves it to the CPU thread that took it.  A share smaller than
 *     the lanes is all theirs at the launch.  On 64 cores the CPU threads
 *     solved 30% of a million Reversi positions at 12 empties beside one
 *     H200, 8% beside four.
 *
 * Once the ends have met, a CPU thread with nothing left may take back an
 * item a lane holds but has not answered (gts_ends_steal, the dearest
 * first) and solve it too: the first answer wins (both are the same exact
 * score), so the lanes' last chunk never makes the batch slower than the
 * CPU alone.  An item a lane gives up (over its node budget) goes to the
 * CPU threads (gts_ends_give_up), and so does one the lanes cannot take at
 * all (gts_ends_cpu_only); the CPU threads take those before the dear end.
 *
 * Answers: the first solver of an item claims it (gts_ends_claim), writes
 * its answer where the caller keeps answers, and publishes it
 * (gts_ends_publish): the output callback is called for each item, in
 * input order, as soon as it and every item before it are published, on
 * one thread at a time.  A caller that never claims (Reversi's batch
 * today) reads the lanes' answers below gts_ends_close's point itself.
 */
#ifndef GTS_TWO_ENDS_H
#define GTS_TWO_ENDS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct gts_ends gts_ends;

/* The output callback: item i (input order) is answered, and so is every
 * item before it. */
typedef void gts_ends_out_fn(void *ctx, size_t i);

/* The sides that answer an item. */
enum { GTS_ENDS_LANES, GTS_ENDS_CPU };

/* A queue of n items (indices 0..n-1, input order) over `shares` shares
 * (1..; a share per device taking continuously, else 1).  order[k] is the
 * item at place k, cheapest first (NULL: the input order itself; else a
 * permutation of 0..n-1, copied).  margin: the places the CPU threads
 * leave between themselves and the lanes' count as last read (0 when the
 * lanes take in chunks).  out (NULL: none) is called as gts_ends_publish
 * says.  NULL when out of memory. */
gts_ends *gts_ends_create(size_t n, int shares, const size_t *order, size_t margin, gts_ends_out_fn *out,
                          void *out_ctx);
void gts_ends_free(gts_ends *q);

/* Marks item i the CPU's alone (before any take): the lanes skip it, the
 * CPU threads take it first. */
void gts_ends_cpu_only(gts_ends *q, size_t i);

/* An item for a CPU thread: one given up or marked the CPU's, else the
 * dear end of the share with the most left; -1 when none is left to take
 * (then none will be again, but for items given up later). */
long gts_ends_take(gts_ends *q);

/* Once gts_ends_take has none: an item the lanes hold and have not
 * answered, the dearest first, each given once; -1 when there is none. */
long gts_ends_steal(gts_ends *q);

/* Chunks: up to `most` items for the lanes from share s's cheap end into
 * items[]; how many (0: the ends have met). */
size_t gts_ends_lanes_take(gts_ends *q, int s, size_t most, size_t *items);

/* The places of share s neither side has taken yet (the lanes' count
 * as last read). */
size_t gts_ends_between(gts_ends *q, int s);

/* A lane gave item i up: the CPU threads take it (unless one has it or
 * it is answered). */
void gts_ends_give_up(gts_ends *q, size_t i);

/* Continuously: the meet callback of share s's launch (its context from
 * gts_ends_share): claimed is how many places the lanes have taken; the
 * answer the place they must stop before (never rising). */
size_t gts_ends_meet(void *share, size_t claimed);
void *gts_ends_share(gts_ends *q, int s);

/* Ends share s for the CPU threads (its launch is over) and answers where
 * they came to: the lanes' answers below it are the batch's, the CPU
 * threads' from it up.  q NULL: share_size. */
size_t gts_ends_close(gts_ends *q, int s, size_t share_size);

/* The place of share s's j-th slot's item: the item's index. */
size_t gts_ends_item(const gts_ends *q, int s, size_t j);

/* Whether item i is answered (claimed) already: a solver on it may stop. */
bool gts_ends_answered(const gts_ends *q, size_t i);

/* True for the first solver of item i to finish (side: GTS_ENDS_*), who
 * then writes its answer and calls gts_ends_publish; false for a later
 * one (counted as solved twice), whose answer is dropped. */
bool gts_ends_claim(gts_ends *q, size_t i, int side);

/* Item i's answer is written: the output callback runs for every item now
 * answered in input order. */
void gts_ends_publish(gts_ends *q, size_t i);

/* How many items each side answered first, and how many were solved by
 * both. */
typedef struct gts_ends_counts {
    size_t lanes, cpu, twice;
} gts_ends_counts;
gts_ends_counts gts_ends_tally(const gts_ends *q);

#endif
